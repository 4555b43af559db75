"""The greedy bot's choices where the rules leave a real decision (springtime:11.1.2, 11.2)."""

from __future__ import annotations

import random

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


def test_the_allies_keep_the_advantage_except_for_paris_the_zones_and_the_maginot_line():
    for area, spends in (("22", False), ("13", False), ("25", True), ("B", True), ("19", True)):
        session = _heroic_offer(area, "allied")
        assert session.prompt.side == "allied"
        choice = springtime_bot(session, random.Random(1))
        assert (choice["type"] == "advantage") == spends, (area, choice)
