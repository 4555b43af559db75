"""Every worked example of the Betrayal! rules, with the numbers the rulebook prints."""

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal import automaton
from wargames_tui.games.betrayal.combat import column_index, shifts
from wargames_tui.games.betrayal.data import load_scenario

from .helpers import act, blank, combat_event, put


@pytest.mark.rules("betrayal:3.2.2")
def test_a_six_returns_every_british_unit_but_costs_the_reduced_fighter():
    state = blank("british-returns")
    put(state, "SOI", "fr-3dcr")
    put(state, "BEA", "fr-1c")
    put(state, "regroup", "br-1", "br-2", "br-3", reduced=True)
    put(state, "regroup", "br-aasf", reduced=True)
    act(state, {"type": "roll"}, [6])
    assert state.pieces["br-aasf"].where == "eliminated"
    for uid in ("br-1", "br-2"):
        act(state, {"type": "return", "unit": uid, "to": "SOI"})
    # Soissons is full; the last one has only Beauvais left and goes there by itself
    assert [state.pieces[u].where for u in ("br-1", "br-2", "br-3")] == ["SOI", "SOI", "BEA"]


@pytest.mark.rules("betrayal:3.3.4")
def test_a_french_fighter_over_the_ardennes_is_turned_back_on_a_1():
    state = blank("french-movement")
    put(state, "LIL", "fr-1c", "fr-aa")
    put(state, "DIN", "fr-4c")
    put(state, "ARD", "de-2k")
    put(state, "LUX", "de-3k", "de-f1")
    put(state, "regroup", "de-f2")
    act(state, {"type": "move", "unit": "fr-4c", "to": "ARD"})
    act(state, {"type": "mission", "unit": "fr-aa", "target": "ARD"})
    events = act(state, {"type": "end-movement"}, [1])
    roll = next(e.data for e in events if e.kind == "air" and "success" in e.data)
    assert roll["fighters"] == ["de-f1"] and roll["success"]
    assert state.pieces["fr-aa"].where == "setaside" and state.pieces["fr-aa"].reduced
    # the interceptor goes back to Luxembourg, the only German base in its range
    assert state.pieces["de-f1"].where == "LUX"


@pytest.mark.rules("betrayal:3.3.5")
def test_cambrai_air_support_and_the_bomber_make_four_to_one():
    state = blank("german-movement", initiative="british")
    put(state, "MAU", "de-7k", "de-13k", "de-1pz", reduced=True)
    put(state, "CAM", "br-1", "br-2", "fr-3c")
    put(state, "BRU", "de-14k", "de-f1", "de-f2", "de-bomber")
    put(state, "CAL", "br-3", "br-aasf")
    put(state, "SOI", "fr-1c", "fr-aa")
    state.assigned = {"MAU": "attack"}
    automaton.start_tactics(state)
    for uid in ("de-7k", "de-13k", "de-1pz"):
        act(state, {"type": "move", "unit": uid, "to": "CAM"})
    for uid in ("de-f1", "de-f2"):
        act(state, {"type": "mission", "unit": uid, "target": "CAM"})
    act(state, {"type": "mission", "unit": "de-bomber", "target": "CAM", "both": False})
    act(state, {"type": "end-movement"})
    p = game.prompt(state)
    assert p.side == "french"  # the player without the initiative intercepts
    assert {a.get("unit") for a in p.actions} == {"br-aasf", "fr-aa", None}  # one fighter, either one
    events = act(state, {"type": "intercept", "target": "CAM", "unit": "br-aasf"}, [3])
    assert not next(e.data for e in events if "success" in e.data)["success"]
    act(state, {"type": "air-return", "unit": "br-aasf", "to": "CAL"})
    events = act(state, {"type": "combat", "area": "CAM"}, [2, 2])
    fight = combat_event(events)
    assert sum(fight["attackers"].values()) == 15 and fight["defence"] == 6
    assert fight["bomber"] == 3 and fight["attack"] == 18 and fight["base"] == "3:1"
    assert fight["shifts"] == [["air support (betrayal:3.3.5)", 1]]
    assert fight["column"] == "4:1" and fight["drm"] == 1


