"""Stacking, control and movement in the three kinds of impulse (springtime:7, 8.1, 9, 14)."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.springtime import phases
from wargames_tui.games.springtime.positions import contested, free, vacant

from .helpers import act, assault, empty_board, fresh, impulse, put


def moves(state):
    return {(a["unit"], a["to"]) for a in phases.prompt(state).actions if a["type"] == "move"}


@pytest.mark.rules("springtime:7.3", "springtime:7.4", "springtime:7.5", "springtime:20.0")
def test_contested_vacant_and_free():
    s = empty_board(fresh())
    put(s, "fr-1a", "13")
    put(s, "de-6a", "13")
    put(s, "fr-7a", "9")
    s.control["15"] = "axis"
    assert contested(s, "13") and not contested(s, "9")
    assert vacant(s, "9", "allied") and not vacant(s, "13", "allied") and vacant(s, "15", "allied")
    assert free(s, "9", "allied") and not free(s, "15", "allied") and not free(s, "13", "allied")


@pytest.mark.rules("springtime:9.1", "springtime:9.2", "springtime:9.1.2", "springtime:7.2")
def test_an_assault_moves_units_one_area_per_mf_and_control_changes_on_the_way():
    s = empty_board(fresh())
    put(s, "de-guderian", "3", leader=False)
    s.leaders["kleist"]["unit"] = "de-guderian"
    assault(s, "axis", ["K"], 2)
    act(s, {"type": "move", "unit": "de-guderian", "to": "11"})
    assert s.control["11"] == "axis" and s.units["de-guderian"]["at"] == "11"  # taken on the move
    act(s, {"type": "move", "unit": "de-guderian", "to": "17"})
    act(s, {"type": "move", "unit": "de-guderian", "to": "22"})
    act(s, {"type": "move", "unit": "de-guderian", "to": "16"})  # four Areas: MF 4
    assert s.leaders["kleist"]["unit"] == "de-guderian"
    assert not any(u == "de-guderian" for u, _ in moves(s))
    assert s.control["17"] == s.control["22"] == s.control["16"] == "axis"


@pytest.mark.rules("springtime:9.2")
def test_stop_on_entering_an_enemy_area_and_after_the_maginot_line():
    s = empty_board(fresh())
    put(s, "de-hoth", "5")
    put(s, "de-1a", "2")
    put(s, "fr-9a", "12")
    assault(s, "axis", ["A"], 2)
    act(s, {"type": "move", "unit": "de-hoth", "to": "12"})
    assert not any(u == "de-hoth" for u, _ in moves(s))
    s = empty_board(fresh())
    put(s, "de-1a", "2")
    assault(s, "axis", ["C"], 2)
    act(s, {"type": "move", "unit": "de-1a", "to": "18"})
    assert s.control["18"] == "axis" and not any(u == "de-1a" for u, _ in moves(s))


@pytest.mark.rules("springtime:9.1")
def test_units_move_one_at_a_time():
    s = empty_board(fresh())
    put(s, "de-hoth", "5")
    put(s, "de-4a", "5")
    assault(s, "axis", ["A"], 2)
    act(s, {"type": "move", "unit": "de-hoth", "to": "15"})
    act(s, {"type": "move", "unit": "de-4a", "to": "12"})
    with pytest.raises(IllegalAction):
        act(s, {"type": "move", "unit": "de-hoth", "to": "13"})


@pytest.mark.rules("springtime:9.2", "springtime:10.0")
def test_leaving_a_contested_area_only_into_a_free_one():
    s = empty_board(fresh())
    put(s, "de-hoth", "12")
    put(s, "fr-9a", "12")
    s.control["12"] = "allied"
    s.control["3"] = "axis"
    assault(s, "axis", ["A"], 2)
    m = moves(s)
    assert ("de-hoth", "3") in m and ("de-hoth", "13") not in m and ("de-hoth", "17") not in m


@pytest.mark.rules("springtime:7.1", "springtime:9.3.1", "springtime:14.2")
def test_five_units_an_area_but_zones_hold_any_number():
    s = empty_board(fresh())
    for u in ("de-4a", "de-6a", "de-12a", "de-16a", "de-18a"):
        put(s, u, "3")
    put(s, "de-hoth", "5")
    assault(s, "axis", ["A"], 2)
    assert ("de-hoth", "3") not in moves(s)
    s = empty_board(fresh())
    for u in ("fr-1a", "fr-2a", "fr-7a", "fr-9a", "fr-prioux", "fr-1dcr"):
        put(s, u, "D")
    assert s.units["fr-1dcr"]["at"] == "D"
    assault(s, "allied", ["1"], 1)
    assert ("fr-1a", "C") in moves(s)


@pytest.mark.rules("springtime:9.3.2")
def test_zones_only_by_their_connection_lines():
    s = empty_board(fresh())
    put(s, "fr-10a", "25")
    put(s, "fr-6a", "25")
    impulse(s, "allied", 1)
    act(s, {"type": "regroup"})
    targets = {t for u, t in moves(s) if u == "fr-6a"}
    assert "B" in targets and "A" not in targets and "C" not in targets


@pytest.mark.rules("springtime:9.3.3", "springtime:14.3")
def test_the_army_of_the_alps_waits_and_nobody_else_enters_italy():
    s = empty_board(fresh())
    put(s, "fr-alp", "E")
    put(s, "fr-8a", "D")
    impulse(s, "allied", 1)
    act(s, {"type": "regroup"})
    assert not any(u == "fr-alp" for u, _ in moves(s))
    s.flags["italy"] = True
    assert ("fr-alp", "D") in moves(s) and ("fr-alp", "F") not in moves(s)
    put(s, "it-west", "F")
    s.active = "axis"
    impulse(s, "axis", 2)
    act(s, {"type": "regroup"})
    assert ("it-west", "E") not in moves(s)  # enemy-occupied: a Regroup may not enter it


@pytest.mark.rules("springtime:8.1.2")
def test_regroup_moves_every_unit_one_area_never_into_enemy_areas():
    s = empty_board(fresh())
    put(s, "fr-1a", "13")
    put(s, "fr-7a", "13")
    put(s, "de-6a", "15")
    s.control["15"] = "axis"
    s.control["12"] = "axis"
    impulse(s, "allied", 1)
    act(s, {"type": "regroup"})
    m = moves(s)
    assert ("fr-1a", "15") not in m and ("fr-1a", "12") not in m and ("fr-1a", "9") in m
    act(s, {"type": "move", "unit": "fr-1a", "to": "9"})
    act(s, {"type": "move", "unit": "fr-7a", "to": "22"})
    assert not any(u in ("fr-1a", "fr-7a") for u, _ in moves(s))


@pytest.mark.rules("springtime:8.1.2")
def test_regroup_from_a_contested_area_not_into_another():
    s = empty_board(fresh())
    put(s, "fr-1a", "13")
    put(s, "de-6a", "13")
    put(s, "fr-7a", "9")
    put(s, "de-4a", "9")
    impulse(s, "allied", 1)
    act(s, {"type": "regroup"})
    assert ("fr-1a", "9") not in moves(s) and ("fr-1a", "22") in moves(s)


@pytest.mark.rules("springtime:8.1.2")
def test_redeploy_one_area_at_double_mf_in_supply():
    s = empty_board(fresh())
    put(s, "fr-6a", "23")
    put(s, "fr-10a", "25")
    impulse(s, "allied", 1)
    redeploys = {a["area"] for a in phases.prompt(s).actions if a["type"] == "redeploy"}
    assert redeploys == {"23", "25"}
    act(s, {"type": "redeploy", "area": "23"})
    assert not any(u == "fr-10a" for u, _ in moves(s))
    for to in ("22", "9", "21", "16"):  # MF 2, doubled
        act(s, {"type": "move", "unit": "fr-6a", "to": to})
    assert not any(u == "fr-6a" for u, _ in moves(s))
    s = empty_board(fresh())
    put(s, "fr-6a", "23")
    s.control["22"] = "axis"
    s.units["fr-6a"]["oos"] = True
    impulse(s, "allied", 1)
    assert not any(a["type"] == "redeploy" for a in phases.prompt(s).actions)
    s.units["fr-6a"]["oos"] = False
    act(s, {"type": "redeploy", "area": "23"})
    assert ("fr-6a", "22") not in moves(s)  # enemy-controlled and uncontested


@pytest.mark.rules("springtime:9.2.1")
def test_no_unit_enters_an_area_once_it_has_been_attacked():
    s = empty_board(fresh())
    put(s, "de-hoth", "5")
    put(s, "de-4a", "5")
    put(s, "fr-9a", "12")
    s.advantage = None
    assault(s, "axis", ["A"], 2)
    act(s, {"type": "move", "unit": "de-hoth", "to": "12"})
    act(s, {"type": "attack", "area": "12", "units": ["de-hoth"], "lead": "de-hoth", "air": None})
    act(s, {"type": "defend", "lead": "fr-9a", "air": None}, 1, 1, 6, 6)  # repulse
    act(s, {"type": "stay", "unit": "fr-9a"})
    act(s, {"type": "retreat", "unit": "de-hoth", "to": "5"})
    assert ("de-4a", "12") not in moves(s)


@pytest.mark.rules("springtime:13.2.2")
def test_out_of_supply_armour_loses_one_mf():
    from wargames_tui.games.springtime.positions import mf
    s = fresh()
    assert mf(s, "de-hoth") == 4
    s.units["de-hoth"]["oos"] = True
    s.units["de-4a"]["oos"] = True
    assert mf(s, "de-hoth") == 3 and mf(s, "de-4a") == 2


@pytest.mark.rules("springtime:9.1.1")
def test_every_active_unit_in_an_area_may_move_or_attack():
    s = empty_board(fresh())
    for u in ("de-4a", "de-hoth", "de-12a"):
        put(s, u, "5")
    put(s, "de-6a", "5")
    assault(s, "axis", ["A"], 2)
    movers = {u for u, _ in moves(s)}
    assert movers == {"de-4a", "de-hoth", "de-12a"}  # not Army Group B's 6th Army
