"""Landing, moving and embarking, markers met on the way (dieppe:2.2, 9, 9.1, 9.2, 10), through the rules engine."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dieppe.position import Position

from .helpers import act, empty_raid, put, raid, texts, where

LOVAT_AND_FOUR = ["g2-lovat", "g2-f3", "g2-f4", "g2-f5", "g2-f6"]


@pytest.mark.rules("dieppe:9.2", "dieppe:9.1", "dieppe:2.2")
def test_the_british_movement_example():
    # Turn 1: Lovat and four full commandos leave LCA 7 for Orange II (2 MP), pass through
    # Quiberville beach where four commandos, three reduced, stand (5 levels), and end next
    # to an A zone with their last MP.
    state = raid()
    del state.markers["C6"]
    put(state, "C6", "g2-b1", "g2-b2", "g2-b3", "g2-b4", reduced=("g2-b2", "g2-b3", "g2-b4"))
    pos = Position(state)
    assert pos.british_levels("C6") == 5
    assert [where(state, u) for u in LOVAT_AND_FOUR] == [("DE2", "lca7")] * 5
    events = act(state, {"type": "move", "units": LOVAT_AND_FOUR, "to": "OR2"}, 9, 9)  # tests: SAV (A), SMG (B)
    assert "land on Orange II" in texts(events)
    assert state.move.mp == {"g2-lovat": 2, "g2-f3": 2, "g2-f4": 2, "g2-f5": 2, "g2-f6": 2}  # 4 MP with Lovat, less 2
    act(state, {"type": "move", "units": LOVAT_AND_FOUR, "to": "C6"}, 9)  # test: SAV
    assert Position(state).british_levels("C6") == 13  # over 10, allowed while moving
    with pytest.raises(IllegalAction) as stop:
        act(state, {"type": "stop"})
    assert stop.value.case == "dieppe:2.2"
    act(state, {"type": "move", "units": LOVAT_AND_FOUR, "to": "QUI"}, 9)  # next to SAV (A): a test
    assert state.move is None  # no MP left
    assert all(state.units[u].actions == ["move"] for u in LOVAT_AND_FOUR)  # one of two actions
    assert Position(state).front(LOVAT_AND_FOUR) != "g2-lovat"  # a 3-4-3 on top, not Lovat


@pytest.mark.rules("dieppe:9.1")
def test_an_officer_gives_one_more_mp_to_the_infantry_with_him():
    state = raid()
    act(state, {"type": "move", "units": ["g2-a1", "g2-a2"], "to": "OR2"}, 9, 9, 9)  # tests: C6, SAV, SMG
    assert state.move.mp == {"g2-a1": 1, "g2-a2": 1}  # 3 MP without an officer, less 2 to land
    act(state, {"type": "job-done"})
    act(state, {"type": "move", "units": ["g2-f3", "g2-lovat"], "to": "OR2"}, 9, 9, 9)
    assert state.move.mp == {"g2-f3": 2, "g2-lovat": 2}


@pytest.mark.rules("dieppe:9")
def test_link_kinds_decide_who_moves_and_at_what_cost():
    state = raid()
    with pytest.raises(IllegalAction, match="only land on a beach"):
        act(state, {"type": "move", "units": ["g2-a1"], "to": "SA"})
    act(state, {"type": "move", "units": ["lca4"], "to": "SA"})  # LCA sail the sea lanes, 1 MP
    assert where(state, "g2-a1") == ("SA", "lca4") and state.move.mp == {"lca4": 3}
    with pytest.raises(IllegalAction, match="sea lanes"):
        empty = empty_raid()
        put(empty, "DE1", "lca1")
        act(empty, {"type": "move", "units": ["lca1"], "to": "OR1"})
    state = empty_raid()
    put(state, "SAL", "g1-c1")
    with pytest.raises(IllegalAction) as fire_only:
        act(state, {"type": "move", "units": ["g1-c1"], "to": "HESS"})
    assert fire_only.value.case == "dieppe:9"
    act(state, {"type": "move", "units": ["g1-c1"], "to": "LHM"})  # a track: 2 MP of 3
    assert state.move.mp == {"g1-c1": 1}


@pytest.mark.rules("dieppe:9.2")
def test_embarking_needs_an_lca_and_a_unit_that_embarks_may_not_land_again():
    state = empty_raid()
    put(state, "OR1", "g1-c1", "g1-c2")
    with pytest.raises(IllegalAction, match="no LCA"):
        act(state, {"type": "move", "units": ["g1-c1"], "to": "DE1"})
    put(state, "DE1", "lca1")
    act(state, {"type": "move", "units": ["g1-c1"], "to": "DE1"})
    assert where(state, "g1-c1") == ("DE1", "lca1") and state.units["g1-c1"].reembarked
    state.turn += 1
    for u in state.units.values():
        u.actions, u.done = [], False
    state.party = []
    with pytest.raises(IllegalAction, match="may not land again"):
        act(state, {"type": "move", "units": ["g1-c1"], "to": "OR1"})


@pytest.mark.rules("dieppe:9.2", "dieppe:10")
def test_entering_an_unrevealed_zone_stops_the_stack_for_the_turn():
    state = empty_raid()
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A6"]  # mines
    put(state, "OR2", "g2-a1")
    events = act(state, {"type": "move", "units": ["g2-a1"], "to": "SAV"}, 1, 1)  # marker drawn, mines D10 1
    assert "mines" in texts(events) and state.move is None and state.units["g2-a1"].halted
    put(state, "SBN", "g-inf-01")
    with pytest.raises(IllegalAction, match="stopped this turn"):
        act(state, {"type": "assault", "units": ["g2-a1"], "target": "SBN"})


@pytest.mark.rules("dieppe:9.2")
def test_officers_and_snipers_may_not_go_alone_where_the_enemy_may_be():
    state = empty_raid()
    state.markers["SAV"] = "A"
    put(state, "OR2", "g2-lovat", "g1-sniper")
    for unit in ("g2-lovat", "g1-sniper"):
        with pytest.raises(IllegalAction, match="may not go alone"):
            act(state, {"type": "move", "units": [unit], "to": "SAV"})


@pytest.mark.rules("dieppe:2.2", "dieppe:11.2")
def test_the_sides_meet_in_one_zone_only_in_an_assault():
    state = empty_raid()
    put(state, "OR2", "g2-a1")
    put(state, "SMG", "g-inf-01")
    with pytest.raises(IllegalAction) as refused:
        act(state, {"type": "move", "units": ["g2-a1"], "to": "SMG"})
    assert refused.value.case == "dieppe:11.2"


@pytest.mark.rules("dieppe:10")
def test_the_activation_example():
    # Alarm 4 (first landing, first A marker, first assault). Commandos at Quiberville beach
    # act next to an A zone: D10 4 turns it over, showing one infantry and one machine gun;
    # the machine gun, with the best FF, goes on top.
    state = empty_raid()
    state.alarm, state.alarm_seen = 4, ["first-a", "first-assault", "first-landing"]
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A1"]
    put(state, "OR2", "g2-a1", "g2-a2")
    events = act(state, {"type": "move", "units": ["g2-a1", "g2-a2"], "to": "C6"}, 4, 1, 1, 1)
    assert "D10 4 vs alarm 4, turned over" in texts(events)
    pos = Position(state)
    kinds = sorted(pos.kind(u) for u in pos.germans("SAV"))
    assert kinds == ["infantry", "machine_gun"] and "SAV" not in state.markers
    assert pos.kind(pos.german_front("SAV")) == "machine_gun"
    assert state.alarm == 4  # not the first A marker


@pytest.mark.rules("dieppe:10")
def test_a_failed_activation_leaves_the_marker_face_down():
    state = empty_raid()
    state.alarm = 4
    state.markers["SAV"] = "A"
    put(state, "OR2", "g2-a1")
    events = act(state, {"type": "move", "units": ["g2-a1"], "to": "C6"}, 5)
    assert "stays hidden" in texts(events) and state.markers["SAV"] == "A"


@pytest.mark.rules("dieppe:10", "dieppe:7")
def test_mines_explode_on_eight_or_more_with_the_stack_levels_and_stay_until_they_do():
    state = empty_raid()
    state.markers["SAV"] = "mines"
    put(state, "OR2", "g2-a1", "g2-a2", "g2-a3")  # 6 levels
    act(state, {"type": "move", "units": ["g2-a1", "g2-a2", "g2-a3"], "to": "SAV"}, 1)  # 1 + 6 = 7: nothing
    assert state.markers["SAV"] == "mines" and state.alarm == 0
    state = empty_raid()
    state.markers["SAV"] = "mines"
    put(state, "OR2", "g2-a1", "g2-a2", "g2-a3")
    act(state, {"type": "move", "units": ["g2-a1", "g2-a2", "g2-a3"], "to": "SAV"}, 2)  # 2 + 6 = 8
    assert "SAV" not in state.markers and state.alarm == 1
    assert sum(state.units[u].reduced for u in ("g2-a1", "g2-a2", "g2-a3")) == 1


@pytest.mark.rules("dieppe:10", "dieppe:7")
def test_barbed_wire_and_the_bangalore_torpedo():
    state = empty_raid()
    state.markers["SAV"] = "wire"
    put(state, "OR2", "g2-a1", "g2-lovat")
    act(state, {"type": "move", "units": ["g2-a1", "g2-lovat"], "to": "SAV"})
    assert state.move.wire
    act(state, {"type": "bangalore"}, 3)  # odd: the wire holds
    assert state.alarm == 1 and state.units["g2-a1"].halted and state.markers["SAV"] == "wire"
    state = empty_raid()
    state.markers["SAV"] = "wire"
    put(state, "OR2", "g2-a1", "g2-lovat")
    act(state, {"type": "move", "units": ["g2-a1", "g2-lovat"], "to": "SAV"})
    act(state, {"type": "bangalore"}, 10)  # a D10 of 0 is even: cleared, and they go on
    assert "SAV" not in state.markers and state.move is not None and state.alarm == 1
    act(state, {"type": "move", "units": ["g2-a1", "g2-lovat"], "to": "SBN"}, *[])
    assert where(state, "g2-a1") == ("SBN", None)


@pytest.mark.rules("dieppe:10")
def test_halting_at_the_wire_costs_no_alarm():
    state = empty_raid()
    state.markers["SAV"] = "wire"
    put(state, "OR2", "g2-a1")
    act(state, {"type": "move", "units": ["g2-a1"], "to": "SAV"})
    act(state, {"type": "halt"})
    assert state.alarm == 0 and state.units["g2-a1"].halted and state.move is None
