"""How games end between bots: the outcome of each seed, and their tally.

    python benchmarks/outcomes.py betrayal/historical greedy --games 100 --seed 1
    python benchmarks/outcomes.py blitzkrieg-1940/1940 german=greedy --games 100 --seed 1

BOT is a bot for every seat, or SIDE=BOT for one side (the random bot takes the others): the same
seeds, bots and games as `wargames selfplay SCENARIO --bot BOT --games N --seed S`
(game i is seed S+i, its bot's choices drawn from random.Random(S+i)), without selfplay's checks
of every action, so about three times cheaper; one line a game, so that a run cut short still
reports the games it finished. Results go to docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wargames_tui.bots import BOTS
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


def play(scenario: str, bot: str, seed: int) -> str:
    """One game with `bot` at every seat the players hold, or at one side's (`SIDE=BOT`, the random
    bot at the others); its outcome as selfplay words it."""
    side, _, name = bot.rpartition("=")
    seats, default = ({side: name}, "random") if side else ({}, name)
    rng = random.Random(seed)
    session = Session.start(game_for(scenario), scenario, seed=seed)
    while (outcome := session.outcome()) is None:
        session.act(BOTS[seats.get(session.game.active_side(session.state), default)](session, rng))
    return f"{outcome.winner} {outcome.level}" if outcome.winner else outcome.level


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("scenario")
    p.add_argument("bot", help=f"one of {', '.join(sorted(BOTS))}, or SIDE=BOT")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    tally: collections.Counter[str] = collections.Counter()
    start = time.process_time()
    for seed in range(args.seed, args.seed + args.games):
        result = play(args.scenario, args.bot, seed)
        tally[result] += 1
        print(f"seed {seed}: {result}", flush=True)
    print(f"{args.scenario}, {args.bot}, {sum(tally.values())} games:")
    for result, n in tally.most_common():
        print(f"  {result}: {n}")
    print(f"CPU seconds a game: {(time.process_time() - start) / max(1, sum(tally.values())):.2f}")


if __name__ == "__main__":
    main()
