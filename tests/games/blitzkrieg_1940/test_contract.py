"""Blitzkrieg 1940's play contract: a battle's preview gives the chances the rules themselves
make, worked out by playing the attack on copies with every way the dice may fall (14.8, 14.9)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from tests.games.randomplay import random_positions
from wargames_tui.engine.contract import chances
from wargames_tui.engine.dice import Dice, ReplayExhausted
from wargames_tui.games import blitzkrieg_1940 as game


def rules_chances(state, action):
    """Each result's chance, by applying the action with every sequence of as many rolls as it may
    ask for (a battle needing fewer leaves the rest unused, each such sequence weighing the same)."""
    for n in range(1, 5):
        found: Counter[str] = Counter()
        try:
            for rolls in itertools.product(range(1, 7), repeat=n):
                events = game.apply(game.copy_state(state), action, Dice.replaying(rolls))
                c = next(e for e in events if e.kind == "combat").data
                found[c["result"] if c["roll"] else f"{c['result']} (7:1+, no roll)"] += Fraction(1, 6 ** n)
        except ReplayExhausted:
            continue
        return chances((p, r) for r, p in found.items())
    return ()


@pytest.mark.rules("blitzkrieg-1940:14.8")
@pytest.mark.rules("blitzkrieg-1940:14.9")
def test_a_battle_preview_gives_the_chances_of_the_rules() -> None:
    checked = 0
    for session in random_positions(game, "blitzkrieg-1940/1940", 3, 1500):
        if checked >= 4:
            break
        for a in session.prompt.actions:
            if a["type"] != "attack" or checked >= 4:
                continue
            p = game.preview(session.state, a)
            if p is None or not p.results:
                continue
            want = rules_chances(session.state, a)
            if want:
                assert p.results == want, a
                checked += 1
    assert checked >= 2


@pytest.mark.rules("blitzkrieg-1940:13.15")
def test_ending_the_phase_before_a_couplet_previews_the_roer_flood_roll() -> None:
    """With the Roer flooded, the next couplet opens with a roll: above the table's number the waters recede."""
    import random as _random

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.dice import Dice
    from wargames_tui.engine.session import Session
    from wargames_tui.games import blitzkrieg_1940 as game
    from wargames_tui.games.blitzkrieg_1940.data import load_board

    session, rng = Session.start(game, "blitzkrieg-1940/1939", seed=3), _random.Random(3)
    end = {"type": "end-phase"}
    while True:
        state = session.state
        if end in game.prompt(state).actions and state.dams == "flooded":
            trial = game.copy_state(state)
            game.apply(trial, end, Dice(1))
            if trial.dams == "receded" or trial.couplet != state.couplet:
                break
        session.act(random_bot(session, rng))
    p = game.preview(state, end)
    stays = load_board(state.scenario).game.tables.roer_stays
    assert p is not None and p.case == "blitzkrieg-1940:13.15"
    recede = {r.result: r.rolls for r in p.results}
    assert recede["Roer flood: the waters recede"] == f"{round(100 * (6 - stays) / 6)}%"
    assert recede["Roer flood: still flooded"] == f"{round(100 * stays / 6)}%"
