"""The greedy bot (bots/greedy.py): where it heads, what it guards."""

from __future__ import annotations

import random
from types import ModuleType

from wargames_tui.bots import BOTS
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


def dunkerque_allied_turn_1() -> tuple[ModuleType, Session, random.Random]:
    """Dunkerque (seed 1) played by the greedy bots to the Allies' first turn."""
    scenario = "panzer-corps/dunkerque"
    game = game_for(scenario)
    session, rng = Session.start(game, scenario, seed=1), random.Random(1)
    while session.prompt.side != "al":
        session.act(BOTS["greedy"](session, rng))
    return game, session, rng


def test_units_that_are_themselves_the_enemys_objectives_are_no_guards() -> None:
    # Dunkerque: the Germans score the Allied strength they eliminate or cut off (dunkerque:4.0,
    # 4.1), so their objectives are the Allied units' hexes. Standing still guards none of them:
    # the greedy Allies head for their own goals (the towns, below).
    game, session, rng = dunkerque_allied_turn_1()
    own = {u["hex"] for u in session.view("al")["units"] if u["side"] == "al" and u["status"] == "map"}
    assert set(game.objectives(session.state, "ge")) == own
    moved = []
    while session.prompt.side == "al" and "movement" in session.prompt.phase.lower():
        action = BOTS["greedy"](session, rng)
        session.act(action)
        moved += [action["unit"]] if action["type"] == "move" else []
    assert len(moved) >= len(own) // 2


def test_the_side_that_only_loses_points_holds_the_towns() -> None:
    # Dunkerque: every German point is Allied strength lost (dunkerque:4.0), and a city or port
    # doubles its defender (dunkerque:9.3). The Allies' goals are those hexes: a unit in one
    # stays (at seed 1 the BEF's II Corps used to leave Leuven for the open, heading for the
    # south edge), the others head for the nearest.
    game, session, rng = dunkerque_allied_turn_1()
    towns = set(game.objectives(session.state, "al"))
    assert {"0607", "0208", "0419", "1706"} <= towns  # Leuven, Antwerpen (port), Dunkerque (port), Sedan
    assert not towns & {"0807", "0708", "2205"}  # Gembloux, Wavre (labels only), the south edge
    held = {u["id"]: u["hex"] for u in session.view("al")["units"] if u["side"] == "al" and u["status"] == "map" and u["hex"] in towns}
    assert held.get("al-uk-ii") == "0607"
    while session.prompt.side == "al" and "movement" in session.prompt.phase.lower():
        session.act(BOTS["greedy"](session, rng))
    now = {u["id"]: u["hex"] for u in session.view("al")["units"]}
    assert {uid: now[uid] for uid in held} == held
