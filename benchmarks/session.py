"""Session.act before and after a change of engine/session.py, in one process, on the same games.

    python benchmarks/session.py --before 570ba62 panzer-corps/kharkov dynamo/campaign

For each scenario: one random game (seed 1) played through each Session, and its log replayed
(as loading does) through each, CPU medians of --repeat runs. The old Session is read from git
at --before and loaded beside the current one; the games' code is the current one for both.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wargames_tui.bots import random_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


def old_session(rev: str) -> type:
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:wargames_tui/engine/session.py"],
                          capture_output=True, text=True, check=True).stdout
    path = Path(tempfile.mkdtemp()) / "old_session.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("old_session", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_session"] = module
    spec.loader.exec_module(module)
    return module.Session


def play(cls: type, scenario: str, seed: int) -> tuple[float, list]:
    rng = random.Random(seed)
    session = cls.start(game_for(scenario), scenario, seed=seed)
    t = time.process_time()
    while session.outcome() is None:
        session.act(random_bot(session, rng))
    return time.process_time() - t, session.log


def replay(cls: type, scenario: str, log: list) -> float:
    again = cls.start(game_for(scenario), scenario)
    t = time.process_time()
    for entry in log:
        again.dice = Dice.replaying(entry.rolls)
        again.act(entry.action)
    return time.process_time() - t


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("scenarios", nargs="+")
    p.add_argument("--before", required=True, help="the git revision whose session.py is 'before'")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    sessions = {"before": old_session(args.before), "after": Session}
    for sc in args.scenarios:
        row = []
        logs = {}
        for name, cls in sessions.items():
            plays = [play(cls, sc, 1) for _ in range(args.repeat)]
            logs[name] = plays[0][1]
            row.append(f"{name}: game {statistics.median(t for t, _ in plays):.2f} s")
        assert [e.action for e in logs["before"]] == [e.action for e in logs["after"]], "the same game both ways"
        for name, cls in sessions.items():
            row.append(f"{name}: replay {statistics.median(replay(cls, sc, logs[name]) for _ in range(args.repeat)) * 1000:.0f} ms")
        print(f"{sc} ({len(logs['after'])} actions): " + "; ".join(row))


if __name__ == "__main__":
    main()
