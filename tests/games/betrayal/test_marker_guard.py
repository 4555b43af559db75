"""The planner's own French guard the Republic marker (bot.py `planning_bot`, `_marker_guard`):
losing it is a German Major Victory (7.2, 7.0). Before the last turn its stack moves only where the
marker is lost less often than where it stands, carried first; the stoutest French units join it;
no other unit of its stack leaves it; a withdrawal from it goes where it is lost least often; a
marker left alone is taken back. The easy level (the greedy bot, every row's opponent) is
unchanged: where it differs, each test shows it. Cases from the kept games of betray23's French row
(Betrayal NOTES.md, "Session 24")."""

import random
from types import SimpleNamespace

import pytest

from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.board import distances, sc, update_control
from wargames_tui.games.betrayal.bot import MARGIN, _loss_chance, _menace, betrayal_bot, planning_bot

from .helpers import blank, put

S = sc()
LAST = S.turns


def choose(state, bot=planning_bot):
    return bot(SimpleNamespace(state=state, prompt=game.prompt(state)), random.Random(1))


def marker_at(area: str, *units: str, turn: int = 6, germans: dict | None = None, french: dict | None = None):
    """The French Movement Phase with the Republic marker French-held in the area with units."""
    state = blank("french-movement", turn=turn)
    state.republic, state.holder = area, "french"
    put(state, area, *units)
    for where, them in {**(germans or {}), **(french or {})}.items():
        put(state, where, *them)
    update_control(state)
    return state


PANZERS = ("de-1pz", "de-2pz", "de-3pz")
STACK = ("fr-3dcr", "fr-1c", "fr-16c")


@pytest.mark.rules("betrayal:3.0", "betrayal:3.1", "betrayal:3.4.4")
def test_the_german_units_that_can_attack_an_area_next_turn():
    # next door, any unit; two areas off, armour only; three off, none
    state = marker_at("PAR", *STACK, germans={"SOI": ["de-1pz"], "REI": ["de-2pz", "de-4k"], "SED": ["de-3pz"]})
    assert distances("PAR")["REI"] == 2 and distances("PAR")["SED"] == 3
    assert _menace(state, "PAR") == ["de-1pz", "de-2pz"]


@pytest.mark.rules("betrayal:3.1", "betrayal:1.5")
def test_armour_two_areas_off_is_held_back_by_a_mountain_and_three_attack_at_most():
    # Epinal is mountain: armour pays two there (3.1), so the panzer in Strasbourg (next door)
    # counts and the one in Metz (two off) does not; a stack of three at most (1.5)
    state = marker_at("EPI", "fr-1c", germans={"STR": ["de-1pz"], "MET": ["de-2pz"]})
    assert _menace(state, "EPI") == ["de-1pz"]
    state = marker_at("PAR", *STACK, germans={"SOI": ["de-1pz", "de-2pz", "de-3pz"], "BEA": ["de-4pz"]})
    assert len(_menace(state, "PAR")) == 3


@pytest.mark.rules("betrayal:4.4.2", "betrayal:4.5")
def test_the_maginot_line_keeps_the_marker_far_better_than_open_ground():
    state = marker_at("MET", "fr-1c", "fr-16c", germans={"NAN": list(PANZERS), "CHR": ["de-4pz", "de-5pz", "de-6pz"]})
    open_ground = _loss_chance(state, "ORL", ["fr-1c", "fr-16c"])
    assert _loss_chance(state, "MET", ["fr-1c", "fr-16c"]) < open_ground / 4
    assert _loss_chance(state, "ORL", ["fr-3dcr", "fr-1c", "fr-16c"]) < open_ground  # more defence, less often
    assert _loss_chance(state, "ORL", []) == 1.0 and _loss_chance(state, "BEL", ["fr-1c"]) == 0.0
    # a DSW takes the marker from defenders already reduced (4.5.3): the reduced 1st Corps (1)
    # loses it more often than the 27th Division at full strength (1)
    state.pieces["fr-1c"].reduced = True
    assert _loss_chance(state, "ORL", ["fr-1c"]) > _loss_chance(state, "ORL", ["fr-27div"])


@pytest.mark.rules("betrayal:7.2.1", "betrayal:7.0")
def test_the_marker_goes_with_its_stoutest_unit_out_of_the_panzers_reach():
    # three panzers next to Paris (the 8220 and 8207 cases): the 3rd DCR takes the marker where
    # no German unit can attack next turn; the easy level sends it off alone and leaves the
    # marker with the two corps
    state = marker_at("PAR", *STACK, germans={"SOI": list(PANZERS)})
    move = choose(state)
    assert move["unit"] == "fr-3dcr" and move.get("republic") and not _menace(state, move["to"])
    easy = choose(state, betrayal_bot)
    assert easy["type"] == "move" and easy["unit"] == "fr-3dcr" and not easy.get("republic")


@pytest.mark.rules("betrayal:7.2.1", "betrayal:7.0")
def test_no_unit_leaves_the_marker_where_nothing_within_reach_is_safer():
    # Caen, three panzers in Chartres next door: Le Havre and Rouen are as much in their reach,
    # so the stack stays whole (8218, 8210: the DCRs left the corps with the marker); the easy
    # level moves the DCR off
    state = marker_at("CAE", *STACK, germans={"CHR": list(PANZERS)})
    assert _loss_chance(state, "LEH", list(STACK)) == _loss_chance(state, "CAE", list(STACK)) > 0
    assert choose(state) == {"type": "end-movement"}
    easy = choose(state, betrayal_bot)
    assert easy["type"] == "move" and easy["unit"] in STACK


