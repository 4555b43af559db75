"""Engine speed: complete random games through the protocol, and load with full replay.

    python benchmarks/engine.py                 # every scenario, a few games each
    python benchmarks/engine.py --games 50 panzer-corps/el-alamein
    python benchmarks/engine.py --profile panzer-corps/kharkov   # cProfile of a few games

A game is played through `Session` (prompt, act: each action applied to a copy of the
state, as the client does) by random bots on both sides, with no selfplay checks.
Results go to docs/PERFORMANCE.md ("A fast engine").
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for


def random_game(scenario: str, seed: int) -> Session:
    rng = random.Random(seed)
    session = Session.start(game_for(scenario), scenario, seed=seed)
    while session.outcome() is None:
        session.act(random_bot(session, rng))
    return session


def games_per_second(scenario: str, games: int, seed: int) -> tuple[float, float]:
    """Games per second of CPU time (the machine is shared: waiting for a core is not counted)."""
    start = time.process_time()
    actions = 0
    for i in range(games):
        actions += len(random_game(scenario, seed + i).log)
    took = time.process_time() - start
    return games / took, actions / games


def replay_only(session: Session) -> None:
    """The engine's part of a load: the logged actions applied again from a new game, each
    with its recorded dice, through Session as loading does (no file, no validation)."""
    from wargames_tui.engine.dice import Dice

    again = Session.start(session.game, session.scenario, session.options)
    for entry in session.log:
        again.dice = Dice.replaying(entry.rolls)
        again.act(entry.action, undoable=False)


def save_load(scenario: str, seed: int, repeat: int) -> tuple[int, float, float, float]:
    """A finished random game: its save, load with full replay, and the replay alone (median
    CPU ms of each)."""
    from wargames_tui.engine.saves import load, save

    session = random_game(scenario, seed)
    path = Path(tempfile.mkdtemp()) / "bench.json"
    saves, loads, replays = [], [], []
    for _ in range(repeat):
        t = time.process_time()
        replay_only(session)
        replays.append(time.process_time() - t)
        t = time.process_time()
        save(session, path)
        saves.append(time.process_time() - t)
        t = time.process_time()
        load(path)
        loads.append(time.process_time() - t)
    return len(session.log), statistics.median(saves) * 1000, statistics.median(loads) * 1000, statistics.median(replays) * 1000


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("scenarios", nargs="*")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", action="store_true")
    p.add_argument("--saves", action="store_true", help="also time save plus load with replay of a finished game")
    args = p.parse_args()
    scenarios = args.scenarios or [s.id for s in all_scenarios()]
    for sc in scenarios:
        if args.profile:
            prof = cProfile.Profile()
            prof.enable()
            games_per_second(sc, args.games, args.seed)
            prof.disable()
            pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
            continue
        rate, acts = games_per_second(sc, args.games, args.seed)
        print(f"{sc:<36} {rate:8.2f} games/s   {acts:6.0f} actions a game   ({args.games} games, seed {args.seed})")
        if args.saves:
            n, s, l, r = save_load(sc, args.seed, 10)
            print(f"{'':<36} save {s:6.1f} ms   load with replay {l:6.1f} ms   of which the replay {r:6.1f} ms   ({n} actions)")


if __name__ == "__main__":
    main()
