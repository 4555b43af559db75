"""The turn, regrouping, the ban on talking, victory and both set-ups (betrayal:2, 5-9)."""

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.session import Session
from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.board import republic_holder
from wargames_tui.games.betrayal.combat import shifts
from wargames_tui.games.betrayal.data import load_scenario
from wargames_tui.games.betrayal.regroup import column
from wargames_tui.games.betrayal.victory import judge
from wargames_tui.games.betrayal.victory import judge

from .helpers import act, blank, put

S = load_scenario()


@pytest.mark.rules("betrayal:2.1")
@pytest.mark.rules("betrayal:2.2")
def test_a_game_turn_runs_german_french_british_in_the_rulebook_order():
    session = Session.start(game, "betrayal/historical", seed=3)
    rng = random.Random(3)
    seen = []
    while session.state.turn == 1:
        if not seen or seen[-1] != session.state.phase:
            seen.append(session.state.phase)
        session.act(random_bot(session, rng))
    order = [p for p in ["initiative", "orders", "tactics", "assign", "german-movement", "german-combat",
                         "french-movement", "british-movement"] if p in seen]
    assert [p for p in seen if p in order] == order
    assert seen.index("german-combat") < seen.index("french-movement") < seen.index("british-movement")


@pytest.mark.rules("betrayal:5.2.1")
@pytest.mark.rules("betrayal:5.2.2")
@pytest.mark.rules("betrayal:5.2.3")
def test_each_unit_tests_on_its_column():
    assert column("fr-3dcr") == "allied_ground" and column("br-1") == "allied_ground"
    assert column("de-7k") == "german_infantry" and column("de-7ab") == "german_infantry"
    assert column("de-1pz") == "armor_air" and column("fr-aa") == "armor_air" and column("de-f1") == "armor_air"


@pytest.mark.rules("betrayal:5.3.1")
@pytest.mark.rules("betrayal:5.3.2")
def test_salvaged_units_go_to_the_regroup_box_reduced_the_rest_wait():
    need = S.tables.regroup.allied_ground
    state = blank("french-regroup")
    put(state, "setaside", "fr-1c", "fr-16c")
    state.pieces["fr-1c"].reduced = False
    act(state, {"type": "roll"}, [need + 1, need])  # counter order: 16C, then 1C
    assert (state.pieces["fr-1c"].where, state.pieces["fr-1c"].reduced) == ("regroup", True)
    assert state.pieces["fr-16c"].where == "setaside"


@pytest.mark.rules("betrayal:5.2.4")
def test_belgian_dutch_and_surrendered_units_never_regroup():
    state = blank("british-regroup")
    put(state, "eliminated", "be-i", "nl-i", "br-1")
    put(state, "setaside", "br-2")
    events = act(state, {"type": "roll"}, [6])
    assert [e.data["unit"] for e in events if e.kind == "regroup"] == ["br-2"]


@pytest.mark.rules("betrayal:6.1")
def test_no_penalty_for_talking_on_the_first_two_turns():
    state = blank("french-movement", turn=2)
    with pytest.raises(IllegalAction):
        act(state, {"type": "breach", "nation": "french"})


@pytest.mark.rules("betrayal:6.2.1")
def test_comm_no_from_turn_three():
    state = blank("initiative", turn=3)
    events = act(state, {"type": "step"}, [5, 2])
    assert any(e.kind == "comm" and "Comm No" in e.text for e in events)
    assert game.view(state)["communication"] == "no"


@pytest.mark.rules("betrayal:6.3.1")
def test_first_penalty_two_columns_for_the_germans_against_that_nation():
    state = blank("french-movement", turn=3)
    act(state, {"type": "breach", "nation": "british"})
    put(state, "REI", "de-7k", "br-1", "fr-1c")
    assert ("british talked: penalty (betrayal:6.3.1)", 2) in shifts(state, "REI", ["de-7k"], ["br-1"], False)
    assert ("british talked: penalty (betrayal:6.3.1)", -2) in shifts(state, "REI", ["br-1"], ["de-7k"], False)
    assert shifts(state, "REI", ["de-7k"], ["fr-1c"], False) == []


