"""Helpers for El Alamein rules tests: clear the board, place units, pick hexes by terrain.

The tests find hexes and units by their properties (terrain, side, factors) rather
than by id, so they check the rules, not one reconstruction of the map.
"""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.paths import movement_range
from wargames_tui.games.panzer_corps import rules
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.data import load_scenario
from wargames_tui.games.panzer_corps.state import State

SC = "panzer-corps/el-alamein"


def scenario():
    return load_scenario(SC)


def cleared(turn: int = 2, phase: str = "gi-move", **placed: str) -> State:
    """A position with only the named units on the map (the rest counted as eliminated)."""
    state = rules.new_state(SC, {})
    for uid, u in state.units.items():
        u.hex, u.status = (placed[uid], "map") if uid in placed else (None, "eliminated")
    state.turn = turn
    state.phase = phase
    state.step = "move" if phase.endswith("move") else "declare"
    return state


def unit(side: str, strength: int | None = None, move: int | None = None, skip: tuple[str, ...] = ()) -> str:
    for uid, u in scenario().units.items():
        if u.side == side and uid not in skip and strength in (None, u.strength) and move in (None, u.move):
            return uid
    raise LookupError(f"no {side} unit {strength}-{move}")


def terrain(h: str) -> str:
    """The terrain key ("desert", "highlands", ...) of a hex."""
    sc = scenario()
    keys = {t.glyph: key for key, t in sc.map.terrain.items()}
    return keys[sc.terrain_at[h].glyph]


def open_hex(radius: int = 2, kind: str = "desert", avoid: set[str] = frozenset()) -> str:
    """A hex whose surroundings to radius are all of one terrain and away from special places."""
    sc = scenario()
    special = sc.place_hexes([p.name for p in sc.map.places]) | set(sc.map.battle_positions) | set(avoid)
    for h in sc.grid.all_hexes():
        ring = [x for x in sc.grid.all_hexes() if sc.grid.distance(h, x) <= radius]
        if len(ring) == 1 + 3 * radius * (radius + 1) and all(
            terrain(x) == kind and x not in special for x in ring
        ):
            return h
    raise LookupError(f"no open {kind} area of radius {radius}")


def line_from(start: str, length: int) -> list[str]:
    """A path of `length` hexes from start (start excluded), each costing one MP and each further away."""
    sc = scenario()
    reach = movement_range(
        start, length, sc.grid.neighbours, lambda a, b: sc.terrain_at[b].cost, stops_in=lambda h: False
    )
    for h in sorted(reach.cost):
        path = reach.path_to(h)
        if len(path) == length == reach.cost[h] and sc.grid.distance(start, h) == length:
            return path
    raise LookupError(f"no straight clear line of {length} from {start}")


def roll_for(column: str, result: str) -> int:
    """The die roll that gives result in column of the scenario's CRT."""
    crt = scenario().crt
    col = crt.columns.index(column)
    for die, row in zip(crt.die, crt.rows):
        if row[col] == result:
            return die
    raise LookupError(f"{result} does not appear in column {column}")


def act(state: State, action: dict, rolls: list[int] | None = None):
    dice = Dice.replaying(rolls) if rolls is not None else Dice(0)
    return rules.apply(state, action, dice)


def nbrs(h: str) -> list[str]:
    return scenario().grid.neighbours(h)


def board(state: State) -> Board:
    return Board(state)
