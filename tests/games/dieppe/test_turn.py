"""The raid as a whole: set-up, the turn sequence, actions, alarm, the German turn, events,
options and the final tally (dieppe:1, 2.1, 3, 4, 5, 6, 7, 8, 9.3, 11.1, 12, 13)."""

import random

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dieppe import german_side, rules
from wargames_tui.games.dieppe.effects import alarm
from wargames_tui.games.dieppe.effects import d10 as read_d10
from wargames_tui.games.dieppe.position import Position

from .helpers import act, d10, empty_raid, put, raid, texts, where


@pytest.mark.rules("dieppe:3.1", "dieppe:3.2", "dieppe:3.3", "dieppe:1.4")
def test_the_set_up():
    state = rules.new_state("dieppe/raid", {})
    view = rules.view(state)
    assert view["turn"] == 1 and view["alarm"] == 0 and view["phase"] == "setup"
    markers = {z: v["marker"] for z, v in view["zones"].items() if v["marker"]}
    assert sorted(markers.values()) == ["A"] * 8 + ["B"] * 5  # face down: only the letter shows
    assert sorted(z for z, v in view["zones"].items() if v["telephone"]) == ["BDP", "LHM"]
    pos = Position(state)
    assert sorted(pos.germans("HESS")) == ["hess-1", "hess-2"]
    assert [len(pos.germans(z)) for z in ("PHA", "FLK", "PQ", "FSM", "PGM")] == [1, 1, 1, 1, 1]
    assert view["pools"] == {"garrison": 28, "reinforcements": 10}
    assert {where(state, u)[0] for u in ("lca1", "lca2", "lca3", "g1-mills-roberts")} == {"DE1"}
    assert {where(state, u)[0] for u in ("lca4", "lca7", "g2-lovat")} == {"DE2"}
    assert all(pos.cargo_levels(lca) <= 8 for lca in pos.lcas("DE1") + pos.lcas("DE2"))


@pytest.mark.rules("dieppe:3.3")
def test_loading_the_craft_respects_eight_levels_a_craft_and_the_groups():
    state = rules.new_state("dieppe/raid", {})
    moves = rules.prompt(state).actions
    assert {"type": "transfer", "unit": "g1-mortar", "lca": "lca2"} in moves
    assert not [m for m in moves if m.get("unit") == "g2-a1" and m.get("lca") in ("lca1", "lca5")]  # other group; full
    act(state, {"type": "transfer", "unit": "g1-mortar", "lca": "lca2"})
    assert Position(state).cargo_levels("lca2") == 7
    with pytest.raises(IllegalAction):
        act(state, {"type": "transfer", "unit": "g2-a1", "lca": "lca5"})
    act(state, {"type": "end-setup"})
    assert state.phase == "british"  # no random events in a first game (dieppe:5)


@pytest.mark.rules("dieppe:1.3", "dieppe:4", "dieppe:6")
def test_the_turn_sequence():
    state = empty_raid()
    put(state, "DE2", "lca4")
    assert [rules.turn_label(t) for t in (1, 2, 5, 12)] == ["4:45", "5:00", "5:45", "7:30"]
    act(state, {"type": "move", "units": ["lca4"], "to": "SA"})
    act(state, {"type": "end-turn"})
    assert state.phase == "german" and not state.units["lca4"].actions  # C: Job Done markers off
    assert rules.prompt(state).side == "german"
    steps = 0
    while state.phase == "german":
        act(state, {"type": "german"})  # nothing to fire at, nothing to do: the turn ends
        steps += 1
    assert steps == 1 and state.turn == 2 and state.phase == "british"
    state.turn = 12
    act(state, {"type": "end-turn"})
    act(state, {"type": "german"})
    assert state.phase == "over" and rules.outcome(state) is not None  # F: after the last turn


