"""The planning bot's own policy (`springtime_plans`): the greedy bot, but where the scenario's data says
so (Fall Gelb's `paris_refill`) the Allies bring Paris back up to its three while the Axis is near
(springtime:8.1.1, 8.1.2, 10.5.4, 11.1.1, 16.1, 16.1.1). The positions come from Plan Red's kept games
(sessions 18-19), set in Fall Gelb, whose Allies refill; Plan Red's play the greedy bot."""

from __future__ import annotations

import random

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import springtime
from wargames_tui.games.springtime.bot import paris_lacks, refills, springtime_bot, springtime_plans
from wargames_tui.games.springtime.data import load_scenario
from wargames_tui.games.springtime.positions import units_in
from wargames_tui.games.springtime.state import State
from wargames_tui.present import presentation

from .helpers import FG, PR, act, empty_board, fresh, impulse, put


def _session(state: State) -> Session:
    return Session(springtime, state.scenario, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})


def _paris(reduced: int = 2, axis_at: str = "26", scenario: str = FG, **areas: list[str]) -> State:
    """An Allied impulse (of Fall Gelb unless `scenario` says otherwise): Paris (25) held by `reduced` reduced D.C.R.s and the 10th Army
    beyond two, the Axis's 4th Army in axis_at (Axis-controlled), the other Allied units where
    `areas` puts them (Area id with an underscore: `a24=["fr-2a"]`)."""
    state = impulse(empty_board(fresh(scenario)), "allied", 3)
    state.turn = 5
    for uid in ["fr-2dcr", "fr-4dcr", "fr-10a", "fr-3dcr"][:reduced]:
        put(state, uid, "25", reduced=uid != "fr-10a")
    put(state, "de-4a", axis_at)
    state.control[axis_at] = "axis"
    for key, units in areas.items():
        for uid in units:
            put(state, uid, key[1:])
    return state


@pytest.mark.rules("springtime:16.1", "springtime:11.1.1")
def test_paris_lacks_units_of_its_three_only_while_the_axis_is_within_two_areas():
    # The threshold from both sides: two in Paris lack one, three none; the Axis two Areas off
    # (16 -> 26 -> 25) counts, three Areas off (22 -> 16 -> 26 -> 25) not.
    assert paris_lacks(_paris(2, "26")) == 1
    assert paris_lacks(_paris(3, "26")) == 0
    assert paris_lacks(_paris(1, "16")) == 2
    assert paris_lacks(_paris(1, "22")) == 0
    taken = _paris(0, "26")
    taken.control["25"] = "axis"
    assert paris_lacks(taken) == 0  # no longer the Allies' to garrison


@pytest.mark.rules("springtime:8.1.2", "springtime:10.5.4", "springtime:16.1.1")
def test_a_regroup_marches_a_unit_of_a_contested_area_into_a_short_paris():
    # Plan Red 7003's Turn 6 impulse 3 (spring18's row): Paris held by two reduced D.C.R.s, three
    # reduced armies contesting Area 24 with a reduced German army, the Axis in 26. The greedy bot
    # keeps every unit of a contested Area and ends the Regroup at once; the Axis took Paris two
    # impulses later. The plans' Regroup marches one of 24's three in first (8.1.2a: out of a
    # Contested Area into a Paris with no enemy in it).
    state = _paris(2, "26", a24=["fr-2a", "fr-4a", "fr-6a"])
    for uid in ("fr-2a", "fr-4a", "fr-6a"):
        state.units[uid]["reduced"] = True
    put(state, "de-6a", "24", reduced=True)
    act(state, {"type": "regroup"})
    session = _session(state)
    assert springtime_bot(session, random.Random(1)) == {"type": "end"}
    step = springtime_plans(session, random.Random(1))
    assert step["type"] == "move" and step["to"] == "25" and state.units[step["unit"]]["at"] == "24"
    session.act(step)
    assert len(units_in(state, "25", "allied")) == 3
    assert springtime_plans(session, random.Random(1)) == {"type": "end"}  # three: no more


