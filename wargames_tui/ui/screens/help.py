"""Help: the keys, and the rules of the game in brief with their case numbers."""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import RichLog

from wargames_tui.ui.helptext import help_markdown
from wargames_tui.ui.widgets.footer import Footer


class HelpText(RichLog):
    """The help's Markdown drawn by Rich once, at the box's width, and scrolled as lines: only the
    visible ones are drawn (Textual's Markdown widget, a widget per paragraph, took seconds)."""

    def __init__(self, source: str, id: str) -> None:
        super().__init__(id=id, wrap=True, min_width=20, auto_scroll=False)
        self.source = source

    def on_mount(self) -> None:
        self.write(Markdown(self.source), scroll_end=False)


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
