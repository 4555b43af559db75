"""Combat: values, dice, the four results, the Advantage, retreats and leaders (springtime:9.4, 10, 11.1.2-3, 6.1.3).

The expected values are worked by hand from the counters in units.toml and the tables in
tables.toml (reconstructed; see NOTES.md), not read back from the code."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.springtime import phases
from wargames_tui.games.springtime.state import ELIMINATED

from .helpers import act, assault, empty_board, fresh, put


def sedan(**flags):
    """Guderian with Kleist in Luxembourg; Huntziger's 2nd Army at Sedan (Area 17, TEM 2)."""
    s = empty_board(fresh())
    put(s, "de-guderian", "11")
    s.leaders["kleist"]["unit"] = "de-guderian"
    s.control["11"] = "axis"
    put(s, "fr-2a", "17", leader=True)
    s.flags.update(flags)
    assault(s, "axis", ["K"], 2)
    return s


def attack(s, area, units, lead, air=None):
    act(s, {"type": "attack", "area": area, "units": units, "lead": lead, "air": air})


@pytest.mark.rules("springtime:10.4", "springtime:10.4.1", "springtime:10.4.2", "springtime:10.4.3", "springtime:9.4.2",
                   "springtime:10.4.4", "springtime:3.5", "springtime:10.4.6")
def test_an_overrun_at_sedan():
    s = sedan()
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    attack(s, "17", ["de-guderian"], "de-guderian", "air-de-1")
    assert phases.prompt(s).side == "allied"
    # AV = 6 (Guderian) + 2 (Kleist) + 4 (Luftwaffe, reduced face); DV = 4 (2nd Army) + 2 (TEM) + 2 (Huntziger)
    text = act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 3, 3, 4, 4)
    assert "Attack 12+6=18 against defence 8+8=16: overrun" in text
    assert s.units["fr-2a"]["at"] == ELIMINATED and s.leaders["huntziger"]["unit"] is None  # 10.4.5
    assert not s.units["de-guderian"]["reduced"]  # defender's DR 8 < 10
    assert s.control["17"] == "axis" and s.morale == 30 - 1  # a French army lost; an Area has no line (tables.toml)
    assert s.step == "assault"


@pytest.mark.rules("springtime:10.4.4")
def test_an_overrun_costs_the_attacker_a_step_on_a_defence_roll_of_10():
    s = sedan()
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    attack(s, "17", ["de-guderian"], "de-guderian", "air-de-1")
    act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 6, 6, 5, 5)
    assert s.units["fr-2a"]["at"] == ELIMINATED and s.units["de-guderian"]["reduced"]


@pytest.mark.rules("springtime:10.4.4", "springtime:10.5", "springtime:10.5.2")
def test_a_success_reduces_the_lead_defender_and_the_rest_retreat():
    s = empty_board(fresh())
    put(s, "de-4a", "5")
    put(s, "de-12a", "5")
    put(s, "fr-1a", "13")
    put(s, "fr-prioux", "13")
    s.control["15"] = "axis"
    assault(s, "axis", ["A"], 2)
    act(s, {"type": "move", "unit": "de-4a", "to": "12"})
    act(s, {"type": "move", "unit": "de-4a", "to": "13"})
    act(s, {"type": "move", "unit": "de-12a", "to": "12"})
    act(s, {"type": "move", "unit": "de-12a", "to": "13"})
    attack(s, "13", ["de-4a", "de-12a"], "de-4a")
    # AV = 5 + 1 = 6 (no leaders here); DV = 5 (1st Army) + 1 (Prioux) + 2 (TEM) = 8; DR 8 hurts the attacker
    text = act(s, {"type": "defend", "lead": "fr-1a", "air": None}, 5, 6, 4, 4)
    assert "Attack 6+11=17 against defence 8+8=16: success" in text
    assert s.units["fr-1a"]["reduced"] and s.units["de-4a"]["reduced"]
    assert s.step == "retreat" and phases.prompt(s).side == "allied"
    # Priority A: the Free Areas 9, 14 and 22 each touch no enemy-controlled Area; 12 (taken on
    # the way) and 15 are enemy-controlled and vacant: no retreat there.
    options = {a["to"] for a in phases.prompt(s).actions if a["unit"] == "fr-1a"}
    assert options == {"9", "14", "22"}
    s.control["10"] = "axis"  # now 14 touches an enemy Area and drops out
    assert {a["to"] for a in phases.prompt(s).actions if a["unit"] == "fr-1a"} == {"9", "22"}
    act(s, {"type": "retreat", "unit": "fr-1a", "to": "9"})
    act(s, {"type": "retreat", "unit": "fr-prioux", "to": "9"})
    assert s.control["13"] == "axis" and s.step == "assault"


