"""The planner's own British (bot.py `planning_bot`, `plans`): what the German Minor against both
nations needs is kept out of German hands at the end (5.3.2's note, 7.0: every Belgian and Dutch
area German-held, or no Allied air or armour unit on the map); the easy level is the greedy bot."""

import random
from types import SimpleNamespace

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.board import sc
from wargames_tui.games.betrayal.bot import CLOSE_IN, EVACUATE_FROM, KEEP, betrayal_bot, planning_bot
from wargames_tui.present import presentation

from .helpers import blank, put

S = sc()
LAST = S.turns
MINOR = S.tables.victory.british_minor_evacuated
INFANTRY = ["br-1", "br-2", "br-3", "br-4", "br-5", "br-12", "br-23", "br-42", "br-44", "br-48", "br-50", "br-51"]


def choose(state, bot=planning_bot):
    return bot(SimpleNamespace(state=state, prompt=game.prompt(state)), random.Random(1))


def fallen(state) -> None:
    """Every Belgian and Dutch area German-held (the German Minor's first condition)."""
    for a, area in S.areas.items():
        if area.country in ("B", "NL"):
            state.control[a] = "german"


def sailed(state, n: int) -> None:
    """n British infantry divisions evacuated already (from the end of the list)."""
    for u in INFANTRY[len(INFANTRY) - n :]:
        state.pieces[u].where = "evacuated"


def test_the_planner_plays_its_own_british_and_the_easy_level_stays_greedy():
    bots = presentation(game).bots
    assert bots["plans"] is planning_bot and bots["greedy"] is betrayal_bot


def retake_position(turn: int):
    # a British division in Dunkirk, every Low Countries area German-held, Ghent (a port) empty,
    # a French armour division on the map (no German Minor by air and armour)
    state = blank("british-movement", turn=turn)
    put(state, "DUN", "br-1")
    put(state, "PAR", "fr-3dcr")
    put(state, "REI", "de-4k")
    fallen(state)
    return state


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2", "betrayal:3.2.3")
def test_the_british_retake_a_low_countries_port_from_the_turn_they_make_for_the_ports():
    state = retake_position(EVACUATE_FROM - 2)
    move = choose(state)
    assert move["type"] == "move" and move["unit"] == "br-1" and move["to"] in ("GHE", "ANT")
    easy = choose(state, betrayal_bot)  # the easy level does not
    assert not (easy["type"] == "move" and S.country(easy["to"]) == "B")


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_the_british_retake_nothing_before_they_make_for_the_ports():
    move = choose(retake_position(EVACUATE_FROM - 3))
    assert not (move["type"] == "move" and S.country(move["to"]) == "B")


def inland_position(turn: int):
    # in Lille, with Ghent and Antwerp held by German corps: Brussels and Louvain, inland, are
    # the areas within reach to retake
    state = retake_position(turn)
    put(state, "DUN")
    put(state, "LIL", "br-1")
    put(state, "GHE", "de-4k")
    put(state, "ANT", "de-9k")
    fallen(state)
    return state


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_in_the_last_turn_an_inland_area_is_retaken_too():
    move = choose(inland_position(LAST))
    assert move["type"] == "move" and move["unit"] == "br-1" and move["to"] in ("BRU", "LOU")


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_before_the_last_turn_no_inland_area_is_retaken():
    move = choose(inland_position(LAST - 1))
    assert not (move["type"] == "move" and S.country(move["to"]) == "B")


def british_in(area: str, units: list[str], evacuated: int, turn: int, german: str):
    """British units in area, evacuated already sailed, a German corps in german, a French
    armour division in Paris."""
    state = blank("british-movement", turn=turn)
    put(state, area, *units)
    put(state, german, "de-4k")
    put(state, "PAR", "fr-3dcr")
    sailed(state, evacuated)
    return state


def kept_position(on_map: int, evacuated: int):
    # British divisions in Calais with a German corps next door (so the easy level sails them)
    state = british_in("CAL", INFANTRY[:on_map], evacuated, 8, "ABB")
    put(state, "GHE", "be-i")
    return state


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3")
def test_once_five_have_sailed_the_last_two_stay_on_the_map():
    state = kept_position(KEEP, MINOR)
    assert choose(state, betrayal_bot)["type"] == "evacuate"
    assert choose(state)["type"] != "evacuate"


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3")
def test_with_three_on_the_map_one_still_sails():
    assert choose(kept_position(KEEP + 1, MINOR))["type"] == "evacuate"


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3")
def test_short_of_five_sailed_the_last_two_sail_too():
    assert choose(kept_position(KEEP, MINOR - 1))["type"] == "evacuate"


