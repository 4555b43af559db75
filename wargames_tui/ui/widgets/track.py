"""The turn track and the phases of the turn, the current ones marked."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

NOW = "bold black on #ffd21f"


def short_side(name: str) -> str:
    """'German-Italian' -> 'GI', 'British Commonwealth' -> 'BC'."""
    words = name.replace("-", " ").split()
    return "".join(w[0].upper() for w in words) if len(words) > 1 else name[:3]


class TrackPanel(Static):
    DEFAULT_CSS = """
    TrackPanel { height: auto; }
    """

    def show(self, view: dict[str, Any]) -> None:
        t = Text()
        t.append("Turn ", "dim")
        for n in range(1, view["turns"] + 1):
            t.append(f" {n} ", NOW if n == view["turn"] else "")
        labels = view.get("turn_labels") or []
        if 0 < view["turn"] <= len(labels):
            t.append(f"  {labels[view['turn'] - 1]}", "italic")
        current = view.get("phase_title")
        rows: dict[str, list[str]] = {}
        for title in view.get("phases", []):
            side, _, kind = title.rpartition(" ")
            rows.setdefault(side, []).append(title)
        for side, titles in rows.items():
            t.append("\n")
            t.append(f"{short_side(side):<5}", "dim")
            for title in titles:
                kind = title.rpartition(" ")[2]
                t.append(f" {kind} ", NOW if title == current else "")
        self.update(t)