@pytest.mark.rules("springtime:10.4.4", "springtime:10.5.3")
def test_a_stalemate_reduces_both_leads_and_either_may_retreat_defender_first():
    s = sedan()
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    attack(s, "17", ["de-guderian"], "de-guderian")
    # AV 8 + DR 6 = 14; DV 8 + DR 6 = 14
    act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 3, 3, 3, 3)
    assert s.units["de-guderian"]["reduced"] and s.units["fr-2a"]["reduced"]
    assert phases.prompt(s).side == "allied" and {"type": "stay", "unit": "fr-2a"} in phases.prompt(s).actions
    act(s, {"type": "stay", "unit": "fr-2a"})
    assert phases.prompt(s).side == "axis"
    act(s, {"type": "retreat", "unit": "de-guderian", "to": "11"})  # back where it came from
    assert s.units["de-guderian"]["at"] == "11" and s.leaders["kleist"]["unit"] == "de-guderian"


@pytest.mark.rules("springtime:10.1", "springtime:10.5")
def test_a_mandatory_attack_must_be_made_and_a_repulse_sends_the_attackers_back():
    s = sedan()
    s.advantage = None
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    assert not any(a["type"] == "end" for a in phases.prompt(s).actions)
    attack(s, "17", ["de-guderian"], "de-guderian")
    act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 1, 1, 6, 6)
    assert s.units["de-guderian"]["reduced"]
    act(s, {"type": "stay", "unit": "fr-2a"})  # the defender's voluntary retreat comes first (10.5.3)
    assert phases.prompt(s).actions == [{"type": "retreat", "unit": "de-guderian", "to": "11"}]


@pytest.mark.rules("springtime:10.2", "springtime:10.3")
def test_optional_attacks_from_a_contested_area_and_no_retreat_on_a_loss():
    s = empty_board(fresh())
    put(s, "de-4a", "13")
    put(s, "de-hoth", "13")
    put(s, "fr-1a", "13")
    s.advantage = None
    assault(s, "axis", ["A"], 2)
    assert any(a["type"] == "end" for a in phases.prompt(s).actions)  # not mandatory
    with pytest.raises(IllegalAction):
        attack(s, "13", [], "de-4a")
    attack(s, "13", ["de-4a"], "de-4a")  # some of the units
    act(s, {"type": "defend", "lead": "fr-1a", "air": None}, 1, 1, 6, 6)
    assert s.units["de-4a"]["at"] == "13" and s.units["de-4a"]["reduced"]
    assert s.step in ("retreat", "assault")
    while s.step == "retreat":
        assert phases.prompt(s).side == "allied"  # only the defender's voluntary retreat
        act(s, {"type": "stay", "unit": s.retreats[0]["unit"]})


@pytest.mark.rules("springtime:9.4.1")
def test_air_support_matches_the_lead_unit_and_serves_once_an_impulse():
    s = empty_board(fresh())
    put(s, "de-hoth", "5")
    put(s, "de-4a", "5")
    put(s, "bef", "13")
    put(s, "fr-1a", "13")
    put(s, "fr-9a", "12")
    assault(s, "axis", ["A"], 2)
    act(s, {"type": "move", "unit": "de-hoth", "to": "12"})
    attack(s, "12", ["de-hoth"], "de-hoth", "air-de-1")
    act(s, {"type": "defend", "lead": "fr-9a", "air": "air-fr"}, 6, 6, 1, 1)
    assert s.units["fr-9a"]["at"] == ELIMINATED  # overrun
    act(s, {"type": "move", "unit": "de-4a", "to": "15"})
    act(s, {"type": "move", "unit": "de-4a", "to": "13"})
    with pytest.raises(IllegalAction):
        attack(s, "13", ["de-4a"], "de-4a", "air-de-1")  # placed once this impulse
    attack(s, "13", ["de-4a"], "de-4a", "air-de-2")
    defs = phases.prompt(s).actions
    assert {"type": "defend", "lead": "bef", "air": "air-gb"} in defs
    assert {"type": "defend", "lead": "bef", "air": "air-fr"} not in defs  # the French marker has flown
    assert {"type": "defend", "lead": "fr-1a", "air": "air-gb"} not in defs  # nation must match