@pytest.mark.rules("betrayal:6.3.2")
def test_second_penalty_needs_a_later_turn_and_gives_the_germans_a_minor_victory():
    state = blank("french-movement", turn=3)
    act(state, {"type": "breach", "nation": "french"})
    act(state, {"type": "breach", "nation": "french"})
    assert state.penalties["french"] == [3]
    state.turn = 4
    act(state, {"type": "breach", "nation": "french"})
    assert state.penalties["french"] == [3, 4]
    put(state, "SOI", "fr-3dcr")  # Allied armour still fights; the Low Countries stand
    assert judge(state)["levels"] == {"french": -1, "british": 0}


@pytest.mark.rules("betrayal:6.3.3")
@pytest.mark.rules("betrayal:7.1")
def test_final_penalty_ends_the_game_this_turn_unless_a_minor_victory_saves_a_draw():
    state = blank("french-movement", turn=5)
    state.penalties["british"] = [3, 4]
    act(state, {"type": "breach", "nation": "british"}, [4])
    assert state.last_turn == 5 and state.no_major
    put(state, "PAR", "fr-1c")
    state.phase = "over"
    assert judge(state)["levels"] == {"french": 0, "british": -2}
    outcome = game.outcome(state)
    assert outcome.level == "French: Draw; British: German Major Victory"
    assert outcome.points["France"] == "Draw" and outcome.points["British penalties for talking (6.3)"] == "3"
    rolled_one = blank("french-movement", turn=5)
    rolled_one.penalties["french"] = [3, 4]
    act(rolled_one, {"type": "breach", "nation": "french"}, [1])
    assert rolled_one.last_turn == S.turns and rolled_one.no_major


@pytest.mark.rules("betrayal:7.2.1")
def test_only_a_french_unit_carries_the_republic():
    state = blank("british-movement")
    put(state, "PAR", "br-1")
    assert not [a for a in game.prompt(state).actions if a.get("republic")]
    act(state, {"type": "move", "unit": "br-1", "to": "SOI"})
    assert state.republic == "PAR"
    state = blank("french-movement")
    put(state, "PAR", "fr-1c", "fr-16c")
    act(state, {"type": "move", "unit": "fr-1c", "to": "SOI"})
    assert state.republic == "PAR" and republic_holder(state) == "french"
    act(state, {"type": "move", "unit": "fr-16c", "to": "CHR", "republic": True})
    assert state.republic == "CHR"


@pytest.mark.rules("betrayal:7.2.1", "betrayal:7.2.3")
def test_taking_the_republic_along_is_the_movers_choice():
    # any French unit with the marker may take it, or leave it; left alone, nobody holds it, and a
    # German unit that then stands alone with it captures it
    state = blank("french-movement")
    put(state, "PAR", "fr-1c", "fr-16c")
    moves = [a for a in game.prompt(state).actions if a["type"] == "move" and a["unit"] == "fr-1c" and a["to"] == "SOI"]
    assert moves == [{"type": "move", "unit": "fr-1c", "to": "SOI"}, {"type": "move", "unit": "fr-1c", "to": "SOI", "republic": True}]
    act(state, {"type": "move", "unit": "fr-1c", "to": "SOI", "republic": True})
    assert (state.republic, state.holder) == ("SOI", "french")  # fr-16c stays in Paris without it
    alone = blank("french-movement")
    put(alone, "PAR", "fr-1c")
    act(alone, {"type": "move", "unit": "fr-1c", "to": "CHR"})
    assert (alone.republic, alone.holder) == ("PAR", None)
    put(alone, "PAR", "de-7k")
    assert alone.holder == "german"


