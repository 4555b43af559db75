"""Movement at war: MP and terrain, stacking, borders, SR, Reserve, Poised Forces (8.0-12.0, 2.3.2)."""

from __future__ import annotations

import pytest

from tests.games.seeds_of_disaster.helpers import only
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.seeds_of_disaster import movement, rules, war



def act(state, action):  # type: ignore[no-untyped-def]
    return rules.apply(state, action, Dice(1))


def moves(state, unit):  # type: ignore[no-untyped-def]
    return {
        a["to"]: a.get("engineers", False)
        for a in war.actions(state)
        if a.get("unit") == unit and a["type"] == "move"
    }


@pytest.mark.rules("seeds-of-disaster:10.1.5", "seeds-of-disaster:10.1.7")
def test_an_army_has_3_mp_and_pays_terrain_and_rivers() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("DUN", 5)})
    reach = movement.reach(s, s.units["G6"])
    assert reach["LIE"] == 1  # clear border, clear area
    assert reach["EIF"] == 2  # highland costs 2
    # AAC -> LIE (1) -> ARD: a minor river 1 + highland 2 = 4 in all; AAC -> EIF (2) -> ARD (2) = 4
    assert "ARD" not in reach
    assert "NAM" not in reach  # LIE -> NAM is a major river: 1 + 1 + 2 = 4 > 3


@pytest.mark.rules("seeds-of-disaster:10.1.10")
def test_a_cp_cancels_major_river_costs() -> None:
    s = only({"G6": ("LIE", 5)}, cp=1)
    opts = moves(s, "G6")
    assert opts.get("NAM") is False  # 1 + 2 = 3: reachable without paying
    assert (
        opts.get("MAU") is True
    )  # LIE -> NAM (3) -> MAU needs the CP: 1 + 0 then minor 2 = 3
    act(s, {"type": "move", "unit": "G6", "to": "MAU", "engineers": True})
    assert s.strategic.cp["german"] == 0 and s.units["G6"].zone == "MAU"


@pytest.mark.rules("seeds-of-disaster:10.1.11")
def test_a_unit_moves_once_a_segment() -> None:
    s = only({"G6": ("AAC", 5)})
    act(s, {"type": "move", "unit": "G6", "to": "LIE"})
    assert not moves(s, "G6")
    with pytest.raises(IllegalAction):
        act(s, {"type": "move", "unit": "G6", "to": "AAC"})


@pytest.mark.rules("seeds-of-disaster:10.1.12")
def test_no_entering_or_passing_enemy_areas() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 5)})
    reach = movement.reach(s, s.units["G6"])
    assert "LIE" not in reach and "NAM" not in reach


@pytest.mark.rules("seeds-of-disaster:8.0")
def test_one_army_an_area_except_in_mcs() -> None:
    s = only({"G6": ("AAC", 5), "G4": ("LIE", 5), "G2": ("KOL", 5), "G9": ("ESS", 5)})
    assert "LIE" not in moves(s, "G6")  # an army is there
    assert "ESS" in moves(s, "G2")  # an MC holds any number
    act(s, {"type": "move", "unit": "G2", "to": "ESS"})
    assert [u.id for u in s.in_zone("ESS")] == ["G2", "G9"]


@pytest.mark.rules("seeds-of-disaster:8.0")
def test_corps_stack_without_limit() -> None:
    s = only({"G4": ("LIE", 5), "XV": ("AAC", 2), "XIX": ("LIE", 2)})
    assert "LIE" in moves(s, "XV")


@pytest.mark.rules("seeds-of-disaster:12.0", "seeds-of-disaster:7.2.5")
def test_dutch_and_belgians_stay_home_and_the_allies_wait_for_the_germans() -> None:
    s = only({"BI": ("LIE", 4), "NII": ("LIM", 2), "F1": ("LIL", 5), "G6": ("ESS", 5)})
    s.war.player, s.war.entered = "allied", []
    assert all(
        movement.data.areas()[a].country == "B"
        for a in movement.reach(s, s.units["BI"])
    )
    assert all(
        movement.data.areas()[a].country == "N"
        for a in movement.reach(s, s.units["NII"])
    )
    assert all(
        movement.data.areas()[a].country == "F"
        for a in movement.reach(s, s.units["F1"])
    )
    s.war.entered.append("B")
    assert "GHE" in movement.reach(s, s.units["F1"])


