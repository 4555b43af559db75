"""What the planning bot's playouts read as answers within the other side's player-turn (the
optional `answering` hook, docs/GAMES.md)."""

from __future__ import annotations

import random

import pytest

from tests.games.seeds_of_disaster.helpers import war_state
from wargames_tui.bots import plan as plan_module
from wargames_tui.bots.uniform import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import seeds_of_disaster as game
from wargames_tui.games.seeds_of_disaster import rules, war


def _session(seed: int) -> Session:
    session = Session.start(game, rules.SCENARIO, seed=seed)
    session.state = war_state()
    session._prompt = None
    return session


@pytest.mark.rules("seeds-of-disaster:13.4", "seeds-of-disaster:13.7.7", "seeds-of-disaster:13.7.8")
def test_the_defenders_choices_in_a_battle_answer_the_attackers_player_turn() -> None:
    # Random play through the war (seed 3): a battle's step that falls to the side not playing
    # its player-turn is an answer; the attacker's own steps and everything outside a battle are not.
    session, rng = _session(3), random.Random(3)
    seen: set[tuple[str, bool]] = set()
    while session.outcome() is None:
        state, side = session.state, game.active_side(session.state)
        if state.war.battle is not None:
            assert game.answering(state) == (side != state.war.player), (state.war.battle.step, side)
            seen.add((side, side != state.war.player))
        else:
            assert not game.answering(state), (state.war.segment, side)
        session.act(random_bot(session, rng))
    assert seen == {("allied", True), ("german", True), ("allied", False), ("german", False)}, seen
    assert not game.answering(Session.start(game, rules.SCENARIO, seed=3).state)  # before the war


@pytest.mark.rules("seeds-of-disaster:13.7.7", "seeds-of-disaster:20.0")
def test_a_german_plan_is_played_out_past_the_allied_answers_to_the_allied_player_turn(monkeypatch) -> None:  # noqa: ANN001
    # Before: the playout ended when the Germans acted again after more than two Allied answers
    # in their first battle, so no German plan ever met the Allied player-turn: Objectives left
    # empty in the last week cost nothing, though the Allies move after the Germans (seed 13).
    session = _session(5)
    trace: list[tuple[str | None, str, bool]] = []
    played = plan_module._played

    def spy(sim, action):  # noqa: ANN001, ANN202
        trace.append((game.active_side(sim.state), sim.state.war.player, war.answering(sim.state)))
        return played(sim, action)

    monkeypatch.setattr(plan_module, "_played", spy)
    genome = plan_module.Genome([], 0, 0.0)
    plan_module._playout(session, "german", genome, plan_module._styles(game), 105)
    answers = [i for i, (side, player, answer) in enumerate(trace) if side == "allied" and player == "german"]
    allied_turn = [i for i, (side, player, _) in enumerate(trace) if player == "allied"]
    assert len(answers) > plan_module.ANSWERS, trace  # the Allies answered the German battles
    assert allied_turn and allied_turn[0] > answers[-1], trace  # and played their own turn after
    assert len(genome.actions) == sum(side == "german" and player == "german" for side, player, _ in trace)
