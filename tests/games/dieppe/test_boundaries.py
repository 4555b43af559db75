"""Clauses the rest of the suite met on one side only (found by benchmarks/mutation.py): the
assault's conditions one at a time, whose turn it is in each phase, what the view lists."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games import dieppe
from wargames_tui.games.dieppe.tables import Tally

from .helpers import act, empty_raid, put


@pytest.mark.rules("dieppe:11.2")
def test_an_assault_goes_in_from_ashore_along_a_road_or_track():
    state = empty_raid()
    put(state, "OR2", "g2-a1", "g2-a2")
    put(state, "C6", "g-inf-01")
    put(state, "QUI", "g-inf-02")  # not linked to OR2
    with pytest.raises(IllegalAction, match="road or track"):
        act(state, {"type": "assault", "units": ["g2-a1", "g2-a2"], "target": "QUI"})
    state.units["g2-a2"].aboard = "lca-1"
    with pytest.raises(IllegalAction, match="ashore"):
        act(state, {"type": "assault", "units": ["g2-a1", "g2-a2"], "target": "C6"})
    state.units["g2-a2"].aboard = None
    act(state, {"type": "assault", "units": ["g2-a1", "g2-a2"], "target": "C6"})  # OR2-C6 is a road
    assert state.assault


@pytest.mark.rules("dieppe:4")
@pytest.mark.parametrize(("phase", "side"), [("british", "british"), ("german", "german"), ("over", None)])
def test_the_phase_says_who_acts(phase: str, side: str | None):
    state = empty_raid(phase)
    assert dieppe.active_side(state) == side


def test_the_view_lists_the_units_on_the_map_and_the_prisoner_not_the_eliminated():
    state = empty_raid()
    put(state, "OR2", "g2-a1")
    put(state, "C6", "g-inf-01")
    state.units["g-inf-02"].status, state.units["g-inf-02"].zone = "prisoner", "OR2"
    state.units["g-mg-01"].status = "eliminated"
    assert {u["id"] for u in dieppe.view(state, None)["units"]} == {"g2-a1", "g-inf-01", "g-inf-02"}


@pytest.mark.rules("dieppe:12")
@pytest.mark.parametrize(("total", "level"), [(9, "failure"), (10, "semi success"), (11, "semi success"),
                                              (19, "semi success"), (20, "complete success"), (21, "complete success")])
def test_the_outcome_bands_start_at_ten_and_twenty_points(total: int, level: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(Tally, "points", lambda self: {"all": total})
    assert Tally(0, None, False, None, 0, (), 0).outcome() == (total, level)
