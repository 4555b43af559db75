"""Dieppe's previews give the chances the rules make: a fire and the assault rounds of a seeded
random raid are played with every roll of their dice, and the share of hits is the preview's."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.contract import Preview
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import dieppe
from wargames_tui.games.dieppe import assaults, rules

from .helpers import empty_raid, put

LINE_DICE = [range(1, 7), range(1, 11)]  # the D6 and the D10 of one fire or assault line


def percent(p: Fraction) -> str:
    return f"{round(100 * p)}%" if p >= Fraction(1, 200) else "<1%"


def hit_shares(state: Any, action: dict, lines: int) -> list[Fraction]:
    """Each line's share of the dice (every roll of its D6 and D10) that hits the German."""
    combos = list(product(*LINE_DICE * lines))
    counts = [0] * lines
    for rolls in combos:
        events = rules.apply(dieppe.copy_state(state), action, Dice.replaying(list(rolls) + [1] * 40))
        hits = [e.data["hit"] for e in events if e.kind == "combat" and "hit" in (e.data or {})]
        for i, hit in enumerate(hits):
            counts[i] += hit
    return [Fraction(c, len(combos)) for c in counts]


@pytest.mark.rules("dieppe:11.1")
def test_a_fire_preview_gives_the_chance_of_each_side_taking_the_loss() -> None:
    state = empty_raid()
    put(state, "OR2", "g2-a1", "g2-a2", "g2-lovat")
    put(state, "C6", "g-mg-01", "g-inf-01")
    action = {"type": "fire", "units": ["g2-a1", "g2-a2", "g2-lovat"], "target": "C6"}
    p = dieppe.preview(state, action)
    [share] = hit_shares(state, action, 1)
    assert isinstance(p, Preview) and p.case == "dieppe:11.1"
    losses = {r.result.split(" takes")[0]: r.rolls for r in p.results if " takes " in r.result}
    assert len(losses) == 2 and set(losses.values()) == {percent(share), percent(1 - share)}
    assert [m.why for m in p.modifiers] == ["stacked", "officer", "stacked (target)"]


@pytest.mark.rules("dieppe:11.2")
def test_the_assault_round_previews_of_a_random_raid_give_the_rules_chances() -> None:
    session = Session.start(dieppe, "dieppe/raid", seed=5)
    rng = random.Random(5)
    checked = 0
    while session.outcome() is None and checked < 4:
        state = session.state
        for action in dieppe.prompt(state).actions:
            if action["type"] != "assault-round" or checked >= 4:
                continue
            lines = len(assaults.lines_for(state, action))
            if lines > 2:
                continue
            chance = Fraction(1)
            for share in hit_shares(state, action, lines):
                chance *= share
            p = dieppe.preview(state, action)
            assert isinstance(p, Preview), action
            every = "the German is hit" if lines == 1 else f"{lines} Germans and 0 commandos hit"
            assert [r.rolls for r in p.results if r.result == every] == [percent(chance)], (action, p)
            checked += 1
        session.act(random_bot(session, rng))
    assert checked, "the playout met no assault"
