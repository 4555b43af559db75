"""The greedy bot's choices where the rules leave a real decision (springtime:11.1.2, 11.2)."""

from __future__ import annotations

import random

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import springtime
from wargames_tui.games.springtime.bot import springtime_bot

from .helpers import FG, fresh, impulse


def _heroic_offer(area: str, defender: str) -> Session:
    """An Axis attack on `area` has just succeeded; the defender holds the Advantage (11.1.2)."""
    state = impulse(fresh(), "axis", 2)
    state.step, state.advantage = "advantage", defender
    state.combat = {"area": area, "attacker": "axis", "defender": "allied", "result": "success",
                    "attackers": [], "defenders": [], "lead": "de-hoth", "dlead": "fr-1a"}
    return Session(springtime, FG, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})


@pytest.mark.rules("springtime:11.1.2", "springtime:11.1.4", "springtime:11.2")
def test_the_allies_keep_the_advantage_even_for_paris_the_zones_and_the_maginot_line():
    # springtime:11.2, 11.1.4: a spent Advantage passes to the Axis, who Soldiers On with it. In
    # greedy games (Plan Red, 300 seeds) the Allies won 47% keeping it always, 38% spending it to
    # save Paris alone, and 16% of 100 spending it at every Heroic Defense offered.
    for area in ("22", "13", "25", "B", "19"):
        session = _heroic_offer(area, "allied")
        assert session.prompt.side == "allied"
        assert springtime_bot(session, random.Random(1))["type"] == "decline", area


@pytest.mark.rules("springtime:11.1.3", "springtime:11.1.4", "springtime:11.2")
def test_the_axis_keeps_the_advantage_for_soldier_on_rather_than_a_maximum_attack():
    # springtime:11.1.3, 11.2: a Maximum Attack turns one Repulse into a Stalemate, and the
    # Advantage then passes to the Allies for good (they never spend it). Kept, it buys a Soldier On
    # (11.1.4: another Allied and Axis impulse) when the Logistics dr would end the phase. Greedy
    # Fall Gelb, seeds 1000-1399: the Axis won 174 of 400 spending it, 218 keeping it.
    state = impulse(fresh(), "axis", 2)
    state.step, state.advantage = "advantage", "axis"
    state.combat = {"area": "22", "attacker": "axis", "defender": "allied", "result": "repulse",
                    "attackers": [], "defenders": [], "lead": "de-hoth", "dlead": "fr-1a"}
    session = Session(springtime, FG, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})
    assert session.prompt.side == "axis" and {"type": "advantage", "use": "maximum"} in session.prompt.actions
    assert springtime_bot(session, random.Random(1))["type"] == "decline"
    state.step, state.combat = "logistics", None  # the phase would end: the Axis Soldiers On
    session = Session(springtime, FG, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})
    assert springtime_bot(session, random.Random(1)) == {"type": "advantage", "use": "soldier_on"}
