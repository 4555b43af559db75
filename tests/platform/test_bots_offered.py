"""Every bot offered for a scenario plays it, on every side: a short game of each (bounded, so
the suite stays quick), every action through the session's checks (one of the prompt's). The
levels a player picks (greedy as easy, the planning bot at normal and hard) are among them."""

from __future__ import annotations

import random

import pytest

from wargames_tui.bots import BOTS, LEVELS, offered, random_bot
from wargames_tui.bots import search
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for

BOT_ACTIONS = 40  # the bot's own decisions in each short game
MAX_ACTIONS = 400  # all actions, both sides


def _cases() -> list[tuple[str, str]]:
    return [(info.id, name) for info in all_scenarios() for name in offered(game_for(info.id))]


@pytest.mark.parametrize(("scenario", "bot"), _cases())
def test_every_offered_bot_plays_a_short_game_on_each_side(scenario: str, bot: str, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(search, "BUDGET", 0.02)
    for level in LEVELS:  # the planning bot at each level, on a budget that keeps the suite quick
        monkeypatch.setattr(BOTS[level], "budget", 0.02)
    game = game_for(scenario)
    info = next(s for s in game.scenarios() if s.id == scenario)
    played = getattr(game, "SOLITAIRE", {}) or {}
    for side in (s for s in info.sides if s not in played):
        session = Session.start(game, scenario, seed=5)
        rng = random.Random(5)
        decisions = 0
        for _ in range(MAX_ACTIONS):
            if session.outcome() is not None or decisions >= BOT_ACTIONS:
                break
            if session.game.active_side(session.state) == side:
                decisions += 1
                session.act(BOTS[bot](session, rng))
            else:
                session.act(random_bot(session, rng))
        assert decisions or session.outcome() is not None, f"{side} never acted in {MAX_ACTIONS} actions"


def test_every_scenario_with_a_greedy_bot_offers_every_level() -> None:
    for info in all_scenarios():
        names = offered(game_for(info.id))
        if "greedy" in names:
            assert set(LEVELS) <= set(names), info.id
