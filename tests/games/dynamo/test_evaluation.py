"""The evaluation the planning bot scores Dynamo positions by (evaluation.py)."""

import pytest

from wargames_tui.games.dynamo import evaluate
from wargames_tui.games.dynamo.evaluation import SOUTH_LINK, german_line, next_lift
from wargames_tui.games.dynamo.phases import game_over
from wargames_tui.games.dynamo.supply import lines_of_communication
from wargames_tui.games.dynamo.victory import tally

from .helpers import board, empty, put

POCKET = "2116"  # clear, no water nearby: the test rings it with German units
DUNKIRK = "2904"
INLAND = "2906"  # two hexes from Dunkirk, off the coast


@pytest.mark.rules("dynamo:22.5", "dynamo:22.6")
def test_the_german_line_is_the_scales_least_german_quotient() -> None:
    assert german_line("dynamo/campaign") == 1.5
    assert german_line("dynamo/no-halt-order") == 1.0


@pytest.mark.rules("dynamo:22.5")
def test_the_margin_is_german_points_less_the_line_times_the_allied() -> None:
    s = empty()
    put(s, "1115", "f-1na")  # linked to the south edge: counts as evacuated at the end
    s.units["g-1pz-a"].where = "dead"
    game_over(s)
    t = tally(s, final=True)
    assert t["allied"] > 0 and t["evacuated_steps"] > 0
    assert evaluate(s, "german") == t["german"] - 1.5 * t["allied"]
    assert evaluate(s, "allied") == -evaluate(s, "german")


def _ring(s, h: str) -> None:
    for n, u in zip(board(s).m.neighbours[h], ["g-12id", "g-32id", "g-87id", "g-9id", "g-62id", "g-7id"]):
        put(s, n, u)


@pytest.mark.rules("dynamo:22.3")
def test_at_the_end_a_unit_cut_off_counts_as_destroyed_and_one_linked_south_as_evacuated() -> None:
    s = empty()
    put(s, "1115", "b-2")
    game_over(s)
    linked = evaluate(s, "allied")
    s = empty()
    put(s, POCKET, "b-2")
    _ring(s, POCKET)
    game_over(s)
    cut = evaluate(s, "allied")
    steps = len(board(s).unit("b-2").steps)
    # linked: its steps are Allied evacuation points (1 each, times the line); cut: 4 German points a step
    assert linked - cut == pytest.approx(1.5 * steps + 4 * steps)


@pytest.mark.rules("dynamo:22.3", "dynamo:20.3")
def test_before_the_end_the_way_south_earns_a_share_of_the_evacuation_a_unit_gone_earns_whole() -> None:
    """Counted as if the game ended now, a unit linked south scored as one evacuated, so a move
    off the south edge (20.3) or into a port scored nothing while the pocket was open."""
    s = empty("allied-move", turn=5)
    put(s, "1115", "b-2")
    assert lines_of_communication(board(s))["b-2"] == "south"
    linked = evaluate(s, "allied")
    s.units["b-2"].where, s.units["b-2"].hex = "evacuated", None
    gone = evaluate(s, "allied")
    steps = len(board(s).unit("b-2").steps)
    assert gone - linked == pytest.approx(1.5 * (1 - SOUTH_LINK) * steps)


@pytest.mark.rules("dynamo:20.5", "dynamo:22.3")
def test_a_unit_in_an_open_port_counts_as_lifted_by_the_next_sea_evacuation() -> None:
    """A division that walks into Dunkirk on turn 7 goes by sea on turn 8 (20.5): it scores as
    evacuated, above the same division two hexes inland, linked south."""
    s = empty("allied-move", turn=7)
    assert DUNKIRK in board(s).m.coastal and INLAND not in board(s).m.coastal
    put(s, INLAND, "b-3")
    inland = evaluate(s, "allied")
    s.units["b-3"].hex = DUNKIRK
    assert next_lift(board(s), lines_of_communication(board(s))) == {"b-3"}
    assert evaluate(s, "allied") - inland == pytest.approx(1.5 * (1 - SOUTH_LINK) * 2)


@pytest.mark.rules("dynamo:20.4", "dynamo:20.5")
def test_the_next_lift_keeps_to_the_turns_allowance() -> None:
    """Three steps on turns 3-6 (20.4); from turn 7 four from one port and two from any coast, the
    port itself included (20.5); none before turn 3 or after the last."""
    s = empty("allied-move", turn=7)  # the next lift is turn 8's
    put(s, DUNKIRK, "b-1", "b-3", "b-4", "b-5")  # eight steps
    assert len(next_lift(board(s), lines_of_communication(board(s)))) == 3
    s.turn = 5
    assert len(next_lift(board(s), lines_of_communication(board(s)))) == 1  # three steps: one division
    s.turn, s.phase = 3, "german-move"  # the lift of turn 3 is still to come
    assert len(next_lift(board(s), lines_of_communication(board(s)))) == 1
    s.turn, s.phase = 2, "allied-move"  # turn 3's comes next
    assert len(next_lift(board(s), lines_of_communication(board(s)))) == 1
    for turn, phase in ((2, "german-move"), (12, "allied-move")):  # none on turn 2, none after the last
        s.turn, s.phase = turn, phase
        assert len(next_lift(board(s), lines_of_communication(board(s)))) == 0


@pytest.mark.rules("dynamo:20.6", "dynamo:22.3")
def test_the_next_lift_takes_the_cut_off_first_and_leaves_a_rearguard() -> None:
    """A unit cut off on a beach is lifted before one linked south (it would count as destroyed);
    next to the German one step stays behind (20.6), and a lone step, which must roll, is not counted."""
    s = empty("allied-move", turn=5)
    beach = "3305"
    assert beach in board(s).m.coastal
    put(s, beach, "b-2")
    put(s, DUNKIRK, "b-1")
    fates = {"b-2": "cut", "b-1": "south"}
    assert next_lift(board(s), fates) == {"b-2"}
    s = empty("allied-move", turn=5)
    put(s, DUNKIRK, "b-20g")  # one step
    put(s, "2905", "g-12id")
    assert next_lift(board(s), lines_of_communication(board(s))) == set()
    put(s, DUNKIRK, "b-1")  # two steps more: the division goes, the brigade stays
    assert next_lift(board(s), lines_of_communication(board(s))) == {"b-1"}


@pytest.mark.rules("dynamo:21.4")
def test_a_reinforcement_held_back_scores_above_one_entered() -> None:
    """Never entered, an Allied reinforcement counts as evacuated (21.4); entered, it counts only
    as linked south."""
    s = empty("allied-move", turn=5)
    s.units["f-7c"].where = "pool"
    held = evaluate(s, "allied")
    put(s, "1115", "f-7c")
    assert evaluate(s, "allied") < held
