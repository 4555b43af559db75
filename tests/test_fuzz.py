"""Fuzz: mutated saves and malformed actions for every scenario. Whatever the input, a save is
refused with a SaveError (the command line: one line, exit 1) or loads; an action is refused with
an IllegalAction (exit 2) and the file is unchanged, or it is legal and played. Never a traceback.

The cases are drawn from a seeded generator, so a failure names its seed and repeats.
WARGAMES_FUZZ=N multiplies the number of cases (default 1: a few seconds for the whole module);
WARGAMES_FUZZ_SEED picks another seed. See docs/saves.md.
"""

import copy
import json
import os
import random
from pathlib import Path

import pytest

from wargames_tui.cli import main
from wargames_tui.engine import saves
from wargames_tui.engine.saves import SaveError, journal_path, load, read_header, save
from wargames_tui.games import all_scenarios

from tests.engine.savehelpers import played

SCALE = int(os.environ.get("WARGAMES_FUZZ", "1"))
SEED = int(os.environ.get("WARGAMES_FUZZ_SEED", "20261201"))
SCENARIOS = [s.id for s in all_scenarios()]
FILE_CASES = 40 * SCALE
JOURNAL_CASES = 12 * SCALE
ACTION_CASES = 30 * SCALE

ODD_VALUES = [None, True, False, 0, -1, 1.5, 2**70, "", "2", "x" * 300, [], [1], {}, {"a": 1}, "human", "bot:"]


def deep(n: int) -> object:
    value: object = []
    for _ in range(n):
        value = [value]
    return value


# --- mutations of the envelope (parsed), then of the text ------------------------------------------
def places(obj: object, at: tuple = ()) -> list[tuple]:
    """Every path to a value inside obj (log and snapshot sampled, to keep the list short)."""
    found = [at]
    if isinstance(obj, dict):
        for k, v in obj.items():
            found += places(v, at + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:4]):
            found += places(v, at + (i,))
    return found


def parent(env: dict, at: tuple):
    node = env
    for key in at[:-1]:
        node = node[key]
    return node


def m_delete(env, rng):
    at = rng.choice([p for p in places(env) if p])
    node = parent(env, at)
    if isinstance(node, dict):
        del node[at[-1]]
    else:
        node.pop(at[-1])


def m_retype(env, rng):
    at = rng.choice([p for p in places(env) if p])
    parent(env, at)[at[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))


def m_nest(env, rng):
    at = rng.choice([p for p in places(env) if p])
    parent(env, at)[at[-1]] = deep(rng.choice([40, 300]))


def m_log(env, rng):
    log = env["log"]
    i = rng.randrange(len(log))
    kind = rng.choice(["dup", "drop", "swap", "action", "key", "side"])
    if kind == "dup":
        log.insert(i, copy.deepcopy(log[i]))
    elif kind == "drop":
        log.pop(i)
    elif kind == "swap":
        j = rng.randrange(len(log))
        log[i], log[j] = log[j], log[i]
    elif kind == "action":
        log[i]["action"] = rng.choice([{"type": ["move"]}, {"type": "move"}, {}, {"type": "end-phase", "x": deep(20)}, {"type": 5}])
    elif kind == "key":
        log[i]["extra"] = 1
    else:
        log[i]["side"] = rng.choice([5, ["gi"], {}])


def m_rolls(env, rng):
    with_rolls = [e for e in env["log"] if e["rolls"]] or env["log"]
    rng.choice(with_rolls)["rolls"] = copy.deepcopy(rng.choice([[0], [7], [True], ["1"], [1, 1, 1, 1, 1], [], [10**20], [1.0], None]))


