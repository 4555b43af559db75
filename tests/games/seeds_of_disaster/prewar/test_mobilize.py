"""The Troop Mobilization Segment and technology (seeds-of-disaster:7.x, 14.2.1, 2.3.3, 2.3.4).

Costs are those of tables.toml (reconstructed): an infantry step 3 RPs, panzer 6, motorized 5,
DLC 4, DLM 5, armored 6, air fleets 8, Westwall 5."""

import pytest

from wargames_tui.engine.dice import Dice

from wargames_tui.games.seeds_of_disaster import prewar
from wargames_tui.games.seeds_of_disaster.prewar import mobilize, turn

from .helpers import act, at, fresh


def mob(year=1936, ds="opposition", rp=100, tech=0):
    s = at(fresh(), "mobilize", year=year, ds=ds)
    s.strategic.rp = {"german": rp, "allied": rp}
    s.strategic.tech = {"german": tech, "allied": tech}
    return s


def builds(s, side):
    return [a for a in turn.order_actions(s, side) if a["type"] == "build"]


def can(s, side, unit, **extra):
    return {"type": "build", "unit": unit, **extra} in builds(s, side)


def carry(s):
    """Both sides done; the orders carried out (nothing after needs dice: the turn stops at Movement)."""
    for side in ("german", "allied"):
        if prewar.prompt(s).side == side:
            act(s, {"type": "ready"})


@pytest.mark.rules(
    "seeds-of-disaster:7.2.3", "seeds-of-disaster:7.2.2", "seeds-of-disaster:2.3.1"
)
def test_an_army_gains_a_step_for_each_infantry_step_bought_up_to_19():
    s = mob()
    act(s, {"type": "build", "unit": "G2"})
    act(s, {"type": "build", "unit": "G2"})
    carry(s)
    assert s.units["G2"].steps == 3 and s.strategic.rp["german"] == 94
    s2 = mob()
    s2.units["F4"].steps = 18
    act(s2, {"type": "ready"})
    act(s2, {"type": "build", "unit": "F4"})
    assert not can(s2, "allied", "F4"), "no army above 19 steps"


@pytest.mark.rules(
    "seeds-of-disaster:7.2.1",
    "seeds-of-disaster:7.2.6",
    "seeds-of-disaster:2.3.4",
    "seeds-of-disaster:2.3.3",
)
def test_a_new_panzer_corps_enters_the_mobilized_box_at_its_reduced_strength():
    s = mob(tech=60)
    assert s.units["XV"].box == "pool"
    act(s, {"type": "build", "unit": "XV"})
    assert not can(s, "german", "XV"), (
        "not to full strength in the turn it is first built"
    )
    carry(s)
    assert (s.units["XV"].box, s.units["XV"].steps) == ("mobilized", 1)


@pytest.mark.rules(
    "seeds-of-disaster:7.3.6", "seeds-of-disaster:7.2.2", "seeds-of-disaster:7.3.5"
)
def test_full_strength_needs_technology_level_2_except_for_infantry_corps():
    s = mob(tech=50)
    s.units["XV"].box, s.units["XV"].steps = "mobilized", 1
    s.units["FIX"].box, s.units["FIX"].steps = "mobilized", 1
    assert not can(s, "german", "XV")
    assert can(s, "allied", "FIX"), (
        "the Level 2 limit is not for infantry corps (7.3.6 note)"
    )
    s.strategic.tech["german"] = 60
    assert can(s, "german", "XV")


@pytest.mark.rules("seeds-of-disaster:7.2.4", "seeds-of-disaster:7.2.5")
def test_where_new_corps_appear():
    s = mob()
    act(s, {"type": "build", "unit": "GI"})
    act(s, {"type": "ready"})
    act(s, {"type": "build", "unit": "NII"})
    act(s, {"type": "build", "unit": "BIII"})
    act(s, {"type": "build", "unit": "FIX"})
    act(s, {"type": "ready"})
    german_mcs = {"MUN", "ESS", "KOL", "FRA", "KAR"} & {
        a for a in ("MUN", "ESS", "KOL", "FRA", "KAR")
    }
    assert s.units["GI"].box == "map" and s.units["GI"].zone in german_mcs
    assert (s.units["NII"].box, s.units["NII"].zone) == ("map", "ROT")
    assert s.units["BIII"].zone == "ANT", "Brussels already holds the Belgian I Corps"
    assert s.units["FIX"].box == "mobilized"


@pytest.mark.rules("seeds-of-disaster:7.2.5")
def test_belgian_double_corps_build_to_four_steps_at_any_technology():
    s = mob(tech=0)
    s.units["BI"].steps = 3
    act(s, {"type": "ready"})
    assert can(s, "allied", "BI")
    s.units["BI"].steps = 4
    assert not can(s, "allied", "BI")