@pytest.mark.rules("betrayal:7.2.2")
def test_the_republic_withdraws_with_its_holder():
    state = blank("german-combat")
    put(state, "PAR", "fr-1c", "de-7k")
    state.combats, state.step = ["PAR"], "fighting"
    act(state, {"type": "combat", "area": "PAR"}, [4, 4])  # 5:2 is 2:1, 8: DW
    act(state, {"type": "withdraw", "unit": "fr-1c", "to": "CHR"})
    assert state.republic == "CHR" and republic_holder(state) == "french"


@pytest.mark.rules("betrayal:7.2.3")
@pytest.mark.rules("betrayal:7.2.4")
def test_germans_alone_with_the_republic_hold_it_and_fight_one_column_better():
    state = blank("german-combat")
    put(state, "PAR", "de-7k")
    put(state, "SOI", "de-13k", "fr-1c")
    assert republic_holder(state) == "german"
    assert ("Germans hold the French Republic (betrayal:7.2.4)", 1) in shifts(state, "SOI", ["de-13k"], ["fr-1c"], False)
    assert ("Germans hold the French Republic (betrayal:7.2.4)", -1) in shifts(state, "SOI", ["fr-1c"], ["de-13k"], False)


@pytest.mark.rules("betrayal:8.0")
def test_the_historical_set_up_as_printed():
    state = game.new("betrayal/historical", {})
    at = {u: p.where for u, p in state.pieces.items()}
    assert sorted(u for u in at if at[u] == "CAM") == ["fr-3c", "fr-5c", "fr-cvc"]
    assert sorted(u for u in at if at[u] == "5" and S.units[u].kind == "armor") == ["de-10pz", "de-1pz", "de-2pz", "de-6pz", "de-8pz"]
    assert at["fr-aa"] == "REI" and at["br-aasf"] == "SOI" and at["fr-3dcr"] == "SOI" and state.republic == "PAR"
    assert sum(1 for u in at if at[u] in ("LIL", "ARR", "AMI") and S.units[u].nation == "british") == 9
    assert [u for u in at if at[u] == "ROT"] == ["nl-peel"]
    assert sum(1 for u in at if at[u] == "LOU") == 2
    arrivals = {(r.unit, r.turn, r.area) for r in S.reinforcements}
    assert arrivals == {("fr-2dcr", 3, "SOI"), ("fr-4dcr", 3, "SOI"), ("br-1tb", 4, "port"), ("br-1a", 6, "port")}


@pytest.mark.rules("betrayal:9.0")
def test_free_set_up_places_everyone_within_its_limits():
    session = Session.start(game, "betrayal/free-setup", seed=4)
    rng = random.Random(4)
    while session.state.phase == "setup":
        home = {"belgian": "B", "dutch": "NL", "french": "F", "british": "F", "german": "G"}
        for a in session.prompt.actions:
            if a["type"] == "setup":  # any waiting unit, each in its own country (9.0)
                assert S.areas[a["to"]].country == home[S.units[a["unit"]].nation], a
        session.act(random_bot(session, rng))
    state = session.state
    for border in "123456":
        assert sum(1 for u, p in state.pieces.items() if p.where == border and not S.units[u].air) >= 3
    assert state.republic == "PAR"


@pytest.mark.rules("betrayal:9.0")
def test_frontier_defences_may_halt_germans_on_turn_one_of_the_free_set_up():
    from wargames_tui.games.betrayal import automaton

    state = blank("german-movement", turn=1)
    state.options = {"setup": "free"}
    state.scenario = "betrayal/free-setup"
    put(state, "3", "de-5pz")
    state.assigned = {"3": "hold"}
    automaton.start_tactics(state)
    act(state, {"type": "move", "unit": "de-5pz", "to": "LOU"}, [1])  # through Liege, bracketed
    assert state.pieces["de-5pz"].where == "LIE"


