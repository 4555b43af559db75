"""Positions of a game played by the random bot, for tests that look at each of them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session


def random_positions(game: Any, scenario: str, seed: int, most: int) -> Iterator[Session]:
    """The session at each position of a game the random bot plays (dice and bot seeded by `seed`),
    up to `most` actions or the game's end; the test looks before the next action is played."""
    rng = random.Random(seed)
    session = Session.start(game, scenario, seed=seed)
    for _ in range(most):
        if session.outcome() is not None:
            return
        yield session
        session.act(random_bot(session, rng))
