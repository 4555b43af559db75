"""benchmarks/tournament.py: a wait is what a player waits for, counted as the planning bot counts
its turn (bots/plan.py `turn_over`), the unit its budget is set in."""

import random

import pytest

from benchmarks.tournament import play
from wargames_tui.bots import BOTS
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


@pytest.mark.rules("springtime:7.5")
def test_a_wait_lasts_through_the_enemys_answers_and_ends_at_anything_else(monkeypatch) -> None:  # noqa: ANN001
    # Plan Red, greedy against greedy: the defender answers within the Attacker's impulse (a
    # defence, a retreat), so a side's wait holds those answers, and ends at the enemy's first
    # action that is not one (an impulse of one action too). It used to end after more than two
    # enemy actions of any kind: four answers in one assault split it, and a short enemy impulse
    # did not end it.
    scenario, seed = "springtime/plan-red", 3
    game = game_for(scenario)
    calls: list[tuple[str, bool]] = []  # (the side to act, whether it answers) at each action
    greedy = BOTS["greedy"]

    def recording(session: Session, rng: random.Random):  # noqa: ANN202
        calls.append((game.active_side(session.state), bool(game.answering(session.state))))
        return greedy(session, rng)

    monkeypatch.setitem(BOTS, "recording", recording)
    waiting: dict[str, list[float]] = {}
    play(scenario, {"allied": "recording", "axis": "recording"}, seed, {}, waiting)
    waits, waiting_now = 0, set()
    for side, answer in calls:
        if side not in waiting_now:
            waits += 1
            waiting_now.add(side)
        if not answer:
            waiting_now = {side}
    assert any(answer for _, answer in calls) and len(waiting["recording"]) == waits
