"""Ground combat: which areas fight, odds, shifts, modifiers and every result (betrayal:4.0-4.5)."""

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.combat import assess, column_index, drm, lookup
from wargames_tui.games.betrayal.data import load_scenario

from .helpers import act, blank, combat_event, put

COLUMNS = load_scenario().tables.crt.columns


def fight_in(state, area, rolls, phase="german-combat"):
    state.phase, state.step, state.combats = phase, "fighting", [area]
    return act(state, {"type": "combat", "area": area}, rolls)


@pytest.mark.rules("betrayal:1.2")
def test_a_reduced_unit_fights_with_the_values_of_its_back():
    state = blank("german-combat")
    put(state, "REI", "de-1pz", "de-7k", reduced=True)
    put(state, "REI", "fr-1c")
    got = assess(state, "REI", ["de-1pz", "de-7k"], ["fr-1c"], False, 0)
    assert got["attackers"] == {"de-1pz": 7, "de-7k": 4} and got["defence"] == 2


@pytest.mark.rules("betrayal:4.1")
def test_combat_only_where_the_phasing_side_moved_in():
    state = blank("french-movement")
    put(state, "REI", "fr-1c", "de-7k")  # a standing fight from an earlier turn
    put(state, "SOI", "fr-3c")
    put(state, "SQU", "de-13k")
    put(state, "PAR", "fr-5c")
    act(state, {"type": "move", "unit": "fr-3c", "to": "SQU"})
    act(state, {"type": "end-movement"})
    assert state.combats == ["SQU"]


@pytest.mark.rules("betrayal:4.2.1")
def test_allied_units_may_always_attack():
    state = blank("british-movement")
    put(state, "ARR", "br-1")
    put(state, "CAM", "de-7k")
    assert {"type": "move", "unit": "br-1", "to": "CAM"} in game.prompt(state).actions


@pytest.mark.rules("betrayal:4.4.2")
def test_odds_stay_between_one_to_three_and_eight_to_one():
    assert COLUMNS[column_index(40, 2)] == "8:1"
    assert COLUMNS[column_index(1, 9)] == "1:3"
    assert COLUMNS[column_index(2, 3)] == "1:2"  # rounded for the defender
    state = blank("german-combat")
    put(state, "MET", "de-7k", "fr-cc")
    assert assess(state, "MET", ["de-7k"], ["fr-cc"], False, 0)["column"] == "1:3"  # 2:1 five left


@pytest.mark.rules("betrayal:4.4.3")
def test_armour_against_infantry_only_adds_or_subtracts_one():
    assert drm(["de-1pz"], ["fr-1c"]) == 1
    assert drm(["de-7k"], ["fr-3dcr"]) == -1
    assert drm(["de-1pz"], ["fr-3dcr", "fr-1c"]) == 0
    assert drm(["de-7k"], ["fr-1c"]) == 0


@pytest.mark.rules("betrayal:4.5.1")
@pytest.mark.rules("betrayal:4.5.3")
def test_attacker_step_loss():
    state = blank("german-combat")
    put(state, "REI", "de-7k", "de-13k", "fr-1c", "fr-16c", "fr-3c")
    state.pieces["de-13k"].reduced = True
    fight = combat_event(fight_in(state, "REI", [1, 3]))  # 9:6 is 1:1, 4 is AS
    assert fight["result"] == "AS"
    assert state.pieces["de-7k"].reduced and state.pieces["de-13k"].where == "setaside"
    assert not any(state.pieces[u].reduced for u in ("fr-1c", "fr-16c", "fr-3c"))


@pytest.mark.rules("betrayal:4.5.2")
def test_withdrawal_goes_back_past_full_areas_and_never_into_a_fight():
    from wargames_tui.games.betrayal.choices import withdraw_options

    state = blank("german-combat")
    put(state, "REI", "fr-1c")
    put(state, "SOI", "fr-16c", "fr-3c", "fr-5c")
    put(state, "CHA", "fr-6c", "de-13k")
    put(state, "SQU", "de-14k")
    put(state, "VER", "de-15k")
    put(state, "SED", "de-16k")
    assert withdraw_options(state, "fr-1c", "REI") == ["BEA", "PAR"]  # on through full Soissons


