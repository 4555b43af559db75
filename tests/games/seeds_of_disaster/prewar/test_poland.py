"""The invasion of Poland, the German return, the Polish corps and the British arrivals
(seeds-of-disaster:21.4, 21.5.1-21.5.4, 19.0)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games.seeds_of_disaster import prewar
from wargames_tui.games.seeds_of_disaster.prewar import moves, poland, turn

from .helpers import act, at, fresh


def mobilized_germany():
    """Six armies of 1934 plus three panzer corps, two air fleets and a Westwall marker built."""
    s = fresh()
    for uid, steps in (("G1", 6), ("G4", 5), ("G6", 4), ("G2", 3), ("G7", 2)):
        s.units[uid].steps = steps
    for uid in ("XV", "XVI", "XIX", "LF1", "LF2"):
        s.units[uid].box, s.units[uid].steps = "mobilized", 1
    s.units["LF1"].box = s.units["LF2"].box = "reserve"
    s.units["LF2"].steps = 2
    s.units["WW1"].box, s.units["WW1"].zone, s.units["WW1"].steps = "map", "SAA", 1
    s.strategic.ds, s.strategic.month, s.strategic.year = "belligerence", 1, 1940
    return s


def invaded(s, keep=("G1", "G4", "G6", "LF2"), stay=(), odd=None):
    """Poland invaded on the German's choices (21.5.1, 21.5.4), given as his plan orders: the units
    kept in the West, the pact's armies left in Poland, the group of each type's odd unit."""
    items = [{"type": "poland-keep", "unit": u} for u in keep] + [{"type": "poland-stay", "unit": u} for u in stay]
    items += [{"type": "poland-odd", "kind": k, "group": g} for k, g in (odd or {"air": "a", "army": "a", "panzer": "b"}).items()]
    s.strategic.orders["german"].items = items
    events = poland.invade(s)
    s.strategic.orders["german"].items = []
    return events


def plan_month_1():
    return at(mobilized_germany(), "plan", year=1940, ds="belligerence", month=1)


def offered(s, kind):
    return [a for a in prewar.prompt(s).actions if a["type"] == kind]


@pytest.mark.rules("seeds-of-disaster:21.5.1", "seeds-of-disaster:21.5")
def test_all_but_three_armies_the_westwall_and_one_air_fleet_go_to_poland_in_two_groups():
    s = mobilized_germany()
    invaded(s)
    stay = {
        u.id
        for u in s.units.values()
        if u.side == "german" and u.box in ("map", "mobilized", "reserve")
    }
    assert stay == {"G1", "G4", "G6", "LF2", "WW1"}, "the armies and the fleet kept, and the Westwall"
    a, b = s.strategic.poland["a"], s.strategic.poland["b"]
    assert len(a) + len(b) == 10 and abs(len(a) - len(b)) <= 1
    for kind in ("army", "panzer"):
        n_a = sum(1 for uid in a if s.units[uid].kind == kind)
        n_b = sum(1 for uid in b if s.units[uid].kind == kind)
        assert abs(n_a - n_b) <= 1, f"{kind} split evenly"
    assert all(s.units[uid].box == "poland_a" for uid in a)


@pytest.mark.rules("seeds-of-disaster:21.5.2", "seeds-of-disaster:21.5.3")
def test_the_groups_return_to_the_german_mcs_in_months_3_and_4_with_the_polish_corps():
    s = mobilized_germany()
    invaded(s)
    a = list(s.strategic.poland["a"])
    s.strategic.month = 3
    text = "\n".join(e.text for e in poland.arrivals(s))
    assert "group A returns" in text and "Polish corps reaches France" in text
    ground = [s.units[uid] for uid in a if s.units[uid].kind not in ("air",)]
    assert all(u.box == "map" and u.zone in poland.german_mcs() for u in ground)
    zones = [u.zone for u in ground]
    assert (
        max(zones.count(z) for z in set(zones))
        - min(zones.count(z) for z in poland.german_mcs())
        <= 1
    ), "one an MC in turn"
    assert s.units["PL"].box == "map" and s.units["PL"].zone in (
        "LIL",
        "AMI",
        "REI",
        "MET",
        "NAN",
        "STR",
    )
    s.strategic.month = 4
    assert "group B returns" in "\n".join(e.text for e in poland.arrivals(s))
    assert not any(u.box.startswith("poland") for u in s.units.values())


@pytest.mark.rules("seeds-of-disaster:21.5.4")
def test_the_allied_soviet_pact_keeps_two_armies_and_delays_the_return():
    s = mobilized_germany()
    s.strategic.in_force.append("allied_soviet_pact")
    invaded(s, stay=("G2", "G9"))
    gone = [u.id for u in s.units.values() if u.box == "poland"]
    assert sorted(gone) == ["G2", "G9"]
    assert s.strategic.poland_return == {"a": 4, "b": 5}


@pytest.mark.rules("seeds-of-disaster:21.5.2", "seeds-of-disaster:19.0")
def test_the_german_chooses_his_plan_and_which_group_returns_first():
    s = plan_month_1()
    for uid in ("G1", "G4", "G6", "LF2"):
        act(s, {"type": "poland-keep", "unit": uid})
    act(s, {"type": "poland-odd", "kind": "air", "group": "a"})
    act(s, {"type": "poland-odd", "kind": "panzer", "group": "a"})
    acts = prewar.prompt(s).actions
    assert {"type": "ready"} not in acts, (
        "a plan and a group must be chosen in the first month"
    )
    act(s, {"type": "poland-first", "group": "b"})
    assert {"type": "ready"} not in prewar.prompt(s).actions
    act(s, {"type": "plan", "axis": "north"})
    # done: the segment is carried out and the month goes on
    prewar.apply(s, {"type": "ready"}, Dice(3))
    assert s.strategic.poland_return == {"b": 3, "a": 4}
    assert s.attack_plan == "north"


@pytest.mark.rules("seeds-of-disaster:21.4", "seeds-of-disaster:2.3.4")
def test_the_bef_lands_on_a_french_coast_in_month_3_with_its_air_fleet():
    s = fresh()
    s.strategic.ds, s.strategic.month = "belligerence", 3
    s.units["AASF"].box, s.units["AASF"].steps = "mobilized", 1
    text = "\n".join(e.text for e in poland.arrivals(s))
    assert "BEF lands at" in text
    assert (
        s.units["BEF"].zone in ("DUN", "CAL", "ABB", "ROU", "BOU")
        and s.units["AASF"].box == "reserve"
    )
    assert s.units["BRI"].box == "pool", "not built: it does not come"
    s.units["BRI"].box, s.units["BRI"].steps = "mobilized", 1
    s.strategic.month = 7
    poland.arrivals(s)
    assert s.units["BRI"].box == "mobilized"
    s.strategic.month = 8
    poland.arrivals(s)
    assert s.units["BRI"].box == "map"


@pytest.mark.rules("seeds-of-disaster:21.5.2")
def test_units_back_from_poland_move_that_month_outside_the_movement_limits():
    s = mobilized_germany()
    invaded(s)
    s.strategic.month = s.strategic.poland_return["a"]
    poland.arrivals(s)
    back = sorted(s.strategic.returned)
    assert back and all(s.units[u].box == "map" for u in back)
    at(s, "move", year=1940, ds="belligerence", month=s.strategic.month)
    s.strategic.returned = back
    # the month's two moves between MCs and four on the map are all used (SoP Armed Belligerence)
    s.strategic.orders["german"].items = [
        {"type": "shift", "unit": "G1", "to": "MUN", "class": "mc"},
        {"type": "shift", "unit": "G4", "to": "KOL", "class": "mc"},
    ] + [{"type": "shift", "unit": "LF1", "to": "ESS", "class": "map"}] * 4
    offered = {
        a["unit"] for a in turn.order_actions(s, "german") if a["type"] == "shift"
    }
    assert offered and offered <= set(back), "only the returned units may still move"
    act(s, next(a for a in turn.order_actions(s, "german") if a["type"] == "shift"))
    assert s.strategic.orders["german"].items[-1]["class"] == "free"
    assert moves.used(s.strategic, "german", "map") == 4


@pytest.mark.rules(
    "seeds-of-disaster:21.5.2", "seeds-of-disaster:21.4", "seeds-of-disaster:21.5.3"
)
def test_a_war_begun_in_month_1_still_brings_the_groups_back_counting_turns_in_weeks():
    s = mobilized_germany()
    invaded(s)
    s.strategic.ds = "hostilities"  # the Allies crossed in month 1
    s.units["F2"].box, s.units["F2"].zone = (
        "map",
        "MUN",
    )  # an Allied army in a German MC
    s.war.week = 1  # turn 2 of Armed Belligerence: nothing due yet
    assert poland.war_arrivals(s) == []
    s.war.week = 2  # turn 3: the first group, the Polish corps and the BEF
    text = "\n".join(e.text for e in poland.war_arrivals(s))
    assert "group A returns" in text and "Polish corps" in text and "BEF lands" in text
    assert s.strategic.poland["a"] == [] and s.strategic.poland["b"]
    assert not [u for u in s.units.values() if u.side == "german" and u.zone == "MUN"]
    s.war.week = 3
    assert "group B returns" in "\n".join(e.text for e in poland.war_arrivals(s))
    assert poland.war_arrivals(s) == [], "each arrives once"


@pytest.mark.rules("seeds-of-disaster:21.5.1")
def test_the_german_chooses_the_three_armies_and_the_air_fleet_that_stay_in_the_west():
    s = plan_month_1()
    assert {a["unit"] for a in offered(s, "poland-keep")} == {"G1", "G2", "G4", "G6", "G7", "G9", "G12", "G16", "G18", "LF1", "LF2"}
    assert {"type": "ready"} not in prewar.prompt(s).actions
    for uid in ("G7", "G9", "G12"):  # not the strongest: his choice
        act(s, {"type": "poland-keep", "unit": uid})
    assert {a["unit"] for a in offered(s, "poland-keep")} == {"LF1", "LF2"}, "three armies kept: only the fleet is left to choose"
    act(s, {"type": "poland-keep", "unit": "LF1"})
    assert not offered(s, "poland-keep")
    # six armies, three panzer corps and one air fleet go: for the odd types he says where the last goes
    assert offered(s, "poland-odd") == [{"type": "poland-odd", "kind": "air", "group": g} for g in ("a", "b")]
    act(s, {"type": "poland-odd", "kind": "air", "group": "b"})
    assert offered(s, "poland-odd") == [{"type": "poland-odd", "kind": "panzer", "group": g} for g in ("a", "b")]
    act(s, {"type": "poland-odd", "kind": "panzer", "group": "b"})
    act(s, {"type": "poland-first", "group": "a"})
    act(s, {"type": "plan", "axis": "center"})
    text = "\n".join(e.text for e in prewar.apply(s, {"type": "ready"}, Dice(3)))
    assert "Germany invades Poland" in text
    west = {u.id for u in s.units.values() if u.side == "german" and u.box in ("map", "mobilized", "reserve")}
    assert west == {"G7", "G9", "G12", "LF1", "WW1"}
    a, b = s.strategic.poland["a"], s.strategic.poland["b"]
    panzers = [[uid for uid in g if s.units[uid].kind == "panzer"] for g in (a, b)]
    assert (len(panzers[0]), len(panzers[1])) == (1, 2), "the odd panzer corps in group B, as he chose"
    assert sum(s.units[u].kind == "army" for u in a) == sum(s.units[u].kind == "army" for u in b) == 3
    assert "LF2" in b


@pytest.mark.rules("seeds-of-disaster:21.5.1")
@pytest.mark.parametrize("group", ["a", "b"])
def test_the_odd_unit_of_a_type_goes_to_the_group_the_german_names(group):
    s = mobilized_germany()
    invaded(s, keep=("G1", "G4", "G6", "G2", "LF2"), odd={"air": "a", "army": group, "panzer": "a"})  # G2 kept too: five armies go
    armies = {g: sum(s.units[u].kind == "army" for u in s.strategic.poland[g]) for g in ("a", "b")}
    assert armies == ({"a": 3, "b": 2} if group == "a" else {"a": 2, "b": 3})


@pytest.mark.rules("seeds-of-disaster:21.5.4")
def test_under_the_allied_soviet_pact_the_german_chooses_the_two_armies_left_in_poland():
    s = plan_month_1()
    s.strategic.in_force.append("allied_soviet_pact")
    for uid in ("G1", "G4", "G6", "LF2"):
        act(s, {"type": "poland-keep", "unit": uid})
    assert {a["unit"] for a in offered(s, "poland-stay")} == {"G2", "G7", "G9", "G12", "G16", "G18"}
    assert not offered(s, "poland-odd"), "the odd units are known once the pact's armies are chosen"
    act(s, {"type": "poland-stay", "unit": "G2"})
    act(s, {"type": "poland-stay", "unit": "G18"})
    assert not offered(s, "poland-stay")
    act(s, {"type": "poland-odd", "kind": "air", "group": "a"})
    act(s, {"type": "poland-odd", "kind": "panzer", "group": "a"})
    assert not offered(s, "poland-odd"), "four armies go: an even number"
    act(s, {"type": "poland-first", "group": "b"})
    act(s, {"type": "plan", "axis": "north"})
    prewar.apply(s, {"type": "ready"}, Dice(3))
    assert sorted(u.id for u in s.units.values() if u.box == "poland") == ["G18", "G2"]
    assert s.strategic.poland_return == {"b": 4, "a": 5}, "a month later, group B first as chosen"
