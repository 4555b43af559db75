"""Strange Victory's end of turn previews its coastal defence roll: the ports a counter may go to,
each as likely, as the rules' re-rolled D6 places it (strange-victory:10.2)."""

from __future__ import annotations

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import strange_victory as game
from wargames_tui.games.strange_victory.data import load_campaign


@pytest.mark.rules("strange-victory:10.2")
def test_the_end_of_turn_previews_where_the_coastal_counter_may_go() -> None:
    rng = random.Random(3)
    session = Session.start(game, "strange-victory/campaign", seed=3)
    while session.state.phase != "repairs":
        session.act(random_bot(session, rng))
    state = session.state
    p = game.preview(state, {"type": "end-turn"})
    assert p is not None and p.case == "strange-victory:10.2"
    c = load_campaign()
    landed = set()
    for n in range(1, 7):
        trial = game.copy_state(state)
        game.apply(trial, {"type": "end-turn"}, Dice.replaying([n] + list(range(1, 7)) * 3))
        landed |= {c.areas[a].name for a, k in trial.coastal_hidden.items() if k > state.coastal_hidden.get(a, 0)}
    share = f"{round(100 / len(landed))}%"
    assert {r.result.removeprefix("a face-down counter to ") for r in p.results} == landed
    assert {r.rolls for r in p.results} == {share}
