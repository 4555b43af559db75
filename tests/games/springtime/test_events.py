"""The Event markers (springtime:6.1.1, 6.4.3, 9.4.2, 3.1.3, 12.3.2; their effects reconstructed in events.toml)."""

import pytest

from wargames_tui.games.springtime import phases
from wargames_tui.games.springtime.state import REMOVED

from .helpers import act, fresh, impulse


def holding(side, marker, number=None):
    s = impulse(fresh(), side, number or (1 if side == "allied" else 2))
    s.cup.remove(marker)
    s.hands[side] = [marker]
    return s


def plays(s):
    return [a for a in phases.prompt(s).actions if a["type"] == "event"]


@pytest.mark.rules("springtime:6.1.1")
def test_a_side_plays_only_its_own_markers_at_the_start_of_its_impulse():
    s = holding("allied", "billotte-killed")
    assert plays(s) == []  # an Axis marker, held by the Allies
    s = holding("axis", "improved-logistics")  # either side's
    act(s, {"type": "event", "marker": "improved-logistics"})
    assert s.rp["axis"] == 13 and s.track == ["improved-logistics"] and s.hands["axis"] == []
    assert s.step == "start"  # the impulse goes on


@pytest.mark.rules("springtime:6.1.1")
def test_an_asterisk_marker_leaves_play_the_others_return():
    s = holding("allied", "cabinet-shuffle")
    act(s, {"type": "event", "marker": "cabinet-shuffle"})
    assert s.morale == 33 and s.played == ["cabinet-shuffle"] and s.track == []
    s = holding("allied", "new-squadrons")
    act(s, {"type": "event", "marker": "new-squadrons"})
    assert s.track == ["new-squadrons"] and s.flags["new_squadrons"]


@pytest.mark.rules("springtime:5.2.1")
def test_de_gaulle_brings_the_4th_dcr():
    s = holding("allied", "de-gaulle")
    areas = {a["area"] for a in plays(s)}
    assert "25" in areas and "13" not in areas and "5" not in areas  # a Free Area of France
    act(s, {"type": "event", "marker": "de-gaulle", "area": "24"})
    assert s.units["fr-4dcr"] == {"at": "24", "reduced": False, "oos": False}


@pytest.mark.rules("springtime:3.1.3", "springtime:12.3.2")
def test_operation_dynamo_from_a_port():
    s = holding("allied", "operation-dynamo")
    assert plays(s) == []  # the BEF is in Area 13, no port
    s.units["bef"]["at"] = "9"
    act(s, {"type": "event", "marker": "operation-dynamo"})
    assert s.units["bef"]["at"] == REMOVED and s.leaders["gort"]["unit"] is None and s.morale == 30


@pytest.mark.rules("springtime:9.4.2")
def test_air_supremacy_for_the_rest_of_the_game():
    s = holding("axis", "air-supremacy")
    act(s, {"type": "event", "marker": "air-supremacy"})
    assert sorted(s.air_full) == ["air-de-1", "air-de-2"] and s.played == ["air-supremacy"]


def test_billotte_killed_and_the_halt_order():
    s = holding("axis", "billotte-killed")
    act(s, {"type": "event", "marker": "billotte-killed"})
    assert s.morale == 28
    act(s, {"type": "pass"}, 6)
    groups = [a["groups"] for a in phases.prompt(s).actions if a["type"] == "assault"]
    assert ["1"] not in groups and ["2"] in groups
    act(s, {"type": "pass"})
    assert not s.flags.get("billotte")  # for one Allied impulse only
    s = holding("allied", "halt-order")
    act(s, {"type": "event", "marker": "halt-order"})
    act(s, {"type": "pass"})
    act(s, {"type": "assault", "groups": ["A"]})
    movers = {a["unit"] for a in phases.prompt(s).actions if a["type"] == "move"}
    assert "de-4a" in movers and "de-hoth" not in movers


def test_plan_red_lets_every_army_group_assault():
    s = holding("axis", "plan-red", 4)
    assert ["A", "B", "C", "K"] not in [a.get("groups") for a in phases.prompt(s).actions]
    act(s, {"type": "event", "marker": "plan-red"})
    assert {"type": "assault", "groups": ["A", "B", "C", "K"]} in phases.prompt(s).actions
