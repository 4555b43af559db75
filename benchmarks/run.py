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
LARGEST = "panzer-corps/kharkov"
SCENARIOS = ["panzer-corps/el-alamein", "panzer-corps/dunkerque", "panzer-corps/kharkov", "panzer-corps/operation-compass"]
SOLITAIRE = {  # the area-map games and the action that ends their set-up
    "dieppe/raid": {"type": "end-setup"},
    "strange-victory/campaign": None,  # the historical set-up is the default
}


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float], unit: str = "ms") -> None:
    scale = 1000 if unit == "ms" else 1
    print(f"{name:<52} median {statistics.median(times) * scale:9.2f} {unit}   "
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


def bare_game(game, scenario: str, seed: int):
    """One complete game between random bots, without the selfplay checks."""
    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session

    rng = random.Random(seed)
    session = Session.start(game, scenario, seed=seed)
    while session.outcome() is None:
        session.act(random_bot(session, rng))
    return session


def first_movement(game, scenario: str):
    """The position at the first movement step: set-up done with the first legal choices."""
    from wargames_tui.engine.dice import Dice

    state = game.new(scenario, {})
    if scenario in SOLITAIRE:  # the first turn's actions, once set up
        if SOLITAIRE[scenario]:
            game.apply(state, SOLITAIRE[scenario], Dice(1))
        return state
    while state.step != "move":
        actions = game.prompt(state).actions
        end = [a for a in actions if a["type"] == "end-phase"]
        game.apply(state, end[0] if end else actions[0], Dice(1))
    return state


def main() -> None:
    from wargames_tui.engine.saves import load, save
    from wargames_tui.games import game_for

    os.environ.setdefault("WARGAMES_SAVE_DIR", tempfile.mkdtemp())
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores\n")

    report("cold start to the main menu", cold_start([]), "s")
    report("`wargames play` to the first drawn map", cold_start([SC]), "s")

    from benchmarks.client import map_frame

    report("one full map frame, Khar'kov (largest, 30x36)", asyncio.run(map_frame(LARGEST, repeat=50)))
    report("  the same with no cached style (first sight)", asyncio.run(map_frame(LARGEST, repeat=20, cold=True)))
    for sc in SOLITAIRE:
        report(f"one full map frame, {sc}", asyncio.run(map_frame(sc, repeat=50)))

    for sc in SCENARIOS + list(SOLITAIRE):
        game = game_for(sc)
        state = first_movement(game, sc)
        prompts = timed(lambda: game.prompt(state), 20)
        n_actions = len(game.prompt(state).actions)
        report(f"{sc}: legal moves, first movement ({n_actions})", prompts)
        print(f"{'  = legal actions per second':<52} {n_actions / statistics.median(prompts):12.0f}")
        games = timed(lambda: bare_game(game, sc, random.randrange(10**6)), 5)
        report(f"{sc}: one complete random game", games, "s")
        print(f"{'  = complete random games per second':<52} {1 / statistics.median(games):12.2f}")

    session = bare_game(game_for(SC), SC, 7)
    path = Path(tempfile.mkdtemp()) / "bench.json"
    report(f"save a finished El Alamein game ({len(session.log)} actions)", timed(lambda: save(session, path), 20))
    report("load it (validate + replay + compare)", timed(lambda: load(path), 20))
    session = bare_game(game_for(LARGEST), LARGEST, 7)
    report(f"save a finished Khar'kov game ({len(session.log)} actions)", timed(lambda: save(session, path), 10))
    report("load it (validate + replay + compare)", timed(lambda: load(path), 10))
    for sc in SOLITAIRE:
        session = bare_game(game_for(sc), sc, 7)
        report(f"save a finished {sc} ({len(session.log)} actions)", timed(lambda: save(session, path), 10))
        report("load it (validate + replay + compare)", timed(lambda: load(path), 10))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    main()