def closing_position(turn: int):
    # two British divisions kept in Rouen, five sailed; Ghent free of German units
    return british_in("ROU", ["br-1", "br-2"], MINOR, turn, "TRO")


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_the_kept_units_close_in_on_the_low_countries_in_the_last_turns():
    state = closing_position(LAST - CLOSE_IN)
    move = choose(state)
    assert move["type"] == "move" and move["unit"] in ("br-1", "br-2") and move["to"] in ("ABB", "AMI", "ARR")


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_the_kept_units_do_not_close_in_earlier():
    move = choose(closing_position(LAST - CLOSE_IN - 1))
    assert not (move["type"] == "move" and move["to"] in ("ABB", "AMI", "ARR"))


def last_sailing(evacuated: int):
    # the last turn: a division and the 1st Armoured Division in Calais, the only Allied armour
    state = blank("british-movement", turn=LAST)
    put(state, "CAL", "br-1", "br-1a")
    put(state, "GHE", "be-i")
    sailed(state, evacuated)
    return state


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3", "betrayal:5.3.2")
def test_in_the_last_turn_every_division_sails_but_the_armour_the_map_needs():
    state = last_sailing(MINOR - 1)  # with the division, five have sailed
    assert choose(state) == {"type": "evacuate", "unit": "br-1"}
    game.apply(state, {"type": "evacuate", "unit": "br-1"}, None)
    assert choose(state)["type"] != "evacuate"


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3")
def test_in_the_last_turn_the_armour_sails_where_the_minor_needs_it():
    state = last_sailing(MINOR - 2)  # the armour makes the fifth
    game.apply(state, {"type": "evacuate", "unit": "br-1"}, None)
    assert choose(state) == {"type": "evacuate", "unit": "br-1a"}


def mission_position(turn: int):
    # three British divisions have moved in to attack a German corps in Cambrai; the fighter in
    # Amiens, the only Allied air or armour unit on the map, can support them
    state = blank("british-movement", turn=turn)
    put(state, "CAM", "br-1", "br-2", "br-3", "de-2k")
    put(state, "AMI", "br-4", "br-aasf")
    put(state, "GHE", "be-i")
    for u in ("br-1", "br-2", "br-3", "br-4"):
        state.pieces[u].moved = True
    return state


@pytest.mark.rules("betrayal:5.3.2", "betrayal:3.3.4")
def test_in_the_last_turn_the_fighter_flies_no_mission():
    state = mission_position(LAST)
    assert choose(state, betrayal_bot) == {"type": "mission", "unit": "br-aasf", "target": "CAM"}
    assert choose(state)["type"] != "mission"


@pytest.mark.rules("betrayal:5.3.2", "betrayal:3.3.4")
def test_before_the_last_turn_the_fighter_still_supports_an_attack():
    assert choose(mission_position(LAST - 1)) == {"type": "mission", "unit": "br-aasf", "target": "CAM"}


def return_position(turn: int, armour_on_map: bool):
    state = blank("british-returns", turn=turn)
    state.pieces["br-1"].where = "regroup"
    state.pieces["br-1tb"].where = "regroup"
    put(state, "PAR", "fr-6c")
    if armour_on_map:
        put(state, "PAR", "fr-3dcr")
    state.pending = [{"kind": "return", "player": "british", "left": 1}]
    return state


@pytest.mark.rules("betrayal:3.2.2", "betrayal:5.3.2")
def test_armour_comes_back_first_where_the_map_has_none():
    assert choose(return_position(8, False))["unit"] == "br-1tb"
    assert choose(return_position(8, False), betrayal_bot)["unit"] == "br-1"


@pytest.mark.rules("betrayal:3.2.2", "betrayal:5.3.2")
def test_armour_comes_back_first_in_the_last_turn():
    assert choose(return_position(LAST, True))["unit"] == "br-1tb"


@pytest.mark.rules("betrayal:3.2.2")
def test_before_the_last_turn_with_armour_on_the_map_the_greedy_return_stands():
    assert choose(return_position(LAST - 1, True))["unit"] == "br-1"
