"""Each Panzer Corps scenario's victory threshold on both sides of it, with the rulebook's numbers,
and the range of Operation Compass's naval bombardment at its limit."""

from __future__ import annotations

import pytest

from wargames_tui.games.panzer_corps import rules
from wargames_tui.games.panzer_corps.contract import owed, preview

from .helpers import Table, act

DUNKERQUE = Table("panzer-corps/dunkerque")
KHARKOV = Table("panzer-corps/kharkov")
COMPASS = Table("panzer-corps/operation-compass")


def _off_map(t: Table, turn: int, phase: str, eliminated: list[str]):
    """The last combat phase with no unit on the map: only the named units are eliminated."""
    state = t.cleared(turn=turn, phase=phase)
    for uid, u in state.units.items():
        u.status = "eliminated" if uid in eliminated else "pending"
    return state


def _summing_to(t: Table, side: str, total: int) -> list[str]:
    """Units of a side whose strengths add up to exactly `total`."""
    units = sorted(((u.strength, uid) for uid, u in t.sc.units.items() if u.side == side), reverse=True)
    chosen: list[str] = []
    left = total
    for strength, uid in units:
        if strength <= left and (left - strength == 0 or left - strength >= 1):
            chosen.append(uid)
            left -= strength
    assert left == 0, f"no units of {side} add up to {total}"
    return chosen


def _end(state):
    act(state, {"type": "end-declarations"})
    result = rules.outcome(state)
    assert result is not None
    return result


@pytest.mark.rules("dunkerque:4.0")
@pytest.mark.parametrize(("points", "winner"), [(34, "al"), (35, "ge"), (36, "ge")])
def test_dunkerque_germany_wins_with_35_points_the_allies_with_34(points: int, winner: str) -> None:
    result = _end(_off_map(DUNKERQUE, 6, "al-combat", _summing_to(DUNKERQUE, "al", points)))
    assert result.points == {"ge": points} and result.winner == winner


@pytest.mark.rules("dunkerque:4.0")
def test_dunkerque_each_german_strength_lost_costs_two_points() -> None:
    german = DUNKERQUE.unit("ge", strength=3)
    result = _end(_off_map(DUNKERQUE, 6, "al-combat", _summing_to(DUNKERQUE, "al", 41) + [german]))
    assert result.points == {"ge": 35} and result.winner == "ge"  # 41 - 2 x 3


@pytest.mark.rules("kharkov:4.0", "kharkov:4.3", "kharkov:4.4")
@pytest.mark.parametrize(("soviet_losses", "winner"), [(1, "su"), (2, None), (3, "de")])
def test_kharkov_the_most_points_win_and_a_tie_is_a_draw(soviet_losses: int, winner: str | None) -> None:
    # The Soviets cut the main railroad once (2 VP); the Germans earn 1 VP per Soviet unit eliminated.
    lost = KHARKOV.units("su", soviet_losses)
    state = _off_map(KHARKOV, 8, "de-combat", lost)
    state.control = {}
    state.rail_cuts = {"3": 2}
    result = _end(state)
    assert result.points == {"de": soviet_losses, "su": 2} and result.winner == winner


@pytest.mark.rules("operation-compass:4.0", "operation-compass:4.1", "operation-compass:4.2")
@pytest.mark.parametrize(("british_losses", "italian_vp", "winner"), [(3, 1, "br"), (4, 2, "it"), (6, 3, "it")])
def test_operation_compass_ties_go_to_italy_and_half_the_british_losses_count(british_losses: int, italian_vp: int, winner: str) -> None:
    # Britain holds the 1 VP footholds 1702 and 0904 with a clear line to its supply: 2 VP.
    state = _off_map(COMPASS, 5, "it-combat", COMPASS.units("br", british_losses))
    state.control = {"1702": "br", "0904": "br"}
    result = _end(state)
    assert result.points == {"br": 2, "it": italian_vp} and result.winner == winner


def _bombarding(placed: dict[str, str]):
    state = rules.new_state(COMPASS.id, {})
    while state.step == "place-marked":
        act(state, rules.prompt(state).actions[0])
    for uid, u in state.units.items():
        if COMPASS.sc.units[uid].side == "it":
            u.hex, u.status = (placed[uid], "map") if uid in placed else (None, "eliminated")
    act(state, {"type": "bombard"}, [2])
    return state


@pytest.mark.rules("operation-compass:3.1")
def test_the_bombardment_reaches_two_hexes_from_the_coast_and_no_further() -> None:
    # Counted without the coast hex and with the unit's: 0407 is two hexes from the coast, 0408 three.
    near, far = COMPASS.units("it", 2)
    state = _bombarding({near: "0407", far: "0408"})
    targets = {a["unit"] for a in rules.prompt(state).actions if a["type"] == "disrupt"}
    assert targets == {near}


@pytest.mark.rules("operation-compass:3.1")
def test_the_bombardment_preview_reads_three_units_on_1_to_3_and_four_on_4_to_6() -> None:
    state = _bombarding({})
    state.bombard_left = None  # before the roll
    p = preview(state, {"type": "bombard"})
    assert p is not None and [(r.rolls, r.result) for r in p.results] == [("1-3", "3 units disrupted"), ("4-6", "4 units disrupted")]


@pytest.mark.rules("dunkerque:10.0")
def test_a_face_down_entry_previews_the_chance_of_each_unit_it_may_draw() -> None:
    state = rules.new_state(DUNKERQUE.id, {})
    state.turn, state.phase, state.step = 2, "al-move", "move"
    entry = next(a for a in rules.prompt(state).actions if a["type"] == "enter")
    p = preview(state, entry)
    assert p is not None and p.odds == "1 of 7 face-down units"  # seven marked R (dunkerque 2.2 (4))


@pytest.mark.rules("kharkov:10.0")
def test_reinforcements_due_are_owed_as_skippable_in_the_reinforcement_phase() -> None:
    state = rules.new_state(KHARKOV.id, {})
    while state.step == "enter-all":
        act(state, rules.prompt(state).actions[0])
    assert state.step == "reinforce"
    due = {a["unit"] for a in rules.prompt(state).actions if a["type"] == "enter"}
    listed = owed(state)
    assert due and len(listed) == len(due) and all(o.skippable and o.case == "kharkov:10.0" for o in listed)


@pytest.mark.rules("dunkerque:10.0")
def test_face_down_units_due_are_owed_as_skippable_before_any_unit_moves() -> None:
    state = rules.new_state(DUNKERQUE.id, {})
    state.turn, state.phase, state.step = 2, "al-move", "move"
    listed = owed(state)
    assert listed and all(o.skippable and o.case == "dunkerque:10.0" for o in listed)
