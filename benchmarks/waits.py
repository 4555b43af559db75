"""Where the player waits: each row of docs/PERFORMANCE.md's table beside its baseline, in one run.

    python benchmarks/waits.py                    # everything (a few minutes of CPU)
    python benchmarks/waits.py engine [SCENARIO ...] [--seed N]
    python benchmarks/waits.py client
    python benchmarks/waits.py lists              # the action list rows of client alone

CPU time throughout (the machine is shared: waiting for a core is not counted), medians. Each
figure stands beside its baseline measured in the same run, so that their ratio holds when the
machine is loaded: `json.loads` of the same save file for opening a game, a one-widget Textual app
(benchmarks/keys.py) for the client.

engine: one random game of each scenario played through Session as the client plays it, autosaved
after every action (saves.save); then that save opened as the client opens it (engine/opening:
read, check, the snapshot loaded, the journal's actions applied), first as a game killed mid-play
leaves it (its journal: "journaled"), then as the client leaves it (the journal folded in: "open")
beside `json.loads` of its text; and the proof the client runs behind it (the whole log replayed,
what saves.load does). Prints random-game actions per CPU second too (the autosave apart).
client: help (`?`) from the main menu and in a game, the action list (`a`) at two prompts of
1940 Blitzkrieg (the coups de main, about 1,600 actions; the German set-up, about 31,000: every
waiting unit at every hex it may set up on), a cursor key on a hex map and on an area map, and the
cold start to the first frame.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.keys import FIRST_FRAME_BARE, FIRST_FRAME_PLAY, SETTLE, SIZE, OneWidget, cold, key_costs, play_app  # noqa: E402

FIRST_FRAME_MENU: list[str] = []  # `wargames`: the main menu
LONG_LIST = "blitzkrieg-1940/1940"  # the scenario of the long action lists
# Operation Sickle Cut launched, then the historical set-up taken when it is offered
LONG_LIST_WANTED = ({"type": "sickle-cut", "launch": True}, {"type": "historical"})


def cpu_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


# --- engine -----------------------------------------------------------------------------------
def engine_row(scenario: str, seed: int, folder: Path) -> dict[str, Any]:
    """One random game autosaved after every action, then opened again."""
    from wargames_tui.bots import random_bot
    from wargames_tui.engine.opening import open_snapshot
    from wargames_tui.engine.saves import load, save
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    rng = random.Random(seed)
    session = Session.start(game_for(scenario), scenario, seed=seed)
    path = folder / f"{scenario.replace('/', '-')}.json"
    playing, saving = 0.0, []
    while session.outcome() is None:
        start = time.process_time()
        session.act(random_bot(session, rng))
        mid = time.process_time()
        save(session, path)
        saving.append((time.process_time() - mid) * 1000)
        playing += mid - start
    journaled = cpu_ms(lambda: open_snapshot(path), 1)  # as a game killed mid-play leaves it
    save(session, path, compact=True)  # as the client leaves it (q: the journal folded in)
    text = path.read_text()
    return {
        "actions": len(session.log),
        "per_cpu_second": len(session.log) / playing,
        "autosave_median": statistics.median(saving),
        "autosave_p99": sorted(saving)[int(len(saving) * 0.99)],
        "autosave_max": max(saving),
        "open": cpu_ms(lambda: open_snapshot(path), 3),
        "open_journaled": journaled,
        "proof": cpu_ms(lambda: load(path), 1),
        "json": cpu_ms(lambda: json.loads(text), 3),
    }


def engine(scenarios: list[str], seed: int) -> None:
    print(f"{'scenario':<28} {'actions':>7} {'acts/CPU s':>10} | {'autosave ms: median':>19} {'p99':>6} {'max':>6} | "
          f"{'open ms':>8} {'json.loads ms':>13} {'ratio':>6} | {'journaled':>9} | {'proof ms':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for sc in scenarios:
            r = engine_row(sc, seed, Path(tmp))
            print(f"{sc:<28} {r['actions']:7,} {r['per_cpu_second']:10,.0f} | {r['autosave_median']:19.2f} "
                  f"{r['autosave_p99']:6.2f} {r['autosave_max']:6.1f} | {r['open']:8.1f} {r['json']:13.1f} "
                  f"{r['open'] / max(r['json'], 0.001):6.1f} | {r['open_journaled']:9.0f} | {r['proof']:8.0f}", flush=True)


# --- client ------------------------------------------------------------------------------------
async def key_cpu(make: Callable[[], Any], key: str, repeat: int, close: str = "escape", typed: str = "") -> list[dict[str, Any]]:
    """CPU ms from `key` until the screen is quiet, `repeat` times (the screen opened is closed
    between); `typed`: keys pressed at once after it, and what the focused input holds then."""
    app = make()
    out = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        await app.workers.wait_for_complete()  # the menu imports the games behind it while the player reads it
        for _ in range(repeat):
            start = time.process_time()
            await pilot.press(key, *typed)
            await pilot.pause(SETTLE)
            row: dict[str, Any] = {"cpu_ms": (time.process_time() - start) * 1000, "screen": type(app.screen).__name__}
            if typed:
                row["held"] = getattr(app.focused, "value", None)
            out.append(row)
            await pilot.press(close)
            await pilot.pause(SETTLE)
    return out


def menu_app() -> Any:
    from wargames_tui.ui.app import WargamesApp

    return WargamesApp(save_dir=Path(tempfile.mkdtemp()))


def long_list_app(phase: str) -> tuple[Any, int]:
    """The client at the first prompt of `phase` with 1,000 actions or more in a random game."""
    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for
    from wargames_tui.ui.app import WargamesApp

    rng = random.Random(1)
    session = Session.start(game_for(LONG_LIST), LONG_LIST, seed=1)
    while session.state.phase != phase or len(session.prompt.actions) < 1000:
        actions = session.prompt.actions
        wanted = next((a for a in actions[:3] if a in LONG_LIST_WANTED), None)
        session.act(wanted or random_bot(session, rng))
    return WargamesApp(save_dir=Path(tempfile.mkdtemp()), session=session), len(session.prompt.actions)


async def list_cpu(app: Any, typed: str) -> dict[str, Any]:
    """The action list (`a`, then `typed` pressed at once): CPU and wall ms until its rows are first
    drawn, and until it is quiet (every row's words read, the filter applied); what the filter holds."""
    from wargames_tui.ui.widgets.rows import Rows

    drawn: list[tuple[float, float]] = []
    real = Rows.render_line

    def first_drawn(rows: Rows, y: int) -> Any:
        if not drawn:
            drawn.append((time.process_time(), time.perf_counter()))
        return real(rows, y)

    Rows.render_line = first_drawn  # type: ignore[method-assign]
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.3)
            cpu, wall = time.process_time(), time.perf_counter()
            await pilot.press("a", *typed)
            await app.workers.wait_for_complete()
            await pilot.pause(SETTLE)
            quiet = (time.process_time() - cpu) * 1000, (time.perf_counter() - wall - SETTLE) * 1000
            return {"drawn_cpu": (drawn[0][0] - cpu) * 1000, "drawn_wall": (drawn[0][1] - wall) * 1000,
                    "quiet_cpu": quiet[0], "quiet_wall": quiet[1], "held": getattr(app.focused, "value", None),
                    "shown": app.screen.query_one(Rows).count}
    finally:
        Rows.render_line = real  # type: ignore[method-assign]


