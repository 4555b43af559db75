"""Hidden information: a side's held Event marker (springtime:6.1.1, 6.4.4)."""

import random

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games import springtime
from wargames_tui.games.springtime.data import load_board

from .helpers import FG, PR, act, fresh


def random_moves(scenario, seed, n):
    """Yield the state after each of n random actions of a game."""
    state = springtime.new(scenario, {})
    dice = Dice(seed)
    rng = random.Random(seed)
    for _ in range(n):
        if springtime.outcome(state) is not None:
            return
        actions = springtime.prompt(state).actions
        springtime.apply(state, rng.choice(actions), dice)
        yield state


@pytest.mark.rules("springtime:6.1.1", "springtime:6.4.4")
@pytest.mark.parametrize("scenario,seed", [(FG, 1), (FG, 2), (PR, 3)])
def test_no_view_changes_when_what_it_cannot_see_is_redrawn(scenario, seed):
    rng = random.Random(seed)
    held_hidden = 0
    for state in random_moves(scenario, seed, 200):
        for viewer in ("allied", "axis", None):
            other = springtime.disguise(state, viewer, rng)
            assert springtime.view(state, viewer) == springtime.view(other, viewer)
            assert springtime.check_invariants(other) == []
        held_hidden += bool(state.hands["axis"]) and not state.shown["axis"]
    assert held_hidden > 0  # the test saw hidden markers to redraw


def test_a_side_sees_its_own_marker_and_only_the_count_of_the_other():
    s = fresh()
    act(s, {"type": "draw"}, 4)
    act(s, {"type": "draw"}, 2)
    mine = springtime.view(s, "allied")["events"]["hands"]
    assert mine["allied"]["markers"] == s.hands["allied"] and mine["axis"] == {"count": 1}
    public = springtime.view(s, None)["events"]["hands"]
    assert public == {"allied": {"count": 1}, "axis": {"count": 1}}
    assert "cup" in springtime.view(s, None)["events"] and springtime.view(s, None)["events"]["cup"] == 7


def test_disguise_really_redraws_the_hidden_marker():
    s = fresh()
    act(s, {"type": "draw"}, 4)
    act(s, {"type": "draw"}, 2)
    seen = {springtime.disguise(s, "allied", random.Random(i)).hands["axis"][0] for i in range(40)}
    assert len(seen) > 3 and "air-supremacy" not in seen  # never on Turn 1 (15.1)
    assert {springtime.disguise(s, "allied", random.Random(i)).hands["allied"][0] for i in range(10)} == set(s.hands["allied"])


def test_the_state_holds_no_order_of_the_cup():
    s = fresh()
    assert s.cup == sorted(s.cup)
    act(s, {"type": "draw"}, 9)
    act(s, {"type": "draw"}, 2)
    s.phase, s.step, s.turn = "political", "draw-allied", 2
    act(s, {"type": "discard_draw"}, 1)
    assert s.cup == sorted(s.cup) and len(s.cup) == 7


def test_only_the_drawer_reads_which_marker_was_drawn():
    s = fresh()
    events = springtime.apply(s, {"type": "draw"}, Dice.replaying([4]))
    public = [e.text for e in events if e.only is None]
    private = [e for e in events if e.only == "allied"]
    assert public == ["Allied draws an Event marker"] and "De Gaulle" in private[0].text


@pytest.mark.rules("springtime:6.1.1")
def test_the_chances_of_a_draw_count_the_marker_the_other_side_holds_unseen():
    """The Axis draws after the Allies (6.1.1): it cannot tell the Allied marker from those in the cup,
    so each of the nine it has not seen is a ninth, the Allied one among them."""
    state = springtime.new(FG, {})
    springtime.apply(state, {"type": "draw"}, Dice(1))
    assert springtime.active_side(state) == "axis" and state.hands["allied"] and not state.hands["axis"]
    preview = springtime.preview(state, {"type": "draw"})
    named = [r.result for r in preview.results]
    assert len(named) == 9 and {r.rolls for r in preview.results} == {"11%"}
    assert load_board().events[state.hands["allied"][0]].name in named
