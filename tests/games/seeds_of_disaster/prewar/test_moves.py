"""The prewar Movement Segment: limits by DS level, maneuvers, spying, border crossings
(SoP; seeds-of-disaster:10.1.2-10.1.6, 6.1.1, 6.1.2, 4.3.5, 12.0, 21.4, 5.1.2)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games.seeds_of_disaster import prewar
from wargames_tui.games.seeds_of_disaster.prewar import turn

from .helpers import act, at, fresh, hand

GERMAN_MCS = {"MUN", "ESS", "KOL", "FRA", "KAR"}
# After 1936's Movement Segment comes 1937: intelligence events 16 and 16 (nothing, then the same
# again: no event), then two cards drawn by each side.
INTO_1937 = (1, 6, 1, 6, 1, 1, 1, 1)


def moving(ds="opposition", year=1936, month=0, rp=20):
    s = at(fresh(), "move", year=year, ds=ds, month=month)
    s.strategic.rp = {"german": rp, "allied": rp}
    hand(s, "german")
    hand(s, "allied")
    return s


def shifts(s, side="german"):
    return [a for a in turn.order_actions(s, side) if a["type"] == "shift"]


@pytest.mark.rules(
    "seeds-of-disaster:10.1.2", "seeds-of-disaster:10.1.4", "seeds-of-disaster:3.2"
)
def test_opposition_two_moves_between_mcs_and_boxes_only():
    s = moving()
    assert {a["to"] for a in shifts(s)} <= GERMAN_MCS | {"mobilized"}
    act(s, {"type": "shift", "unit": "G2", "to": "MUN"})  # from the Mobilized box
    act(s, {"type": "shift", "unit": "G1", "to": "FRA"})
    assert shifts(s) == [], "two moves a turn"


@pytest.mark.rules("seeds-of-disaster:10.1.3", "seeds-of-disaster:10.1.4")
def test_military_preparations_add_one_move_out_of_an_mc_within_the_country():
    s = moving("preparations")
    act(s, {"type": "shift", "unit": "G1", "to": "SAA"})
    assert all(a["to"] in GERMAN_MCS | {"mobilized"} for a in shifts(s)), (
        "the one move out is used"
    )
    assert any(a["unit"] == "G2" for a in shifts(s))


@pytest.mark.rules("seeds-of-disaster:10.1.3", "seeds-of-disaster:10.1.4")
def test_military_preparations_leave_a_unit_in_an_area_that_is_no_mc_where_it_stands():
    # The SoP allows at Military Preparations moves between MCs (off the map included) and one move
    # away from an MC; a unit that went out to the field in an earlier year has neither (NOTES.md).
    s = moving("preparations")
    s.units["G1"].zone = "SAA"  # moved out of its MC the year before
    s.units["G2"].box, s.units["G2"].zone = "map", "MUN"
    assert not [a for a in shifts(s) if a["unit"] == "G1"]
    assert {a["to"] for a in shifts(s) if a["unit"] == "G2"} >= {"ESS", "EIF"}, "from an MC: between MCs or away"
    s.units["XV"].box, s.units["XV"].zone, s.units["XV"].steps = "map", "EIF", 1
    assert not [a for a in shifts(s) if a["unit"] == "XV"], "nor back to the Mobilized box"


@pytest.mark.rules(
    "seeds-of-disaster:10.1.5", "seeds-of-disaster:9.2.1", "seeds-of-disaster:2.3.2"
)
def test_armed_belligerence_four_moves_on_the_map_and_boxes_count_as_mc_moves():
    s = moving("belligerence", year=1940, month=2)
    s.units["XV"].box, s.units["XV"].steps = "mobilized", 1
    assert {"type": "shift", "unit": "XV", "to": "reserve"} in shifts(s)
    assert {"type": "shift", "unit": "XV", "to": "poised:G1"} in shifts(s)
    act(s, {"type": "shift", "unit": "XV", "to": "poised:G1"})
    act(s, {"type": "shift", "unit": "G2", "to": "MUN"})
    assert all(
        turn.moves.move_class(s.units[a["unit"]], a["to"]) == "map" for a in shifts(s)
    )
    for unit, to in (("G1", "SAA"), ("G4", "AAC"), ("G6", "KLE")):
        act(s, {"type": "shift", "unit": unit, "to": to})
    assert (
        turn.moves.used(s.strategic, "german", "map") == 3
        and turn.moves.LIMITS["belligerence"]["map"] == 4
    )


@pytest.mark.rules("seeds-of-disaster:6.1.1")
def test_a_maneuver_needs_two_troop_units_in_an_mc_costs_rps_and_gives_3_cps():
    s = moving()
    assert not [a for a in turn.order_actions(s, "german") if a["type"] == "maneuver"]
    s.units["G2"].box, s.units["G2"].zone = "map", "KAR"
    assert {"type": "maneuver", "zone": "KAR"} in turn.order_actions(s, "german")
    act(s, {"type": "maneuver", "zone": "KAR"})
    assert not [
        a for a in turn.order_actions(s, "german") if a["type"] == "maneuver"
    ], "one a pair"
    s.strategic.ip["german"] = 1  # so that the IP segment waits for the German's choice
    s.strategic.year = 1937
    act(s, {"type": "ready"})
    text = act(s, {"type": "ready"})
    assert "German holds a Military Maneuver at KAR: +3 CPs" in text
    assert s.strategic.cp["german"] == 3 and s.strategic.rp["german"] == 16
    assert "maneuver" in s.strategic.indicators["german"]


@pytest.mark.rules("seeds-of-disaster:6.1.1")
def test_two_maneuvers_a_turn_at_most():
    s = moving(rp=40)
    for uid in ("G2", "G7", "G9"):
        s.units[uid].box, s.units[uid].zone = "map", "KAR"
    act(s, {"type": "maneuver", "zone": "KAR"})
    act(s, {"type": "maneuver", "zone": "KAR"})
    assert not [a for a in turn.order_actions(s, "german") if a["type"] == "maneuver"]


@pytest.mark.rules("seeds-of-disaster:6.1.1")
def test_allied_maneuvers_need_every_other_french_mc_held_and_none_in_the_low_countries():
    s = moving()
    s.units["F4"].box, s.units["F4"].zone = "map", "LIL"
    mm = [a for a in turn.order_actions(s, "allied") if a["type"] == "maneuver"]
    assert mm == [], "AMI, NAN and STR are empty"
    for uid, zone in (("F5", "AMI"), ("F6", "NAN"), ("F7", "STR")):
        s.units[uid].box, s.units[uid].zone = "map", zone
    assert [a for a in turn.order_actions(s, "allied") if a["type"] == "maneuver"] == [
        {"type": "maneuver", "zone": "LIL"}
    ]
    s.units["BIII"].box, s.units["BIII"].zone, s.units["BIII"].steps = "map", "BRU", 2
    assert {"type": "maneuver", "zone": "BRU"} not in turn.order_actions(s, "allied")


@pytest.mark.rules("seeds-of-disaster:6.1.1")
def test_a_second_allied_unit_enters_an_mc_only_when_every_other_has_one():
    s = moving()
    allied = {a["to"] for a in shifts(s, "allied")}
    assert "LIL" not in allied and {"AMI", "NAN", "STR"} <= allied


@pytest.mark.rules("seeds-of-disaster:4.3.5", "seeds-of-disaster:6.1.2")
def test_spying_on_a_maneuver_gives_1_ip():
    s = moving()
    s.units["G2"].box, s.units["G2"].zone = "map", "KAR"
    hand(s, "allied", 12)
    act(s, {"type": "maneuver", "zone": "KAR"})
    act(s, {"type": "ready"})
    act(s, {"type": "spy", "card": 12})
    text = act(s, {"type": "ready"}, *INTO_1937)
    assert "Allied spies on the German maneuvers with card 12: +1 IP" in text
    assert s.strategic.ip["allied"] == 1 and "12" not in s.strategic.hands["allied"]


@pytest.mark.rules("seeds-of-disaster:4.3.5")
def test_a_spy_card_is_kept_when_there_is_no_maneuver():
    s = moving()
    hand(s, "allied", 12)
    act(s, {"type": "ready"})
    act(s, {"type": "spy", "card": 12})
    act(s, {"type": "ready"}, *INTO_1937)
    assert "12" in s.strategic.hands["allied"] and s.strategic.ip["allied"] == 0


@pytest.mark.rules("seeds-of-disaster:12.0")
def test_crossing_the_border_in_armed_belligerence_starts_the_war():
    s = moving("belligerence", year=1940, month=2)
    assert {"type": "shift", "unit": "G1", "to": "LAU"} in shifts(s)
    act(s, {"type": "shift", "unit": "G1", "to": "LAU"})
    act(s, {"type": "ready"})
    text = "\n".join(e.text for e in prewar.apply(s, {"type": "ready"}, Dice(1)))
    assert "German troops cross the border: war (12.0)" in text
    assert s.strategic.ds == "hostilities" and s.war.week == 1
    assert "border" in s.strategic.indicators["german"]


@pytest.mark.rules("seeds-of-disaster:21.4", "seeds-of-disaster:7.2.8")
def test_british_units_stay_off_the_map_until_they_land():
    s = moving("belligerence", year=1940, month=2)
    assert all(a["unit"] != "BEF" for a in shifts(s, "allied"))


@pytest.mark.rules("seeds-of-disaster:5.1.2")
def test_moves_are_noted_as_qualitative_indicators():
    s = moving(year=1937)
    act(s, {"type": "shift", "unit": "G2", "to": "MUN"})
    act(s, {"type": "shift", "unit": "G1", "to": "FRA"})
    act(s, {"type": "ready"})
    act(s, {"type": "ready"})
    assert s.strategic.segment == "ip"
    assert set(s.strategic.indicators["german"]) == {"deploy", "move"}
    assert (
        prewar.view_part(s, "allied")["sides"]["german"]["indicators"]
        == s.strategic.indicators["german"]
    )


@pytest.mark.rules("seeds-of-disaster:5.2.2")
def test_an_ip_shows_one_enemy_stack_to_the_examiner_alone_in_the_movement_segment():
    s = moving("belligerence", year=1940, month=2)
    s.units["DLC"].box, s.units["DLC"].zone, s.units["DLC"].steps = "map", "SED", 1
    s.units["F2"].box, s.units["F2"].zone = "map", "SED"
    s.strategic.ip["german"] = 0
    assert not [a for a in turn.order_actions(s, "german") if a["type"] == "examine"]
    s.strategic.ip["german"] = 2
    assert {"type": "examine", "area": "SED"} in turn.order_actions(s, "german")
    allied_before = prewar.view_part(s, "allied")
    events = prewar.apply(s, {"type": "examine", "area": "SED"}, Dice(1))
    assert s.strategic.ip["german"] == 1
    assert [e.only for e in events if e.kind == "intel"] == ["german"]
    text = next(e.text for e in events if e.kind == "intel")
    assert "DLC (1 step)" in text and "F2" in text
    assert prewar.view_part(s, "allied") == allied_before, (
        "the Allies learn nothing of it"
    )
    assert prewar.prompt(s).side == "german", "examining is not the end of the orders"
    s2 = at(fresh(), "mobilize", year=1940, ds="belligerence", month=2)
    s2.strategic.ip["german"] = 5
    assert all(a["type"] != "examine" for a in prewar.prompt(s2).actions)
