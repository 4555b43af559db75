"""Combat (13.0-18.0): who attacks, battle dice, the Mobile Forces Battle, results, losses,
retreats, advance, forts, disruption, Breakthrough, the parachute corps, air fleets."""

from __future__ import annotations

import pytest

from tests.games.seeds_of_disaster.helpers import only, resolve
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.seeds_of_disaster import combat, rules, war



def act(state, action, rolls=()):  # type: ignore[no-untyped-def]
    return rules.apply(state, action, Dice.replaying(list(rolls)))


def fight(state, attack, rolls, attacker_extra=(), defender_extra=()):  # type: ignore[no-untyped-def]
    """Declare, commit, stand, commit: the events of the resolution."""
    if state.war.segment == "movement":
        act(state, {"type": "end-movement"})
    act(state, {"type": "attack", **attack})
    for a in attacker_extra:
        act(state, a)
    act(state, {"type": "commit"})
    act(state, {"type": "accept"})
    for a in defender_extra:
        act(state, a)
    return resolve(state, rolls)


def totals(events):  # type: ignore[no-untyped-def]
    return {
        e.data["side"]: e.data for e in events if e.kind == "roll" and "total" in e.data
    }


@pytest.mark.rules("seeds-of-disaster:13.1.2", "seeds-of-disaster:13.1.1")
def test_one_army_and_any_adjacent_corps_attack_together() -> None:
    s = only(
        {"G6": ("AAC", 5), "G4": ("LIM", 5), "XV": ("AAC", 2), "F1": ("LIE", 5)}, cp=0
    )
    # 13.1.1's mandatory half (combat within an Area) never falls due: no unit enters an Area
    # the enemy holds (10.1.12), the parachute corps apart, which drops into a battle already begun
    assert not [a for a in war.actions(s) if a.get("to") == "LIE"]
    with pytest.raises(IllegalAction):
        act(s, {"type": "move", "unit": "G6", "to": "LIE"})
    act(s, {"type": "end-movement"})
    groups = [a for a in war.actions(s) if a["type"] == "attack" and a["area"] == "LIE"]
    assert {tuple(a["units"]) for a in groups} >= {("XV",), ("G6", "XV"), ("G4", "XV")}
    assert {"type": "end-combat"} in war.actions(s)  # attacking is voluntary
    with pytest.raises(IllegalAction):
        act(
            s, {"type": "attack", "area": "LIE", "units": ["G6", "G4"]}
        )  # two armies without 6.2.4
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})  # corps may stay out
    assert s.war.battle and s.war.battle.sides["german"].units == ["G6"]


@pytest.mark.rules("seeds-of-disaster:13.1.4", "seeds-of-disaster:6.2.4", "seeds-of-disaster:13.6")
def test_two_armies_overconcentrate_for_5_cp_and_a_die() -> None:
    s = only({"G6": ("AAC", 5), "G4": ("LIM", 5), "F1": ("LIE", 5)}, cp=5)
    ev = fight(
        s, {"area": "LIE", "units": ["G6", "G4"], "overconcentration": True}, [1] * 12
    )
    assert s.strategic.cp["german"] == 0
    t = totals(ev)
    assert t["german"]["dice"] == {"overconcentration": 1}
    assert t["german"]["strength"] == {"G6": 5, "G4": 5}


@pytest.mark.rules("seeds-of-disaster:13.1.3")
def test_an_area_is_attacked_once_a_segment() -> None:
    s = only({"G6": ("AAC", 9), "XV": ("EIF", 2), "F1": ("LIE", 19)})
    fight(
        s, {"area": "LIE", "units": ["G6"]}, [6, 1, 1]
    )  # Germans lose: 5+6 = 11 vs 19+1+1+0 = 21
    assert not [
        a for a in war.actions(s) if a["type"] == "attack" and a["area"] == "LIE"
    ]


@pytest.mark.rules(
    "seeds-of-disaster:13.6", "seeds-of-disaster:13.6.1", "seeds-of-disaster:13.7.1", "seeds-of-disaster:13.7.2", "seeds-of-disaster:13.7.4", "seeds-of-disaster:13.7.5"
)
def test_defender_die_terrain_and_river_dice_then_the_crt_by_difference() -> None:
    # Ardennes (highland, 1 die) attacked from the Eifel across a clear border
    s = only({"G4": ("EIF", 9), "F2": ("ARD", 5)})
    ev = fight(s, {"area": "ARD", "units": ["G4"]}, [4, 3, 2])
    t = totals(ev)
    assert t["german"]["dice"] == {} and t["german"]["total"] == 9
    assert t["allied"]["dice"] == {"defender": 1, "terrain": 1}
    assert t["allied"]["rolls"] == [4, 3] and t["allied"]["total"] == 5 + 7
    result = next(e for e in ev if e.kind == "result")
    assert result.data == {
        "difference": 3,
        "winner": "allied",
    }  # 3-4: loser 1 step, retreats
    assert s.units["G4"].steps == 8


@pytest.mark.rules("seeds-of-disaster:13.6")
def test_river_dice_only_when_every_attacker_crosses_it() -> None:
    s = only({"G6": ("LIE", 5), "XV": ("MON", 2), "F1": ("NAM", 5)})
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "NAM", "units": ["G6"]})
    b = s.war.battle
    assert combat._river_dice(s, b) == 2  # Liege-Namur is the Meuse, a major river
    b.origins["XV"] = (
        "MON"  # a corps attacking over the Sambre, a minor river: the smaller counts
    )
    assert combat._river_dice(s, b) == 1
    b.origins["GI"] = "BRU"  # attackers on the defender's own bank cancel it
    assert combat._river_dice(s, b) == 0


