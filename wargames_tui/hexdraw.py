"""Lay a hex map out as a character grid, for the client's map widget and `wargames show`.

Each hex is a cell four characters wide and two lines high; columns that the map
draws lower sit one line down, so the cells form the usual brick pattern of an
offset hex grid. The top line names the hex (its id, a place label, or the unit's
short name); the bottom line shows terrain glyphs or the unit's factors. Factors too
long for one line take both ('8-10' over '-6'): a counter's factors are never cut, and
its name is then on the Hex panel only. A railroad,
road or lane through an empty hex replaces its terrain glyphs (all four on open ground,
the middle two elsewhere, so the terrain glyph still shows at the ends).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from wargames_tui.engine.hexgrid import Hex, hex_id
from wargames_tui.engine.mapdata import HexMapData

CELL_W = 4
CELL_H = 2
# Glyphs of the lines through a hex, the first kind present winning.
LINE_GLYPHS = {"main": "╪", "branch": "┼", "road": "=", "lane": "-"}
OPEN_GROUND = ".,"


@dataclass(frozen=True)
class Segment:
    text: str
    hex: Hex | None
    role: str  # "blank", "id", "label", "terrain", "unit"


@dataclass(frozen=True)
class Piece:
    """What stands in a hex, as the map shows it."""

    top: str
    bottom: str
    nation: str
    flags: str = ""  # "d" disrupted, "m" moved, ...
    side: str = ""  # the letter of the side (monochrome maps), e.g. "G"
    side_index: int = 0  # the side's place in the view's sides: the shade of its counters without colour
    factors: str = ""  # the bottom line's factors alone, without the stack's "+"
    stacked: bool = False  # more units beneath
    named: bool = True  # the top line is the unit's name (else the first part of its factors)


def map_size(data: HexMapData) -> tuple[int, int]:
    col0, row0 = data.origin
    return (data.grid.columns - col0 + 1) * CELL_W, (data.grid.rows - row0 + 1) * CELL_H + 1


def cell_origin(data: HexMapData, h: Hex) -> tuple[int, int]:
    """Where the cell of h starts on the drawn map: the map's `origin` is drawn at (0, 0)."""
    col, row = int(h[:2]), int(h[2:])
    col0, row0 = data.origin
    y = (row - row0) * CELL_H + (1 if data.grid.lowered(col) else 0)
    return (col - col0) * CELL_W, y


def map_line(data: HexMapData, y: int, pieces: dict[Hex, Piece]) -> list[Segment]:
    """The segments of one line of the drawn map, left to right."""
    segments = []
    col0, row0 = data.origin
    for col in range(col0, data.grid.columns + 1):
        offset = 1 if data.grid.lowered(col) else 0
        row, part = divmod(y - offset, CELL_H)
        row += row0
        if y - offset < 0 or row > data.grid.rows:
            segments.append(Segment(" " * CELL_W, None, "blank"))
            continue
        h = hex_id(col, row)
        segments.append(_cell_text(data, h, part, pieces.get(h)))
    return segments


def _cell_text(data: HexMapData, h: Hex, part: int, piece: Piece | None) -> Segment:
    cell = data.cells[h]
    if piece is not None:
        text = piece.top if part == 0 else piece.bottom
        return Segment(text[:CELL_W].center(CELL_W), h, "unit")
    if part == 0:
        if cell.label:
            return Segment(cell.label.center(CELL_W), h, "label")
        return Segment(h, h, "id")
    line = next((g for kind, g in LINE_GLYPHS.items() if kind in cell.lines), None)
    if line is None and cell.road:
        line = LINE_GLYPHS["road"]
    if line is None:
        return Segment(cell.glyph * CELL_W, h, "terrain")
    if cell.glyph in OPEN_GROUND:
        return Segment(line * CELL_W, h, "terrain")
    return Segment(cell.glyph + line * (CELL_W - 2) + cell.glyph, h, "terrain")


def factors(unit: dict[str, Any]) -> str:
    """The factors a counter shows: the view's `factors` where the game gives them, else strength-move."""
    return unit.get("factors") or f"{unit['strength']}-{unit['move']}"


def side_letters(sides: dict[str, str]) -> dict[str, str]:
    """A letter for each side, from its name ('German' -> 'G'), distinct: the next letter of the name,
    else of the id, when two sides share one."""
    letters: dict[str, str] = {}
    for sid, name in sides.items():
        word = "".join(ch for ch in (name or sid) + sid if ch.isalpha()).upper() or "?"
        letters[sid] = next((ch for ch in word if ch not in letters.values()), str(len(letters) + 1))
    return letters


def split_factors(shown: str) -> tuple[str, str] | None:
    """Factors too long for a counter's lower line, over both its lines: cut before the last sign
    that leaves neither part longer than a line ('8-10-6' -> '8-10', '-6'; '+1+2-4' -> '+1+2', '-4')."""
    if len(shown) <= CELL_W:
        return None
    cuts = [i for i, ch in enumerate(shown) if ch in "+-" and 0 < i <= CELL_W and len(shown) - i <= CELL_W]
    return (shown[: cuts[-1]], shown[cuts[-1]:]) if cuts else None


def mono_lines(piece: Piece, mark: str) -> tuple[str, str]:
    """A counter's two lines on a map without colour: a mark (the side's letter, or a state's glyph)
    before the factors on the lower line, and a '+' after them when more units stand beneath and
    there is room; when the factors fill the lower line, the mark goes before the name on the upper
    line (the name cut to make room: it is whole on the Hex panel)."""
    shown = piece.factors or piece.bottom
    if len(shown) >= CELL_W:
        top = (mark + piece.top)[:CELL_W] if piece.named else piece.top
        return top, shown[:CELL_W]
    line = mark + shown
    if piece.stacked and len(line) < CELL_W:
        line += "+"
    return piece.top, line.ljust(CELL_W)


def pieces_from_view(view: dict[str, Any]) -> dict[Hex, Piece]:
    """One piece per occupied hex: the top unit, with a '+' when more stand beneath."""
    sides = list(view.get("sides") or {})
    letters = side_letters(view.get("sides") or {})
    by_hex: dict[Hex, list[dict[str, Any]]] = {}
    for u in view["units"]:
        if u["status"] == "map" and u["hex"]:
            by_hex.setdefault(u["hex"], []).append(u)
    pieces = {}
    for h, units in by_hex.items():
        top = units[0]
        cut = split_factors(factors(top))
        upper, alone = cut or (top["short"], factors(top))
        shown = (alone + "+")[:CELL_W] if len(units) > 1 else alone
        flags = ("d" if top["disrupted"] else "") + ("m" if top.get("moved") else "")
        side = top.get("side", "")
        index = sides.index(side) if side in sides else 0
        pieces[h] = Piece(upper, shown, top["nation"], flags, letters.get(side, ""), index, alone, len(units) > 1, cut is None)
    return pieces


def text_map(data: HexMapData, view: dict[str, Any]) -> list[str]:
    """The map as plain text (`wargames show`): a unit's lower line as on a map without colour, its
    side's letter (or × when disrupted) before its factors, so that units read apart from places."""
    pieces = {}
    for h, p in pieces_from_view(view).items():
        top, bottom = mono_lines(p, "×" if "d" in p.flags else p.side)
        pieces[h] = replace(p, top=top, bottom=bottom)
    _, height = map_size(data)
    return ["".join(s.text for s in map_line(data, y, pieces)).rstrip() for y in range(height)]
