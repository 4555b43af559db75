"""Helpers for Panzer Corps rules tests: clear the board, place units, pick hexes by terrain.

The tests find hexes and units by their properties (terrain, side, factors) rather
than by id, so they check the rules, not one reconstruction of the map. `Table`
binds the helpers to one scenario; the module-level names serve El Alamein.
"""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.paths import movement_range
from wargames_tui.games.panzer_corps import rules
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.data import Scenario, load_scenario
from wargames_tui.games.panzer_corps.state import State

SC = "panzer-corps/el-alamein"


class Table:
    """One scenario's map and counters, for setting up test positions."""

    def __init__(self, scenario_id: str) -> None:
        self.id = scenario_id
        self.sc: Scenario = load_scenario(scenario_id)
        self.sides = [s.id for s in self.sc.info.sides]
        self.case = self.sc.info.rulebook

    def scenario(self) -> Scenario:
        return self.sc

    def cleared(self, turn: int = 2, phase: str | None = None, **placed: str) -> State:
        """A position with only the named units on the map (the rest counted as eliminated)."""
        state = rules.new_state(self.id, {})
        for uid, u in state.units.items():
            u.hex, u.status, u.disrupted = (placed[uid], "map", False) if uid in placed else (None, "eliminated", False)
        state.turn = turn
        state.phase = phase or f"{self.sides[0]}-move"
        state.step = {"move": "move", "combat": "declare", "reinforce": "reinforce"}[state.phase.split("-")[1]]
        return state

    def unit(self, side: str, strength: int | None = None, move: int | None = None, skip: tuple[str, ...] = (), tank: bool | None = None) -> str:
        for uid, u in self.sc.units.items():
            if (
                u.side == side
                and uid not in skip
                and strength in (None, u.strength)
                and move in (None, u.move)
                and tank in (None, u.tank)
            ):
                return uid
        raise LookupError(f"no {side} unit {strength}-{move}")

    def units(self, side: str, n: int, **kw) -> list[str]:
        found: list[str] = []
        for _ in range(n):
            found.append(self.unit(side, skip=tuple(found), **kw))
        return found

    def terrain(self, h: str) -> str:
        """The terrain key ("desert", "highlands", ...) of a hex."""
        keys = {t.glyph: key for key, t in self.sc.map.terrain.items()}
        return keys[self.sc.terrain_at[h].glyph]

    def open_hex(self, radius: int = 2, kind: str | None = None, avoid: set[str] = frozenset()) -> str:
        """A hex whose surroundings to radius are all of one clear terrain, free of places and hexside features."""
        kind = kind or next(k for k, t in self.sc.map.terrain.items() if t.cost == 1 and not t.doubles_defence)
        sc = self.sc
        tracked = [p.name for p in sc.map.places if p.kind in sc.info.rules.control or p.kind in ("port", "foothold")]
        special = sc.place_hexes(tracked) | set(sc.map.battle_positions) | set(avoid)
        special |= {h for hs in sc.map.areas.values() for h in hs}
        special |= {h for line in sc.map.lines for h in line.hexes}
        for h in sc.grid.all_hexes():
            ring = {x for x in sc.grid.all_hexes() if sc.grid.distance(h, x) <= radius}
            if (
                len(ring) == 1 + 3 * radius * (radius + 1)
                and all(self.terrain(x) == kind and x not in special for x in ring)
                and not any(pair <= ring for pair in sc.grid.hexsides)
            ):
                return h
        raise LookupError(f"no open {kind} area of radius {radius}")

    def line_from(self, start: str, length: int) -> list[str]:
        """A path of `length` hexes from start (start excluded), each costing one MP and each further away."""
        sc = self.sc
        empty = Board(self.cleared())
        reach = movement_range(start, length, empty.steps_from(self.sides[0]), stops_in=lambda h: False)
        for h in sorted(reach.cost):
            path = reach.path_to(h)
            if len(path) == length == reach.cost[h] and sc.grid.distance(start, h) == length:
                return path
        raise LookupError(f"no straight clear line of {length} from {start}")

    def roll_for(self, column: str, result: str) -> int:
        """The die roll that gives result in column of the scenario's CRT."""
        crt = self.sc.crt
        col = crt.columns.index(column)
        for die, row in zip(crt.die, crt.rows):
            if row[col] == result:
                return die
        raise LookupError(f"{result} does not appear in column {column}")

    def strongest(self, side: str, n: int, **kw) -> list[str]:
        pool = [u for u, x in self.sc.units.items() if x.side == side and kw.get("tank") in (None, x.tank)]
        return sorted(pool, key=lambda u: (-self.sc.units[u].strength, u))[:n]

    def weakest(self, side: str, n: int, **kw) -> list[str]:
        pool = [u for u, x in self.sc.units.items() if x.side == side and x.strength > 0 and kw.get("tank") in (None, x.tank)]
        return sorted(pool, key=lambda u: (self.sc.units[u].strength, u))[:n]

    def fight(self, state: State, attackers: list[str], defender: str, *results: str) -> str:
        """Declare one attack and resolve it with a roll giving the first of results its column holds."""
        column = Board(state).column(attackers, defender)
        for result in results:
            try:
                roll = self.roll_for(column, result)
            except LookupError:
                continue
            act(state, {"type": "declare", "attackers": attackers, "defender": defender})
            act(state, {"type": "end-declarations"})
            act(state, {"type": "resolve", "defender": defender}, [roll])
            return result
        raise LookupError(f"column {column} holds none of {results}")

    def nbrs(self, h: str) -> list[str]:
        return list(self.sc.grid.neighbours(h))


def act(state: State, action: dict, rolls: list[int] | None = None):
    dice = Dice.replaying(rolls) if rolls is not None else Dice(0)
    return rules.apply(state, action, dice)


def board(state: State) -> Board:
    return Board(state)


_EA = Table(SC)
scenario = _EA.scenario
unit = _EA.unit
terrain = _EA.terrain
open_hex = _EA.open_hex
line_from = _EA.line_from
roll_for = _EA.roll_for
nbrs = _EA.nbrs
fight = _EA.fight


def cleared(turn: int = 2, phase: str = "gi-move", **placed: str) -> State:
    return _EA.cleared(turn, phase, **placed)
