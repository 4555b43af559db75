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


def _empty_1939():
    state = game.new("blitzkrieg-1940/1939", {})
    for st in state.units.values():
        if st.status == "map":
            st.status, st.hex = "out", None
    return state


@pytest.mark.rules("blitzkrieg-1940:4.2", "blitzkrieg-1940:9.3", "blitzkrieg-1940:13.4")
def test_a_german_screen_across_the_french_way_to_the_endangered_area_counts():
    # The same French division six hexes from the area, the same four German divisions on the
    # map: standing across its way (their zones of control closed) is worth more than far off.
    def position(line):
        state = _empty_1939()
        state.units["fr39-11di"].hex, state.units["fr39-11di"].status = "3419", "map"
        for uid, h in zip(("de39-6inf", "de39-26inf", "de39-72inf", "de39-34inf"), line):
            state.units[uid].hex, state.units[uid].status = h, "map"
        return game.evaluate(state, "german")

    assert position(["3817", "3819", "3821", "3823"]) - position(["4530", "4532", "4534", "4536"]) == NEAR * (SPAN - 6)


@pytest.mark.rules("blitzkrieg-1940:4.1")
def test_the_1940_scenario_is_left_to_the_planners_generic_score():
    session = Session.start(game, "blitzkrieg-1940/1940", seed=1)
    assert game.evaluate(session.state, "german") is None
    assert plan._value(session, "german") == score(session, "german")
