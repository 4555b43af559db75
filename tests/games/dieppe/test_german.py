"""The German priorities, with the rulebook's movement and fire examples (dieppe 9.3, 11.1)."""

import pytest

from wargames_tui.games.dieppe.german import Stack, fire_order, fire_targets, movement_goal, movement_order


@pytest.mark.rules("dieppe:9.3")
def test_the_german_movement_example():
    # Turn 3, alarm 7: the Germans go for the nearest British stack. Both commando stacks are
    # 2 MP away; one has 8 levels (four full commandos), the other 6 (two full, two reduced and
    # an officer, who counts for nothing): the move is toward the 8-level stack.
    eight = Stack("LHM", 8)
    six = Stack("VAS", 2 * 2 + 2 * 1 + 0)
    assert six.levels == 6
    assert movement_goal({"LHM": 2, "VAS": 2}, [six, eight]) == [eight]


@pytest.mark.rules("dieppe:9.3")
def test_nearest_first_then_biggest_and_big_stacks_move_first():
    near_small, far_big = Stack("A", 2), Stack("B", 8)
    assert movement_goal({"A": 1, "B": 3}, [near_small, far_big]) == [near_small]
    assert movement_goal({"A": 1}, [far_big]) == []  # out of reach (round markers and obstacles)
    tie = movement_goal({"A": 2, "B": 2}, [Stack("A", 4), Stack("B", 4)])
    assert len(tie) == 2  # left to a die
    assert [s.levels for s in movement_order([Stack("x", 1), Stack("y", 5), Stack("z", 3)])] == [5, 3, 1]


@pytest.mark.rules("dieppe:11.1")
def test_the_german_fire_example():
    # German stacks of 5 levels (with the machine gun) and 4 levels; adjacent commando stacks of
    # 6 and 8 levels. The 5-level stack fires first, on the 6-level stack.
    five, four = Stack("SMG", 5), Stack("CP", 4)
    assert fire_order([four, five]) == [five, four]
    assert fire_targets([Stack("OR2", 8), Stack("FSM", 6)]) == [Stack("FSM", 6)]
    assert fire_targets([]) == []
