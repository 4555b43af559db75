"""The evaluation the planning bot scores Blitzkrieg 1940 positions by (evaluation.py)."""

import pytest

from wargames_tui.bots import plan
from wargames_tui.bots.search import score
from wargames_tui.engine.session import Session
from wargames_tui.games import blitzkrieg_1940 as game
from wargames_tui.games.blitzkrieg_1940.evaluation import NEAR, REACH, SPAN, STEP

NEXT_TO_THE_AREA = "4021"  # one hex from the Ruhr Endangered Area, open to a French move into it


@pytest.mark.rules("blitzkrieg-1940:4.2")
def test_a_french_unit_whose_next_move_reaches_the_endangered_area_counts_heavily():
    state = game.new("blitzkrieg-1940/1939", {})
    before = game.evaluate(state, "german")
    state.units["fr39-3dlm1"].hex, state.units["fr39-3dlm1"].status = NEXT_TO_THE_AREA, "map"  # a one-step DLM, 6 MPs
    after = game.evaluate(state, "german")
    assert before - after == STEP + NEAR * (SPAN - 1) + REACH
    assert game.evaluate(state, "allied") == -after


@pytest.mark.rules("blitzkrieg-1940:4.1")
def test_the_1940_scenario_is_left_to_the_planners_generic_score():
    session = Session.start(game, "blitzkrieg-1940/1940", seed=1)
    assert game.evaluate(session.state, "german") is None
    assert plan._value(session, "german") == score(session, "german")
