"""What a planning bot's search costs: greedy-bot games and planning playouts per CPU second.

    python benchmarks/bot_speed.py [SCENARIO ...] [--seconds S] [--phase WORD] [--actions N]

For each scenario (default: the four Panzer Corps ones): three games of the greedy bot against
itself (seeds 1-3), as actions per CPU second (the greedy bot's choice and the action; it is the
policy every planning playout runs), and a digest of the games (the same digest before and
after a speed change: the same choices); then one plan of S CPU seconds (default 2) at the
first prompt of a phase named with WORD (default "move") with N or more actions (default 50;
Springtime: `--phase assault --actions 30`), as playouts and playout actions (the planning
side's) per CPU second.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wargames_tui.bots import BOTS
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for

PANZER_CORPS = ["panzer-corps/el-alamein", "panzer-corps/dunkerque", "panzer-corps/kharkov", "panzer-corps/operation-compass"]


def greedy_games(scenario: str) -> tuple[float, str]:
    """Actions per CPU second over three greedy games, and a digest of their actions."""
    game = game_for(scenario)
    actions, digest = 0, hashlib.md5()
    start = time.process_time()
    for seed in (1, 2, 3):
        session, rng = Session.start(game, scenario, seed=seed), random.Random(seed)
        while session.outcome() is None:
            session.act(BOTS["greedy"](session, rng), undoable=False)
        actions += len(session.log)
        digest.update(json.dumps([e.action for e in session.log]).encode())
    return actions / (time.process_time() - start), digest.hexdigest()[:8]


def planning(scenario: str, seconds: float, phase: str = "move", least: int = 50) -> tuple[float, float] | None:
    """Playouts and playout actions per CPU second in one plan, or None without the planner."""
    try:
        from wargames_tui.bots import plan
    except ImportError:
        return None
    game = game_for(scenario)
    session, rng = Session.start(game, scenario, seed=1), random.Random(1)
    while phase not in session.prompt.phase.lower() or len(session.prompt.actions) < least:
        if session.outcome() is not None:
            raise SystemExit(f"{scenario}: no {phase!r} prompt with {least} actions in a greedy game (seed 1)")
        session.act(BOTS["greedy"](session, rng))
    counted = [0, 0]
    playout = plan._playout

    def counting(*args):  # noqa: ANN002, ANN202
        value = playout(*args)
        counted[0] += 1
        counted[1] += len(args[2].actions)
        return value

    plan._playout = counting
    try:
        start = time.process_time()
        plan.plan(session, random.Random(2), seconds)
        took = time.process_time() - start
    finally:
        plan._playout = playout
    return counted[0] / took, counted[1] / took


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("scenarios", nargs="*")
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--phase", default="move")
    p.add_argument("--actions", type=int, default=50)
    args = p.parse_intermixed_args()
    for sc in args.scenarios or PANZER_CORPS:
        rate, digest = greedy_games(sc)
        planned = planning(sc, args.seconds, args.phase, args.actions)
        plans = f"; planning: {planned[0]:.0f} playouts, {planned[1]:,.0f} playout actions per CPU s" if planned else ""
        print(f"{sc:<32} greedy games: {rate:,.0f} actions per CPU s (digest {digest}){plans}", flush=True)


if __name__ == "__main__":
    main()
