"""Complete random games through the protocol: invariants, save round trips, replay, and an audit
of every combat and bombardment against the charts."""

import json
import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.odds import odds_ratio
from wargames_tui.engine.session import Session
from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.data import load_scenario

S = load_scenario()


def _column(attack: int, defence: int) -> int:
    a, d = odds_ratio(attack, defence)
    value = a / d
    cols = [(int(c.split(":")[0]) / int(c.split(":")[1])) for c in S.tables.crt.columns]
    return max([i for i, v in enumerate(cols) if v <= value] or [0])


def _audit_combat(data: dict) -> None:
    """Recompute a combat from its parts (betrayal:4.4.1-4.4.3, 4.5)."""
    for uid, v in data["attackers"].items():
        u = S.units[uid]
        assert v in (u.attack, u.reduced[0])
    for uid, v in data["defenders"].items():
        u = S.units[uid]
        assert v in (u.defence, u.reduced[1])
    assert data["attack"] == sum(data["attackers"].values()) + data["bomber"]
    assert data["defence"] == sum(data["defenders"].values())
    base = _column(data["attack"], data["defence"])
    assert S.tables.crt.columns[base] == data["base"]
    final = min(max(base + sum(n for _, n in data["shifts"]), 0), len(S.tables.crt.columns) - 1)
    assert S.tables.crt.columns[final] == data["column"]
    armour_a = any(S.units[u].kind == "armor" for u in data["attackers"])
    armour_d = any(S.units[u].kind == "armor" for u in data["defenders"])
    assert data["drm"] == (1 if armour_a and not armour_d else -1 if armour_d and not armour_a else 0)
    assert data["total"] == sum(data["dice"]) + data["drm"]
    row = S.tables.crt.rows[min(max(data["total"], 1), 13)]
    assert row[final] == data["result"]


def _audit_bombard(data: dict) -> None:
    """Recompute an air bombardment (betrayal:4.3)."""
    table = S.tables.bombardment
    assert data["value"] >= sum(S.units[u].bombard[1] for u in data["units"])
    assert data["value"] <= sum(S.units[u].bombard[0] for u in data["units"])
    row = table.rows[min(data["value"], max(table.rows))]
    assert row[min(max(data["roll"] + data["drm"], 0), 6)] == data["result"]


def play(scenario: str, seed: int) -> tuple[Session, int]:
    session = Session.start(game, scenario, seed=seed)
    rng = random.Random(seed)
    audited = 0
    for n in range(20000):
        if session.outcome():
            break
        events = session.act(random_bot(session, rng))
        assert game.check_invariants(session.state) == [], n
        for e in events:
            if e.kind == "combat" and "result" in e.data:
                _audit_combat(e.data)
                audited += 1
            elif e.kind == "bombard":
                _audit_bombard(e.data)
                audited += 1
        if n % 97 == 0:
            saved = json.loads(json.dumps(game.dump(session.state)))
            assert game.dump(game.load(saved)) == saved
    return session, audited


@pytest.mark.parametrize("scenario,seed", [("betrayal/historical", 1), ("betrayal/free-setup", 2)])
def test_random_games_finish_audit_and_replay(scenario, seed):
    session, audited = play(scenario, seed)
    outcome = session.outcome()
    assert outcome is not None and {"France", "Britain", "Areas of France German-held"} <= set(outcome.points)
    assert audited > 10
    again = game.new(scenario, {})
    for entry in session.log:
        dice = Dice.replaying(entry.rolls)
        game.apply(again, entry.action, dice)
        assert dice.leftover() == 0
    assert game.dump(again) == game.dump(session.state)


def test_the_purposeful_bot_plays_a_whole_game_for_both_seats():
    from wargames_tui.games.betrayal.bot import betrayal_bot

    session = Session.start(game, "betrayal/free-setup", seed=6)
    rng = random.Random(6)
    while session.outcome() is None:
        session.act(betrayal_bot(session, rng))
        assert game.check_invariants(session.state) == []
    assert len(session.log) < 3000
