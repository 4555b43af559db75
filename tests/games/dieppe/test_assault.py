"""Lining up the assault columns, with the rulebook's example (dieppe 11.2)."""

import pytest

from wargames_tui.games.dieppe.assault import case_one, case_two, german_column, support_levels
from wargames_tui.games.dieppe.combat import assault_values

INFANTRY = ("inf", 2, 2)  # German infantry 3-2-3: AF 2
MG = ("mg", 1, 1)  # machine gun 5-1-0: AF 1


@pytest.mark.rules("dieppe:11.2")
def test_the_assault_example_lines_up_and_fights():
    # Four commandos (one reduced) against infantry and a machine gun: case 1. The Germans line
    # up infantry first (AF 2), then the machine gun (AF 1); three commandos face the infantry.
    assert [g[0] for g in german_column([MG, INFANTRY])] == ["inf", "mg"]
    lines = case_one([MG, INFANTRY], ["c1", "c4"], {"c1": ["c2", "c3"]})
    assert [(l.british, l.german, l.british_support) for l in lines] == [("c1", "inf", ("c2", "c3")), ("c4", "mg", ())]
    levels = {"c1": 2, "c2": 2, "c3": 1, "c4": 2}  # c3 is the reduced commando
    first = assault_values(4, support_levels(lines[0].british_support, levels), 1, 2, 0, 8, protection=0)
    assert first == (8, 10)  # 7 + 1 against 2 + 8: the commando is hit
    second = assault_values(4, support_levels(lines[1].british_support, levels), 4, 1, 0, 6, protection=0)
    assert second == (8, 7)  # the machine gun is hit


@pytest.mark.rules("dieppe:11.2")
def test_more_germans_than_commandos_spread_their_supports():
    germans = [("a", 2, 2), ("b", 2, 2), ("c", 1, 1), ("d", 1, 1), ("e", 0, 0)]
    lines = case_two(["x", "y"], germans)
    assert [(l.british, l.german) for l in lines] == [("x", "a"), ("y", "b")]
    assert [l.german_support for l in lines] == [("c", "e"), ("d",)]
    with pytest.raises(ValueError):
        case_two(["x", "y"], germans[:2])
    with pytest.raises(ValueError):
        case_one(germans, ["x"], {})
