"""The panel for the hex under the cursor: terrain, places and the units there."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from wargames_tui.engine.mapdata import HexCell
from wargames_tui.ui.gamehooks import Nation


class StackPanel(Static):
    DEFAULT_CSS = """
    StackPanel { height: auto; min-height: 4; }
    """

    def show(
        self,
        h: str,
        cell: HexCell,
        units: list[dict[str, Any]],
        nations: dict[str, Nation],
        sides: dict[str, str],
        hint: str = "",
    ) -> None:
        t = Text()
        t.append(f" {cell.glyph} ", f"on {cell.colour}")
        t.append(f" {cell.terrain}")
        if cell.road:
            t.append(", road")
        for feature in cell.features:
            t.append(f", {feature}", "bold")
        if cell.places:
            t.append("\n")
            t.append(", ".join(cell.places), "italic")
        for u in units:
            nation = nations.get(u.get("nation", ""))
            t.append("\n")
            swatch = f"on {nation.colour}" if nation else "reverse"
            fg = nation.text if nation else ""
            t.append(f" {u['short']:<4} ", f"bold {fg} {swatch}".strip())
            who = nation.name if nation else sides.get(u["side"], u["side"])
            t.append(f" {who}", "italic")
            t.append(f"\n {u['name']}")
            t.append("\n ")
            t.append(f"{u['strength']}-{u['move']}", "bold")
            allowance = u.get("allowance", u["move"])
            t.append(f"  MA {allowance} this turn" if allowance != u["move"] else f"  MA {allowance}")
            if u.get("moved"):
                t.append("  moved", "italic")
            if u.get("disrupted"):
                t.append("  ")
                t.append(" DISRUPTED ", "bold white on #b3261e")
        if not units:
            t.append("\n")
            t.append("no unit here", "dim")
        if hint:
            t.append("\n")
            t.append(hint, "bold #7ec8e3")
        self.update(t)