@pytest.mark.rules("dieppe:6")
def test_two_different_actions_then_the_next_stack():
    state = empty_raid()
    put(state, "OR2", "g2-a1", "g2-a2", "g2-b1")
    put(state, "C6", "g-inf-01")
    act(state, {"type": "fire", "units": ["g2-a1", "g2-a2"], "target": "C6"}, 6, 1)
    with pytest.raises(IllegalAction, match="before other units act"):
        act(state, {"type": "move", "units": ["g2-a1", "g2-b1"], "to": "SMG"})
    act(state, {"type": "fire", "units": ["g2-b1"], "target": "C6"}, 6, 1)  # a new stack: the first is done
    assert state.units["g2-a1"].done and state.units["g2-a2"].done and state.party == ["g2-b1"]
    with pytest.raises(IllegalAction, match="Job Done"):
        act(state, {"type": "move", "units": ["g2-a1"], "to": "SMG"})


@pytest.mark.rules("dieppe:7")
def test_the_alarm_rises_once_for_each_first_and_every_time_for_explosions():
    state = raid()
    act(state, {"type": "move", "units": ["g1-c5", "g1-c6", "g1-a1"], "to": "OR1"}, 9)  # test: VGU
    assert state.alarm == 1
    act(state, {"type": "job-done"})
    act(state, {"type": "move", "units": ["g1-a2"], "to": "OR1"}, 9)
    assert state.alarm == 1  # only the first landing counts
    state.alarm = 8
    events = []
    alarm(state, "first-assault", Dice(3), events)  # +2, but 9 is the top: every marker turns over
    assert "every A and B marker is turned over" in texts(events)
    assert state.alarm == 9 and not [m for m in state.markers.values() if m in ("A", "B")]


@pytest.mark.rules("dieppe:1.1", "dieppe:10")
def test_a_d10_reads_zero_to_nine():
    assert read_d10(Dice.replaying([10])) == 0 and read_d10(Dice.replaying([9])) == 9
    state = empty_raid()
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A4"]
    put(state, "OR2", "g2-a1")
    act(state, {"type": "move", "units": ["g2-a1"], "to": "C6"}, d10(0), 1, 1)  # 0 <= alarm 0: turned over
    assert Position(state).germans("SAV")


@pytest.mark.rules("dieppe:2.1")
def test_a_loss_turns_a_full_counter_over_and_removes_a_reduced_one():
    state = empty_raid()
    put(state, "OR2", "g2-a1")
    put(state, "C6", "g-inf-01", reduced=("g-inf-01",))
    assert Position(state).rating("g-inf-01").ff == 2 and Position(state).rating("g2-a1").ff == 3
    act(state, {"type": "fire", "units": ["g2-a1"], "target": "C6"}, 1, 9)  # 3 + 1 against 2 + 9: shooter hit
    assert state.units["g2-a1"].reduced and Position(state).rating("g2-a1").af == 2
    act(state, {"type": "job-done"})
    state.units["g2-a1"].done = False
    state.units["g2-a1"].actions = []
    act(state, {"type": "fire", "units": ["g2-a1"], "target": "C6"}, 6, 1)  # 2 + 6 against 2 + 1
    assert state.units["g-inf-01"].status == "eliminated"


# --- the German turn --------------------------------------------------------------------
def german(state):
    state.phase, state.german_stage, state.german_moved = "german", "fire", []


@pytest.mark.rules("dieppe:11.1")
def test_the_german_fire_priority_example():
    # Stacks of 5 (with the machine gun) and 4 levels; British stacks of 6 and 8 levels next to
    # the first. The 5-level stack fires first, at the 6-level stack.
    state = empty_raid()
    put(state, "SMG", "g-inf-01", "g-inf-02", "g-mg-01")
    put(state, "FLK", "g-inf-03", "g-inf-04")
    put(state, "OR2", "g2-a1", "g2-a2", "g2-a3", "g2-a4")
    put(state, "BDP", "g2-b1", "g2-b2", "g2-b3")
    german(state)
    events = act(state, {"type": "german"}, 1, 6)
    assert "machine gun fires at" in texts(events) and "Lighthouse woods" in texts(events)
    assert all(state.units[u].done for u in ("g-inf-01", "g-inf-02", "g-mg-01"))
    events = act(state, {"type": "german"}, 1, 6)
    assert "Garrison infantry fires at" in texts(events) and "Lighthouse woods" in texts(events)


