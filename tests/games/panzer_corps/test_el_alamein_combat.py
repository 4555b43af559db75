"""El Alamein combat: declarations, odds, terrain, results, retreats, advances (el-alamein 9.x)."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.panzer_corps import rules

from .helpers import act, board, cleared, fight, nbrs, open_hex, roll_for, scenario, terrain, unit

PZ = unit("gi", 6, 10)
PZ2 = unit("gi", 6, 10, skip=(PZ,))
GER = unit("gi", 4, 10)
IT_WEAK = unit("gi", 1, 3)
BRIT = unit("bc", 2, 4)
BRIT2 = unit("bc", 2, 4, skip=(BRIT,))
ARMD = unit("bc", 4, 8)


def g():
    return scenario().grid


def away(origin: str, frm: str) -> str:
    """The neighbour of origin farthest from frm."""
    return max(nbrs(origin), key=lambda n: (g().distance(n, frm), n))


def combat_setup(**placed):
    return cleared(phase="gi-combat", **placed)


@pytest.mark.rules("el-alamein:9.1")
def test_declarations_come_first_and_each_unit_attacks_or_is_attacked_once():
    c = open_hex(3)
    a1, a2 = nbrs(c)[0], nbrs(c)[3]
    second = next(h for h in nbrs(a1) if g().distance(h, c) == 2)
    state = combat_setup(**{BRIT: c, PZ: a1, GER: a2, BRIT2: second})
    act(state, {"type": "declare", "attackers": [PZ], "defender": BRIT})
    with pytest.raises(IllegalAction) as err:  # BRIT is already a target
        act(state, {"type": "declare", "attackers": [GER], "defender": BRIT})
    assert err.value.case == "el-alamein:9.1"
    with pytest.raises(IllegalAction):  # PZ already attacks
        act(state, {"type": "declare", "attackers": [PZ], "defender": BRIT2})
    with pytest.raises(IllegalAction):  # GER is not adjacent to BRIT2
        act(state, {"type": "declare", "attackers": [GER], "defender": BRIT2})
    act(state, {"type": "end-declarations"})
    assert state.step == "resolve"
    with pytest.raises(IllegalAction):  # no attack may be added once resolution starts
        act(state, {"type": "declare", "attackers": [GER], "defender": BRIT2})
    assert [a["type"] for a in rules.prompt(state).actions] == ["resolve"]


@pytest.mark.rules("el-alamein:9.1")
def test_several_attackers_may_combine_against_one_defender():
    c = open_hex(3)
    state = combat_setup(**{BRIT: c, PZ: nbrs(c)[0], GER: nbrs(c)[2]})
    declares = [a for a in rules.prompt(state).actions if a["type"] == "declare"]
    assert {"type": "declare", "attackers": sorted([PZ, GER]), "defender": BRIT} in declares
    assert {"type": "declare", "attackers": [PZ], "defender": BRIT} in declares


@pytest.mark.rules("el-alamein:9.2")
def test_odds_use_the_summed_strengths_and_forbid_one_to_three():
    c = open_hex(3)
    state = combat_setup(**{ARMD: c, IT_WEAK: nbrs(c)[0], PZ: nbrs(c)[2], GER: nbrs(c)[4]})
    b = board(state)
    assert b.column([PZ, GER], ARMD) == "2:1"  # 10 against 4
    assert b.column([IT_WEAK], ARMD) is None  # 1 against 4 is 1:4
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "declare", "attackers": [IT_WEAK], "defender": ARMD})
    assert err.value.case == "el-alamein:9.2"


def doubling_hex(kind: str) -> str:
    sc = scenario()
    return next(
        h for h in sc.grid.all_hexes()
        if terrain(h) == kind and h not in sc.map.battle_positions
        and sum(1 for n in nbrs(h) if sc.terrain_at[n].cost is not None) >= 2
    )


@pytest.mark.rules("el-alamein:9.3")
def test_highlands_and_villages_double_the_defender():
    for kind in ("highlands", "village"):
        h = doubling_hex(kind)
        state = combat_setup(**{BRIT: h})
        assert board(state).defence(BRIT)[0] == 4
        state = cleared(phase="bc-combat", **{GER: h})
        assert board(state).defence(GER)[0] == 8
    desert = open_hex(1)
    assert board(combat_setup(**{BRIT: desert})).defence(BRIT)[0] == 2


@pytest.mark.rules("el-alamein:9.3")
def test_battle_positions_double_british_defenders_only_and_never_twice():
    sc = scenario()
    bp = sc.map.battle_positions[0]
    assert len(sc.map.battle_positions) == 2
    british = board(combat_setup(**{BRIT: bp})).defence(BRIT)[0]
    german = board(cleared(phase="bc-combat", **{GER: bp})).defence(GER)[0]
    if terrain(bp) == "highlands":
        assert british == 4 and german == 8  # 9.3(3): only the highland doubles
    else:
        assert british == 4 and german == 4


@pytest.mark.rules("el-alamein:9.4")
def test_attacker_eliminated():
    c = open_hex(3)
    state = combat_setup(**{ARMD: c, GER: nbrs(c)[0]})  # 4:4 is 1:1
    fight(state, [GER], ARMD, "AE")
    assert state.units[GER].status == "eliminated"
    assert state.units[ARMD].hex == c


@pytest.mark.rules("el-alamein:9.4", "el-alamein:9.7")
def test_attacker_retreat_disrupts_then_recovers_after_the_phase():
    # Two attacks declared: after the first (AR) the retreated attacker is disrupted and has no
    # zone of control (9.7(1), 9.7(3)) while the phase goes on; when the phase ends it recovers.
    c = open_hex(3)
    a = nbrs(c)[0]
    far = open_hex(3, avoid={h for h in g().all_hexes() if g().distance(h, c) <= 6})
    state = combat_setup(**{ARMD: c, GER: a, BRIT: far, PZ: nbrs(far)[0]})
    act(state, {"type": "declare", "attackers": [GER], "defender": ARMD})
    act(state, {"type": "declare", "attackers": [PZ], "defender": BRIT})
    act(state, {"type": "end-declarations"})
    column = board(state).column([GER], ARMD)
    act(state, {"type": "resolve", "defender": ARMD}, [roll_for(column, "AR")])
    assert state.step == "retreat"
    path = rules.prompt(state).actions[0]["path"]
    assert len(path) == 1 and g().distance(a, path[0]) == 1
    act(state, {"type": "retreat", "unit": GER, "path": path})
    assert state.units[GER].disrupted and state.units[GER].hex == path[0]
    assert not set(nbrs(path[0])) & board(state).ezoc("bc")  # 9.7(3): no zone of control meanwhile
    act(state, {"type": "resolve", "defender": BRIT}, [roll_for(board(state).column([PZ], BRIT), "DE")])
    while state.phase == "gi-combat":  # decline the advance
        act(state, rules.prompt(state).actions[-1])
    assert state.phase == "bc-move" and state.units[GER].disrupted is False and state.units[GER].hex == path[0]


@pytest.mark.rules("el-alamein:9.4")
@pytest.mark.rules("el-alamein:9.5")
def test_defender_retreat_is_chosen_by_the_attacker_and_measured_from_the_combat_hex():
    c = open_hex(3)
    a = nbrs(c)[0]
    state = combat_setup(**{BRIT: c, PZ: a})
    result = fight(state, [PZ], BRIT, "DR2", "DR1")
    n = int(result[2])
    p = rules.prompt(state)
    assert p.side == "gi" and p.case == "el-alamein:9.5"
    finals = {tuple(x["path"]) for x in p.actions}
    assert finals and all(len(path) == n and g().distance(c, path[-1]) == n for path in finals)
    zone = board(state).ezoc("bc")
    assert all(h not in zone for path in finals for h in path)
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "retreat", "unit": BRIT, "path": [c]})  # not away from the combat hex
    assert err.value.case == "el-alamein:9.5"
    choice = sorted(finals)[0]
    act(state, {"type": "retreat", "unit": BRIT, "path": list(choice)})
    assert state.units[BRIT].hex == choice[-1] and state.units[BRIT].disrupted


@pytest.mark.rules("el-alamein:9.5")
@pytest.mark.rules("el-alamein:6.2")
def test_a_unit_surrounded_by_zones_cannot_retreat_and_is_eliminated():
    c = open_hex(3)
    ring1 = nbrs(c)
    state = combat_setup(**{BRIT: c, IT_WEAK: ring1[0], GER: ring1[1]})  # above and below
    zone = board(state).ezoc("bc")
    assert all(h in zone for h in ring1[2:])
    fight(state, [IT_WEAK, GER], BRIT, "DR1", "DR2")
    assert state.units[BRIT].status == "eliminated"


@pytest.mark.rules("el-alamein:9.5")
@pytest.mark.rules("el-alamein:7.1")
def test_a_retreat_onto_friends_only_goes_one_hex_further():
    c = open_hex(3)
    a = nbrs(c)[0]
    state = combat_setup(**{BRIT: c, PZ: a})
    free = [n for n in nbrs(c) if n not in board(state).ezoc("bc")]
    # Fill every free retreat hex with British units.
    fillers = [u for u in scenario().units if scenario().units[u].side == "bc" and u != BRIT][: len(free)]
    for uid, h in zip(fillers, free):
        state.units[uid].hex, state.units[uid].status = h, "map"
    n = int(fight(state, [PZ], BRIT, "DR1")[2])
    paths = [x["path"] for x in rules.prompt(state).actions if x["type"] == "retreat"]
    assert paths and all(len(p) == n + 1 and g().distance(c, p[-1]) == n + 1 for p in paths)
    assert all(not board(state).at.get(p[-1]) for p in paths)


@pytest.mark.rules("el-alamein:9.4")
@pytest.mark.rules("el-alamein:9.6")
@pytest.mark.rules("el-alamein:6.2")
def test_defender_eliminated_and_one_attacker_advances_even_into_a_zone():
    c = open_hex(3)
    a1, a2 = nbrs(c)[0], nbrs(c)[3]
    beside = next(h for h in nbrs(c) if h not in (a1, a2))
    state = combat_setup(**{BRIT: c, PZ: a1, GER: a2, BRIT2: beside})
    assert c in board(state).ezoc("gi")  # BRIT2 projects a zone into the combat hex
    fight(state, [PZ, GER], BRIT, "DE")
    assert state.units[BRIT].status == "eliminated"
    p = rules.prompt(state)
    assert {x["type"] for x in p.actions} == {"advance", "no-advance"}
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "advance", "unit": BRIT2})
    assert err.value.case == "el-alamein:9.6"
    act(state, {"type": "advance", "unit": GER})
    assert state.units[GER].hex == c and state.units[PZ].hex == a1


@pytest.mark.rules("el-alamein:9.6")
def test_the_defender_never_advances_after_an_attacker_retreat():
    c = open_hex(3)
    state = combat_setup(**{ARMD: c, GER: nbrs(c)[0]})
    fight(state, [GER], ARMD, "AR")
    assert {x["type"] for x in rules.prompt(state).actions} == {"retreat"}
    act(state, rules.prompt(state).actions[0])
    assert state.units[ARMD].hex == c


@pytest.mark.rules("el-alamein:9.7")
def test_disrupted_defenders_stay_disrupted_through_their_own_turn():
    c = open_hex(3)
    state = combat_setup(**{BRIT: c, PZ: nbrs(c)[0]})
    fight(state, [PZ], BRIT, "DR1", "DR2")
    act(state, rules.prompt(state).actions[0])
    if state.step == "advance":
        act(state, {"type": "no-advance"})
    assert state.phase == "bc-move" and state.units[BRIT].disrupted
    assert not any(a.get("unit") == BRIT for a in rules.prompt(state).actions)
    act(state, {"type": "end-phase"})
    assert not any(BRIT in a.get("attackers", []) for a in rules.prompt(state).actions)
    act(state, {"type": "end-declarations"})
    assert state.phase == "gi-move" and not state.units[BRIT].disrupted


@pytest.mark.rules("el-alamein:9.4")
def test_the_crt_has_the_four_result_kinds_and_seven_columns():
    crt = scenario().crt
    assert crt.columns == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
    cells = {cell for row in crt.rows for cell in row}
    assert cells <= {"AE", "AR", "DR1", "DR2", "DE"} and {"AE", "AR", "DE"} <= cells
    assert cells & {"DR1", "DR2"}


@pytest.mark.rules("el-alamein:2.3")
def test_combat_uses_one_six_sided_die():
    assert scenario().crt.die == [1, 2, 3, 4, 5, 6]
