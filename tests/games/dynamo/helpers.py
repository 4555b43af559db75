"""Positions built by hand for the Dynamo rules tests, and actions applied with scripted dice."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.dynamo import phases
from wargames_tui.games.dynamo.board import Board
from wargames_tui.games.dynamo.state import State


def empty(phase: str = "german-move", turn: int = 5, scenario: str = "dynamo/campaign") -> State:
    """A game with no counter on the map: tests place what they need."""
    state = phases.new_state(scenario, {})
    for st in state.units.values():
        st.where, st.hex, st.step, st.oos, st.spent, st.done = "out", None, 0, False, 0, False
    state.turn, state.phase, state.air, state.air_left = turn, phase, {}, 0
    state.group = state.battle = None
    state.german_entered = []
    return state


def put(state: State, h: str, *units: str, step: int = 0) -> None:
    for uid in units:
        st = state.units[uid]
        state.order += 1
        st.where, st.hex, st.step, st.top = "map", h, step, state.order


def act(state: State, action: dict[str, Any], *rolls: int) -> list[Event]:
    """Apply action with the given die rolls, checking that every roll was used."""
    dice = Dice.replaying(list(rolls))
    events = phases.apply(state, action, dice)
    assert dice.leftover() == 0, "a scripted roll was not used"
    return events


def actions(state: State, kind: str | None = None) -> list[dict[str, Any]]:
    return [a for a in phases.prompt(state).actions if kind is None or a["type"] == kind]


def board(state: State) -> Board:
    return Board(state)


def patch_map(monkeypatch: Any, terrain: dict[str, str] | None = None, villages: tuple[str, ...] = (),
              barriers: tuple[tuple[str, str], ...] = ()) -> None:
    """Change the map for one test: terrain of some hexes, extra villages and water barriers."""
    import dataclasses
    import importlib

    from wargames_tui.games.dynamo.data import load_game

    board_module = importlib.import_module("wargames_tui.games.dynamo.board")

    original = load_game("dynamo/campaign")
    m = original.map
    new_map = dataclasses.replace(
        m,
        terrain={**m.terrain, **(terrain or {})},
        villages={**m.villages, **{h: ("test village",) for h in villages}},
        barriers=m.barriers | {frozenset(p) for p in barriers},
    )
    patched = {sid: dataclasses.replace(load_game(sid), map=new_map) for sid in ("dynamo/campaign", "dynamo/no-halt-order")}
    monkeypatch.setattr(board_module, "load_game", lambda sid: patched[sid])


def roll_for(state: State, column: int, modifier: int, wanted: str) -> int:
    """A die roll that gives the wanted result in that column with that modifier."""
    from wargames_tui.games.dynamo.combat import result_for

    b = Board(state)
    for die in range(1, 7):
        if result_for(b, column, die + modifier) == wanted:
            return die
    raise AssertionError(f"no roll gives {wanted} in column {column} with {modifier:+d}")