@pytest.mark.rules("seeds-of-disaster:12.0")
def test_event_4_opens_belgium_to_the_allies() -> None:
    s = only({"F1": ("LIL", 5)})
    s.war.entered = []
    s.strategic.in_force.append("allies_enter_belgium")
    assert "GHE" in movement.reach(s, s.units["F1"])


@pytest.mark.rules("seeds-of-disaster:12.0")
def test_a_german_entry_opens_that_country() -> None:
    s = only({"G6": ("AAC", 5)})
    s.war.entered = []
    act(s, {"type": "move", "unit": "G6", "to": "LIE"})
    assert s.war.entered == ["B"]


@pytest.mark.rules("seeds-of-disaster:11.0", "seeds-of-disaster:6.2.1")
def test_one_free_strategic_redeployment_then_1_cp_each() -> None:
    s = only(
        {"G2": ("MUN", 5), "G9": ("FRA", 5), "G6": ("AAC", 5), "F1": ("LIE", 5)}, cp=1
    )
    srs = [a for a in war.actions(s) if a["type"] == "sr"]
    assert not [a for a in srs if a["unit"] == "G6"]  # next to the enemy in Liege
    act(s, {"type": "sr", "unit": "G2", "to": "KAR"})
    assert s.strategic.cp["german"] == 1 and s.war.free_sr_used
    act(s, {"type": "sr", "unit": "G9", "to": "EMS"})
    assert s.strategic.cp["german"] == 0
    assert "move" not in {
        a["type"] for a in war.actions(s) if a.get("unit") in ("G2", "G9")
    }


@pytest.mark.rules("seeds-of-disaster:11.0")
def test_sr_only_to_friendly_areas_and_not_through_the_enemy() -> None:
    s = only({"G2": ("MUN", 5), "F1": ("LIE", 5)})
    dests = movement.sr_options(s, s.units["G2"])
    assert "NAM" not in dests  # held by the Allies
    assert all(s.control[a] == "german" for a in dests)


@pytest.mark.rules("seeds-of-disaster:2.3.2", "seeds-of-disaster:6.2.2")
def test_reserve_costs_a_cp_and_holds_the_unit_for_the_turn() -> None:
    s = only({"XV": ("KOL", 2), "G6": ("AAC", 5)}, cp=1)
    act(s, {"type": "reserve", "unit": "XV"})
    assert s.units["XV"].box == "reserve" and s.strategic.cp["german"] == 0
    assert (
        movement.deploy_options(s, s.units["XV"]) == []
    )  # not out again this turn (2.3.2 a)
    s.war.week = 2
    s.units["XV"].moved = False
    dests = movement.deploy_options(s, s.units["XV"])
    assert (
        "AAC" in dests and "LIE" in dests and "NAM" in dests
    )  # up to 2 areas from a friendly unit
    assert "MAU" not in dests


@pytest.mark.rules("seeds-of-disaster:2.3.2")
def test_deploying_from_reserve_stays_off_enemy_ground() -> None:
    s = only({"XV": ("reserve", 2), "G6": ("AAC", 5), "F1": ("LIE", 5)})
    s.units["XV"].reserve_turn = 0
    dests = movement.deploy_options(s, s.units["XV"])
    assert "LIE" not in dests and "NAM" not in dests


@pytest.mark.rules("seeds-of-disaster:9.2.2", "seeds-of-disaster:10.1.9", "seeds-of-disaster:9.2")
def test_a_mobile_corps_is_poised_in_its_army_area_and_carried_along() -> None:
    s = only({"G6": ("AAC", 5), "XV": ("AAC", 2), "GI": ("AAC", 2)})
    poise = [a for a in war.actions(s) if a["type"] == "poise"]
    assert poise == [
        {"type": "poise", "unit": "XV", "army": "G6"}
    ]  # infantry corps may not
    act(s, poise[0])
    act(s, {"type": "move", "unit": "G6", "to": "LIE"})
    assert s.units["XV"].box == "poised" and s.units["XV"].zone == "LIE"


@pytest.mark.rules("seeds-of-disaster:15.1.2")
def test_a_disrupted_army_does_not_move() -> None:
    s = only({"G6": ("AAC", 5)})
    s.units["G6"].disrupted = True
    assert not moves(s, "G6")


