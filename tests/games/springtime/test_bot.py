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
