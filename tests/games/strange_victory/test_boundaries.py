"""Both sides of each band of the campaign's result (strange-victory:11.2, 5.1), and of the last
Audacity point (5.4.5, a limit a mutant got past)."""

from fractions import Fraction

import pytest

from tests.games.strange_victory.test_turn import act, campaign
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


@pytest.mark.rules("strange-victory:5.4.5")
def test_a_commander_may_spend_his_last_audacity_point_on_a_re_roll():
    state = campaign()
    state.pools["B"] = ["B-inf-2a", "B-inf-2b"]
    state.audacity["guderian"] = 1
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)
    act(state, {"type": "roll"}, 1, 1, 1)
    act(state, {"type": "reroll", "dice": [0, 1, 2], "by": "audacity"}, 1, 1, 1)
    assert state.audacity["guderian"] == 0
