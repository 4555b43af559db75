"""The evaluation the planning bot scores Seeds of Disaster positions by (evaluation.py)."""

import pytest

from wargames_tui.games.seeds_of_disaster import evaluate, rules

from .helpers import war_state


@pytest.mark.rules("seeds-of-disaster:20.0")
def test_each_objective_taken_counts_for_the_taker_and_levels_count_more():
    state = war_state()
    before = evaluate(state, "german")
    state.control["ROT"] = "german"  # 12 Allied, 6 German: still a French Decisive Victory
    one = evaluate(state, "german")
    assert one > before
    state.control["ANT"] = "german"  # 11 Allied: a French Marginal Victory only
    assert evaluate(state, "german") - one > one - before
    assert evaluate(state, "allied") == -evaluate(state, "german")


@pytest.mark.rules("seeds-of-disaster:19.0")
def test_paris_entered_along_the_attack_axis_counts_for_the_germans():
    state = war_state()
    state.control["PNO"] = "german"
    before = evaluate(state, "german")
    state.war.paris_axis["PNO"] = True
    assert evaluate(state, "german") > before


@pytest.mark.rules("seeds-of-disaster:20.0")
def test_an_area_of_paris_counts_beyond_another_objective():
    paris, lille = war_state(), war_state()
    paris.control["PNO"] = "german"
    lille.control["LIL"] = "german"
    assert evaluate(paris, "german") > evaluate(lille, "german")


@pytest.mark.rules("seeds-of-disaster:13.7.7")
def test_steps_lost_count_against_their_side():
    state = war_state()
    before = evaluate(state, "allied")
    state.units["F1"].steps -= 3
    assert evaluate(state, "allied") < before


@pytest.mark.rules("seeds-of-disaster:7.1")
def test_before_the_war_every_position_scores_alike():
    # The steps raised before the war told prewar plans apart and made the planner buy steps
    # now instead of investing for the war (evaluation.py); its prewar plans are the prewar
    # planner's.
    state = rules.new_state(rules.SCENARIO, {})
    assert not state.war.week
    before = evaluate(state, "german")
    army = next(u for u in state.units.values() if u.side == "german" and u.kind == "army")
    army.steps += 3
    assert evaluate(state, "german") == before == 0.0
