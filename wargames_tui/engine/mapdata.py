"""What a client needs to draw a hex map: static per scenario, shared by every hex game."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from wargames_tui.engine.hexgrid import Hex, HexGrid, hex_id, parse_hex

# The six directions of a hex as the map draws it (cells four characters wide, two lines
# high, every other column a line lower): the order of HexCell.sides and HexCell.across.
# Each names the neighbour that touches the cell at one edge position: the top line's
# first character, its middle two, its last; then the same on the bottom line.
SIDE_NAMES = ("upper-left", "above", "upper-right", "lower-left", "below", "lower-right")


def side_hexes(grid: HexGrid, h: Hex) -> tuple[Hex | None, ...]:
    """The neighbour of h in each direction of SIDE_NAMES, or None where it is off the map.

    A lowered column's side neighbours are in its own row (upper) and the next (lower);
    a raised column's in the row before (upper) and its own (lower).
    """
    col, row = parse_hex(h)
    upper, lower = (row, row + 1) if grid.lowered(col) else (row - 1, row)
    cand = (
        (col - 1, upper),
        (col, row - 1),
        (col + 1, upper),
        (col - 1, lower),
        (col, row + 1),
        (col + 1, lower),
    )
    return tuple(
        hex_id(c, r) if 1 <= c <= grid.columns and 1 <= r <= grid.rows else None for c, r in cand
    )


@dataclass(frozen=True)
class HexCell:
    terrain: str
    glyph: str
    colour: str
    label: str = ""
    places: tuple[str, ...] = ()
    road: bool = False
    features: tuple[str, ...] = ()
    # Per direction of SIDE_NAMES: the hexside feature there ("river", "major-river",
    # "minor-river", "cliff") or None; and the neighbour across it (None off the map).
    sides: tuple[str | None, ...] = (None,) * 6
    across: tuple[Hex | None, ...] = (None,) * 6
    # Kinds of the lines through the hex: "main" / "branch" railroads, "road", "lane".
    lines: tuple[str, ...] = ()
    # The hex's printed id where it is not the grid's (Blitzkrieg's two maps: "E2034"), for the player.
    name: str = ""

    def side_list(self) -> list[tuple[str, list[Hex]]]:
        """The hexside features of this hex, each kind with the hexes across it, in direction order."""
        out: dict[str, list[Hex]] = {}
        for kind, other in zip(self.sides, self.across):
            if kind and other:
                out.setdefault(kind, []).append(other)
        return [(kind, sorted(hexes)) for kind, hexes in out.items()]


@dataclass(frozen=True)
class HexMapData:
    grid: HexGrid
    bearings: dict[str, str]  # printed side ("top", ...) -> the point it faces ("N", ...)
    cells: dict[Hex, HexCell]
    legend: tuple[tuple[str, str, str], ...]  # (glyph, terrain name, colour)
    # The first printed column and row, where the grid's numbering starts before the printed map.
    first_column: int = 1
    first_row: int = 1

    @cached_property
    def origin(self) -> tuple[int, int]:
        """The first column and row drawn: the printed ones, past any leading columns or rows whose
        cells draw nothing (absent, or a blank glyph with a blank label)."""

        def blank(h: Hex) -> bool:
            cell = self.cells.get(h)
            return cell is None or (not cell.glyph.strip() and cell.label == " " and not cell.places)

        col, row = self.first_column, self.first_row
        while col < self.grid.columns and all(blank(hex_id(col, r)) for r in range(1, self.grid.rows + 1)):
            col += 1
        while row < self.grid.rows and all(blank(hex_id(c, row)) for c in range(col, self.grid.columns + 1)):
            row += 1
        return col, row

    def drawn(self, h: Hex) -> bool:
        """Whether h is on the drawn map (a cell in the columns and rows from `origin` on)."""
        if h not in self.cells:
            return False
        col, row = parse_hex(h)
        return col >= self.origin[0] and row >= self.origin[1]
