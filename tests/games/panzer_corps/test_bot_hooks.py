"""What the Panzer Corps rules tell bots that look ahead: the standing if the game ended now."""

from wargames_tui.games.panzer_corps import points_now, rules


def test_dunkerque_standing_counts_from_the_points_threshold():
    # No points at the start against the 35 the Germans need (dunkerque:4.0).
    state = rules.new_state("panzer-corps/dunkerque", {})
    assert points_now(state, "ge") == -35 and points_now(state, "al") == 35


def test_kharkov_standing_is_the_vp_lead():
    # The Germans control every city hex at the start, 2 VP each (kharkov:4.1(1), (3)): 20 on our map.
    state = rules.new_state("panzer-corps/kharkov", {})
    assert points_now(state, "de") == 40 and points_now(state, "su") == -40


def test_el_alamein_gives_no_standing():
    # The end of the game brings no points there, only a default winner (el-alamein:4.2(4)).
    state = rules.new_state("panzer-corps/el-alamein", {})
    assert points_now(state, "gi") == points_now(state, "bc") == 0
