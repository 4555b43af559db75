"""The evaluation the planning bot scores Betrayal! positions by (evaluation.py)."""

import pytest

from wargames_tui.games.betrayal import evaluate
from wargames_tui.games.betrayal.evaluation import RIVAL, prospects

from .helpers import blank, put
from .test_victory import france_with


@pytest.mark.rules("betrayal:7.2")
def test_the_french_gain_by_holding_the_republic_marker():
    held = france_with(0)
    held.holder = "french"
    lost = france_with(0)
    lost.holder = None
    assert prospects(held)["french"] > prospects(lost)["french"]


@pytest.mark.rules("betrayal:7.0")
def test_each_area_of_france_the_germans_hold_counts_against_the_french():
    # within one level of the Victory Table (no threshold between 1 and 2 areas)
    one, two = france_with(1), france_with(2)
    assert prospects(two)["french"] < prospects(one)["french"]


@pytest.mark.rules("betrayal:7.0")
def test_the_british_gain_by_units_brought_home_and_still_fighting():
    state = blank("british-regroup")
    put(state, "LIL", "br-1", "br-2")
    before = prospects(state)["british"]
    state.pieces["br-1"].where = "evacuated"
    assert prospects(state)["british"] > before
    state.pieces["br-2"].where = "eliminated"
    state.pieces["br-1"].where = "eliminated"
    assert prospects(state)["british"] < before


@pytest.mark.rules("betrayal:7.0", "betrayal:3.4.1")
def test_a_nation_gains_alone_and_the_automaton_gains_what_both_lose():
    state = france_with(3)
    p = prospects(state)
    assert evaluate(state, "french") == p["french"] - RIVAL * p["british"]
    assert evaluate(state, "british") == p["british"] - RIVAL * p["french"]
    assert evaluate(state, "german") == -(p["french"] + p["british"])
