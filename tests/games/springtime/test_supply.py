"""Supply: sources, tracing, Out of Supply, surrender, and cut-off Areas (springtime:13)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games.springtime import phases
from wargames_tui.games.springtime.positions import in_supply, mark_supply
from wargames_tui.games.springtime.refit import cut_off_areas, surrender_checks
from wargames_tui.games.springtime.state import REMOVED

from .helpers import act, empty_board, fresh, impulse, put


@pytest.mark.rules("springtime:13.1.1", "springtime:13.1.2", "springtime:13.2.1")
def test_germans_trace_to_the_east_edge_french_to_the_zones():
    s = empty_board(fresh())
    put(s, "de-guderian", "16")
    put(s, "fr-7a", "21")
    for a in ("11", "17", "22", "16"):
        s.control[a] = "axis"
    assert in_supply(s, "de-guderian")  # 16-22-17-11-3
    s.control["22"] = "allied"
    assert not in_supply(s, "de-guderian")  # a vacant enemy-controlled Area blocks
    put(s, "de-4a", "22")
    put(s, "fr-1a", "22")
    assert not in_supply(s, "de-guderian")  # contested, but Allied-controlled: still blocked
    s.control["22"] = "axis"
    assert in_supply(s, "de-guderian")  # a friendly-controlled contested Area lets supply through
    assert not in_supply(s, "fr-7a")  # 21 -> 9? 9 -> 14, 13, 22: cut from the Zones by 16 and 22
    s.control["16"] = "allied"
    assert in_supply(s, "fr-7a")  # 21-16-26-25-B


@pytest.mark.rules("springtime:13.1.1")
def test_the_italians_trace_only_to_italy():
    s = empty_board(fresh())
    put(s, "it-west", "E")
    s.control["E"] = "axis"
    assert in_supply(s, "it-west")
    s.control["E"], s.control["D"] = "allied", "axis"
    put(s, "it-west", "D")
    assert not in_supply(s, "it-west")


@pytest.mark.rules("springtime:13.1.3", "springtime:13.1.4")
def test_belgians_and_dutch_trace_to_their_own_countries():
    s = empty_board(fresh())
    put(s, "be", "9")
    assert in_supply(s, "be")
    s.control["12"] = s.control["13"] = s.control["14"] = s.control["15"] = "axis"
    assert not in_supply(s, "be")  # France is no source for the Belgians
    put(s, "nl", "7")
    put(s, "de-18a", "7")
    s.control["7"] = s.control["10"] = "axis"
    assert in_supply(s, "nl")  # through Fortress Holland
    s.control["8"] = "axis"
    assert not in_supply(s, "nl")


@pytest.mark.rules("springtime:13.2", "springtime:4.4.8")
def test_supply_is_marked_at_the_end_of_every_impulse():
    s = empty_board(fresh())
    put(s, "fr-9a", "12")
    for a in ("13", "17", "22", "15", "11"):
        s.control[a] = "axis"
    impulse(s, "allied", 1)
    text = act(s, {"type": "pass"})
    assert s.units["fr-9a"]["oos"] and "out of supply" in text
    assert [u for u in phases.prompt(s).actions if u["type"] == "redeploy"] == []  # the only Allied unit
    s.control["17"] = "allied"
    assert mark_supply(s) == [] and not s.units["fr-9a"]["oos"]


@pytest.mark.rules("springtime:13.2.4", "springtime:4.4.9")
def test_out_of_supply_units_roll_to_surrender_after_the_refit_phase():
    s = empty_board(fresh())
    put(s, "fr-9a", "12")
    put(s, "fr-7a", "13")
    s.units["fr-9a"]["oos"] = s.units["fr-7a"]["oos"] = True
    s.phase = "refit"
    text = "\n".join(e.text for e in _surrender(s, 3, 2))
    # in id order: the 7th Army rolls 3 and holds, the 9th rolls 2 and surrenders for good
    assert s.units["fr-7a"]["at"] == "13" and s.units["fr-9a"]["at"] == REMOVED
    assert "surrenders" in text and s.morale == 29  # a French unit surrendered -1, in the Refit Phase too (4.4.9)


def _surrender(s, *rolls):
    events = []
    surrender_checks(s, Dice.replaying(rolls), events)
    return events


@pytest.mark.rules("springtime:13.2.5")
def test_an_empty_area_cut_off_from_its_controller_changes_hands():
    s = empty_board(fresh())
    put(s, "fr-7a", "9")
    put(s, "de-4a", "13")
    s.control.update({"13": "axis", "15": "axis", "22": "axis", "21": "axis"})
    events = []
    cut_off_areas(s, events)
    assert s.control["14"] == "axis"  # Allied, empty, no way to a Zone; 9 holds the 7th Army
    assert s.control["9"] == "allied"
    assert s.control["10"] == "axis"
