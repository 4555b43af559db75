"""Springtime's play contract: a move that binds units to attack says so before it is made, and
the attack it binds is owed until it is declared (10.1)."""

from __future__ import annotations

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games import springtime
from wargames_tui.games.springtime import phases

from .helpers import act, assault, empty_board, fresh, put


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
