"""Both sides of each band of the campaign's result (strange-victory:11.2, 5.1)."""

from fractions import Fraction

import pytest

from wargames_tui.games.strange_victory.victory import RESULTS, campaign_result


@pytest.mark.rules("strange-victory:11.2")
@pytest.mark.parametrize(("low", "name"), RESULTS[1:])
def test_each_result_begins_at_its_lowest_total(low: int, name: str):
    below = RESULTS[[n for _, n in RESULTS].index(name) - 1][1]
    assert campaign_result(Fraction(low) - Fraction(1, 2), False) == below
    assert campaign_result(Fraction(low), False) == name
    assert campaign_result(Fraction(low) + 1, False) == name


@pytest.mark.rules("strange-victory:5.1")
def test_taking_every_area_is_axis_triumphant_at_any_total():
    assert campaign_result(Fraction(0), True) == RESULTS[-1][1]
