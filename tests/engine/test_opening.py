"""A save opened on its snapshot at once, proven behind it by playing its log again (engine/opening.py)."""

import json
import random

import pytest

from tests.engine.savehelpers import played
from wargames_tui.bots import random_bot
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.opening import open_snapshot
from wargames_tui.engine import saves
from wargames_tui.engine.saves import SaveError, journal_path, load, save


def _files(path):
    return [p.read_bytes() if p.exists() else None for p in (path, journal_path(path))]


def _forged(tmp_path, actions: int, forge) -> tuple:  # noqa: ANN001
    """A game of `actions` actions saved, its save changed by `forge(envelope)`: (game, path)."""
    session = played(actions)
    path = tmp_path / "g.json"
    save(session, path)
    env = json.loads(path.read_text())
    forge(env)
    path.write_text(json.dumps(env))
    return session, path


def test_a_save_opens_on_its_position_and_is_played_once_its_log_proves_it(tmp_path):
    session = played(40)
    path = tmp_path / "g.json"
    save(session, path)
    proof = open_snapshot(path)
    opened = proof.session
    assert opened.game.dump(opened.state) == session.game.dump(session.state)
    assert [e.action for e in opened.log] == [e.action for e in session.log]
    assert not any(e.events for e in opened.log)  # the lines each side reads come from the replay only
    action = session.prompt.actions[0]
    with pytest.raises(IllegalAction, match="still being played again"):
        opened.act(action)
    with pytest.raises(SaveError, match="not saved"):
        save(opened, path)
    proof.run()
    assert proof.finish() and opened.unproven is None
    assert [e.events for e in opened.log] == [e.events for e in load(path).log]
    opened.act(action)
    save(opened, path)
    assert len(load(path).log) == len(session.log) + 1


def test_a_journal_after_the_snapshot_is_applied_on_opening(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "JOURNAL_FROM", 4096)
    session = played(30, scenario="blitzkrieg-1940/1939")
    path = tmp_path / "g.json"
    save(session, path)
    rng = random.Random(1)
    for _ in range(5):
        session.act(random_bot(session, rng))
        save(session, path)
    assert journal_path(path).exists()
    proof = open_snapshot(path)
    assert proof.session.game.dump(proof.session.state) == session.game.dump(session.state)
    proof.run()
    assert proof.finish()
    assert len(proof.session.log) == len(session.log)


def test_a_snapshot_its_log_does_not_reproduce_is_reported_and_never_saved_over(tmp_path):
    session, path = _forged(tmp_path, 20, lambda env: env["snapshot"].update(turn=env["snapshot"]["turn"] + 1))
    before = _files(path)
    proof = open_snapshot(path)
    opened = proof.session
    assert opened.game.dump(opened.state)["turn"] == session.game.dump(session.state)["turn"] + 1
    proof.run()
    assert not proof.finish()
    assert "does not reproduce" in proof.failure and "does not prove" in opened.unproven
    with pytest.raises(IllegalAction):
        opened.act(session.prompt.actions[0])
    with pytest.raises(SaveError, match="not saved"):
        save(opened, path)
    with pytest.raises(SaveError, match="not saved"):
        save(opened, tmp_path / "elsewhere.json")
    assert _files(path) == before and not (tmp_path / "elsewhere.json").exists()
    # what the log proves is offered instead: the game its actions make
    assert proof.fallback.game.dump(proof.fallback.state) == session.game.dump(session.state)
    assert len(proof.fallback.log) == len(session.log)


def test_a_forged_log_entry_is_refused_and_the_game_offered_up_to_it(tmp_path):
    _, path = _forged(tmp_path, 30, lambda env: env["log"][10].update(action={"type": "move", "unit": "nobody", "path": []}))
    proof = open_snapshot(path)
    opened = proof.session
    proof.run()
    assert not proof.finish()
    assert "log entry 11" in proof.failure
    # what the player reads names no action (in a game that hides things it may be the other side's)
    assert "nobody" in proof.failure and "nobody" not in proof.reason + opened.unproven
    assert proof.reason == "action 11 of its 30 cannot be played again"
    assert len(proof.fallback.log) == 10 and "set aside" in proof.fallback.notes[0]
