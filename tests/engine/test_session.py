"""Session.act changes the state in place: refusals and undo rebuild it from the commit point's copy.

A tiny game whose refused action changes the state before it raises, as a careless rules module
might: the session must still leave the game exactly as it was.
"""

from __future__ import annotations

import copy
import random
import types
from typing import Any

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction, Prompt
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


def _apply(state: dict[str, Any], action: dict[str, Any], dice: Dice) -> list[Event]:
    if action["type"] == "add":
        state["items"].append(action["n"])  # changed before the check: the session must undo it
        if action["n"] < 0:
            raise IllegalAction("only positive numbers", "t:1")
        return [Event("add", f"add {action['n']}")]
    if action["type"] == "roll":
        state["items"].append(dice.roll())
        if action.get("refuse"):
            raise IllegalAction("refused after its roll", "t:2")
        return [Event("roll", "roll")]
    state["side"] = "b" if state["side"] == "a" else "a"
    return [Event("pass", "pass")]


def tiny_game(apply: Any, start: dict[str, Any], actions: list[dict[str, Any]]) -> types.SimpleNamespace:
    """A game of two sides, a and b, whose rules are `apply`, whose state starts as `start` and
    whose prompt always offers `actions`."""
    return types.SimpleNamespace(
        new=lambda scenario, options: copy.deepcopy(start),
        apply=apply,
        copy_state=copy.deepcopy,
        active_side=lambda state: state["side"],
        prompt=lambda state: Prompt(state["side"], "p", "", "t:1", actions),
        outcome=lambda state: None,
    )


# Listed but refused by apply (n < 0): the refusal after the state changed is what is tested.
TINY = tiny_game(_apply, {"items": [], "side": "a"},
                 [{"type": "pass"}, {"type": "roll"}, *({"type": "add", "n": n} for n in range(-3, 8))])


def test_a_refused_action_that_changed_the_state_leaves_it_as_it_was() -> None:
    session = Session.start(TINY, "tiny", seed=1)  # type: ignore[arg-type]
    session.act({"type": "add", "n": 1})
    session.act({"type": "add", "n": 2})
    with pytest.raises(IllegalAction):
        session.act({"type": "add", "n": -1})
    assert session.state == {"items": [1, 2], "side": "a"}
    assert len(session.log) == 2 and session.can_undo


def test_a_refused_action_spends_no_draw_of_a_seeded_game_s_dice() -> None:
    """A seeded game's rolls are its log's and no others: a save's seed is checked against them."""
    refused = Session.start(TINY, "tiny", seed=5)  # type: ignore[arg-type]
    plain = Session.start(TINY, "tiny", seed=5)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        refused.act({"type": "roll", "refuse": True})
    for session in (refused, plain):
        for _ in range(4):
            session.act({"type": "roll"})
    assert [e.rolls for e in refused.log] == [e.rolls for e in plain.log]


def test_undo_goes_back_one_action_at_a_time_to_the_commit_point() -> None:
    session = Session.start(TINY, "tiny", seed=1)  # type: ignore[arg-type]
    session.act({"type": "roll"})  # a die roll: a commit point
    rolled = list(session.state["items"])
    session.act({"type": "add", "n": 5})
    session.act({"type": "add", "n": 6})
    assert session.undo() and session.state["items"] == [*rolled, 5]
    assert session.undo() and session.state["items"] == rolled
    assert not session.undo() and session.state["items"] == rolled
    assert session.undo_stop == "the die roll (roll)"  # what the table saw, not "action 1"
    session.act({"type": "add", "n": 7})  # acting after undo goes on from the position undone to
    assert session.state["items"] == [*rolled, 7] and [e.action.get("n") for e in session.log] == [None, 7]


def test_a_change_of_side_is_a_commit_point() -> None:
    session = Session.start(TINY, "tiny", seed=1)  # type: ignore[arg-type]
    session.act({"type": "add", "n": 1})
    session.act({"type": "pass"})
    assert not session.can_undo and session.undo_stop == "the change of side"
    with pytest.raises(IllegalAction):
        session.act({"type": "add", "n": -3})
    assert session.state == {"items": [1], "side": "b"}


def test_a_replayed_action_takes_no_copy_and_cannot_be_taken_back() -> None:
    copies: list[object] = []
    game = types.SimpleNamespace(**{**vars(TINY), "copy_state": lambda s: copies.append(s) or copy.deepcopy(s)})
    session = Session.start(game, "tiny", seed=1)  # type: ignore[arg-type]
    session.act({"type": "add", "n": 1}, undoable=False)
    session.act({"type": "add", "n": 2}, undoable=False)
    assert not copies and not session.can_undo
    session.act({"type": "add", "n": 3})  # play goes on from there, and may take back its own actions
    assert len(copies) == 1 and session.undo() and session.state == {"items": [1, 2], "side": "a"}
    assert not session.undo()


@pytest.mark.parametrize("scenario", ["panzer-corps/el-alamein", "dynamo/campaign"])
def test_undo_in_a_real_game_gives_the_position_before_each_action(scenario: str) -> None:
    game = game_for(scenario)
    session = Session.start(game, scenario, seed=3)
    rng = random.Random(3)
    undone = 0
    for _ in range(150):
        before = game.dump(session.state)
        session.act(random_bot(session, rng))
        if session.can_undo and rng.random() < 0.3:
            length = len(session.log)
            assert session.undo()
            assert game.dump(session.state) == before and len(session.log) == length - 1
            undone += 1
            session.act(random_bot(session, rng))
    assert undone > 5
