"""Save files against bad input and accidents: odd files in the save folder, hostile JSON, strict
fields, two writers at once, links and modes, killed writes, the journal, and seeded games."""

import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.cli import main
from wargames_tui.engine import saves
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.saves import SaveBusy, SaveError, journal_path, load, read_envelope, read_header, save
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.ui.saving import list_saves

from tests.engine.savehelpers import SC, played


def saved(tmp_path: Path, n: int = 6, name: str = "g.json") -> Path:
    path = tmp_path / name
    save(played(n), path)
    return path


def refused(path: Path, *words: str) -> str:
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(SaveError) as err:
        load(path)
    text = str(err.value)
    assert str(path) in text and "\n" not in text
    for word in words:
        assert word in text
    if before is not None:
        assert path.read_bytes() == before
    return text


def edited(tmp_path: Path, change) -> Path:
    path = saved(tmp_path)
    env = json.loads(path.read_text())
    change(env)
    path.write_text(json.dumps(env))
    return path


def run(capsys, *args):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


# --- the folder a list reads ---------------------------------------------------------------------
def odd_files(folder: Path) -> dict[str, str]:
    """One of each thing that once crashed or hung the menu, and the word its label must carry."""
    (folder / "deep.json").write_text("[" * 5000 + "]" * 5000)
    (folder / "digits.json").write_text('{"format":"wargames-tui-save","version":' + "7" * 5000 + "}")
    os.mkfifo(folder / "a.json")
    (folder / "x.json").mkdir()
    os.symlink("loop2.json", folder / "loop1.json")
    os.symlink("loop1.json", folder / "loop2.json")
    (folder / "junk.json").write_bytes(bytes(range(256)) * 8)
    for name, scalar in (("null", "null"), ("number", "42"), ("true", "true"), ("text", '"save"')):
        (folder / f"{name}.json").write_text(scalar)
    with open(folder / "huge.json", "wb") as f:
        f.truncate(50 * 2**20)
    return {
        "deep.json": "nested too deeply",
        "digits.json": "5000 digits",
        "a.json": "named pipe",
        "x.json": "folder",
        "loop1.json": "loops",
        "loop2.json": "loops",
        "junk.json": "UTF-8",
        "huge.json": "MB",
        **{f"{name}.json": "not a wargames-tui save" for name in ("null", "number", "true", "text")},
    }


def listed_within(folder: Path, seconds: float):
    """list_saves in a thread, so a listing that hangs fails the test instead of hanging it."""
    result = []
    worker = threading.Thread(target=lambda: result.append(list_saves(folder)), daemon=True)
    start = time.perf_counter()
    worker.start()
    worker.join(seconds)
    assert result, f"listing the save folder did not finish within {seconds} s"
    return result[0], time.perf_counter() - start