@pytest.mark.rules("seeds-of-disaster:6.2.5")
def test_combat_engineers_cancel_the_river_dice() -> None:
    s = only({"G6": ("LIE", 9), "F1": ("NAM", 5)}, cp=2)
    ev = fight(
        s,
        {"area": "NAM", "units": ["G6"]},
        [1, 1],
        attacker_extra=[{"type": "option", "option": "engineers"}],
    )
    assert totals(ev)["allied"]["dice"] == {"defender": 1}
    assert s.strategic.cp["german"] == 0


@pytest.mark.rules("seeds-of-disaster:13.7.3")
def test_a_tie_costs_each_side_a_step_and_nobody_moves() -> None:
    s = only({"G6": ("AAC", 6), "F1": ("LIE", 5)})
    fight(s, {"area": "LIE", "units": ["G6"]}, [1])  # 6 = 5 + 1
    assert s.units["G6"].steps == 5 and s.units["F1"].steps == 4
    assert s.units["G6"].zone == "AAC" and s.units["F1"].zone == "LIE"


@pytest.mark.rules("seeds-of-disaster:13.7.6", "seeds-of-disaster:6.1.3")
def test_a_winning_defender_gains_a_cp() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 5)}, cp=0)
    fight(s, {"area": "LIE", "units": ["G6"]}, [2])  # 5 vs 5 + 2: difference 2
    assert s.strategic.cp["allied"] == 1


@pytest.mark.rules("seeds-of-disaster:13.7.5", "seeds-of-disaster:15.0", "seeds-of-disaster:15.1.1", "seeds-of-disaster:6.1.3")
def test_a_difference_of_8_disrupts_and_pays_the_winner_a_cp() -> None:
    s = only({"G6": ("AAC", 14), "F1": ("LIE", 5)}, cp=0)
    fight(s, {"area": "LIE", "units": ["G6"]}, [1])  # 14 vs 6
    assert s.units["F1"].steps == 3 and s.units["F1"].disrupted
    assert s.strategic.cp["german"] == 1


@pytest.mark.rules("seeds-of-disaster:13.7.8")
def test_the_loser_retreats_one_area_towards_a_friendly_mc() -> None:
    s = only({"G6": ("AAC", 12), "F1": ("LIE", 5)})
    fight(s, {"area": "LIE", "units": ["G6"]}, [1])  # 12 vs 6: difference 6
    dist = {"NAM": 2, "BRU": 1, "KEM": 2}  # BRU is an Allied MC
    assert s.units["F1"].zone == "BRU" and dist["BRU"] == min(dist.values())


@pytest.mark.rules("seeds-of-disaster:13.7.8")
def test_a_force_that_cannot_retreat_loses_2_more_and_is_disrupted() -> None:
    # Liege with every way out held by Germans: nowhere closer to an Allied MC
    s = only(
        {
            "G6": ("AAC", 12),
            "XV": ("NAM", 2),
            "XIX": ("BRU", 2),
            "XVI": ("KEM", 2),
            "XXXIX": ("ARD", 2),
            "GI": ("LIM", 2),
            "F1": ("LIE", 9),
        }
    )
    fight(
        s, {"area": "LIE", "units": ["G6"]}, [1]
    )  # 12 vs 10: difference 2, loser 1 step and retreat
    assert (
        s.units["F1"].zone == "LIE"
        and s.units["F1"].steps == 9 - 1 - 2
        and s.units["F1"].disrupted
    )


@pytest.mark.rules("seeds-of-disaster:13.7.9")
def test_the_winner_may_advance_into_the_vacated_area() -> None:
    s = only({"G6": ("AAC", 12), "XV": ("AAC", 2), "F1": ("LIE", 5)})
    fight(s, {"area": "LIE", "units": ["G6", "XV"]}, [1, 1])
    offers = [a for a in war.actions(s) if a["type"] in ("advance", "no-advance")]
    assert {"type": "advance", "to": "LIE", "units": ["G6", "XV"]} in offers
    assert {"type": "advance", "to": "LIE", "units": ["XV"]} in offers
    act(s, {"type": "advance", "to": "LIE", "units": ["G6", "XV"]})
    assert s.units["G6"].zone == "LIE" and s.control["LIE"] == "german"


@pytest.mark.rules("seeds-of-disaster:14.1", "seeds-of-disaster:14.3.1", "seeds-of-disaster:14.3.2")
def test_maginot_forts_add_strength_and_dice_hold_and_stop_the_poised_benefit() -> None:
    s = only({"G1": ("SAA", 15), "XV": ("poised:G1", 2), "F3": ("MET", 5)})
    ev = fight(s, {"area": "MET", "units": ["G1"]}, [1, 1, 1])
    t = totals(ev)
    assert t["allied"]["strength"] == {"F3": 5, "forts": 2}
    assert t["allied"]["dice"] == {"defender": 1, "forts": 2}
    assert not [e for e in ev if e.kind == "roll" and "Mobile Forces Battle" in e.text]
    assert s.units["F3"].zone == "MET"  # 15 vs 10: the loser stays in its forts


@pytest.mark.rules("seeds-of-disaster:5.2.6", "seeds-of-disaster:14.3.3")
def test_fortification_intelligence_removes_the_fort_dice() -> None:
    s = only({"G1": ("SAA", 15), "F3": ("MET", 5)}, ip=10)
    ev = fight(
        s,
        {"area": "MET", "units": ["G1"]},
        [1],
        attacker_extra=[{"type": "option", "option": "fortint"}],
    )
    assert totals(ev)["allied"]["dice"] == {"defender": 1}
    assert s.strategic.ip["german"] == 0


