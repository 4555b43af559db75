"""Air units: basing, missions, interception, bombardment (betrayal:3.3, 4.3)."""

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal import automaton
from wargames_tui.games.betrayal.air import fix_kinds
from wargames_tui.games.betrayal.losses import stranded_air
from wargames_tui.games.betrayal.state import Mission

from .helpers import act, blank, put


def actions(state, kind, unit=None):
    return [a for a in game.prompt(state).actions if a["type"] == kind and (unit is None or a.get("unit") == unit)]


@pytest.mark.rules("betrayal:3.3.1")
def test_aircraft_rebase_only_where_friendly_ground_units_stand_alone():
    state = blank("french-movement")
    put(state, "REI", "fr-1c", "fr-aa")
    put(state, "SOI", "fr-16c", "de-7k")  # contested
    put(state, "CHA", "br-1")  # British, still friendly (1.5)
    targets = {a["to"] for a in actions(state, "rebase", "fr-aa")}
    assert "SOI" not in targets and "CHA" in targets and "PAR" not in targets  # Paris is vacant


@pytest.mark.rules("betrayal:3.3.1")
def test_aircraft_left_alone_with_the_enemy_after_combat_are_destroyed():
    state = blank("german-combat")
    put(state, "REI", "fr-10c", "fr-aa", "de-1pz", "de-7k")
    state.combats, state.step = ["REI"], "fighting"
    act(state, {"type": "combat", "area": "REI"}, [6, 6])  # 14:2 is 7:1; 13 is DSU
    assert state.pieces["fr-10c"].where == "eliminated"
    assert state.pieces["fr-aa"].where == "eliminated"


@pytest.mark.rules("betrayal:3.3.2")
def test_missions_only_against_enemy_occupied_areas_and_kinds_follow_who_is_there():
    state = blank("french-movement")
    put(state, "REI", "fr-1c", "fr-aa")
    put(state, "SED", "de-7k")
    put(state, "VER", "de-13k", "fr-6c")
    put(state, "SOI", "fr-3c")
    assert {a["target"] for a in actions(state, "mission", "fr-aa")} == {"SED", "VER"}
    act(state, {"type": "mission", "unit": "fr-aa", "target": "VER"})
    act(state, {"type": "end-movement"})
    assert [m.kind for m in state.missions] == ["support"]


@pytest.mark.rules("betrayal:3.2.3")
def test_allied_aircraft_fly_no_mission_into_a_german_border_area():
    state = blank("french-movement")
    put(state, "REI", "fr-1c", "fr-aa")
    put(state, "SED", "de-7k")
    put(state, "3", "de-13k")  # a German Border Area within the French aircraft's range
    assert {a["target"] for a in actions(state, "mission", "fr-aa")} == {"SED"}


@pytest.mark.rules("betrayal:3.3.2")
def test_britain_and_france_do_not_bomb_the_same_area():
    state = blank("british-movement")
    put(state, "REI", "fr-1c")
    put(state, "SOI", "br-1", "br-aasf")
    put(state, "SED", "de-7k")
    state.bombed = {"SED": "french"}
    act(state, {"type": "mission", "unit": "br-aasf", "target": "SED"})
    events = act(state, {"type": "end-movement"})
    assert state.missions == [] and any("stays home" in e.text for e in events)


@pytest.mark.rules("betrayal:3.3.3")
def test_an_allied_fighter_intercepts_only_over_its_own_nation():
    state = blank("german-movement", initiative="french")
    put(state, "MAU", "de-7k")
    put(state, "CAM", "fr-3c")
    put(state, "BRU", "de-14k", "de-bomber")
    put(state, "CAL", "br-3", "br-aasf")
    put(state, "SOI", "fr-1c", "fr-aa")
    state.assigned = {"MAU": "attack"}
    automaton.start_tactics(state)
    act(state, {"type": "move", "unit": "de-7k", "to": "CAM"})
    act(state, {"type": "mission", "unit": "de-bomber", "target": "CAM", "both": True})
    act(state, {"type": "end-movement"})
    p = game.prompt(state)
    assert p.side == "british"  # the player without the initiative
    assert {a.get("unit") for a in p.actions} == {"fr-aa", None}  # only French units in Cambrai


@pytest.mark.rules("betrayal:3.3.3")
def test_german_fighters_in_range_all_go_up_and_two_succeed_on_three():
    state = blank("british-movement")
    put(state, "ROU", "br-5", "br-aasf")
    put(state, "SED", "de-7k")
    put(state, "LIE", "de-2k", "de-f1")
    put(state, "LUX", "de-3k", "de-f2")
    act(state, {"type": "mission", "unit": "br-aasf", "target": "SED"})
    events = act(state, {"type": "end-movement"}, [3])
    data = next(e.data for e in events if "success" in e.data)
    assert data["fighters"] == ["de-f1", "de-f2"] and data["need"] == 3 and data["success"]


