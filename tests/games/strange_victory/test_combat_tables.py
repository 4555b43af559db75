"""Allied strength, hits, the five results and the victory points as pure functions
(strange-victory:3.1.5, 8.3.2, 8.3.4, 8.3.5, 8.3.6, 11.1, 11.2)."""

from fractions import Fraction

import pytest

from wargames_tui.games.strange_victory.combat import RESULTS, base_strength, hits, result_for
from wargames_tui.games.strange_victory.victory import campaign_result, village_points


@pytest.mark.rules("strange-victory:3.1.5", "strange-victory:8.3.2")
def test_avesnes_defends_at_six_or_eight():
    assert base_strength([("infantry", 2)], forest=True, fortress=True) == 6
    assert base_strength([("infantry", 3)], forest=True, fortress=True) == 8


@pytest.mark.rules("strange-victory:8.3.2")
def test_forest_doubles_infantry_not_armour_and_ports_add_up_to_eight():
    assert base_strength([("infantry", 3)], forest=True, fortress=False) == 6
    assert base_strength([("armor", 5)], forest=True, fortress=False) == 5
    assert base_strength([("infantry", 3), ("infantry", 4)], forest=False, fortress=False) == 7  # the Calais example
    assert base_strength([("infantry", 4), ("infantry", 4), ("infantry", 2)], forest=False, fortress=False) == 8


@pytest.mark.rules("strange-victory:8.3.5", "strange-victory:8.3.6", "strange-victory:8.3.7")
def test_the_hits_of_the_combat_example():
    # Avesnes at 5 after Stuka and Guns: 1, 3, 4, 5 is one hit; after the re-roll 2, 5, 6, 5 is three.
    assert hits([1, 3, 4, 5], 5) == 1 and result_for(5, [1, 3, 4, 5]) == "pitched-battle"
    assert result_for(5, [2, 5, 6, 5]) == "devastating-overrun"
    # Cambrai: the Somua at 4 after the Stuka, 1, 2, 2, 5 is one hit, a Pitched Battle.
    assert result_for(4, [1, 2, 2, 5]) == "pitched-battle"


@pytest.mark.rules("strange-victory:8.3.4", "strange-victory:4.6", "strange-victory:5.4.6")
def test_the_five_results():
    assert result_for(7, []) == "bloody-firefight" and result_for(8, [6, 6, 6]) == "bloody-firefight"
    assert result_for(3, [3, 4]) == "brutal-breakthrough" and result_for(3, [1, 2]) == "desperate-victory"
    assert RESULTS["bloody-firefight"].panic == 3 and RESULTS["bloody-firefight"].damage == "shocked"
    assert RESULTS["desperate-victory"].damage == "shocked"  # 4.6: shocked by a Desperate Victory
    assert RESULTS["pitched-battle"].damage == "disorder" and RESULTS["pitched-battle"].panic == 1  # 8.3.7
    assert RESULTS["devastating-overrun"].audacity == 1 and RESULTS["devastating-overrun"].goes_on
    assert RESULTS["brutal-breakthrough"].goes_on and RESULTS["brutal-breakthrough"].panic == 1  # reconstructed (NOTES.md)


@pytest.mark.rules("strange-victory:11.1")
def test_village_pairing():
    assert village_points(1, 0, 0) == Fraction(1, 2)
    assert village_points(1, 1, 0) == 1  # the B pairs with the A
    assert village_points(1, 2, 0) == 1  # the second B has no A of its own
    assert village_points(2, 2, 3) == Fraction(2, 2) + Fraction(2, 2) + 2  # two C with two scoring B
    assert village_points(0, 3, 3) == 0  # no A: no B scores, so no C either


@pytest.mark.rules("strange-victory:11.2", "strange-victory:5.1")
def test_campaign_results():
    assert campaign_result(Fraction(29, 2), False) == "Frantic Nightmare"
    assert campaign_result(Fraction(15), False) == "Dogged and Bloody Day"
    assert campaign_result(Fraction(33), False) == "Miracle Evacuation"
    assert campaign_result(Fraction(51), False) == "Axis Triumphant"
    assert campaign_result(Fraction(20), True) == "Axis Triumphant"
