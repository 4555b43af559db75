"""Undo stops at every kind of commit point: a die roll, a reveal, a change of side, a binding
declaration; never one action further back.

A tiny game makes each kind alone (no roll with the reveal, no handover with the declaration), so
that each check fails when the session forgets that kind. Real games, played at random through the
session, then meet each kind where it happens in play: at any moment undo takes back to the last
commit point, exactly, and not past it.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tests.engine.test_session import tiny_game
from wargames_tui.bots import random_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


def _apply(state: dict[str, Any], action: dict[str, Any], dice: Dice) -> list[Event]:
    kind = action["type"]
    state["log"].append(kind)
    if kind == "roll":
        state["log"].append(dice.roll())
    if kind == "handover":
        state["side"] = "b" if state["side"] == "a" else "a"
    # a reveal shows a hidden piece, a declaration binds its maker: no die, no change of side
    return [Event(kind, kind, commit=kind in ("reveal", "declare"))]


TINY = tiny_game(_apply, {"log": [], "side": "a"}, [{"type": k} for k in ("move", "roll", "reveal", "handover", "declare")])


@pytest.mark.parametrize("kind", ["roll", "reveal", "handover", "declare"])
def test_undo_stops_at_each_kind_of_commit_point(kind: str) -> None:
    session = Session.start(TINY, "tiny", seed=1)  # type: ignore[arg-type]
    session.act({"type": "move"})
    session.act({"type": kind})
    at_commit = copy.deepcopy(session.state)
    assert not session.can_undo and not session.undo()
    assert session.state == at_commit and len(session.log) == 2
    session.act({"type": "move"})
    session.act({"type": "move"})
    assert session.undo() and session.undo()
    assert not session.undo()  # back at the commit point, and no further
    assert session.state == at_commit and len(session.log) == 2


# A representative game for each kind of commit point, and how to tell it among an action's
# events: a roll and a handover the session tells itself; a reveal and a declaration are events
# marked commit, met here with no roll and no handover in the same action.
KINDS = [
    ("betrayal/historical", "roll", None),  # area map, combat dice
    ("blitzkrieg-1940/1940", "roll", None),  # hex map
    ("springtime/fall-gelb", "handover", None),
    ("dieppe/raid", "handover", None),  # solitaire against the game's own Germans
    ("springtime/fall-gelb", "reveal", "event"),  # an Event marker played from the hidden hand
    ("dynamo/campaign", "reveal", "phase"),  # a new phase shows what the last one hid
    ("panzer-corps/el-alamein", "declare", "declare"),  # the attacks declared bind (and show) them
    ("blitzkrieg-1940/1940", "declare", "sickle"),  # Operation Sickle Cut launched or not (6.1)
]


def _kind_of(session: Session, side: str | None, events: list[Event]) -> str | None:
    if session.log[-1].rolls:
        return "roll"
    if session.game.active_side(session.state) not in (side, None):
        return "handover"
    return next((e.kind for e in events if e.commit), None)


@pytest.mark.parametrize(("scenario", "kind", "event"), KINDS, ids=[f"{k[1]}-{k[0]}" for k in KINDS])
def test_undo_stops_at_the_commit_points_of_real_games(scenario: str, kind: str, event: str | None) -> None:
    game = game_for(scenario)
    session = Session.start(game, scenario, seed=5)
    rng = random.Random(5)
    met = undone = 0
    commit_len, commit_dump = 0, game.dump(session.state)
    for _ in range(600):
        if session.outcome() is not None or (met and undone >= 2):
            break
        side = game.active_side(session.state)
        # a set-up offered whole is taken at once (its units one by one, undone now and then, would
        # use up the playout before the first roll)
        whole = [a for a in session.prompt.actions if a.get("type") == "historical"]
        events = session.act(whole[0] if whole else random_bot(session, rng))
        found = _kind_of(session, side, events)
        if found is not None:
            commit_len, commit_dump = len(session.log), game.dump(session.state)
            assert not session.can_undo and not session.undo(), found
            assert game.dump(session.state) == commit_dump
            met += found == kind if event is None else found == event
        elif rng.random() < 0.1:  # take everything back that may be taken back
            while session.undo():
                undone += 1
            assert len(session.log) == commit_len and game.dump(session.state) == commit_dump
    assert met and undone >= 2, f"{met} {kind} ({event or ''}) met, {undone} actions undone"
