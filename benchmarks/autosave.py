"""The autosave after each action of one long random game, as the client calls it: CPU ms a save.

    python benchmarks/autosave.py                          # a random 1940 Blitzkrieg game, seed 3
    python benchmarks/autosave.py dynamo/campaign --seed 2

CPU time (the machine is shared): the fsync's wait for the disk is not counted, the work is.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def autosave_ms(scenario: str, seed: int) -> list[float]:
    """CPU ms of save() after each action of a random game, in the order played."""
    from wargames_tui.bots import random_bot
    from wargames_tui.engine.saves import save
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    rng = random.Random(seed)
    session = Session.start(game_for(scenario), scenario, seed=seed)
    costs = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "auto.json"
        while session.outcome() is None:
            session.act(random_bot(session, rng))
            start = time.process_time()
            save(session, path)
            costs.append((time.process_time() - start) * 1000)
    return costs


def describe(costs: list[float]) -> str:
    n = len(costs)
    parts = {"first 100": costs[:100], "middle 100": costs[n // 2 - 50 : n // 2 + 50], "last 100": costs[-100:]}
    medians = ", ".join(f"{k} {statistics.median(v):.2f}" for k, v in parts.items())
    p99 = sorted(costs)[int(n * 0.99)]
    return f"{n} saves: median ms {medians}; all {statistics.median(costs):.2f}, 99th percentile {p99:.2f}, max {max(costs):.1f}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario", nargs="?", default="blitzkrieg-1940/1940")
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args()
    print(f"{args.scenario}, seed {args.seed}: {describe(autosave_ms(args.scenario, args.seed))}")


if __name__ == "__main__":
    main()
