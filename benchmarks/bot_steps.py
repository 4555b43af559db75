"""The client's own CPU a step while bots play: what the player waits for between a bot's moves once
they are no longer paced (ui/screens/play.py PACED_SECONDS), apart from the bots' own choices.

    python benchmarks/bot_steps.py [--actions N] [--seed S] [SCENARIO ...]

Headless (App.run_test) at 80x24 and 120x40, the greedy bot at every seat, no pauses; CPU time (the
machine is shared), medians of `--rounds` runs. Default scenarios: Blitzkrieg 1940 (a hex map, its
longest turns) and Betrayal! (an area map, the German turn played for a side).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.tournament import _sides  # noqa: E402
from wargames_tui.bots import BOTS  # noqa: E402
from wargames_tui.engine.session import Session  # noqa: E402
from wargames_tui.games import game_for  # noqa: E402
from wargames_tui.ui import app as app_module  # noqa: E402
from wargames_tui.ui.screens import play  # noqa: E402

SCENARIOS = ["blitzkrieg-1940/1940", "betrayal/historical"]
SIZES = [(80, 24), (120, 40)]


async def client_ms(scenario: str, seed: int, actions: int, size: tuple[int, int]) -> tuple[float, float]:
    """CPU ms a step of the client alone, and of the greedy bot's choices, over `actions` steps."""
    game = game_for(scenario)
    session = Session.start(game, scenario, seed=seed, seats=dict.fromkeys(_sides(scenario), "bot:greedy"))
    greedy, spent = BOTS["greedy"], [0.0]

    def timed(s: Session, rng: object) -> dict:
        start = time.process_time()
        try:
            return greedy(s, rng)
        finally:
            spent[0] += time.process_time() - start

    BOTS["greedy"] = timed
    try:
        app = app_module.WargamesApp(save_dir=Path(tempfile.mkdtemp()), seed=seed, session=session)
        app.bot_delay = 0.01  # the pauses apart from a bot's (PACED_SECONDS): a Textual timer of none fails
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            if type(app.screen).__name__ == "HandoffScreen":
                await pilot.press("enter")
            start_log, start_cpu, spent[0] = len(session.log), time.process_time(), 0.0
            while len(session.log) < start_log + actions and session.outcome() is None:
                await pilot.pause(0.01)
            steps = len(session.log) - start_log
            cpu = time.process_time() - start_cpu
    finally:
        BOTS["greedy"] = greedy
    return (cpu - spent[0]) / steps * 1000, spent[0] / steps * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=SCENARIOS)
    parser.add_argument("--actions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    play.PACED_SECONDS = 0.0
    for scenario in args.scenarios:
        for size in SIZES:
            rows = [asyncio.run(client_ms(scenario, args.seed, args.actions, size)) for _ in range(args.rounds)]
            client = statistics.median(r[0] for r in rows)
            bots = statistics.median(r[1] for r in rows)
            print(f"{scenario} {size[0]}x{size[1]}: the client {client:.0f} ms CPU a step, the bots {bots:.0f} ms ({args.actions} steps, seed {args.seed}, {args.rounds} rounds)", flush=True)


if __name__ == "__main__":
    main()
