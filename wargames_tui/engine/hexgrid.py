"""Hex grids numbered as the rulebooks print them: "XXYY", column then row.

Columns are vertical (flat-topped hexes); every other column is drawn half a hex
lower. Which parity is lower is a per-map setting, as is the bearing of each map
side, so maps printed with north on the left and conventional ones share this code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Literal

Hex = str


def hex_id(col: int, row: int) -> Hex:
    return f"{col:02d}{row:02d}"


def parse_hex(h: Hex) -> tuple[int, int]:
    if len(h) != 4 or not h.isdigit():
        raise ValueError(f"not a hex id: {h!r} (expected four digits XXYY)")
    return int(h[:2]), int(h[2:])


@dataclass(frozen=True)
class HexGrid:
    columns: int
    rows: int
    low_columns: Literal["even", "odd"] = "even"
    hexsides: dict[frozenset[Hex], frozenset[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Neighbour lists are asked for millions of times in a playout: work them out once.
        table = {h: tuple(self._neighbours(h)) for h in self.all_hexes()}
        object.__setattr__(self, "_table", table)
        object.__setattr__(self, "_pairs", {})  # opposite_pairs, filled as asked
        object.__setattr__(self, "_cubes", {})  # cube coordinates, filled as asked
        object.__setattr__(self, "_within", {})  # hexes near a hex, filled as asked

    def lowered(self, col: int) -> bool:
        return (col % 2 == 0) == (self.low_columns == "even")

    def contains(self, h: Hex) -> bool:
        return h in self._table  # type: ignore[attr-defined]

    def all_hexes(self) -> Iterator[Hex]:
        """Every hex, row by row."""
        for row in range(1, self.rows + 1):
            for col in range(1, self.columns + 1):
                yield hex_id(col, row)

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The on-map hexes adjacent to h, in a fixed order."""
        return self._table[h]  # type: ignore[attr-defined]

    def _neighbours(self, h: Hex) -> list[Hex]:
        col, row = parse_hex(h)
        side_rows = (row, row + 1) if self.lowered(col) else (row - 1, row)
        cand = [(col, row - 1), (col, row + 1)]
        for dc in (-1, 1):
            cand += [(col + dc, r) for r in side_rows]
        return [
            hex_id(c, r) for c, r in cand if 1 <= c <= self.columns and 1 <= r <= self.rows
        ]

    def opposite_pairs(self, h: Hex) -> list[tuple[Hex, Hex]]:
        """The pairs of on-map neighbours that face each other across h."""
        known = self._pairs  # type: ignore[attr-defined]
        if h not in known:
            known[h] = self._opposite_pairs(h)
        return list(known[h])

    def _opposite_pairs(self, h: Hex) -> list[tuple[Hex, Hex]]:
        col, row = parse_hex(h)
        left = (row, row + 1) if self.lowered(col) else (row - 1, row)
        pairs = [
            ((col, row - 1), (col, row + 1)),
            ((col - 1, left[0]), (col + 1, left[1])),
            ((col - 1, left[1]), (col + 1, left[0])),
        ]
        return [
            (hex_id(*a), hex_id(*b))
            for a, b in pairs
            if self.contains(hex_id(*a)) and self.contains(hex_id(*b))
        ]

    def _cube(self, h: Hex) -> tuple[int, int, int]:
        known = self._cubes  # type: ignore[attr-defined]
        if h not in known:
            known[h] = self._cube_of(h)
        return known[h]

    def _cube_of(self, h: Hex) -> tuple[int, int, int]:
        col, row = parse_hex(h)
        q = col
        r = row - (col - (1 if self.lowered(col) else 0)) // 2
        return q, r, -q - r

    def distance(self, a: Hex, b: Hex) -> int:
        qa, ra, sa = self._cube(a)
        qb, rb, sb = self._cube(b)
        return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))

    def within(self, h: Hex, radius: int) -> frozenset[Hex]:
        """The on-map hexes at most radius hexes from h, h included."""
        known = self._within  # type: ignore[attr-defined]
        if (h, radius) not in known:
            col, row = parse_hex(h)
            # A step changes the column or the row by at most one: the box holds every candidate.
            box = (hex_id(c, r) for c in range(col - radius, col + radius + 1)
                   for r in range(row - radius, row + radius + 1))
            known[h, radius] = frozenset(b for b in box if self.contains(b) and self.distance(h, b) <= radius)
        return known[h, radius]

    def side_features(self, a: Hex, b: Hex) -> frozenset[str]:
        """Features (river, cliff, ...) on the hexside between two adjacent hexes."""
        return self.hexsides.get(frozenset((a, b)), frozenset())

    def edge_hexes(self, side: Literal["top", "bottom", "left", "right"]) -> list[Hex]:
        """The hexes along one side of the printed map."""
        if side == "top":
            return [hex_id(c, 1) for c in range(1, self.columns + 1)]
        if side == "bottom":
            return [hex_id(c, self.rows) for c in range(1, self.columns + 1)]
        if side == "left":
            return [hex_id(1, r) for r in range(1, self.rows + 1)]
        return [hex_id(self.columns, r) for r in range(1, self.rows + 1)]