@pytest.mark.rules("seeds-of-disaster:14.3.4")
def test_a_fort_falls_only_to_losses_above_its_strength_and_troops() -> None:
    # Metz (2 forts) held by 1 step: the CRT's worst, 3 steps lost, is not more than 2 + 1
    s = only({"G1": ("SAA", 19), "XV": ("SAA", 2), "F3": ("MET", 1)})
    ev = fight(s, {"area": "MET", "units": ["G1", "XV"]}, [1, 1, 1])  # 22 vs 1+2+3
    assert next(e for e in ev if e.kind == "result").data["difference"] == 16
    assert s.units["F3"].box == "eliminated" and "MET" not in s.war.destroyed_forts
    # Longwy (1 fort) held by 1 step: 3 steps lost is more than 1 + 1
    s = only({"G1": ("TRI", 19), "F3": ("LON", 1)})
    ev = fight(s, {"area": "LON", "units": ["G1"]}, [1, 1])  # 19 vs 1+1+2
    assert next(e for e in ev if e.kind == "result").data["difference"] == 15
    assert s.war.destroyed_forts == ["LON"]
    assert combat.fort_strength(s, "LON", "allied") == 0


@pytest.mark.rules("seeds-of-disaster:14.2", "seeds-of-disaster:14.3.4")
def test_a_westwall_gives_its_forts_and_dots_to_german_defenders() -> None:
    s = only({"F3": ("MET", 9), "G1": ("SAA", 3), "WW1": ("SAA", 2)})
    s.war.player = "allied"
    ev = fight(s, {"area": "SAA", "units": ["F3"]}, [1, 1, 1, 1])
    t = totals(ev)
    assert t["german"]["strength"] == {"G1": 3, "forts": 2}
    assert t["german"]["dice"] == {"defender": 1, "forts": 2}


@pytest.mark.rules("seeds-of-disaster:15.1.4", "seeds-of-disaster:13.6")
def test_a_disrupted_defender_loses_a_die() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 5)})
    s.units["F1"].disrupted = True
    ev = fight(s, {"area": "LIE", "units": ["G6"]}, [])
    assert totals(ev)["allied"]["dice"] == {"defender": 1, "disrupted": -1}


@pytest.mark.rules("seeds-of-disaster:13.6")
def test_a_minus_die_with_no_die_to_lose_goes_to_the_other_side() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 5)})
    b_units = s.units
    b_units["G6"].disrupted = False
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})
    s.units["G6"].disrupted = True  # an attacker without dice that must lose one
    dice = combat.battle_dice(s, s.war.battle, None)
    assert dice["german"] == {} and dice["allied"] == {"defender": 1, "minus die": 1}


@pytest.mark.rules("seeds-of-disaster:13.2.3", "seeds-of-disaster:13.2.4", "seeds-of-disaster:13.2.5", "seeds-of-disaster:9.2.3", "seeds-of-disaster:13.1.5")
def test_the_mobile_forces_battle_gives_2_dice_and_a_poised_units_strength() -> None:
    s = only(
        {"G6": ("AAC", 5), "XV": ("poised:G6", 2), "F1": ("LIE", 5), "DLC": ("LIE", 2)}
    )
    # XV (2 dots) hits on 5+: rolls 5; DLC (1 dot) needs a 6: rolls 5. Then the German 2 dice, the Allied 1.
    ev = fight(s, {"area": "LIE", "units": ["G6"]}, [5, 5, 3, 3, 1])
    mob = [e for e in ev if "Mobile Forces Battle" in e.text]
    assert mob[0].data["needs"] == [5] and mob[0].data["hits"] == 1
    assert mob[1].data["needs"] == [6] and mob[1].data["hits"] == 0
    assert s.units["DLC"].steps == 1  # the hit on the columnar mobile corps
    t = totals(ev)
    assert t["german"]["dice"] == {"poised": 2}
    assert t["german"]["strength"] == {"G6": 5, "XV": 3}


@pytest.mark.rules("seeds-of-disaster:13.2.1")
def test_poised_forces_against_no_mobile_forces_win_without_a_battle() -> None:
    s = only({"G6": ("AAC", 5), "XV": ("poised:G6", 2), "F1": ("LIE", 5)})
    ev = fight(s, {"area": "LIE", "units": ["G6"]}, [1, 1, 1])
    assert not [e for e in ev if e.kind == "roll" and "Mobile Forces Battle" in e.text]
    assert totals(ev)["german"]["dice"] == {"poised": 2}


@pytest.mark.rules("seeds-of-disaster:13.2.2", "seeds-of-disaster:9.1")
def test_columnar_only_mobile_forces_fight_for_no_benefit() -> None:
    s = only({"G6": ("AAC", 5), "XV": ("AAC", 2), "F1": ("LIE", 5), "DLC": ("LIE", 2)})
    ev = fight(s, {"area": "LIE", "units": ["G6", "XV"]}, [1, 1, 1, 1])
    assert len([e for e in ev if "Mobile Forces Battle" in e.text]) == 2
    t = totals(ev)
    assert "poised" not in t["german"]["dice"] and t["german"]["strength"] == {
        "G6": 5,
        "XV": 3,
    }


@pytest.mark.rules("seeds-of-disaster:9.2.4", "seeds-of-disaster:13.7.7")
def test_the_first_loss_falls_on_a_poised_unit() -> None:
    s = only({"G6": ("AAC", 5), "XV": ("poised:G6", 2), "F1": ("LIE", 12)})
    fight(
        s, {"area": "LIE", "units": ["G6"]}, [1, 1, 1, 1]
    )  # 5+3+2 = 10 vs 12+1 = 13: difference 3
    assert s.units["XV"].steps == 1 and s.units["G6"].steps == 5


@pytest.mark.rules("seeds-of-disaster:13.4", "seeds-of-disaster:6.2.7")
def test_retreat_before_combat_costs_a_cp_a_unit_poised_included() -> None:
    s = only({"G6": ("AAC", 9), "F1": ("LIE", 5), "DLM1": ("poised:F1", 2)}, cp=2)
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})
    act(s, {"type": "commit"})
    offers = [a for a in war.actions(s) if a["type"] == "retreat-before"]
    assert {a["to"] for a in offers} == {"NAM", "BRU", "KEM", "LIM", "ARD"}
    act(s, {"type": "retreat-before", "to": "BRU"})
    assert (
        s.strategic.cp["allied"] == 0
        and s.units["F1"].zone == "BRU"
        and s.units["DLM1"].zone == "BRU"
    )


