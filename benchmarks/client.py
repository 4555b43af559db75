"""Headless client runs for the benchmarks: first screen up, and drawing the map."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

SC = "panzer-corps/el-alamein"
SIZE = (120, 40)


async def first_screen(args: list[str]) -> None:
    """Start the client as `wargames [play SC]` would, and return once its first screen is drawn."""
    from wargames_tui.cli import new_session
    from wargames_tui.ui.app import WargamesApp

    save_dir = Path(os.environ.get("WARGAMES_SAVE_DIR") or tempfile.mkdtemp())
    session = new_session(args[0], {}, None) if args else None
    app = WargamesApp(save_dir=save_dir, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()


def clear_style_caches() -> None:
    from wargames_tui.ui.widgets import hexmap

    for cached in (hexmap._with_meta, hexmap._edge, hexmap._counter_style, hexmap._ground_style):
        cached.cache_clear()


async def map_frame(scenario: str, repeat: int, cold: bool = False) -> list[float]:
    """Seconds to build every visible line of a scenario's map with no line cache; cold: with no
    cached style either (the first frame of a map never seen)."""
    from wargames_tui.cli import new_session
    from wargames_tui.ui.app import WargamesApp
    from wargames_tui.ui.widgets.areamap import AreaMap
    from wargames_tui.ui.widgets.hexmap import HexMap

    app = WargamesApp(save_dir=Path(tempfile.mkdtemp()), session=new_session(scenario, {}, 1))
    times = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hexmap = (list(app.screen.query(HexMap)) or list(app.screen.query(AreaMap)))[0]
        for _ in range(repeat):
            hexmap._lines.clear()
            if cold:
                clear_style_caches()
            start = time.perf_counter()
            for y in range(hexmap.size.height):
                hexmap.render_line(y)
            times.append(time.perf_counter() - start)
    return times
