"""A game's positions one action after another, for the replay viewer."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session


def positions(session: Session) -> list[Any]:
    """The state before the first action, then after each action of the session's log, made again
    from the log with its recorded rolls (a loaded session's log has already been checked)."""
    again = Session.start(session.game, session.scenario, session.options, seats=session.seats)
    copy = session.game.copy_state
    states = [copy(again.state)]
    for entry in session.log:
        again.dice = Dice.replaying(entry.rolls)
        again.act(entry.action, undoable=False)
        states.append(copy(again.state))  # act changes the state in place
    return states
