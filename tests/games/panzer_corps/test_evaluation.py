"""The evaluation the planning bot scores Panzer Corps positions by (evaluation.py)."""

import pytest

from wargames_tui.games.panzer_corps import evaluate, rules
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.evaluation import THREAT
from wargames_tui.games.panzer_corps.data import load_scenario

from tests.games.panzer_corps.helpers import Table

EL_ALAMEIN = Table("panzer-corps/el-alamein")


def _west_edge() -> list[str]:
    return sorted(load_scenario(EL_ALAMEIN.id).edge("W"))


def test_a_unit_that_can_break_off_next_movement_is_a_threat():
    # el-alamein:4.2(1)-(2): a British Commonwealth unit on the west edge, out of enemy zones,
    # breaks off (and wins) in its next movement; ten hexes east it cannot yet.
    bc, gi = EL_ALAMEIN.unit("bc"), EL_ALAMEIN.unit("gi")
    edge = next(h for h in _west_edge() if EL_ALAMEIN.sc.terrain_at[h].cost is not None)
    far_gi = "2010"
    near = EL_ALAMEIN.cleared(turn=2, phase="bc-move", **{bc: edge, gi: far_gi})
    assert any(kind == "exit" for _, kind in Board(near).moves(bc).ends)
    col, row = int(edge[:2]), int(edge[2:])
    away = f"{col:02d}{row - 10:02d}" if row > 10 else f"{col:02d}{row + 10:02d}"
    far = EL_ALAMEIN.cleared(turn=2, phase="bc-move", **{bc: away, gi: far_gi})
    assert evaluate(near, "bc") - evaluate(far, "bc") >= THREAT * 0.5
    assert evaluate(near, "gi") == -evaluate(near, "bc")


def test_losses_count_against_the_side_that_took_them():
    # Material: a side's strength eliminated (el-alamein 4.0 gives no points: only material and position differ).
    state = rules.new_state(EL_ALAMEIN.id, {})
    before = evaluate(state, "gi")
    uid = EL_ALAMEIN.unit("gi")
    state.units[uid].hex, state.units[uid].status = None, "eliminated"
    assert evaluate(state, "gi") < before - EL_ALAMEIN.sc.units[uid].strength * 0.5


COMPASS = Table("panzer-corps/operation-compass")


def _footholds_held(british: set[str]):  # noqa: ANN202
    """Operation Compass with every unit off the map and the British holding the footholds named."""
    state = rules.new_state(COMPASS.id, {})
    for u in state.units.values():
        u.hex, u.status = None, "pending"
    footholds = {h: p.value for p in COMPASS.sc.map.places if p.kind == "foothold" for h in p.hexes}
    state.control = {h: "br" if h in british else "it" for h in footholds}
    return state


@pytest.mark.rules("operation-compass:4.0")
def test_a_tie_counts_for_the_side_it_goes_to():
    # operation-compass 4.0: ties go to the Italians. Two footholds worth 3 VP against two
    # worth 3 is no better for the British than 2 against 4 is bad: a third foothold that
    # turns the tie into a lead is worth more than the one that turned the deficit into the tie.
    footholds = {p.hexes[0]: p.value for p in COMPASS.sc.map.places if p.kind == "foothold"}
    twos = sorted(h for h, v in footholds.items() if v == 2)
    ones = sorted(h for h, v in footholds.items() if v == 1)
    behind = _footholds_held(set(ones))  # 2 VP against 4
    tied = _footholds_held({twos[0], ones[0]})  # 3 against 3
    ahead = _footholds_held({twos[0], twos[1]})  # 4 against 2
    assert evaluate(tied, "br") < 0 < evaluate(tied, "it")
    assert evaluate(ahead, "br") - evaluate(tied, "br") > evaluate(tied, "br") - evaluate(behind, "br")


KHARKOV = Table("panzer-corps/kharkov")


@pytest.mark.rules("kharkov:4.1", "kharkov:4.2")
def test_a_held_city_left_empty_in_the_enemys_reach_counts_against_its_holder():
    # kharkov 4.1(2), 4.2: a city goes to the last side to enter it, and the Soviets score a first
    # charge into it. A German unit in Khar'kov's 0324 keeps it (and with its zone of control the
    # city's other hexes) from a Soviet tank corps four hexes off; the same unit four hexes west
    # leaves them open. With the tank far off, where it stands makes no difference.
    tank, infantry = KHARKOV.unit("su", strength=5, move=8), KHARKOV.unit("de", move=4)
    city, beside = "0324", "0328"

    def position(german: str, soviet: str):  # noqa: ANN202
        return KHARKOV.cleared(turn=2, phase="de-move", **{infantry: german, tank: soviet})

    near, far = "0320", "2820"
    assert city in Board(position(beside, near)).moves(tank).reach.cost
    garrisoned, open_ = evaluate(position(city, near), "de"), evaluate(position(beside, near), "de")
    assert garrisoned - open_ >= 5.0
    assert abs(evaluate(position(city, far), "de") - evaluate(position(beside, far), "de")) < 1.0



