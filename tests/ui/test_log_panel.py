"""The log panel keeps its newest line in view when a panel above it takes some of its height."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from wargames_tui.ui.widgets.log import LogPanel


class Column(App):
    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("panel", id="above")
            yield LogPanel(id="log")


def test_the_newest_line_stays_in_view_when_the_log_loses_height() -> None:
    # issue 27 (play5's last note): after a handover a panel grew above the log and the newest line
    # sat below its bottom until ] was pressed.
    async def run() -> None:
        app = Column()
        async with app.run_test(size=(40, 20)) as pilot:
            log = app.query_one(LogPanel)
            for n in range(40):
                log.write(f"line {n}")
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y > 0
            app.query_one("#above", Static).styles.height = 12
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y, (log.scroll_y, log.max_scroll_y)

    asyncio.run(run())


def test_a_log_scrolled_back_by_the_player_stays_where_he_put_it() -> None:
    async def run() -> None:
        app = Column()
        async with app.run_test(size=(40, 20)) as pilot:
            log = app.query_one(LogPanel)
            for n in range(40):
                log.write(f"line {n}")
            await pilot.pause()
            log.scroll_to(y=3, animate=False)
            await pilot.pause()
            app.query_one("#above", Static).styles.height = 12
            await pilot.pause()
            await pilot.pause()
            assert log.scroll_y == 3

    asyncio.run(run())
