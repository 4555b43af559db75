"""Whole games through the protocol: random players, invariants after every action, a save round
trip, and an audit that recomputes every combat from its parts and the CRT file."""

from __future__ import annotations

import json
import random
import tomllib

import pytest

from wargames_tui.engine.datafiles import SCENARIOS_DIR
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games import dynamo

CRT = tomllib.loads((SCENARIOS_DIR / "dynamo" / "crt.toml").read_text())


def audit(event: dict) -> None:
    """Recompute a combat's totals, odds, column, modified roll and result from the CRT file;
    one six-sided die (dynamo:2.14)."""
    assert 1 <= event["die"] <= 6
    assert event["attack"] == sum(event["attack_parts"].values())
    assert event["defence"] == sum(event["defence_parts"].values())
    a, d = event["attack"], max(event["defence"], 1)
    ratio = a // d if a >= d else 1 / -(-d // a)
    odds = f"{a // d}-1" if a >= d else f"1-{-(-d // a)}"
    assert event["odds"] == odds
    line = CRT["terrain"][event["terrain"]]
    value = lambda label: int(label.split("-")[0]) / int(label.split("-")[1])
    column = max([i for i, label in enumerate(line) if value(label) <= ratio] or [0])
    assert event["column_index"] == column
    assert event["column"] == line[column]  # the heading the CRT panel marks
    total = min(max(event["die"] + sum(m[0] for m in event["modifiers"]), -2), 9)  # dynamo:16.16
    assert event["total"] == total
    row = CRT["die"].index(total)
    assert event["result"] == CRT["results"][row][column].strip()


def play(scenario: str, seed: int, limit: int = 6000) -> tuple[object, int, int]:
    rng = random.Random(seed)
    dice = Dice(seed)
    state = dynamo.new(scenario, {})
    n = combats = 0
    steps_seen: dict[str, int] = {}
    while dynamo.outcome(state) is None:
        assert n < limit, "the game did not finish"
        prompt = dynamo.prompt(state)
        assert prompt.actions, f"no action offered in {state.phase}"
        assert prompt.side == dynamo.active_side(state)
        weights = [5.0 if a["type"] in ("end-phase", "halt") else 1.0 for a in prompt.actions]
        action = rng.choices(prompt.actions, weights=weights)[0]
        for event in dynamo.apply(state, json.loads(json.dumps(action)), dice):
            if event.kind == "combat":
                audit(event.to_json())
                combats += 1
        n += 1
        assert dynamo.check_invariants(state) == [], (n, action)
        for uid, st in state.units.items():  # no replacements (dynamo:17.6); the recce rejoining is 15.6's own
            if uid != "b-3" and st.where == "map":
                assert st.step >= steps_seen.get(uid, 0), uid
                steps_seen[uid] = st.step
        if n % 400 == 0:
            saved = json.loads(json.dumps(dynamo.dump(state)))
            assert dynamo.dump(dynamo.load(saved)) == saved
    return state, n, combats


@pytest.mark.parametrize("scenario,seed", [("dynamo/campaign", 3), ("dynamo/no-halt-order", 4)])
def test_random_games_finish_with_a_result(scenario: str, seed: int) -> None:
    state, _, combats = play(scenario, seed)
    result = dynamo.outcome(state)
    assert result is not None and result.winner in ("german", "allied")
    assert combats > 0
    saved = json.loads(json.dumps(dynamo.dump(state)))
    assert dynamo.dump(dynamo.load(saved)) == saved
    with pytest.raises(IllegalAction):
        dynamo.apply(state, {"type": "end-phase"}, Dice(0))


@pytest.mark.parametrize("bad", [None, 3, {}, {"type": 7}, {"type": "move"}, {"type": "pick", "units": "g-1pz"},
                                 {"type": "pick", "units": ["nobody"]}, {"type": "assault", "attackers": [1], "hexes": "x"},
                                 {"type": "air", "unit": ["g-1pz"]}, {"type": "warp"}])
def test_malformed_actions_are_illegal_not_errors(bad) -> None:
    state = dynamo.new("dynamo/campaign", {})
    before = dynamo.dump(state)
    with pytest.raises(IllegalAction):
        dynamo.apply(state, bad, Dice(0))
    assert dynamo.dump(state) == before


def test_malformed_actions_in_every_kind_of_step() -> None:
    rng = random.Random(9)
    dice = Dice(9)
    state = dynamo.new("dynamo/campaign", {})
    junk = [{"type": "lose", "unit": 5}, {"type": "retreat", "unit": "x", "path": "y"}, {"type": "advance"},
            {"type": "blitz", "hex": None}, {"type": "go", "hex": [1]}, {"type": "go", "hex": "9999"}, {"type": "halt", "hex": 3}, {"type": "enter", "unit": None}, {"type": "dummy", "unit": "g-dummy1"},
            {"type": "evacuate", "unit": []}, {"type": "assault", "attackers": ["g-1pz"], "hexes": ["0000"]}]
    for _ in range(500):
        for bad in junk:
            try:
                dynamo.apply(state, bad, dice)
            except IllegalAction:
                pass
        acts = dynamo.prompt(state).actions
        dynamo.apply(state, rng.choices(acts, weights=[5.0 if a["type"] in ("end-phase", "halt") else 1.0 for a in acts])[0], dice)
        assert dynamo.check_invariants(state) == []