@pytest.mark.rules("betrayal:3.4.3")
def test_tactics_three_six_seven_give_hold_and_advance_attack():
    state = blank("tactics")
    state.tactics_rolls = 3
    events = act(state, {"type": "step"}, [1, 2, 3, 3, 3, 4])
    assert state.tactics == ["hold", "attack"]
    assert [e.data["repeat"] for e in events if "repeat" in e.data] == [False, False, True]


@pytest.mark.rules("betrayal:3.4.4")
def test_reims_exploit_the_armour_follows_the_french_to_soissons():
    state = blank("german-movement", initiative="british")
    put(state, "SED", "de-1pz", "de-7k")
    put(state, "REI", "fr-1c", "fr-16c")
    state.assigned = {"SED": "exploit"}
    automaton.start_tactics(state)
    act(state, {"type": "move", "unit": "de-1pz", "to": "REI"})
    act(state, {"type": "move", "unit": "de-7k", "to": "REI"})
    act(state, {"type": "end-movement"})
    events = act(state, {"type": "combat", "area": "REI"}, [3, 3])
    fight = combat_event(events)
    assert (fight["attack"], fight["defence"], fight["column"], fight["drm"], fight["result"]) == (14, 4, "3:1", 1, "DW")
    assert game.prompt(state).side == "french"  # the other Allied player withdraws his units
    act(state, {"type": "withdraw", "unit": "fr-1c", "to": "SOI"})
    events = act(state, {"type": "withdraw", "unit": "fr-16c", "to": "SOI"}, [1, 1])
    exploit = combat_event(events)
    assert exploit["exploit"] and exploit["attackers"] == {"de-1pz": 9} and exploit["defence"] == 4
    assert exploit["column"] == "2:1"  # 2.25:1 rounded down
    assert state.pieces["de-7k"].where == "REI"


@pytest.mark.rules("betrayal:3.4.4")
def test_hold_strengthens_arras_from_lille_and_sedan():
    state = blank("german-movement")
    put(state, "ARR", "de-1pz")
    put(state, "LIL", "de-7k")
    put(state, "SED", "de-2pz")
    for area, unit in (("CAL", "br-1"), ("ABB", "br-2"), ("AMI", "br-3"), ("DUN", "fr-1c"), ("REI", "fr-16c"), ("VER", "fr-3c")):
        put(state, area, unit)  # the ground ahead of Arras is held: its armour has nowhere forward to go
    state.assigned = {"ARR": "hold", "LIL": "hold", "SED": "hold"}
    automaton.start_tactics(state)
    act(state, {"type": "move", "unit": "de-7k", "to": "ARR"})
    assert {"type": "end-movement"} not in game.prompt(state).actions  # the armour in Sedan must go forward
    act(state, {"type": "move", "unit": "de-2pz", "to": "ARR"})
    assert {"type": "end-movement"} in game.prompt(state).actions  # the armour in Arras stays
    assert sorted(g for g, p in state.pieces.items() if p.where == "ARR") == ["de-1pz", "de-2pz", "de-7k"]


@pytest.mark.rules("betrayal:3.4.6")
def test_exploit_and_hold_each_need_an_area():
    state = blank("assign")
    put(state, "1", "de-10k")
    put(state, "2", "de-4k")
    put(state, "3", "de-2k")
    state.tactics = ["exploit", "hold"]
    act(state, {"type": "assign", "area": "1", "tactic": "exploit"})
    act(state, {"type": "assign", "area": "2", "tactic": "exploit"})
    assert game.prompt(state).actions == [{"type": "assign", "area": "3", "tactic": "hold"}]
    act(state, {"type": "assign", "area": "3", "tactic": "hold"})
    assert state.phase != "assign"  # every area is given a tactic: the phase is over


