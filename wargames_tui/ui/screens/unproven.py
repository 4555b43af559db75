"""A save whose log does not prove its position: play on from what the log proves, or go back."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static


def proven_path(path: Path) -> Path:
    """Where the game its log proves is saved: beside the save, which is kept as it is."""
    n, candidate = 1, path.with_name(f"{path.stem}-proven{path.suffix}")
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}-proven-{n}{path.suffix}")
    return candidate


class UnprovenScreen(ModalScreen[bool]):
    """Enter: the game as its log proves it, saved beside this save; Esc: back to the menu."""

    BINDINGS = [Binding("enter", "choose(True)", "Play on from there"), Binding("escape", "choose(False)", "Back")]
    DEFAULT_CSS = """
    UnprovenScreen { align: center middle; }
    UnprovenScreen #unproven-box { width: auto; max-width: 76; height: auto; border: heavy $error; padding: 1 4; }
    """

    def __init__(self, reason: str, proven: int, logged: int) -> None:
        super().__init__()
        self.reason, self.proven, self.logged = reason, proven, logged

    def compose(self) -> ComposeResult:
        text = Text()
        text.append("This save cannot be played on\n\n", "bold")
        text.append(f"{self.reason}\n\n")
        text.append(f"Its log proves the game up to action {self.proven} of {self.logged}.\n\n")
        text.append("Enter: play on from there (saved as a new file; this one is kept as it is)\n", "dim")
        text.append("Esc: back to the menu", "dim")
        with Middle():
            with Center():
                yield Static(text, id="unproven-box")

    def action_choose(self, play_on: bool) -> None:
        self.dismiss(play_on)
