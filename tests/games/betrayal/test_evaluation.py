"""The evaluation the planning bot scores Betrayal! positions by (evaluation.py)."""

import pytest

from wargames_tui.games.betrayal import evaluate
from wargames_tui.games.betrayal.evaluation import MOBILE, RIVAL, exposure, prospects
from wargames_tui.games.betrayal.victory import german_areas, judge

from .helpers import blank, put
from .test_victory import S, france_with


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


@pytest.mark.rules("betrayal:7.2.3", "betrayal:3.1")
def test_the_marker_counts_less_where_german_armour_in_reach_could_take_it():
    # A French plan is scored before the German turn; the marker beside the panzers' reach
    # (Reims is two areas from Paris, a panzer moves two) is worth less than out of it
    # (Strasbourg, three areas), the areas held alike.
    near, far = france_with(0), france_with(0)
    put(near, "REI", "de-1pz")
    put(far, "STR", "de-1pz")
    assert len(german_areas(near, "F")) == len(german_areas(far, "F"))
    assert prospects(near)["french"] < prospects(far)["french"]
    put(near, "PAR", "fr-2c", "fr-3c")  # a stouter stack on the marker: less exposed
    assert exposure(near) < 1.0


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_the_french_gain_by_keeping_their_army_air_and_armour_most():
    # fr-2dcr stays on the map throughout: no German Minor for lost air and armour here
    state = france_with(0)
    put(state, "PAR", "fr-2dcr")
    full = prospects(state)["french"]
    state.pieces["fr-3dcr"].where = "eliminated"
    assert prospects(state)["french"] < full
    put(state, "SOI", "fr-3dcr")
    put(state, "ORL", "fr-20c")
    more = prospects(state)["french"]
    assert more > full  # one more corps on the map
    put(state, "PAR", "fr-aa")
    assert prospects(state)["french"] > more + MOBILE / 2


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_the_british_gain_by_keeping_low_countries_areas_out_of_german_hands():
    # Either Low Countries area left keeps off the German Minor that cancels a British one: one
    # more area not German-held is a step, the Victory Table's levels alike.
    state = blank("british-regroup", turn=S.turns)
    put(state, "SOI", "fr-3dcr")
    for a, area in S.areas.items():
        if area.country in ("B", "NL"):
            state.control[a] = "german"
    state.control["GHE"] = "allied"
    one = prospects(state)["british"]
    state.control["ANT"] = "allied"
    assert judge(state)["levels"]["british"] == 0
    assert prospects(state)["british"] > one


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_the_british_gain_by_keeping_their_air_and_armour_in_play():
    # A British armour unit kept on the map counts more than brought home, and the fighter in a
    # box it comes back from counts more than lost (the French armour keeps the levels alike).
    state = blank("british-regroup", turn=S.turns)
    put(state, "SOI", "fr-3dcr")
    put(state, "LIL", "br-1tb")
    state.pieces["br-aasf"].where = "setaside"
    kept = prospects(state)["british"]
    state.pieces["br-1tb"].where = "evacuated"
    assert prospects(state)["british"] < kept
    home = prospects(state)["british"]
    state.pieces["br-aasf"].where = "eliminated"
    assert judge(state)["levels"]["british"] == 0
    assert prospects(state)["british"] < home


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2", "betrayal:3.2.2")
def test_in_the_last_turn_a_boxed_british_armour_unit_counts_less_than_one_on_the_map():
    # Only the map counts at the end (the German Minor for no Allied air or armour on it): in the
    # last turn the 1st Tank Brigade in the Regroup box is worth less against one on the map than
    # the turn before, when it may still come back (3.2.2); a French armour division keeps the
    # levels alike.
    def gap(turn: int) -> float:
        state = blank("british-regroup", turn=turn)
        put(state, "SOI", "fr-3dcr")
        put(state, "LIL", "br-1tb")
        kept = prospects(state)["british"]
        state.pieces["br-1tb"].where = "regroup"
        boxed = prospects(state)["british"]
        assert judge(state)["levels"]["british"] == 0
        return kept - boxed

    assert gap(S.turns) > gap(S.turns - 1) > 0
