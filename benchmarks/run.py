"""Measure what players feel: start-up, drawing, legal moves, playouts, saves.

    python benchmarks/run.py            # prints a table; docs/PERFORMANCE.md records the figures
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

SC = "panzer-corps/el-alamein"


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float], unit: str = "ms") -> None:
    scale = 1000 if unit == "ms" else 1
    print(f"{name:<44} median {statistics.median(times) * scale:9.2f} {unit}   "
          f"min {min(times) * scale:9.2f} {unit}   (n={len(times)})")


def cold_start(args: list[str], repeat: int = 5) -> list[float]:
    """A fresh interpreter that starts the client headless and quits once the first screen is up."""
    code = (
        "import asyncio, sys, time; t0 = time.perf_counter();"
        "from benchmarks.client import first_screen;"
        f"asyncio.run(first_screen({args!r})); print(time.perf_counter() - t0)"
    )
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, cwd=Path(__file__).parents[1])
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    from wargames_tui.engine.saves import load, save
    from wargames_tui.games import game_for
    from wargames_tui.selfplay import play_one

    os.environ.setdefault("WARGAMES_SAVE_DIR", tempfile.mkdtemp())
    game = game_for(SC)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores\n")

    report("cold start to the main menu", cold_start([]), "s")
    report("`wargames play` to the first drawn map", cold_start([SC]), "s")

    from benchmarks.client import map_frame

    report("one full map frame (El Alamein, 120x40)", asyncio.run(map_frame(repeat=50)))

    state = game.new(SC, {})
    prompts = timed(lambda: game.prompt(state), 50)
    n_actions = len(game.prompt(state).actions)
    report(f"legal actions at set-up ({n_actions} actions)", prompts)
    print(f"{'  = legal actions per second':<44} {n_actions / statistics.median(prompts):12.0f}")

    games = timed(lambda: play_one(game, SC, random.randrange(10**6), check_every=10**9), 10)
    report("one complete random game (no save checks)", games, "s")
    print(f"{'  = complete random games per second':<44} {1 / statistics.median(games):12.2f}")

    session = play_one(game, SC, 7, check_every=10**9)
    path = Path(tempfile.mkdtemp()) / "bench.json"
    report(f"save a finished game ({len(session.log)} actions)", timed(lambda: save(session, path), 20))
    report("load it (validate + replay + compare)", timed(lambda: load(path), 20))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    main()
