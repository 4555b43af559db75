"""Every channel that prints events goes through engine.channels: `wargames act` prints to the acting
side what it may read, and nothing meant for the other side alone (the property that those events
tell nothing hidden is in test_hidden.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.cli import main
from wargames_tui.engine.channels import shown_to
from wargames_tui.engine.saves import save
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for

HIDING = [info.id for info in all_scenarios() if getattr(game_for(info.id), "HIDDEN", False)]
MAX_ACTIONS = 300
CASES = 2  # actions per scenario whose events hold a line for another side than the acting one


def _session(scenario: str, log: list) -> Session:
    """A seeded game with the given actions played again (the same seed rolls the same dice)."""
    session = Session.start(game_for(scenario), scenario, seed=4)
    for entry in log:
        session.act(entry.action)
    return session


@pytest.mark.parametrize("scenario", HIDING)
def test_act_prints_to_the_acting_side_only_what_it_may_read(scenario: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = _session(scenario, [])
    rng = random.Random(4)
    found = 0
    for _ in range(MAX_ACTIONS):
        if session.outcome() is not None or found == CASES:
            break
        side = session.game.active_side(session.state)
        events = session.act(random_bot(session, rng))
        if not any(e.only not in (None, side) for e in events):
            continue
        found += 1
        before = _session(scenario, session.log[:-1])
        path = tmp_path / f"g{found}.json"
        save(before, path)
        capsys.readouterr()
        assert main(["act", str(path), json.dumps(session.log[-1].action)]) == 0
        printed = capsys.readouterr().out.splitlines()
        assert printed == [e.text for e in shown_to(events, side)], f"action {len(session.log)}"
    if not found:
        pytest.skip("no action in these games tells the other side something alone")


def test_replay_of_a_hiding_game_in_progress_prints_no_secret(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`wargames replay` printed every action as JSON with its rolls: a secret order, a card drawn."""
    scenario = "seeds-of-disaster/1934"
    session = _session(scenario, [])
    rng = random.Random(4)
    for _ in range(80):
        session.act(random_bot(session, rng))
    assert session.outcome() is None
    secrets = {e.text[:30] for entry in session.log for e in entry.events if e.only is not None}
    assert secrets
    path = tmp_path / "g.json"
    save(session, path)
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "replayed 80 actions" in out and "  rolls [" not in out and "\"type\"" not in out
    assert not [s for s in secrets if s in out]