@pytest.mark.rules("seeds-of-disaster:13.5.1", "seeds-of-disaster:13.5.2", "seeds-of-disaster:6.2.3", "seeds-of-disaster:13.3")
def test_air_fleets_fly_over_their_own_troops_a_second_for_a_cp() -> None:
    s = only(
        {
            "G6": ("AAC", 5),
            "LF2": ("reserve", 2),
            "LF3": ("reserve", 1),
            "F1": ("LIE", 5),
            "AASF": ("reserve", 2),
            "ZOAN": ("reserve", 2),
        },
        cp=1,
    )
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})
    act(s, {"type": "air", "unit": "LF2"})
    act(s, {"type": "air", "unit": "LF3"})
    assert s.strategic.cp["german"] == 0
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    fleets = {a["unit"] for a in war.actions(s) if a["type"] == "air"}
    assert fleets == {"ZOAN"}  # no British troops in the battle (13.5.1)


@pytest.mark.rules("seeds-of-disaster:13.5.3", "seeds-of-disaster:18.0")
def test_direct_support_gives_a_die_a_dot_and_a_fleet_flies_once_a_turn() -> None:
    s = only(
        {
            "G6": ("AAC", 5),
            "LF2": ("reserve", 2),
            "F1": ("LIE", 5),
            "ZOAN": ("reserve", 1),
        }
    )
    ev = fight(
        s,
        {"area": "LIE", "units": ["G6"]},
        [1, 1, 1, 1, 1],
        attacker_extra=[{"type": "air", "unit": "LF2"}],
        defender_extra=[{"type": "air", "unit": "ZOAN"}],
    )
    t = totals(ev)
    assert t["german"]["dice"] == {"air": 3} and t["allied"]["dice"] == {
        "defender": 1,
        "air": 1,
    }
    assert s.units["LF2"].flown and s.units["LF2"].box == "reserve"


@pytest.mark.rules("seeds-of-disaster:13.5.4", "seeds-of-disaster:5.2.5")
def test_neutralization_costs_the_lower_side_a_step_and_diverts_the_attacker() -> None:
    s = only(
        {
            "G6": ("AAC", 5),
            "LF2": ("reserve", 2),
            "F1": ("LIE", 5),
            "ZOAN": ("reserve", 2),
        },
        ip=1,
    )
    ev = fight(
        s,
        {"area": "LIE", "units": ["G6"]},
        [1, 6, 1],
        attacker_extra=[{"type": "air", "unit": "LF2"}],
        defender_extra=[
            {"type": "air", "unit": "ZOAN"},
            {"type": "air-mode", "neutralize": True},
            {"type": "option", "option": "airintel"},
        ],
    )
    roll = next(e for e in ev if "neutralization" in e.text)
    assert roll.data["scores"] == {"german": 1 + 3, "allied": 6 + 2 + 1}
    assert s.units["LF2"].steps == 1
    t = totals(ev)
    assert "air" not in t["german"]["dice"] and "air" not in t["allied"]["dice"]


@pytest.mark.rules("seeds-of-disaster:5.2.3", "seeds-of-disaster:5.2.4", "seeds-of-disaster:6.2.6")
def test_ip_and_cp_extras() -> None:
    s = only({"G6": ("AAC", 5), "XV": ("AAC", 2), "F1": ("LIE", 5), "DLC": ("LIE", 2)}, cp=1, ip=2)
    ev = fight(
        s,
        {"area": "LIE", "units": ["G6", "XV"]},
        [1, 1, 1, 1] + [1] * 8,
        attacker_extra=[
            {"type": "option", "option": "tactical"},
            {"type": "option", "option": "recon"},
        ],
        defender_extra=[{"type": "option", "option": "pakfront"}],
    )
    mob = [e for e in ev if "Mobile Forces Battle" in e.text]
    assert mob[0].data["needs"] == [5, 5] and mob[1].data["needs"] == [6, 6]
    assert totals(ev)["german"]["dice"] == {"tactical": 1}
    assert s.strategic.ip["german"] == 0 and s.strategic.cp["allied"] == 0


@pytest.mark.rules("seeds-of-disaster:16.0", "seeds-of-disaster:16.1.1", "seeds-of-disaster:16.1.2", "seeds-of-disaster:16.1.3")
def test_a_breakthrough_lengthens_the_retreat_and_lets_the_stack_attack_again() -> None:
    s = only(
        {"G6": ("AAC", 19), "XV": ("poised:G6", 2), "F1": ("LIE", 2), "F2": ("NAM", 2)}
    )
    fight(
        s, {"area": "LIE", "units": ["G6"]}, [1, 1, 1, 1]
    )  # 19+3+2 vs 2+1: 11 or more
    assert s.units["F1"].box == "eliminated" or s.units["F1"].zone not in ("LIE",)
    act(s, {"type": "advance", "to": "LIE", "units": ["G6"]})
    assert s.war.battle and s.war.battle.step == "breakthrough"
    attacks = [a for a in war.actions(s) if a["type"] == "attack"]
    assert {a["area"] for a in attacks} == {"NAM"} and {
        "type": "end-breakthrough"
    } in war.actions(s)


@pytest.mark.rules("seeds-of-disaster:16.1.7")
def test_a_defensive_breakthrough_costs_the_attacker_3_cp() -> None:
    s = only({"G6": ("AAC", 1), "F1": ("LIE", 19)}, cp=5)
    fight(s, {"area": "LIE", "units": ["G6"]}, [1])
    assert s.strategic.cp["german"] == 2


