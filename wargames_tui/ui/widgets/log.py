"""The game log: what happened, newest at the bottom."""

from __future__ import annotations

from typing import Callable

from textual.events import Resize
from textual.widgets import RichLog

from wargames_tui.ui.widgets.steady import steady


@steady
class LogPanel(RichLog, can_focus=False):
    DEFAULT_CSS = """
    LogPanel { scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        super().__init__(wrap=True, markup=False, max_lines=1000, auto_scroll=True, min_width=16, **kwargs)
        # Lines are wrapped when written: at a new width the screen writes them again (whole).
        self.on_width: Callable[[], None] | None = None
        self._width = 0

    def on_mount(self) -> None:
        self.border_subtitle = "L: all"
        # Kept at its newest line when a panel above takes some of its height, until the player
        # scrolls back ([); scrolling to the bottom again anchors it again (Textual's anchor).
        self.anchor()

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        if self._width and event.size.width != self._width and self.on_width is not None:
            self.call_after_refresh(self.on_width)
        self._width = event.size.width


# How each kind of event reads in the log: the kinds several games write (a game's own kinds are
# styled by its presentation's log_styles).
EVENT_STYLES = {
    "phase": "bold #ffd21f",
    "combat": "bold",
    "victory": "bold black on #ffd21f",
    "exit": "bold black on #ffd21f",
    "declare": "#7ec8e3",
    "reveal": "bold #b48cff",
    "bombard": "bold",
    "disrupt": "#ff8c1a",
    "loss": "#ff6b6b",  # the area games: a unit reduced or eliminated
    "roll": "#7ec8e3",
}
