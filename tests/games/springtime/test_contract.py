"""Springtime's play contract: a move that binds units to attack says so before it is made, and
the attack it binds is owed until it is declared (10.1)."""

from __future__ import annotations

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games import springtime
from wargames_tui.games.springtime import phases

from wargames_tui.games.springtime.state import State

from .helpers import FG, act, assault, empty_board, fresh, put


@pytest.mark.rules("springtime:10.1")
def test_entering_an_enemy_area_previews_the_attack_it_binds_and_owes_it() -> None:
    s = empty_board(fresh())
    put(s, "de-6a", "13")
    put(s, "fr-7a", "22")
    assault(s, "axis", ["B"], 2)
    move = {"type": "move", "unit": "de-6a", "to": "22"}
    assert move in springtime.prompt(s).actions
    p = springtime.preview(s, move)
    assert p is not None and p.case == "springtime:10.1" and p.results
    assert p.odds.startswith("entering ") and "binds 1 unit(s) to attack it: attack 5 vs defence" in p.odds
    assert springtime.owed(s) == []
    act(s, move)
    owed = springtime.owed(s)
    assert [(o.case, o.skippable) for o in owed] == [("springtime:10.1", False)] and "(22)" in owed[0].text
    with pytest.raises(IllegalAction):
        phases.apply(s.copy(), {"type": "end"}, Dice(0))


def defending_22_with_9_still_owed() -> State:
    """The Axis entered 22 and 9 in an assault and attacked 22: the Allied player chooses his lead
    defender while the attack on 9 is still the Axis's to make."""
    s = empty_board(fresh())
    put(s, "de-6a", "13")
    put(s, "de-18a", "13")
    put(s, "fr-7a", "22", leader=True)
    put(s, "fr-1a", "9")
    assault(s, "axis", ["B"], 2)
    act(s, {"type": "move", "unit": "de-6a", "to": "22"})
    act(s, {"type": "move", "unit": "de-18a", "to": "9"})
    act(s, {"type": "attack", "area": "22", "units": ["de-6a"], "lead": "de-6a", "air": None})
    return s


@pytest.mark.rules("springtime:10.1", "springtime:10.4.3")
def test_the_attack_still_owed_is_the_axiss_at_the_allied_defence_prompt() -> None:
    """The attack on 9 the units that entered it owe (10.1) is named as the Axis's duty: the Allied
    player, choosing his lead defender in 22, owes nothing; it is still to come from the Axis."""
    from wargames_tui.engine.session import Session
    from wargames_tui.ui import gamehooks

    s = defending_22_with_9_still_owed()
    assert springtime.prompt(s).side == "allied" and springtime.prompt(s).case == "springtime:10.4.3"
    session = Session(springtime, FG, {}, s, Dice(7), {"allied": "human", "axis": "human"})
    assert gamehooks.owed(session) == []
    theirs = gamehooks.owed_by_others(session)
    assert [(o.side, o.case) for o in theirs] == [("axis", "springtime:10.1")] and "(9)" in theirs[0].text


@pytest.mark.rules("springtime:6.2.1")
def test_an_axis_pass_previews_the_logistics_roll_it_sets_off() -> None:
    """Ending an Axis impulse rolls for logistics: play goes on on a die at or above the impulse."""
    import random
    from fractions import Fraction

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session

    rng = random.Random(4)
    session = Session.start(springtime, "springtime/fall-gelb", seed=4)
    while not (session.state.active == "axis" and {"type": "pass"} in springtime.prompt(session.state).actions
               and session.state.impulse > 1):
        session.act(random_bot(session, rng))
    state = session.state
    p = springtime.preview(state, {"type": "pass"})
    assert p is not None and p.case == "springtime:6.2.1"
    goes_on = Fraction(7 - state.impulse, 6)
    assert {r.result: r.rolls for r in p.results} == {
        "play goes on (6.2.1)": f"{round(100 * goes_on)}%", "the Maneuvers Phase ends (6.2.1)": f"{round(100 * (1 - goes_on))}%"}
