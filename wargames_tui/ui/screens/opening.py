"""Shown while a long save is read and checked: every logged action is played again before play."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import LoadingIndicator, Static


class OpeningScreen(ModalScreen[None]):
    """Esc goes back to where the player was; the check's result is then dropped."""

    BINDINGS = [Binding("escape", "cancel", "Back")]
    DEFAULT_CSS = """
    OpeningScreen { align: center middle; }
    OpeningScreen #opening-box { width: auto; max-width: 70; height: auto; border: heavy $accent; padding: 1 4; }
    OpeningScreen LoadingIndicator { height: 1; }
    """

    def __init__(self, name: str, actions: int) -> None:
        super().__init__()
        self.save_name = name
        self.actions = actions
        self.cancelled = False

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append(f"Opening {self.save_name}\n", "bold")
        text.append(f"Checking its {self.actions:,} actions by playing them again\n\n")
        text.append("Esc: back", "dim")
        with Middle():
            with Center():
                yield Static(text, id="opening-box")
            yield LoadingIndicator()

    def action_cancel(self) -> None:
        self.cancelled = True
        self.dismiss(None)
