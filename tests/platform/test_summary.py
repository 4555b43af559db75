"""The save's summary (turn, phase) comes from each game's cheap `summary(state)`, and says what the
public view says, at every step of a random game."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.saves import _summary
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for


@pytest.mark.parametrize("scenario", [info.id for info in all_scenarios()])
def test_the_summary_is_the_views_turn_and_phase(scenario: str) -> None:
    session = Session.start(game_for(scenario), scenario, seed=5)
    rng = random.Random(5)
    for _ in range(150):
        view = session.view(None)
        # a time with no turn number (turn_text) stands for the turn: it leads the phase
        when = f"{view['turn_text']}: " if view.get("turn_text") else ""
        turn = None if view.get("turn_text") else view["turn"]
        assert session.game.summary(session.state) == {"turn": turn, "phase": when + view["phase_title"]}
        if session.outcome() is not None:
            break
        session.act(random_bot(session, rng))


def test_a_game_without_summary_is_read_from_its_view() -> None:
    session = Session.start(game_for("dieppe/raid"), "dieppe/raid", seed=1)
    game = session.game
    session.game = SimpleNamespace(**{k: v for k, v in vars(game).items() if k != "summary"})  # type: ignore[assignment]
    assert not hasattr(session.game, "summary")
    view = session.view(None)
    assert _summary(session) | {"updated": None} == {
        "updated": None, "turn": view["turn"], "phase": view["phase_title"],
        "side_to_move": game.active_side(session.state), "finished": False,
    }
