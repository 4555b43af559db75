"""The German automaton: initiative, orders, tactics, guided movement (betrayal:3.4, 4.2)."""

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal import automaton

from .helpers import act, blank, put


def moves_of(state, uid):
    return sorted(a["to"] for a in game.prompt(state).actions if a["type"] == "move" and a["unit"] == uid)


@pytest.mark.rules("betrayal:3.4.1")
def test_initiative_high_roll_then_ties_to_the_player_without_it_last_turn():
    state = blank("initiative", turn=1)
    state.initiative = None
    act(state, {"type": "step"}, [3, 3, 2, 5])  # a tie on turn 1 is rolled again
    assert state.initiative == "british"
    later = blank("initiative", turn=4, initiative="british")
    act(later, {"type": "step"}, [4, 4])
    assert later.initiative == "french"
    again = blank("initiative", turn=4, initiative="british")
    act(again, {"type": "step"}, [6, 2])
    assert again.initiative == "french"


@pytest.mark.rules("betrayal:3.4.2")
def test_a_low_countries_order_is_void_once_that_country_has_no_army_left():
    state = blank("orders")
    put(state, "ANT", "be-i")
    act(state, {"type": "step"}, [1, 2])  # 3: Belgium only, and Belgium still fights
    assert state.countries == ["B"] and state.tactics_rolls == 1
    overrun = blank("orders")
    put(overrun, "ROT", "nl-peel")
    act(overrun, {"type": "step"}, [1, 2, 1, 1, 3, 4])  # 3 void, 2 (N only) skipped, then 7: ALL
    assert overrun.countries == ["ALL"] and overrun.tactics_rolls == 3


@pytest.mark.rules("betrayal:3.4.2")
def test_outside_the_ordered_countries_german_ground_units_stand_but_may_still_bomb():
    state = blank("german-movement", initiative="british")
    state.countries = ["B"]
    put(state, "3", "de-2k")
    put(state, "LUX", "de-3k", "de-bomber")
    put(state, "LIE", "be-iii")
    put(state, "SED", "fr-4c")
    state.assigned = {"3": "attack"}
    automaton.start_tactics(state)
    assert moves_of(state, "de-2k") == ["LIE"]  # Belgium only, and its one unit owes Liege an attack
    assert "SED" in {a["target"] for a in game.prompt(state).actions if a["type"] == "mission"}
    assert automaton.assignable(state) == ["3"]  # Luxembourg is not ordered


@pytest.mark.rules("betrayal:3.4.4")
def test_hold_moves_forward_while_it_can_and_never_into_allied_areas():
    state = blank("german-movement")
    put(state, "SED", "de-1pz")
    put(state, "REI", "fr-1c")
    state.assigned = {"SED": "hold"}
    automaton.start_tactics(state)
    to = moves_of(state, "de-1pz")
    assert "REI" not in to and "DIN" not in to and "SQU" in to
    assert {"type": "end-movement"} not in game.prompt(state).actions
    act(state, {"type": "move", "unit": "de-1pz", "to": "SQU"})
    assert {"type": "end-movement"} in game.prompt(state).actions


@pytest.mark.rules("betrayal:3.4.4")
def test_refit_restores_and_releases_and_cancels_every_advance():
    state = blank("tactics")
    state.tactics_rolls = 2
    put(state, "SED", "de-7k", reduced=True)
    put(state, "setaside", "de-13k", reduced=True)
    act(state, {"type": "step"}, [2, 3, 6, 6])  # turn 2, early column: 5 attack, 12 refit
    assert state.tactics == ["refit"] and not state.pieces["de-7k"].reduced
    assert game.prompt(state).actions[0]["type"] == "place" and state.pieces["de-13k"].reduced


@pytest.mark.rules("betrayal:3.4.4")
def test_advance_attack_must_enter_every_adjacent_allied_area():
    state = blank("german-movement")
    put(state, "SED", "de-1pz", "de-7k")
    put(state, "REI", "fr-1c")
    put(state, "VER", "fr-6c")
    state.assigned = {"SED": "attack"}
    automaton.start_tactics(state)
    assert {"type": "end-movement"} not in game.prompt(state).actions
    assert "SQU" not in moves_of(state, "de-7k")  # it is needed for one of the two attacks
    act(state, {"type": "move", "unit": "de-7k", "to": "REI"})
    assert moves_of(state, "de-1pz") == ["VER"]
    act(state, {"type": "move", "unit": "de-1pz", "to": "VER"})
    assert {"type": "end-movement"} in game.prompt(state).actions


@pytest.mark.rules("betrayal:3.4.4")
def test_westward_attacks_on_the_maginot_line_are_optional():
    state = blank("german-movement")
    put(state, "6", "de-12k")
    put(state, "STR", "fr-9c")
    state.assigned = {"6": "attack"}
    automaton.start_tactics(state)
    assert {"type": "end-movement"} in game.prompt(state).actions
    east = blank("german-movement")
    put(east, "NAN", "de-12k")
    put(east, "STR", "fr-9c")
    east.assigned = {"NAN": "attack"}
    automaton.start_tactics(east)
    assert {"type": "end-movement"} not in game.prompt(east).actions


@pytest.mark.rules("betrayal:3.4.4")
def test_saturation_bombing_owes_two_missions():
    state = blank("german-movement")
    put(state, "BRU", "de-14k", "de-bomber")
    put(state, "LIL", "fr-1c")
    put(state, "SOI", "fr-3dcr")
    state.assigned = {"BRU": "saturation"}
    automaton.start_tactics(state)
    act(state, {"type": "move", "unit": "de-14k", "to": "LIL"})
    act(state, {"type": "mission", "unit": "de-bomber", "target": "LIL", "both": True})
    assert {"type": "end-movement"} not in game.prompt(state).actions
    act(state, {"type": "mission", "unit": "de-bomber", "target": "SOI", "both": False})
    assert {"type": "end-movement"} in game.prompt(state).actions


@pytest.mark.rules("betrayal:3.4.6")
def test_refit_cancels_the_advance_tactics_rolled_with_it():
    state = blank("tactics", turn=6)
    state.tactics_rolls = 3
    act(state, {"type": "step"}, [1, 1, 3, 3, 1, 2])  # late: 2 refit, 6 attack, 3 hold
    assert state.tactics == ["refit", "hold"]


@pytest.mark.rules("betrayal:4.2.2")
def test_without_an_advance_tactic_no_german_ground_attack():
    state = blank("german-movement")
    put(state, "SED", "de-7k")
    put(state, "REI", "fr-1c")
    assert moves_of(state, "de-7k") == []  # no tactic at all: the area stands
    state.assigned = {"SED": "hold"}
    automaton.start_tactics(state)
    assert "REI" not in moves_of(state, "de-7k") and "SQU" in moves_of(state, "de-7k")
