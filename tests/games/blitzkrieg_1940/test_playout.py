"""Whole games through the protocol: invariants, saves, replays and an audit of every battle."""

import json

import pytest

import wargames_tui.games.blitzkrieg_1940 as game
from wargames_tui.games.blitzkrieg_1940 import combat

from .helpers import S39, S40
from .playout import play, replay


def audit(data: dict) -> None:
    again = combat.recompute(data)
    for key in ("attack", "defence", "ratio", "raw_index", "net_shift"):
        assert again[key] == data[key], (key, data)
    crt = game.load_game().crt
    if again["automatic"]:
        assert data["column"] == "7:1+" and data["roll"] is None and data["result"] == crt.automatic
    else:
        column = max(0, data["raw_index"] + data["net_shift"])
        assert data["column"] == crt.columns[column]
        assert data["result"] == crt.rows[crt.die.index(data["roll"])][column]


@pytest.mark.parametrize("scenario,seed", [(S40, 1), (S39, 5)])
def test_complete_games(scenario, seed):
    seen = {"battles": 0, "actions": 0}

    def check(session, events):
        seen["actions"] += 1
        assert events, session.log[-1].action  # every action says what it did
        problems = game.check_invariants(session.state)
        assert not problems, problems
        for e in events:
            if e.kind == "combat":
                audit(e.data)
                seen["battles"] += 1
        if seen["actions"] % 50 == 0:
            dumped = json.loads(json.dumps(game.dump(session.state)))
            assert game.dump(game.load(dumped)) == dumped

    session = play(scenario, seed, check)
    assert session.outcome().winner in ("german", "allied")
    assert seen["battles"] > 0
    assert replay(session) == game.dump(session.state)
