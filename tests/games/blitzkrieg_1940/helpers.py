"""Positions built by hand for the Blitzkrieg 1940 rule tests."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.games.blitzkrieg_1940 import sequence
from wargames_tui.games.blitzkrieg_1940.data import engine_hex, load_board
from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State

S40 = "blitzkrieg-1940/1940"
S39 = "blitzkrieg-1940/1939"


def H(label: str) -> str:
    """The engine hex of a printed hex id."""
    return engine_hex(label)


def bare(units: dict[str, str], phase: str = "german-movement", scenario: str = S40, turn: int = 2,
         couplet: int = 1, violated: tuple[str, ...] = ("Belgium", "Holland", "Luxembourg"),
         options: dict[str, str] | None = None, **fields: object) -> State:
    """A position with only the named units on the map (printed hexes), everything else out of play."""
    state = sequence.new_state(scenario, options or {})
    for uid, st in state.units.items():
        st.status, st.hex = "out", None
    for uid, label in units.items():
        st = state.units[uid]
        st.status, st.hex = "map", engine_hex(label)
    state.phase, state.queue, state.turn, state.couplet = phase, [], turn, couplet
    state.sickle = False
    state.violated = {c: 1 for c in violated}
    for k, v in fields.items():
        setattr(state, k, v)
    return state


def pos(state: State) -> Position:
    return Position(state)


def board(scenario: str = S40):
    return load_board(scenario)


def dice(*rolls: int) -> Dice:
    return Dice.replaying(list(rolls))


def open_ground(country: str, ring: int = 1, skip: int = 0) -> str:
    """A printed hex of clear land in country whose neighbours out to `ring` are clear, no hexside
    features, no cities, no special hexes: a place to test a rule with nothing else in play."""
    b = load_board(S40)
    found = 0
    for h in sorted(b.terrain):
        area = {h}
        for _ in range(ring):
            area |= {n for x in area for n in b.grid.neighbours(x)}
        if all(b.terrain[x] == "clear" and b.country[x] == country and x not in b.city_of
               and x not in b.field_forts and x not in b.siegfried and len(b.grid.neighbours(x)) == 6 for x in area):
            if all(frozenset((x, n)) not in b.sides for x in area for n in b.grid.neighbours(x)):
                if found == skip:
                    return b.label(h)
                found += 1
    raise LookupError(country)


def around(label: str) -> list[str]:
    """The six neighbours of a printed hex, in the grid's order, as printed ids."""
    b = load_board(S40)
    return [b.label(n) for n in b.grid.neighbours(engine_hex(label))]


def river_crossing() -> tuple[str, str, str]:
    """Engine hexes a, d across a river hexside, both clear French hexes, and a clear hex `on`
    beside a with no hexside feature between: a place to test crossings (13.9)."""
    b = load_board(S40)
    for pair, kind in sorted(b.sides.items(), key=lambda x: sorted(x[0])):
        a, d = sorted(pair)
        if kind == "river" and b.country[a] == b.country[d] == "France" and b.terrain[a] == b.terrain[d] == "clear":
            on = next(n for n in b.grid.neighbours(a) if n != d and b.terrain[n] == "clear" and frozenset((a, n)) not in b.sides)
            return a, d, on
    raise LookupError("river")


def set_up_historically(state) -> None:  # noqa: ANN001
    """The German set-up taken whole: the real units to their historical hexes, then each dummy
    onto the first stack offered (6.2C, 3.2: the dummies are set up too)."""
    sequence.apply(state, {"type": "historical"}, dice())
    while state.phase == "german-setup":
        place = next(a for a in sequence.prompt(state).actions if a["type"] == "place")
        sequence.apply(state, place, dice())