@pytest.mark.rules("springtime:8.1.2", "springtime:7.3", "springtime:16.1")
def test_a_zone_keeps_its_garrison_and_any_other_area_its_last_unit():
    # A Zone keeps what the greedy bot keeps there (all its units where the Axis contests it: a Zone
    # lost costs Morale and counts towards 16.1); any other Area keeps one. From both sides: Zone B
    # contested by two Allied units against one German sends none, Area 24 so contested sends one;
    # Area 30 (next to Axis-held 29: wants one) holding one sends none, holding two sends one.
    def regroup(contested: str, a30: list[str]) -> State:
        state = _paris(2, "26", a30=a30)
        put(state, "fr-2a", contested)
        put(state, "fr-7a", contested)
        put(state, "de-6a", contested, reduced=True)
        put(state, "de-18a", "29")
        state.control["29"] = "axis"
        act(state, {"type": "regroup"})
        return state

    state = regroup("B", ["fr-4a"])
    assert refills(state, {"type": "regroup"}) == 0
    assert springtime_plans(_session(state), random.Random(1)) == {"type": "end"}
    state = regroup("24", ["fr-4a"])
    step = springtime_plans(_session(state), random.Random(1))
    assert step["to"] == "25" and state.units[step["unit"]]["at"] == "24"
    state = regroup("B", ["fr-4a", "fr-6a"])
    step = springtime_plans(_session(state), random.Random(1))
    assert step["to"] == "25" and state.units[step["unit"]]["at"] == "30"


@pytest.mark.rules("springtime:8.1.2", "springtime:9.2", "springtime:10.5.4")
def test_a_redeploy_refills_a_paris_the_axis_stands_in():
    # Plan Red 7018's Turn 6 impulse 1 (spring18's row): one reduced D.C.R. in Paris beside two
    # German armies, four Allied units next door in 24. A Regroup may not enter an enemy-occupied
    # Area (8.1.2a) and the greedy bot Regroups (moving nothing there); a Redeploy may enter a
    # Contested Area its side controls (8.1.2b), and the plans' does, two units, up to three.
    state = _paris(1, "26", a24=["fr-2a", "fr-4a", "fr-10a", "fr-3dcr"])
    put(state, "de-6a", "25")
    put(state, "de-18a", "25")
    session = _session(state)
    assert springtime_bot(session, random.Random(1)) != {"type": "redeploy", "area": "24"}
    assert refills(state, {"type": "regroup"}) == 0
    assert refills(state, {"type": "redeploy", "area": "24"}) == 2
    start = springtime_plans(session, random.Random(1))
    assert start == {"type": "redeploy", "area": "24"}
    session.act(start)
    for _ in range(2):
        step = springtime_plans(session, random.Random(1))
        assert step["type"] == "move" and step["to"] == "25"
        session.act(step)
    assert len(units_in(state, "25", "allied")) == 3


@pytest.mark.rules("springtime:8.1.1", "springtime:9.1", "springtime:10.1")
def test_an_assault_marches_into_paris_over_two_areas_but_never_into_one_the_axis_stands_in():
    # An Assault's units move up to their MF (9.1): the 1st Army's 2nd Army from 29 reaches Paris
    # through 30. With a German unit in Paris it would have to attack there (10.1): not counted.
    state = _paris(2, "26", a29=["fr-2a"])
    assert refills(state, {"type": "assault", "groups": ["1"]}) == 1
    act(state, {"type": "assault", "groups": ["1"]})
    session = _session(state)
    first = springtime_plans(session, random.Random(1))
    assert first["unit"] == "fr-2a" and first["to"] in ("24", "30")
    session.act(first)
    assert springtime_plans(session, random.Random(1)) == {"type": "move", "unit": "fr-2a", "to": "25"}
    inside = _paris(2, "26", a29=["fr-2a"])
    put(inside, "de-6a", "25")
    assert refills(inside, {"type": "assault", "groups": ["1"]}) == 0
    assert refills(inside, {"type": "redeploy", "area": "29"}) == 1  # a Redeploy may stop there (8.1.2b)


