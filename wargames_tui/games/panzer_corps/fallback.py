"""Where a unit in danger falls back to, for the bots (bots/greedy.py asks the game's `fall_back`).

A unit is in danger where the enemy's next movement could put enough strength next to it to
attack at DANGER odds or better (its defence doubled where the terrain doubles it, 9.3), and
more than its own side could put there: an outpost, not part of a front that hits back. With
enemy units on several sides a retreat result finds no room and eliminates (9.5(3)), so such a
unit is as good as lost where it stands. It falls back to a place its side holds where it can
(a city keeps its points and doubles its defence), else to an end of its move where it would be
safe (below DANGER odds), else where its own side is strongest against the enemy; a unit that
holds a place leaves it only for a safe end.

What the enemy and the side could put next to each hex is read once a movement phase, from the
position as it stood when first asked (kept on the state: `state.copy` carries it on), so a
phase's withdrawals are weighed against the same threat and cost one look at the enemy's moves.
"""

from __future__ import annotations

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.panzer_corps import victory
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.state import State

DANGER = 2.0  # the enemy's odds (strength against defence) at which a unit in the open is lost


def fall_back(state: State, side: str) -> dict[str, list[Hex]]:
    """Side's units in danger where they stand that have yet to move, each with the ends of its
    move that are better than staying, best first; only where the side is moving."""
    if state.step != "move" or state.side != side:
        return {}
    b = Board(state)
    enemy_near, own_near = _nearness(b, side)
    held = {h for h in victory.tracked_places(state.scenario) if state.control.get(h) == side}
    found: dict[str, list[Hex]] = {}
    for uid in b.units_of(side):
        if uid in state.moved or uid in state.pinned:
            continue
        here = b.hex_of(uid)
        threat = enemy_near.get(here, 0)
        if threat < DANGER * _defence(b, uid, here) or threat <= own_near.get(here, 0):
            continue

        def safe(h: Hex) -> bool:
            return enemy_near.get(h, 0) < DANGER * _defence(b, uid, h)

        def rank(h: Hex) -> tuple[bool, bool, int, float]:
            danger = enemy_near.get(h, 0)
            return (not safe(h) and h not in held, h not in held, danger - own_near.get(h, 0), danger / _defence(b, uid, h))

        staying = rank(here)
        # a garrison leaves its place only for a safe end; any other unit for a held place first
        better = sorted(
            (r, h) for h, kind in b.moves(uid).ends if kind == "move" and (r := rank(h)) < staying and (here not in held or safe(h))
        )
        if better:
            found[uid] = [h for _, h in better[:4]]
    return found


def _defence(b: Board, uid: str, h: Hex) -> int:
    """uid's strength with the friends already in h, doubled where h's terrain doubles it or it
    is its side's battle position (9.3)."""
    strength = b.unit(uid).strength + sum(b.unit(u).strength for u in b.at.get(h, ()) if u != uid)
    doubled = b.sc.terrain_at[h].doubles_defence or (
        h in b.sc.map.battle_positions and b.side_of(uid) == b.rules.battle_position_side
    )
    return 2 * strength if doubled else strength


def _nearness(b: Board, side: str) -> tuple[dict[Hex, int], dict[Hex, int]]:
    """Hex -> the strength of side's enemies that could stand next to it after their next movement,
    and the same for side's own units: worked out once a movement phase (see the module)."""
    state = b.state
    key = (state.turn, state.phase)
    kept = state.__dict__.get("_nearness")
    if kept is None or kept[0] != key:
        kept = state.__dict__["_nearness"] = (key, _near(b, b.enemy_of(side)), _near(b, side))
    return kept[1], kept[2]


def _near(b: Board, side: str) -> dict[Hex, int]:
    zoc_reach = b.fixed.zoc_reach
    near: dict[Hex, int] = {}
    for uid in b.units_of(side):
        strength = b.unit(uid).strength
        ends = set(b.moves(uid).reach.cost) | {b.hex_of(uid)}
        for n in {n for h in ends for n in zoc_reach[h]}:
            near[n] = near.get(n, 0) + strength
    return near
