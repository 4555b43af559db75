"""CPU a cursor key costs on the hex play screen in Khar'kov's first movement step.

    python benchmarks/cursor.py [--rounds 2] [--selected]

Seed 1; the first listed action is played until the prompt offers moves; then the cursor walks a
square (four keys each way) `rounds` times, headless at 120x40.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from tests.ui.helpers import make_app
from wargames_tui.cli import new_session


async def per_key(rounds: int, selected: bool) -> float:
    session = new_session("panzer-corps/kharkov", {}, 1)
    while "move" not in {a.get("type") for a in session.prompt.actions[:50]}:
        session.act(session.prompt.actions[0])
    app = make_app(Path(tempfile.mkdtemp()), session)
    keys = (["right"] * 4 + ["down"] * 4 + ["left"] * 4 + ["up"] * 4) * rounds
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if selected:  # the cursor to a unit that may move, and Enter selects it: its reach is lit
            await pilot.press("full_stop", "enter")
            await pilot.pause()
        start = time.process_time()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        return (time.process_time() - start) / len(keys)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--selected", action="store_true", help="with a unit selected")
    args = parser.parse_args()
    cost = asyncio.run(per_key(args.rounds, args.selected))
    print(f"a cursor key in Khar'kov's movement step{' with a unit selected' if args.selected else ''}: {cost * 1000:.1f} ms CPU")


if __name__ == "__main__":
    main()
