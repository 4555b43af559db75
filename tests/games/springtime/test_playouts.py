"""Complete random games through the protocol: invariants after every action, a save round trip,
and an audit of every combat total from its parts (springtime:10.4)."""

import json
import random

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games import springtime
from wargames_tui.games.springtime.present import words as WORDS

from .helpers import FG, PR


def audit(event) -> None:
    """Recompute a combat's totals from the parts and dice it reports."""
    d = event.data
    assert d["attack_total"] == sum(p[1] for p in d["attack_parts"]) + sum(d["attack_dice"])
    assert d["defence_total"] == sum(p[1] for p in d["defence_parts"]) + sum(d["defence_dice"])
    assert all(1 <= x <= 6 for x in d["attack_dice"] + d["defence_dice"]) and len(d["attack_dice"]) == len(d["defence_dice"]) == 2
    at, dt = d["attack_total"], d["defence_total"]
    expected = "repulse" if at < dt else "stalemate" if at == dt else ("overrun", "success")
    assert d["result"] in expected if isinstance(expected, tuple) else d["result"] == expected
    parts = dict(d["attack_parts"])
    assert parts["other units"] >= 0 and parts["out of supply"] <= 0 and parts["lead CV"] >= 1


@pytest.mark.rules("springtime:10.4.4", "springtime:6.0")
@pytest.mark.parametrize("scenario,seed,options", [
    (FG, 1, {}), (FG, 2, {"airdrops": "on", "bef-returns": "on"}), (PR, 3, {}), (PR, 4, {"airdrops": "on", "bids": "on"}), (FG, 5, {"bids": "on", "free-setup": "on"}),
])
def test_random_games_finish_cleanly(scenario, seed, options):
    state = springtime.new(scenario, options)
    dice, rng = Dice(seed), random.Random(seed)
    combats = 0
    for n in range(6000):
        if springtime.outcome(state) is not None:
            break
        p = springtime.prompt(state)
        assert p.side == springtime.active_side(state) and p.actions
        view = springtime.view(state, p.side)
        for a in p.actions[:40]:
            assert WORDS.describe(a, view) != a["type"] or a["type"] in ("end",)
        weights = [0.2 if a["type"] in ("end", "pass", "decline") else 1.0 for a in p.actions]
        events = springtime.apply(state, rng.choices(p.actions, weights)[0], dice)
        assert events
        for e in events:
            if e.kind == "combat":
                audit(e)
                combats += 1
        assert springtime.check_invariants(state) == []
        if n % 50 == 0:
            data = json.loads(json.dumps(springtime.dump(state)))
            assert springtime.dump(springtime.load(data)) == springtime.dump(state)
    out = springtime.outcome(state)
    assert out is not None and out.winner in ("allied", "axis")
    assert combats > 0