def test_a_list_skips_and_labels_every_odd_file_without_hanging(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    expect = odd_files(folder)
    save(played(4), folder / "good.json")
    entries, _ = listed_within(folder, 10)
    labels = {e.path.name: e.error for e in entries}
    assert labels.pop("good.json") is None
    for name, word in expect.items():
        assert word in labels[name], (name, labels[name])
    assert os.path.getsize(folder / "huge.json") == 50 * 2**20  # nothing was touched


def test_a_list_reads_a_small_header_and_replays_nothing(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    for i in range(3):
        save(played(150, seed=i), folder / f"s{i}.json")
    read = []
    real_pread = os.pread
    monkeypatch.setattr(saves, "replay", lambda *a, **k: pytest.fail("a list must not replay"))
    monkeypatch.setattr(os, "pread", lambda fd, n, at: read.append(n) or real_pread(fd, n, at))
    entries = list_saves(folder)
    assert [e.error for e in entries] == [None] * 3
    assert all(e.envelope.turn and e.envelope.phase for e in entries)
    assert sum(read) <= 3 * (saves.HEADER_BYTES + 1024 + saves.HEADER_BYTES)
    assert all(os.path.getsize(e.path) > 8 * 1024 for e in entries)  # more than a header: the list saw less


def test_the_header_of_a_version_1_save_is_read_too(tmp_path):
    session = played(12)
    env = saves.envelope(session)
    for key in ("actions", "stamp", "seed"):
        env.pop(key, None)
    env["version"] = 1
    path = tmp_path / "old.json"
    path.write_text(json.dumps(env, indent=1))
    header = read_header(path)
    assert header.version == 1 and header.turn == env["turn"] and header.phase == env["phase"]
    again = load(path)
    assert again.game.dump(again.state) == session.game.dump(session.state)


# --- hostile and malformed files -----------------------------------------------------------------
def test_a_file_over_the_size_cap_is_refused_at_once(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(50 * 2**20)
    start = time.perf_counter()
    refused(path, "50 MB", "limit")
    assert time.perf_counter() - start < 3.0  # from its size alone (it took 8 s and 850 MB before the cap)


def test_deep_json_and_huge_integers_name_the_place(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"format": "wargames-tui-save",\n "log": ' + "[" * 5000 + "]" * 5000 + "}")
    refused(path, "nested too deeply", "line 2")
    path.write_text('{"format": "wargames-tui-save",\n "version": ' + "1" * 5000 + "}")
    refused(path, "5000 digits", "line 2 column 13")
    path.write_text('{"format": "wargames-tui-save", "version": NaN}')
    refused(path, "NaN")


def test_nesting_that_json_accepts_but_no_save_has_is_refused(tmp_path):
    path = edited(tmp_path, lambda env: env["log"][0]["action"].update(path=json.loads("[" * 200 + "]" * 200)))
    refused(path, "nested deeper than", "log.0.action.path")


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda env: env.update(version="2"), ["at version", "whole number"]),
        (lambda env: env.update(version=True), ["at version"]),
        (lambda env: env.update(finished="yes"), ["at finished"]),
        (lambda env: env["log"][0].update(rolls=[True]), ["at log.0.rolls.0"]),
        (lambda env: env["log"][0].update(rolls=["1"]), ["at log.0.rolls.0"]),
        (lambda env: env["log"][0].update(rolls=[0]), ["at log.0.rolls.0"]),
        (lambda env: env["seats"].update(gi="robot"), ["at seats.gi"]),
        (lambda env: env["seats"].update(xx="human"), ["at seats.xx", "no such side"]),
        (lambda env: env.update(game="dieppe"), ["at game", "not the game of"]),
        (lambda env: env["options"].update(fog="on"), ["at options.fog"]),
        (lambda env: env.update(seed="7"), ["at seed"]),
        (lambda env: env.update(turn=10**40), ["at turn"]),
        (lambda env: env["log"][0].update(action={"type": ["move"]}), ["log entry 1", "cannot be replayed"]),
        (lambda env: env["log"][0].update(action={"type": "move", "unit": {"a": 1}, "path": [[1]]}), ["log entry 1"]),
    ],
)
def test_strict_fields(tmp_path, change, words):
    refused(edited(tmp_path, change), *words)


def test_a_folder_a_link_loop_a_pipe_and_an_unreadable_file(tmp_path, monkeypatch):
    (tmp_path / "dir.json").mkdir()
    refused(tmp_path / "dir.json", "is a folder")
    os.symlink("b.json", tmp_path / "a.json")
    os.symlink("a.json", tmp_path / "b.json")
    refused(tmp_path / "a.json", "loops")
    os.mkfifo(tmp_path / "pipe.json")
    refused(tmp_path / "pipe.json", "named pipe")
    path = saved(tmp_path)
    real_open = os.open

    def no_read(p, flags, *rest):
        if Path(p) == path:
            raise PermissionError(13, "Permission denied", str(p))
        return real_open(p, flags, *rest)

    monkeypatch.setattr(os, "open", no_read)
    refused(path, "permission denied")


def test_the_command_line_says_one_line_and_exits_1(tmp_path, capsys, monkeypatch):
    (tmp_path / "dir.json").mkdir()
    os.symlink("l2.json", tmp_path / "l1.json")
    os.symlink("l1.json", tmp_path / "l2.json")
    for bad in ("dir.json", "l1.json", "missing.json"):
        for command in ("show", "actions", "replay"):
            code, _, err = run(capsys, command, tmp_path / bad)
            assert code == 1 and err.count("\n") == 1 and bad in err and "Traceback" not in err
        code, _, err = run(capsys, "act", tmp_path / bad, '{"type": "end-phase"}')
        assert code == 1 and err.count("\n") == 1
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    monkeypatch.setenv("WARGAMES_SAVE_DIR", str(not_a_folder))
    code, _, err = run(capsys, "play", SC)
    assert code == 1 and "is a file, not a folder" in err


def test_a_full_or_unwritable_folder_leaves_the_last_save(tmp_path, capsys, monkeypatch):
    path = tmp_path / "g.json"
    assert run(capsys, "new", SC, "-o", path)[0] == 0
    before = path.read_bytes()

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, _, err = run(capsys, "act", path, '{"type": "end-phase"}')
    assert code == 1 and "No space left on device" in err and err.count("\n") == 1
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".g.json.lock", "g.json"]
    monkeypatch.undo()

    def no_write(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path))

    monkeypatch.setattr(saves, "_mkstemp", no_write)
    with pytest.raises(SaveError, match="permission denied"):
        save(played(2), tmp_path / "other.json")
    monkeypatch.undo()
    (tmp_path / "plain").write_text("")
    code, _, err = run(capsys, "new", SC, "-o", tmp_path / "plain" / "g.json")
    assert code == 1 and "Not a directory" in err and err.count("\n") == 1
    assert run(capsys, "new", SC, "-o", tmp_path / "new" / "folder" / "g.json")[0] == 0


