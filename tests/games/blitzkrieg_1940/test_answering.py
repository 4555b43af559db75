"""What the planning bot's playouts read as answers within the other side's turn (the optional
`answering` hook, docs/GAMES.md)."""

from __future__ import annotations

import random

import pytest

from wargames_tui.bots import BOTS
from wargames_tui.bots import plan as plan_module
from wargames_tui.bots.uniform import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import blitzkrieg_1940 as game
from wargames_tui.games.blitzkrieg_1940 import sequence
from wargames_tui.games.blitzkrieg_1940.data import load_board

S40 = "blitzkrieg-1940/1940"


def _attacker(state) -> str:  # noqa: ANN001
    return load_board(state.scenario).units[state.battle.attackers[0]].side


@pytest.mark.rules("blitzkrieg-1940:14.14", "blitzkrieg-1940:14.10", "blitzkrieg-1940:6.3")
def test_the_defenders_answers_within_an_attack_answer_and_the_attackers_own_steps_do_not() -> None:
    # Random play (seed 2) meets battles of both sides: the RAF flown in defence and the defender's
    # losses answer the attacker's turn; the attacker's own losses and every step outside a battle do not.
    session, rng = Session.start(game, S40, seed=2), random.Random(2)
    seen: set[tuple[str, bool]] = set()
    while session.outcome() is None and len(seen) < 4:
        state, side = session.state, game.active_side(session.state)
        if state.battle is not None:
            assert game.answering(state) == (side != _attacker(state)), (state.battle.stage, side)
            seen.add((side, side != _attacker(state)))
        else:
            assert not game.answering(state), (state.phase, side)
        session.act(random_bot(session, rng))
    assert seen == {("allied", True), ("german", True), ("allied", False), ("german", False)}, seen


@pytest.mark.rules("blitzkrieg-1940:14.10", "blitzkrieg-1940:4.9")
def test_an_allied_plan_is_played_out_past_its_answers_to_the_german_attacks(monkeypatch) -> None:  # noqa: ANN001
    # Before: an Allied playout ended at the Allies' first answer in the German combat phase (a
    # defender's loss), so no Allied plan ever met the German attacks it invited: the BEF stood on
    # cities in the open under 3:1-7:1 (NOTES.md).
    session, rng = Session.start(game, S40, seed=3), random.Random(3)
    while not (session.state.turn >= 3 and session.state.phase == "allied-combat" and game.active_side(session.state) == "allied"):
        session.act(BOTS["greedy"](session, rng))
    trace: list[tuple[str | None, str, bool]] = []
    played = plan_module._played

    def spy(sim, action):  # noqa: ANN001, ANN202
        trace.append((game.active_side(sim.state), sim.state.phase, sequence.answering(sim.state)))
        return played(sim, action)

    monkeypatch.setattr(plan_module, "_played", spy)
    plan_module._playout(session, "allied", plan_module.Genome([], 0, 0.0), plan_module._styles(game), 103)
    answers = [i for i, (side, phase, answer) in enumerate(trace) if side == "allied" and phase == "german-combat"]
    assert answers and answers[0] < len(trace) - 1, trace  # the Allies answered, and the playout went on
    assert trace[-1][1] == "german-movement" or trace[-1][0] == "allied", trace[-3:]
    assert any(phase == "german-movement" for _, phase, _ in trace[answers[-1]:]), trace[-3:]
