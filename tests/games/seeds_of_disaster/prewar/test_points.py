"""RPs, IPs, CPs, intelligence and command events (seeds-of-disaster:5.x, 6.1, 6.3, 6.4, 7.1.1, 7.3).

Table values are read by hand from tables.toml, intelligence.toml and command.toml (reconstructed,
see NOTES.md); the base-6 arithmetic is the rulebook's own worked example (5.3.1)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.seeds_of_disaster import prewar
from wargames_tui.games.seeds_of_disaster.prewar import points, turn

from .helpers import act, at, fresh


def dice(*rolls):
    return Dice.replaying(rolls)


@pytest.mark.rules("seeds-of-disaster:5.3.1")
def test_base_six_reading_the_rulebooks_example():
    # a 2 on the tens die and a 5 on the ones die read 25; a 26 moved by +1 reads 31
    assert points.d36(dice(2, 5), 0) == (25, 25)
    assert points.d36(dice(2, 6), 1) == (26, 31)
    assert points.d36(dice(6, 6), 3) == (66, 66)
    assert points.d36(dice(1, 2), -4) == (12, 11)


@pytest.mark.rules(
    "seeds-of-disaster:7.1.1", "seeds-of-disaster:3.2", "seeds-of-disaster:3.3.2"
)
def test_rp_roll_with_every_modifier():
    s = fresh()
    s.strategic.year, s.strategic.ds = 1937, "preparations"
    s.strategic.rp_drm["german"] = 1  # e.g. a near miss
    text = "\n".join(e.text for e in turn.rp_rolls(s, dice(3, 4, 3, 4)))
    # German 7 +2 (Military Preparations) +1 (1937 line) +1 = 11: 60; Allied 7 +2 = 9: 42
    assert "RP roll 3 + 4 +4 = 11: +60 RPs" in text
    assert s.strategic.rp == {"german": 60, "allied": 42}


@pytest.mark.rules("seeds-of-disaster:7.1.1")
def test_rp_rolls_are_told_to_the_roller_only():
    s = fresh()
    evs = turn.rp_rolls(s, dice(1, 1, 6, 6))
    assert {e.only for e in evs if "RP roll" in e.text} == {"german", "allied"}


@pytest.mark.rules(
    "seeds-of-disaster:7.3.3", "seeds-of-disaster:7.3.5", "seeds-of-disaster:7.3.4"
)
def test_the_stockpile_stops_at_100_until_technology_level_2():
    s = fresh()
    s.strategic.year, s.strategic.rp["allied"] = 1939, 90
    s.strategic.ds = "preparations"
    text = "\n".join(e.text for e in turn.rp_rolls(s, dice(1, 1, 1, 1)))
    # Allied 2 +2 +1 (1939 line) = 5: 36, of which 26 are lost over the cap
    assert s.strategic.rp["allied"] == 100 and "26 lost over the cap" in text
    s.strategic.tech["allied"] = 60
    assert s.strategic.tech_level("allied") == 2
    turn.rp_rolls(s, dice(1, 1, 1, 1))
    assert s.strategic.rp["allied"] == 136


@pytest.mark.rules(
    "seeds-of-disaster:5.1.1", "seeds-of-disaster:5.1.2", "seeds-of-disaster:5.2.1"
)
def test_ip_roll_column_is_the_opponents_indicators_and_an_ip_buys_two():
    s = at(fresh(), "ip", year=1937, ds="preparations")
    s.strategic.ip = {"german": 3, "allied": 1}
    s.strategic.indicators["allied"] = [
        "activate",
        "move",
        "maneuver",
    ]  # column 3 for the German
    act(s, {"type": "boost"})
    act(s, {"type": "ready"})
    assert prewar.prompt(s).side == "allied"
    assert s.strategic.ip["german"] == 3, "spent when carried out"
    # German: 4 + 3 + 2 (the IP spent) = 9 on column 3: 2 IPs; Allied: 6 + 6 on column 0: 2 IPs
    # then 1938 begins: intelligence events 16 and 16 (nothing; the repeat is no event), three cards each
    text = act(s, {"type": "ready"}, 4, 3, 6, 6, 1, 6, 1, 6, *[1] * 6)
    assert "IP roll 4 + 3 +2 on column 3: +2 IPs" in text
    assert s.strategic.ip == {"german": 3 - 1 + 2, "allied": 1 + 2}


@pytest.mark.rules("seeds-of-disaster:5.1.1", "seeds-of-disaster:6.1")
def test_ip_and_cp_stop_at_19():
    s = fresh()
    points.add_ip(s, "german", 25)
    points.add_cp(s, "allied", 20)
    assert (s.strategic.ip["german"], s.strategic.cp["allied"]) == (19, 19)
    points.add_ip(s, "german", -30)
    assert s.strategic.ip["german"] == 0


@pytest.mark.rules("seeds-of-disaster:5.1.3", "seeds-of-disaster:5.3.5")
def test_collection_advantages_modify_the_event_roll_within_six():
    s = fresh()
    s.strategic.year = 1937
    s.strategic.ip_drm_perm["german"] = 9  # beyond the track: counts as +6
    text = "\n".join(e.text for e in points.intelligence_events(s, dice(1, 1, 4, 4)))
    assert "German intelligence event roll 11 +6 = 21" in text
    s.strategic.ip_drm_perm["german"], s.strategic.ip_drm_temp["german"] = 2, -1
    assert points.collection(s.strategic, "german") == 1


@pytest.mark.rules("seeds-of-disaster:5.1.3", "seeds-of-disaster:5.3")
def test_an_event_that_gives_a_collection_advantage_adds_it():
    # 41, a new listening post: the roller's permanent collection advantage +1 (intelligence.toml).
    s = fresh()
    s.strategic.year = 1937
    text = "\n".join(e.text for e in points.intelligence_events(s, dice(4, 1, 1, 2)))
    assert "A new listening post opens" in text and s.strategic.ip_drm_perm["german"] == 1
    s.strategic.ip_drm_perm["german"] = -2
    s.strategic.intel_results = {"german": [], "allied": []}
    points.intelligence_events(s, dice(4, 3, 1, 2))  # 43 - 2 = 41 (base six)
    assert s.strategic.ip_drm_perm["german"] == -1


@pytest.mark.rules("seeds-of-disaster:5.3.2", "seeds-of-disaster:5.3.6")
def test_an_event_of_a_later_year_has_no_effect():
    s = fresh()
    s.strategic.year = 1937
    text = "\n".join(e.text for e in points.intelligence_events(s, dice(6, 2, 4, 2)))
    assert (
        "an event of 1938, no effect yet (5.3.2)" in text
    )  # 62: aircraft photographs, from 1938
    assert "Diplomatic pouches are read" in text  # 42 for the Allied: +2 IPs
    assert s.strategic.ip == {"german": 0, "allied": 2}


@pytest.mark.rules("seeds-of-disaster:5.3.4")
def test_the_same_event_twice_in_a_turn_is_no_event():
    s = fresh()
    s.strategic.year = 1937
    text = "\n".join(e.text for e in points.intelligence_events(s, dice(4, 2, 4, 2)))
    assert "the same event again, no event (5.3.4)" in text
    assert s.strategic.ip == {"german": 2, "allied": 0}


@pytest.mark.rules("seeds-of-disaster:12.0")
def test_event_65_opens_belgium_to_the_allies_only():
    s = fresh()
    s.strategic.year = 1939
    points.intelligence_events(s, dice(6, 5, 1, 6))
    assert "allies_enter_belgium" not in s.strategic.in_force
    points.intelligence_events(s, dice(1, 6, 6, 5))
    assert "allies_enter_belgium" in s.strategic.in_force


@pytest.mark.rules(
    "seeds-of-disaster:6.3",
    "seeds-of-disaster:6.4",
    "seeds-of-disaster:6.3.1",
    "seeds-of-disaster:6.3.2",
)
def test_command_events_move_with_combat_experience():
    s = fresh()
    s.war.experience = {
        "german": ["combat", "attacker", "breakthrough"],
        "allied": ["combat"],
    }
    text = "\n".join(e.text for e in prewar.command_events(s, "german", dice(4, 4)))
    assert "German command event roll 44 moved 3 to 51" in text  # 51: +2 CPs
    assert s.strategic.cp["german"] == 2
    text = "\n".join(e.text for e in prewar.command_events(s, "allied", dice(1, 3)))
    assert "Allied command event roll 13 moved 1 to 12" in text  # 12: +3 CPs
    assert s.strategic.cp["allied"] == 3


@pytest.mark.rules("seeds-of-disaster:6.3.3")
def test_11_and_66_come_once_a_game():
    s = fresh()
    prewar.command_events(s, "german", dice(6, 6))
    assert s.strategic.cp == {"german": 4, "allied": 0}
    text = "\n".join(e.text for e in prewar.command_events(s, "german", dice(6, 6)))
    assert "nothing happens (6.3.3)" in text and s.strategic.cp["german"] == 4


@pytest.mark.rules("seeds-of-disaster:6.3.4")
def test_the_allied_repeat_of_the_german_result_is_nothing():
    s = fresh()
    prewar.command_events(s, "german", dice(5, 1))
    text = "\n".join(e.text for e in prewar.command_events(s, "allied", dice(5, 1)))
    assert "the same as the German result, nothing happens (6.3.4)" in text
    assert s.strategic.cp == {"german": 2, "allied": 0}


@pytest.mark.rules("seeds-of-disaster:6.1.3", "seeds-of-disaster:6.2.1")
def test_spending_points_in_the_war():
    s = fresh()
    s.strategic.cp["german"], s.strategic.ip["allied"] = 2, 1
    prewar.spend_cp(s, "german", 2, "seeds-of-disaster:6.2.1")
    assert s.strategic.cp["german"] == 0
    with pytest.raises(IllegalAction):
        prewar.spend_cp(s, "german", 1, "seeds-of-disaster:6.2.1")
    with pytest.raises(IllegalAction):
        prewar.spend_ip(s, "allied", 5, "seeds-of-disaster:5.2.6")
