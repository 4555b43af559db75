"""What a key costs on the play screen, beside a one-widget Textual app doing the same, in one run.

    python benchmarks/keys.py [--keys N]

For each cursor key: the screen updates it takes until the screen is quiet again (each update is
one compositor pass written to the terminal), the layouts among them, the time to the first and to
the last update, and the CPU time. Headless at 120x40; the same measure for the baseline app.
Those keys are pressed by Textual's Pilot, as the tests press them: after each key it waits twice
for every widget of the screen to handle a callback, a cost that grows with the widgets on the
screen whether they take part in the key or not. Beside it, the app's own handling of the same keys
(`own_costs`: the key event to the frame written, without the Pilot) and what one Pilot wait costs.
Then the cold start of `wargames play` to the first frame of the map beside the baseline's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Callable

from textual import events
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

ROOT = Path(__file__).resolve().parents[1]
SIZE = (120, 40)
SETTLE = 0.12  # seconds of quiet after a key before it counts as settled


class OneWidget(App):
    """The baseline: one Static whose text each arrow key changes."""

    BINDINGS = [("left", "step(-1)"), ("right", "step(1)"), ("up", "step(-1)"), ("down", "step(1)")]

    def __init__(self) -> None:
        super().__init__()
        self.n = 0

    def compose(self) -> ComposeResult:
        yield Static("0", id="one")

    def action_step(self, d: int) -> None:
        self.n += d
        self.query_one("#one", Static).update(str(self.n))


def play_app(scenario: str) -> App:
    from wargames_tui.cli import new_session
    from wargames_tui.ui.app import WargamesApp

    return WargamesApp(save_dir=Path(tempfile.mkdtemp()), session=new_session(scenario, {}, 1))


@asynccontextmanager
async def opened(make: Callable[[], App], first: tuple[str, ...] = ()) -> AsyncIterator[tuple[App, Pilot]]:
    """The app running headless, settled, after `first` keys (Enter on a hotseat cover)."""
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        if first:
            await pilot.press(*first)
            await pilot.pause(0.3)
        yield app, pilot


async def key_costs(make: Callable[[], App], keys: list[str], first: tuple[str, ...] = ()) -> list[dict[str, float]]:
    """`first`: keys pressed before counting (Enter on a hotseat cover)."""
    out = []
    async with opened(make, first) as (app, pilot):
        screen = app.screen
        seen: list[tuple[str, float]] = []
        refresh, layout = screen._compositor_refresh, screen._refresh_layout

        def counted_refresh() -> None:
            seen.append(("update", time.perf_counter()))
            refresh()

        def counted_layout(*args: Any, **kwargs: Any) -> None:
            seen.append(("layout", time.perf_counter()))
            layout(*args, **kwargs)

        screen._compositor_refresh = counted_refresh  # type: ignore[method-assign]
        screen._refresh_layout = counted_layout  # type: ignore[method-assign]
        for key in keys:
            seen.clear()
            start, cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)
            await pilot.pause(SETTLE)
            cpu = time.process_time() - cpu
            updates = [t for kind, t in seen if kind == "update"]
            if not updates:
                continue
            out.append(
                {
                    "updates": len(updates),
                    "layouts": sum(1 for kind, _ in seen if kind == "layout"),
                    "first_ms": (updates[0] - start) * 1000,
                    "settled_ms": (updates[-1] - start) * 1000,
                    "cpu_ms": cpu * 1000,
                }
            )
    return out


async def own_costs(make: Callable[[], App], keys: list[str], first: tuple[str, ...] = ()) -> list[dict[str, float]]:
    """The app's own handling of each key, without the Pilot: the key event sent as the terminal
    driver sends it, and the CPU time until the frame is written (the first screen update), then
    until quiet. `key_costs` presses keys with the Pilot, which after each key waits twice for every
    widget of the screen to handle a callback: that wait grows with the widgets, handling or not."""
    out = []
    async with opened(make, first) as (app, _pilot):
        screen = app.screen
        frames: list[float] = []
        written = asyncio.Event()
        refresh = screen._compositor_refresh

        def counted_refresh() -> None:
            refresh()
            frames.append(time.process_time())
            written.set()

        screen._compositor_refresh = counted_refresh  # type: ignore[method-assign]
        for key in keys:
            frames.clear()
            written.clear()
            cpu = time.process_time()
            app._driver.send_message(events.Key(key, None))  # type: ignore[union-attr]
            try:
                await asyncio.wait_for(written.wait(), 1.0)
            except asyncio.TimeoutError:  # no update: a key at the map's edge
                continue
            await asyncio.sleep(SETTLE)
            out.append({"frame_cpu_ms": (frames[0] - cpu) * 1000, "quiet_cpu_ms": (time.process_time() - cpu) * 1000})
    return out


async def pilot_wait(make: Callable[[], App], waits: int = 100) -> tuple[int, float]:
    """The nodes the Pilot waits on (the app, the screen and every widget in it) and the CPU ms of
    one such wait on the idle play screen (medians); a key pressed by the Pilot takes two."""
    async with opened(make) as (app, pilot):
        nodes = 1 + sum(1 for _ in app.screen.walk_children(with_self=True))
        took = []
        for _ in range(waits):
            cpu = time.process_time()
            await pilot._wait_for_screen()
            took.append((time.process_time() - cpu) * 1000)
            await asyncio.sleep(0.002)
    return nodes, statistics.median(took)


def summary(name: str, rows: list[dict[str, float]]) -> None:
    med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    print(
        f"{name:<34} updates {med['updates']:4.1f}  layouts {med['layouts']:4.1f}  first {med['first_ms']:6.1f} ms  "
        f"settled {med['settled_ms']:6.1f} ms  cpu {med['cpu_ms']:6.1f} ms  (medians, n={len(rows)})"
    )


def cold(args: list[str], repeat: int) -> list[tuple[float, float]]:
    """Wall and CPU seconds of `repeat` processes of benchmarks/first_frame.py ARGS (`wargames ARGS`,
    or ["--bare"]: the one-widget app), each ended at its first frame, after one not counted.

    As an installed program runs: with its compiled modules kept (here in a folder of their own;
    this machine's environment sets PYTHONDONTWRITEBYTECODE, which made every start compile the
    client's seventy-odd modules again, a tenth of a second)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "wargames-bench-pycache")
    command = [sys.executable, str(ROOT / "benchmarks" / "first_frame.py"), *args]
    out = []
    for run in range(repeat + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if run:
            out.append((wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime))
    return out


FIRST_FRAME_BARE = ["--bare"]
FIRST_FRAME_PLAY = ["play", "panzer-corps/kharkov", "--hotseat"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--starts", type=int, default=5)
    args = parser.parse_args()
    keys = (["right"] * 4 + ["down"] * 4 + ["left"] * 4 + ["up"] * 4) * (args.keys // 16 + 1)
    keys = keys[: args.keys]
    summary("one-widget app", asyncio.run(key_costs(OneWidget, keys)))
    for scenario in ("panzer-corps/kharkov", "dieppe/raid", "strange-victory/campaign"):
        summary(f"play screen, {scenario}", asyncio.run(key_costs(lambda s=scenario: play_app(s), keys)))
        own = asyncio.run(own_costs(lambda s=scenario: play_app(s), keys))
        nodes, wait = asyncio.run(pilot_wait(lambda s=scenario: play_app(s)))
        print(
            f"{'':<34} own handling: to the frame {statistics.median(r['frame_cpu_ms'] for r in own):4.1f} ms, to quiet "
            f"{statistics.median(r['quiet_cpu_ms'] for r in own):4.1f} ms CPU; the Pilot's wait on {nodes} nodes {wait:.2f} ms (two a key)"
        )
    bare = statistics.median(cpu for _wall, cpu in cold(FIRST_FRAME_BARE, args.starts))
    play = statistics.median(cpu for _wall, cpu in cold(FIRST_FRAME_PLAY, args.starts))
    print(f"cold start to the first frame, CPU: one-widget app {bare:.2f} s, wargames play kharkov {play:.2f} s ({play / bare:.2f}x)")


if __name__ == "__main__":
    main()