@pytest.mark.rules("dieppe:9.3")
def test_the_german_movement_example():
    # Turn 3, alarm 7: reinforcements 2 MP from two British stacks, of 8 levels and of 6 (two
    # full, two reduced and an officer): they head for the 8.
    state = empty_raid()
    state.turn, state.alarm = 3, 7
    put(state, "SAU", "r-inf-01")
    put(state, "C6", "g2-a1", "g2-a2", "g2-a3", "g2-a4")
    put(state, "LON", "g2-b1", "g2-b2", "g2-b3", "g2-b4", "g2-lovat", reduced=("g2-b3", "g2-b4"))
    pos = Position(state)
    assert pos.british_levels("C6") == 8 and pos.british_levels("LON") == 6
    goal, path = german_side.route(pos, "SAU", Dice(0))
    assert goal.zone == "C6" and path == ["QUI"]
    german(state)
    act(state, {"type": "german"})
    assert where(state, "r-inf-01") == ("QUI", None)  # next to the commandos: it stops there


@pytest.mark.rules("dieppe:9.3")
def test_below_alarm_6_the_germans_join_the_nearest_biggest_friends_and_go_round_markers():
    state = empty_raid()
    put(state, "SAU", "r-inf-01")
    put(state, "LON", "g-inf-01")
    put(state, "C6", "g-inf-02", "g-inf-03")
    goal, _ = german_side.route(Position(state), "SAU", Dice(0))
    assert goal.zone == "C6"
    state = empty_raid()
    state.markers["SAV"] = "A"
    put(state, "OR2", "g-inf-01")
    put(state, "SBN", "g-inf-02")
    goal, path = german_side.route(Position(state), "OR2", Dice(0))
    assert goal.zone == "SBN" and "SAV" not in path


@pytest.mark.rules("dieppe:9.3", "dieppe:6")
def test_a_german_next_to_the_british_does_not_move_and_below_6_fires_or_moves():
    state = empty_raid()
    state.alarm = 3
    put(state, "SMG", "g-inf-01")
    put(state, "OR2", "g2-a1")
    german(state)
    act(state, {"type": "german"}, 1, 6)  # it fires
    act(state, {"type": "german"})  # next to the British it does not move; the turn ends
    assert where(state, "g-inf-01") == ("SMG", None) and state.turn == 2
    # Its shot kills the only commando next to it: below alarm 6 it has acted and stays; from 6
    # it fires and then moves, toward the British further off (dieppe:6, 9.3).
    for alarm_level, moves in ((3, False), (7, True)):
        state = empty_raid()
        state.alarm = alarm_level
        put(state, "SMG", "g-inf-01")
        put(state, "OR2", "g2-a1", reduced=("g2-a1",))
        put(state, "QUI", "g2-b1")
        german(state)
        act(state, {"type": "german"}, d10(9), 1)  # 3 + 9 against 2 + 1: the commando falls
        assert state.units["g2-a1"].status == "eliminated"
        while state.phase == "german":
            rules.apply(state, {"type": "german"}, Dice(1))
        assert (where(state, "g-inf-01")[0] != "SMG") is moves


@pytest.mark.rules("dieppe:8")
def test_reinforcements_from_alarm_6():
    state = empty_raid()
    state.alarm = 6
    german(state)
    events = act(state, {"type": "german"}, 3, 4, 5, 1, 1, 1)  # D10 3 < 6; zone R4; D6 5: three units
    assert "Reinforcements enter at Blancmesnil" in texts(events)
    assert len(Position(state).germans("BLA")) == 3
    state = empty_raid()
    state.alarm = 6
    german(state)
    act(state, {"type": "german"}, 6)
    assert not Position(state).germans("BLA") and state.turn == 2  # D10 6 is not under 6
    state = empty_raid()
    state.alarm = 7
    put(state, "BLA", "g2-a1")
    german(state)
    act(state, {"type": "german"}, 1, 4, 1)  # one unit for R4, held by commandos
    assert state.pending_arrival == {"zone": "OFF", "count": 1}
    state.phase = "german"
    state.german_stage = "reinforce"
    act(state, {"type": "german"}, 1)  # next turn, at R5, without a new roll
    assert len(Position(state).germans("OFF")) == 1


