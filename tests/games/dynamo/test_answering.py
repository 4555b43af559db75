"""What the planning bot reads as answers within the other side's player-turn (the optional
`answering` hook, docs/GAMES.md): Dynamo's battles and the German withdrawal."""

from __future__ import annotations

import random

import pytest

from wargames_tui.bots.uniform import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import dynamo as game
from wargames_tui.games.dynamo.board import Board

CAMPAIGN = "dynamo/campaign"


@pytest.mark.rules("dynamo:4.2", "dynamo:8.8", "dynamo:17.10", "dynamo:17.12")
def test_the_defenders_steps_in_a_battle_answer_and_the_attackers_own_do_not() -> None:
    # Random play meets battles of both sides: the RAF flown in defence and the defender's losses
    # and retreats answer the attacker's player-turn; the attacker's own losses, retreats and
    # advances, and every step outside a battle, are the acting side's own.
    session, rng = Session.start(game, CAMPAIGN, seed=2), random.Random(2)
    seen: set[tuple[str, bool]] = set()
    while session.outcome() is None and len(seen) < 4:
        state, side = session.state, game.active_side(session.state)
        if state.battle is not None:
            attacker = Board(state).side_of(state.battle.attackers[0])
            assert game.answering(state) == (side != attacker), (state.battle.stage, side)
            seen.add((side, side != attacker))
        else:
            assert not game.answering(state), (state.phase, side)
        session.act(random_bot(session, rng))
    assert seen == {("allied", True), ("german", True), ("allied", False), ("german", False)}, seen


@pytest.mark.rules("dynamo:20.1")
def test_the_allied_removal_of_a_german_withdrawal_answers_the_german_turn() -> None:
    # The Allies remove the division the German did not withdraw, at the end of his movement
    # phase: a step of the German player-turn that the Allies take.
    state = game.copy_state(Session.start(game, CAMPAIGN, seed=1).state)
    state.phase = "german-withdrawal"
    assert game.active_side(state) == "allied" and game.answering(state)
    state.phase = "german-move"
    assert game.active_side(state) == "german" and not game.answering(state)
