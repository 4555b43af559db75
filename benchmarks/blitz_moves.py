"""CPU for the legal moves of one unit on Blitzkrieg 1940's map (issue 12's 1 ms bar).

    python benchmarks/blitz_moves.py [--rounds 3]

The seed-1 random 1940 game (random bots, as benchmarks/engine.py plays it) up to the first
German and the first Allied Movement Phase of turn 2; in each, `movement.destinations` of every
unit that may move, alone, `rounds` times. The median and the largest, in CPU ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.games.blitzkrieg_1940 import movement
from wargames_tui.games.blitzkrieg_1940.position import Position

SCENARIO = "blitzkrieg-1940/1940"


def costs(rounds: int) -> dict[str, list[float]]:
    rng = random.Random(1)
    session = Session.start(game_for(SCENARIO), SCENARIO, seed=1)
    out: dict[str, list[float]] = {}
    for phase in ("german-movement", "allied-movement"):
        while not (session.state.turn == 2 and session.state.phase == phase and not session.state.selected):
            session.act(random_bot(session, rng))
        pos = Position(session.state)
        movers = [u for u in pos.units_of(phase.split("-")[0]) if movement.may_move(pos, u)]
        times = []
        for _ in range(rounds):
            for uid in movers:
                t = time.process_time()
                movement.destinations(Position(session.state), [uid])
                times.append(time.process_time() - t)
        out[f"{phase} ({len(movers)} units)"] = times
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for what, times in costs(args.rounds).items():
        print(f"legal moves of one unit, {what}: median {statistics.median(times) * 1000:.2f} ms CPU, "
              f"max {max(times) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
