"""Opening a long game in the client: the save read and checked (its log played again), then the
play screen drawn with its log. CPU seconds: the machine is shared.

    python benchmarks/open_save.py                          # a finished random 1940 Blitzkrieg game
    python benchmarks/open_save.py dynamo/campaign --seed 2

Results go to docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.engine import random_game
from wargames_tui.engine.saves import load, save
from wargames_tui.ui.app import WargamesApp


async def open_in_client(path: Path) -> tuple[float, float, str]:
    """CPU seconds of load(path), then of the play screen's mount and first frames; the top screen's name."""
    app = WargamesApp(save_dir=path.parent)
    async with app.run_test(size=(120, 40)) as pilot:
        start = time.process_time()
        session = load(path)
        loaded = time.process_time()
        app.open_session(session, path)
        await pilot.pause()
        await pilot.pause()
        return loaded - start, time.process_time() - loaded, type(app.screen).__name__


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario", nargs="?", default="blitzkrieg-1940/1940")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    session = random_game(args.scenario, args.seed)
    path = Path(tempfile.mkdtemp()) / "finished.json"
    save(session, path)
    print(f"{args.scenario}, seed {args.seed}: {len(session.log):,} actions, {path.stat().st_size:,} bytes")
    for _ in range(args.repeat):
        load_s, screen_s, top = asyncio.run(open_in_client(path))
        print(f"  load with replay {load_s * 1000:7.0f} ms   play screen {screen_s * 1000:6.0f} ms   (on top: {top})")


if __name__ == "__main__":
    main()