# --- events, options, victory -------------------------------------------------------------
@pytest.mark.rules("dieppe:5")
def test_the_unforeseen_events():
    state = raid({"events": "on"}, phase="setup")
    act(state, {"type": "end-setup"})
    assert state.phase == "events"
    # D6 1: the Saint-Valery battery (+1 alarm), D10 7 sinks LCA 7 with Lovat; odd: a wooden
    # craft fails, D10 0 is rolled again, 3: LCA 3 is lost too.
    act(state, {"type": "roll-events"}, 1, 7, d10(0), 3)
    assert state.alarm == 1 and state.phase == "british"
    assert [state.units[u].status for u in ("lca7", "g2-lovat", "lca3", "g1-mortar")] == ["eliminated"] * 4
    state = raid({"events": "on"}, phase="events")
    act(state, {"type": "roll-events"}, 6)
    with pytest.raises(IllegalAction) as diverted:
        act(state, {"type": "move", "units": ["g2-a1"], "to": "OR2"})
    assert diverted.value.case == "dieppe:5"
    state = raid({"events": "on"}, phase="events")
    act(state, {"type": "roll-events"}, 4, 8)
    assert state.delayed == {"G1": 3}


@pytest.mark.rules("dieppe:13")
def test_the_optional_rules():
    assert rules.new_state("dieppe/raid", {"alarm": "on"}).alarm == 2
    state = empty_raid()
    state.options["vorwarts"] = "on"
    put(state, "OUV", "g-inf-01", "g-mg-01")  # the bigger stack moves first; the machine gun cannot
    put(state, "ANG", "g-inf-02")
    german(state)
    act(state, {"type": "german"})
    assert where(state, "g-inf-01") == ("ANG", None)  # OUV - BLA - LBM - LHM - ANG: 4 MP, not 3
    state = empty_raid()
    state.options["bad-luck"] = "on"
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A3"]  # two infantry, doubled to four on the first A marker
    put(state, "OR2", "g2-a1")
    act(state, {"type": "move", "units": ["g2-a1"], "to": "SAV"}, 1, 1, 1, 1, 1)
    assert len(Position(state).germans("SAV")) == 4
    with pytest.raises(ValueError):
        rules.new_state("dieppe/raid", {"alarm": "maybe"})


@pytest.mark.rules("dieppe:12", "dieppe:1.5")
def test_the_victory_tally():
    state = empty_raid()
    put(state, "NEW", "lca1", "lca2")
    put(state, "NEW", "g1-c1", "g1-c2", aboard="lca1")
    put(state, "NEW", "g1-c3", reduced=("g1-c3",), aboard="lca2")
    put(state, "OR1", "g1-c4")  # left on the beach
    for u in ("hess-1", "hess-2", "g2-lovat", "flak-ailly", "pillbox-quiberville"):
        state.units[u].status = "eliminated"
    state.battery_turn, state.telephone_cut = 7, True
    points = rules.tally(state).points()
    assert points["Hess battery guns"] == 20 and points["battery timetable"] == 2
    assert points["telephone line"] == 2 and points["officers lost"] == -5
    assert points["flak and pillboxes"] == 2
    assert points["commandos not home"] == -(48 - 5)  # 24 commandos of 2 levels; 5 levels home
    state.phase = "over"
    assert rules.outcome(state).level == "failure"


@pytest.mark.rules("dieppe:4")
def test_a_whole_raid_with_random_choices_keeps_the_phase_order_and_ends_in_a_tally():
    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import dieppe

    session = Session.start(dieppe, "dieppe/raid", seed=5)
    rng = random.Random(5)
    phases = [(session.state.phase, session.state.turn)]
    stages = {"fire": 0, "move": 1, "reinforce": 2}
    for _ in range(5000):
        if session.outcome():
            break
        stage = session.state.german_stage if session.state.phase == "german" else None
        session.act(random_bot(session, rng))
        assert dieppe.check_invariants(session.state) == []
        now = (session.state.phase, session.state.turn)
        if now != phases[-1]:
            phases.append(now)
        elif stage is not None:  # D: fire, then movement, then reinforcements, never back
            assert stages[session.state.german_stage] >= stages[stage]
    assert session.outcome() is not None and session.state.turn == 12
    # B then D each turn, the turn marker moving on after D, F after the twelfth (no events: A skipped)
    turns = [p for t in range(1, 13) for p in (("british", t), ("german", t))]
    assert phases == [("setup", 1), *turns, ("over", 12)]
