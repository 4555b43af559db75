"""Units waiting off the map (set-up and reinforcements): the one chosen to come on is marked."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from wargames_tui.ui.gamehooks import Nation
from wargames_tui.ui.widgets.panel import Panel

CHOSEN = "bold black on #ffd21f"


class PendingPanel(Panel):
    DEFAULT_CSS = """
    PendingPanel { height: auto; }
    """

    def show(
        self,
        units: list[dict[str, Any]],
        chosen: str | None,
        nations: dict[str, Nation],
        note: str = "",
        rows: int = 8,
    ) -> None:
        """List units (a window of `rows` lines around the chosen one) and a note under them."""
        t = Text(no_wrap=True, overflow="ellipsis")
        index = next((i for i, u in enumerate(units) if u["id"] == chosen), 0)
        start = max(0, min(index - rows // 2, len(units) - rows))
        shown = units[start : start + rows]
        if start > 0:
            t.append(f"  ↑ {start} more\n", "dim")
        for u in shown:
            nation = nations.get(u.get("nation", ""))
            mine = u["id"] == chosen
            t.append("▶" if mine else " ", "bold #ffd21f")
            swatch = f"on {nation.colour}" if nation else "reverse"
            fg = nation.text if nation else ""
            t.append(f" {u['short']:<4} ", f"bold {fg} {swatch}".strip())
            t.append(f" {u['strength']}-{u['move']} ", CHOSEN if mine else "bold")
            t.append(f" {u['name']}\n", "bold" if mine else "")
        below = len(units) - start - len(shown)
        if below > 0:
            t.append(f"  ↓ {below} more\n", "dim")
        t.rstrip()
        if note and not units:
            self.put(Text(note, style="#7ec8e3"))
        elif note:
            self.put(Group(t, Text(note, style="#7ec8e3")), key=(t, note))
        else:
            self.put(t)
