"""El Alamein movement, zones of control and stacking (el-alamein 6.0-8.4)."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.panzer_corps import contract, rules

from .helpers import line_from, act, board, cleared, nbrs, open_hex, scenario, terrain, unit

GER = unit("gi", 4, 10)
GER2 = unit("gi", 4, 10, skip=(GER,))
BRIT = unit("bc", 2, 4)
BRIT_ARMOUR = unit("bc", 4, 8)


def ring(centre: str, d: int) -> list[str]:
    g = scenario().grid
    return [h for h in g.all_hexes() if g.distance(centre, h) == d]


def step_towards(a: str, b: str) -> str:
    g = scenario().grid
    return min(nbrs(a), key=lambda n: (g.distance(n, b), n))


@pytest.mark.rules("el-alamein:6.1")
def test_a_unit_entering_an_enemy_zone_stops_there():
    c = open_hex(3)
    enemy = ring(c, 2)[0]
    state = cleared(**{GER: c, BRIT: enemy})
    into_zone = step_towards(c, enemy)
    b = board(state)
    assert into_zone in b.ezoc("gi")
    onwards = next(n for n in nbrs(into_zone) if n not in (c, enemy))
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": GER, "path": [into_zone, onwards]})
    assert err.value.case == "el-alamein:6.1"
    # The reach never continues out of a zone hex.
    reach = b.reach(GER)
    assert all(reach.came_from.get(h) not in b.ezoc("gi") for h in reach.cost if h != c)
    act(state, {"type": "move", "unit": GER, "path": [into_zone]})
    assert state.units[GER].hex == into_zone


@pytest.mark.rules("el-alamein:6.1")
def test_leaving_a_zone_must_be_to_a_hex_outside_every_zone():
    c = open_hex(3)
    enemy = nbrs(c)[0]
    state = cleared(**{GER: c, BRIT: enemy})
    b = board(state)
    zone = b.ezoc("gi")
    zone_to_zone = next(n for n in nbrs(c) if n in zone and n != enemy)
    free = next(
        n for n in nbrs(c) if n not in zone and n != enemy and any(x in zone and x not in (c, enemy) for x in nbrs(n))
    )
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": GER, "path": [zone_to_zone]})
    assert err.value.case == "el-alamein:6.1"
    assert zone_to_zone not in {p for a in [b.reach(GER)] for p in a.cost if a.came_from.get(p) == c}
    back_in = next(n for n in nbrs(free) if n in zone and n not in (c, enemy))
    act(state, {"type": "move", "unit": GER, "path": [free, back_in]})  # re-entering later is allowed
    assert state.units[GER].hex == back_in


@pytest.mark.rules("el-alamein:6.3")
@pytest.mark.rules("el-alamein:9.7")
def test_disrupted_units_have_no_zone_and_may_not_move():
    c = open_hex(3)
    enemy = ring(c, 2)[0]
    state = cleared(**{GER: c, BRIT: enemy})
    state.units[BRIT].disrupted = True
    assert board(state).ezoc("gi") == frozenset()
    into = step_towards(c, enemy)
    onwards = next(n for n in nbrs(into) if n not in (c, enemy))
    act(state, {"type": "move", "unit": GER, "path": [into, onwards]})
    state2 = cleared(**{GER: c})
    state2.units[GER].disrupted = True
    with pytest.raises(IllegalAction) as err:
        act(state2, {"type": "move", "unit": GER, "path": [nbrs(c)[0]]})
    assert err.value.case == "el-alamein:9.7"


@pytest.mark.rules("el-alamein:7.1")
def test_units_may_stop_on_friends_that_move_away_before_the_phase_ends():
    c = open_hex(3)
    friend = nbrs(c)[0]
    beyond = next(n for n in nbrs(friend) if scenario().grid.distance(c, n) == 2)
    state = cleared(**{GER: c, GER2: friend})
    act(state, {"type": "move", "unit": GER, "path": [friend, beyond]})  # passing through
    assert state.units[GER].hex == beyond
    state = cleared(**{GER: c, GER2: friend})
    act(state, {"type": "move", "unit": GER, "path": [friend]})  # stopping: checked when the phase ends
    assert any(friend in o.text for o in contract.owed(state))  # said before the phase ends
    act(state, {"type": "move", "unit": GER2, "path": [beyond]})
    act(state, {"type": "end-phase"})
    assert state.step != "overstack" and state.units[GER].hex == friend


@pytest.mark.rules("el-alamein:7.2")
def test_no_unit_enters_an_enemy_hex():
    c = open_hex(3)
    enemy = nbrs(c)[0]
    state = cleared(**{GER: c, BRIT: enemy})
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": GER, "path": [enemy]})
    assert err.value.case == "el-alamein:7.2"


@pytest.mark.rules("el-alamein:7.2")
def test_a_path_into_an_enemy_hex_is_refused_for_the_enemy_not_its_zone():
    c = open_hex(3)
    enemy = nbrs(c)[0]
    start = next(h for h in ring(enemy, 2) if step_towards(h, enemy) in nbrs(enemy))
    state = cleared(**{GER: start, BRIT: enemy})
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": GER, "path": [step_towards(start, enemy), enemy]})
    assert err.value.case == "el-alamein:7.2"


@pytest.mark.rules("el-alamein:8.1")
def test_each_unit_moves_once_and_only_in_its_own_movement_phase():
    c = open_hex(3)
    state = cleared(**{GER: c, BRIT: ring(c, 3)[0]})
    act(state, {"type": "move", "unit": GER, "path": [nbrs(c)[0]]})
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": GER, "path": [c]})
    assert err.value.case == "el-alamein:8.1"
    with pytest.raises(IllegalAction):
        act(state, {"type": "move", "unit": BRIT, "path": [nbrs(ring(c, 3)[0])[0]]})
    act(state, {"type": "end-phase"})
    with pytest.raises(IllegalAction):  # the combat phase has no moves
        act(state, {"type": "move", "unit": GER2, "path": [c]})


@pytest.mark.rules("el-alamein:8.2")
def test_movement_allowance_limits_the_path():
    c = open_hex(3)
    state = cleared(**{BRIT: c}, phase="bc-move")  # turn 2: a 2-4 has 4 MPs in desert
    g = scenario().grid
    far = [h for h in g.all_hexes() if g.distance(c, h) == 5 and terrain(h) == "desert"]
    reach = board(state).reach(BRIT)
    assert max(reach.cost.values()) <= 4
    assert not any(h in reach.cost for h in far)
    path = reach.path_to(ring(c, 3)[0])
    assert len(path) == 3
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": BRIT, "path": line_from(c, 5)})
    assert err.value.case == "el-alamein:8.2"


@pytest.mark.rules("el-alamein:8.3")
def test_terrain_costs_highlands_two_and_sea_impassable():
    sc = scenario()
    costs = {key: t.cost for key, t in sc.map.terrain.items()}
    assert costs["desert"] == 1 and costs["village"] == 1 and costs["coast"] == 1
    assert costs["highlands"] == 2
    assert costs["sea"] is None
    high = next(h for h in sc.grid.all_hexes() if terrain(h) == "highlands" and any(terrain(n) == "desert" for n in nbrs(h)))
    start = next(n for n in nbrs(high) if terrain(n) == "desert")
    state = cleared(**{GER: start})
    assert board(state).reach(GER).cost[high] == 2
    sea = next(h for h in sc.grid.all_hexes() if terrain(h) == "sea" and any(terrain(n) != "sea" for n in nbrs(h)))
    shore = next(n for n in nbrs(sea) if terrain(n) != "sea")
    state = cleared(**{GER: shore})
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": GER, "path": [sea]})
    assert err.value.case == "el-alamein:8.3"


@pytest.mark.rules("el-alamein:8.4")
def test_british_movement_is_halved_on_turn_one_only():
    c = open_hex(3)
    turn1 = cleared(turn=1, phase="bc-move", **{BRIT_ARMOUR: c})
    turn2 = cleared(turn=2, phase="bc-move", **{BRIT_ARMOUR: c})
    assert board(turn1).allowance(BRIT_ARMOUR) == 4
    assert board(turn2).allowance(BRIT_ARMOUR) == 8
    german_turn1 = cleared(turn=1, phase="gi-move", **{GER: c})
    assert board(german_turn1).allowance(GER) == 10
    with pytest.raises(IllegalAction) as err:
        act(turn1, {"type": "move", "unit": BRIT_ARMOUR, "path": line_from(c, 5)})
    assert err.value.case == "el-alamein:8.4"


@pytest.mark.rules("el-alamein:8.2", "el-alamein:8.3")
def test_a_move_to_a_hex_out_of_reach_is_refused_for_that_hex_not_for_the_way_sketched():
    """8Pz at 1816 pointed at 0406 (far away) or at the sea (0111): the straight line there runs
    into 1612, an enemy hex, but the reason is the goal's: its distance in MPs, or the sea."""
    from wargames_tui.engine.dice import Dice
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    game = game_for("panzer-corps/el-alamein")
    state = Session.start(game, "panzer-corps/el-alamein", seed=1).state
    through_the_enemy = ["1815", "1814", "1813", "1713", "1612", "1512", "1411", "1311", "1210", "1110", "1009",
                         "0909", "0808", "0708", "0607", "0507", "0406"]
    with pytest.raises(IllegalAction) as far:
        game.apply(state.copy(), {"type": "move", "unit": "gi-8pz", "path": through_the_enemy}, Dice(0))
    assert far.value.case == "el-alamein:8.2" and str(far.value).startswith("0406 is out of reach") and "1612" not in str(far.value)
    with pytest.raises(IllegalAction) as sea:
        game.apply(state.copy(), {"type": "move", "unit": "gi-8pz", "path": ["1716", "1615", "1515", "1414", "1314",
                                                                            "1213", "1113", "1012", "0912", "0811",
                                                                            "0711", "0610", "0510", "0409", "0310",
                                                                            "0210", "0111"]}, Dice(0))
    assert sea.value.case == "el-alamein:8.3" and "0111" in str(sea.value)
    with pytest.raises(IllegalAction) as through:  # a hex in reach by a bad way: the way's own fault
        game.apply(state.copy(), {"type": "move", "unit": "gi-8pz", "path": ["1715", "1714"]}, Dice(0))
    assert str(through.value) == "1715 is not adjacent to 1816 (el-alamein:8.2)"