@pytest.mark.rules("seeds-of-disaster:7.2.7")
def test_french_mobile_corps_in_order_one_armored_a_turn_and_card_20():
    s = mob(year=1937, tech=60)
    act(s, {"type": "ready"})
    assert (
        can(s, "allied", "DLC")
        and not can(s, "allied", "DLM1")
        and not can(s, "allied", "DCR1")
    )
    act(s, {"type": "build", "unit": "DLC"})
    assert can(s, "allied", "DLM1") and not can(s, "allied", "DCR1")
    act(s, {"type": "build", "unit": "DLM1"})
    assert (
        can(s, "allied", "DCR1")
        and not can(s, "allied", "DLM2")
        and not can(s, "allied", "DCR2")
    )
    s.strategic.history.append("20")
    act(s, {"type": "build", "unit": "DCR1"})
    assert can(s, "allied", "DLM2")
    assert not can(s, "allied", "DCR2"), "one armored corps a turn"


@pytest.mark.rules(
    "seeds-of-disaster:7.2", "seeds-of-disaster:7.5.1", "seeds-of-disaster:7.5.2"
)
def test_first_years_cards_that_open_them_and_halved_costs():
    s = mob(year=1934, ds="peace")
    assert not can(s, "german", "XV"), "panzers from 1935"
    assert not can(s, "german", "LF1"), "German air fleets from 1936"
    s.strategic.unlocked["german"].append("air")
    assert can(s, "german", "LF1")
    s.strategic.halved["german"].append("motorized")
    assert (
        mobilize.cost(s.strategic, "german", "motorized") == 3
    )  # half of 5, rounded up


@pytest.mark.rules(
    "seeds-of-disaster:7.2.10", "seeds-of-disaster:2.3.2", "seeds-of-disaster:21.4"
)
def test_air_fleets_go_to_the_reserve_british_ones_wait_for_the_bef():
    s = mob(year=1936)
    act(s, {"type": "build", "unit": "LF1"})
    act(s, {"type": "ready"})
    act(s, {"type": "build", "unit": "AASF"})
    act(s, {"type": "ready"})
    assert s.units["LF1"].box == "reserve"
    assert s.units["AASF"].box == "mobilized"


@pytest.mark.rules(
    "seeds-of-disaster:7.3.2",
    "seeds-of-disaster:7.3.4",
    "seeds-of-disaster:7.3.1",
    "seeds-of-disaster:2.3",
)
def test_technology_investment_of_10_or_20_a_turn_to_level_2_at_60():
    s = mob(tech=40)
    assert s.strategic.tech_level("german") == 1
    invests = [a for a in turn.order_actions(s, "german") if a["type"] == "invest"]
    assert invests == [{"type": "invest", "rp": 10}, {"type": "invest", "rp": 20}]
    act(s, {"type": "invest", "rp": 20})
    assert not any(a["type"] == "invest" for a in turn.order_actions(s, "german")), (
        "once a turn"
    )
    act(s, {"type": "ready"})
    text = act(s, {"type": "ready"})
    assert "German reaches Technology Level 2 (7.3.4)" in text
    assert s.strategic.tech_level("german") == 2 and s.strategic.rp["german"] == 80


@pytest.mark.rules("seeds-of-disaster:14.2.1", "seeds-of-disaster:7.2.9")
def test_westwall_markers_only_on_the_german_border_one_an_area():
    s = mob(year=1937)
    zones = {a["zone"] for a in builds(s, "german") if a["unit"] == "WW1"}
    assert zones == {"AAC", "BAD", "EIF", "EMS", "KAR", "KLE", "PFA", "SAA", "TRI"}
    act(s, {"type": "build", "unit": "WW1", "zone": "SAA"})
    assert {"type": "build", "unit": "WW2", "zone": "SAA"} not in builds(s, "german")
    act(s, {"type": "ready"})
    act(s, {"type": "ready"})
    assert (s.units["WW1"].box, s.units["WW1"].zone, s.units["WW1"].steps) == (
        "map",
        "SAA",
        1,
    )


@pytest.mark.rules("seeds-of-disaster:7.1", "seeds-of-disaster:7.2.2")
def test_orders_never_spend_more_rps_than_held():
    s = mob(rp=5)
    act(s, {"type": "build", "unit": "G2"})
    assert not any(a["type"] == "build" for a in turn.order_actions(s, "german"))


@pytest.mark.rules("seeds-of-disaster:7.4")
def test_no_mobilization_once_at_war():
    s = mob()
    s.strategic.ds, s.strategic.segment = "hostilities", "war"
    assert prewar.acting(s) is None


@pytest.mark.rules("seeds-of-disaster:7.2.7")
def test_a_second_armored_corps_may_be_begun_the_turn_after_the_first():
    # One armored corps a turn: the limit is the turn's, so the next turn opens it again.
    s = mob(year=1937, tech=60)
    s.strategic.history.append("20")  # the second armored corps (card 20)
    act(s, {"type": "ready"})
    for unit in ("DLC", "DLM1", "DCR1"):
        act(s, {"type": "build", "unit": unit})
    assert not can(s, "allied", "DCR2")
    act(s, {"type": "ready"})
    assert s.units["DCR1"].box != "pool"
    dice = Dice(11)
    while not (s.strategic.year == 1938 and s.strategic.segment == "mobilize"):
        p = prewar.prompt(s)
        ready = {"type": "ready"}
        prewar.apply(s, ready if ready in p.actions else p.actions[0], dice)
    if prewar.prompt(s).side == "german":
        act(s, {"type": "ready"})
    assert can(s, "allied", "DCR2")
