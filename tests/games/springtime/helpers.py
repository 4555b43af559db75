"""Building positions for the Springtime for Hitler tests (not a test module)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.games.springtime import movement, phases
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.state import OFFMAP, State

FG = "springtime/fall-gelb"
PR = "springtime/plan-red"


def fresh(scenario: str = FG, **options: str) -> State:
    return phases.new_state(scenario, dict(options))


def act(state: State, action: dict, *rolls: int) -> str:
    """Apply one action with exactly these die rolls; the log text it wrote."""
    dice = Dice.replaying(rolls)
    events = phases.apply(state, action, dice)
    assert dice.leftover() == 0, "unused rolls"
    return "\n".join(e.text for e in events)


def kinds(state: State) -> set[str]:
    return {a["type"] for a in phases.prompt(state).actions}


def empty_board(state: State, control: str = "allied") -> State:
    """Every unit off the map, every leader with nobody, every Area to one side (Germany to the Axis)."""
    b = load_board()
    for s in state.units.values():
        s.update(at=OFFMAP, reduced=False, oos=False)
    for s in state.leaders.values():
        s["unit"] = None
    for a in b.areas.values():
        state.control[a.id] = "axis" if a.nation in ("germany", "italy") else control
    return state


def put(state: State, uid: str, area: str, reduced: bool = False, leader: bool = False) -> None:
    state.units[uid].update(at=area, reduced=reduced, oos=False)
    if leader:
        lid = load_board().leader_of(uid)
        assert lid
        state.leaders[lid]["unit"] = uid


def impulse(state: State, side: str, number: int = 1) -> State:
    """The start of an impulse of the Maneuvers Phase."""
    state.phase, state.step = "maneuvers", "start"
    state.impulse = number
    state.active = side
    state.imp = {}
    state.flags.pop("opening", None)
    state.last_assault = {"allied": [], "axis": []}
    return state


def assault(state: State, side: str, groups: list[str], number: int = 1) -> State:
    impulse(state, side, number)
    act(state, {"type": "assault", "groups": groups})
    return state


def begin(state: State, kind: str, groups: list[str] | None = None, area: str | None = None) -> None:
    movement.start_impulse(state, kind, groups or [], area)
