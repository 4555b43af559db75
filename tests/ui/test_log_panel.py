"""The log panel keeps its newest line in view when a panel above it takes some of its height."""

from __future__ import annotations

import asyncio
from typing import Callable

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from wargames_tui.ui.widgets.log import LogPanel


class Column(App):
    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("panel", id="above")
            yield LogPanel(id="log")


def scroll_after_the_panel_grows(before: Callable[[LogPanel], None]) -> tuple[float, float]:
    """Forty lines in a log under a panel; `before` runs, the panel grows by eleven rows: the
    log's scroll and its greatest scroll then."""
    async def run() -> tuple[float, float]:
        app = Column()
        async with app.run_test(size=(40, 20)) as pilot:
            log = app.query_one(LogPanel)
            for n in range(40):
                log.write(f"line {n}")
            await pilot.pause()
            before(log)
            await pilot.pause()
            app.query_one("#above", Static).styles.height = 12
            await pilot.pause()
            await pilot.pause()
            return log.scroll_y, log.max_scroll_y

    return asyncio.run(run())


def test_the_newest_line_stays_in_view_when_the_log_loses_height() -> None:
    # issue 27 (play5's last note): after a handover a panel grew above the log and the newest line
    # sat below its bottom until ] was pressed.
    def at_the_end(log: LogPanel) -> None:
        assert log.scroll_y == log.max_scroll_y > 0

    scroll, most = scroll_after_the_panel_grows(at_the_end)
    assert scroll == most


def test_a_log_scrolled_back_by_the_player_stays_where_he_put_it() -> None:
    scroll, _ = scroll_after_the_panel_grows(lambda log: log.scroll_to(y=3, animate=False))
    assert scroll == 3
