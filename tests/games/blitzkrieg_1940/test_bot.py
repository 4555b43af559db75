"""The purposeful bot's Paris garrison (its other choices are measured against the random bot in
benchmarks/outcomes.py, docs/PERFORMANCE.md)."""

import random

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.games.blitzkrieg_1940.bot import purposeful_bot

from .helpers import S40, H, bare, board

PARIS = ["W4618", "W4517", "W4518", "W4617", "W4619", "W4717", "W4718"]


def session_of(state) -> Session:  # noqa: ANN001 - a Blitzkrieg State
    return Session(game_for(S40), S40, {}, state, Dice(1))


def test_paris_is_the_seven_hexes_used_below():
    b = board()
    assert sorted(b.label(h) for h in b.cities["Paris"]) == sorted(PARIS)


def test_the_allied_bot_puts_a_unit_into_an_empty_paris_hex():
    garrison = dict(zip(("fr-2di", "fr-3di", "fr-4di", "fr-11di", "fr-13di", "fr-14di"), PARIS[1:]))
    state = bare({**garrison, "fr-16di": "W4514", "de-1inf": "E3040"}, phase="allied-movement", turn=5)
    session = session_of(state)
    select = purposeful_bot(session, random.Random(1))
    assert select == {"type": "select", "units": ["fr-16di"]}, select
    session.act(select)  # the prompt's way: the unit first (13.2), then its move
    action = purposeful_bot(session, random.Random(1))
    assert action["type"] == "move" and action["path"][-1] == H(PARIS[0]), action
    session.act(action)  # legal
