"""Movement, stacking, minor allies, reinforcements, returns, evacuation, air drops (betrayal:1-3.2)."""

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal import automaton, sequence
from wargames_tui.games.betrayal.choices import withdraw_options
from wargames_tui.games.betrayal.data import load_scenario
from wargames_tui.games.betrayal.movement import reach

from .helpers import act, blank, kinds, put

S = load_scenario()


def moves_of(state, uid):
    return sorted(a["to"] for a in game.prompt(state).actions if a["type"] == "move" and a["unit"] == uid)


@pytest.mark.rules("betrayal:1.1")
def test_allied_units_never_enter_the_german_border_areas():
    state = blank("british-movement")
    put(state, "LIE", "be-iii")
    put(state, "LUX", "br-1")
    assert not {"1", "2", "3", "4", "5", "6"} & set(moves_of(state, "be-iii") + moves_of(state, "br-1"))


@pytest.mark.rules("betrayal:1.5")
def test_three_ground_units_a_side_end_in_an_area_but_germany_takes_any_number():
    state = blank("french-movement")
    put(state, "REI", "fr-1c", "fr-16c", "fr-3c")
    put(state, "SOI", "fr-5c", "fr-aa")
    assert "REI" not in moves_of(state, "fr-5c")
    put(state, "5", *[f"de-{c}k" for c in ("7", "13", "14", "19", "23")])
    assert len([u for u, p in state.pieces.items() if p.where == "5"]) == 5
    assert game.check_invariants(state) == []


@pytest.mark.rules("betrayal:1.6")
def test_no_zones_of_control_a_unit_leaves_a_combat_area_freely():
    state = blank("french-movement")
    put(state, "REI", "fr-1c", "de-7k")
    assert "SOI" in moves_of(state, "fr-1c")


@pytest.mark.rules("betrayal:1.7")
def test_minor_allies_stay_home_and_are_moved_by_the_british():
    state = blank("british-movement")
    put(state, "GHE", "be-vi")
    put(state, "ROT", "nl-peel")
    assert moves_of(state, "be-vi") == ["ANT", "BRU"]  # not Dunkirk or Lille
    assert "ANT" not in moves_of(state, "nl-peel")
    put(state, "LIL", "be-v")
    assert "ARR" in moves_of(state, "be-v")  # once out, free to go
    french = blank("french-movement")
    put(french, "GHE", "be-vi")
    assert moves_of(french, "be-vi") == []


@pytest.mark.rules("betrayal:1.7")
def test_a_minor_ally_forced_out_withdraws_abroad_only_when_home_is_closed():
    state = blank("german-combat")
    put(state, "GHE", "be-vi", "de-7k")
    put(state, "ANT", "de-13k")
    put(state, "BRU", "de-14k")
    from wargames_tui.games.betrayal.choices import withdraw_options

    assert withdraw_options(state, "be-vi", "GHE") == ["DUN", "LIL"]
    put(state, "ANT", "be-i")
    state.pieces["de-13k"].where = "waiting"
    assert withdraw_options(state, "be-vi", "GHE") == ["ANT"]


@pytest.mark.rules("betrayal:3.1")
def test_motorised_units_pay_two_for_forest_and_mountain():
    state = blank("french-movement")
    put(state, "REI", "fr-3dcr")  # 5-3-2 armour
    put(state, "SOI", "fr-1c")  # 3-2-1 corps
    assert "PAR" in reach(state, "fr-3dcr") and "BEA" in reach(state, "fr-3dcr")  # two clear areas
    put(state, "DIN", "fr-cvc")  # 2 MA, Dinant is forest
    assert "ARD" in reach(state, "fr-cvc") and "LUX" not in reach(state, "fr-cvc")
    put(state, "NAN", "fr-2dcr")
    assert "EPI" in reach(state, "fr-2dcr") and "BEL" not in reach(state, "fr-2dcr")  # mountain costs 2
    assert sorted(reach(state, "fr-1c")) == ["BEA", "PAR", "REI", "SQU"]  # one area, whatever the ground


def to_reinforcements(state):
    """End the German turn so that the French player turn opens with its arrivals."""
    act(state, {"type": "step"})


@pytest.mark.rules("betrayal:3.2.1")
def test_french_armour_arrives_in_soissons_on_turn_3_or_at_an_edge_if_it_is_german():
    state = blank("german-regroup", turn=3)
    to_reinforcements(state)  # Soissons is the only place: both enter there by themselves
    assert state.pieces["fr-2dcr"].where == state.pieces["fr-4dcr"].where == "SOI"
    blocked = blank("german-regroup", turn=3)
    put(blocked, "SOI", "de-7k")
    to_reinforcements(blocked)
    edges = sorted({a["to"] for a in game.prompt(blocked).actions})
    assert edges == ["ABB", "BEL", "CAE", "CAL", "CHR", "DIJ", "LEH", "ORL", "TRO"]


@pytest.mark.rules("betrayal:3.2.1")
def test_french_armour_enters_a_vacant_soissons_even_if_the_germans_passed_through_it():
    state = blank("german-regroup", turn=3)
    put(state, "SOI", "de-7k")
    state.pieces["de-7k"].where = "REI"  # Soissons stays German-controlled, but nobody is there
    assert state.control["SOI"] == "german"
    to_reinforcements(state)
    assert state.pieces["fr-2dcr"].where == state.pieces["fr-4dcr"].where == "SOI"