@pytest.mark.rules("seeds-of-disaster:17.0", "seeds-of-disaster:17.1")
def test_the_parachute_corps_drops_once_with_a_die_and_holds_if_the_enemy_goes() -> (
    None
):
    s = only({"G6": ("AAC", 12), "FJ": ("reserve", 2), "F1": ("LIE", 3)})
    ev = fight(
        s,
        {"area": "LIE", "units": ["G6"]},
        [1, 1, 1],
        attacker_extra=[{"type": "paradrop"}],
    )
    t = totals(ev)
    assert t["german"]["dice"] == {"parachute": 1} and t["german"]["strength"] == {
        "G6": 12,
        "FJ": 2,
    }
    assert s.units["FJ"].zone == "LIE" and s.war.paradrop_used


@pytest.mark.rules("seeds-of-disaster:17.1")
def test_a_parachute_corps_left_alone_with_the_enemy_loses_a_step_and_retreats() -> (
    None
):
    s = only(
        {"G6": ("AAC", 1), "FJ": ("reserve", 2), "F3": ("MET", 9), "G1": ("SAA", 3)}
    )
    s.war.player = "german"
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "MET", "units": ["G1"]})
    act(s, {"type": "paradrop"})
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    resolve(s, [1, 1, 1, 1, 1])
    assert s.units["FJ"].zone != "MET"
    assert s.units["FJ"].box == "eliminated" or s.units["FJ"].steps <= 1


@pytest.mark.rules("seeds-of-disaster:15.1.3")
def test_a_disrupted_army_loses_its_poised_forces_to_columnar() -> None:
    s = only({"G6": ("AAC", 19), "F1": ("LIE", 7), "DLM1": ("poised:F1", 2)})
    # the Allies alone have mobile forces (13.2.1): 7 + 3 + 3 dice (1, 1, 1) = 13 against 19: they
    # lose 2 steps (DLM1's first, 9.2.4), retreat and are disrupted
    fight(s, {"area": "LIE", "units": ["G6"]}, [1, 1, 1])
    assert s.units["F1"].disrupted and s.units["F1"].zone == "BRU"
    dlm = s.units["DLM1"]
    assert (dlm.box, dlm.zone, dlm.army, dlm.steps) == ("map", "BRU", None, 1)
    act(s, {"type": "no-advance"})
    act(s, {"type": "end-combat"})
    # the Allied player-turn: the dropped corps may not move while F1 is disrupted
    assert not [a for a in war.actions(s) if a.get("unit") == "DLM1" and a["type"] in ("move", "sr", "reserve", "poise")]
    act(s, {"type": "recover", "unit": "F1"})
    assert [a for a in war.actions(s) if a.get("unit") == "DLM1" and a["type"] == "move"]


@pytest.mark.rules("seeds-of-disaster:15.2.1", "seeds-of-disaster:15.1.5")
def test_disruption_ends_as_the_other_side_begins_its_turn() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 5)})
    s.units["F1"].disrupted = True
    for _ in range(2):
        rules.apply(s, {"type": "end-movement"}, Dice(1))
        rules.apply(s, {"type": "end-combat"}, Dice(1))
        if s.war.player == "allied":
            assert s.units["F1"].disrupted  # the Allied player-turn: F1 stays disrupted
    assert s.war.player == "german" and s.war.week == 2
    assert not s.units["F1"].disrupted


@pytest.mark.rules("seeds-of-disaster:6.2.8", "seeds-of-disaster:15.2.2", "seeds-of-disaster:15.2.3")
def test_a_cp_recovers_a_disrupted_army_in_its_own_turn() -> None:
    s = only({"G6": ("AAC", 5)}, cp=1)
    s.units["G6"].disrupted = True
    act(s, {"type": "recover", "unit": "G6"})
    assert not s.units["G6"].disrupted and s.strategic.cp["german"] == 0


def test_bad_input_is_an_illegal_action() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 5)})
    for bad in (
        {"type": "move", "unit": 3, "to": "LIE"},
        {"type": "move"},
        {"type": "attack"},
        {"type": "nope"},
        {"type": "attack", "area": "XXX", "units": "G6"},
        {"type": "examine", "area": 5},
    ):
        with pytest.raises(IllegalAction):
            act(s, bad)
    act(s, {"type": "end-movement"})
    for bad in (
        {"type": "attack", "area": "LIE", "units": [1]},
        {"type": "attack", "area": "LIE"},
        {"type": "commit"},
    ):
        with pytest.raises(IllegalAction):
            act(s, bad)


@pytest.mark.parametrize("steps", [1, 2, 3, 4])
@pytest.mark.rules("seeds-of-disaster:7.2.5")
def test_a_belgian_double_corps_counts_one_strength_a_step(steps: int) -> None:
    s = only({"G6": ("AAC", 5), "BI": ("LIE", steps)})
    ev = fight(s, {"area": "LIE", "units": ["G6"]}, [3] * 12)
    assert totals(ev)["allied"]["strength"] == {"BI": steps}


@pytest.mark.rules("seeds-of-disaster:13.2.1", "seeds-of-disaster:13.2.4", "seeds-of-disaster:6.2.6", "seeds-of-disaster:5.2.4")
@pytest.mark.parametrize("defenders", [{"F1": ("LIE", 6)}, {"F1": ("LIE", 6), "DLC": ("LIE", 2)}])
def test_no_mobile_forces_battle_against_a_side_without_mobile_units(defenders) -> None:  # noqa: ANN001
    # NOTES.md (13.2.1): columnar XV against armies alone fights no Mobile Forces Battle, and no
    # die is sold for one; against a mobile DLC it does.
    s = only({"G6": ("AAC", 5), "XV": ("AAC", 2), **defenders}, cp=1, ip=1)
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6", "XV"]})
    held = "DLC" in defenders
    offered = {a.get("option") for a in war.actions(s)}
    assert ({"recon", "pakfront"} <= offered) == held and not ({"recon", "pakfront"} & offered) == held
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    ev = resolve(s, [1] * 16)
    assert any("Mobile Forces Battle" in e.text for e in ev if e.kind == "roll") == held
    assert totals(ev)["allied"]["strength"]["F1"] == 6


