"""Corners of the rules found in review: each case here once went wrong (dieppe:2.2, 6, 9.2, 9.3, 10, 11, 12)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dieppe import german_side, rules
from wargames_tui.games.dieppe.position import Position

from .helpers import act, d10, empty_raid, levels, put, texts, where


@pytest.mark.rules("dieppe:11.1")
def test_the_mortar_eliminates_a_full_unit():
    state = empty_raid()
    state.turn = 9
    put(state, "SAL", "g1-mortar")
    put(state, "CP", "g-inf-01", "g-inf-02")
    act(state, {"type": "fire", "units": ["g1-mortar"], "target": "CP"}, 6, d10(0))
    survivors = [u for u in ("g-inf-01", "g-inf-02") if state.units[u].status == "map"]
    assert len(survivors) == 1 and not state.units[survivors[0]].reduced


@pytest.mark.rules("dieppe:10")
def test_mines_may_kill_the_whole_moving_stack():
    state = empty_raid()
    put(state, "OR2", "g2-a1", reduced=("g2-a1",))
    state.markers["SAV"] = "mines"
    act(state, {"type": "move", "units": ["g2-a1"], "to": "SAV"}, d10(7))
    assert state.units["g2-a1"].status == "eliminated" and state.move is None


@pytest.mark.rules("dieppe:2.2", "dieppe:10")
def test_no_stack_ends_over_the_limit_at_the_wire_or_by_splitting():
    state = empty_raid()
    state.markers["C6"] = "wire"
    put(state, "C6", "g2-b1", "g2-b2", "g2-b3", "g2-b4")
    put(state, "DE2", "lca4")
    put(state, "DE2", "g2-a1", "g2-a2", "g2-a3", "g2-a4", aboard="lca4")
    with pytest.raises(IllegalAction) as wire:
        act(state, {"type": "move", "units": ["g2-a1", "g2-a2", "g2-a3", "g2-a4"], "to": "C6"})
    assert wire.value.case == "dieppe:2.2"
    state = empty_raid()
    put(state, "C6", "g2-b1", "g2-b2", "g2-b3", "g2-b4")
    put(state, "QUI", "g2-f1", "g2-f2", "g2-f3")
    act(state, {"type": "move", "units": ["g2-f1", "g2-f2", "g2-f3"], "to": "C6"})
    with pytest.raises(IllegalAction, match="left behind"):
        act(state, {"type": "move", "units": ["g2-f1"], "to": "OR2"})


@pytest.mark.rules("dieppe:9.3", "dieppe:8", "dieppe:1.2")
def test_german_stacks_keep_to_ten_levels():
    state = empty_raid()
    state.alarm, state.phase, state.german_stage = 7, "german", "move"
    put(state, "C6", "g2-a1")
    put(state, "QUI", "g-inf-01", "g-inf-02", "g-inf-03", "g-inf-04", "g-mg-01", "g-mg-02")  # 10 levels, next to C6
    put(state, "SAU", "g-inf-05", "g-inf-06")
    act(state, {"type": "german"})  # SAU heads for the commandos; QUI is full, so it waits at SAU
    assert Position(state).german_levels("QUI") == 10 and where(state, "g-inf-05")[0] == "SAU"
    state = empty_raid()
    state.alarm, state.phase, state.german_stage = 9, "german", "reinforce"
    put(state, "QUI", "g-inf-01", "g-inf-02", "g-inf-03", "g-inf-04")  # 8 levels at R1
    act(state, {"type": "german"}, d10(0), d10(1), 6, 1, 1)  # three come, one fits
    assert Position(state).german_levels("QUI") == 10


@pytest.mark.rules("dieppe:10")
def test_a_bangalore_through_newly_found_wire_lets_the_stack_go_on():
    state = empty_raid()
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A7"]  # wire
    put(state, "OR2", "g2-a1", "g2-a2", "g2-lovat")
    act(state, {"type": "move", "units": ["g2-a1", "g2-a2", "g2-lovat"], "to": "SAV"}, 1)
    with pytest.raises(IllegalAction) as stop:
        act(state, {"type": "stop"})
    assert stop.value.case == "dieppe:10"
    act(state, {"type": "bangalore"}, d10(4))
    assert state.move is not None and not state.units["g2-a1"].halted
    act(state, {"type": "move", "units": ["g2-a1", "g2-a2", "g2-lovat"], "to": "SBN"})
    assert where(state, "g2-a1") == ("SBN", None)


@pytest.mark.rules("dieppe:10", "dieppe:11.2")
def test_the_activation_example_sequence_tests_after_the_assault():
    # Landing at Quiberville beach reveals its A marker, the assault is won, and the commandos,
    # now next to a second A zone, take an activation test there.
    state = empty_raid()
    state.markers.update({"C6": "A", "SAV": "A"})
    state.marker_pools["A"] = ["A1", "A2"]
    put(state, "DE2", "lca4")
    commandos = ["g2-a1", "g2-a2", "g2-a3", "g2-a4"]
    put(state, "DE2", *commandos, aboard="lca4")
    act(state, {"type": "move", "units": commandos, "to": "C6"}, 1, 1, 1)  # marker A1 of two; its infantry; its MG
    assert state.alarm == 4  # landing +1, first A +1, first assault +2: the example's alarm
    act(state, {"type": "assault-round", "contacts": ["g2-a1", "g2-a2"], "supports": {"g2-a1": ["g2-a3", "g2-a4"]}}, 6, 1, 6, 1)
    events = act(  # the reduced infantry falls in a second round; then the test, A2 and its two units
        state, {"type": "assault-round", "contacts": ["g2-a1"], "supports": {"g2-a1": ["g2-a2", "g2-a3", "g2-a4"]}},
        6, 1, d10(4), 1, 1, 1,
    )
    assert "Activation test at" in texts(events) and "D10 4 vs alarm 4, turned over" in texts(events)


@pytest.mark.rules("dieppe:6", "dieppe:9.2")
def test_embarking_is_an_action_of_its_own():
    state = empty_raid()
    put(state, "DE2", "lca4")
    put(state, "SAV", "g2-a1")
    act(state, {"type": "move", "units": ["g2-a1"], "to": "OR2"})
    act(state, {"type": "stop"})
    act(state, {"type": "move", "units": ["g2-a1"], "to": "DE2"})
    assert where(state, "g2-a1") == ("DE2", "lca4") and state.units["g2-a1"].actions == ["move", "embark"]


@pytest.mark.rules("dieppe:12")
def test_the_line_is_cut_by_commandos_who_hold_a_t_zone():
    state = empty_raid()
    put(state, "SMG", "g2-a1", "g2-a2")
    put(state, "BDP", "g-mg-01")
    act(state, {"type": "assault", "units": ["g2-a1", "g2-a2"], "target": "BDP"})
    act(state, {"type": "assault-round", "contacts": ["g2-a1"], "supports": {"g2-a1": ["g2-a2"]}}, 6, 1)
    assert state.telephone_cut and "BDP" not in state.telephone


@pytest.mark.rules("dieppe:9.2", "dieppe:10")
def test_the_mortar_may_walk_into_an_unknown_zone_and_lca_test_as_they_sail():
    state = empty_raid()
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A6"]
    put(state, "OR2", "g1-mortar")
    act(state, {"type": "move", "units": ["g1-mortar"], "to": "SAV"}, 1, 1)  # mines, D10 1: nothing
    assert where(state, "g1-mortar") == ("SAV", None)
    state = empty_raid()
    state.alarm = 5
    state.markers["C6"] = "A"
    put(state, "SA", "lca4")
    events = act(state, {"type": "move", "units": ["lca4"], "to": "DE2"}, 9)
    assert "Activation test at Quiberville beach" in texts(events)


@pytest.mark.rules("dieppe:12")
def test_a_prisoner_needs_room():
    state = empty_raid()
    five = ["g2-a1", "g2-a2", "g2-a3", "g2-a4", "g2-b1"]
    put(state, "OR2", *five)
    put(state, "C6", "g-inf-01")
    act(state, {"type": "assault", "units": five, "target": "C6"})
    act(state, {"type": "assault-round", "contacts": ["g2-a1"], "supports": {"g2-a1": ["g2-a2", "g2-a3", "g2-a4", "g2-b1"]}}, 6, 1)
    assert levels(state, "C6") == 10 and state.units["g-inf-01"].reduced  # one level: he could surrender
    with pytest.raises(IllegalAction, match="no room"):
        act(state, {"type": "take-prisoner", "escort": "g2-a1"})


def test_malformed_actions_are_refused_not_crashed():
    state = empty_raid()
    put(state, "OR2", "g2-a1")
    for action in (
        {"type": "move", "units": ["g2-a1"]},
        {"type": "move", "units": ["g2-a1"], "to": "NOWHERE"},
        {"type": "fire", "units": ["g2-a1"]},
        {"type": "assault", "units": ["g2-a1"]},
        {"type": "move", "to": "C6"},
    ):
        with pytest.raises(IllegalAction):
            act(state, action)


@pytest.mark.rules("dieppe:9.3")
def test_below_alarm_6_a_lone_german_heads_for_its_only_friends():
    state = empty_raid()
    put(state, "SAU", "g-inf-01")
    put(state, "LON", "g-inf-02")
    assert german_side.route(Position(state), "SAU", Dice(0))[0].zone == "LON"


@pytest.mark.rules("dieppe:12", "dieppe:11.2")
def test_the_escort_stays_with_his_prisoner_and_one_commando_has_one_lineup():
    state = empty_raid()
    put(state, "OR2", "g2-a1")
    put(state, "C6", "g-inf-01", "g-inf-02")
    act(state, {"type": "assault", "units": ["g2-a1"], "target": "C6"})
    rounds = [a for a in rules.prompt(state).actions if a["type"] == "assault-round"]
    assert rounds == [{"type": "assault-round", "contacts": ["g2-a1"], "supports": {}}]
    state = empty_raid()
    put(state, "C6", "g2-a1", "g2-a2")
    put(state, "SAV", "g-inf-01")
    state.prisoner, state.escort, state.prisoner_taken = "g-mg-01", "g2-a1", True
    put(state, "C6", "g-mg-01")
    state.units["g-mg-01"].status = "prisoner"
    with pytest.raises(IllegalAction, match="escort"):
        act(state, {"type": "assault", "units": ["g2-a1", "g2-a2"], "target": "SAV"})


@pytest.mark.rules("dieppe:11.2")
def test_each_lineup_is_offered_once():
    # Four commandos against three Germans: one spare commando spread evenly is the same as
    # massed behind the first line; each placement is listed once. Two spares give three.
    commandos = ["g2-a1", "g2-a2", "g2-a3", "g2-a4"]
    for germans, expected in ((["g-inf-01", "g-inf-02", "g-mg-01"], 3), (["g-inf-01", "g-inf-02"], 3)):
        state = empty_raid()
        put(state, "OR2", *commandos)
        put(state, "C6", *germans)
        act(state, {"type": "assault", "units": commandos, "target": "C6"})
        rounds = [a for a in rules.prompt(state).actions if a["type"] == "assault-round"]
        assert len(rounds) == expected and all(rounds.count(r) == 1 for r in rounds)
