"""The end of the game: who won, how, and why."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from wargames_tui.engine.flow import Outcome


def points_text(points: Any) -> str:
    """+3 for whole points, 12½ for halves (villages worth half a point)."""
    if isinstance(points, int):
        return f"{points:>+5d}"
    if isinstance(points, float):
        whole, half = int(points), abs(points - int(points)) >= 0.25
        return f"{(str(whole) if whole else '') + '½' if half else str(whole):>5}"
    return str(points)


class VictoryScreen(ModalScreen[str]):
    BINDINGS = [
        Binding("enter,m,q", "menu", "Main menu"),
        Binding("escape,v", "look", "Look at the map"),
    ]

    def __init__(self, outcome: Outcome | None, view: dict[str, Any]) -> None:
        super().__init__()
        self.outcome = outcome
        self.game_view = view

    def compose(self) -> ComposeResult:
        o = self.outcome
        sides = self.game_view.get("sides", {})
        t = Text(justify="center")
        t.append(f"{self.game_view.get('title', '')}\n\n", "bold")
        if o is None:
            t.append("The game is not over.")
        elif o.points and not set(o.points) & set(sides):
            # A tally of objectives (a solitaire game's victory points): the level first, then each line.
            winner = sides.get(o.winner, o.winner) if o.winner else "Nobody"
            t.append(f"{o.level[:1].upper()}{o.level[1:]}\n", "bold #ffd21f")
            if o.winner and o.winner != self.game_view.get("player"):  # the player's own side "winning", or nobody, says nothing
                t.append(f"({winner} win)\n", "dim")
            t.append("\n")
            t.append(f"{o.reason}\n")
            width = max(len(line) for line in o.points) + 2
            for line, points in o.points.items():
                t.append(f"\n{line:<{width}}{points_text(points)}")
            total = self.game_view.get("total")
            if isinstance(total, (int, float)):
                t.append(f"\n{'total':<{width}}{points_text(total)}", "bold")
        else:
            winner = sides.get(o.winner, o.winner) if o.winner else "Nobody"
            t.append(f"{winner}\n", "bold #ffd21f")
            t.append(f"{o.level}\n\n", "bold")
            t.append(f"{o.reason}\n")
            for side, points in (o.points or {}).items():
                t.append(f"\n{sides.get(side, side)}: {points} points")
        turn = self.game_view.get("turn")
        turns = f" of {self.game_view['turns']}" if self.game_view.get("turns") else ""
        phase = str(self.game_view.get("phase_title", "")).rstrip(".!")
        t.append(f"\n\nEnded in turn {turn}{turns}, {phase}.", "dim")
        t.append("\n\nEnter: main menu    Esc: look at the final position", "#7ec8e3")
        with Vertical(id="victory-box"):
            yield Static(t, id="victory-text")

    def on_mount(self) -> None:
        self.query_one("#victory-box").border_title = "Game over"

    def action_menu(self) -> None:
        self.dismiss("menu")

    def action_look(self) -> None:
        self.dismiss("map")