@pytest.mark.rules("seeds-of-disaster:13.7.8", "seeds-of-disaster:8.0")
def test_a_stack_of_armies_retreating_from_an_mc_never_overstacks() -> None:
    from wargames_tui.games.seeds_of_disaster import data, losses

    s = only({"G6": ("ARR", 12), "F4": ("AMI", 5), "F7": ("AMI", 5), "BEF": ("AMI", 4)})
    stack = [s.units[u] for u in ("F4", "F7", "BEF")]
    losses.retreat_units(s, stack, "allied", 1, "AMI")
    for a, info in data.areas().items():
        armies = [u for u in s.in_zone(a) if u.side == "allied" and u.kind in ("army", "bef")]
        assert info.mc or len(armies) <= 1, (a, armies)
    assert len({u.zone for u in stack if u.box == "map"}) <= 1  # the force stays together (13.7.8)


@pytest.mark.rules("seeds-of-disaster:13.1.6", "seeds-of-disaster:13.1.5")
def test_a_battle_goes_declaration_retreat_choice_support_then_the_rolls_in_order() -> None:
    s = only(
        {"G6": ("AAC", 5), "XV": ("poised:G6", 2), "LF2": ("reserve", 2),
         "F1": ("LIE", 5), "DLM1": ("poised:F1", 2), "ZOAN": ("reserve", 2)},
        cp=2,
    )
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})
    steps = [(rules.prompt(s).side, rules.phase(s))]
    act(s, {"type": "air", "unit": "LF2"})
    act(s, {"type": "commit"})
    steps.append((rules.prompt(s).side, rules.phase(s)))
    assert {"type": "retreat-before", "to": "BRU"} in rules.prompt(s).actions
    act(s, {"type": "accept"})
    steps.append((rules.prompt(s).side, rules.phase(s)))
    act(s, {"type": "air", "unit": "ZOAN"})
    act(s, {"type": "air-mode", "neutralize": True})
    ev = resolve(s, [6, 6, 1, 1, 3, 3, 3, 3])
    assert steps == [
        ("german", "war-support"),
        ("allied", "war-defend"),
        ("allied", "war-defend-support"),
    ]
    rolls = [e.text.split(":")[0] for e in ev if e.kind == "roll"]
    assert rolls == [
        "German Mobile Forces Battle",
        "Allied Mobile Forces Battle",
        "Air neutralization",
        "German",
        "Allied",
    ]
    assert [e.kind for e in ev].index("result") > [e.kind for e in ev].index("roll")


@pytest.mark.rules("seeds-of-disaster:13.4")
def test_units_that_retreated_before_combat_sit_out_a_battle_for_their_new_area() -> None:
    s = only(
        {"G6": ("AAC", 9), "XIX": ("KEM", 2), "F1": ("LIE", 5), "DLM1": ("poised:F1", 2),
         "BI": ("BRU", 2)},
        cp=2,
    )
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})
    act(s, {"type": "commit"})
    act(s, {"type": "retreat-before", "to": "BRU"})
    act(s, {"type": "no-advance"})
    # XIX (3) misses in the Mobile Forces Battle; 3 against BI 2 + the defender's and the river's dice
    ev = fight(s, {"area": "BRU", "units": ["XIX"]}, [1, 1, 1])
    assert totals(ev)["allied"]["strength"] == {"BI": 2}  # F1 adds nothing
    assert next(e for e in ev if e.kind == "result").data == {"difference": 1, "winner": "allied"}
    assert s.units["F1"].steps == 4  # but shares the result: the winner's step falls on it
    assert s.units["DLM1"].steps == 2  # its poised corps did not support the battle (9.2.4)
    # XIX retreats; of the winners only BI, which fought, may follow (13.7.9)
    assert [a["units"] for a in war.actions(s) if a["type"] == "advance"] == [["BI"]]


@pytest.mark.rules("seeds-of-disaster:14.3.5", "seeds-of-disaster:14.3.2", "seeds-of-disaster:14.1")
def test_maginot_forts_help_the_french_attacking_into_their_area() -> None:
    # the Germans hold Metz with its forts standing; the French attack it from Nancy
    s = only({"G1": ("MET", 5), "XV": ("poised:G1", 2), "F3": ("NAN", 5)})
    s.war.player = "allied"
    ev = fight(s, {"area": "MET", "units": ["F3"]}, [1] * 8)
    t = totals(ev)
    assert t["allied"]["strength"] == {"F3": 5, "forts": 2}
    assert t["allied"]["dice"] == {"forts": 2}
    assert t["german"]["strength"] == {"G1": 5}  # only the French have the Maginot (14.1)
    assert t["german"]["dice"] == {"defender": 1, "river": 1}  # no Poised benefit (14.3.2)
    assert not [e for e in ev if e.kind == "roll" and "Mobile Forces Battle" in e.text]


@pytest.mark.rules("seeds-of-disaster:15.2.2", "seeds-of-disaster:15.2.4", "seeds-of-disaster:6.2.8")
def test_recovery_in_the_player_turn_of_the_disruption_costs_a_corps_step() -> None:
    s = only({"G6": ("AAC", 5), "XV": ("AAC", 2), "F1": ("LIE", 12)}, cp=2)
    # XV misses in the Mobile Forces Battle; 8 against 12 + 6: the Germans lose by 10
    fight(s, {"area": "LIE", "units": ["G6", "XV"]}, [1, 6])
    act(s, {"type": "no-advance"})  # the Allied winner stays in Liege
    assert s.units["G6"].disrupted and s.units["G6"].zone == s.units["XV"].zone == "KOL"
    assert {"type": "recover", "unit": "G6", "poise": True} in war.actions(s)
    act(s, {"type": "recover", "unit": "G6", "poise": True})
    assert not s.units["G6"].disrupted and s.strategic.cp["german"] == 1
    assert s.units["XV"].steps == 1  # the step a same-turn recovery costs
    assert s.units["XV"].box == "poised" and s.units["XV"].army == "G6"  # 15.2.4


