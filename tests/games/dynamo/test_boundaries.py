"""Both sides of limits the rest of the suite met on one side only (found by benchmarks/mutation.py):
the last point for leaving overland, the defenders' advance when the attackers fall back, the
recce detached at full strength, the rearguard only under German eyes; the victory levels."""

from __future__ import annotations

import pytest

from tests.games.dynamo.helpers import act, actions, board, empty, put
from tests.games.dynamo.test_results import fire, setup_assault
from tests.games.dynamo.test_turn import coast_hex
from wargames_tui.games.dynamo import phases
from wargames_tui.games.dynamo.victory import quotient_level


@pytest.mark.rules("dynamo:20.3")
@pytest.mark.parametrize(("left", "leaves"), [(1, True), (0, False)])
def test_leaving_overland_takes_the_last_point(left: int, leaves: bool) -> None:
    s = empty("allied-move")
    put(s, "1015", "f-1na")
    act(s, {"type": "pick", "units": ["f-1na"]})
    s.units["f-1na"].spent = board(s).allowance("f-1na") - left
    assert bool(actions(s, "leave")) is leaves


@pytest.mark.rules("dynamo:17.20", "dynamo:17.22")
def test_defenders_untouched_advance_one_hex_after_the_attackers_fall_back() -> None:
    s = setup_assault({"2115": ["g-12id"]}, ["f-1na"])
    fire(s, "1/.", ["g-12id"])
    act(s, {"type": "retreat-all", "hexes": 1})
    act(s, actions(s, "retreat")[0])
    assert actions(s, "advance") == [{"type": "advance", "unit": "f-1na", "hex": "2115"}]


@pytest.mark.rules("dynamo:15.6")
def test_the_recce_is_detached_at_full_strength() -> None:
    s = empty("allied-move")
    put(s, "2116", "b-3")
    s.units["b-3recce"].where = "spare"
    act(s, {"type": "detach-recce"})
    assert s.units["b-3recce"].step == 0 and s.units["b-3"].step == 1


@pytest.mark.rules("dynamo:22.5")
def test_each_level_begins_at_its_quotient() -> None:
    s = empty()
    levels = board(s).g.rules.levels["campaign"]
    for above, lv in zip(levels, levels[1:]):
        at = round(lv.at_least * 100)  # German points for 100 Allied: the quotient itself
        assert quotient_level(s, at, 100)[:2] == (lv.winner, lv.level)
        if at:
            assert quotient_level(s, at - 1, 100)[:2] != (lv.winner, lv.level)
        assert quotient_level(s, round(above.at_least * 100), 100)[:2] == (above.winner, above.level)


@pytest.mark.rules("dynamo:20.6")
def test_no_rearguard_when_only_allied_units_are_next_door() -> None:
    s = empty("evacuation", turn=4)
    h = coast_hex(s)
    put(s, h, "b-tf1", "b-tf2")
    put(s, next(n for n in board(s).m.neighbours[h]), "f-1na")
    phases.enter_phase(s, "evacuation")
    act(s, {"type": "evacuate", "unit": "b-tf1"})
    assert actions(s, "evacuate") == [{"type": "evacuate", "unit": "b-tf2"}]