@pytest.mark.rules("springtime:9.4.2", "springtime:4.4.7")
def test_air_values_reduced_and_full():
    from wargames_tui.games.springtime.combat import air_value
    s = fresh()
    assert [air_value(s, a) for a in ("air-de-1", "air-fr", "air-gb")] == [4, 3, 2]
    s.flags["new_squadrons"] = True
    s.air_full = ["air-de-1", "air-de-2"]
    assert [air_value(s, a) for a in ("air-de-1", "air-fr", "air-gb")] == [5, 4, 3]


@pytest.mark.rules("springtime:11.1.2")
def test_heroic_defense_turns_a_success_into_a_stalemate():
    s = sedan()
    s.advantage = "allied"
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    attack(s, "17", ["de-guderian"], "de-guderian")
    act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 6, 6, 1, 1)
    assert s.step == "advantage" and phases.prompt(s).side == "allied"
    act(s, {"type": "advantage", "use": "heroic"})
    assert s.units["fr-2a"]["at"] == "17" and s.units["fr-2a"]["reduced"] and s.units["de-guderian"]["reduced"]
    assert s.advantage is None and s.advantage_used == "allied"


@pytest.mark.rules("springtime:11.1.3")
def test_maximum_attack_turns_a_repulse_into_a_stalemate():
    s = sedan()
    assert s.advantage == "axis"
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    attack(s, "17", ["de-guderian"], "de-guderian")
    act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 1, 1, 6, 6)
    assert s.step == "advantage" and phases.prompt(s).side == "axis"
    act(s, {"type": "advantage", "use": "maximum"})
    assert s.combat is None or s.combat["result"] == "stalemate"
    assert s.units["fr-2a"]["reduced"]


@pytest.mark.rules("springtime:10.5.4", "springtime:11.1.1")
def test_the_maginot_line_and_paris_need_not_retreat_unless_an_open_city():
    for area, open_city, must in (("18", False, False), ("25", False, False), ("25", True, True)):
        s = empty_board(fresh())
        put(s, "de-6a", "24" if area == "25" else "2")
        put(s, "fr-3a", area)
        put(s, "fr-5a", area)
        s.control["24"] = "axis"
        s.flags["open_city"] = open_city
        assault(s, "axis", ["B"], 2)
        act(s, {"type": "move", "unit": "de-6a", "to": area})
        attack(s, area, ["de-6a"], "de-6a")
        act(s, {"type": "defend", "lead": "fr-3a", "air": None}, 6, 6, 1, 1)
        assert s.step == "retreat"
        first = s.retreats[0]["unit"]
        assert ({"type": "stay", "unit": first} in phases.prompt(s).actions) is (not must), (area, open_city)


@pytest.mark.rules("springtime:10.5.2", "springtime:10.5.1", "springtime:10.5.6")
def test_retreat_priorities_and_elimination_when_none_is_left():
    from wargames_tui.games.springtime.combat import retreat_options
    s = empty_board(fresh())
    put(s, "fr-7a", "21")
    s.control["16"] = "axis"
    put(s, "de-6a", "21")
    s.combat = {"area": "21", "defender": "allied", "attacker": "axis"}
    s.imp = {"moved": {}}
    # from 21: 9 (Free), 16 (Axis, vacant: never), 27 not adjacent
    assert retreat_options(s, "fr-7a", "defender") == ["9"]
    s.control["9"] = "axis"
    put(s, "de-4a", "9")
    put(s, "fr-1a", "9")
    assert retreat_options(s, "fr-7a", "defender") == ["9"]  # C: enemy-controlled, contested
    for u in ("fr-2a", "fr-9a", "fr-prioux", "fr-1dcr"):
        put(s, u, "9")
    assert retreat_options(s, "fr-7a", "defender") == []  # D: only a full Area: eliminated


@pytest.mark.rules("springtime:10.5.6")
def test_belgians_and_dutch_retreat_only_at_home():
    from wargames_tui.games.springtime.combat import retreat_options
    s = empty_board(fresh())
    put(s, "be", "14")
    put(s, "nl", "10")
    s.combat = {"area": "14", "defender": "allied", "attacker": "axis"}
    s.imp = {"moved": {}}
    assert set(retreat_options(s, "be", "defender")) <= {"13", "15"}
    s.combat["area"] = "10"
    assert set(retreat_options(s, "nl", "defender")) <= {"7", "8"}
    s.control["7"] = s.control["8"] = "axis"
    assert retreat_options(s, "nl", "defender") == []


