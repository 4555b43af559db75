"""The planner's own French (bot.py `planning_bot`, `_french_retake`): in the last turns the French
take back the empty areas of France the Germans hold, where a French unit standing alone makes an
area Allied-held again (NOTES.md, reading 27), so fewer than the German Minor's areas of France are
German-held at the end (the victory table as reconstructed, 7.0); the easy level is the greedy bot."""

import random
from types import SimpleNamespace

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.board import distances, sc, update_control
from wargames_tui.games.betrayal.bot import RETAKE_TURNS, WAIT, betrayal_bot, planning_bot

from .helpers import blank, put

S = sc()
LAST = S.turns


def choose(state, bot=planning_bot):
    return bot(SimpleNamespace(state=state, prompt=game.prompt(state)), random.Random(1))


def position(turn: int, *open_areas: str, marker=("fr-1c", "fr-16c"), at: dict | None = None):
    """The French Movement Phase: the Republic marker in Orleans with the marker units, a German
    corps in Reims, French corps where `at` puts them (the 3rd Corps in Troyes unless told), and
    open_areas German-held with no German unit in them."""
    state = blank("french-movement", turn=turn)
    state.republic, state.holder = "ORL", "french"
    put(state, "ORL", *marker)
    put(state, "REI", "de-4k")
    for area, units in (at if at is not None else {"TRO": ["fr-3c"]}).items():
        put(state, area, *units)
    for area in open_areas:
        state.control[area] = "german"
    update_control(state)
    return state


def retaken(state) -> tuple[str, str] | None:
    move = choose(state)
    if move["type"] == "move" and S.country(move["to"]) == "F" and state.control.get(move["to"]) == "german":
        return move["unit"], move["to"]
    return None


def from_reims(area: str) -> int:
    return distances("REI")[area]


@pytest.mark.rules("betrayal:7.0", "betrayal:7.2", "betrayal:2.0")
def test_in_the_last_turn_the_french_retake_an_empty_german_held_area_next_to_the_germans():
    # Champagne, next to the corps in Reims: nothing German follows the last French Movement Phase
    state = position(LAST, "CHA")
    assert from_reims("CHA") == WAIT - 1
    assert retaken(state) == ("fr-3c", "CHA")
    easy = choose(state, betrayal_bot)  # the easy level guards the marker instead
    assert not (easy["type"] == "move" and easy["to"] == "CHA")


@pytest.mark.rules("betrayal:7.0", "betrayal:3.4.4")
def test_the_turn_before_the_last_no_area_next_to_the_germans_is_retaken():
    assert retaken(position(LAST - 1, "CHA")) is None


@pytest.mark.rules("betrayal:7.0", "betrayal:3.4.4")
def test_the_turn_before_the_last_an_area_out_of_the_germans_reach_is_retaken():
    # Paris, WAIT areas from the corps in Reims: the German attacks of the next turn bind only
    # areas next to theirs (3.4.4 C)
    assert from_reims("PAR") == WAIT
    assert retaken(position(LAST - 1, "CHA", "PAR")) == ("fr-3c", "PAR")


@pytest.mark.rules("betrayal:7.0")
def test_before_the_last_turns_nothing_is_retaken():
    # the last two turns (RETAKE_TURNS): the turn before them, Paris stays German-held
    assert RETAKE_TURNS == 2
    assert retaken(position(LAST - 2, "CHA", "PAR")) is None
    assert retaken(position(LAST - 1, "CHA", "PAR")) == ("fr-3c", "PAR")


@pytest.mark.rules("betrayal:7.2.1", "betrayal:7.2.3", "betrayal:7.0")
def test_in_the_last_turn_the_last_french_unit_with_the_marker_stays():
    # Chartres, next to Orleans, is open; the marker's only unit keeps it held (7.2.1)
    state = position(LAST, "CHR", marker=("fr-1c",), at={})
    assert retaken(state) is None


@pytest.mark.rules("betrayal:7.2.1", "betrayal:7.0")
def test_in_the_last_turn_one_of_two_with_the_marker_goes():
    state = position(LAST, "CHR", at={})
    move = choose(state)
    assert retaken(state) in (("fr-1c", "CHR"), ("fr-16c", "CHR")) and not move.get("republic")


@pytest.mark.rules("betrayal:7.2.3", "betrayal:3.4.4")
def test_before_the_last_turn_none_of_the_markers_stack_goes():
    assert from_reims("CHR") >= WAIT
    assert retaken(position(LAST - 1, "CHR", at={})) is None


@pytest.mark.rules("betrayal:7.0")
def test_the_last_allied_unit_in_an_area_with_german_units_stays():
    # the 3rd Corps shares Troyes with a German corps: gone, it would leave Troyes to them
    state = position(LAST, "DIJ", at={"TRO": ["fr-3c", "de-9k"]})
    assert retaken(state) is None


@pytest.mark.rules("betrayal:7.0")
def test_with_another_allied_unit_staying_a_unit_leaves_an_area_with_german_units():
    state = position(LAST, "DIJ", at={"TRO": ["fr-3c", "fr-5c", "de-9k"]})
    assert retaken(state) in (("fr-3c", "DIJ"), ("fr-5c", "DIJ"))


@pytest.mark.rules("betrayal:7.0")
def test_the_unit_with_the_fewest_areas_to_retake_goes_first():
    # the 3rd Corps in Troyes reaches Champagne and Dijon; the 5th in Nancy only Champagne: the 5th
    # takes Champagne, leaving Dijon to the 3rd
    state = position(LAST, "CHA", "DIJ", at={"TRO": ["fr-3c"], "NAN": ["fr-5c"]})
    assert retaken(state) == ("fr-5c", "CHA")
