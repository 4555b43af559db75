"""Rules kept identical by a speed change: random games' logs, events, views and final positions.

    python benchmarks/same_games.py --write before.json dynamo/campaign --seeds 1 2 3   # before
    python benchmarks/same_games.py --check before.json                                 # after

Plays each scenario's games between random bots (benchmarks/engine.py's `random_game`) and keeps a
digest of each game's action log (actions, dice, sides), of every event's text and data, of the
prompt (without its actions), the public view and each side's view after every action, and of the final dump. A change that only
makes the rules faster leaves every digest as it was; `--check` names the first game that differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.engine import random_game  # noqa: E402
from wargames_tui.games import all_scenarios  # noqa: E402


def _text(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, default=repr).encode()


def fingerprint(scenario: str, seed: int) -> dict[str, object]:
    """The digests of one random game, played again from its log to see every view on the way."""
    from wargames_tui.engine.dice import Dice
    from wargames_tui.engine.session import Session

    session = random_game(scenario, seed)
    game = session.game
    log, events, views = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    again = Session.start(game, scenario, session.options)
    sides = [None, *next(s.sides for s in game.scenarios() if s.id == scenario)]
    for entry in session.log:
        log.update(_text(entry.to_json()))
        again.dice = Dice.replaying(entry.rolls)
        for e in again.act(entry.action):
            events.update(_text([e.kind, e.text, e.data, e.commit, e.only]))
        prompt = again.prompt
        views.update(_text([prompt.side, prompt.phase, prompt.text, prompt.case, len(prompt.actions)]))
        for side in sides:
            views.update(_text(game.view(again.state, side)))
    return {
        "actions": len(session.log),
        "log": log.hexdigest(),
        "events": events.hexdigest(),
        "views": views.hexdigest(),
        "final": hashlib.sha256(_text(game.dump(session.state))).hexdigest(),
        "outcome": _text(session.outcome().to_json()).decode(),
    }


def main() -> int:
    if os.environ.get("PYTHONHASHSEED") != "0":  # some views list sets: the same order in both runs
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenarios", nargs="*", help="default: every scenario (--write), the file's (--check)")
    p.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    mode = p.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path, help="record the digests in this file")
    mode.add_argument("--check", type=Path, help="compare with the digests in this file")
    args = p.parse_args()
    if args.write:
        found: dict[str, dict[str, object]] = {}
        for sc in args.scenarios or [s.id for s in all_scenarios()]:
            for seed in args.seeds:
                start = time.process_time()
                found[f"{sc} {seed}"] = fingerprint(sc, seed)
                print(f"{sc} seed {seed}: {found[f'{sc} {seed}']['actions']} actions ({time.process_time() - start:.1f} s)")
        args.write.write_text(json.dumps(found, indent=1) + "\n")
        return 0
    recorded = json.loads(args.check.read_text())
    bad = 0
    for key, want in recorded.items():
        sc, seed = key.rsplit(" ", 1)
        if args.scenarios and sc not in args.scenarios:
            continue
        got = fingerprint(sc, int(seed))
        diff = [k for k in want if got.get(k) != want[k]]
        bad += bool(diff)
        print(f"{key}: {'same' if not diff else 'DIFFERS in ' + ', '.join(diff)} ({got['actions']} actions)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
