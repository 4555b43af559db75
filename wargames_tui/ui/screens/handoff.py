"""The hotseat cover: it hides the map while the keyboard passes to the other player."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    """An opaque screen: the next side's view is drawn only once its player presses Enter."""

    BINDINGS = [Binding("enter", "ready", "I am the next player", priority=True)]
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen #handoff-box { width: auto; max-width: 70; height: auto; border: heavy $accent; padding: 1 4; }
    """

    def __init__(self, player: str, detail: str = "") -> None:
        super().__init__()
        self.player = player
        self.detail = detail

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append(f"Pass the keyboard to the {self.player} player,\nthen press Enter.", "bold")
        if self.detail:
            text.append(f"\n\n{self.detail}", "dim")
        with Middle():
            with Center():
                yield Static(text, id="handoff-box")

    def action_ready(self) -> None:
        self.dismiss(None)