@pytest.mark.rules("springtime:10.4.4", "springtime:10.5.4", "springtime:8.1.1")
def test_no_attack_in_paris_led_by_a_reduced_unit_that_would_leave_it_short():
    # Paris held by the 2nd Army and two reduced D.C.R.s, a reduced, Out of Supply German army inside,
    # both German Air Support markers placed already this impulse (9.4.1). The greedy bot leads its attack there with armour, a reduced D.C.R.: a Repulse or Stalemate
    # costs the lead a step (10.4.4), eliminating it and leaving Paris two. The plans lead with
    # the full 2nd Army. From the other side: with a fourth unit in Paris the greedy attack stands.
    def attack(fourth: bool) -> Session:
        state = _paris(2, "26", a25=["fr-2a"] + (["fr-3dcr"] if fourth else []))
        put(state, "de-18a", "25", reduced=True)
        state.units["de-18a"]["oos"] = True
        act(state, {"type": "assault", "groups": ["1"]})
        state.imp["air_used"] = ["air-de-1", "air-de-2"]
        return _session(state)

    session = attack(False)
    greedy = springtime_bot(session, random.Random(1))
    assert greedy["type"] == "attack" and greedy["area"] == "25" and session.state.units[greedy["lead"]]["reduced"]
    plans = springtime_plans(session, random.Random(1))
    assert plans["type"] == "attack" and plans["lead"] == "fr-2a" and plans["units"] == greedy["units"]
    session = attack(True)
    assert springtime_plans(session, random.Random(1)) == springtime_bot(session, random.Random(1))


def test_the_axis_plays_its_plans_as_the_easy_level_and_the_presentation_names_them():
    # Only the planning Allies change: the Axis's plans are the greedy bot's choices, draw for draw.
    assert presentation(springtime).bots == {"greedy": springtime_bot, "plans": springtime_plans}
    session = Session.start(springtime, FG, {}, seed=11)
    for n in range(200):
        if session.outcome() is not None:
            break
        if session.prompt.side == "axis":
            assert springtime_plans(session, random.Random(n)) == springtime_bot(session, random.Random(n))
        session.act(springtime_bot(session, random.Random(n)))


@pytest.mark.rules("springtime:19.1", "springtime:13.2.4", "springtime:11.1.1")
def test_the_scenario_data_says_whose_allies_refill_paris():
    # Fall Gelb's data refills Paris, Plan Red's not (Paris starts empty there, 19.1, and the refill
    # emptied the Areas on its line of supply: its units surrendered, 13.2.4). From both sides: the
    # same position (Plan Red 7003's Turn 6 impulse 3: two reduced D.C.R.s in Paris, three reduced
    # armies contesting 24) in Fall Gelb marches one of 24's in; in Plan Red the plans end the
    # Regroup as the greedy bot does, and play it choice for choice over a game's first 200 actions.
    assert load_scenario(FG).paris_refill and not load_scenario(PR).paris_refill
    for scenario, refilled in ((FG, True), (PR, False)):
        state = _paris(2, "26", scenario, a24=["fr-2a", "fr-4a", "fr-6a"])
        for uid in ("fr-2a", "fr-4a", "fr-6a"):
            state.units[uid]["reduced"] = True
        put(state, "de-6a", "24", reduced=True)
        act(state, {"type": "regroup"})
        session = _session(state)
        step = springtime_plans(session, random.Random(1))
        assert (step != {"type": "end"}) == refilled
        assert (step == springtime_bot(session, random.Random(1))) != refilled
    session = Session.start(springtime, PR, {}, seed=11)
    for n in range(200):
        if session.outcome() is not None:
            break
        assert springtime_plans(session, random.Random(n)) == springtime_bot(session, random.Random(n))
        session.act(springtime_bot(session, random.Random(n)))