@pytest.mark.rules("betrayal:3.2.1")
def test_british_armour_lands_at_a_friendly_port_or_is_lost():
    state = blank("french-regroup", turn=4)
    put(state, "DUN", "de-7k")
    put(state, "CAL", "de-13k")
    act(state, {"type": "roll"})
    assert sorted(a["to"] for a in game.prompt(state).actions) == ["CAE", "LEH"]
    lost = blank("french-regroup", turn=4)
    for port, unit in zip(("DUN", "CAL", "LEH", "CAE", "ABB"), ("de-7k", "de-13k", "de-14k", "de-19k", "de-23k")):
        put(lost, port, unit)
    act(lost, {"type": "roll"})
    assert lost.pieces["br-1tb"].where == "eliminated"


@pytest.mark.rules("betrayal:3.2.2")
def test_returns_beyond_the_units_in_the_box_are_lost_and_germans_return_at_the_border():
    state = blank("german-returns")
    put(state, "regroup", "de-7k", reduced=True)
    put(state, "SED", "de-13k")
    act(state, {"type": "step"}, [4])
    p = game.prompt(state)
    areas = sorted({a["to"] for a in p.actions})
    assert areas == ["1", "2", "3", "4", "5", "6"]  # Sedan is not next to Germany
    act(state, {"type": "return", "unit": "de-7k", "to": "3"})
    assert state.pending == [] and state.pieces["de-7k"].where == "3"


@pytest.mark.rules("betrayal:3.2.2")
def test_allied_returns_go_next_to_paris_or_to_the_nearest_friendly_area():
    state = blank("french-returns")
    put(state, "regroup", "fr-1c", reduced=True)
    put(state, "EPI", "fr-8c")
    put(state, "REI", "fr-12c")
    put(state, "NAN", "fr-17c")
    act(state, {"type": "roll"}, [1])
    assert sorted(a["to"] for a in game.prompt(state).actions) == ["NAN", "REI"]  # two areas from Paris


@pytest.mark.rules("betrayal:3.2.3")
def test_only_british_units_evacuate_and_only_from_a_port():
    state = blank("british-movement")
    put(state, "DUN", "br-1", "be-vi")
    put(state, "ARR", "br-2")
    assert [a for a in game.prompt(state).actions if a["type"] == "evacuate"] == [{"type": "evacuate", "unit": "br-1"}]
    act(state, {"type": "move", "unit": "br-2", "to": "CAL"})
    act(state, {"type": "evacuate", "unit": "br-2"})  # move and evacuate in one phase
    assert state.pieces["br-2"].where == "evacuated"


@pytest.mark.rules("betrayal:3.2.4")
def test_turn_one_drops_come_first_reach_eight_areas_and_stop():
    state = blank("german-movement", turn=1)
    put(state, "1", "de-7ab", "de-22al", "de-10k")
    put(state, "ROT", "nl-peel")
    state.assigned = {"1": "attack"}
    automaton.start_tactics(state)
    assert kinds(state) == {"drop"}
    targets = {a["to"] for a in game.prompt(state).actions if a["unit"] == "de-7ab"}
    assert "ROT" in targets and "PAR" in targets and "EPI" not in targets  # Paris 8 areas away, Epinal 9
    act(state, {"type": "drop", "unit": "de-7ab", "to": "ROT"})
    act(state, {"type": "drop", "unit": "de-22al", "to": "UTR"})
    assert "de-7ab" not in {a.get("unit") for a in game.prompt(state).actions}  # landed: it stops
    assert "ROT" in state.entered  # a drop on the enemy makes a combat


@pytest.mark.rules("betrayal:3.2.4")
def test_landed_airborne_units_move_one_area_later():
    state = blank("german-movement", turn=2)
    put(state, "ROT", "de-7ab")
    state.assigned = {"ROT": "hold"}
    automaton.start_tactics(state)
    assert set(reach(state, "de-7ab")) == {"AMS", "UTR", "BRA"}


@pytest.mark.rules("betrayal:1.7", "betrayal:4.5.2")
def test_a_minor_ally_does_not_withdraw_abroad_past_a_full_area_while_one_at_home_is_open():
    # Dinant full, the Ardennes German: the way on through Dinant leads into France as well as
    # Belgium, but Louvain is open at home, so the unit stays in Belgium (referee R1)
    state = blank("british-combat", turn=1)
    put(state, "LIE", "be-ii", "de-3pz")
    put(state, "DIN", "br-1", "br-2", "br-48")
    put(state, "ARD", "de-4k")
    where = withdraw_options(state, "be-ii", "LIE")
    assert "LOU" in where and {S.areas[a].country for a in where} == {"B"}
    british = withdraw_options(state, "br-1", "DIN")  # a British unit has no homeland to keep to
    assert "F" in {S.areas[a].country for a in british}


@pytest.mark.rules("betrayal:3.2.4", "betrayal:4.1", "betrayal:4.2.2", "betrayal:3.4.6")
def test_a_drop_onto_allied_units_fights_even_when_refit_cancels_every_advance():
    # NOTES.md reading 25: 4.2.2 bars moving ground units into combat; the drop is no ground move
    # (3.2.4 a) and may land on the enemy (3.2.4 b), so 4.1 makes it fight. Refit and Hold rolled.
    state = blank("german-movement", turn=1)
    put(state, "1", "de-7ab")
    put(state, "ARD", "be-cav")
    state.tactics, state.assigned = ["refit", "hold"], {"1": "hold"}
    automaton.start_tactics(state)
    act(state, {"type": "drop", "unit": "de-7ab", "to": "ARD"})
    assert "ARD" in state.entered
    sequence._start_combat(state, [])
    assert state.combats == ["ARD"]
