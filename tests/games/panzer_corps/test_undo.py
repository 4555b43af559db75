"""Undo within one side's set-up steps: a step that passes to the same side is no commit point."""

from __future__ import annotations

import pytest

from wargames_tui.engine.session import Session
from wargames_tui.games import game_for

SC = "panzer-corps/operation-compass"


@pytest.mark.rules("operation-compass:3.1", "operation-compass:3.2")
def test_the_last_bombardment_choice_may_be_taken_back_once_the_british_entry_begins() -> None:
    # The British player picks the disrupted units (3.1(3)) and then enters his units (3.2), one
    # side's steps without a roll between: undo takes the last pick back (the roll stays).
    session = Session.start(game_for(SC), SC, seed=1)
    while session.state.step == "place-marked":
        session.act(session.prompt.actions[0])
    session.act({"type": "bombard"})
    picks = 0
    while session.state.step == "bombard":
        session.act(next(a for a in session.prompt.actions if a["type"] == "disrupt"))
        picks += 1
    assert session.state.step == "enter-all" and picks in (3, 4)
    assert session.undo()
    assert session.state.step == "bombard" and session.state.bombard_left == 1
