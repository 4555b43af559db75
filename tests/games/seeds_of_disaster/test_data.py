"""The printed facts in the map and counter data, and the 1934 set-up."""

from __future__ import annotations

import pytest

from wargames_tui.games.seeds_of_disaster import data, rules
from wargames_tui.games.seeds_of_disaster.board import initial_control



@pytest.mark.rules("seeds-of-disaster:2.1", "seeds-of-disaster:20.0")
def test_paris_is_three_starred_objectives_and_dunkirk_one() -> None:
    areas = data.areas()
    paris = [a for a in areas.values() if a.terrain == "paris"]
    assert len(paris) == 3 and all(a.objective for a in paris)
    assert areas["DUN"].objective
    assert set(data.objectives()) == {
        a for a, info in areas.items() if info.mc or info.objective
    }


@pytest.mark.rules("seeds-of-disaster:2.1", "seeds-of-disaster:7.2.5")
def test_named_mobilization_centres_and_terrain_kinds() -> None:
    areas = data.areas()
    assert (
        areas["ROT"].mc
        and areas["ROT"].country == "N"
        and areas["ROT"].terrain == "waterline"
    )
    assert areas["BRU"].mc and areas["ANT"].mc and areas["BRU"].country == "B"
    kinds = {a.terrain for a in areas.values()}
    assert {"waterline", "swamp", "highland", "paris"} <= kinds
    assert {k for k, pairs in data.board().borders.model_dump().items() if pairs} == {
        "clear",
        "minor",
        "major",
    }


@pytest.mark.rules("seeds-of-disaster:14.1", "seeds-of-disaster:21.4")
def test_maginot_forts_and_the_coast_of_france_are_french() -> None:
    areas = data.areas()
    assert all(a.country == "F" for a in areas.values() if a.forts)
    assert sum(a.forts for a in areas.values()) > 0
    assert all(a.country == "F" for a in areas.values() if a.coast)
    assert areas["DUN"].coast


@pytest.mark.rules("seeds-of-disaster:19.0")
def test_every_attack_axis_reaches_paris() -> None:
    g = data.graph()
    paris = [a for a, info in data.areas().items() if info.terrain == "paris"]
    for axis in data.AXES:
        assert any(
            data.areas()[n].axis == axis for p in paris for n in g.neighbours(p)
        ), axis


def test_objective_count_keeps_the_victory_levels_apart() -> None:
    # 20.0: 11 for one side must leave fewer than 11 for the other
    assert len(data.objectives()) < 22


@pytest.mark.rules("seeds-of-disaster:2.2.1", "seeds-of-disaster:13.2.3", "seeds-of-disaster:7.2.6")
def test_mobile_faces_carry_dots_and_allied_ones_may_lose_them() -> None:
    faces = data.counters().faces
    for kind in ("panzer", "dlm", "armored", "dlc"):
        assert faces[kind].full.dots >= 1
    assert faces["armored"].reduced.dots == 0 and faces["dlc"].reduced.dots == 0
    assert faces["air"].full.dots > faces["air"].reduced.dots
    assert faces["westwall"].reduced.forts == 1 and faces["westwall"].full.forts == 2


@pytest.mark.rules("seeds-of-disaster:21.1", "seeds-of-disaster:21.2", "seeds-of-disaster:21.3", "seeds-of-disaster:2.3.3", "seeds-of-disaster:2.3.4")
def test_the_1934_set_up() -> None:
    s = rules.new_state(rules.SCENARIO, {})
    assert s.strategic.ds == "peace" and s.strategic.year == 1934
    french = [u for u in s.units.values() if u.kind == "army" and u.nation == "french"]
    german = [u for u in s.units.values() if u.kind == "army" and u.nation == "german"]
    assert all(u.steps == 5 for u in french) and all(u.steps == 1 for u in german)
    for armies in (french, german):
        on_map = [u for u in armies if u.box == "map"]
        assert len(on_map) == 3 and all(data.areas()[u.zone].mc for u in on_map)
        assert len({u.zone for u in on_map}) == 3
        assert all(u.box == "mobilized" for u in armies if u.box != "map")
    assert s.units["BEF"].box == "mobilized" and s.units["BEF"].steps == 4
    air = [
        u for u in s.units.values() if u.kind == "allied_air" and u.nation == "french"
    ]
    assert sorted(u.box for u in air) == ["pool", "reserve"]
    assert s.units["NI"].zone == "ROT" and s.units["NI"].steps == 2
    assert s.units["BI"].zone in ("ANT", "BRU") and s.units["BI"].steps == 2
    corps = [
        u
        for u in s.units.values()
        if u.kind not in ("army", "bef") and u.id not in ("NI", "BI", "ZOAN")
    ]
    assert all(u.box == "pool" for u in corps)


def test_control_starts_with_the_country() -> None:
    control = initial_control()
    assert (
        control["ESS"] == "german"
        and control["PNO"] == "allied"
        and control["ROT"] == "allied"
    )


@pytest.mark.rules("seeds-of-disaster:21.2")
@pytest.mark.parametrize(("choice", "where"), [({}, "BRU"), ({"belgian-corps": "BRU"}, "BRU"), ({"belgian-corps": "ANT"}, "ANT")])
def test_the_allies_set_up_the_belgian_corps_in_brussels_or_antwerp(choice, where):
    state = rules.new_state(rules.SCENARIO, choice)
    belgians = [u for u in state.units.values() if u.nation == "belgian" and u.box == "map"]
    assert [(u.id, u.zone) for u in belgians] == [("BI", where)]
    with pytest.raises(ValueError):
        rules.new_state(rules.SCENARIO, {"belgian-corps": "LIE"})
