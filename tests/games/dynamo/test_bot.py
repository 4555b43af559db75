"""The purposeful bot: it plays either side through every kind of step without an illegal action."""

from __future__ import annotations

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import dynamo
from wargames_tui.games.dynamo.bot import plan


@pytest.mark.parametrize("scenario,side", [("dynamo/campaign", "german"), ("dynamo/campaign", "allied"),
                                           ("dynamo/no-halt-order", "german"), ("dynamo/no-halt-order", "allied")])
def test_the_bot_plays_its_side_legally(scenario: str, side: str) -> None:
    rng = random.Random(5)
    session = Session.start(dynamo, scenario, seed=5)
    kinds = set()
    for _ in range(250):
        if session.outcome() is not None:
            break
        mine = session.prompt.side == side
        action = plan(session, rng) if mine else random_bot(session, rng)
        if mine:
            kinds.add(action["type"])
        session.act(action)  # an illegal choice would raise here
    assert len(kinds) >= 4
