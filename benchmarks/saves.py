"""What saving costs: listing a folder of saves, and the autosave after each action of a long game.

    python benchmarks/saves.py          # prints the figures recorded in docs/PERFORMANCE.md (Saves)
    python benchmarks/saves.py blitzkrieg-1940/1940   # the autosave of another long game

The autosave figures play one long random Khar'kov game and time `save()` after every action, as
the client does, so the cost at the start and at the end of the game can be compared; the bytes are
what the process handed to write() (Linux /proc/self/io), fsyncs included in the time.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

LONG = "panzer-corps/kharkov"
LISTED = ["panzer-corps/el-alamein", "panzer-corps/kharkov", "dieppe/raid", "strange-victory/campaign"]


def written_bytes() -> int:
    try:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def play(scenario: str, seed: int, limit: int | None = None):
    """A random game, and the session after each action (the same object, moving on)."""
    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    rng = random.Random(seed)
    session = Session.start(game_for(scenario), scenario, seed=seed, seats={})
    n = 0
    while session.outcome() is None and (limit is None or n < limit):
        session.act(random_bot(session, rng))
        n += 1
        yield session


def autosave_costs(folder: Path, scenario: str = LONG) -> tuple[list[float], list[int], list[float], list[float]]:
    """Seconds and bytes of the autosave after each action of one long game; then the seconds to
    load the save as autosave left it (snapshot plus journal) and once compacted."""
    from wargames_tui.engine.saves import load, save

    path = folder / "long.json"
    seconds, sizes = [], []
    for session in play(scenario, 7):
        before, start = written_bytes(), time.perf_counter()
        save(session, path)
        seconds.append(time.perf_counter() - start)
        sizes.append(written_bytes() - before)
    journaled = timed(lambda: load(path), 5)
    try:
        save(session, path, compact=True)
    except TypeError:  # before the journal: every save is whole
        save(session, path)
    compacted = timed(lambda: load(path), 5)
    return seconds, sizes, journaled, compacted


def timed(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def listing(folder: Path, count: int = 40) -> list[float]:
    """Seconds to list a folder of `count` saves of finished games, as the menu does."""
    from wargames_tui.engine.saves import save
    from wargames_tui.ui.saving import list_saves

    finished = []
    for i, sc in enumerate(LISTED):
        *_, last = play(sc, 100 + i)
        finished.append(last)
    for i in range(count):
        save(finished[i % len(finished)], folder / f"save-{i:02d}.json")
    assert len(list_saves(folder)) == count
    times = []
    for _ in range(10):
        start = time.perf_counter()
        list_saves(folder)
        times.append(time.perf_counter() - start)
    return times


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.2f} ms"


def main(scenario: str = LONG) -> None:
    import os

    real_fsync = os.fsync
    for label, fsync in (("with fsync, as played", real_fsync), ("fsync skipped: the cost of encoding and writing", lambda fd: None)):
        os.fsync = fsync
        with tempfile.TemporaryDirectory() as tmp:
            seconds, sizes, journaled, compacted = autosave_costs(Path(tmp), scenario)
        os.fsync = real_fsync
        n = len(seconds)
        print(f"autosave after each action of a random {scenario} game ({n} actions), {label}")
        for name, part in (("first 50", slice(0, 50)), ("middle 50", slice(n // 2 - 25, n // 2 + 25)), ("last 50", slice(-50, None))):
            print(f"  {name:<10} median {ms(seconds[part]):>10}   bytes written per save, median {statistics.median(sizes[part]):9.0f}")
        print(f"  whole game: {sum(seconds):.2f} s of saving, {sum(sizes) / 1e6:.1f} MB written")
        print(f"  load it as autosave left it: median {ms(journaled)}; compacted: median {ms(compacted)} (n=5)")
    with tempfile.TemporaryDirectory() as tmp:
        times = listing(Path(tmp))
    print(f"list 40 saves of finished games (menu, Continue, Load): median {ms(times)}, min {min(times) * 1000:.2f} ms (n=10)")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    main(*sys.argv[1:2])
