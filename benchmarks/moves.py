"""What moving units by keys costs on the hex play screen: CPU seconds and footer rebuilds.

    python benchmarks/moves.py [--moves 6]

El Alamein, seed 1, headless 120x40: for each move, the cursor walks to a lone unit with a
one-hex move, Enter selects it, the cursor walks to the hex, Enter moves it.
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

from textual.widgets import _footer

from tests.ui.helpers import goto, make_app, new_session, play_screen


async def moves(count: int) -> tuple[float, int, int]:
    rebuilds = [0]
    recompose = _footer.Footer.recompose

    async def counted(self: _footer.Footer) -> None:
        rebuilds[0] += 1
        await recompose(self)

    _footer.Footer.recompose = counted  # type: ignore[method-assign]
    session = new_session()
    app = make_app(Path(tempfile.mkdtemp()), session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = play_screen(app)
        start = time.process_time()
        before = rebuilds[0]
        for _ in range(count):
            move = next(
                a for a in session.prompt.actions
                if a["type"] == "move" and len(a["path"]) == 1 and len(screen.units_at(screen.unit(a["unit"])["hex"])) == 1
            )
            await goto(pilot, app, screen.unit(move["unit"])["hex"])
            await pilot.press("enter")
            await goto(pilot, app, move["path"][0])
            await pilot.press("enter")
            await pilot.pause()
        assert len(session.log) == count
        return time.process_time() - start, rebuilds[0] - before, len(session.log)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=6)
    args = parser.parse_args()
    cpu, rebuilds, played = asyncio.run(moves(args.moves))
    print(f"{played} moves by keys: {cpu:.2f} s CPU, {rebuilds} footer rebuilds")


if __name__ == "__main__":
    main()
