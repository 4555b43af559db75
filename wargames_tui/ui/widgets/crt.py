"""The combat results table, with the odds column and the last die row lit."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from wargames_tui.ui.widgets.panel import Panel

COLUMN_STYLE = "on #2e4a6b"
ROW_STYLE = "on #4a2e6b"
HIT_STYLE = "bold black on #ffd21f"


class CrtPanel(Panel):
    _args: tuple[Any, ...] | None = None  # what was shown last, to fit it again at a new width

    DEFAULT_CSS = """
    CrtPanel { height: auto; }
    """

    def show(self, crt: dict[str, Any], column: str | None, roll: int | None, caption: str = "") -> None:
        self._args = (crt, column, roll, caption)
        width = self.content_region.width or 1000  # not laid out yet: every column, until on_resize
        key = (tuple(crt["columns"]), tuple(map(tuple, crt["rows"])), column, roll, caption, width)
        if key == self._shown:
            return
        columns, rows = self._window(crt, column, width)
        if len(columns) < len(crt["columns"]):
            shown = f"columns {columns[0]} to {columns[-1]} of {len(crt['columns'])}"
            caption = f"{caption}\n{shown}" if caption else shown
        table = Table(box=None, show_edge=False, padding=(0, 0), pad_edge=False, expand=False)
        table.add_column(Text("die", style="dim"), justify="right", width=3)
        for c in columns:
            head = Text(f" {c}", style=("bold " + COLUMN_STYLE) if c == column else "bold")
            table.add_column(head, justify="right", width=4)
        for die, row in zip(crt["die"], rows):
            lit_row = die == roll
            cells = [Text(f"{die} ", style=("bold " + ROW_STYLE) if lit_row else "dim")]
            for c, result in zip(columns, row):
                if c == column and lit_row:
                    style = HIT_STYLE
                elif c == column:
                    style = COLUMN_STYLE
                elif lit_row:
                    style = ROW_STYLE
                else:
                    style = ""
                cells.append(Text(f" {result}", style=style))
            table.add_row(*cells)
        if caption:
            grid = Table.grid()
            grid.add_row(Text(caption, style="bold", overflow="fold"))
            grid.add_row(table)
            self.put(grid, key)
        else:
            self.put(table, key)

    def on_resize(self) -> None:
        if self._args is not None:
            self.show(*self._args)

    @staticmethod
    def _window(crt: dict[str, Any], column: str | None, width: int) -> tuple[list[str], list[list[str]]]:
        """The columns that fit the panel (4 characters each after the die's 3), around the lit one."""
        columns: list[str] = crt["columns"]
        fits = max(1, (width - 3) // 4)
        if len(columns) <= fits:
            return columns, crt["rows"]
        at = columns.index(column) if column in columns else 0
        start = max(0, min(at - fits // 2, len(columns) - fits))
        return columns[start : start + fits], [row[start : start + fits] for row in crt["rows"]]
