"""The planner's own British (bot.py `planning_bot`, `plans`): what the German Minor against both
nations needs is kept out of German hands at the end (5.3.2's note, 7.0: every Belgian and Dutch
area German-held, or no Allied air or armour unit on the map); the easy level is the greedy bot."""

import random
from types import SimpleNamespace

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.board import distances, sc
from wargames_tui.games.betrayal.bot import EVACUATE_FROM, REACH, WAIT, betrayal_bot, planning_bot
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
@pytest.mark.parametrize("on_map", [2, 3])
def test_once_five_have_sailed_none_sails_before_the_last_turn(on_map):
    # the rear guard: a sixth unit home adds nothing to Britain's level (7.0)
    state = kept_position(on_map, MINOR)
    assert choose(state, betrayal_bot)["type"] == "evacuate"
    assert choose(state)["type"] != "evacuate"


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3")
@pytest.mark.parametrize("on_map", [2, 3])
def test_short_of_five_sailed_they_sail_too(on_map):
    assert choose(kept_position(on_map, MINOR - 1))["type"] == "evacuate"


def rear_position(turn: int, *germans: str, evacuated: int = MINOR, low_countries_fallen: bool = False, at: str = "CAL"):
    """One British division left in at (Calais), German corps in germans, a French armour
    division in Paris; evacuated divisions sailed already."""
    state = blank("british-movement", turn=turn)
    put(state, at, "br-1")
    for area, unit in zip(germans, ("de-4k", "de-9k")):
        put(state, area, unit)
    put(state, "PAR", "fr-3dcr")
    sailed(state, evacuated)
    if low_countries_fallen:
        fallen(state)
    return state


def apart(area: str, *others: str) -> int:
    return min(distances(area)[o] for o in others)


def low_countries_gap(area: str) -> int:
    """Areas from area to the nearest Belgian or Dutch area (none holds German units here but
    those the test names)."""
    return min(distances(area)[a] for a, c in S.areas.items() if c.country in ("B", "NL"))


def moved_to(state) -> str | None:
    move = choose(state)
    return move["to"] if move["type"] == "move" and move["unit"] == "br-1" else None


@pytest.mark.rules("betrayal:3.4.4", "betrayal:7.0")
def test_the_rear_guard_leaves_an_area_next_to_the_germans_for_one_out_of_their_reach():
    # Calais is next to the German corps in Arras and Dunkirk (WAIT - 1 areas): the division goes
    # to Rouen, WAIT areas from them, though farther than REACH from any Belgian or Dutch area
    state = rear_position(8, "ARR", "DUN")
    assert apart("CAL", "ARR", "DUN") == WAIT - 1 and apart("ROU", "ARR", "DUN") == WAIT and low_countries_gap("ROU") > REACH
    assert moved_to(state) == "ROU"
    assert choose(state, betrayal_bot)["type"] == "evacuate"  # the easy level sails it


@pytest.mark.rules("betrayal:3.4.4", "betrayal:7.0")
def test_the_rear_guard_waits_where_the_germans_are_two_areas_off():
    # Calais is WAIT areas from the corps in Lille and REACH from Ghent: it stays, though Rouen,
    # within its move, is three areas from the Germans
    assert apart("CAL", "LIL") == WAIT and apart("ROU", "LIL") == WAIT + 1 and distances("CAL")["GHE"] == REACH
    state = rear_position(8, "LIL")
    assert choose(state, betrayal_bot)["type"] == "evacuate"  # the easy level sails it (3.2.3)
    assert choose(state)["type"] == "end-movement"


@pytest.mark.rules("betrayal:3.4.4", "betrayal:7.0")
def test_the_rear_guard_moves_only_to_a_better_place_to_wait():
    # in Arras, two areas from the corps in Dunkirk and Maubeuge and two from Ghent: the easy level
    # takes it on to Calais (a port, next to Dunkirk); the rear guard stays
    state = rear_position(8, "DUN", "MAU", at="ARR")
    assert choose(state, betrayal_bot) == {"type": "move", "unit": "br-1", "to": "CAL"}
    assert choose(state)["type"] == "end-movement"


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_the_rear_guard_waits_within_its_move_of_a_low_countries_area():
    # German corps in Dunkirk and Brussels: Arras, Cambrai and St-Quentin are two areas from them
    # and REACH from Ghent or Louvain, Amiens and Rouen three areas from them and farther
    assert all(apart(a, "DUN", "BRU") == WAIT and low_countries_gap(a) == REACH for a in ("ARR", "CAM", "SQU"))
    assert apart("AMI", "DUN", "BRU") == WAIT + 1 and low_countries_gap("AMI") == REACH + 1
    assert moved_to(rear_position(8, "DUN", "BRU")) in ("ARR", "CAM", "SQU")


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_beyond_its_move_of_any_low_countries_area_the_rear_guard_waits_farthest_from_the_germans():
    # German corps in Dunkirk and Cambrai: Abbeville and Amiens are REACH + 1 from a Belgian area
    # and two from the Germans, Rouen farther from both: Rouen
    assert all(apart(a, "DUN", "CAM") == WAIT and low_countries_gap(a) == REACH + 1 for a in ("ABB", "AMI"))
    assert apart("ROU", "DUN", "CAM") == WAIT + 1
    assert moved_to(rear_position(8, "DUN", "CAM")) == "ROU"


def sailing_position(turn: int, unit: str, evacuated: int):
    # a British unit in Caen (a port), the Germans far off in Sedan: the easy level keeps it
    state = blank("british-movement", turn=turn)
    put(state, "CAE", unit)
    put(state, "SED", "de-4k")
    put(state, "PAR", "fr-3dcr")
    sailed(state, evacuated)
    return state


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3")
def test_from_the_turn_they_sail_home_infantry_sails_out_of_the_germans_reach_till_five_have():
    state = sailing_position(EVACUATE_FROM, "br-1", MINOR - 1)
    assert choose(state) == {"type": "evacuate", "unit": "br-1"}
    assert choose(state, betrayal_bot)["type"] != "evacuate"


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3")
def test_before_the_turn_they_sail_home_none_sails_out_of_the_germans_reach():
    assert choose(sailing_position(EVACUATE_FROM - 1, "br-1", MINOR - 1))["type"] != "evacuate"


@pytest.mark.rules("betrayal:7.0", "betrayal:3.2.3", "betrayal:5.3.2")
def test_the_armour_does_not_sail_to_make_the_five():
    assert choose(sailing_position(EVACUATE_FROM, "br-1a", MINOR - 1))["type"] != "evacuate"


@pytest.mark.rules("betrayal:7.0", "betrayal:5.3.2")
def test_in_the_last_turn_the_rear_guard_retakes_a_low_countries_area():
    assert moved_to(rear_position(LAST, "BRU", low_countries_fallen=True)) == "GHE"


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