@pytest.mark.rules("springtime:10.5.6", "springtime:14.3")
def test_a_unit_that_cannot_retreat_is_eliminated():
    s = empty_board(fresh())
    put(s, "de-hoth", "D")
    put(s, "fr-alp", "E")
    s.control["D"] = "axis"
    assault(s, "axis", ["A"], 2)
    act(s, {"type": "move", "unit": "de-hoth", "to": "E"})
    attack(s, "E", ["de-hoth"], "de-hoth")
    act(s, {"type": "defend", "lead": "fr-alp", "air": None}, 6, 6, 1, 1)
    assert s.units["fr-alp"]["at"] == ELIMINATED  # overrun
    s = empty_board(fresh())
    put(s, "de-4a", "D")
    put(s, "fr-alp", "E")
    put(s, "fr-8a", "E")
    s.control["D"] = "axis"
    assault(s, "axis", ["A"], 2)
    act(s, {"type": "move", "unit": "de-4a", "to": "E"})
    attack(s, "E", ["de-4a"], "de-4a")
    act(s, {"type": "defend", "lead": "fr-alp", "air": None}, 6, 6, 1, 1)
    # the only way out is Italy (F) or D, held by the Axis and vacant: no retreat, eliminated
    assert s.units["fr-8a"]["at"] == ELIMINATED and s.step == "assault"


@pytest.mark.rules("springtime:10.4.5")
def test_kleist_stays_with_another_of_his_units():
    s = empty_board(fresh())
    put(s, "de-guderian", "11")
    put(s, "de-reinhardt", "11")
    s.leaders["kleist"]["unit"] = "de-guderian"
    s.control["11"] = "axis"
    put(s, "fr-2a", "17", leader=True)
    s.advantage = None
    assault(s, "axis", ["K"], 2)
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    act(s, {"type": "move", "unit": "de-reinhardt", "to": "17"})
    attack(s, "17", ["de-guderian", "de-reinhardt"], "de-guderian")
    s.units["de-guderian"]["reduced"] = True
    act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 1, 1, 6, 6)
    assert s.units["de-guderian"]["at"] == ELIMINATED and s.leaders["kleist"]["unit"] == "de-reinhardt"
    assert s.morale == 31  # a German unit lost


@pytest.mark.rules("springtime:10.4.5")
def test_a_leader_leaves_with_the_last_of_his_command_and_returns_with_its_rebuilt_army():
    s = sedan()
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    attack(s, "17", ["de-guderian"], "de-guderian", "air-de-1")
    act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 3, 3, 4, 4)  # an overrun
    assert s.units["fr-2a"]["at"] == ELIMINATED and s.leaders["huntziger"]["unit"] is None
    s.phase = "maneuvers"
    phases._end_maneuvers(s, None, [])
    act(s, {"type": "rebuild", "unit": "fr-2a", "area": "25", "full": False})
    assert s.leaders["huntziger"]["unit"] == "fr-2a"


@pytest.mark.rules("springtime:6.1.3")
def test_command_confidence_flips_leaders_on_an_axis_success():
    s = sedan(confidence=True)
    put(s, "fr-3a", "17", leader=True)
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    attack(s, "17", ["de-guderian"], "de-guderian")
    act(s, {"type": "defend", "lead": "fr-2a", "air": None}, 6, 6, 1, 1)
    assert s.leaders["kleist"]["flipped"] and s.leaders["conde"]["flipped"]
    from wargames_tui.games.springtime.positions import leader_rating
    assert leader_rating(s, "kleist") == 3 and leader_rating(s, "conde") == 0


@pytest.mark.rules("springtime:13.2.2")
def test_out_of_supply_costs_one_a_unit_in_combat():
    from wargames_tui.games.springtime.combat import (
        attack_parts,
        defence_parts,
        parts_total,
    )
    s = sedan()
    s.units["de-guderian"]["oos"] = True
    s.units["fr-2a"]["oos"] = True
    assert parts_total(attack_parts(s, ["de-guderian"], "de-guderian", None)) == 6 + 2 - 1
    assert parts_total(defence_parts(s, "17", ["fr-2a"], "fr-2a", None, ["de-guderian"])) == 4 + 2 + 2 - 1


def test_a_river_crossing_adds_to_the_defence():
    from wargames_tui.games.springtime.combat import defence_parts, parts_total
    s = empty_board(fresh())
    put(s, "de-hoth", "12")
    put(s, "fr-2a", "17")
    s.control["12"] = "axis"
    assault(s, "axis", ["A"], 2)
    act(s, {"type": "move", "unit": "de-hoth", "to": "17"})  # 12-17: the Meuse
    assert parts_total(defence_parts(s, "17", ["fr-2a"], "fr-2a", None, ["de-hoth"])) == 4 + 2 + 1


