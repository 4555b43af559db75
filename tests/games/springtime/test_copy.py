"""State.copy is a deep copy: the copy equals the original and shares no mutable part with it."""

import random
from dataclasses import fields

from wargames_tui.bots import BOTS
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


def test_a_copy_mid_game_is_equal_and_shares_nothing_mutable():
    game = game_for("springtime/fall-gelb")
    session, rng = Session.start(game, "springtime/fall-gelb", seed=3), random.Random(3)
    for _ in range(60):
        session.act(BOTS["greedy"](session, rng))
    state = session.state
    copied = state.copy()
    assert copied.to_json() == state.to_json()
    for f in fields(state):
        value = getattr(state, f.name)
        if isinstance(value, (dict, list)):
            assert getattr(copied, f.name) is not value, f.name
    for uid, unit in state.units.items():
        assert copied.units[uid] is not unit