# --- malformed actions ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "action, words",
    [
        ('{"type":["move"]}', '"type" must be a string'),
        ("[" * 3000 + "]" * 3000, "nested too deeply"),
        ('{"type":"move","unit":' + "9" * 5000 + "}", "digits"),
        ('{"type":"move","unit":' + "9" * 40 + "}", "out of range"),
        ('{"type":"move","unit":"UNIT","path":' + "[" * 30 + "]" * 30 + "}", "nested too deeply"),
        ('{"type":"end-phase","hurry":true}', "has no key 'hurry'"),
        ('{"type":"move","unit":"UNIT","path":"1510"}', "path must be a list"),
        ('{"type":"move","unit":1.5,"path":[]}', "not a whole number"),
        ('{"type":"move","unit":"UNIT","path":[{"hex":1}]}', "hex ids (el-alamein:8.2)"),
    ],
)
def test_a_malformed_action_exits_2_and_leaves_the_file(tmp_path, capsys, action, words):
    path = tmp_path / "g.json"
    run(capsys, "new", SC, "-o", path)
    unit = json.loads(run(capsys, "actions", path)[1].splitlines()[1])["unit"]
    before = path.read_bytes()
    code, _, err = run(capsys, "act", path, action.replace("UNIT", unit))
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert path.read_bytes() == before and not journal_path(path).exists()


def test_act_has_no_seed_and_a_seeded_game_says_so(tmp_path, capsys):
    path = tmp_path / "g.json"
    code, out, _ = run(capsys, "new", SC, "-o", path, "--seed", "4")
    assert code == 0 and "seeded game (seed 4)" in out
    assert json.loads(path.read_text())["seed"] == 4
    code, out, _ = run(capsys, "show", path)
    assert "seeded game (seed 4): dice are reproducible, for tests and demos" in out.splitlines()[1]
    with pytest.raises(SystemExit):
        main(["act", str(path), '{"type":"end-phase"}', "--seed", "2"])
    plain = tmp_path / "plain.json"
    run(capsys, "new", SC, "-o", plain)
    assert "seed" not in json.loads(plain.read_text())
    assert "seeded" not in run(capsys, "show", plain)[1]


# --- seeds ---------------------------------------------------------------------------------------
def rolls_of(session: Session) -> list[list[int]]:
    return [e.rolls for e in session.log]


