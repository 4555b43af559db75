"""Alarm, activation, obstacles, reinforcements and the victory tally (dieppe 7, 8, 10, 12)."""

import pytest

from wargames_tui.games.dieppe.tables import (
    Tally,
    activates,
    bangalore_clears,
    mine_hits,
    next_entry_zone,
    raise_alarm,
    reinforcements,
)


@pytest.mark.rules("dieppe:7")
def test_alarm_events_count_once_except_explosions_and_stop_at_nine():
    seen: set[str] = set()
    level = 0
    for event in ("first-landing", "first-landing", "first-fire", "explosion", "explosion", "first-assault", "first-b"):
        level = raise_alarm(level, event, seen)
    assert level == 1 + 1 + 1 + 1 + 2 + 2
    assert raise_alarm(8, "first-a", set()) == 9 and raise_alarm(9, "explosion", set()) == 9


@pytest.mark.rules("dieppe:10")
def test_the_activation_example():
    # Alarm 4: the first landing (+1), the first A marker (+1), the first assault (+2).
    seen: set[str] = set()
    level = 0
    for event in ("first-landing", "first-a", "first-assault"):
        level = raise_alarm(level, event, seen)
    assert level == 4
    assert activates(level, 4)  # a 4 on the D10 turns the marker over
    assert not activates(level, 5)


@pytest.mark.rules("dieppe:10")
def test_mines_and_wire():
    assert mine_hits(6, 2) and not mine_hits(5, 2) and mine_hits(0, 8)
    assert bangalore_clears(0) and bangalore_clears(4) and not bangalore_clears(7)


@pytest.mark.rules("dieppe:8")
def test_reinforcements_from_alarm_six():
    assert reinforcements(5, 0, 3, 6) is None
    assert reinforcements(7, 7, 3, 6) is None  # a roll not under the alarm brings nobody
    arrival = reinforcements(7, 6, 3, 5)
    assert arrival is not None and (arrival.zone, arrival.count) == ("R3", 3)
    assert [reinforcements(9, 0, 0, d).count for d in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert next_entry_zone("R9") == "R0" and next_entry_zone("R4") == "R5"


@pytest.mark.rules("dieppe:12")
def test_the_victory_tally_and_its_three_outcomes():
    late = Tally(2, 6, True, None, 10, (), 1)  # battery down on turn 6 (06:00), 10 levels lost
    assert late.points()["battery timetable"] == 2
    assert late.outcome() == (20 + 2 + 2 - 10 + 1, "semi success")
    early = Tally(2, 5, True, "officer", 2, (), 2)
    assert early.outcome() == (20 + 5 + 2 + 4 - 2 + 2, "complete success")
    bad = Tally(1, None, False, None, 6, ("lovat", "mills-roberts"), 0)
    assert bad.outcome() == (10 - 6 - 8, "failure")
    assert Tally(2, 12, False, "unit", 0, (), 0).points()["battery timetable"] == 0


def rolls(*values):
    it = iter(values)
    return lambda: next(it)


@pytest.mark.rules("dieppe:5")
def test_turn_one_random_events():
    from wargames_tui.games.dieppe.tables import unforeseen

    battery = unforeseen(2, rolls(4))  # (a), even: LCA 4 sunk, the ships spotted
    assert (battery.alarm, battery.lca_lost, battery.delayed) == (1, [4], {})
    assert unforeseen(2, rolls(9)).delayed == {"G2": 2}  # Group 2 lands from 5:00
    convoy = unforeseen(3, rolls(8, 0, 9, 6))  # (b) odd: Group 1 from 5:15, then (d) rerolls 0 and 9
    assert (convoy.alarm, convoy.delayed, convoy.lca_lost) == (1, {"G1": 3}, [6])
    assert unforeseen(4, rolls(0)).lca_lost == []  # a near miss
    course = unforeseen(5, rolls(2))  # (c) Group 1 lands at the Gorge des Moutiers, and (d)
    assert (course.alarm, course.diverted, course.lca_lost) == (0, {"G1": "C5"}, [2])
    assert unforeseen(6, rolls()).diverted == {"G2": "C6"}


@pytest.mark.rules("dieppe:13")
def test_the_optional_rules_and_difficulty_levels():
    from wargames_tui.games.dieppe.tables import difficulty, german_mp, revealed_infantry, starting_alarm

    assert starting_alarm({}) == 0 and starting_alarm({"alarm": "on"}) == 2
    assert german_mp(3, {"vorwarts": "on"}) == 4 and german_mp(0, {"vorwarts": "on"}) == 0
    assert german_mp(3, {}) == 3
    assert revealed_infantry(2, True, {"bad-luck": "on"}, fits=5) == 4
    assert revealed_infantry(2, True, {"bad-luck": "on"}, fits=3) == 3  # stacking caps the doubling
    assert revealed_infantry(2, False, {"bad-luck": "on"}, fits=5) == 2
    assert revealed_infantry(2, True, {}, fits=5) == 2
    assert difficulty({"bad-luck": "on"}) == "green commando"
    assert difficulty({"bad-luck": "on", "alarm": "on"}) == "hardened commando"
    assert difficulty({"bad-luck": "on", "alarm": "on", "vorwarts": "on"}) == "seasoned commando"
    assert difficulty({"vorwarts": "on"}) == "custom"


@pytest.mark.rules("dieppe:13")
@pytest.mark.parametrize(("level", "on", "title"), [
    ("standard", [], ""), ("green", ["bad-luck"], " · Green commando"),
    ("hardened", ["bad-luck", "alarm"], " · Hardened commando"),
    ("seasoned", ["bad-luck", "alarm", "vorwarts"], " · Seasoned commando"),
])
def test_a_level_of_difficulty_chosen_by_name_applies_its_rules_and_shows_in_the_title(level, on, title):
    from wargames_tui.games.dieppe import rules

    state = rules.new_state("dieppe/raid", {"level": level})
    assert [k for k in ("bad-luck", "alarm", "vorwarts") if state.options[k] == "on"] == on
    assert state.alarm == (2 if "alarm" in on else 0)
    assert rules.view(state)["title"] == "COMMANDO n°4: Dieppe 1942" + title
