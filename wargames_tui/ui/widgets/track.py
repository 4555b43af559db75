"""The turn track and the phases of the turn, the current ones marked."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from wargames_tui.ui.widgets.panel import Panel

NOW = "bold black on #ffd21f"

# Shorter names for the phases when a side has more than two of them (Khar'kov).
SHORT_KINDS = {"reinforcement": "reinf", "movement": "move"}


def short_side(name: str) -> str:
    """'German-Italian' -> 'GI', 'British Commonwealth' -> 'BC', 'Italian (10th Army)' -> 'Ita'."""
    words = re.sub(r"\(.*?\)", "", name).replace("-", " ").split()
    if not words:
        return name[:3]
    return "".join(w[0].upper() for w in words) if len(words) > 1 else words[0][:3]


class TrackPanel(Panel):
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
            label = labels[view["turn"] - 1]
            width = self.content_size.width or 32
            gap = "  " if 5 + 3 * view["turns"] + 2 + len(label) <= width else "\n"
            t.append(f"{gap}{label}", "italic")
        current = view.get("phase_title") or ""
        rows: dict[str, list[str]] = {}
        for title in view.get("phases", []):
            side, _, kind = title.rpartition(" ")
            rows.setdefault(side, []).append(title)
        if current.endswith(" set-up"):
            t.append("\n")
            t.append("Set-up before turn 1: ", "dim")
            t.append(f" {short_side(current.rpartition(' ')[0])} ", NOW)
        for side, titles in rows.items():
            t.append("\n")
            t.append(f"{short_side(side):<5}", "dim")
            for title in titles:
                kind = title.rpartition(" ")[2]
                if len(titles) > 2:
                    kind = SHORT_KINDS.get(kind, kind)
                t.append(f" {kind} ", NOW if title == current else "")
        self.put(t)