@pytest.mark.rules("betrayal:3.3.4")
def test_german_aircraft_turned_back_roll_for_their_fate():
    state = blank("german-movement", initiative="british")
    put(state, "BRU", "de-14k", "de-f1", "de-f2")
    put(state, "REI", "fr-1c", "fr-aa")
    put(state, "SED", "fr-4c")
    state.pieces["de-f2"].reduced = True
    act(state, {"type": "mission", "unit": "de-f1", "target": "SED"})
    act(state, {"type": "mission", "unit": "de-f2", "target": "SED"})
    act(state, {"type": "end-movement"})
    act(state, {"type": "intercept", "target": "SED", "unit": "fr-aa"}, [1, 4, 2])
    assert (state.pieces["de-f1"].where, state.pieces["de-f1"].reduced) == ("regroup", False)  # 3-6
    assert state.pieces["de-f2"].where == "setaside"  # already reduced, on a 1-2


@pytest.mark.rules("betrayal:3.3.5")
def test_surviving_support_shifts_one_column_right():
    state = blank("french-movement")
    put(state, "REI", "fr-1c", "fr-aa")
    put(state, "SOI", "fr-3c")
    put(state, "SQU", "de-7k")
    act(state, {"type": "move", "unit": "fr-3c", "to": "SQU"})
    act(state, {"type": "mission", "unit": "fr-aa", "target": "SQU"})
    act(state, {"type": "end-movement"})
    events = act(state, {"type": "combat", "area": "SQU"}, [4, 4])
    fight = next(e.data for e in events if e.kind == "combat" and "result" in e.data)
    assert fight["base"] == "1:2" and fight["column"] == "1:1"


@pytest.mark.rules("betrayal:4.3.1")
def test_a_bombardment_withdrawal_is_routed_by_the_targeted_player():
    state = blank("german-movement", initiative="british")
    put(state, "BRU", "de-14k", "de-bomber")
    put(state, "SOI", "fr-1c", "fr-16c")
    act(state, {"type": "mission", "unit": "de-bomber", "target": "SOI", "both": False})
    act(state, {"type": "end-movement"})
    events = act(state, {"type": "bombard", "area": "SOI"}, [4])  # value 3, roll 4
    result = next(e.data for e in events if e.kind == "bombard")["result"]
    p = game.prompt(state)
    assert result == "W" and p.side == "french" and p.actions[0]["type"] == "withdraw"


@pytest.mark.rules("betrayal:4.3.1")
def test_one_step_lost_to_bombardment_is_the_owners_choice():
    state = blank("german-movement", initiative="british")
    put(state, "BRU", "de-14k", "de-bomber")
    put(state, "SOI", "fr-1c", "fr-16c")
    act(state, {"type": "mission", "unit": "de-bomber", "target": "SOI", "both": False})
    act(state, {"type": "end-movement"})
    act(state, {"type": "bombard", "area": "SOI"}, [3])
    p = game.prompt(state)
    assert p.side == "french" and {a["unit"] for a in p.actions} == {"fr-1c", "fr-16c"}
    act(state, {"type": "lose-step", "unit": "fr-16c"})
    assert state.pieces["fr-16c"].reduced and not state.pieces["fr-1c"].reduced


@pytest.mark.rules("betrayal:4.3.1", "betrayal:1.7")
def test_in_a_mixed_stack_only_the_owner_picks_among_his_own_units():
    def bombed(*allies):
        state = blank("german-movement", initiative="british")
        put(state, "BRU", "de-14k", "de-bomber")
        put(state, "CAM", *allies)
        act(state, {"type": "mission", "unit": "de-bomber", "target": "CAM", "both": False})
        act(state, {"type": "end-movement"})
        act(state, {"type": "bombard", "area": "CAM"}, [3])  # value 3, roll 3: one step
        return state

    # more British (and Belgian) units: the British player bears the step, among his own
    p = game.prompt(bombed("fr-3c", "br-1", "be-v"))
    assert p.side == "british" and {a["unit"] for a in p.actions} == {"br-1", "be-v"}
    # one each, equal defence (3-2-1 and 2-2-2): the French unit takes it, no one else chooses
    state = bombed("fr-3c", "br-1")
    assert state.pieces["fr-3c"].reduced and not state.pieces["br-1"].reduced
    # one each, the British defence greater (1A 5-3-2 against 3-2-1): the British unit takes it
    state = bombed("fr-6c", "br-1a")
    assert state.pieces["br-1a"].reduced and not state.pieces["fr-6c"].reduced


