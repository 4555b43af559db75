"""The planning bot's own policy (`springtime_plans`): the greedy bot, but the Allies keep four in
Paris, not three, once an Axis unit stands next to it or in it (springtime:10.5.4, 11.1.1, 16.1.1)."""

from __future__ import annotations

import random

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import springtime
from wargames_tui.games.springtime.bot import PARIS_GARRISON_PLANS, _wants, springtime_bot, springtime_plans
from wargames_tui.games.springtime.state import State
from wargames_tui.present import presentation

from .helpers import PR, act, empty_board, fresh, impulse, put

PARIS_UNITS = ["fr-2a", "fr-7a", "fr-10a", "fr-6a", "fr-4a"]


def _session(state: State) -> Session:
    return Session(springtime, PR, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})


def _paris(held: int, axis_at: str = "26", **areas: list[str]) -> State:
    """An Allied impulse of Plan Red: Paris (25) held by the first `held` of PARIS_UNITS, the Axis's
    4th Army in axis_at (Axis-controlled), the other Allied units where `areas` puts them (Area id
    with a letter before it: `a24=["fr-3a"]`)."""
    state = impulse(empty_board(fresh(PR)), "allied", 3)
    for uid in PARIS_UNITS[:held]:
        put(state, uid, "25")
    put(state, "de-4a", axis_at)
    state.control[axis_at] = "axis"
    for key, units in areas.items():
        for uid in units:
            put(state, uid, key[1:])
    return state


def _moves_out_of_paris(state: State, policy) -> list[dict]:  # type: ignore[no-untyped-def]
    """The Allied steps policy plays from here to the impulse's end that leave Paris."""
    session, out = _session(state), []
    for k in range(20):
        if session.prompt.side != "allied" or session.state.step not in ("assault", "regroup", "redeploy"):
            break
        action = policy(session, random.Random(k))
        if action["type"] == "move" and session.state.units[action["unit"]]["at"] == "25":
            out.append(action)
        session.act(action)
        if action["type"] == "end":
            break
    return out


def test_springtime_names_its_plans_policy_and_the_greedy_level_is_unchanged():
    bots = presentation(springtime).bots
    assert bots["plans"] is springtime_plans and bots["greedy"] is springtime_bot


@pytest.mark.rules("springtime:10.5.4", "springtime:11.1.1", "springtime:16.1.1")
def test_the_plans_keep_four_in_paris_once_an_axis_unit_stands_next_to_it():
    # The threshold from both sides: an Axis unit next to Paris (26) or in it: Paris wants three in
    # the greedy bot and four in the plans; the Axis two Areas off (16 -> 26 -> 25): three in both;
    # three Areas off (22 -> 16 -> 26 -> 25): one in both. An Axis-controlled Area next to Paris with
    # no Axis unit in it: three in both.
    next_to, inside, near, far = _paris(1, "26"), _paris(1, "22"), _paris(1, "16"), _paris(1, "22")
    put(inside, "de-6a", "25")
    for state in (next_to, inside):
        assert _wants(state)["25"] == 3 and _wants(state, PARIS_GARRISON_PLANS)["25"] == 4
    assert _wants(near)["25"] == 3 and _wants(near, PARIS_GARRISON_PLANS)["25"] == 3
    assert _wants(far)["25"] == 1 and _wants(far, PARIS_GARRISON_PLANS)["25"] == 1
    vacant = _paris(1, "16")
    vacant.control["26"] = "axis"
    assert _wants(vacant, PARIS_GARRISON_PLANS)["25"] == 3


@pytest.mark.rules("springtime:8.1.1", "springtime:9.2", "springtime:10.5.4")
def test_no_plans_step_out_of_a_paris_of_four_while_the_axis_is_near():
    # Plan Red 7302 and 7304 at main a69a1f6: a Paris of five drained to three with the Axis next
    # door, then assaulted, contested and taken (-10, 11.1.1). Here the 1st Army Group's Assault,
    # 30 Axis-controlled and empty (a goal next to Paris), the 4th Army in 26: the greedy bot steps
    # out of a Paris of four (to three), the plans do not; from a Paris of five one goes (to four).
    def assault(held: int) -> State:
        state = _paris(held, "26")
        state.control["30"] = "axis"
        act(state, {"type": "assault", "groups": ["1"]})
        return state

    assert _moves_out_of_paris(assault(4), springtime_bot)
    assert _moves_out_of_paris(assault(4), springtime_plans) == []
    assert len(_moves_out_of_paris(assault(5), springtime_plans)) == 1


@pytest.mark.rules("springtime:8.1.2")
def test_the_plans_regroup_sends_a_surplus_unit_to_a_paris_of_three():
    # 24 holds three with the 4th Army next to Paris (in 26; 24 wants one): the greedy Regroup,
    # Paris full at three, sends none of the surplus there; the plans send one (three -> four),
    # and none more.
    def regroup(held: int) -> State:
        state = _paris(held, "26", a24=["fr-3a", "fr-5a", "fr-8a"])
        act(state, {"type": "regroup"})
        return state

    def into_paris(state: State, policy) -> int:  # type: ignore[no-untyped-def]
        session, n = _session(state), 0
        for k in range(20):
            action = policy(session, random.Random(k))
            n += action.get("to") == "25"
            session.act(action)
            if action["type"] == "end" or session.state.step != "regroup":
                break
        return n

    assert into_paris(regroup(3), springtime_bot) == 0
    assert into_paris(regroup(3), springtime_plans) == 1
    assert into_paris(regroup(4), springtime_plans) == 0


def test_the_axis_plans_are_the_greedy_bots_choices():
    # Only the Allies' Paris changes: over 300 actions of a greedy Plan Red game every Axis choice
    # of the plans policy is the greedy bot's (the same rng).
    session = Session.start(springtime, PR, {}, seed=7301)
    for k in range(300):
        if session.outcome() is not None:
            break
        if session.prompt.side == "axis":
            assert springtime_plans(session, random.Random(k)) == springtime_bot(session, random.Random(k))
        session.act(springtime_bot(session, random.Random(k)))
