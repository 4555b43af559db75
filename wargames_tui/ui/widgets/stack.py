"""The panel for the hex under the cursor: terrain, places, who holds it, and every unit there.

One unit is shown in full; a stack lists its units numbered 1, 2, 3 (the number
keys pick a unit of the stack), two lines each, or one line each on short screens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from rich.text import Text

from wargames_tui.engine.contract import Preview
from wargames_tui.engine.mapdata import HexCell
from wargames_tui.hexdraw import factors
from wargames_tui.ui.gamehooks import Nation
from wargames_tui.ui.widgets.panel import Panel
from wargames_tui.ui.widgets.standing import preview_text

DISRUPTED = "bold white on #b3261e"
SIDE_STYLE = {
    "river": "bold white on #3b8fe8",
    "minor-river": "bold white on #3b8fe8",
    "major-river": "bold white on #1433c8",
    "cliff": "bold #f5d9a8 on #2b1a0b",
}
LINE_NAMES = {"main": "main railroad", "branch": "branch railroad", "road": "road", "lane": "lane"}
MARK_STYLE = "bold black on #ffd21f"


@dataclass(frozen=True)
class HexInfo:
    """What the panel shows of one hex. `held` is (side name, colour) for a place whose control
    counts; `marks` tag the units of a stack the player has picked ('selected', 'attacker')."""

    hex: str
    cell: HexCell
    units: list[dict[str, Any]]
    nations: dict[str, Nation]
    sides: dict[str, str]
    hint: str = ""
    marks: dict[str, str] = field(default_factory=dict)
    held: tuple[str, str] | None = None
    hex_name: Callable[[str], str] = str
    preview: Preview | None = None  # of the action Enter would take here


class StackPanel(Panel):
    """The hex under the cursor, at a steady height (Panel.put_steady)."""

    DEFAULT_CSS = """
    StackPanel { height: auto; min-height: 4; }
    """

    def show(self, info: HexInfo, compact: bool = False, steady: object = None) -> None:
        """The hex; `steady` is what the screen asks for now (the panel keeps its height while it stays)."""
        t = self._ground(info)
        if len(info.units) == 1:
            self._one(t, info.units[0], info.nations, info.sides)
        elif info.units:
            self._stack(t, info, compact)
        else:
            t.append("\n")
            t.append("no unit here", "dim")
        if info.hint:
            t.append("\n")
            t.append(info.hint, "bold #7ec8e3")
        if info.preview is not None:
            t.append("\n")
            t.append_text(preview_text(info.preview))
        self.put_steady(t, steady)

    @staticmethod
    def _ground(info: HexInfo) -> Text:
        """The terrain, its lines and features, the hexsides, the places and who holds them."""
        cell = info.cell
        t = Text()
        t.append(f" {cell.glyph} ", f"on {cell.colour}")
        t.append(f" {cell.terrain}")
        lines = [LINE_NAMES.get(kind, kind) for kind in cell.lines] or (["road"] if cell.road else [])
        for line in lines:
            t.append(f", {line}")
        for feature in cell.features:
            t.append(f", {feature}", "bold")
        for i, (kind, hexes) in enumerate(cell.side_list()):
            t.append("\n" if i == 0 else "; ")
            t.append(f" {kind.replace('-', ' ')} ", SIDE_STYLE.get(kind, "bold"))
            t.append(f"to {', '.join(map(info.hex_name, hexes))}")
        if cell.places:
            t.append("\n")
            t.append(", ".join(cell.places), "italic")
        if info.held:
            name, colour = info.held
            t.append("  " if cell.places else "\n")
            t.append(f" held by {name} ", f"bold black on {colour}")
        return t

    def _stack(self, t: Text, info: HexInfo, compact: bool) -> None:
        """A stack: its units numbered, as many as there is room for around the one picked."""
        units, marks = info.units, info.marks
        width = max(self.content_size.width, 28)
        rows = 4 if compact else 6
        focus = next((i for i, u in enumerate(units) if marks.get(u["id"]) in ("selected", "remove?")), 0)
        start = max(0, min(focus - rows // 2, len(units) - rows))
        if start:
            t.append(f"\n  ↑ {start} more", "dim")
        for i, u in enumerate(units[start : start + rows], start=start + 1):
            self._listed(t, i, u, info.nations, marks.get(u["id"]), compact, width)
        below = len(units) - start - rows
        if below > 0:
            t.append(f"\n  ↓ {below} more", "dim")

    @staticmethod
    def _swatch(t: Text, u: dict[str, Any], nation: Nation | None) -> None:
        swatch = f"on {nation.colour}" if nation else "reverse"
        fg = nation.text if nation else ""
        t.append(f" {u['short']:<4} ", f"bold {fg} {swatch}".strip())

    def _one(self, t: Text, u: dict[str, Any], nations: dict[str, Nation], sides: dict[str, str]) -> None:
        nation = nations.get(u.get("nation", ""))
        t.append("\n")
        self._swatch(t, u, nation)
        who = nation.name if nation else sides.get(u["side"], u["side"])
        t.append(f" {who}", "italic")
        t.append(f"\n {u['name']}")
        t.append("\n ")
        t.append(factors(u), "bold")
        allowance = u.get("allowance", u["move"])
        t.append(f"  MA {allowance} this turn" if allowance != u["move"] else f"  MA {allowance}")
        if u.get("moved"):
            t.append("  moved", "italic")
        if u.get("disrupted"):
            t.append("  ")
            t.append(" DISRUPTED ", DISRUPTED)

    def _listed(
        self, t: Text, i: int, u: dict[str, Any], nations: dict[str, Nation], mark: str | None, compact: bool, width: int
    ) -> None:
        nation = nations.get(u.get("nation", ""))
        t.append("\n")
        t.append(f"{i}", "bold #7ec8e3")
        self._swatch(t, u, nation)
        line = f" {factors(u)}"
        t.append(line, "bold")
        used = 1 + 6 + len(line)
        allowance = u.get("allowance", u["move"])
        if allowance != u["move"]:
            t.append(f" MA {allowance}")
            used += 5 + len(str(allowance))
        if u.get("moved"):
            t.append(" moved", "italic")
            used += 6
        if u.get("disrupted"):
            t.append(" ")
            t.append("DISR", DISRUPTED)
            used += 5
        if mark:
            t.append(" ")
            t.append(f" {mark} ", MARK_STYLE)
            used += len(mark) + 3
        name = u["name"]
        if compact:
            room = width - used - 1
            if room >= 6:
                t.append(" " + (name if len(name) <= room else name[: room - 1] + "…"), "dim")
        else:
            room = width - 3
            t.append("\n   " + (name if len(name) <= room else name[: room - 1] + "…"), "italic")
