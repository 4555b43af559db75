"""Moves that stop the enemy winning at once, for the bots (bots/greedy.py asks the game's `blocks`).

Where an enemy unit could end its next movement on a hex that wins the enemy the game at once
(kharkov 4.5: Poltava or Dnepropetrovsk, controlled by entering, 4.1(2)), a move that leaves no
enemy unit able to do so: a unit onto the hex (no unit enters an enemy's hex, 7.2) or a zone of
control across the raider's way (a unit entering an enemy zone stops there, 6.1). The greedy
styles had no such move (a guard only steps next to an enemy unit), so no plan held one: the
planning Germans lost Khar'kov 5008 at 31523ff to a tank corps whose way to Dnepropetrovsk two
German infantry divisions could have barred.

Each candidate end is tried on a copy of the position: only the ends that could touch the
raiders' ways (on a threatened hex, or with a zone reaching a hex a raider could pass on a way
short enough). Worked out once a position; a movement phase that finds none does not look again
while the same raiders threaten the same hexes (kept on the state, as fallback.py keeps its threat).
"""

from __future__ import annotations

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.panzer_corps import victory
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.state import State

MOST_ENDS = 4  # ends kept for each unit, best first


def blocks(state: State, side: str) -> dict[str, list[Hex]]:
    """Side's units that have yet to move, each with the ends of its move after which no enemy
    unit could end its next movement on a hex that wins at once, the units and ends best first
    (nearest the threatened hex, then the strongest unit); empty where nothing threatens or
    nothing blocks, or outside side's movement."""
    if state.step != "move" or state.side != side:
        return {}
    b = Board(state)
    enemy = b.enemy_of(side)
    winning = victory.wins_at(state.scenario, enemy)
    if not winning:
        return {}
    threats = _threats(b, enemy, winning)
    if not threats:
        return {}
    none_key = (state.turn, state.phase, frozenset(threats))
    if state.__dict__.get("_no_block") == none_key:  # kept on the state: `state.copy` carries it on
        return {}
    key = (state.scenario, state.turn, state.phase, tuple(state.moved), b.position.key)
    found = _FOUND.get(key)
    if found is None:
        found = _blocking(b, side, enemy, winning, threats)
        if len(_FOUND) >= 64:
            _FOUND.pop(next(iter(_FOUND)))
        _FOUND[key] = found
    if not found:
        state.__dict__["_no_block"] = none_key
    return found


_FOUND: dict[tuple, dict[str, list[Hex]]] = {}  # the latest positions' blocks


def _threats(b: Board, enemy: str, winning: frozenset[Hex]) -> list[tuple[str, Hex]]:
    """(enemy unit, hex) for each enemy unit whose next movement could end on a winning hex."""
    grid = b.sc.grid
    found = []
    for h in winning:
        if b.occupant_side(h) not in (None, enemy):
            continue
        for u in b.units_of(enemy):
            if grid.distance(b.hex_of(u), h) <= b.unit(u).move and b.moves_next(u) and h in b.moves(u).reach.cost:
                found.append((u, h))
    return found


def _blocking(b: Board, side: str, enemy: str, winning: frozenset[Hex], threats: list[tuple[str, Hex]]) -> dict[str, list[Hex]]:
    state, grid = b.state, b.sc.grid
    way: set[Hex] = set()  # the hexes a raider could pass on a way to a threatened hex
    for u, h in threats:
        reach, move = b.moves(u).reach.cost, b.allowance(u)
        way.update(x for x, spent in reach.items() if spent + grid.distance(x, h) <= move)
        way.add(b.hex_of(u))
    zoc_reach = b.fixed.zoc_reach
    threatened = {h for _, h in threats}
    tried: list[tuple[int, int, str, Hex]] = []
    for uid in b.units_of(side):
        if uid in state.moved or uid in state.pinned or not b.moves_next(uid) or b.hex_of(uid) in winning:
            continue  # moved, may not move, or standing on a winning hex already (a garrison stays)
        for h, kind in b.moves(uid).ends:
            if kind != "move" or not b.has_room(side, h) or (h not in threatened and way.isdisjoint(zoc_reach[h])):
                continue
            after = state.copy()
            after.units[uid].hex = h
            if not _threats(Board(after), enemy, winning):
                tried.append((min(grid.distance(h, t) for t in threatened), -b.unit(uid).strength, uid, h))
    found: dict[str, list[Hex]] = {}
    for _, _, uid, h in sorted(tried):
        ends = found.setdefault(uid, [])
        if len(ends) < MOST_ENDS:
            ends.append(h)
    return found
