"""The purposeful bot handles the automaton in good faith (NOTES.md, reading 26)."""

import random
from types import SimpleNamespace

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.board import distances
from wargames_tui.games.betrayal.bot import betrayal_bot

from .helpers import act, blank, put


def choose(state):
    return betrayal_bot(SimpleNamespace(state=state, prompt=game.prompt(state)), random.Random(1))


def front() -> object:
    """A strong stack in Liege next to one Belgian corps; one corps in the Ardennes facing Sedan too."""
    state = blank("assign")
    put(state, "LIE", "de-3pz", "de-4pz", "de-4k")
    put(state, "ARD", "de-3k")
    put(state, "DIN", "be-vii")
    put(state, "SED", "fr-4c", "fr-10c", "fr-18c")
    state.tactics = ["attack", "hold"]
    return state


@pytest.mark.rules("betrayal:3.4.6")
def test_the_strong_area_takes_advance_attack_and_the_weak_one_holds():
    state = front()
    first = choose(state)
    assert first == {"type": "assign", "area": "LIE", "tactic": "attack"}
    act(state, first)
    second = choose(state)  # the hold must still be used somewhere (3.4.6)
    assert second == {"type": "assign", "area": "ARD", "tactic": "hold"}


@pytest.mark.rules("betrayal:3.4.4")
def test_the_duty_is_met_by_the_strongest_unit_then_the_attack_is_reinforced():
    state = front()
    act(state, {"type": "assign", "area": "LIE", "tactic": "attack"})
    act(state, {"type": "assign", "area": "ARD", "tactic": "hold"})
    assert state.phase == "german-movement"
    move = choose(state)
    assert move["to"] == "DIN" and move["unit"] in ("de-3pz", "de-4pz")  # a 9, not the 5 (3.4.4 C)
    act(state, move)
    # 9 to 2 is 4:1 already: no second unit goes to Dinant
    nxt = choose(state)
    assert nxt["type"] in ("move", "end-movement")
    assert not (nxt["type"] == "move" and nxt["to"] == "DIN")


@pytest.mark.rules("betrayal:7.2.1")
def test_the_french_take_the_republic_away_from_the_panzers():
    # a panzer next to Paris: the two corps there leave for an area farther from it, and the last
    # to go carries the marker (the marker lost to the Germans is their Major Victory)
    state = blank("french-movement", turn=5)
    put(state, "PAR", "fr-6c", "fr-7c")
    put(state, "SOI", "de-3pz")
    for _ in range(2):
        move = choose(state)
        assert move["type"] == "move" and move["unit"] in ("fr-6c", "fr-7c")
        act(state, move)
    assert state.republic != "PAR" and game.view(state)["republic"]["holder"] == "french"
    assert distances(state.republic)["SOI"] >= 2
