"""Malformed actions are refused with IllegalAction and nothing else, wherever the game stands."""

import random

import pytest

import wargames_tui.games.blitzkrieg_1940 as game
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction

from .helpers import S39, S40
from .playout import play

ODD = [None, True, 0, -1, 1.5, 2**70, "", "x" * 50, [], [1], {}, {"a": 1}, "E9999", "W5411", ["E2423", 3]]


def mutants(action: dict, rng: random.Random) -> list[dict]:
    out = [{k: v for k, v in action.items() if k != key} for key in action if key != "type"]
    for key in list(action) + ["unit", "hex", "units", "path", "to", "raf", "count"]:
        changed = dict(action)
        changed[key] = rng.choice(ODD)
        out.append(changed)
    return out


@pytest.mark.parametrize("scenario,seed", [(S40, 21), (S39, 22)])
def test_only_illegal_action_comes_back(scenario, seed):
    rng = random.Random(seed)
    tried = {"n": 0}

    def poke(session, events):
        if len(session.log) % 9:
            return
        for action in rng.sample(session.prompt.actions, min(3, len(session.prompt.actions))):
            for bad in mutants(action, rng):
                trial = game.copy_state(session.state)
                try:
                    game.apply(trial, bad, Dice(5))
                except IllegalAction:
                    pass
                tried["n"] += 1
        for junk in ({"type": 5}, {"type": "attack", "hex": {}}, {"type": "select", "units": [[1]]}, [], "move"):
            with pytest.raises(IllegalAction):
                game.apply(game.copy_state(session.state), junk, Dice(5))

    play(scenario, seed, poke, limit=200, finish=False)
    assert tried["n"] > 100