@pytest.mark.rules("seeds-of-disaster:7.2.1", "seeds-of-disaster:10.1.6")
def test_mobilized_units_enter_at_a_home_mc() -> None:
    s = only({"G2": ("mobilized", 5)})
    entries = {a["to"] for a in war.actions(s) if a["type"] == "enter"}
    assert entries == {"MUN", "ESS", "KOL", "FRA", "KAR"}


@pytest.mark.rules("seeds-of-disaster:21.4")
def test_the_last_british_corps_lands_from_week_3() -> None:
    s = only({"BRA1": ("mobilized", 1), "BRI": ("mobilized", 2)})
    s.war.player = "allied"
    landing = {
        a["unit"]
        for a in war.actions(s)
        if a["type"] == "enter" and a["unit"].startswith("BR")
    }
    assert landing == {"BRI"}
    s.war.week = 3
    coast = {
        a["to"] for a in war.actions(s) if a["type"] == "enter" and a["unit"] == "BRA1"
    }
    assert coast == {"DUN", "CAL", "ABB", "ROU"}


@pytest.mark.rules("seeds-of-disaster:20.0")
def test_passing_through_an_area_takes_it() -> None:
    s = only({"XV": ("AAC", 2)})
    act(s, {"type": "move", "unit": "XV", "to": "NAM"})
    assert s.control["LIE"] == "german" and s.control["NAM"] == "german"


@pytest.mark.rules("seeds-of-disaster:10.1.8", "seeds-of-disaster:10.1.1")
def test_every_unit_on_the_map_may_move_in_the_movement_segment() -> None:
    s = only({"G6": ("AAC", 5), "XV": ("KOL", 2), "GI": ("MUN", 2)})
    movers = {a["unit"] for a in war.actions(s) if a["type"] == "move"}
    assert movers == {"G6", "XV", "GI"}
    act(s, {"type": "end-movement"})
    assert not [a for a in war.actions(s) if a["type"] == "move"]


@pytest.mark.rules("seeds-of-disaster:1.2", "seeds-of-disaster:9.2.2")
def test_a_mobile_corps_away_from_any_army_stays_columnar() -> None:
    # 1.2 (Columnar Forces): a mobile corps not stacked with a field army is always columnar
    s = only({"G6": ("AAC", 5), "XV": ("KOL", 2), "XIX": ("AAC", 2)})
    assert {a["unit"] for a in war.actions(s) if a["type"] == "poise"} == {"XIX"}
    act(s, {"type": "move", "unit": "XV", "to": "AAC"})
    assert {a["unit"] for a in war.actions(s) if a["type"] == "poise"} == {"XV", "XIX"}


@pytest.mark.rules("seeds-of-disaster:10.1.10")
def test_one_cp_cancels_the_major_river_for_the_whole_stack() -> None:
    s = only({"G6": ("LIE", 5), "XV": ("LIE", 1), "XIX": ("AAC", 1)}, cp=1)
    act(s, {"type": "move", "unit": "G6", "to": "MAU", "engineers": True})
    assert s.strategic.cp["german"] == 0
    # XV (4 MP) leaves Liege too and crosses the same Meuse to Namur: its stack has paid
    assert moves(s, "XV")["SQU"] is True  # Liege-Namur-Maubeuge-St Quentin: 1 + 2 + 1
    act(s, {"type": "move", "unit": "XV", "to": "SQU", "engineers": True})
    assert s.strategic.cp["german"] == 0 and s.units["XV"].zone == "SQU"


def test_the_enemy_s_areas_are_those_enemy_in_names() -> None:
    """A search reads the enemy's areas once (board.enemy_areas) instead of asking enemy_in for each
    area it steps into: the same areas, for either side, through a random game's positions."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import seeds_of_disaster as game
    from wargames_tui.games.seeds_of_disaster import data
    from wargames_tui.games.seeds_of_disaster.board import enemy_areas, enemy_in

    rng = random.Random(3)
    session = Session.start(game, "seeds-of-disaster/1934", seed=3)
    held = 0
    for _ in range(400):
        for side in ("german", "allied"):
            named = {a for a in data.areas() if enemy_in(session.state, a, side)}
            assert named == enemy_areas(session.state, side) & set(data.areas())
            held += bool(named)
        session.act(random_bot(session, rng))
    assert held
