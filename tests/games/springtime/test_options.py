"""Side determination and the optional rules (springtime:17, 18)."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.springtime import phases
from wargames_tui.games.springtime.combat import defence_parts
from wargames_tui.games.springtime.state import ELIMINATED, OFFMAP

from .helpers import FG, act, assault, empty_board, fresh, put


@pytest.mark.rules("springtime:17.1")
def test_a_save_made_with_the_winning_bid_as_an_option_keeps_its_morale():
    # Before the bids were made in the game (test_bids.py), the winning bid was a new-game option.
    assert fresh(bid="5").morale == 35 and fresh(bid="15").morale == 45
    assert fresh().morale == 30
    with pytest.raises(ValueError):
        phases.new_state(FG, {"bid": "-1"})


def airborne():
    s = empty_board(fresh(airdrops="on"))
    put(s, "de-18a", "6")
    put(s, "de-schmidt", "6")
    put(s, "nl", "8", leader=True)
    s.advantage = None
    assault(s, "axis", ["B"], 2)
    return s


@pytest.mark.rules("springtime:18.1")
def test_airdrop_within_two_areas_and_the_landing_roll():
    s = airborne()
    drops = {a["area"] for a in phases.prompt(s).actions if a["type"] == "airdrop"}
    assert {"8", "10", "7", "5", "15"} <= drops and "13" not in drops and "F" not in drops
    text = act(s, {"type": "airdrop", "area": "8"}, 4)  # 4 - 1 Dutch unit = 3: reduced
    assert s.units["de-airlanding"] == {"at": "8", "reduced": True, "oos": False} and "reduced" in text
    assert s.leaders["student"]["unit"] == "de-airlanding"
    assert not any(a["type"] == "end" for a in phases.prompt(s).actions)  # it must attack the Dutch
    assert not any(a["type"] == "airdrop" for a in phases.prompt(s).actions)


def test_airdrop_not_without_the_option():
    s = empty_board(fresh())
    put(s, "de-18a", "6")
    assault(s, "axis", ["B"], 2)
    assert not any(a["type"] == "airdrop" for a in phases.prompt(s).actions)


@pytest.mark.rules("springtime:18.1.1")
def test_the_airlanding_corps_cancels_the_river():
    s = airborne()
    act(s, {"type": "move", "unit": "de-18a", "to": "7"})
    act(s, {"type": "move", "unit": "de-18a", "to": "8"})  # 7-8: a river
    parts = dict(defence_parts(s, "8", ["nl"], "nl", None, ["de-18a"]))
    assert parts["river"] == 1
    act(s, {"type": "airdrop", "area": "8"}, 6)
    parts = dict(defence_parts(s, "8", ["nl"], "nl", None, ["de-18a", "de-airlanding"]))
    assert parts["river"] == 0 and not s.units["de-airlanding"]["reduced"]


@pytest.mark.rules("springtime:18.1.2", "springtime:18.1.3", "springtime:18.1.4")
def test_the_airlanding_corps_afterwards():
    s = empty_board(fresh(airdrops="on"))
    put(s, "de-airlanding", "13", reduced=True)
    put(s, "de-6a", "13")
    s.advantage = None
    assault(s, "axis", ["B"], 2)
    assert "de-airlanding" in s.imp["active_units"]  # a reserve beside Army Group B
    s.phase, s.step = "refit", "refit-axis"
    assert {"type": "refit", "unit": "de-airlanding"} not in phases.prompt(s).actions  # no RPs
    s.phase = "end"
    phases._end_step(s, "airlanding", None, [])
    assert s.step == "airlanding"
    act(s, {"type": "withdraw"})
    assert s.units["de-airlanding"]["at"] == OFFMAP and s.turn == 2
    from wargames_tui.games.springtime.morale import lose_unit
    put(s, "de-airlanding", "13")
    lose_unit(s, "de-airlanding", [])
    assert s.morale == 32 and not any(a.get("unit") == "de-airlanding" for a in phases.prompt(s).actions if a["type"] == "rebuild")


@pytest.mark.rules("springtime:18.3")
def test_the_bef_returns_through_a_port():
    s = fresh(**{"bef-returns": "on"})
    s.cup.remove("operation-dynamo")
    s.hands["allied"] = ["operation-dynamo"]
    s.units["bef"]["at"] = "9"
    s.phase, s.step, s.active = "maneuvers", "start", "allied"
    act(s, {"type": "event", "marker": "operation-dynamo"})
    assert s.units["bef"]["at"] == ELIMINATED and s.track == ["operation-dynamo"]  # not out of play
    s.phase, s.step = "refit", "refit-allied"
    rebuilds = {a["area"] for a in phases.prompt(s).actions if a.get("unit") == "bef"}
    assert rebuilds and all(a in {"9", "14", "21", "27", "A"} for a in rebuilds)
    with pytest.raises(IllegalAction):
        act(s, {"type": "rebuild", "unit": "bef", "area": "25", "full": False})
    act(s, {"type": "rebuild", "unit": "bef", "area": "21", "full": False})
    assert s.units["bef"]["at"] == "21" and s.leaders["gort"]["unit"] == "bef"


@pytest.mark.rules("springtime:18.2")
def test_limited_free_setup_in_secret():
    import random

    from wargames_tui.games import springtime
    s = fresh(**{"free-setup": "on"})
    assert s.phase == "setup" and phases.prompt(s).side == "allied"
    places = phases.prompt(s).actions
    assert {a["unit"] for a in places} >= {"fr-1a", "fr-7a", "bef"} and "fr-2dcr" not in {a["unit"] for a in places}
    assert all(a["area"] not in ("A", "B", "C", "D", "E", "13", "5") for a in places)  # France's Areas only
    assert s.units["be"]["at"] == "13" and s.units["fr-alp"]["at"] == "E"  # they keep their places
    act(s, {"type": "place", "unit": "fr-1a", "area": "9"})
    act(s, {"type": "place", "unit": "fr-7a", "area": "25"})
    assert {a["area"] for a in phases.prompt(s).actions if a["unit"] == "fr-2dcr"} == {"9", "25"}
    hidden = next(u for u in springtime.view(s, "axis")["units"] if u["id"] == "fr-1a")
    assert hidden["zone"] is None and hidden["status"] == "secret"
    rng = random.Random(2)
    while s.step == "setup-allied":
        act(s, rng.choice(phases.prompt(s).actions))
    assert phases.prompt(s).side == "axis"
    assert all(a["area"] in {"1", "2", "3", "4", "5", "6"} for a in phases.prompt(s).actions)
    while s.phase == "setup":
        act(s, rng.choice(phases.prompt(s).actions))
    tied = [u for u in ("fr-2dcr", "fr-3dcr", "fr-1dcr", "fr-6a", "fr-10a")]
    anchors = {s.units["fr-1a"]["at"], s.units["fr-7a"]["at"]}
    assert all(s.units[u]["at"] in anchors for u in tied)
    assert next(u for u in springtime.view(s, "axis")["units"] if u["id"] == "fr-1a")["zone"] == "9"
    assert s.phase == "political" and springtime.check_invariants(s) == []