@pytest.mark.rules("betrayal:4.3.2")
def test_bombers_come_home_to_a_friendly_area_in_range():
    state = blank("german-movement", initiative="british")
    put(state, "BRU", "de-14k", "de-bomber")
    put(state, "LIL", "de-13k")
    put(state, "SOI", "fr-1c")
    act(state, {"type": "mission", "unit": "de-bomber", "target": "SOI", "both": False})
    act(state, {"type": "end-movement"})
    act(state, {"type": "bombard", "area": "SOI"}, [1])
    homes = {a["to"] for a in game.prompt(state).actions}
    assert {"BRU", "LIL"} <= homes and "SOI" not in homes


@pytest.mark.rules("betrayal:3.3.1")
def test_german_aircraft_need_german_ground_units_even_in_germany():
    state = blank("german-movement", initiative="british")
    put(state, "3", "de-2k", "de-f1")
    put(state, "LIE", "de-3k")
    targets = {a["to"] for a in actions(state, "rebase", "de-f1")}
    assert "LIE" in targets and not targets & {"1", "2", "4", "5", "6"}


@pytest.mark.rules("betrayal:3.3.1")
def test_aircraft_over_an_area_emptied_by_a_partial_exchange_are_lost():
    state = blank("german-combat")
    put(state, "REI", "de-7k", "de-bomber", "fr-10c")
    state.combats, state.step = ["REI"], "fighting"
    events = act(state, {"type": "combat", "area": "REI"}, [3, 4])  # 5:2 is 2:1, 7: PX
    assert [e.data["result"] for e in events if e.kind == "combat" and "result" in e.data] == ["PX"]
    assert state.pieces["fr-10c"].where == state.pieces["de-7k"].where == "setaside"  # each side's only unit
    assert state.pieces["de-bomber"].where == "eliminated"


@pytest.mark.rules("betrayal:3.3.1", "betrayal:3.3.5")
def test_an_aircraft_away_on_a_mission_is_not_lost_at_its_emptied_base():
    # de-f1 is based alone in St-Quentin and flying over Soissons when a French unit steps into
    # St-Quentin: it is not there to be caught; it comes home elsewhere (referee R3)
    state = blank("french-movement", turn=4)
    put(state, "SQU", "de-f1")
    put(state, "SOI", "fr-3dcr")
    put(state, "CAM", "de-4k")
    state.missions = [Mission("de-f1", "SOI", "bombard")]
    put(state, "SQU", "fr-1c")
    events: list = []
    stranded_air(state, events)
    assert state.pieces["de-f1"].where == "SQU" and not events
    state.missions = []  # at home, it would be lost
    stranded_air(state, events)
    assert state.pieces["de-f1"].where == "eliminated"


@pytest.mark.rules("betrayal:4.2.2", "betrayal:3.4.6")
def test_no_german_support_mission_without_an_advance_attack_tactic():
    # Refit cancelled the Advance/Attack: the panzers beside the Belgians in Ghent may not fight,
    # so a fighter over Ghent has nothing to do and the bomber only bombs (referee R4)
    state = blank("german-movement", turn=3)
    put(state, "GHE", "de-5pz", "be-ii")
    put(state, "BRU", "de-4k", "de-f2", "de-bomber")
    state.assigned = {"GHE": "hold", "BRU": "hold"}
    state.missions = [Mission("de-f2", "GHE"), Mission("de-bomber", "GHE", both=True)]
    fix_kinds(state, "german", [])
    assert [(m.unit, m.kind) for m in state.missions] == [("de-bomber", "bombard")]
    state.assigned["BRU"] = "attack"
    state.missions = [Mission("de-f2", "GHE"), Mission("de-bomber", "GHE", both=True)]
    fix_kinds(state, "german", [])
    assert [(m.unit, m.kind) for m in state.missions] == [("de-f2", "support"), ("de-bomber", "both")]


@pytest.mark.rules("betrayal:3.3.1", "betrayal:3.3.5", "betrayal:4.3.2")
def test_an_aircraft_whose_mission_is_over_is_still_in_the_air_until_it_lands():
    # de-f1 has bombed Soissons and waits to land when the French 4 DCR withdraws into its empty
    # base, St-Quentin: it is not there, so not lost, and lands in a friendly area (referee R3)
    state = blank("french-combat", turn=4)
    put(state, "SQU", "de-f1")
    put(state, "SOI", "fr-4dcr", "de-4k")
    put(state, "LGW", "de-7k")
    state.pending = [
        {"kind": "withdraw", "unit": "fr-4dcr", "from": "SOI"},
        {"kind": "air-return", "unit": "de-f1", "target": "SOI"},
    ]
    act(state, {"type": "withdraw", "unit": "fr-4dcr", "to": "SQU"})
    assert state.pieces["de-f1"].where == "SQU"
    landings = {a["to"] for a in actions(state, "air-return", "de-f1")}
    assert "LGW" in landings and "SQU" not in landings  # its base is French now (3.3.1)
    act(state, {"type": "air-return", "unit": "de-f1", "to": "LGW"})
    assert state.pieces["de-f1"].where == "LGW"
