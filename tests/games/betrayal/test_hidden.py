"""Nothing in Betrayal! is hidden: every seat and every onlooker sees the same table."""

import random

from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import betrayal as game


def test_views_agree_for_every_viewer():
    session = Session.start(game, "betrayal/historical", seed=5)
    rng = random.Random(5)
    assert not game.HIDDEN and not hasattr(game, "disguise")  # nothing to re-draw
    for n in range(150):
        if n % 10 == 0:
            public = game.view(session.state, None)
            for viewer in ("french", "british", "german", None):
                assert game.view(session.state, viewer) == public
        session.act(random_bot(session, rng))
