"""Positions built by hand for the Betrayal! tests."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.board import update_control
from wargames_tui.games.betrayal.state import Piece, State

SC = "betrayal/historical"


def blank(phase: str = "german-movement", turn: int = 2, initiative: str = "british") -> State:
    """Every unit off the map, every area held by its own side, nothing rolled."""
    state = game.new(SC, {})
    state.pieces = {u: Piece("waiting") for u in state.pieces}
    state.phase, state.turn, state.initiative, state.step = phase, turn, initiative, ""
    state.countries = ["ALL"]
    return state


def put(state: State, area: str, *units: str, reduced: bool = False) -> None:
    for u in units:
        state.pieces[u].where = area
        state.pieces[u].reduced = reduced
    update_control(state)


def act(state: State, action: dict, rolls: list[int] | None = None) -> list[Event]:
    dice = Dice.replaying(rolls or [])
    events = game.apply(state, action, dice)
    assert dice.leftover() == 0, f"{dice.leftover()} scripted rolls unused"
    return events


def kinds(state: State) -> set[str]:
    return {a["type"] for a in game.prompt(state).actions}


def combat_event(events: list[Event]) -> dict:
    return next(e.data for e in events if e.kind == "combat" and "result" in e.data)