@pytest.mark.rules("kharkov:4.1", "kharkov:4.5")
def test_while_a_unit_can_win_at_once_the_others_still_count_their_way_to_the_cities():
    # kharkov 4.5: a Soviet unit in Poltava wins at once; 4.1: the cities score at the end. The
    # bots' goals narrow to Poltava while a unit can end its movement there (43be1dc), and the
    # evaluation once measured every other unit's progress by that goal too: a Soviet position
    # with the threat lost some 25-38 points against the same without it (seeds 5101-5105 at
    # 794b8e8), most of what the threat itself is worth, and the planning Soviets threatened
    # Poltava or Dnepropetrovsk in 1 game of 10 where they had in 7. A second Soviet unit's step
    # towards German-held Voroshilovsk (2010), away from Poltava, still counts.
    tank, rifles, german = KHARKOV.unit("su", move=8), KHARKOV.unit("su", move=4, tank=False), KHARKOV.unit("de", move=4)
    cities = {h for p in KHARKOV.sc.map.places if p.kind == "city" for h in p.hexes}

    def position(rifles_at: str):  # noqa: ANN202
        state = KHARKOV.cleared(turn=2, phase="su-move", **{tank: "0132", german: "2010", rifles: rifles_at})
        state.control = {h: "de" if h in ("0634", "1732", "2010") else "su" for h in cities}
        return state

    nearer, farther = "1410", "1310"  # six and seven hexes from Voroshilovsk, both far from Poltava
    assert "0634" in Board(position(nearer)).moves(tank).reach.cost
    assert evaluate(position(nearer), "su") > evaluate(position(farther), "su")

@pytest.mark.rules("kharkov:9.7", "kharkov:4.5")
def test_a_disrupted_unit_is_a_threat_only_if_its_own_combat_phase_recovers_it_before_it_moves():
    # kharkov 9.7(2)-(3): a unit disrupted may not move in its side's movement phase; it recovers
    # after its side's combat phase. A Soviet tank corps a movement from Poltava (4.5), disrupted
    # in the German combat phase, cannot win in the Soviet movement that follows: the threat (40)
    # is not its side's, only the win a movement later. Disrupted in its own combat phase (it
    # retreated attacking), it recovers at the phase's end and threatens as if it never was.
    tank, german = KHARKOV.unit("su", move=8), KHARKOV.unit("de", move=4)
    ring = [h for h in sorted(KHARKOV.sc.grid.all_hexes()) if KHARKOV.sc.grid.distance(h, "0634") == 5 and KHARKOV.sc.terrain_at[h].cost]

    def position(phase: str, disrupted: bool):  # noqa: ANN202
        for h in ring:
            state = KHARKOV.cleared(turn=2, phase=phase, **{tank: h, german: "2001"})
            if "0634" in Board(state).moves(tank).reach.cost:
                state.units[tank].disrupted = disrupted
                return state
        raise LookupError("no hex a movement from Poltava")

    strength = KHARKOV.sc.units[tank].strength
    for phase in ("de-combat", "su-move"):
        gone = evaluate(position(phase, False), "su") - evaluate(position(phase, True), "su")
        assert gone >= THREAT * 0.5, phase
    kept = evaluate(position("su-combat", False), "su") - evaluate(position("su-combat", True), "su")
    assert kept == pytest.approx(0.25 * strength)  # the disrupted unit's own discount only


@pytest.mark.rules("operation-compass:4.0")
def test_where_units_stand_counts_for_nothing_once_the_game_is_over():
    # operation-compass 4.0: the game ends with turn 5 and the footholds held then score. In the
    # last turn a plan whose units walked off the footholds they held, towards ones no movement
    # was left to reach, scored better than one that stayed: the distance to the goals still
    # counted in the finished game. Over, only the result and the material count.
    tank = COMPASS.unit("br", move=6)
    control = _footholds_held(set()).control

    def position(at: str, over: bool):  # noqa: ANN202
        state = COMPASS.cleared(turn=5, phase="br-move", **{tank: at})
        state.control = dict(control)
        if over:
            state.step = "over"
        return state

    near, far = "0414", "2510"  # three hexes from foothold 0115, and far east of every foothold
    assert evaluate(position(near, False), "br") > evaluate(position(far, False), "br") + 1.0
    assert evaluate(position(near, True), "br") == evaluate(position(far, True), "br")
