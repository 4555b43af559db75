"""Positions built by hand for the Dieppe rules tests, and actions applied with scripted dice."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.dieppe import rules
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.state import State

GROUP2_COMMANDOS = [f"g2-{t}{n}" for t in "abf" for n in range(1, 7) if not (t == "a" and n > 4)]


def d10(value: int) -> int:
    """The raw roll that reads as a D10 value (the 0 is rolled as 10, dieppe:1.1)."""
    return 10 if value == 0 else value


def raid(options: dict[str, str] | None = None, phase: str = "british") -> State:
    """A new raid moved on to phase, every British unit still in its LCA."""
    state = rules.new_state("dieppe/raid", options or {})
    state.phase = phase
    return state


def empty_raid(phase: str = "british") -> State:
    """A raid with no counter on the map and no marker: tests place what they need."""
    state = raid(phase=phase)
    for u in state.units.values():
        u.status, u.zone, u.aboard = "pool", None, None
    state.markers.clear()
    return state


def put(state: State, zone: str, *units: str, reduced: tuple[str, ...] = (), aboard: str | None = None) -> None:
    for uid in units:
        u = state.units[uid]
        u.status, u.zone, u.aboard, u.reduced = "map", zone, aboard, uid in reduced


def act(state: State, action: dict, *rolls: int) -> list[Event]:
    """Apply action with exactly these raw rolls (a D10 of 0 is 10); every roll must be used."""
    dice = Dice.replaying(rolls)
    events = rules.apply(state, action, dice)
    assert dice.leftover() == 0, f"{dice.leftover()} scripted rolls unused"
    return events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def where(state: State, uid: str) -> tuple[str | None, str | None]:
    return state.units[uid].zone, state.units[uid].aboard


def levels(state: State, zone: str) -> int:
    return Position(state).british_levels(zone)