@pytest.mark.rules("seeds-of-disaster:15.2.2")
def test_no_same_turn_recovery_without_a_corps_to_pay_the_step() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 12)}, cp=2)
    fight(s, {"area": "LIE", "units": ["G6"]}, [6])  # 5 against 18
    act(s, {"type": "no-advance"})
    assert s.units["G6"].disrupted
    assert not [a for a in war.actions(s) if a["type"] == "recover"]
    with pytest.raises(IllegalAction):
        act(s, {"type": "recover", "unit": "G6"})


@pytest.mark.rules("seeds-of-disaster:15.1.5")
def test_the_disruption_die_stays_for_the_player_turn_after_a_recovery() -> None:
    from wargames_tui.games.seeds_of_disaster.state import Battle

    s = only({"G6": ("AAC", 5), "XV": ("AAC", 2), "F1": ("LIE", 12)}, cp=2)
    fight(s, {"area": "LIE", "units": ["G6", "XV"]}, [1, 6])
    act(s, {"type": "no-advance"})
    act(s, {"type": "recover", "unit": "G6"})
    b = Battle(area="LIE", attacker="german")
    b.sides["german"].units = ["G6"]
    b.sides["german"].air = []
    b.sides["german"].options = ["tactical"]
    assert combat.battle_dice(s, b, None)["german"] == {"tactical": 1, "disrupted": -1}
    s.war.player, s.war.week = "allied", 1  # the next player-turn: the die is back
    assert combat.battle_dice(s, b, None)["german"] == {"tactical": 1}


@pytest.mark.rules("seeds-of-disaster:13.7.7", "seeds-of-disaster:9.2.4", "seeds-of-disaster:15.1.3")
def test_the_owner_chooses_his_losses_poised_first_or_two_army_steps_instead() -> None:
    s = only({"G6": ("AAC", 5), "XV": ("poised:G6", 2), "F1": ("LIE", 12), "BI": ("LIE", 2)})
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    # 13.2.1 Poised benefit: 5 + 3 + 2 dice (1, 1) = 10 against 14 + 6 = 20: the Germans lose 2
    act(s, {"type": "commit"}, [1, 1, 6])
    assert rules.prompt(s).side == "german" and rules.phase(s) == "war-losses"
    assert war.actions(s) == [
        {"type": "loss", "unit": "XV"},
        {"type": "loss", "unit": "G6", "substitute": True},
    ]
    act(s, {"type": "loss", "unit": "G6", "substitute": True})
    assert s.units["G6"].steps == 3 and s.units["XV"].steps == 2
    # the second loss falls where the owner likes, the poised corps included
    assert {a["unit"] for a in war.actions(s)} == {"G6", "XV"}
    with pytest.raises(IllegalAction):
        act(s, {"type": "loss", "unit": "F1"})
    act(s, {"type": "loss", "unit": "XV"})
    assert s.units["XV"].steps == 1 and s.war.battle.step == "advance"
    # G6 retreats, disrupted; XV, dropped from its Poised Forces box, stands with it (15.1.3)
    assert s.units["G6"].disrupted and s.units["XV"].zone == s.units["G6"].zone == "KOL"
    # the Allies may follow into Aachen, but not the Belgians (7.2.5)
    assert [a["units"] for a in war.actions(s) if a["type"] == "advance"] == [["F1"]]


@pytest.mark.rules("seeds-of-disaster:13.7.7")
def test_the_defender_picks_which_unit_absorbs_his_loss() -> None:
    s = only({"G6": ("AAC", 12), "F1": ("LIE", 5), "BI": ("LIE", 2)})
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    act(s, {"type": "commit"}, [1])  # 12 against 7 + 1: the Allies lose 1 and retreat
    assert rules.prompt(s).side == "allied"
    assert war.actions(s)[0] == {"type": "loss", "unit": "F1"}  # the default order first
    act(s, {"type": "loss", "unit": "BI"})
    assert s.units["BI"].steps == 1 and s.units["F1"].steps == 5
    assert s.units["F1"].zone != "LIE"  # then the result goes on: the retreat


def _take_losses(s):  # type: ignore[no-untyped-def]
    while s.war.battle and s.war.battle.step == "losses":
        act(s, war.actions(s)[0])


@pytest.mark.rules("seeds-of-disaster:13.7.8")
def test_the_beaten_owner_picks_the_way_back_then_is_disrupted() -> None:
    s = only({"G6": ("LIE", 12), "F1": ("KEM", 5)})
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "KEM", "units": ["G6"]})
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    act(s, {"type": "commit"}, [1, 1])  # 12 against 5 + the defender's and the river's dice: 5
    _take_losses(s)
    assert rules.prompt(s).side == "allied" and rules.phase(s) == "war-retreat"
    # Antwerp and Brussels are both Allied MCs next to Kempen
    assert war.actions(s) == [
        {"type": "retreat", "from": "KEM", "path": ["ANT"]},
        {"type": "retreat", "from": "KEM", "path": ["BRU"]},
    ]
    with pytest.raises(IllegalAction):
        act(s, {"type": "retreat", "from": "KEM", "path": ["LIM"]})  # not towards an MC
    act(s, {"type": "retreat", "from": "KEM", "path": ["BRU"]})
    assert s.units["F1"].zone == "BRU" and s.units["F1"].disrupted


