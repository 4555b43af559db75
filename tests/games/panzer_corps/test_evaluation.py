"""The evaluation the planning bot scores Panzer Corps positions by (evaluation.py)."""

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