@pytest.mark.rules("betrayal:7.2.1")
def test_the_marker_moves_only_where_it_is_lost_less_often_by_more_than_the_margin():
    state = marker_at("PAR", *STACK, germans={"SOI": list(PANZERS)})
    here = _loss_chance(state, "PAR", list(STACK))
    assert 0 < MARGIN < here  # out of reach (0) is safer by more than the margin
    assert choose(state).get("republic")


@pytest.mark.rules("betrayal:1.5", "betrayal:7.2")
def test_the_stoutest_french_unit_joins_the_marker_first_while_german_units_can_attack_it():
    # a panzer in Chartres reaches Caen and Le Havre alike: the DCR from Rouen joins before the
    # corps from Le Havre; with the panzer three areas off (Troyes, none in reach) the rest of
    # the policy decides: the easy level's own guard brings the DCR too
    state = marker_at("CAE", "fr-1c", germans={"CHR": ["de-1pz"]}, french={"LEH": ["fr-3c"], "ROU": ["fr-3dcr"]})
    assert choose(state) == {"type": "move", "unit": "fr-3dcr", "to": "CAE"}
    state = marker_at("CAE", "fr-1c", germans={"TRO": ["de-1pz"]}, french={"LEH": ["fr-3c"], "ROU": ["fr-3dcr"]})
    assert distances("CAE")["TRO"] == 3 and not _menace(state, "CAE")
    assert choose(state) == {"type": "move", "unit": "fr-3dcr", "to": "CAE"}


@pytest.mark.rules("betrayal:1.5", "betrayal:7.2")
def test_a_weaker_unit_steps_out_for_a_stouter_one():
    # Caen full with corps of defence 2, 2 and 1 (27 Div.), a panzer in Chartres: the division
    # steps out for the 3rd DCR (3) in Le Havre, and for a corps of 2; not for a reduced CC (1)
    for outside, swapped in (("fr-3dcr", True), ("fr-3c", True), ("fr-cc", False)):
        state = marker_at("CAE", "fr-1c", "fr-16c", "fr-27div", germans={"CHR": ["de-1pz"]}, french={"LEH": [outside]})
        state.pieces["fr-cc"].reduced = outside == "fr-cc"  # a reduced CC defends 1
        move = choose(state)
        stepped = move["type"] == "move" and move["unit"] == "fr-27div" and not move.get("republic")
        assert stepped == swapped, outside
        assert swapped or move == {"type": "end-movement"}


@pytest.mark.rules("betrayal:7.2.1", "betrayal:7.2.3")
def test_before_the_last_turn_the_stack_stays_but_in_the_last_turn_the_guard_lets_it_go():
    state = marker_at("PAR", "fr-1c", "fr-16c", turn=LAST - 1)
    assert choose(state) == {"type": "end-movement"}
    state = marker_at("PAR", "fr-1c", "fr-16c", turn=LAST)
    state.control["CHA"] = "german"  # an empty German-held area to retake (`_french_retake`)
    move = choose(state)
    assert move["type"] == "move" and move["to"] == "CHA" and not move.get("republic")


@pytest.mark.rules("betrayal:7.2.3", "betrayal:7.0")
def test_a_marker_left_alone_is_taken_back_before_an_area_is():
    # 8206: an EX in the last German turn left the marker alone at Caen and nobody went back for
    # it; in the last turn the 1st Corps in Troyes goes to it, not to empty German-held Champagne
    # (`_french_retake`); in an earlier turn too
    for turn in (6, LAST):
        state = marker_at("ORL", turn=turn, french={"TRO": ["fr-1c"]})
        state.holder = None
        state.control["CHA"] = "german"
        assert choose(state) == {"type": "move", "unit": "fr-1c", "to": "ORL"}, turn


@pytest.mark.rules("betrayal:7.2.1")
def test_out_of_the_germans_reach_the_stack_stays_whole():
    # a German corps two areas from Paris cannot attack it next turn: no unit of the stack leaves
    # (the easy level's flight sends the DCR off alone, the marker left to the corps)
    state = marker_at("PAR", *STACK, germans={"REI": ["de-4k"]})
    assert not _menace(state, "PAR")
    assert choose(state) == {"type": "end-movement"}
    easy = choose(state, betrayal_bot)
    assert easy["type"] == "move" and easy["unit"] in STACK and not easy.get("republic")


@pytest.mark.rules("betrayal:7.2.2", "betrayal:4.5.2")
def test_a_withdrawal_from_the_marker_goes_where_it_is_lost_least_often():
    # withdrawing from Champagne: Paris and Reims lie next to three German corps, Troyes and Nancy
    # next to one; the easy level withdraws to Paris, the nearest (8209: Troyes to Paris)
    state = blank("german-combat", turn=6)
    state.republic, state.holder, state.step = "CHA", "french", "fighting"
    put(state, "CHA", "fr-3dcr", "de-4k")
    put(state, "SOI", "de-9k", "de-11k")
    put(state, "BEA", "de-16k")
    state.pending = [{"kind": "withdraw", "unit": "fr-3dcr", "from": "CHA"}]
    update_control(state)
    assert choose(state) == {"type": "withdraw", "unit": "fr-3dcr", "to": "TRO"}
    assert choose(state, betrayal_bot)["to"] == "PAR"
