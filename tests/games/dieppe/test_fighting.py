"""Fire and assault through the rules engine, with the rulebook's worked examples (dieppe:11, 11.1, 11.2, 12)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dieppe import rules
from wargames_tui.games.dieppe.position import Position

from .helpers import act, d10, empty_raid, put, texts, where

FOUR = ["g2-a1", "g2-a2", "g2-a3", "g2-a4"]


@pytest.mark.rules("dieppe:11.1", "dieppe:2.2", "dieppe:6")
def test_the_british_fire_example():
    # Three full commandos beside the shooter (+6) and an officer (+1): 10. A machine gun on
    # top of a full infantry unit (+2): 7. D6 2 and D10 6: 12 against 13, the shooter is hit.
    state = empty_raid()
    put(state, "OR2", *FOUR, "g2-lovat")
    put(state, "C6", "g-mg-01", "g-inf-01")
    state.party = FOUR + ["g2-lovat"]
    for u in state.party:
        state.units[u].actions = ["move"]  # the fire is the stack's second action
    events = act(state, {"type": "fire", "units": FOUR + ["g2-lovat"], "target": "C6"}, 2, 6)
    assert "= 12 against" in texts(events) and "= 13: the shooter is hit" in texts(events)
    assert sum(state.units[u].reduced for u in FOUR) == 1  # the commando on top turns over
    assert all(state.units[u].done for u in FOUR) and state.party == []  # Job Done after two actions
    assert state.alarm == 1  # the first shot (dieppe:7)


@pytest.mark.rules("dieppe:11.1")
def test_the_sniper_picks_his_target_and_fires_in_poor_light():
    state = empty_raid()
    put(state, "OR2", "g1-sniper")
    put(state, "C6", "g-mg-01", "g-inf-01")
    # Turn 1: FF 4 + D6 6 - 2 light = 8 against the infantry: FF 3 + D10 2, no stack bonus = 5.
    events = act(state, {"type": "fire", "units": ["g1-sniper"], "target": "C6", "aim": "g-inf-01"}, 6, 2)
    assert "= 8 against" in texts(events) and "= 5: the target is hit" in texts(events)
    assert state.units["g-inf-01"].reduced and state.units["g-mg-01"].status == "map"


@pytest.mark.rules("dieppe:11.1")
def test_the_mortar_fires_two_zones_away_and_inflicts_two_losses():
    state = empty_raid()
    state.turn = 9  # full daylight
    put(state, "SAL", "g1-mortar")
    put(state, "CP", "g-mg-01", "g-inf-01", reduced=("g-inf-01",))
    # FF 5 + D6 3 - 1 at R = 2 = 7 against the machine gun: FF 5 + D10 0 + 1 protection = 6.
    act(state, {"type": "fire", "units": ["g1-mortar"], "target": "CP"}, 3, d10(0))
    assert state.units["g-mg-01"].status == "eliminated"
    assert state.units["g-inf-01"].status == "eliminated"  # the second loss goes to the unit beneath


@pytest.mark.rules("dieppe:11.1", "dieppe:11")
def test_what_fire_may_not_do():
    state = empty_raid()
    put(state, "OR2", "g2-a1", "g2-a2", "g1-sniper")
    state.markers["SAV"] = "A"
    with pytest.raises(IllegalAction, match="not been turned over"):
        act(state, {"type": "fire", "units": ["g2-a1"], "target": "SAV"})
    put(state, "C6", "g-inf-01")
    with pytest.raises(IllegalAction, match="on their own"):
        act(state, {"type": "fire", "units": ["g2-a1", "g1-sniper"], "target": "C6"})
    with pytest.raises(IllegalAction, match="out of range"):
        act(state, {"type": "fire", "units": ["g2-a1"], "target": "QUI"})
    with pytest.raises(IllegalAction, match="only the sniper"):
        act(state, {"type": "fire", "units": ["g2-a1"], "target": "C6", "aim": "g-inf-01"})
    act(state, {"type": "fire", "units": ["g2-a1"], "target": "C6"}, 6, 1, 9)  # and a test for SAV
    with pytest.raises(IllegalAction, match="already made a fire"):
        act(state, {"type": "fire", "units": ["g2-a1"], "target": "C6"})
    act(state, {"type": "job-done"})
    with pytest.raises(IllegalAction, match="Job Done"):
        act(state, {"type": "assault", "units": ["g2-a1"], "target": "C6"})


@pytest.mark.rules("dieppe:12")
def test_the_guns_fall_only_to_an_assault():
    state = empty_raid()
    put(state, "SAL", "g1-c1")
    put(state, "HESS", "hess-1", "hess-2")
    with pytest.raises(IllegalAction) as refused:
        act(state, {"type": "fire", "units": ["g1-c1"], "target": "HESS"})
    assert refused.value.case == "dieppe:12"


@pytest.mark.rules("dieppe:11.2", "dieppe:7")
def test_the_assault_example():
    # Four commandos against a full infantry unit and a machine gun in a zone of protection 0.
    # Case 1: the Germans line up by AF (infantry, then machine gun); line 1 is a full commando
    # backed by a full and a reduced one (+3): 7, D6 1 = 8 against 2 + D10 8 = 10, the commando
    # is hit. Line 2: 4 + D6 4 = 8 against 1 + D10 6 = 7, the machine gun is eliminated.
    state = empty_raid()
    put(state, "OR2", *FOUR, reduced=("g2-a3",))
    put(state, "C6", "g-inf-01", "g-mg-01")
    act(state, {"type": "assault", "units": FOUR, "target": "C6"})
    assert state.alarm == 2  # the first assault
    assert all(where(state, u) == ("C6", None) for u in FOUR)
    round_one = {"type": "assault-round", "contacts": ["g2-a1", "g2-a4"], "supports": {"g2-a1": ["g2-a2", "g2-a3"]}}
    events = act(state, round_one, 1, 8, 4, 6)
    assert "D6 1 = 8 against" in texts(events) and "= 10: the commando is hit" in texts(events)
    assert "D6 4 = 8 against" in texts(events) and "= 7: the German is hit" in texts(events)
    assert state.units["g2-a1"].reduced and state.units["g-mg-01"].status == "eliminated"
    kinds = {a["type"] for a in rules.prompt(state).actions}
    assert {"assault-round", "withdraw"} <= kinds and "take-prisoner" not in kinds  # 2 levels left


@pytest.mark.rules("dieppe:11.2")
def test_columns_must_follow_the_cases():
    state = empty_raid()
    put(state, "OR2", *FOUR)
    put(state, "C6", "g-inf-01", "g-mg-01")
    act(state, {"type": "assault", "units": FOUR, "target": "C6"})
    with pytest.raises(IllegalAction, match="exactly once"):
        act(state, {"type": "assault-round", "contacts": ["g2-a1", "g2-a2"], "supports": {}})
    with pytest.raises(IllegalAction, match="exactly one commando in contact"):
        act(state, {"type": "assault-round", "contacts": ["g2-a1"], "supports": {"g2-a1": ["g2-a2", "g2-a3", "g2-a4"]}})
    with pytest.raises(IllegalAction, match="at least one round"):
        act(state, {"type": "withdraw"})
    state = empty_raid()
    put(state, "OR2", "g2-a1")
    put(state, "C6", "g-inf-01", "g-inf-02", "g-mg-01")
    act(state, {"type": "assault", "units": ["g2-a1"], "target": "C6"})
    # Case 2: one commando faces the best German; the other two support that line: 2 + 2 + 1 levels.
    events = act(state, {"type": "assault-round", "contacts": ["g2-a1"], "supports": {}}, 6, 1)
    assert "AF 4 +0 support, D6 6 = 10 against Garrison infantry AF 2 +3 support, D10 1, +0 cover = 6" in texts(events)


@pytest.mark.rules("dieppe:11.2")
def test_stopping_an_assault_sends_the_commandos_back():
    state = empty_raid()
    put(state, "OR2", "g2-a1", "g2-a2")
    put(state, "C6", "g-inf-01", "g-inf-02")
    act(state, {"type": "assault", "units": ["g2-a1", "g2-a2"], "target": "C6"})
    act(state, {"type": "assault-round", "contacts": ["g2-a1", "g2-a2"], "supports": {}}, 1, 9, 1, 9)
    act(state, {"type": "withdraw"})
    assert where(state, "g2-a1") == ("OR2", None) and state.units["g2-a1"].reduced
    assert state.assault is None and state.units["g2-a1"].halted


@pytest.mark.rules("dieppe:11.2", "dieppe:12")
def test_a_last_german_of_one_level_may_be_taken_prisoner_and_counts_at_newhaven():
    state = empty_raid()
    put(state, "OR2", "g2-a1", "g2-a2")
    put(state, "C6", "g-off-01", "g-mg-01")
    act(state, {"type": "assault", "units": ["g2-a1", "g2-a2"], "target": "C6"})
    # line 1 (machine gun, AF 1) falls, line 2 (the officer, AF 1) holds
    act(state, {"type": "assault-round", "contacts": ["g2-a1", "g2-a2"], "supports": {}}, 6, 1, 1, 9)
    assert {"type": "take-prisoner", "escort": "g2-a1"} in rules.prompt(state).actions
    act(state, {"type": "take-prisoner", "escort": "g2-a1"})
    assert state.units["g-off-01"].status == "prisoner" and state.assault is None
    assert Position(state).british_levels("C6") == 3  # the prisoner counts for stacking
    put(state, "NEW", "lca4")
    for u in ("g2-a1", "g-off-01"):
        state.units[u].zone, state.units[u].aboard = "NEW", "lca4"
    assert rules.tally(state).points()["prisoner"] == 4  # an officer


@pytest.mark.rules("dieppe:12", "dieppe:7")
def test_destroying_the_battery_turns_every_marker_over():
    state = empty_raid()
    state.turn = 4
    state.markers["SMG"] = "B"
    state.marker_pools["B"] = ["B4"]
    put(state, "CP", "g2-a1", "g2-a2")
    put(state, "HESS", "hess-1", "hess-2")
    act(state, {"type": "assault", "units": ["g2-a1", "g2-a2"], "target": "HESS"})
    # each line: 4 + D6 6 = 10 against AF 2 + D10 0 + 3 protection = 5; then B4 is drawn and its two infantry
    events = act(state, {"type": "assault-round", "contacts": ["g2-a1", "g2-a2"], "supports": {}}, 6, d10(0), 6, d10(0), 1, 1, 1)
    assert "Battery 813 is destroyed on turn 4" in texts(events)
    assert state.alarm == 9 and "SMG" not in state.markers and len(Position(state).germans("SMG")) == 2
    points = rules.tally(state).points()
    assert points["Hess battery guns"] == 20 and points["battery timetable"] == 5


@pytest.mark.rules("dieppe:11.1", "dieppe:6")
def test_a_german_stack_fires_with_its_infantry_and_officer_then_is_done():
    # The quarters' stack (a machine gun, two full infantry, Schoeler) fires at four full commandos
    # at Sainte-Marguerite: MG 5 + D10 8 + 4 levels + 1 officer = 18 against FF 3 + D6 5 + 6 levels
    # + 1 cover = 15. The target is hit; then the stack is Alles gemacht.
    state = empty_raid(phase="german")
    germans = ["g-mg-01", "g-inf-01", "g-inf-02", "g-off-01"]
    put(state, "CP", *germans)
    put(state, "SMG", *FOUR)
    events = act(state, {"type": "german"}, d10(8), 5)
    shot = next(e for e in events if e.kind == "combat")
    assert (shot.data["attack"], shot.data["defence"], shot.data["hit"]) == (18, 15, True)
    assert "+4 stacked +1 officer = 18" in shot.text
    assert sum(state.units[u].reduced for u in FOUR) == 1
    assert all(state.units[u].done and state.units[u].actions == ["fire"] for u in germans)


@pytest.mark.rules("dieppe:11.1")
def test_an_officer_firing_alone_adds_nothing_for_himself():
    # Reading 31: the +1 is for an officer beside the shooter. Schoeler alone at the quarters:
    # FF 1 + D10 9 = 10 against a lone commando, FF 3 + D6 6 + 1 cover = 10: a hit, no more.
    state = empty_raid(phase="german")
    put(state, "CP", "g-off-01")
    put(state, "SMG", "g2-a1")
    shot = next(e for e in act(state, {"type": "german"}, d10(9), 6) if e.kind == "combat")
    assert (shot.data["attack"], shot.data["defence"]) == (10, 10) and "officer" not in shot.text
    # With a second officer beside him the stack has its leader: +1.
    state = empty_raid(phase="german")
    put(state, "CP", "g-off-01", "g-off-02")
    put(state, "SMG", "g2-a1")
    shot = next(e for e in act(state, {"type": "german"}, d10(9), 6) if e.kind == "combat")
    assert shot.data["attack"] == 11 and "+1 officer" in shot.text


@pytest.mark.rules("dieppe:9.2", "dieppe:11.2")
def test_officers_go_into_an_assault_with_the_commandos_never_alone():
    # Lovat and two commandos beside German infantry: the stack may go in whole (he is not left
    # behind alone), or the commandos alone; Lovat alone may not.
    state = empty_raid()
    put(state, "OR2", "g2-a1", "g2-a2", "g2-lovat")
    put(state, "C6", "g-inf-01")
    offered = [sorted(a["units"]) for a in rules.prompt(state).actions if a["type"] == "assault"]
    assert offered == [["g2-a1", "g2-a2", "g2-lovat"], ["g2-a1", "g2-a2"]]
    with pytest.raises(IllegalAction, match="only commandos lead"):
        act(state, {"type": "assault", "units": ["g2-lovat"], "target": "C6"})
    act(state, {"type": "assault", "units": ["g2-a1", "g2-a2", "g2-lovat"], "target": "C6"})
    assert where(state, "g2-lovat") == ("C6", None)
    # Lovat does not fight (only commandos line up); stopped, he goes back with them.
    with pytest.raises(IllegalAction, match="exactly once"):
        act(state, {"type": "assault-round", "contacts": ["g2-lovat"], "supports": {"g2-lovat": ["g2-a1", "g2-a2"]}})
    act(state, {"type": "assault-round", "contacts": ["g2-a1"], "supports": {"g2-a1": ["g2-a2"]}}, 1, d10(9))
    act(state, {"type": "withdraw"})
    assert where(state, "g2-lovat") == ("OR2", None) and where(state, "g2-a1") == ("OR2", None)


@pytest.mark.rules("dieppe:9.2", "dieppe:11.2")
def test_an_officer_who_walked_in_with_his_stack_may_go_in_again_with_it():
    # The stack walks into a marker zone, Germans appear, the assault is stopped: back at the
    # start, the next turn the whole stack, Lovat included, may assault again.
    state = empty_raid()
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A5"]  # 1 infantry + 1 officer
    put(state, "OR2", "g2-a1", "g2-a2", "g2-lovat")
    act(state, {"type": "move", "units": ["g2-a1", "g2-a2", "g2-lovat"], "to": "SAV"}, 1, 1, 1)
    assert state.assault is not None and "g2-lovat" in state.assault.british
    act(state, {"type": "assault-round", "contacts": ["g2-a1", "g2-a2"], "supports": {}}, 1, d10(9), 1, d10(9))
    act(state, {"type": "withdraw"})
    act(state, {"type": "end-turn"})
    while state.phase == "german":
        rules.apply(state, {"type": "german"}, Dice(7))
    stack = [u for u in ("g2-a1", "g2-a2", "g2-lovat") if Position(state).on_map(u)]
    offered = [a for a in rules.prompt(state).actions if a["type"] == "assault" and set(a["units"]) == set(stack)]
    assert "g2-lovat" in stack and offered
    act(state, offered[0])
    assert where(state, "g2-lovat") == ("SAV", None)


@pytest.mark.rules("dieppe:6", "dieppe:9.2", "dieppe:11", "dieppe:11.2")
def test_walking_into_an_assault_is_one_action_and_the_units_one_assault():
    # Reading 32: the move that runs into Germans and its assault are one action. After the
    # zone is taken the stack may still fire (its second action) but not assault again.
    state = empty_raid()
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A4"]  # one machine gun
    put(state, "OR2", *FOUR)
    put(state, "SBN", "g-inf-01")
    act(state, {"type": "move", "units": FOUR, "to": "SAV"}, 1, 1)
    act(state, {"type": "assault-round", "contacts": ["g2-a1"], "supports": {"g2-a1": FOUR[1:]}}, 6, d10(0))
    assert state.assault is None and all(state.units[u].action_count() == 1 for u in FOUR)
    kinds = {a["type"] for a in rules.prompt(state).actions if set(a.get("units", [])) & set(FOUR)}
    assert "fire" in kinds and "assault" not in kinds
    with pytest.raises(IllegalAction, match="already made a assault"):
        act(state, {"type": "assault", "units": FOUR, "target": "SBN"})
    act(state, {"type": "fire", "units": FOUR, "target": "SBN"}, 6, d10(0))
    assert all(state.units[u].done for u in FOUR)  # two actions: Job Done
    # A stack that fired first may still walk in; the assault is no third action.
    state = empty_raid()
    state.markers["SAV"] = "A"
    state.marker_pools["A"] = ["A4"]
    put(state, "OR2", *FOUR)
    put(state, "FSM", "g-inf-01")
    act(state, {"type": "fire", "units": FOUR, "target": "FSM"}, 6, d10(0), d10(9))  # the test at SAV fails
    act(state, {"type": "move", "units": FOUR, "to": "SAV"}, 1, 1)
    assert all(state.units[u].action_count() == 2 for u in FOUR)


@pytest.mark.rules("dieppe:6", "dieppe:9.2", "dieppe:11.2")
def test_an_assault_needs_no_mp_left_from_a_move():
    # Reading 33: the assault is an action of its own. Like the fire of the dieppe:11.1 example
    # after the dieppe:9.2 move, it follows a move that spent every MP.
    state = empty_raid()
    put(state, "SAU", *FOUR[:2])
    put(state, "SMG", "g-inf-01")
    for zone in ("QUI", "C6", "OR2"):  # three roads: every MP spent, the move ends by itself
        act(state, {"type": "move", "units": FOUR[:2], "to": zone})
    assert state.move is None and where(state, "g2-a1") == ("OR2", None)
    assault = {"type": "assault", "units": FOUR[:2], "target": "SMG"}
    assert assault in rules.prompt(state).actions
    act(state, assault)
    assert state.assault is not None and state.units["g2-a1"].actions == ["move", "assault"]