@pytest.mark.rules("betrayal:4.3")
def test_sedan_bombed_by_the_british_fighter_from_rouen():
    state = blank("british-movement")
    put(state, "ROU", "br-5", "br-aasf")
    put(state, "SED", "de-1pz", "de-7k")
    put(state, "LIE", "de-2k", "de-f1", "de-f2")
    put(state, "GHE", "de-3k")
    put(state, "DIN", "de-4k")
    put(state, "MET", "de-5k")
    put(state, "SOI", "fr-3dcr")
    act(state, {"type": "mission", "unit": "br-aasf", "target": "SED"})
    events = act(state, {"type": "end-movement"}, [5])
    roll = next(e.data for e in events if "success" in e.data)
    assert roll["fighters"] == ["de-f1", "de-f2"] and not roll["success"]  # both must go; a 5 misses
    assert game.prompt(state).side == "french"  # the French player handles the automaton
    act(state, {"type": "air-return", "unit": "de-f1", "to": "GHE"})
    act(state, {"type": "air-return", "unit": "de-f2", "to": "GHE"})
    events = act(state, {"type": "bombard", "area": "SED"}, [6])
    bomb = next(e.data for e in events if e.kind == "bombard")
    assert (bomb["value"], bomb["roll"], bomb["drm"], bomb["result"]) == (2, 6, -1, "W")
    assert {"type": "withdraw", "unit": "de-7k", "to": "MET"} in game.prompt(state).actions
    act(state, {"type": "withdraw", "unit": "de-7k", "to": "MET"})
    assert {"type": "withdraw", "unit": "de-1pz", "to": "DIN"} in game.prompt(state).actions
    act(state, {"type": "withdraw", "unit": "de-1pz", "to": "DIN"})
    act(state, {"type": "air-return", "unit": "br-aasf", "to": "SOI"})
    assert state.pieces["br-aasf"].where == "SOI"


@pytest.mark.rules("betrayal:4.4.1")
def test_nineteen_against_five_is_three_to_one():
    assert load_scenario().tables.crt.columns[column_index(19, 5)] == "3:1"


@pytest.mark.rules("betrayal:4.4.2")
def test_air_support_against_the_maginot_line_nets_four_left():
    state = blank("german-combat")
    put(state, "MET", "de-7k", "fr-cc")
    assert sum(n for _, n in shifts(state, "MET", ["de-7k"], ["fr-cc"], support=True)) == -4


@pytest.mark.rules("betrayal:4.5.5")
def test_partial_exchange_of_the_armour_and_two_french_corps():
    state = blank("german-combat")
    put(state, "SED", "de-1pz", "fr-10c", "fr-4c")
    state.combats, state.step, state.entered = ["SED"], "fighting", ["SED"]
    events = act(state, {"type": "combat", "area": "SED"}, [3, 3])
    fight = combat_event(events)
    assert (fight["column"], fight["total"], fight["result"]) == ("2:1", 7, "PX")
    act(state, {"type": "remove", "unit": "fr-10c"})  # the 2-2-1, the smallest
    p = game.prompt(state)
    assert {"type": "reduce", "unit": "de-1pz"} in p.actions  # 9 to 7 matches the 2 lost
    act(state, {"type": "reduce", "unit": "de-1pz"})
    assert state.pieces["fr-10c"].where == "setaside"
    assert state.pieces["de-1pz"].reduced
    assert game.prompt(state).actions[0]["type"] == "withdraw"  # the 3-2-1 withdraws
    assert game.prompt(state).actions[0]["unit"] == "fr-4c"


@pytest.mark.rules("betrayal:5.1")
def test_each_nation_tests_its_set_aside_units_at_the_end_of_its_own_turn():
    state = blank("german-regroup", turn=3)
    put(state, "setaside", "fr-10c", "br-1", "de-7k", reduced=True)
    events = act(state, {"type": "step"}, [1])
    assert [e.data["unit"] for e in events if e.kind == "regroup"] == ["de-7k"]
    state.phase, state.step = "french-regroup", ""
    events = act(state, {"type": "roll"}, [6])
    assert [e.data["unit"] for e in events if e.kind == "regroup"] == ["fr-10c"]
    state.phase, state.step = "british-regroup", ""
    events = act(state, {"type": "roll"}, [6])
    assert [e.data["unit"] for e in events if e.kind == "regroup"] == ["br-1"]