@pytest.mark.rules("seeds-of-disaster:16.1.1")
def test_after_a_breakthrough_the_winner_picks_the_two_area_retreat() -> None:
    s = only({"G6": ("AAC", 16), "XV": ("poised:G6", 2), "F1": ("LIM", 6)})
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIM", "units": ["G6"]})
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    act(s, {"type": "commit"}, [1, 1, 1])  # 16 + 3 + 2 dice against 6 + 1: 14, a Breakthrough
    _take_losses(s)
    assert s.units["F1"].steps == 3
    assert rules.prompt(s).side == "german"  # the winner chooses
    paths = [a["path"] for a in war.actions(s)]
    assert ["KEM", "BRU"] in paths and all(len(p) == 2 for p in paths)
    act(s, {"type": "retreat", "from": "LIM", "path": ["KEM", "BRU"]})
    assert s.units["F1"].zone == "BRU" and s.control["KEM"] == "allied"


@pytest.mark.rules("seeds-of-disaster:13.2.4", "seeds-of-disaster:13.4")
@pytest.mark.parametrize("retreated", [False, True])
def test_mobile_battle_hits_first_on_a_poised_or_columnar_mobile_unit_then_as_the_owner_likes(retreated: bool) -> None:
    # With F2 retreated into Liege before combat this segment: it sits the battle out (13.4), and
    # no Mobile Forces Battle hit falls on it (NOTES.md); the Combat Results may.
    s = only(
        {"G6": ("AAC", 5), "XV": ("poised:G6", 2), "XIX": ("AAC", 2), "F1": ("LIE", 5),
         "DLC": ("LIE", 2), **({"F2": ("LIE", 5)} if retreated else {})}
    )
    if retreated:
        s.units["F2"].fought = True
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6", "XIX"]})
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    dice = Dice.replaying([5, 6, 1] + [1] * 12)  # XIX and XV hit, the DLC misses
    rules.apply(s, {"type": "commit"}, dice)
    assert rules.prompt(s).side == "allied" and rules.phase(s) == "war-losses"
    assert war.actions(s) == [{"type": "loss", "unit": "DLC"}]  # no poised: a columnar mobile unit
    rules.apply(s, {"type": "loss", "unit": "DLC"}, dice)
    assert {a["unit"] for a in war.actions(s)} == {"F1", "DLC"}  # then any unit of the battle
    ev = rules.apply(s, {"type": "loss", "unit": "F1"}, dice)
    assert s.units["F1"].steps == 4 and s.units["DLC"].steps == 1
    assert totals(ev)["german"]["dice"] == {"poised": 2}  # fewer losses with Poised Forces (13.2.4 e)
    assert totals(ev)["allied"]["strength"] == {"F1": 4, "DLC": 1}


@pytest.mark.rules("seeds-of-disaster:15.2.2", "seeds-of-disaster:15.2.4", "seeds-of-disaster:15.1.5")
def test_an_army_attacked_again_may_recover_at_once_for_a_cp_and_a_step() -> None:
    from tests.games.seeds_of_disaster.helpers import settle

    s = only(
        {"G6": ("AAC", 19), "F1": ("LIE", 7), "DLM1": ("poised:F1", 2), "XIX": ("KEM", 2)}, cp=5
    )
    act(s, {"type": "end-movement"})
    act(s, {"type": "attack", "area": "LIE", "units": ["G6"]})
    act(s, {"type": "commit"})
    act(s, {"type": "accept"})
    act(s, {"type": "commit"}, [1, 1, 1])  # 19 against 7 + 3 + 3: the Allies lose 2, retreat, disrupt
    act(s, {"type": "loss", "unit": "F1", "substitute": True})  # DLM1 kept whole (13.7.7)
    settle(s)
    act(s, {"type": "no-advance"})
    assert s.units["F1"].disrupted and s.units["F1"].zone == "BRU"
    assert s.units["DLM1"].held_by == "F1" and s.units["DLM1"].steps == 2
    # XIX attacks Brussels in the same German player-turn: the Allies may recover F1 at once
    act(s, {"type": "attack", "area": "BRU", "units": ["XIX"]})
    act(s, {"type": "commit"})
    assert rules.prompt(s).side == "allied"
    cp = s.strategic.cp["allied"]
    act(s, {"type": "recover", "unit": "F1", "poise": True})
    assert not s.units["F1"].disrupted and s.strategic.cp["allied"] == cp - 1
    assert s.units["DLM1"].steps == 1  # the step of a recovery in the disruption's player-turn
    assert s.units["DLM1"].box == "poised" and s.units["DLM1"].army == "F1"  # 15.2.4
    act(s, {"type": "accept"})
    ev = act(s, {"type": "commit"}, [1, 1, 1, 1, 1])  # no Mobile Forces Battle hits
    # the die of the disruption stays lost this player-turn (15.1.5); DLM1 wins the Poised benefit
    assert totals(ev)["allied"]["dice"] == {
        "defender": 1, "river": 1, "poised": 2, "disrupted": -1,
    }


@pytest.mark.rules("seeds-of-disaster:13.2.4")
def test_fewer_losses_win_the_mobile_battle_over_more_poised_factors() -> None:
    # e) the side with Poised Forces and fewer losses takes the benefit, however strong the other's
    # Poised Forces; d) with equal losses (or none) the side with more Poised combat factors does.
    s = only({"G6": ("AAC", 5), "XV": ("poised:G6", 2), "XIX": ("poised:G6", 2), "F1": ("LIE", 5), "DLC": ("poised:F1", 2)})
    poised = {"german": ["XV", "XIX"], "allied": ["DLC"]}
    assert combat._poised_winner(s, {"german": 1, "allied": 0}, poised) == "allied"
    assert combat._poised_winner(s, {"german": 0, "allied": 1}, poised) == "german"
    assert combat._poised_winner(s, {"german": 1, "allied": 1}, poised) == "german"