REFUSED = {  # mutations no save may pass: each must be a SaveError
    "version": lambda env, rng: env.update(version=rng.choice(["2", 2.0, True, 0, -1, 99, None, [2]])),
    "finished": lambda env, rng: env.update(finished=rng.choice(["yes", 1, 0, None, []])),
    "seats": lambda env, rng: env.update(seats=rng.choice([{"zz": "human"}, {k: "robot" for k in env["seats"]} or {"x": 1}])),
    "game": lambda env, rng: env.update(game=rng.choice(["", 7, "chess", "dieppe" if env["game"] != "dieppe" else "panzer-corps"])),
    "options": lambda env, rng: env.update(options=rng.choice([{"fog": "on"}, {"events": "maybe"}, {"setup": 3}])),
    "seed": lambda env, rng: env.update(seed=rng.choice(["7", True, 2**70, 1.5])),
    "format": lambda env, rng: env.update(format=rng.choice(["wargames-tui-sav", None, 1])),
}
ANYTHING_BUT_A_CRASH = [m_delete, m_retype, m_nest, m_log, m_rolls]


def text_mutation(text: str, rng: random.Random) -> bytes:
    data = bytearray(text.encode("utf-8"))
    kind = rng.choice(["truncate", "flip", "insert", "junk", "digits", "nan"])
    if kind == "truncate":
        return bytes(data[: rng.randrange(len(data))])
    if kind == "flip":
        for _ in range(rng.randint(1, 5)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
        return bytes(data)
    if kind == "insert":
        i = rng.randrange(len(data))
        return bytes(data[:i]) + rng.randbytes(rng.randint(1, 20)) + bytes(data[i:])
    if kind == "junk":
        return rng.randbytes(rng.randint(1, 4000))
    numbers = [i for i in range(len(data)) if chr(data[i]).isdigit()]
    i = rng.choice(numbers)
    return bytes(data[:i]) + (b"9" * 5000 if kind == "digits" else b"NaN,0") + bytes(data[i + 1 :])


def expect_clean(path: Path, must_refuse: bool, case: str) -> None:
    before = path.read_bytes()
    try:
        load(path)
        assert not must_refuse, f"{case}: a bad save was accepted"
    except SaveError as exc:
        assert "\n" not in str(exc), case
    try:
        read_header(path)
    except SaveError:
        pass
    assert path.read_bytes() == before, case


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, str]:
    """A short real save of every scenario, as text."""
    folder = tmp_path_factory.mktemp("fuzz")
    texts = {}
    for i, sc in enumerate(SCENARIOS):
        path = folder / f"{i}.json"
        save(played(25, seed=SEED % 1000 + i, scenario=sc), path)
        texts[sc] = path.read_text()
    return texts


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_mutated_saves_are_refused_cleanly(scenario, games, tmp_path):
    rng = random.Random(f"{SEED}-{scenario}")
    good = json.loads(games[scenario])
    path = tmp_path / "m.json"
    for n in range(FILE_CASES):
        case = f"seed {SEED}, {scenario}, case {n}"
        env = copy.deepcopy(good)
        if n % 3 == 0:
            name = rng.choice(sorted(REFUSED))
            REFUSED[name](env, rng)
            path.write_text(json.dumps(env))
            expect_clean(path, True, f"{case} ({name})")
        elif n % 3 == 1:
            mutation = rng.choice(ANYTHING_BUT_A_CRASH)
            mutation(env, rng)
            try:
                path.write_text(json.dumps(env))
            except (RecursionError, ValueError):
                continue
            expect_clean(path, False, f"{case} ({mutation.__name__})")
        else:
            path.write_bytes(text_mutation(games[scenario], rng))
            expect_clean(path, False, f"{case} (text)")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_mutated_journals_are_refused_cleanly(scenario, games, tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "JOURNAL_FROM", 0)
    rng = random.Random(f"{SEED}-journal-{scenario}")
    path = tmp_path / "j.json"
    path.write_text(games[scenario])
    session = load(path)
    for _ in range(6):
        if session.outcome() is None and session.prompt.actions:
            session.act(rng.choice(list(session.prompt.actions)))
            save(session, path)
    journal = journal_path(path)
    if not journal.exists():
        pytest.skip(f"{scenario}: the game ended before a journal was written")
    good = journal.read_bytes()
    played = [(e.action, e.rolls) for e in load(path).log]
    for n in range(JOURNAL_CASES):
        lines = good.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        kind = rng.choice(["dup", "drop", "garbage", "stamp", "text"])
        if kind == "dup":
            lines.insert(i, lines[i])
        elif kind == "drop":
            lines.pop(i)
        elif kind == "garbage":
            lines[i] = b'{"n": "x", "action": 5}\n'
        elif kind == "stamp":
            lines[0] = lines[0].replace(b'"stamp":"', b'"stamp":"0')
        data = b"".join(lines) if kind != "text" else text_mutation(good.decode(), rng)
        journal.write_bytes(data)
        case = f"seed {SEED}, {scenario}, journal case {n} ({kind})"
        expect_clean(path, False, case)
        expect_no_other_game(path, played, kind in ("dup", "garbage") or (kind == "drop" and i < len(lines)), case)