def median_of(rows: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def action_lists() -> None:
    for phase, typed in (("coups", "xyz"), ("german-setup", "xyz"), ("german-setup", "10th e42")):
        app, n = long_list_app(phase)
        r = asyncio.run(list_cpu(app, typed))
        print(f"action list (a) at {n:,} actions ({phase}), then {typed!r} typed at once: drawn after {r['drawn_cpu']:.0f} ms CPU "
              f"(wall {r['drawn_wall']:.0f}), quiet after {r['quiet_cpu']:.0f} ms CPU (wall {r['quiet_wall']:.0f}); the filter holds "
              f"{r['held']!r} and shows {r['shown']:,} rows")


def client(starts: int) -> None:
    cursor = (["right"] * 4 + ["down"] * 4 + ["left"] * 4 + ["up"] * 4) * 2
    base = asyncio.run(key_costs(OneWidget, cursor))
    base_cpu = median_of(base, "cpu_ms")
    print(f"one-widget app, a key: {base_cpu:.1f} ms CPU, {median_of(base, 'updates'):.0f} update(s)")
    for name, make in (("main menu", menu_app), ("Khar'kov", lambda: play_app("panzer-corps/kharkov"))):
        rows = asyncio.run(key_cpu(make, "question_mark", 5))
        print(f"help (?) from the {name}: the first {rows[0]['cpu_ms']:.0f} ms CPU, then {median_of(rows[1:], 'cpu_ms'):.0f} "
              f"({median_of(rows[1:], 'cpu_ms') / base_cpu:.0f}x a key of the one-widget app; screen {rows[0]['screen']})")
    action_lists()
    for scenario, first in (("panzer-corps/kharkov", ()), ("seeds-of-disaster/1934", ("enter",))):  # Enter: the hotseat cover
        rows = asyncio.run(key_costs(lambda s=scenario: play_app(s), cursor, first))
        print(f"cursor key, {scenario}: {median_of(rows, 'cpu_ms'):.1f} ms CPU ({median_of(rows, 'cpu_ms') / base_cpu:.1f}x), "
              f"updates {median_of(rows, 'updates'):.0f}, layouts {median_of(rows, 'layouts'):.0f}, settled "
              f"{median_of(rows, 'settled_ms'):.0f} ms; keys of 3+ updates: "
              f"{sum(r['updates'] >= 3 for r in rows) / len(rows):.0%}")
    bare = cold(FIRST_FRAME_BARE, starts)
    bare_wall, bare_cpu = (statistics.median(x[i] for x in bare) for i in (0, 1))
    for name, args in (("main menu", FIRST_FRAME_MENU), ("Khar'kov map", FIRST_FRAME_PLAY)):
        took = cold(args, starts)
        wall, cpu = (statistics.median(x[i] for x in took) for i in (0, 1))
        print(f"cold start to the first frame, {name}: CPU {cpu:.2f} s, {cpu / bare_cpu:.2f}x the one-widget app's {bare_cpu:.2f} s; "
              f"wall {wall:.2f} s, {wall / bare_wall:.2f}x its {bare_wall:.2f} s")


def main() -> None:
    from wargames_tui.games import all_scenarios

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("part", nargs="?", choices=("engine", "client", "lists"), help="default: engine and client")
    p.add_argument("scenarios", nargs="*", help="engine: these scenarios (default: all)")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--starts", type=int, default=5, help="cold starts of each kind")
    args = p.parse_args()
    if args.part in (None, "engine"):
        engine(args.scenarios or [s.id for s in all_scenarios()], args.seed)
    if args.part in (None, "client"):
        client(args.starts)
    if args.part == "lists":
        action_lists()


if __name__ == "__main__":
    main()
