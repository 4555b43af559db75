"""The planner's own British (bot.py `planning_bot`, `plans`): what the German Minor against both
nations needs is kept out of German hands at the end (5.3.2's note, 7.0: every Belgian and Dutch
area German-held, or no Allied air or armour unit on the map); the easy level is the greedy bot."""

import random
from types import SimpleNamespace

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.board import distances, sc
from wargames_tui.games.betrayal.bot import CLOSE_IN, EVACUATE_FROM, KEEP, SAFE, betrayal_bot, planning_bot
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


@pytest.mark.rules("betrayal:5.3.2", "betrayal:3.3.4", "betrayal:3.2.2")
def test_before_the_last_turn_the_fighter_flies_no_mission_either():
    # turned back, it goes reduced to the Set Aside box (3.3.4 b), and a 6 on a returns roll loses
    # a reduced air unit for good (3.2.2)
    state = mission_position(LAST - 1)
    assert choose(state, betrayal_bot) == {"type": "mission", "unit": "br-aasf", "target": "CAM"}
    assert choose(state)["type"] != "mission"


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


ARRIVAL = next(r.turn for r in S.reinforcements if r.unit == "br-1a")


def crowded_ports(turn: int, in_caen: int):
    """The turn's British movement: Dunkirk German-held, Calais full of British divisions and Le
    Havre of French corps; in_caen British divisions in Caen; the 1st Armoured Division to come
    (3.2.1: it enters at a friendly-held port, else at a west-edge area: Abbeville, German-held)."""
    state = blank("british-movement", turn=turn)
    put(state, "DUN", "de-4k")
    put(state, "ABB", "de-9k")
    put(state, "CAL", "br-1", "br-2", "br-3")
    put(state, "LEH", "fr-1c", "fr-9c", "fr-20c")
    put(state, "CAE", *["br-4", "br-5", "br-12"][:in_caen])
    put(state, "PAR", "fr-3dcr")
    return state


@pytest.mark.rules("betrayal:3.2.1", "betrayal:3.2.3", "betrayal:1.5")
def test_the_turn_before_the_armour_arrives_a_division_sails_to_make_room_for_it():
    state = crowded_ports(ARRIVAL - 1, 3)
    sail = choose(state)
    assert sail["type"] == "evacuate" and state.pieces[sail["unit"]].where == "CAE"  # farthest from the Germans
    assert choose(state, betrayal_bot)["type"] != "evacuate"  # the easy level sails from turn 6


@pytest.mark.rules("betrayal:3.2.1", "betrayal:3.2.3")
def test_with_room_for_the_armour_no_division_sails_early():
    assert choose(crowded_ports(ARRIVAL - 1, 2))["type"] != "evacuate"


@pytest.mark.rules("betrayal:3.2.1", "betrayal:3.2.3")
def test_no_division_sails_early_for_room_when_no_armour_comes_next_turn():
    assert choose(crowded_ports(ARRIVAL - 2, 3))["type"] != "evacuate"


def bound_for_caen(in_caen: int):
    # a British division in Rouen, bound for the ports from turn 4: Caen has the room left
    state = crowded_ports(ARRIVAL - 1, in_caen)
    put(state, "ROU", "br-23")
    return state


@pytest.mark.rules("betrayal:3.2.1", "betrayal:1.5")
def test_the_turn_before_the_armour_arrives_no_move_takes_the_last_room_in_the_ports():
    state = bound_for_caen(2)
    assert choose(state, betrayal_bot) == {"type": "move", "unit": "br-23", "to": "CAE"}
    move = choose(state)
    assert not (move["type"] == "move" and move["to"] == "CAE")


@pytest.mark.rules("betrayal:3.2.1", "betrayal:1.5")
def test_with_room_to_spare_a_division_still_moves_into_the_port():
    assert choose(bound_for_caen(1)) == {"type": "move", "unit": "br-23", "to": "CAE"}


@pytest.mark.rules("betrayal:3.2.1")
def test_the_armour_enters_by_an_open_port_out_of_the_germans_reach():
    # Caen is nearest Paris (the easy level's choice), but a German corps stands next to it;
    # Calais and Dunkirk are out of reach, Calais the nearer Paris
    state = blank("british-reinforcements", turn=ARRIVAL)
    put(state, "CHR", "de-4k")
    put(state, "PAR", "fr-3dcr")
    state.pending = [{"kind": "enter", "unit": "br-1a", "area": "port"}]
    assert choose(state, betrayal_bot) == {"type": "enter", "unit": "br-1a", "to": "CAE"}
    assert choose(state) == {"type": "enter", "unit": "br-1a", "to": "CAL"}


@pytest.mark.rules("betrayal:3.2.2", "betrayal:3.3.1")
@pytest.mark.parametrize("armour", [None, "fr-3dcr"])
def test_the_fighter_comes_back_where_it_is_safest(armour):
    # French corps in Paris, next to a German corps in Beauvais, and in Orleans, farther off;
    # with no Allied armour on the map it comes back first (`_british_end`), else as it comes
    state = blank("british-returns", turn=7)
    state.pieces["br-aasf"].where = "regroup"
    put(state, "PAR", "fr-6c")
    put(state, "ORL", "fr-7c", *([armour] if armour else []))
    put(state, "BEA", "de-4k")
    state.pending = [{"kind": "return", "player": "british", "left": 1}]
    assert choose(state, betrayal_bot) == {"type": "return", "unit": "br-aasf", "to": "PAR"}
    assert choose(state) == {"type": "return", "unit": "br-aasf", "to": "ORL"}


def based_in_amiens(german: str, friends: bool = True):
    # the fighter based in Amiens, with a British division there that has moved (or none);
    # French corps in Caen; a German corps in german. Nothing is left to move.
    state = blank("british-movement", turn=7)
    put(state, "AMI", "br-aasf", *(["br-4"] if friends else []))
    put(state, "CAE", "fr-6c", "fr-7c")
    put(state, german, "de-4k")
    state.pieces["br-4"].moved = True
    return state


@pytest.mark.rules("betrayal:3.3.1")
def test_the_fighter_leaves_a_base_within_the_germans_reach_at_the_end_of_the_movement():
    for german in ("SQU", "MAU"):  # next to Amiens, and two areas off: the armour's reach (3.0)
        assert distances("AMI")[german] < SAFE
        state = based_in_amiens(german)
        assert choose(state, betrayal_bot) == {"type": "end-movement"}
        assert choose(state) == {"type": "rebase", "unit": "br-aasf", "to": "CAE"}


@pytest.mark.rules("betrayal:3.3.1")
def test_the_fighter_stays_at_a_base_out_of_the_germans_reach():
    assert distances("AMI")["DIN"] == SAFE
    assert choose(based_in_amiens("DIN")) == {"type": "end-movement"}


@pytest.mark.rules("betrayal:3.3.1")
def test_the_fighter_leaves_a_base_its_ground_units_have_left():
    assert choose(based_in_amiens("DIN", friends=False)) == {"type": "rebase", "unit": "br-aasf", "to": "CAE"}
