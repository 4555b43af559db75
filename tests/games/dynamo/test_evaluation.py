"""The evaluation the planning bot scores Dynamo positions by (evaluation.py)."""

import pytest

from wargames_tui.games.dynamo import evaluate
from wargames_tui.games.dynamo.evaluation import german_line
from wargames_tui.games.dynamo.victory import tally

from .helpers import board, empty, put

POCKET = "2116"  # clear, no water nearby: the test rings it with German units


@pytest.mark.rules("dynamo:22.5", "dynamo:22.6")
def test_the_german_line_is_the_scales_least_german_quotient() -> None:
    assert german_line("dynamo/campaign") == 1.5
    assert german_line("dynamo/no-halt-order") == 1.0


@pytest.mark.rules("dynamo:22.5")
def test_the_margin_is_german_points_less_the_line_times_the_allied() -> None:
    s = empty()
    put(s, "1115", "f-1na")  # linked to the south edge: counts as evacuated at the end
    s.units["g-1pz-a"].where = "dead"
    t = tally(s, final=True)
    assert t["allied"] > 0 and t["evacuated_steps"] > 0
    assert evaluate(s, "german") == t["german"] - 1.5 * t["allied"]
    assert evaluate(s, "allied") == -evaluate(s, "german")


@pytest.mark.rules("dynamo:22.3")
def test_a_unit_cut_off_counts_as_destroyed_and_one_linked_south_as_evacuated() -> None:
    s = empty()
    put(s, "1115", "b-2")
    linked = evaluate(s, "allied")
    s.units["b-2"].hex = POCKET
    b = board(s)
    for h, u in zip(b.m.neighbours[POCKET], ["g-12id", "g-32id", "g-87id", "g-9id", "g-62id", "g-7id"]):
        put(s, h, u)
    cut = evaluate(s, "allied")
    steps = len(b.unit("b-2").steps)
    # linked: its steps are Allied evacuation points (1 each, times the line); cut: 4 German points a step
    assert linked - cut == pytest.approx(1.5 * steps + 4 * steps)
