"""Help: the keys, and the rules of the game in brief with their case numbers."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from wargames_tui.ui.helptext import help_markdown
from wargames_tui.ui.widgets.footer import Footer


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        Binding("down,j", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False),
    ]

    def __init__(self, scenario: str = "", legend: tuple[tuple[str, str, str], ...] = ()) -> None:
        """scenario: the open game's scenario id, whose rules summary is shown (all of them if empty)."""
        super().__init__()
        self.scenario = scenario
        self.legend = legend

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(help_markdown(self.scenario, self.legend), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#help-box")
        box.border_title = "Help"
        box.border_subtitle = "Esc closes · arrows/PgUp/PgDn scroll"
        box.focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-box").scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
