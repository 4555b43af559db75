"""What a client needs to draw a hex map: static per scenario, shared by every hex game."""

from __future__ import annotations

from dataclasses import dataclass

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
