"""The greedy bot (bots/greedy.py): where it heads, what it guards."""

from __future__ import annotations

import random

from wargames_tui.bots import BOTS
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


def test_units_that_are_themselves_the_enemys_objectives_are_no_guards() -> None:
    # Dunkerque: the Germans score the Allied strength they eliminate or cut off (dunkerque:4.0,
    # 4.1), so their objectives are the Allied units' hexes. Standing still guards none of them:
    # the greedy Allies head for the edges their connecting lines need (4.1(2)).
    scenario = "panzer-corps/dunkerque"
    game = game_for(scenario)
    session, rng = Session.start(game, scenario, seed=1), random.Random(1)
    while session.prompt.side != "al":
        session.act(BOTS["greedy"](session, rng))
    own = {u["hex"] for u in session.view("al")["units"] if u["side"] == "al" and u["status"] == "map"}
    assert set(game.objectives(session.state, "ge")) == own
    moved = []
    while session.prompt.side == "al" and "movement" in session.prompt.phase.lower():
        action = BOTS["greedy"](session, rng)
        session.act(action)
        moved += [action["unit"]] if action["type"] == "move" else []
    assert len(moved) >= len(own) // 2
