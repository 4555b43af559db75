"""CPU a cursor key costs on Blitzkrieg 1940's map, the largest board (issue 12's 16 ms bar).

    python benchmarks/blitz_keys.py [--rounds 2] [--profile FILE]

1940, seed 1: Operation Sickle Cut, the historical German set-up, the coups ended, move first, up
to the first German Movement Phase, headless at 120x40. The handoff cover is passed (Enter), the
cursor goes to the first unit that may act (`.`); then the cursor walks a square (four keys each
way) `rounds` times, once with nothing selected and once with that unit (or the first choice of
its stack) selected, its reach lit. Each key is timed with the pause after it (the screen settled):
the median and the largest, in CPU ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from tests.ui.helpers import make_app
from wargames_tui.cli import new_session
from wargames_tui.engine.session import Session
from wargames_tui.ui.widgets.hexmap import HexMap

WANTED = ({"type": "sickle-cut", "launch": True}, {"type": "historical"}, {"type": "end-drops"}, {"type": "order", "first": "move"})


def first_movement() -> Session:
    session = new_session("blitzkrieg-1940/1940", {}, 1)
    while session.state.phase != "german-movement":
        actions = list(session.prompt.actions)
        session.act(next((a for a in actions if a in WANTED), actions[0]))
    return session


async def key_costs(rounds: int, selected: bool, profile: str | None) -> list[float]:
    session = first_movement()
    app = make_app(Path(tempfile.mkdtemp()), session)
    keys = (["right"] * 4 + ["down"] * 4 + ["left"] * 4 + ["up"] * 4) * rounds
    costs = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the handoff cover
        await pilot.pause()
        await pilot.press("full_stop")
        await pilot.pause()
        if selected:
            await pilot.press("enter")
            await pilot.pause()
            if type(app.screen).__name__ == "ActionsScreen":  # a stack: its first choice
                await pilot.press("enter")
                await pilot.pause()
            assert session.state.selected, "nothing was selected"
        start = app.screen.query_one(HexMap).cursor
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        for key in keys:
            t = time.process_time()
            await pilot.press(key)
            await pilot.pause()
            costs.append(time.process_time() - t)
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
        assert app.screen.query_one(HexMap).cursor == start, "the keys did not move the map cursor"
    return costs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--profile", help="cProfile the keys with a unit selected into this file")
    args = parser.parse_args()
    for selected in (False, True):
        costs = asyncio.run(key_costs(args.rounds, selected, args.profile if selected else None))
        what = "a unit selected, its reach lit" if selected else "nothing selected"
        print(f"a cursor key, {what}: median {statistics.median(costs) * 1000:.1f} ms CPU, "
              f"max {max(costs) * 1000:.1f} ms ({len(costs)} keys)")


if __name__ == "__main__":
    main()
