"""Games played a little way, for the save tests."""

import random

from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for

SC = "panzer-corps/el-alamein"


def played(n: int = 12, seed: int = 3, scenario: str = SC, seeded: bool = True) -> Session:
    """A game after n actions of the random bot (fewer if it ends); its dice seeded with `seed` unless
    seeded is False. Two-player scenarios get two human seats."""
    sides = next(s.sides for s in game_for(scenario).scenarios() if s.id == scenario)
    seats = {side: "human" for side in sides} if len(sides) > 1 else {}
    session = Session.start(game_for(scenario), scenario, seed=seed if seeded else None, seats=seats)
    rng = random.Random(seed)
    for _ in range(n):
        if session.outcome() is not None:
            break
        session.act(random_bot(session, rng))
    return session