def test_a_seeded_game_rolls_on_the_same_after_a_load(tmp_path):
    def go(session: Session, bot: random.Random, n: int) -> Session:
        for _ in range(n):
            if session.outcome() is None:
                session.act(random_bot(session, bot))
        return session

    whole = go(Session.start(game_for(SC), SC, seed=11), random.Random(9), 160)
    bot = random.Random(9)
    half = go(Session.start(game_for(SC), SC, seed=11), bot, 80)
    path = tmp_path / "g.json"
    save(half, path)
    resumed = go(load(path), bot, 80)
    assert resumed.seed == 11 and sum(map(len, rolls_of(whole))) > 5
    assert [e.action for e in resumed.log] == [e.action for e in whole.log]
    assert rolls_of(resumed) == rolls_of(whole)


def rolled(session: Session) -> Session:
    assert sum(map(len, rolls_of(session))) > 3
    return session


def test_a_seed_added_to_an_unseeded_save_is_refused(tmp_path):
    """The header's digest proves the seed; and a seeded game's rolls are its seed's, so a seed added
    with its digest made again, or to a version 2 save, is refused too."""
    session = rolled(played(80, seeded=False))
    path = tmp_path / "g.json"
    save(session, path)
    env = json.loads(path.read_text())
    path.write_text(json.dumps(env | {"seed": 7}))
    refused(path, "at digest", "seed")
    path.write_text(json.dumps(env | {"seed": 7, "digest": saves.header_digest(env["stamp"], 7)}))
    refused(path, "was not rolled with the save's seed")
    old = {k: v for k, v in env.items() if k not in ("digest", "stamp")} | {"version": 2, "seed": 7}
    path.write_text(json.dumps(old))
    refused(path, "was not rolled with the save's seed")
    path.write_text(json.dumps(env))
    assert load(path).seed is None


def test_a_seed_changed_in_a_seeded_save_is_refused(tmp_path):
    path = tmp_path / "g.json"
    save(rolled(played(80, seed=3)), path)
    env = json.loads(path.read_text())
    path.write_text(json.dumps(env | {"seed": 4, "digest": saves.header_digest(env["stamp"], 4)}))
    refused(path, "was not rolled with the save's seed")


def test_an_unseeded_game_draws_its_dice_from_entropy(tmp_path):
    path = tmp_path / "g.json"
    save(played(30, seeded=False), path)
    session = load(path)
    assert session.seed is None and isinstance(session.dice._rng, random.SystemRandom)


# --- two writers ---------------------------------------------------------------------------------
RACER = """
import sys, time
from pathlib import Path
from wargames_tui.engine import saves
real = saves.replay
def slow(*args, **kwargs):
    session = real(*args, **kwargs)
    Path(sys.argv[3], sys.argv[4]).touch()
    deadline = time.time() + 2
    while len(list(Path(sys.argv[3]).iterdir())) < 2 and time.time() < deadline:
        time.sleep(0.01)
    return session
saves.replay = slow
from wargames_tui.cli import main
sys.exit(main(["act", sys.argv[1], sys.argv[2]]))
"""


def test_two_processes_acting_at_once_lose_no_action(tmp_path, capsys):
    path = tmp_path / "g.json"
    run(capsys, "new", SC, "-o", path)
    moves = [json.loads(line) for line in run(capsys, "actions", path)[1].splitlines()[1:]]
    first = moves[0]
    second = next(m for m in moves if m["type"] == "move" and m["unit"] != first["unit"])
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, str(path), json.dumps(m), str(barrier), str(i)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )
        for i, m in enumerate((first, second))
    ]
    results = [(r.wait(30), r.stderr.read()) for r in racers]
    log = [e.action for e in load(path).log]
    done = [m for m, (code, _) in zip((first, second), results) if code == 0]
    assert all(m in log for m in done), f"an action reported done is not in the save: {results}"
    assert len(log) == len(done)
    for code, err in results:
        assert code == 0 or (code == 1 and "another wargames process" in err and "Traceback" not in err), err


def test_a_session_does_not_overwrite_a_save_changed_since_it_was_read(tmp_path, capsys):
    path = tmp_path / "g.json"
    run(capsys, "new", SC, "-o", path)
    session = load(path)
    assert run(capsys, "act", path, '{"type": "end-phase"}')[0] == 0
    before = path.read_bytes()
    session.act(session.prompt.actions[0])
    with pytest.raises(SaveBusy, match="changed by another program"):
        save(session, path)
    assert path.read_bytes() == before