def expect_no_other_game(path: Path, played: list, must_note: bool, case: str) -> None:
    """A damaged journal loads as the game's first actions, never another game: what it set aside,
    it says (a journal cut at a line's end is a save that stopped there: nothing to say)."""
    try:
        session = load(path)
    except SaveError:
        return
    loaded = [(e.action, e.rolls) for e in session.log]
    assert loaded == played[: len(loaded)], f"{case}: loaded as another game"
    assert session.notes or not must_note, f"{case}: {len(played) - len(loaded)} actions set aside in silence"


def malformed(action: dict, rng: random.Random) -> str:
    action = copy.deepcopy(action)
    kind = rng.choice(["type", "drop", "unknown", "retype", "deep", "huge", "float", "json", "list", "bytes"])
    keys = [k for k in action if k != "type"]
    if kind == "type":
        action["type"] = rng.choice([[action["type"]], None, 5, action["type"].upper()])
    elif kind == "drop" and keys:
        del action[rng.choice(keys)]
    elif kind == "unknown":
        action[rng.choice(["x", "unit2", "__class__"])] = 1
    elif kind == "retype" and keys:
        action[rng.choice(keys)] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif kind == "deep":
        action[rng.choice(keys or ["x"])] = deep(rng.choice([6, 50, 2000]))
    elif kind == "huge":
        return json.dumps(action)[:-1] + ',"n":' + "9" * rng.choice([30, 5000]) + "}"
    elif kind == "float":
        action[rng.choice(keys or ["x"])] = rng.choice([1.5, 1e308])
    elif kind == "json":
        return json.dumps(action)[: rng.randrange(1, len(json.dumps(action)))]
    elif kind == "list":
        return json.dumps([action])
    elif kind == "bytes":
        return rng.randbytes(12).decode("latin-1")
    try:
        return json.dumps(action)
    except (RecursionError, ValueError):
        return "[" * 3000


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_malformed_actions_exit_2_and_leave_the_save(scenario, games, tmp_path, capsys):
    rng = random.Random(f"{SEED}-act-{scenario}")
    path = tmp_path / "a.json"
    path.write_text(games[scenario])
    listed = list(load(path).prompt.actions)
    for n in range(ACTION_CASES):
        case = f"seed {SEED}, {scenario}, action case {n}"
        text = malformed(rng.choice(listed), rng)
        path.write_text(games[scenario])
        journal_path(path).unlink(missing_ok=True)  # a case played before journaled its action
        before = path.read_bytes()
        code = main(["act", str(path), "--", text])
        err = capsys.readouterr().err
        assert code in (0, 2), f"{case}: {text[:100]!r} -> exit {code}: {err}"
        if code == 2:
            assert err.count("\n") == 1 and "Traceback" not in err, case
            assert path.read_bytes() == before and not journal_path(path).exists(), case
