"""The campaign through the rules engine: set-up, movement, garrisons, combat options,
counterattacks, the Determination Phase and the end (strange-victory:3 to 11)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.strange_victory import rules
from wargames_tui.games.strange_victory.data import load_campaign


def act(state, action, *rolls):
    dice = Dice.replaying(rolls)
    events = rules.apply(state, action, dice)
    assert dice.leftover() == 0, "unused rolls"
    return "\n".join(e.text for e in events)


def campaign():
    state = rules.new_state("strange-victory/campaign", {"setup": "choice"})
    act(state, {"type": "setup", "placement": dict(rules.HISTORICAL)})
    return state


def at(state, division, area, **fields):
    d = state.divisions[division]
    d.area = area
    for k, v in fields.items():
        setattr(d, k, v)
    state.hidden.pop(area, None)


def only(state, *divisions):
    """Every other division has already activated this turn."""
    for d, s in state.divisions.items():
        s.resupply = d not in divisions


def kinds(state):
    return {a["type"] for a in rules.prompt(state).actions}


@pytest.mark.rules("strange-victory:6.0", "strange-victory:3.2.1", "strange-victory:3.2.3", "strange-victory:3.2.8",
                   "strange-victory:4.1.2", "strange-victory:4.3.1", "strange-victory:3.2.5", "strange-victory:3.2.7")
def test_the_set_up():
    state = rules.new_state("strange-victory/campaign", {"setup": "choice"})
    c = load_campaign()
    setups = rules.prompt(state).actions
    assert len(setups) == 6 and {"type": "setup", "placement": rules.HISTORICAL} in setups
    with pytest.raises(IllegalAction):
        act(state, {"type": "setup", "placement": {"XV": "I", "XXXI": "I", "XIX": "III"}})  # a Korps each
    act(state, {"type": "setup", "placement": dict(rules.HISTORICAL)})
    assert {state.divisions[d].area for d in ("5pz", "7pz")} == {"DIN"}  # Rommel at Dinant
    assert {state.divisions[d].area for d in ("6pz", "8pz")} == {"MAU"}
    assert {state.divisions[d].area for d in ("1pz", "2pz", "10pz")} == {"SED"}
    assert state.panic == 1 and state.audacity == {m.id: m.audacity for m in c.commanders.values()}
    assert sorted(state.hidden) == sorted(c.capturable())  # a face-down garrison in every area
    assert all(state.hidden[a] == c.areas[a].letter for a in state.hidden)
    assert len(state.box) == 7 and len(state.pools["coastal"]) == 6
    assert state.pools["reaction-B"] and state.pools["reaction-C"]
    view = rules.view(state)
    assert view["zones"]["AVE"]["marker"] == "I" and view["panic"] == 1 and not view["units"][0]["resupply"]


@pytest.mark.rules("strange-victory:3.1.1", "strange-victory:8.2.3", "strange-victory:5.3", "strange-victory:8.2.6")
def test_out_of_the_staging_areas_only_by_the_bridges_and_one_division_an_area():
    state = campaign()
    c = load_campaign()
    moves = [a for a in rules.prompt(state).actions if a["type"] == "move"]
    for m in moves:
        assert c.graph.kind(state.divisions[m["division"]].area, m["to"]).name == "bridge"
    state.hidden.pop("CHE")
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None})
    act(state, {"type": "end-activation"})
    with pytest.raises(IllegalAction) as crowded:
        act(state, {"type": "move", "division": "2pz", "to": "CHE", "extra": None})
    assert crowded.value.case == "strange-victory:8.2.6"
    with pytest.raises(IllegalAction, match="staging"):
        at(state, "2pz", "POI")
        act(state, {"type": "move", "division": "2pz", "to": "SED", "extra": None})


@pytest.mark.rules("strange-victory:8.2.1", "strange-victory:8.2.4", "strange-victory:8.2.7", "strange-victory:8.2.8", "strange-victory:7.0")
def test_two_areas_a_third_for_gas_or_audacity_never_both():
    state = campaign()
    for a in ("PHI", "BEA", "AVE", "CHI"):
        state.hidden.pop(a, None)
    state.box.append("A-gas-1")
    act(state, {"type": "move", "division": "7pz", "to": "PHI", "extra": None})
    with pytest.raises(IllegalAction, match="third area"):
        act(state, {"type": "move", "division": "7pz", "to": "BEA", "extra": "gas"})
    with pytest.raises(IllegalAction) as korps:
        act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None})
    assert korps.value.case == "strange-victory:7.0"  # the 7th is still activating
    act(state, {"type": "move", "division": "7pz", "to": "BEA", "extra": None})
    with pytest.raises(IllegalAction, match="Gas counter or an audacity"):
        act(state, {"type": "move", "division": "7pz", "to": "AVE", "extra": None})
    act(state, {"type": "move", "division": "7pz", "to": "AVE", "extra": "audacity"})
    assert state.audacity["rommel"] == 3 and state.active is None  # three areas: done
    assert "A-gas-1" in state.box  # not both
    # the next division must be Rommel's other one (7.0)
    assert {a.get("division") for a in rules.prompt(state).actions if a["type"] in ("move", "stand")} == {"5pz"}


@pytest.mark.rules("strange-victory:8.2.5", "strange-victory:8.2.12", "strange-victory:4.3.2", "strange-victory:4.3.3", "strange-victory:4.6")
def test_what_a_garrison_does_when_it_turns_over():
    state = campaign()
    state.pools["B"] = ["B-gas-1"]
    text = act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)  # Chémery is B
    assert "to the assets box" in text and "B-gas-1" in state.box and state.active == "1pz"  # it goes on
    state.pools["C"] = ["C-brk-1"]
    text = act(state, {"type": "move", "division": "1pz", "to": "STO", "extra": None}, 1)
    assert "breakdown" in text and state.divisions["1pz"].damage == "shocked" and state.divisions["1pz"].resupply
    state.pools["B"] = ["B-inf-2a"]
    text = act(state, {"type": "move", "division": "2pz", "to": "POI", "extra": None}, 1)
    assert "Combat at" in text and state.combat is not None and kinds(state) >= {"asset", "roll"}


@pytest.mark.rules("strange-victory:8.2.9", "strange-victory:8.2.10", "strange-victory:4.6")
def test_disorder_allows_one_area_and_shock_none():
    state = campaign()
    at(state, "7pz", "PHI", damage="disorder")
    state.hidden.pop("BEA")
    state.box.append("A-gas-1")
    only(state, "7pz", "5pz")
    act(state, {"type": "move", "division": "7pz", "to": "BEA", "extra": None})
    assert state.active is None and state.divisions["7pz"].damage is None  # one area, then the counter comes off
    at(state, "5pz", "FLO", damage="shocked")
    with pytest.raises(IllegalAction) as shocked:
        act(state, {"type": "move", "division": "5pz", "to": "PHI", "extra": None})
    assert shocked.value.case == "strange-victory:8.2.10"
    act(state, {"type": "stand", "division": "5pz"})
    assert state.divisions["5pz"].damage is None and state.divisions["5pz"].resupply


@pytest.mark.rules("strange-victory:8.2.11", "strange-victory:8.3.8", "strange-victory:10.3.1", "strange-victory:10.3.2",
                   "strange-victory:10.2.2", "strange-victory:4.5", "strange-victory:5.3")
def test_a_port_fight():
    state = campaign()
    at(state, "2pz", "DES")
    only(state, "2pz")
    state.pools["I"] = ["I-inf-3a"]
    state.coastal_hidden["CAL"] = 2
    state.pools["coastal"] = ["cd-1", "cd-4"]
    act(state, {"type": "move", "division": "2pz", "to": "CAL", "extra": None}, 1, 1, 1)
    assert state.combat.base == 8  # 3 + 3 + 2, capped at 8 (8.3.2)
    assert "Bloody Firefight" in act(state, {"type": "roll"})
    assert state.allied["CAL"] == ["I-inf-3a", "cd-1"]  # the weakest (cd-4, strength 2) went
    assert state.divisions["2pz"].damage == "shocked" and state.panic == 4
    assert not rules.captured(state, "CAL") and state.active is None
    state.phase = "blitz"  # the next turn
    with pytest.raises(IllegalAction, match="port stays there"):
        state.divisions["2pz"].resupply = False
        state.active = "2pz"
        act(state, {"type": "move", "division": "2pz", "to": "DES", "extra": None})
    state.active = None
    text = act(state, {"type": "stand", "division": "2pz"})  # next turn it only shakes off the shock
    assert "recovers" in text and state.combat is None and state.divisions["2pz"].damage is None
    state.phase, state.divisions["2pz"].resupply = "blitz", False
    text = act(state, {"type": "stand", "division": "2pz"})  # the turn after, it must attack again
    assert "Combat at Calais" in text and state.combat.base == 6


@pytest.mark.rules("strange-victory:8.3.3", "strange-victory:8.3.1")
def test_assets_one_of_each_type_gas_against_armour_and_giraud():
    state = campaign()
    state.box = ["stuka-1", "stuka-2", "guns-1", "A-gas-1", "B-gen-1"]
    state.pools["B"] = ["B-inf-3a"]
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)
    assert rules.view(state)["combat"]["dice_count"] == 3  # 1st Panzer's Advancing side
    assert {a.get("asset") for a in rules.prompt(state).actions if a["type"] == "asset"} == {"stuka-1", "guns-1", "B-gen-1"}
    act(state, {"type": "asset", "asset": "stuka-1"})
    with pytest.raises(IllegalAction, match="only one stuka"):
        act(state, {"type": "asset", "asset": "stuka-2"})
    with pytest.raises(IllegalAction, match="Gas only weakens armour"):
        act(state, {"type": "asset", "asset": "A-gas-1"})
    with pytest.raises(IllegalAction, match="discarded starting"):
        act(state, {"type": "asset", "asset": "guns-1", "returns": "stuka-2"})
    act(state, {"type": "asset", "asset": "B-gen-1"})
    assert state.combat.base == 6 and rules.view(state)["combat"]["strength"] == 3  # forest-doubled 3, -2, -1
    act(state, {"type": "roll"}, 1, 1, 6)
    act(state, {"type": "accept"})
    assert "B-gen-1" not in state.box + state.discarded and "stuka-1" in state.discarded


@pytest.mark.rules("strange-victory:8.3.7", "strange-victory:5.4.5", "strange-victory:5.4.2", "strange-victory:5.4.3")
def test_re_rolls_once_a_turn_a_leader_and_only_his_own_divisions():
    state = campaign()
    state.pools["B"] = ["B-inf-2a", "B-inf-2b"]
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)
    act(state, {"type": "roll"}, 1, 1, 1)
    act(state, {"type": "reroll", "dice": [0, 1, 2], "by": "audacity"}, 1, 1, 1)
    assert state.audacity["guderian"] == 3 and state.audacity["rommel"] == 4  # Guderian pays for his own
    assert not [a for a in rules.prompt(state).actions if a["type"] == "reroll"]  # one re-roll a combat
    act(state, {"type": "accept"})
    at(state, "2pz", "POI", resupply=False)
    state.hidden["MTH"] = "B"
    state.active, state.korps = None, "XIX"
    act(state, {"type": "move", "division": "2pz", "to": "MTH", "extra": None}, 1)
    act(state, {"type": "roll"}, 1, 1, 1)
    with pytest.raises(IllegalAction, match="no re-roll left"):
        act(state, {"type": "reroll", "dice": [0], "by": "audacity"})
    state.flipped = []
    state.audacity["guderian"] = 0
    with pytest.raises(IllegalAction):
        act(state, {"type": "reroll", "dice": [0], "by": "audacity"})


@pytest.mark.rules("strange-victory:8.1.1", "strange-victory:8.1.2", "strange-victory:5.4.4", "strange-victory:5.4.7",
                   "strange-victory:10.4", "strange-victory:10.5.1")
def test_the_ready_segment_and_the_panic_track():
    state = campaign()
    only(state)  # everyone has activated
    state.audacity["rommel"] = 1
    state.flipped = ["rommel"]
    state.phase = "repairs"
    act(state, {"type": "end-turn"}, 3)  # coastal: port 3
    assert state.turn == 2 and state.panic == 2 and state.phase == "blitz"
    assert not any(d.resupply for d in state.divisions.values())
    assert state.audacity["rommel"] == 2 and state.flipped == []
    assert state.audacity["guderian"] == 4  # never above the top of his track


@pytest.mark.rules("strange-victory:5.4.1", "strange-victory:5.4.5")
def test_a_commander_may_spend_several_audacity_points_a_turn():
    # Rommel pays for the 7th Panzer's third area, then for the 5th Panzer's re-roll: two points
    # in one turn.
    state = campaign()
    for a in ("PHI", "BEA", "AVE"):
        state.hidden.pop(a, None)
    act(state, {"type": "move", "division": "7pz", "to": "PHI", "extra": None})
    act(state, {"type": "move", "division": "7pz", "to": "BEA", "extra": None})
    act(state, {"type": "move", "division": "7pz", "to": "AVE", "extra": "audacity"})
    state.pools["A"] = ["A-inf-1a"]
    act(state, {"type": "move", "division": "5pz", "to": "PHI", "extra": None})
    act(state, {"type": "move", "division": "5pz", "to": "ROC", "extra": None}, 1)
    dice = rules.view(state)["combat"]["dice_count"]
    act(state, {"type": "roll"}, *[1] * dice)
    act(state, {"type": "reroll", "dice": list(range(dice)), "by": "audacity"}, *[1] * dice)
    top = load_campaign().commanders["rommel"].audacity
    assert state.audacity["rommel"] == top - 2 and state.turn == 1


@pytest.mark.rules("strange-victory:9.1.1", "strange-victory:9.1.2", "strange-victory:9.1.3", "strange-victory:9.1.4",
                   "strange-victory:9.1.5", "strange-victory:9.1.6", "strange-victory:8.3.1")
def test_the_counterattack_phase():
    state = campaign()
    at(state, "1pz", "CHE", resupply=True)  # B
    at(state, "2pz", "STO", resupply=True, damage="disorder")  # C, damaged: not eligible
    at(state, "7pz", "PHI", resupply=True)  # A: never counterattacked
    only(state)
    state.phase = "blitz"
    rules._after(state, [])
    assert state.phase == "counterattack"
    assert rules.prompt(state).actions == [{"type": "counterattack", "area": "CHE"}]
    state.pools["reaction-B"] = ["B-armor-4a"]
    text = act(state, {"type": "counterattack", "area": "CHE"}, 1)
    assert "Counterattack at" in text and rules.view(state)["combat"]["dice_count"] == 2  # the Resupply side
    act(state, {"type": "roll"}, 6, 6)
    act(state, {"type": "accept"})
    assert state.phase == "repairs" and state.divisions["1pz"].resupply and state.divisions["1pz"].area == "CHE"
    state = campaign()
    at(state, "1pz", "CHE", resupply=True)
    only(state)
    state.pools["reaction-B"] = ["B-refugees-1"]
    rules._after(state, [])
    assert "refugees" in act(state, {"type": "counterattack", "area": "CHE"}, 1) and state.phase == "repairs"
    state = campaign()
    at(state, "1pz", "CHE", resupply=True)
    only(state)
    state.pools["reaction-B"] = []
    rules._after(state, [])
    assert state.phase == "repairs"  # nothing left to draw: skipped


@pytest.mark.rules("strange-victory:10.1.1", "strange-victory:10.1.2", "strange-victory:10.1.3")
def test_repairs():
    state = campaign()
    at(state, "1pz", "CHE", resupply=True, damage="shocked")
    at(state, "7pz", "PHI", resupply=True, damage="disorder")
    state.phase = "repairs"
    state.spent = ["rommel"]
    assert [a for a in rules.prompt(state).actions if a["type"] == "repair"] == [{"type": "repair", "division": "1pz"}]
    act(state, {"type": "repair", "division": "1pz"})
    assert state.divisions["1pz"].damage is None and state.audacity["guderian"] == 3
    with pytest.raises(IllegalAction) as used:
        act(state, {"type": "repair", "division": "7pz"})
    assert used.value.case == "strange-victory:10.1.1"
    at(state, "2pz", "STO", resupply=True, damage="disorder")
    with pytest.raises(IllegalAction):  # Guderian has repaired once this turn
        act(state, {"type": "repair", "division": "2pz"})


@pytest.mark.rules("strange-victory:4.6")
def test_damage_may_also_be_repaired_at_the_start_of_the_blitz():
    state = campaign()
    at(state, "1pz", "CHE", damage="disorder")
    assert {"type": "repair", "division": "1pz"} in rules.prompt(state).actions
    act(state, {"type": "repair", "division": "1pz"})
    assert state.divisions["1pz"].damage is None and state.audacity["guderian"] == 3
    at(state, "7pz", "PHI", damage="shocked")
    act(state, {"type": "stand", "division": "5pz"})
    assert not [a for a in rules.prompt(state).actions if a["type"] == "repair"]  # once a division has acted


@pytest.mark.rules("strange-victory:10.2.1", "strange-victory:10.2.3", "strange-victory:4.5")
def test_coastal_reinforcements():
    state = campaign()
    state.phase = "repairs"
    at(state, "2pz", "DUN")  # port 1 is German
    text = act(state, {"type": "end-turn"}, 1, 4)  # 1 is occupied: roll again, 4 = Boulogne
    assert "Boulogne" in text and state.coastal_hidden == {"BOU": 1}
    assert rules.view(state)["zones"]["BOU"]["coastal"] == 1
    state.phase = "repairs"
    for n, port in enumerate(("DUN", "GRA", "CAL", "BOU", "ETA", "SVS")):
        state.divisions[list(state.divisions)[n]].area = port
    act(state, {"type": "end-turn"})  # every port German: none placed, no roll
    assert state.coastal_hidden == {"BOU": 1}


@pytest.mark.rules("strange-victory:10.5.2", "strange-victory:10.5.3", "strange-victory:11.1", "strange-victory:3.1.2",
                   "strange-victory:3.1.3", "strange-victory:3.1.4", "strange-victory:3.1.5", "strange-victory:11.2",
                   "strange-victory:5.1")
def test_the_end_and_the_points():
    state = campaign()
    state.phase, state.panic = "repairs", 20
    state.pools["coastal"] = []
    act(state, {"type": "end-turn"})
    result = rules.outcome(state)
    assert state.phase == "over" and result.level == "Frantic Nightmare" and result.points["villages"] == 0
    state = campaign()
    for a in ("AVE", "CAL", "AMI", "PHI", "MTH", "STO"):  # fortress, port, strategic, A, B, C villages
        state.hidden.pop(a)
    points = rules.view(state)["points"]
    assert points == {"Avesnes": 5.0, "ports": 3.0, "strategic areas": 2.0, "villages": 2.0}
    state = campaign()
    state.hidden = {"STO": "C"}
    state.pools["C"] = ["C-rcn-1"]
    at(state, "1pz", "CHE")
    only(state, "1pz")
    text = act(state, {"type": "move", "division": "1pz", "to": "STO", "extra": None}, 1)
    # the last of the 42 areas falls mid-turn: the game ends at once, Axis Triumphant (5.1)
    assert len(load_campaign().capturable()) == 42 and state.phase == "over" and state.turn == 1
    assert "Every area is taken" in text and rules.outcome(state).level == "Axis Triumphant"


@pytest.mark.rules("strange-victory:8.3.4", "strange-victory:3.2.2")
def test_strength_six_is_still_fought_with_dice():
    state = campaign()
    state.pools["C"] = ["C-arm-6a"]
    state.box = []
    at(state, "1pz", "POI")
    only(state, "1pz")
    act(state, {"type": "move", "division": "1pz", "to": "STO", "extra": None}, 1)
    # the Char B1 at 6 (armour, not doubled in the Stonne woods) is under 7: no Bloody Firefight, dice
    assert rules.view(state)["combat"]["strength"] == 6
    act(state, {"type": "roll"}, 6, 1, 1)
    assert "Pitched Battle" in act(state, {"type": "accept"})


@pytest.mark.rules("strange-victory:7.0")
def test_malformed_actions_are_refused():
    state = campaign()
    for action in ({"type": "move"}, {"type": "move", "division": "7pz", "to": "XXX"}, {"type": "stand"}, {"type": "dance"}):
        with pytest.raises(IllegalAction):
            act(state, action)
    state.pools["B"] = ["B-inf-2a"]
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)
    for action in ({"type": "asset"}, {"type": "reroll"}, {"type": "accept"}, {"type": "asset", "asset": "stuka-1", "returns": 5}):
        with pytest.raises(IllegalAction):
            act(state, action)


@pytest.mark.rules("strange-victory:6.0")
def test_the_historical_set_up_is_the_default():
    state = rules.new_state("strange-victory/campaign", {})
    assert state.phase == "blitz" and state.divisions["7pz"].area == "DIN" and state.divisions["1pz"].area == "SED"
    assert {a["type"] for a in rules.prompt(state).actions} >= {"move", "stand"}
    with pytest.raises(ValueError):
        rules.new_state("strange-victory/campaign", {"setup": "random"})


@pytest.mark.rules("strange-victory:8.3.3", "strange-victory:4.5")
def test_recon_offers_each_kind_once_and_the_coastal_count_is_what_is_left():
    state = campaign()
    state.discarded = ["stuka-1", "stuka-2", "guns-1"]
    state.box = ["recon-1"]
    state.pools["B"] = ["B-inf-2a"]
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)
    returns = [a.get("returns") for a in rules.prompt(state).actions if a["type"] == "asset"]
    assert sorted(r for r in returns if r) == ["guns-1", "stuka-1"]
    state = campaign()
    state.coastal_hidden = {"ETA": 1, "DUN": 1}
    assert rules.view(state)["pools"]["coastal"] == 4


@pytest.mark.rules("strange-victory:3.2.2", "strange-victory:8.3.5")
def test_the_strength_track_stops_at_one():
    state = campaign()
    state.pools["A"] = ["A-inf-1a"]
    state.box = ["stuka-1"]
    at(state, "7pz", "PHI")
    only(state, "7pz")
    act(state, {"type": "move", "division": "7pz", "to": "BEA", "extra": None}, 1)
    act(state, {"type": "asset", "asset": "stuka-1"})
    assert rules.view(state)["combat"]["strength"] == 1  # 1 - 2, but no box below 1: every die hits


@pytest.mark.rules("strange-victory:8.3.7")
def test_the_view_says_when_a_re_roll_is_left():
    state = campaign()
    state.pools["B"] = ["B-inf-2a"]
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)
    act(state, {"type": "roll"}, 1, 1, 1)
    assert rules.view(state)["combat"]["can_reroll"]
    act(state, {"type": "reroll", "dice": [0, 1, 2], "by": "audacity"}, 1, 1, 1)
    assert not rules.view(state)["combat"]["can_reroll"]


def _overrun(audacity: int):
    """1st Panzer at Chemery against strength 2 doubled in the forest, Guns: 4 dice against 3;
    6, 6, 6, 1 is three hits and a miss, a Devastating Overrun."""
    state = campaign()
    state.audacity["guderian"] = audacity
    state.box = ["guns-1"]
    state.pools["B"] = ["B-inf-2a"]
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)
    act(state, {"type": "asset", "asset": "guns-1"})
    act(state, {"type": "roll"}, 6, 6, 6, 1)
    return state


@pytest.mark.rules("strange-victory:8.3.7", "strange-victory:5.4.6", "strange-victory:5.4.7")
def test_no_re_roll_on_a_devastating_overrun_and_no_audacity_promised_above_the_maximum():
    from wargames_tui.games.strange_victory.present.words import describe_strange_victory

    top = load_campaign().commanders["guderian"].audacity
    state = _overrun(top)
    view = rules.view(state)
    assert view["combat"]["result"] == "devastating-overrun"
    assert "reroll" not in kinds(state) and not view["combat"]["can_reroll"]  # it could only waste a point
    assert view["combat"]["audacity_gain"] == 0  # at his maximum he regains nothing (5.4.7)
    assert "audacity" not in describe_strange_victory({"type": "accept"}, view)
    act(state, {"type": "accept"})
    assert state.audacity["guderian"] == top
    state = _overrun(top - 1)
    view = rules.view(state)
    assert view["combat"]["audacity_gain"] == 1 and "+1 audacity" in describe_strange_victory({"type": "accept"}, view)
    act(state, {"type": "accept"})
    assert state.audacity["guderian"] == top


@pytest.mark.rules("strange-victory:8.3.3")
def test_two_recons_in_the_box_are_one_choice():
    state = campaign()
    state.discarded = ["stuka-1"]
    state.box = ["recon-1", "B-recon-1"]  # the starting Recon and one found in a garrison
    state.pools["B"] = ["B-inf-2a"]
    act(state, {"type": "move", "division": "1pz", "to": "CHE", "extra": None}, 1)
    recon = [a for a in rules.prompt(state).actions if a["type"] == "asset"]
    assert len(recon) == 2 and {a.get("returns") for a in recon} == {None, "stuka-1"}


@pytest.mark.rules("strange-victory:7.0")
def test_the_prompt_names_the_korps_whose_divisions_activate_first():
    # Once 1. Pz (XIX) had activated, the list offered only XIX's divisions under the bare words
    # "Activate a division": the player was not told why the others were gone.
    state = campaign()
    assert "Korps" not in rules.prompt(state).text  # nobody has moved: any division
    act(state, {"type": "stand", "division": "1pz"})
    text = rules.prompt(state).text
    assert "XIX Korps" in text and "strange-victory:7.0" in text
    assert {a.get("division") for a in rules.prompt(state).actions} == {"2pz", "10pz"}
