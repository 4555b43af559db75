"""The war through random play: invariants after every action, every Battle Total recomputed from
its parts, every result read again from the CRT, and saves that load back the same."""

from __future__ import annotations

import random

import pytest

from tests.games.seeds_of_disaster.helpers import war_state
from wargames_tui.engine.dice import Dice
from wargames_tui.games import seeds_of_disaster as game
from wargames_tui.games.seeds_of_disaster import data, rules



def _audit(events: list) -> int:
    """Check each battle's totals and result; the number of battles seen."""
    totals = [e.data for e in events if e.kind == "roll" and "total" in e.data]
    for t in totals:
        assert len(t["rolls"]) == sum(t["dice"].values())
        assert t["total"] == sum(t["strength"].values()) + sum(t["rolls"])
    results = [e.data for e in events if e.kind == "result" and "difference" in e.data]
    if totals:
        assert len(totals) == 2 and len(results) == 1
        by_side = {t["side"]: t["total"] for t in totals}
        diff = abs(by_side["german"] - by_side["allied"])
        assert results[0]["difference"] == diff
        if diff:
            assert by_side[results[0]["winner"]] == max(by_side.values())
    return len(results)


@pytest.mark.rules("seeds-of-disaster:13.7.1", "seeds-of-disaster:13.7.2", "seeds-of-disaster:13.7.5", "seeds-of-disaster:13.6.1")
def test_random_wars_keep_the_rules_and_add_up() -> None:
    battles = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        dice = Dice(seed)
        s = war_state()
        for _ in range(1500):
            prompt = rules.prompt(s)
            if prompt.side is None:
                break
            acts = list(prompt.actions)
            ends = [
                a
                for a in acts
                if a["type"]
                in ("end-movement", "end-combat", "commit", "accept", "no-advance")
            ]
            action = (
                rng.choice(ends) if ends and rng.random() < 0.3 else rng.choice(acts)
            )
            battles += _audit(rules.apply(s, action, dice))
            assert game.check_invariants(s) == []
        assert game.outcome(s) is not None, "ten weeks end the game (20.0)"
        assert game.load(game.dump(s)) == s
    assert battles > 10


@pytest.mark.rules("seeds-of-disaster:20.0", "seeds-of-disaster:3.1.5")
def test_the_game_ends_after_week_10_with_the_objectives_counted() -> None:
    s = war_state()
    dice = Dice(5)
    while rules.prompt(s).side is not None:
        t = {a["type"] for a in rules.prompt(s).actions}
        rules.apply(
            s, {"type": "end-movement" if "end-movement" in t else "end-combat"}, dice
        )
    assert s.war.week == 10
    out = game.outcome(s)
    assert out and out.points == {"german": 5, "allied": 13}
    assert out.winner == "allied" and out.level == "French Decisive Victory"
    assert len(data.objectives()) == 18


@pytest.mark.rules("seeds-of-disaster:20.0", "seeds-of-disaster:19.0")
def test_victory_levels_and_the_axis_bonus() -> None:
    s = war_state()
    s.war.ended = True
    german = sorted(data.objectives())
    for n, level in (
        (13, "German Decisive"),
        (12, "German Major"),
        (11, "German Marginal"),
        (8, "Draw"),
        (7, "French Marginal"),
        (6, "French Decisive"),
    ):
        for i, a in enumerate(german):
            s.control[a] = "german" if i < n else "allied"
        out = game.outcome(s)
        assert out is not None and out.level.startswith(level), (n, out)
    held = ["PNO"] + [a for a in german if a != "PNO"][:10]
    for a in german:
        s.control[a] = "german" if a in held else "allied"
    s.attack_plan = "north"
    s.war.paris_axis = {"PNO": True}
    out = game.outcome(s)
    assert (
        out is not None and out.level == "German Major Victory"
    )  # one level up (19.0)


@pytest.mark.rules("seeds-of-disaster:2.3")
def test_the_germans_holding_all_paris_end_the_game_at_the_turns_end() -> None:
    s = war_state()
    for p in ("PNO", "PES", "PSU"):
        s.control[p] = "german"
    dice = Dice(2)
    for t in ("end-movement", "end-combat", "end-movement", "end-combat"):
        rules.apply(s, {"type": t}, dice)
    assert s.war.ended and s.war.week == 1
