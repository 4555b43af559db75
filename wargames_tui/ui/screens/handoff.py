"""The hotseat cover: it hides the map while the keyboard passes to the other player."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    """An opaque screen: the next side's view is drawn only once its player presses Enter.

    With `secret` (the player leaving, what only he may read of his last action: a marker he drew),
    the screen first shows him that, and asks for the keyboard to pass only after his Enter."""

    BINDINGS = [Binding("enter", "ready", "I am the next player", priority=True)]
    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen #handoff-box { width: auto; max-width: 70; height: auto; border: heavy $accent; padding: 1 4; }
    """

    def __init__(self, player: str, detail: str = "", secret: tuple[str, list[str]] | None = None) -> None:
        super().__init__()
        self.player = player
        self.detail = detail
        self.secret = secret

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._secret_text() if self.secret else self._pass_text(), id="handoff-box")

    def _pass_text(self) -> Text:
        text = Text(justify="center")
        text.append(f"Pass the keyboard to the {self.player} player,\nthen press Enter.", "bold")
        if self.detail:
            text.append(f"\n\n{self.detail}", "dim")
        return text

    def _secret_text(self) -> Text:
        assert self.secret is not None
        reader, lines = self.secret
        text = Text(justify="center")
        text.append(f"For the {reader} player only:\n\n", "bold")
        text.append("\n".join(lines), "bold #ffd21f")
        text.append(f"\n\nPress Enter, then pass the keyboard to the {self.player} player.", "dim")
        return text

    def action_ready(self) -> None:
        if self.secret:
            self.secret = None
            self.query_one("#handoff-box", Static).update(self._pass_text())
            return
        self.dismiss(None)
