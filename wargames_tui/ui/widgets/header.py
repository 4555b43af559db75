"""The header line of the play screen, one widget: the turn and phase at the left, the map's bearing
or the game's status at the right (two panels in a row before: two more widgets that every
layout, and every Pilot wait of the tests and benchmarks, went through)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from wargames_tui.ui.widgets.steady import steady


@steady
class HeaderLine(Widget):
    DEFAULT_CSS = """
    HeaderLine { height: 1; }
    """

    _parts: tuple[Text, Text] = (Text(), Text())

    def show(self, left: Text, right: Text) -> None:
        """`left` cut with an ellipsis where it would reach `right`, which keeps its whole width."""
        if (left, right) != self._parts:
            self._parts = (left, right)
            self.refresh()

    def render(self) -> Text:
        left, right = self._parts
        line = left.copy()
        line.truncate(max(0, self.size.width - right.cell_len), overflow="ellipsis", pad=True)
        line.append_text(right)
        line.no_wrap = True
        return line
