"""Helpers for the client tests: sessions, the app, and walking the cursor with keys."""

from __future__ import annotations

from pathlib import Path

from wargames_tui.engine.hexgrid import parse_hex
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.ui.app import WargamesApp
from wargames_tui.ui.screens.play import PlayScreen
from wargames_tui.ui.widgets.hexmap import HexMap

SCENARIO = "panzer-corps/el-alamein"
SIZE = (120, 40)


def new_session(seed: int = 1, seats: dict[str, str] | None = None) -> Session:
    return Session.start(game_for(SCENARIO), SCENARIO, seed=seed, seats=seats or {"gi": "human", "bc": "human"})


def make_app(save_dir: Path, session: Session | None = None, **kwargs) -> WargamesApp:  # noqa: ANN003
    app = WargamesApp(save_dir=save_dir, seed=1, session=session, **kwargs)
    app.bot_delay = 0.01
    return app


def play_screen(app: WargamesApp) -> PlayScreen:
    screen = app.screen
    assert isinstance(screen, PlayScreen), f"expected the play screen, got {type(screen).__name__}"
    return screen


async def goto(pilot, app: WargamesApp, target: str) -> None:  # noqa: ANN001 - textual Pilot
    """Walk the map cursor to target with the arrow keys (columns first, then rows)."""
    cursor = app.screen.query_one(HexMap).cursor
    (c0, r0), (c1, r1) = parse_hex(cursor), parse_hex(target)
    keys = (["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1))
    keys += ["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1)
    if keys:
        await pilot.press(*keys)
    await pilot.pause()
    assert app.screen.query_one(HexMap).cursor == target


def sync(test):  # noqa: ANN001, ANN201
    """Run an async test without an async pytest plugin (the project needs none)."""
    import asyncio
    import functools

    @functools.wraps(test)
    def wrapper(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        return asyncio.run(test(*args, **kwargs))

    return wrapper