# --- how a save is written ---------------------------------------------------------------------
def test_writing_keeps_the_mode_and_goes_through_a_link(tmp_path):
    target = tmp_path / "real" / "g.json"
    target.parent.mkdir()
    session = played(3)
    save(session, target)
    os.chmod(target, 0o640)
    link = tmp_path / "link.json"
    os.symlink(target, link)
    session.act(random_bot(session, random.Random(1)))
    save(session, link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert (os.stat(target).st_mode & 0o777) == 0o640
    assert len(load(link).log) == len(session.log) == len(load(target).log)


def test_temporary_files_of_a_killed_write_are_cleaned_up(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    path = saved(folder)
    stale = folder / ".g.json.k1ll3d.tmp"
    stale.write_text("half a save")
    other = folder / ".other.json.abc123.tmp"
    other.write_text("half another")
    fresh = folder / ".new.json.xyz.tmp"
    fresh.write_text("being written right now")
    old = time.time() - 3600
    os.utime(other, (old, old))
    save(load(path), path, compact=True)  # a rewrite cleans up after the killed one
    assert not stale.exists() and other.exists()
    list_saves(folder)
    assert not other.exists() and fresh.exists()


# --- the journal ---------------------------------------------------------------------------------
@pytest.fixture
def small_journal(monkeypatch):
    """Journal from a 4 KB file on, compact from 16 journaled actions: El Alamein's short games
    then go through every stage."""
    monkeypatch.setattr(saves, "JOURNAL_FROM", 4096)
    monkeypatch.setattr(saves, "JOURNAL_MIN", 16)


def autosaved(tmp_path: Path, n: int, scenario: str = SC, seed: int = 1) -> tuple[Session, Path, list[tuple]]:
    """A game saved after every action as the client does; the snapshot file's identity after each."""
    path = tmp_path / "auto.json"
    session = Session.start(game_for(scenario), scenario, seats={}, seed=seed)
    rng = random.Random(5)
    seen = []
    for _ in range(n):
        if session.outcome() is not None:
            break
        session.act(random_bot(session, rng))
        save(session, path)
        st = os.stat(path)
        seen.append((st.st_ino, st.st_mtime_ns, st.st_size))
    return session, path, seen


def test_autosave_appends_one_line_per_action_once_the_save_is_large(tmp_path, small_journal):
    session, path, seen = autosaved(tmp_path, 400)
    rewrites = sum(1 for a, b in zip(seen, seen[1:]) if a != b)
    large = next(i for i, s in enumerate(seen) if s[2] >= saves.JOURNAL_FROM)
    assert rewrites - large <= 4, "after the file is large, it is rewritten only when the journal doubles it"
    journal = journal_path(path).read_bytes().splitlines()
    assert len(journal) - 1 == len(session.log) - read_envelope(path)._snapshot_at
    assert max(len(line) for line in journal) < 1024
    again = load(path)
    assert again.game.dump(again.state) == session.game.dump(session.state)
    assert list_saves(tmp_path)[0].envelope.updated == session.updated


def test_a_torn_last_journal_line_costs_only_that_action_and_says_so(tmp_path, small_journal):
    session, path, _ = autosaved(tmp_path, 300)
    journal = journal_path(path)
    data = journal.read_bytes()
    assert data.count(b"\n") >= 3
    journal.write_bytes(data[:-7])  # the last write cut off by a crash
    again = load(path)
    assert [e.action for e in again.log] == [e.action for e in session.log[:-1]]
    (note,) = again.notes
    assert "was cut off" in note and f"action {len(session.log)} set aside" in note
    save(again, path)  # the next write folds the journal back into the file, and keeps the damaged one
    assert not journal.exists() and len(load(path).log) == len(session.log) - 1
    assert saves.damaged_path(path).read_bytes() == data[:-7]


def journal_lines(path: Path) -> tuple[list[bytes], int]:
    """The journal's lines, and the number of actions in the file before it."""
    return journal_path(path).read_bytes().splitlines(keepends=True), read_envelope(path)._snapshot_at


def loaded_prefix(path: Path, session: Session, kept: int, *words: str) -> Session:
    """The save loads the game's first `kept` actions, with a note naming what was set aside."""
    again = load(path)
    assert [(e.action, e.rolls) for e in again.log] == [(e.action, e.rolls) for e in session.log[:kept]]
    assert again.notes and all(word in again.notes[0] for word in words), again.notes
    assert str(path) in again.notes[0]
    return again


def test_a_bad_journal_line_sets_it_and_those_after_aside_with_a_note(tmp_path, small_journal):
    session, path, _ = autosaved(tmp_path, 300, seed=2)
    lines, base = journal_lines(path)
    assert len(lines) >= 4
    lines[2] = b'{"n": "two"}\n'
    journal_path(path).write_bytes(b"".join(lines))
    loaded_prefix(path, session, base + 1, "line 3 cannot be read", f"actions {base + 2} to {len(session.log)} set aside")


def _swapped(session: Session, line: dict) -> dict | None:
    """Another action legal where the line's was played, with the rolls it makes; None if none."""
    before = Session.start(session.game, session.scenario, session.options)
    for entry in session.log[: line["n"]]:
        before.dice = Dice.replaying(entry.rolls)
        before.act(entry.action)
    for other in before.prompt.actions:
        if other != line["action"]:
            trial = Session.start(session.game, session.scenario, session.options, seed=1)
            trial.state = before.game.copy_state(before.state)
            try:
                trial.act(other)
            except Exception:  # noqa: BLE001 - not every listed action is accepted everywhere
                continue
            return {**line, "action": other, "rolls": trial.log[-1].rolls}
    return None


def test_a_journaled_action_swapped_or_its_roll_changed_does_not_load_as_another_game(tmp_path, small_journal):
    """The line proves itself by its digest: a changed action or roll is set aside, and said."""
    session, path, _ = autosaved(tmp_path, 300, seed=2)
    lines, base = journal_lines(path)
    k, swapped = next((k, other) for k in range(len(lines) - 1, 0, -1) if (other := _swapped(session, json.loads(lines[k]))))
    journal_path(path).write_bytes(b"".join(lines[:k]) + json.dumps(swapped).encode() + b"\n")  # the last line now
    loaded_prefix(path, session, swapped["n"], f"line {k + 1} does not match its digest", f"action {swapped['n'] + 1} set aside")
    k, rolled = next((k, json.loads(line)) for k, line in reversed(list(enumerate(lines))) if k and json.loads(line)["rolls"])
    rolled["rolls"][0] = rolled["rolls"][0] % 6 + 1
    journal_path(path).write_bytes(b"".join(lines[:k]) + json.dumps(rolled).encode() + b"\n")
    loaded_prefix(path, session, rolled["n"], f"line {k + 1} does not match its digest")


def test_a_proven_journaled_action_the_rules_refuse_is_set_aside_with_a_note(tmp_path, small_journal):
    """A line whose digest was made again for an action the rules refuse (or rules that changed)."""
    session, path, _ = autosaved(tmp_path, 300, seed=2)
    lines, _ = journal_lines(path)
    before = json.loads(lines[-2])["digest"] if len(lines) > 2 else json.loads(path.read_text())["digest"]
    bad = json.loads(lines[-1]) | {"action": {"type": "no-such-action"}}
    bad["digest"] = saves.line_digest(before, bad)
    journal_path(path).write_bytes(b"".join(lines[:-1]) + json.dumps(bad).encode() + b"\n")
    again = loaded_prefix(path, session, len(session.log) - 1, "cannot be replayed", f"action {len(session.log)} set aside")
    assert again.game.dump(again.state) == load_prefix_state(session, len(session.log) - 1)


def load_prefix_state(session: Session, n: int) -> dict:
    again = Session.start(session.game, session.scenario, session.options)
    for entry in session.log[:n]:
        again.dice = Dice.replaying(entry.rolls)
        again.act(entry.action)
    return again.game.dump(again.state)


def test_a_flipped_bit_or_a_deep_line_at_the_end_of_the_journal_is_never_dropped_in_silence(tmp_path, small_journal):
    session, path, _ = autosaved(tmp_path, 300, seed=2)
    lines, base = journal_lines(path)
    whole = [(e.action, e.rolls) for e in session.log]
    rng = random.Random(3)
    for _ in range(40):
        last = bytearray(lines[-1])
        at = rng.randrange(len(last))
        last[at] ^= 1 << rng.randrange(8)
        journal_path(path).write_bytes(b"".join(lines[:-1]) + bytes(last))
        again = load(path)
        if [(e.action, e.rolls) for e in again.log] != whole:
            assert [(e.action, e.rolls) for e in again.log] == whole[:-1] and again.notes, (at, bytes(last))
    journal_path(path).write_bytes(b"".join(lines[:-1]) + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    loaded_prefix(path, session, len(session.log) - 1, "nested too deeply", f"action {len(session.log)} set aside")


def test_a_version_2_save_and_its_journal_load_and_are_written_again_as_version_3(tmp_path, small_journal):
    """Saves from before the digests load as they are (their journal lines are taken on trust, as
    they were written); the next save rewrites the file in version 3."""
    session, path, _ = autosaved(tmp_path, 300, seed=2)
    lines, _ = journal_lines(path)
    env = json.loads(path.read_text())
    env = {k: v for k, v in env.items() if k != "digest"} | {"version": 2}
    path.write_text(json.dumps(env))
    head = json.loads(lines[0]) | {"version": 1}
    old = [json.dumps(head).encode() + b"\n"] + [json.dumps({k: v for k, v in json.loads(x).items() if k != "digest"}).encode() + b"\n" for x in lines[1:]]
    journal_path(path).write_bytes(b"".join(old))
    again = load(path)
    assert again.game.dump(again.state) == session.game.dump(session.state) and not again.notes
    save(again, path)
    assert json.loads(path.read_text())["version"] == saves.FORMAT_VERSION == 3 and not journal_path(path).exists()
    assert len(load(path).log) == len(session.log)


def test_the_command_line_says_what_a_damaged_journal_lost(tmp_path, small_journal, capsys):
    session, path, _ = autosaved(tmp_path, 300, seed=2)
    data = journal_path(path).read_bytes()
    journal_path(path).write_bytes(data[:-7])
    code, out, err = run(capsys, "show", path)
    assert code == 0 and out
    assert err.startswith("wargames: warning: ") and f"action {len(session.log)} set aside" in err and err.count("\n") == 1


def test_undo_rewrites_the_file_and_a_stale_journal_is_ignored(tmp_path, small_journal):
    session, path, _ = autosaved(tmp_path, 100, seed=5)  # seeded: a game that ends early would leave the bot no action
    journal = journal_path(path)
    assert journal.exists()
    old_journal = journal.read_bytes()
    bot = random.Random(2)
    for _ in range(50):
        session.act(random_bot(session, bot))
        save(session, path)
        if session.undo():
            break
    assert len(session.log) < read_envelope(path).actions
    save(session, path)
    assert not journal.exists()
    journal.write_bytes(old_journal)  # a journal whose removal was lost in a crash
    again = load(path)
    assert [e.action for e in again.log] == [e.action for e in session.log]


def test_a_solitaire_side_played_by_the_game_is_a_valid_seat(tmp_path):
    path = tmp_path / "sv.json"
    session = played(5, scenario="strange-victory/campaign")
    session.seats = {"german": "human", "allied": "game"}
    save(session, path)
    assert load(path).seats == {"german": "human", "allied": "game"}


def test_a_journaled_save_reached_through_a_link_loads_its_journal(tmp_path, monkeypatch):
    """The writer appends to the journal beside the file the link leads to; loading and listing
    through the link read that one (they read LINK.journal, and lost the journaled actions)."""
    monkeypatch.setattr(saves, "JOURNAL_FROM", 1024)
    target = tmp_path / "real" / "g.json"
    target.parent.mkdir()
    session = played(30)
    save(session, target)
    link = tmp_path / "link.json"
    os.symlink(target, link)
    session.act(random_bot(session, random.Random(1)))
    session.updated = "2099-01-01T00:00:00+00:00"  # what the journal's summary says, not the file's header
    save(session, link)
    assert saves.journal_path(target).exists()
    assert len(load(link).log) == len(session.log) == len(load(target).log)
    assert read_header(link).updated == read_header(target).updated == session.updated
