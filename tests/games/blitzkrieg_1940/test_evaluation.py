"""The evaluation the planning bot scores Blitzkrieg 1940 positions by (evaluation.py)."""

import pytest

from wargames_tui.bots import plan
from wargames_tui.bots.search import score
from wargames_tui.engine.session import Session
from wargames_tui.games import blitzkrieg_1940 as game
from wargames_tui.games.blitzkrieg_1940.data import load_board
from wargames_tui.games.blitzkrieg_1940.evaluation import NEAR, POINT, REACH, SPAN, STEP
from wargames_tui.games.blitzkrieg_1940.position import Position

NEXT_TO_THE_AREA = "4021"  # one hex from the Ruhr Endangered Area, open to a French move into it


@pytest.mark.rules("blitzkrieg-1940:4.2")
def test_a_french_unit_whose_next_move_reaches_the_endangered_area_counts_heavily():
    state = game.new("blitzkrieg-1940/1939", {})
    before = game.evaluate(state, "german")
    state.units["fr39-3dlm1"].hex, state.units["fr39-3dlm1"].status = NEXT_TO_THE_AREA, "map"  # a one-step DLM, 6 MPs
    after = game.evaluate(state, "german")
    assert before - after == STEP + NEAR * (SPAN - 1) + REACH
    assert game.evaluate(state, "allied") == -after


def _empty_1939():
    state = game.new("blitzkrieg-1940/1939", {})
    for st in state.units.values():
        if st.status == "map":
            st.status, st.hex = "out", None
    return state


@pytest.mark.rules("blitzkrieg-1940:4.2", "blitzkrieg-1940:9.3", "blitzkrieg-1940:13.4")
def test_a_german_screen_across_the_french_way_to_the_endangered_area_counts():
    # The same French division six hexes from the area, the same four German divisions on the
    # map: standing across its way (their zones of control closed) is worth more than far off.
    def position(line):
        state = _empty_1939()
        state.units["fr39-11di"].hex, state.units["fr39-11di"].status = "3419", "map"
        for uid, h in zip(("de39-6inf", "de39-26inf", "de39-72inf", "de39-34inf"), line):
            state.units[uid].hex, state.units[uid].status = h, "map"
        return game.evaluate(state, "german")

    assert position(["3817", "3819", "3821", "3823"]) - position(["4530", "4532", "4534", "4536"]) == NEAR * (SPAN - 6)


def _1940():
    return Session.start(game, "blitzkrieg-1940/1940", seed=1).state


@pytest.mark.rules("blitzkrieg-1940:4.10", "blitzkrieg-1940:4.4")
def test_german_losses_past_the_never_band_count_as_the_chance_of_severe_losses():
    # The generic hex score weighed neither: the planning Germans lost 84 steps in seed 1 (-2 VP).
    state = _1940()
    t = load_board(state.scenario).game.tables
    state.german_lost = t.german_never
    bearable = game.evaluate(state, "german")
    state.german_lost = t.german_always
    assert bearable - game.evaluate(state, "german") == pytest.approx(2 * POINT)  # always severe: -2 VP


@pytest.mark.rules("blitzkrieg-1940:4.9", "blitzkrieg-1940:4.8")
def test_the_bef_s_losses_and_a_committed_raf_count_for_germany_by_their_rolls():
    state = _1940()
    t = load_board(state.scenario).game.tables
    base = game.evaluate(state, "allied")
    state.bef_lost = t.bef_always
    assert game.evaluate(state, "allied") == pytest.approx(base - POINT)  # the BEF destroyed: 1 VP
    state.bef_lost = t.bef_never + 3
    assert game.evaluate(state, "allied") == pytest.approx(base - POINT * 3 / 6)  # destroyed on 1-3
    state.bef_lost, state.raf = 0, "committed"
    assert game.evaluate(state, "allied") == pytest.approx(base - POINT * (7 - t.raf_severe) / 6)


@pytest.mark.rules("blitzkrieg-1940:8.8", "blitzkrieg-1940:8.10")
def test_paris_hexes_held_count_by_the_chance_of_frances_capitulation():
    state = _1940()
    b = load_board(state.scenario)
    paris = sorted(b.cities["Paris"])
    before = game.evaluate(state, "german")
    state.control[paris[0]] = "german"
    gained = game.evaluate(state, "german") - before
    assert gained > POINT * b.game.vp.france * b.game.tables.french_capitulation[0] / 6  # and the city hex
    state.capitulated.append("France")
    assert game.evaluate(state, "german") - before > POINT * b.game.vp.france


@pytest.mark.rules("blitzkrieg-1940:4.9")
def test_british_steps_out_of_supply_count_as_bef_losses_but_not_the_emergency_forces(monkeypatch):
    state = _1940()
    state.bef_lost = 14  # 4.9's table: 14 or fewer, never destroyed
    state.units["gb-frank"].status, state.units["gb-frank"].hex = "map", state.units["gb-1"].hex
    before = game.evaluate(state, "german")
    cut_off = {"gb-1", "gb-frank"}  # a 2-step division and Frank Force, an emergency force (4.9B)
    monkeypatch.setattr(Position, "supplied", lambda self, uid: uid not in cut_off)
    # 14 + gb-1's 2 steps = 16 lost: destroyed on 1-2 (4.9A, C); Frank Force's step does not count
    assert game.evaluate(state, "german") - before == pytest.approx(POINT * 2 / 6)
