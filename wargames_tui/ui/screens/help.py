"""Help: the keys, and the rules of the game in brief with their case numbers."""

from __future__ import annotations

import re

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import RichLog

from wargames_tui.ui.helptext import help_markdown
from wargames_tui.ui.widgets.footer import Footer


class HelpText(RichLog):
    """The help's Markdown drawn by Rich at the box's width and scrolled as lines: only the visible
    ones are drawn (Textual's Markdown widget, a widget per paragraph, took seconds). Drawn a
    section at a time, as far as two screens below what is in sight: the help of every game (the
    main menu's) is some 900 lines, most never scrolled to."""

    AHEAD = 2  # screens drawn below the last line in sight

    def __init__(self, source: str, id: str) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id, wrap=True, min_width=20, auto_scroll=False)
        self.source = source
        self._sections = re.split(r"\n(?=#{1,2} )", source)
        self._sections.reverse()  # popped from the end, in order

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)  # the log draws at its width once it has one
        self._draw_ahead()

    def _draw_ahead(self) -> None:
        height = self.size.height
        while height and self._sections and len(self.lines) < self.scroll_y + (self.AHEAD + 1) * height:
            self.write(Markdown(self._sections.pop()), scroll_end=False)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if self._sections:
            self._draw_ahead()

    def action_scroll_end(self) -> None:
        while self._sections:
            self.write(Markdown(self._sections.pop()), scroll_end=False)
        super().action_scroll_end()


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
    ]

    def __init__(self, scenario: str = "", legend: tuple[tuple[str, str, str], ...] = (), keys: str = "") -> None:
        """scenario: the open game's scenario id, whose rules summary is shown (all of them if empty);
        keys: the open game's key list (the hex map's by default)."""
        super().__init__()
        self.scenario = scenario
        self.legend = legend
        self.keys = keys

    def compose(self) -> ComposeResult:
        yield HelpText(help_markdown(self.scenario, self.legend, self.keys), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#help-text")
        box.border_title = "Help"
        box.border_subtitle = "Esc closes · arrows/PgUp/PgDn scroll"
        box.focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-text").scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