@pytest.mark.rules("betrayal:9.0", "betrayal:1.5")
def test_a_german_unit_may_not_risk_a_halt_in_a_full_frontier_area():
    from wargames_tui.games.betrayal import automaton

    state = blank("german-movement", turn=1)
    state.options = {"setup": "free"}
    state.scenario = "betrayal/free-setup"
    put(state, "3", "de-5pz")
    put(state, "LIE", "de-7k", "de-13k", "de-14k")
    state.assigned = {"3": "hold", "LIE": "hold"}
    automaton.start_tactics(state)
    targets = {a["to"] for a in game.prompt(state).actions if a.get("unit") == "de-5pz"}
    assert "LIE" not in targets and "LOU" not in targets  # Louvain only through a full Liege
    state.pieces["de-14k"].where = "3"
    targets = {a["to"] for a in game.prompt(state).actions if a.get("unit") == "de-5pz"}
    assert "LOU" in targets


@pytest.mark.rules("betrayal:9.0", "betrayal:8.0")
def test_free_set_up_in_three_actions_then_adjusted_within_the_limits():
    session = Session.start(game, "betrayal/free-setup", seed=2)
    session.act({"type": "setup-historical"})  # the French, all at once
    assert {a["type"] for a in session.prompt.actions} == {"setup-done", "setup-lift"}
    session.act({"type": "setup-lift", "area": "SED"})  # three corps back in hand
    assert session.prompt.actions[0] == {"type": "setup-historical"}  # always first while it is open
    assert session.prompt.actions[1]["unit"] == "fr-4c"  # 4C, 10C, 18C: in the order 8.0 lists them
    for _ in range(3):  # each goes where 9.0 lets it: France, with room
        p = session.prompt
        assert {S.areas[a["to"]].country for a in p.actions if a["type"] == "setup"} == {"F"}
        assert "CAM" not in {a["to"] for a in p.actions if a["type"] == "setup"}  # CVC, 3C and 5C: full (1.5)
        session.act({"type": "setup", "unit": p.actions[-1]["unit"], "to": "REI"})
    assert session.prompt.actions[0] == {"type": "setup-done"}
    session.act({"type": "setup-done"})
    session.act({"type": "setup-historical"})  # the British, with the Belgians and the Dutch
    session.act({"type": "setup-done"})
    session.act({"type": "setup-historical"})  # the Germans, placed by the French player
    session.act({"type": "setup-lift", "area": "4"})  # its three corps
    p = session.prompt
    assert {a["to"] for a in p.actions if a["type"] == "setup"} == {"4"}  # nobody else can make up three
    assert {"type": "setup-historical"} in p.actions
    for _ in range(3):
        session.act(session.prompt.actions[-1])
    session.act({"type": "setup-done"})
    assert session.state.phase != "setup" and game.check_invariants(session.state) == []
    at = {u: p.where for u, p in session.state.pieces.items()}
    assert at["fr-4c"] == at["fr-10c"] == at["fr-18c"] == at["fr-aa"] == "REI" and not any(a == "SED" for a in at.values())
    assert sum(1 for u in at if at[u] == "4") == 3


@pytest.mark.rules("betrayal:9.0", "betrayal:1.5")
def test_the_historical_rest_is_refused_when_it_would_overstack():
    session = Session.start(game, "betrayal/free-setup", seed=2)
    session.act({"type": "setup-historical"})
    session.act({"type": "setup-lift", "area": "DUN"})
    session.act({"type": "setup", "unit": "fr-1c", "to": "REI"})  # 1C, then 16C, as 8.0 lists them
    session.act({"type": "setup", "unit": "fr-16c", "to": "MET"})  # CC, 24C and 16C: Metz is full
    session.act({"type": "setup-done"})
    assert session.prompt.side == "british"
    assert {"type": "setup-historical"} not in session.prompt.actions  # the 51st would be a fourth in Metz
    with pytest.raises(IllegalAction):
        session.act({"type": "setup-historical"})
