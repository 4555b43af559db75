"""Save files: atomic writes, round trips, and refusing bad files without touching them."""

import json

import pytest

from wargames_tui.engine.saves import SaveError, load, save, save_dir, write_atomic
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for

from tests.engine.savehelpers import SC, played


def test_round_trip_reproduces_the_position(tmp_path):
    session = played(30)
    path = tmp_path / "game.json"
    save(session, path)
    again = load(path)
    assert again.game.dump(again.state) == session.game.dump(session.state)
    assert [e.action for e in again.log] == [e.action for e in session.log]
    env = json.loads(path.read_text())
    assert env["format"] == "wargames-tui-save" and env["version"] == 3
    assert {"app_version", "game", "scenario", "options", "seats", "created", "updated", "log", "snapshot"} <= set(env)


def test_every_die_roll_is_in_the_log(tmp_path):
    session = played(200)
    rolls = [r for e in session.log for r in e.rolls]
    resolves = [e for e in session.log if e.action["type"] == "resolve"]
    assert len(rolls) == len(resolves)


def bad_file(tmp_path, text: str):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError) as err:
        load(path)
    assert path.read_text() == text  # never overwritten
    assert str(path) in str(err.value)
    return str(err.value)


def test_corrupt_json_is_refused(tmp_path):
    assert "corrupt JSON" in bad_file(tmp_path, '{"format": "wargames-tui-save", "ver')


def test_a_newer_format_is_refused(tmp_path):
    session = played(2)
    save(session, tmp_path / "g.json")
    env = json.loads((tmp_path / "g.json").read_text())
    env["version"] = 99
    assert "newer" in bad_file(tmp_path, json.dumps(env))


def test_a_missing_field_is_named(tmp_path):
    save(played(2), tmp_path / "g.json")
    env = json.loads((tmp_path / "g.json").read_text())
    del env["log"]
    assert "at log" in bad_file(tmp_path, json.dumps(env))


def test_a_log_that_does_not_reproduce_the_snapshot_is_refused(tmp_path):
    save(played(20), tmp_path / "g.json")
    env = json.loads((tmp_path / "g.json").read_text())
    env["snapshot"]["turn"] = 3
    assert "does not reproduce" in bad_file(tmp_path, json.dumps(env))


def test_a_tampered_die_roll_or_illegal_logged_action_is_refused(tmp_path):
    save(played(300), tmp_path / "g.json")
    env = json.loads((tmp_path / "g.json").read_text())
    entry = next(e for e in env["log"] if e["rolls"])
    entry["rolls"] = entry["rolls"] + [1]
    assert "more die rolls" in bad_file(tmp_path, json.dumps(env))
    env = json.loads((tmp_path / "g.json").read_text())
    env["log"][0]["action"] = {"type": "move", "unit": "nobody", "path": []}
    assert "log entry 1" in bad_file(tmp_path, json.dumps(env))


def test_atomic_write_leaves_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    path.write_text("old")

    def boom(*args):
        raise OSError("disk full")

    monkeypatch.setattr("os.fsync", boom)
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_save_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAMES_SAVE_DIR", str(tmp_path / "here"))
    assert save_dir() == tmp_path / "here"
    assert save_dir(tmp_path / "there") == tmp_path / "there"


def test_undo_goes_back_to_the_last_commit_point():
    session = Session.start(game_for(SC), SC, seed=1)
    first = session.prompt.actions[0]
    before = session.game.dump(session.state)
    session.act(first)
    assert session.can_undo
    assert session.undo()
    assert session.game.dump(session.state) == before and session.log == []
    assert not session.undo()
    # Ending the side's phases hands over: nothing before it can be undone.
    session.act({"type": "end-phase"})
    session.act({"type": "end-declarations"})
    assert session.state.side == "bc" and not session.can_undo


def test_an_illegal_action_changes_nothing():
    from wargames_tui.engine.flow import IllegalAction

    session = Session.start(game_for(SC), SC, seed=1)
    before = session.game.dump(session.state)
    with pytest.raises(IllegalAction):
        session.act({"type": "resolve", "defender": "x"})
    assert session.game.dump(session.state) == before and session.log == []


def test_a_handover_to_the_other_side_mid_phase_is_a_commit_point():
    # Operation Compass set-up: the Italian placement hands over to the British bombardment.
    sc = "panzer-corps/operation-compass"
    session = Session.start(game_for(sc), sc, seed=1)
    while session.game.active_side(session.state) == "it":
        session.act(session.prompt.actions[0])
    assert session.game.active_side(session.state) == "br" and not session.can_undo