@pytest.mark.rules("betrayal:4.5.2")
def test_a_unit_with_nowhere_to_go_is_set_aside_reduced():
    state = blank("german-combat")
    put(state, "REI", "de-7k", "de-13k", "fr-1c")
    for area, unit in (("SOI", "de-14k"), ("CHA", "de-15k"), ("SQU", "de-16k"), ("VER", "de-19k"), ("SED", "de-23k")):
        put(state, area, unit)
    fight = combat_event(fight_in(state, "REI", [4, 4]))  # 10:2 = 5:1, 8: DSW
    assert fight["result"] == "DSW"
    assert state.pieces["fr-1c"].where == "setaside" and state.pieces["fr-1c"].reduced


@pytest.mark.rules("betrayal:4.5.4")
def test_a_counter_attack_is_fought_at_once_by_the_defenders():
    state = blank("german-combat")
    put(state, "REI", "de-7k", "fr-1c", "fr-16c", "fr-3c")
    events = fight_in(state, "REI", [4, 4, 6, 6])  # 5:6 is 1:2, 8: CA; then 9:4 is 2:1, 12: DE
    fights = [e.data for e in events if e.kind == "combat" and "result" in e.data]
    assert [(f["column"], f["result"]) for f in fights] == [("1:2", "CA"), ("2:1", "DE")]
    assert list(fights[1]["attackers"]) == ["fr-1c", "fr-16c", "fr-3c"]
    assert state.pieces["de-7k"].where == "setaside"


@pytest.mark.rules("betrayal:4.5.6")
@pytest.mark.rules("betrayal:4.5.7")
@pytest.mark.rules("betrayal:4.5.8")
def test_exchange_elimination_and_surrender():
    assert lookup("2:1", 6) == "EX" and lookup("2:1", 12) == "DE" and lookup("8:1", 13) == "DSU"
    state = blank("german-combat")
    put(state, "REI", "de-7k", "de-13k", "fr-1c", "fr-16c")
    fight = combat_event(fight_in(state, "REI", [3, 3]))  # 10:4 = 2:1, 6: EX
    assert fight["result"] == "EX"
    assert all(state.pieces[u].where == "setaside" for u in ("de-7k", "de-13k", "fr-1c", "fr-16c"))
    state = blank("german-combat")
    put(state, "REI", "de-7k", "de-13k", "fr-1c", "be-i")
    fight = combat_event(fight_in(state, "REI", [6, 6]))  # 10:4 = 2:1, 12: DE
    assert fight["result"] == "DE"
    assert state.pieces["fr-1c"].where == "setaside" and state.pieces["be-i"].where == "eliminated"
    state = blank("german-combat")
    put(state, "REI", "de-1pz", "de-2pz", "fr-1c")
    fight = combat_event(fight_in(state, "REI", [6, 6]))  # 18:2 = 8:1, 13: DSU
    assert fight["result"] == "DSU" and state.pieces["fr-1c"].where == "eliminated"


@pytest.mark.rules("betrayal:4.5.2")
def test_a_withdrawal_through_full_areas_still_ends_south_or_west():
    from wargames_tui.games.betrayal.choices import withdraw_options

    state = blank("german-combat")
    put(state, "LIL", "br-1", "de-7k")
    put(state, "DUN", "fr-1c", "fr-16c", "fr-3c")
    put(state, "ARR", "br-2", "br-3", "br-4")
    put(state, "CAM", "br-5", "br-12", "br-23")
    put(state, "MAU", "fr-5c", "fr-4c", "fr-2c")
    assert "GHE" not in withdraw_options(state, "br-1", "LIL")  # north-east of Lille
    assert set(withdraw_options(state, "br-1", "LIL")) <= {"CAL", "ABB", "AMI", "SQU", "SED", "DIN"}


@pytest.mark.rules("betrayal:4.4.2")
def test_the_combat_line_shows_the_ratio_each_shift_and_the_column_fought():
    state = blank("german-combat")
    put(state, "MET", "de-1pz", "de-7k", "fr-cc")
    events = fight_in(state, "MET", [6, 6])
    got = combat_event(events)
    line = next(e.text for e in events if e.kind == "combat" and "result" in e.data)
    assert f"= {got['ratio']}, Maginot Line -5, column {got['column']}," in line
    assert got["ratio"] != got["column"]  # the line names both: the shift moved it

    state = blank("german-combat")
    put(state, "SED", "de-1pz", "fr-10c", "fr-4c")
    events = fight_in(state, "SED", [3, 3])
    line = next(e.text for e in events if e.kind == "combat" and "result" in e.data)
    assert "= 2:1, column 2:1," in line  # no shift in force, none named
