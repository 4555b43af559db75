"""The sequence of play: political phase, impulses and the Logistics roll, the Advantage, refit,
the End Phase and victory (springtime:6, 8, 11, 12, 15, 16)."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games import springtime
from wargames_tui.games.springtime import phases
from wargames_tui.games.springtime.contract import preview
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.state import OFFMAP, REMOVED

from .helpers import FG, PR, act, empty_board, fresh, impulse, kinds, put

CUP9 = sorted(["air-supremacy", "billotte-killed", "cabinet-shuffle", "de-gaulle", "halt-order",
               "improved-logistics", "new-squadrons", "operation-dynamo", "plan-red"])


def roll_for(cup, marker):
    """The die (d len(cup)) that draws marker from the sorted cup."""
    return sorted(cup).index(marker) + 1


@pytest.mark.rules("springtime:6.1.1", "springtime:4.4.6")
def test_allied_draws_first_then_axis_and_one_marker_at_most():
    s = fresh()
    assert phases.prompt(s).side == "allied" and kinds(s) == {"draw"}
    act(s, {"type": "draw"}, roll_for(CUP9, "de-gaulle"))
    assert s.hands["allied"] == ["de-gaulle"] and phases.prompt(s).side == "axis"
    cup = list(s.cup)
    act(s, {"type": "draw"}, roll_for(cup, "billotte-killed"))
    assert s.hands["axis"] == ["billotte-killed"]
    # next turn's political phase: a held marker is kept, or discarded for a new one
    s.phase, s.step, s.turn = "political", "draw-allied", 2
    assert kinds(s) == {"keep", "discard_draw"}
    cup = sorted(s.cup + ["de-gaulle"])
    act(s, {"type": "discard_draw"}, roll_for(cup, "halt-order"))
    assert s.hands["allied"] == ["halt-order"] and "de-gaulle" in s.cup


@pytest.mark.rules("springtime:15.1")
def test_air_supremacy_is_not_held_by_the_axis_on_turn_1():
    s = fresh()
    act(s, {"type": "draw"}, roll_for(CUP9, "de-gaulle"))
    cup = sorted(s.cup)
    after = sorted(c for c in cup if c != "air-supremacy")
    text = act(s, {"type": "draw"}, roll_for(cup, "air-supremacy"), roll_for(after, "plan-red"))
    assert s.hands["axis"] == ["plan-red"] and "air-supremacy" in s.cup and "Air Supremacy" in text


@pytest.mark.rules("springtime:15.1", "springtime:15.2", "springtime:4.4.1")
def test_turn_1_opens_with_axis_impulse_6_after_an_allied_event_chance():
    s = fresh()
    act(s, {"type": "draw"}, roll_for(CUP9, "new-squadrons"))
    act(s, {"type": "draw"}, roll_for(s.cup, "billotte-killed"))
    assert s.step == "kleist"
    assert {a["unit"] for a in phases.prompt(s).actions} == {"de-guderian", "de-reinhardt"}  # Kleist stays in Area 3
    act(s, {"type": "kleist", "unit": "de-reinhardt"})
    assert s.leaders["kleist"]["unit"] == "de-reinhardt"
    assert s.step == "surprise-event" and phases.prompt(s).side == "allied"
    act(s, {"type": "event", "marker": "new-squadrons"})
    assert s.flags["new_squadrons"]
    assert s.step == "start" and s.active == "axis" and s.impulse == 6


@pytest.mark.rules("springtime:15.3")
def test_strategic_surprise_activates_every_army_group_but_not_together():
    s = fresh()
    impulse(s, "axis", 6)
    s.flags.update(opening=True, surprise=True)
    groups = [a["groups"] for a in phases.prompt(s).actions if a["type"] == "assault"]
    assert ["A", "B", "C", "K"] in groups
    act(s, {"type": "assault", "groups": ["A", "B", "C", "K"]})
    assert {"de-4a", "de-6a", "de-guderian", "de-1a", "de-2a"} <= set(s.imp["active_units"])
    act(s, {"type": "move", "unit": "de-hoth", "to": "12"})  # Army Group A
    with pytest.raises(IllegalAction):
        act(s, {"type": "move", "unit": "de-hoepner", "to": "12"})  # Army Group B may not join it
    act(s, {"type": "move", "unit": "de-4a", "to": "12"})
    attack = {"type": "attack", "area": "12", "units": ["de-4a", "de-hoth"], "lead": "de-hoth", "air": None}
    assert attack in phases.prompt(s).actions


@pytest.mark.rules("springtime:6.1.2", "springtime:4.4.9")
def test_belgian_surrender_check():
    s = fresh()
    s.turn = 2
    s.control["15"] = "axis"  # one Axis-held Belgian Area
    s.hands["axis"] = []
    s.step = "draw-axis"
    act(s, {"type": "draw"}, 1, 1)  # the draw, then the Belgian roll 1 <= 1: no effect
    assert s.units["be"]["at"] == "13" and s.morale == 30
    s2 = fresh()
    s2.turn = 2
    s2.control["15"] = "axis"
    s2.step = "draw-axis"
    s2.units["fr-9a"]["at"] = "17"  # Area 12 left vacant, with 14: two choices
    text = act(s2, {"type": "draw"}, 1, 2)  # 2 > 1: Leopold surrenders
    assert s2.units["be"]["at"] == REMOVED and s2.leaders["leopold"]["unit"] is None
    # The table's line for the Belgian Army out counts though the surrender is in the Political
    # Phase (NOTES.md, reading 14)
    assert "surrenders" in text and s2.morale == 30 + load_board().tables.morale.belgium_out == 28
    assert s2.step == "belgium" and {a["area"] for a in phases.prompt(s2).actions} == {"12", "14"}
    act(s2, {"type": "belgium", "area": "14"})
    assert s2.control["14"] == "axis"


@pytest.mark.rules("springtime:6.1.2", "springtime:7.2")
def test_a_surrender_in_a_contested_area_hands_it_to_the_axis():
    s = fresh()
    s.turn, s.step = 2, "draw-axis"
    s.units["de-6a"]["at"] = "15"
    s.units["be"]["at"] = "15"
    act(s, {"type": "draw"}, 1, 6)
    assert s.units["be"]["at"] == REMOVED and s.control["15"] == "axis"
    assert springtime.check_invariants(s) == []


def test_no_belgian_check_on_turn_1():
    s = fresh()
    s.step = "draw-axis"
    act(s, {"type": "draw"}, 2)
    assert s.units["be"]["at"] == "13"


@pytest.mark.rules("springtime:6.1.4", "springtime:14.3")
def test_italy_declares_war_at_morale_9():
    s = fresh()
    s.turn, s.step, s.flags["phase_morale"] = 2, "draw-axis", 10
    s.units["be"]["at"] = REMOVED
    act(s, {"type": "draw"}, 1)
    assert s.units["it-west"]["at"] == OFFMAP
    s = fresh()
    s.turn, s.step, s.flags["phase_morale"] = 2, "draw-axis", 9
    s.units["be"]["at"] = REMOVED
    act(s, {"type": "draw"}, 1)
    assert s.units["it-west"]["at"] == "F" and s.leaders["disavoia"]["unit"] == "it-west" and s.flags["italy"]


@pytest.mark.rules("springtime:6.2", "springtime:3.3", "springtime:4.4.4")
def test_impulses_alternate_allied_first():
    s = fresh()
    s.turn, s.step, s.phase = 2, "draw-axis", "political"
    s.flags.pop("opening")
    s.units["be"]["at"] = REMOVED
    act(s, {"type": "draw"}, 1)
    assert s.step == "kleist"
    act(s, {"type": "kleist", "unit": "de-wietersheim"})
    assert s.leaders["kleist"]["unit"] == "de-wietersheim"  # any of his units after the opening turn
    assert s.impulse == 1 and s.active == "allied" and phases.prompt(s).side == "allied"
    act(s, {"type": "pass"})
    assert s.impulse == 2 and s.active == "axis"
    v = springtime.view(s, None)
    assert v["impulse"] == 2 and v["advantage"] == "axis"


@pytest.mark.rules("springtime:6.2.1", "springtime:8.1.3")
def test_logistics_roll_after_each_axis_impulse():
    s = impulse(fresh(), "axis", 4)
    s.advantage = None
    text = act(s, {"type": "pass"}, 4)  # 4 >= 4: go on
    assert s.impulse == 5 and s.active == "allied" and "Logistics" in text
    act(s, {"type": "pass"})  # an Allied impulse: no roll
    act(s, {"type": "pass"}, 5)  # impulse 6, 5 < 6: the Maneuvers Phase ends
    assert s.phase in ("refit", "end", "political")


@pytest.mark.rules("springtime:11.1.4", "springtime:11.2")
def test_soldier_on_and_the_advantage_changing_hands():
    s = impulse(fresh(), "axis", 2)
    assert s.advantage == "axis"
    act(s, {"type": "pass"}, 1)  # 1 < 2 would end the phase
    assert s.step == "logistics" and phases.prompt(s).side == "axis"
    act(s, {"type": "advantage", "use": "soldier_on"})
    assert s.impulse == 3 and s.active == "allied" and s.advantage == "allied"


@pytest.mark.rules("springtime:3.3", "springtime:11.1.4")
def test_the_phase_ends_off_the_end_of_the_impulse_track():
    s = impulse(fresh(), "axis", 10)
    act(s, {"type": "pass"}, 6)  # 6 < 10, and no space is left for Soldier On to reach
    assert s.phase != "maneuvers" and s.advantage == "axis"


@pytest.mark.rules("springtime:11.1.1")
def test_open_city_needs_an_axis_area_next_to_paris():
    s = impulse(fresh(), "allied", 1)
    s.advantage = "allied"
    assert {"type": "advantage", "use": "open_city"} not in phases.prompt(s).actions
    s.control["26"] = "axis"
    act(s, {"type": "advantage", "use": "open_city"})
    assert s.flags["open_city"] and s.advantage is None and s.advantage_used == "allied"
    act(s, {"type": "pass"})
    assert s.advantage == "axis"  # 11.2: to the side that did not use it


@pytest.mark.rules("springtime:11.1.5")
def test_draw_extra_event():
    s = impulse(fresh(), "allied", 3)
    s.advantage = "allied"
    s.cup.remove("de-gaulle")
    s.played.append("de-gaulle")
    s.draws["allied"] = 1
    assert {"type": "advantage", "use": "extra_event"} not in phases.prompt(s).actions  # nothing played yet
    s.played_impulse["allied"] = True
    act(s, {"type": "advantage", "use": "extra_event"}, 1)
    assert len(s.hands["allied"]) == 1 and s.draws["allied"] == 2
    s.advantage, s.advantage_used = "allied", None
    assert {"type": "advantage", "use": "extra_event"} not in phases.prompt(s).actions  # two draws this turn


@pytest.mark.rules("springtime:8.1.1")
def test_assault_army_groups_kleist_and_no_repeat():
    s = impulse(fresh(), "axis", 2)
    groups = [a["groups"] for a in phases.prompt(s).actions if a["type"] == "assault"]
    assert ["A"] in groups and ["K"] in groups and ["A", "K"] in groups and ["B", "C"] not in groups
    act(s, {"type": "assault", "groups": ["A", "K"]})
    # Weichs' reserve 2nd Army stands with Wietersheim (K) in Area 4: it activates too
    assert "de-2a" in s.imp["active_units"] and "de-6a" not in s.imp["active_units"]
    act(s, {"type": "end"}, 6)
    act(s, {"type": "pass"})
    groups = [a["groups"] for a in phases.prompt(s).actions if a["type"] == "assault"]
    assert ["A"] not in groups and ["K"] not in groups and ["B"] in groups


@pytest.mark.rules("springtime:8.1.1")
def test_a_reserve_alone_does_not_assault():
    s = impulse(fresh(), "allied", 1)
    act(s, {"type": "assault", "groups": ["1"]})
    assert "fr-6a" not in s.imp["active_units"] and "fr-2dcr" not in s.imp["active_units"]


@pytest.mark.rules("springtime:8.2")
def test_illegal_and_malformed_actions_raise_illegal_action_only():
    s = impulse(fresh(), "allied", 1)
    for bad in [None, [], {}, {"type": 3}, {"type": "fly"}, {"type": "assault", "groups": "1"},
                {"type": "assault", "groups": [["x"]]}, {"type": "redeploy"}, {"type": "move", "unit": "zz", "to": "1"}]:
        with pytest.raises(IllegalAction) as err:
            phases.apply(s, bad, None)
        assert err.value.case.startswith("springtime:")
    act(s, {"type": "assault", "groups": ["1"]})
    for bad in [{"type": "attack"}, {"type": "attack", "area": "5", "units": "x"}, {"type": "attack", "area": 5, "units": []},
                {"type": "attack", "area": "5", "units": [{}], "lead": []}, {"type": "move", "unit": ["fr-1a"], "to": "12"}]:
        with pytest.raises(IllegalAction):
            phases.apply(s, bad, None)


@pytest.mark.rules("springtime:6.3", "springtime:12.1", "springtime:12.3")
def test_refit_allied_then_axis_and_the_costs():
    s = fresh()
    s.units["fr-1a"]["reduced"] = True
    s.units["fr-1dcr"]["reduced"] = True
    s.units["fr-prioux"]["at"] = "eliminated"
    s.units["de-hoth"]["reduced"] = True
    s.phase = "maneuvers"
    phases._end_maneuvers(s, None, [])
    assert s.step == "refit-allied"
    acts = phases.prompt(s).actions
    assert {"type": "refit", "unit": "fr-1a"} in acts and {"type": "refit", "unit": "fr-1dcr"} in acts
    assert {"type": "rebuild", "unit": "fr-prioux", "area": "25", "full": True} in acts
    act(s, {"type": "refit", "unit": "fr-1dcr"})
    assert s.rp["allied"] == 3
    act(s, {"type": "refit", "unit": "fr-1a"})
    assert s.rp["allied"] == 2
    assert {"type": "rebuild", "unit": "fr-prioux", "area": "25", "full": True} not in phases.prompt(s).actions  # 3 RP
    act(s, {"type": "rebuild", "unit": "fr-prioux", "area": "25", "full": False})
    assert s.rp["allied"] == 0 and s.units["fr-prioux"] == {"at": "25", "reduced": True, "oos": False}
    act(s, {"type": "end"})
    assert s.step == "refit-axis"
    act(s, {"type": "refit", "unit": "de-hoth"})
    assert s.rp["axis"] == 8


@pytest.mark.rules("springtime:12.3")
def test_rebuild_costs_for_armour():
    from wargames_tui.games.springtime.refit import flip_cost, rebuild_cost
    assert (flip_cost("infantry"), flip_cost("armored")) == (1, 2)
    assert (rebuild_cost("infantry", False), rebuild_cost("infantry", True)) == (2, 3)
    assert (rebuild_cost("armored", False), rebuild_cost("armored", True)) == (3, 5)


@pytest.mark.rules("springtime:12.3.2", "springtime:12.3.3")
def test_where_rebuilt_units_may_come_back():
    from wargames_tui.games.springtime.refit import may_rebuild, rebuild_areas
    s = fresh()
    for u in ("fr-7a", "be", "de-6a", "it-west"):
        s.units[u]["at"] = "eliminated"
    s.flags["italy"] = True
    s.control["12"] = "axis"
    s.units["de-hoth"]["at"] = "13"  # Area 13 contested
    assert "9" in rebuild_areas(s, "fr-7a") and "13" not in rebuild_areas(s, "fr-7a") and "12" not in rebuild_areas(s, "fr-7a")
    assert all(s.control[a] == "allied" for a in rebuild_areas(s, "fr-7a"))
    assert not may_rebuild(s, "be")
    assert rebuild_areas(s, "it-west") == ["F"]
    assert "F" not in rebuild_areas(s, "de-6a") and "5" in rebuild_areas(s, "de-6a")
    for u in ("de-18a", "de-schmidt", "de-1a", "de-7a", "de-airlanding"):
        s.units[u]["at"] = "6"
    assert "6" not in rebuild_areas(s, "de-6a")  # five Axis units there (7.1)
    s.units["bef"]["at"] = "eliminated"
    s.flags["dynamo"] = True
    assert not may_rebuild(s, "bef")


@pytest.mark.rules("springtime:12.3.1", "springtime:13.2.3")
def test_out_of_supply_units_take_no_replacements():
    s = fresh()
    s.phase = "refit"
    s.step = "refit-allied"
    s.units["fr-7a"]["reduced"] = True
    s.units["fr-7a"]["oos"] = True
    assert {"type": "refit", "unit": "fr-7a"} not in phases.prompt(s).actions
    s.units["fr-7a"]["oos"] = False
    assert {"type": "refit", "unit": "fr-7a"} in phases.prompt(s).actions


@pytest.mark.rules("springtime:12.4", "springtime:6.4.5", "springtime:16.3")
def test_no_refit_on_turn_7_and_the_allies_win_if_france_stands():
    s = impulse(fresh(), "axis", 6)
    s.turn = 7
    s.units["fr-1a"]["reduced"] = True
    s.advantage = None
    act(s, {"type": "pass"}, 1)
    assert s.phase == "over" and s.result["winner"] == "allied"
    assert springtime.outcome(s).level == "Allied Victory"
    # The victory screen reads French Morale in the reason, not as a signed tally of points.
    assert springtime.outcome(s).points == {} and springtime.outcome(s).reason.endswith(f"French Morale {s.morale}")


@pytest.mark.rules("springtime:6.4.1", "springtime:16.2")
def test_the_french_armistice_roll():
    s = impulse(fresh(), "axis", 6)
    s.turn, s.morale, s.advantage = 3, 5, None
    s.units["fr-10a"]["reduced"] = False
    s.rp = {"allied": 0, "axis": 0}
    act(s, {"type": "pass"}, 1, 5)  # logistics ends the phase; armistice 5 <= 5: play on
    assert s.phase != "over"
    s = impulse(fresh(), "axis", 6)
    s.turn, s.morale, s.advantage = 3, 5, None
    s.rp = {"allied": 0, "axis": 0}
    act(s, {"type": "pass"}, 1, 6)  # 6 > 5: Operational Victory
    assert s.result["winner"] == "axis" and s.result["level"] == "Operational Victory"


@pytest.mark.rules("springtime:6.4.1", "springtime:16.2", "springtime:13.2.4", "springtime:7.2", "springtime:4.4.9")
@pytest.mark.parametrize(("surrender", "over"), [(2, True), (3, False)])
def test_a_refit_surrender_lowers_morale_before_the_armistice_roll(surrender, over):
    s = fresh()
    s.phase, s.step, s.turn, s.morale = "refit", "refit-axis", 3, 5
    put(s, "fr-4a", "18")
    put(s, "de-1a", "19")  # 19 contested: the 5th Army alone, out of supply, holds it
    s.units["fr-5a"]["oos"] = True
    text = act(s, {"type": "end"}, surrender, 5)  # dr 2 surrenders, 3 holds (13.2.4); armistice dr 5
    if over:  # the unit -1 (NOTES.md, reading 14; an Area has no line of its own): 5 beats 4
        assert s.control["19"] == "axis" and s.morale == 4
        assert text.index("takes control of 19") < text.index("Armistice")
        assert text.index("French Morale") < text.index("Armistice")
        assert s.result["level"] == "Operational Victory"
    else:  # nothing lost: 5 <= 5, play on
        assert s.control["19"] != "axis" and s.morale == 5 and s.phase != "over"


@pytest.mark.rules("springtime:16.1.1", "springtime:4.4.9")
def test_automatic_victory_when_morale_falls_to_zero():
    s = impulse(fresh(), "axis", 6)
    s.morale, s.advantage = 0, None
    act(s, {"type": "pass"}, 1)
    assert s.result["level"] == "Automatic Victory" and "Morale" in s.result["reason"]
    s = fresh()
    s.morale = -3
    assert springtime.view(s, None)["morale"] == -3


@pytest.mark.rules("springtime:16.1", "springtime:6.3")
def test_automatic_victory_by_paris_and_three_zones_linked_to_germany():
    from wargames_tui.games.springtime.victory import automatic_victory
    s = fresh()
    for a in ("17", "24", "25", "30", "C", "D", "B", "29", "28"):
        s.control[a] = "axis"
    s.control["11"] = "axis"
    assert automatic_victory(s) and "Paris" in automatic_victory(s)
    s.control["11"] = "allied"
    s.control["29"] = "allied"
    s.control["28"] = "allied"
    assert automatic_victory(s) is None  # no Axis path back to Germany
    s.control["29"], s.control["11"] = "axis", "axis"
    impulse(s, "axis", 6)
    s.advantage = None
    act(s, {"type": "pass"}, 1)
    assert s.result["level"] == "Automatic Victory" and s.phase == "over"  # no Refit Phase


@pytest.mark.rules("springtime:16.1")
@pytest.mark.parametrize(("zones", "wins"), [("CD", False), ("BCD", True), ("ABCD", True)])
def test_automatic_victory_needs_paris_and_at_least_three_zones(zones: str, wins: bool):
    from wargames_tui.games.springtime.victory import automatic_victory
    s = fresh()
    for a in ("17", "24", "25", "30", "29", "28", "11", *zones):  # 25 is Paris; 30 links C and D east
        s.control[a] = "axis"
    assert bool(automatic_victory(s)) is wins
    s.control["25"] = "allied"
    assert automatic_victory(s) is None  # the Zones without Paris


@pytest.mark.rules("springtime:16.1.1")
@pytest.mark.parametrize(("morale", "wins"), [(1, False), (0, True), (-1, True)])
def test_automatic_victory_at_morale_zero_or_less(morale: int, wins: bool):
    from wargames_tui.games.springtime.victory import automatic_victory
    s = fresh()
    s.morale = morale
    assert bool(automatic_victory(s)) is wins


@pytest.mark.rules("springtime:6.4.2", "springtime:6.4.3", "springtime:6.4.4", "springtime:3.2", "springtime:4.4.3")
def test_end_phase_plays_discards_and_the_next_turn():
    s = impulse(fresh(), "axis", 6)
    s.turn, s.advantage = 2, None
    s.units["fr-10a"]["reduced"] = False
    s.rp = {"allied": 0, "axis": 0}
    s.hands = {"allied": ["improved-logistics"], "axis": ["billotte-killed"]}
    for m in s.hands["allied"] + s.hands["axis"] + ["new-squadrons"]:
        s.cup.remove(m)
    s.track = ["new-squadrons"]
    s.flags["new_squadrons"] = True
    act(s, {"type": "pass"}, 1)
    assert s.step == "event-allied"
    act(s, {"type": "event", "marker": "improved-logistics"})
    assert s.rp["allied"] == 3 and s.step == "event-axis"
    act(s, {"type": "decline"})
    assert s.step == "discard-axis"  # the Allies hold nothing now
    act(s, {"type": "discard"})
    assert s.phase == "political" and s.turn == 3 and s.impulse == 1
    assert "new-squadrons" in s.cup and "improved-logistics" in s.cup and "billotte-killed" in s.cup
    assert not s.flags.get("new_squadrons")
    assert springtime.view(s, "allied")["turn"] == 3


@pytest.mark.rules("springtime:6.1.3")
def test_command_confidence_counts_the_morale_as_the_political_phase_starts():
    s = fresh()
    s.turn, s.step, s.flags["phase_morale"] = 2, "draw-axis", 19
    s.units["be"]["at"] = REMOVED
    act(s, {"type": "draw"}, 1)
    assert s.flags["confidence"]
    s = fresh()
    s.turn, s.step, s.morale, s.flags["phase_morale"] = 2, "draw-axis", 20, 20
    s.morale = 18  # fallen since the phase began at 20
    act(s, {"type": "draw"}, 1, 1)
    assert not s.flags.get("confidence")


@pytest.mark.rules("springtime:19.2")
def test_plan_red_opens_with_axis_impulse_6_and_the_plan_red_marker_may_be_the_turn_5_draw():
    s = fresh(PR)
    assert s.phase == "maneuvers" and s.step == "start" and s.impulse == 6 and s.active == "axis"
    assert s.hands == {"allied": [], "axis": []}  # no draw before Turn 5
    assert s.leaders["kleist"]["unit"] == "de-guderian"
    impulse(s, "axis", 6)
    s.phase, s.step, s.turn = "political", "draw-allied", 5
    act(s, {"type": "draw"}, 1)
    assert {"type": "take_plan_red"} in phases.prompt(s).actions
    act(s, {"type": "take_plan_red"})
    assert s.hands["axis"] == ["plan-red"] and s.shown["axis"]
    assert springtime.view(s, "allied")["events"]["hands"]["axis"]["markers"] == ["plan-red"]


@pytest.mark.rules("springtime:8.1.1")
def test_no_repeat_assault_across_the_turn_boundary():
    from wargames_tui.engine.dice import Dice
    s = impulse(fresh(), "axis", 6)
    s.advantage = None
    act(s, {"type": "assault", "groups": ["B"]})
    act(s, {"type": "end"}, 1)  # the last Axis impulse of Turn 1
    dice = Dice(3)
    while not (s.turn == 2 and s.step == "start" and s.active == "axis"):
        offered = phases.prompt(s).actions
        kinds_now = [a["type"] for a in offered]
        pick = next(k for k in ("end", "decline", "keep", "pass", "draw", "kleist", "belgium") if k in kinds_now)
        phases.apply(s, offered[kinds_now.index(pick)], dice)
    groups = [a["groups"] for a in phases.prompt(s).actions if a["type"] == "assault"]
    assert ["B"] not in groups and ["A"] in groups  # the Axis impulses 6 of Turn 1 and 2 of Turn 2 are consecutive


def test_empty_board_helper_leaves_a_consistent_position():
    s = empty_board(fresh())
    put(s, "fr-1a", "13", leader=True)
    assert springtime.check_invariants(s) == [] and s.leaders["blanchard"]["unit"] == "fr-1a"
    assert FG


@pytest.mark.rules("springtime:3.4")
def test_the_general_records_track_shows_replacements_and_morale():
    s = fresh()
    s.rp["allied"] = 2
    s.morale = 17
    v = springtime.view(s, "axis")
    assert v["rp"] == {"allied": 2, "axis": 10} and v["morale"] == 17


@pytest.mark.rules("springtime:9.3.3")
def test_the_4th_army_group_assaults_only_once_italy_is_at_war():
    # The Army of the Alps stays put until Italy declares war: no 4th Army Group Assault before.
    s = impulse(fresh(), "allied")
    groups = lambda: [a["groups"] for a in phases.prompt(s).actions if a["type"] == "assault"]  # noqa: E731
    assert ["4"] not in groups() and ["1"] in groups()
    s.flags["italy"] = True
    assert ["4"] in groups() and ["1"] in groups()


@pytest.mark.rules("springtime:15.1", "springtime:6.1.1")
def test_the_axis_draw_preview_on_turn_1_says_air_supremacy_goes_back():
    s = fresh()
    s.step = "draw-axis"
    assert "Air Supremacy on Turn 1" in preview(s, {"type": "draw"}).note
    s.turn = 2
    assert preview(s, {"type": "draw"}).note == ""