@pytest.mark.rules("springtime:10.4.1", "springtime:10.4.4")
def test_the_chance_to_win_counts_both_rolls_of_two_dice():
    from fractions import Fraction

    from wargames_tui.games.springtime.contract import results
    # Of the 1296 pairs of 2d6 rolls, 146 tie; half the rest favour each side: 575 wins at equal values.
    assert results(0) == {"win": Fraction(575, 1296), "stalemate": Fraction(146, 1296), "repulse": Fraction(575, 1296)}
    # Four behind, the attacker needs to out-roll by five or more: 56+35+20+10+4+1 = 126 pairs.
    assert results(-4)["win"] == Fraction(126, 1296)
    assert results(11)["win"] == 1 and results(-10)["win"] == 0


@pytest.mark.rules("springtime:10.4.2", "springtime:10.4.3")
def test_preview_names_the_values_of_an_attack_and_nothing_else():
    from wargames_tui.games.springtime import preview
    s = empty_board(fresh())
    for uid in ("de-6a", "de-schmidt"):
        put(s, uid, "22")
    put(s, "fr-7a", "22")
    assault(s, "axis", ["B"], 2)
    words = preview(s, {"type": "attack", "area": "22", "units": ["de-6a", "de-schmidt"], "lead": "de-6a", "air": "air-de-1"})
    # 6th Army CV 5, Schmidt +1, Luftwaffe +4 = 10 against the 7th Army's CV 4 + TEM 1 = 5, or 8 with
    # air; two ahead, the attack fails when out-rolled by two or more: 435 of 1296 pairs.
    assert words is not None and words.odds == "attack 10 (lead CV 5) vs defence 5-8"
    assert [(m.value, m.why) for m in words.modifiers] == [("+1", "other units"), ("+4", "air")]
    assert words.results[0].rolls == f"{round(100 * (1 - 435 / 1296))}%" == "66%" and words.results[0].result == "success"
    assert preview(s, {"type": "attack", "area": "22", "units": ["de-6a"], "lead": "fr-7a", "air": None}) is None
    assert preview(s, {"type": "attack", "area": "9", "units": ["de-6a"], "lead": "de-6a", "air": None}) is None
    assert preview(s, {"type": "move", "unit": "de-6a", "to": "13"}) is None
    assert preview(s, {"type": "attack", "area": 5, "units": "x", "lead": None}) is None


def _crossing_bonus(moves: list[tuple[str, str]], already: list[str], area: str, defender: str, groups: list[str]) -> dict[str, int]:
    """The river and Maginot lines of the Defense Value when the attackers in `already` began the
    impulse in the (Contested) Area and the others entered it by `moves` (unit, from)."""
    from wargames_tui.games.springtime.combat import defence_parts
    s = empty_board(fresh())
    put(s, defender, area)
    for uid in already:
        put(s, uid, area)
    for uid, start in moves:
        put(s, uid, start)
        s.control[start] = "axis"
    assault(s, "axis", groups, 2)
    for uid, _ in moves:
        act(s, {"type": "move", "unit": uid, "to": area})
    # Which attacker leads does not enter: the lines read every attacking unit (NOTES.md, reading 9a).
    parts = dict(defence_parts(s, area, [defender], defender, None, already + [u for u, _ in moves]))
    return {"river": parts["river"], "maginot": parts["Maginot Line"]}


@pytest.mark.rules("springtime:10.4.3", "springtime:10.3")
def test_the_river_counts_only_when_every_attacker_crossed_it_this_impulse():
    # 12-17 is the Meuse (a river), 11-17 open ground.
    assert _crossing_bonus([("de-hoth", "12"), ("de-4a", "12")], [], "17", "fr-2a", ["A"])["river"] == 1
    assert _crossing_bonus([("de-hoth", "12"), ("de-guderian", "11")], [], "17", "fr-2a", ["A", "K"])["river"] == 0
    # One attacker was already in the Contested Area: it crossed nothing this impulse, lead or not.
    assert _crossing_bonus([("de-reinhardt", "12")], ["de-guderian"], "17", "fr-2a", ["K"])["river"] == 0


@pytest.mark.rules("springtime:10.4.3")
def test_the_maginot_line_counts_only_when_every_attacker_crossed_it_this_impulse():
    # 2-19 is the Maginot Line, 18-19 open ground.
    assert _crossing_bonus([("de-1a", "2"), ("de-7a", "2")], [], "19", "fr-3a", ["C"]) == {"river": 0, "maginot": 2}
    assert _crossing_bonus([("de-1a", "2"), ("de-7a", "18")], [], "19", "fr-3a", ["C"])["maginot"] == 0
