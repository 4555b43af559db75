"""The hex map: a line-API widget that draws only the visible lines.

Layout comes from `hexdraw.map_line` (cells four characters wide, two lines
high, every other column half a hex lower). Terrain is the background colour,
units are counters in their nation's colours, and each character carries the
hex id in its style's meta so a click needs no inverse hex arithmetic.

Hexside features colour the background of the characters at that edge of the cell
(top line: first char upper-left, middle two above, last upper-right; the bottom line
likewise below), so a river runs as a band of blue through the cells on both banks.

Counters are drawn in reverse video (their colours swapped back), so they look the same in colour and
stay solid blocks where colour is lost. With `App.no_color` (NO_COLOR set) the map draws in its
monochrome mode instead (see MONO_GLYPHS): sides, states and lit hexes in letters, glyphs and
attributes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from rich.segment import Segment as RichSegment
from rich.style import Style
from textual.binding import Binding
from textual.color import Color
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip

from wargames_tui.engine.hexgrid import Hex, hex_id, parse_hex
from wargames_tui.engine.mapdata import HexCell, HexMapData
from wargames_tui.hexdraw import CELL_H, CELL_W, Piece, cell_origin, map_line, map_size, mono_lines
from wargames_tui.hexdraw import Segment as MapSegment
from wargames_tui.ui.playkeys import cursor_keys
from wargames_tui.ui.widgets.mapview import MapView, PlaceMessage
from wargames_tui.ui.widgets.nocolor import no_color

# What a lit hex means, and its colour. Reachable and retreat hexes are green,
# enemy units that may be attacked red, the player's chosen units gold.
HIGHLIGHT = {
    "reach": Color.parse("#4cd964"),
    "exit": Color.parse("#38c6f4"),
    "target": Color.parse("#ff4040"),
    "declared": Color.parse("#ff8c1a"),
    "attacker": Color.parse("#ffd21f"),
    "selected": Color.parse("#ffd21f"),
    "retreat": Color.parse("#4cd964"),
    "advance": Color.parse("#4cd964"),
    "entry": Color.parse("#b48cff"),
    "remove": Color.parse("#ff4040"),
}
DISRUPTED_BG = Color.parse("#b3261e")
# Terrain is drawn muted (blended toward the dark map background) so that the
# counters, in their nations' full colours, stand out from the ground.
GROUND = Color.parse("#15181c")
MUTE = 0.45
CURSOR = Style(color="#000000", bgcolor="#ffffff", bold=True, reverse=False)
WHITE = Color.parse("#ffffff")
BLACK = Color.parse("#000000")
ROAD_LINE = Color.parse("#f0e0b0")
RAIL_LINE = Color.parse("#ffffff")
# Hexside features: (background, foreground) of the edge characters.
SIDE_COLOURS = {
    "river": (Color.parse("#3b8fe8"), WHITE),
    "minor-river": (Color.parse("#3b8fe8"), WHITE),
    "major-river": (Color.parse("#1433c8"), WHITE),
    "cliff": (Color.parse("#2b1a0b"), Color.parse("#f5d9a8")),
}
# Where each hexside direction (mapdata.SIDE_NAMES, three a line) sits on its line of the cell.
EDGE_SPANS = ((0, 1), (1, CELL_W - 1), (CELL_W - 1, CELL_W))

# Without colour (NO_COLOR, App.no_color) the map says with glyphs and attributes what colour says:
# counters are solid blocks (reverse video) in a shade per side (white, grey, ...) with the side's letter
# before the factors, or a state's glyph in its place; a disrupted counter's lower line is hollow; a
# stack's lower line is underlined; lit empty hexes show the light's glyph on their lower line; place
# names are bold, hex ids faint; the cursor is underlined (a hollow counter, or a solid empty hex).
MONO_GLYPHS = {
    "reach": "•",
    "retreat": "•",
    "advance": "•",
    "exit": "»",
    "entry": "↓",
    "target": "!",
    "remove": "!",
    "declared": "#",
    "attacker": "*",
    "selected": "*",
}
MONO_DISRUPTED = "×"
MONO_MOVED = "·"
MONO_SHADES = ("#f2f2f2", "#a3a3a3", "#d4d4d4", "#7a7a7a")
MONO_INK = {"id": "#6e6e6e", "terrain": "#8c8c8c", "label": "#ffffff", "feature": "#ffffff", "marker": "#ffffff"}

CURSOR_TIP = "move the cursor; the map scrolls to follow it"

ARROWS = {"top": "↑", "bottom": "↓", "left": "←", "right": "→"}


def north_note(bearings: dict[str, str]) -> str:
    """A short note when north is not at the top of the map, e.g. 'north is left ←'."""
    if not bearings or bearings.get("top") == "N":
        return ""
    north = next((side for side, c in bearings.items() if c == "N"), None)
    if north is None:
        return ""
    return f"north is {north} {ARROWS[north]}"


@dataclass(frozen=True)
class Counter:
    """How one occupied hex is drawn: the piece and its colours."""

    piece: Piece
    bg: str
    fg: str
    disrupted: bool = False
    dim: bool = False


@lru_cache(maxsize=4096)
def _with_meta(style: Style, h: Hex) -> Style:
    """The style with the hex id in its meta, for clicks (styles are values: cached by value)."""
    return style + Style.from_meta({"hex": h})


@lru_cache(maxsize=256)
def _edge(style: Style, kind: str) -> Style:
    bg, fg = SIDE_COLOURS[kind]
    if style.reverse:  # a counter: its colours are swapped, and so are the edge's
        bg, fg = fg, bg
    return style + Style(color=fg.rich_color, bgcolor=bg.rich_color)


@lru_cache(maxsize=1024)
def _counter_style(
    bg_hex: str, fg_hex: str, ground: str, lowered: bool, dim: bool, light: str | None, top: bool, disrupted: bool
) -> Style:
    """A counter's colours: its nation's, faded once moved, tinted when lit, red below when disrupted."""
    bg, fg = Color.parse(bg_hex), Color.parse(fg_hex)
    if lowered:
        bg = bg.darken(0.04)
    if dim:
        bg = bg.blend(Color.parse(ground), 0.5)
    if light:
        bg = bg.blend(HIGHLIGHT[light], 0.55)
    bold = top
    if disrupted:
        bg, fg, bold = DISRUPTED_BG, WHITE, True
    # In reverse video (the colours swapped back): the same look, and a solid counter on a terminal
    # without colour.
    return Style(color=bg.rich_color, bgcolor=fg.rich_color, bold=bold, reverse=True)


@lru_cache(maxsize=256)
def _mono_counter_style(shade: int, dim: bool, top: bool, disrupted: bool, stacked: bool, cursor: bool) -> Style:
    """A counter without colour: a solid block in its side's shade (darker once moved); the lower line
    hollow when disrupted, underlined over a stack; under the cursor, hollow and underlined."""
    bg = Color.parse(MONO_SHADES[shade % len(MONO_SHADES)])
    if dim:
        bg = bg.blend(GROUND, 0.45)
    fg = bg.get_contrast_text(1.0)
    underline = stacked and not top
    if cursor:
        return Style(color=bg.rich_color, bgcolor=GROUND.rich_color, bold=True, underline=True, reverse=False)
    if disrupted:
        return Style(color=bg.rich_color, bgcolor=GROUND.rich_color, bold=True, italic=True, underline=underline)
    return Style(color=bg.rich_color, bgcolor=fg.rich_color, bold=top, underline=underline, reverse=True)


@lru_cache(maxsize=256)
def _mono_ground_style(kind: str, lines: str, lit: bool, cursor: bool) -> Style:
    """An empty hex without colour: the dark ground; ids faint, place names bold and white, terrain grey,
    lines brighter, a light's glyphs bold; under the cursor a solid block, underlined."""
    if cursor:
        return Style(color=WHITE.rich_color, bgcolor=BLACK.rich_color, bold=True, underline=True, reverse=True)
    if lit and kind == "terrain":
        return Style(color=WHITE.rich_color, bgcolor=GROUND.rich_color, bold=True)
    ink = MONO_INK.get(kind, MONO_INK["terrain"])
    bold = kind in ("label", "marker", "feature")
    if kind == "terrain" and lines:
        ink, bold = ("#ffffff", True) if lines in ("rail", "road") else ("#b4b4b4", False)
    return Style(color=Color.parse(ink).rich_color, bgcolor=GROUND.rich_color, bold=bold, underline=kind == "marker")


@lru_cache(maxsize=1024)
def _ground_style(ground: str, marker: str | None, lowered: bool, light: str | None, kind: str, lines: str) -> Style:
    """An empty hex's colours: the muted terrain (or a control marker), tinted when lit; ids faint,
    labels and markers bold, rail and roads bright along their line."""
    bg = Color.parse(marker) if marker else Color.parse(ground).blend(GROUND, MUTE)
    if lowered:
        bg = bg.darken(0.04)
    if light:
        bg = bg.blend(HIGHLIGHT[light], 0.55)
    contrast = bg.get_contrast_text(1.0)
    bold = kind in ("label", "marker", "feature")
    if bold:
        fg = contrast
    elif kind == "id":
        fg = bg.blend(contrast, 0.5)
    elif lines:
        fg = bg.blend(RAIL_LINE if lines == "rail" else ROAD_LINE, 0.9 if lines == "rail" else 0.8)
        bold = lines in ("rail", "road")
    else:
        fg = bg.blend(contrast, 0.28)
    return Style(color=fg.rich_color, bgcolor=bg.rich_color, bold=bold)


def _line_kind(cell: HexCell) -> str:
    """The brightest line through a hex: "rail", "road", "lane" or ""."""
    if {"main", "branch"} & set(cell.lines):
        return "rail"
    if "road" in cell.lines or cell.road:
        return "road"
    return "lane" if cell.lines else ""


def _feature_text(cell: HexCell, text: str) -> str:
    """A terrain line with the initials of the hex's first feature in its middle ("Battle Position" -> BP)."""
    mark = "".join(w[0] for w in cell.features[0].split())[:2].upper()
    return (text[0] + mark + text[-1]) if len(mark) == 2 else text


class HexMap(MapView):
    """Hex map with a cursor; posts messages, the screen decides what they mean."""

    PLACE = "hex"

    BINDINGS = [
        *cursor_keys({"up,k": "cursor(0, -1)", "down,j": "cursor(0, 1)", "left,h": "cursor(-1, 0)", "right,l": "cursor(1, 0)"}, CURSOR_TIP),
        *cursor_keys({"pageup": "cursor(0, -5)", "pagedown": "cursor(0, 5)"}, "jump five rows"),
    ]

    class CursorMoved(PlaceMessage):
        """The cursor is on another hex (`place`)."""

    class Clicked(PlaceMessage):
        """A click on a hex."""

    CLICK = Clicked

    def __init__(self, data: HexMapData, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.data = data
        self.counters: dict[Hex, Counter] = {}
        self.highlights: dict[Hex, str] = {}
        self.held: dict[Hex, tuple[str, str]] = {}
        self.set_reactive(HexMap.cursor, next(h for h in sorted(data.cells) if data.drawn(h)))
        self._lines: dict[int, tuple[tuple[int, int], Strip]] = {}  # the cell columns drawn, the line
        # Beneath the lines, what they are made of: each line's cells as map_line lays them out
        # (kept until a counter changes), and each cell's styled segments on a line (kept until the
        # cell's counter, light or cursor changes), so a cursor key restyles two cells, not four lines.
        self._layout: dict[int, list[MapSegment]] = {}
        self._cell_parts: dict[tuple[Hex, int], list[RichSegment]] = {}
        self._pieces: dict[Hex, Piece] | None = None
        self.mono: bool | None = None  # drawn without colour: App.no_color, unless set before mounting
        self.ids = False  # hex ids on the hexes' upper lines (the hex panel names the hex under the cursor)
        width, height = map_size(data)
        self.virtual_size = Size(width, height)

    # --- what to draw ------------------------------------------------------
    def show(
        self, counters: dict[Hex, Counter], highlights: dict[Hex, str], held: dict[Hex, tuple[str, str]] | None = None
    ) -> None:
        """Draw a new position and new lit hexes (only changed lines are redrawn).

        held maps the places whose control counts (cities, footholds) to the colour and short
        name of the side holding them; an empty one shows it, like a control marker, on its
        lower line.
        """
        held = held or {}
        moved = {h for h in set(counters) | set(self.counters) if counters.get(h) != self.counters.get(h)}
        changed = {h for h in set(highlights) | set(self.highlights) if highlights.get(h) != self.highlights.get(h)}
        changed |= {h for h in set(held) | set(self.held) if held.get(h) != self.held.get(h)}
        self.counters = dict(counters)
        self.highlights = dict(highlights)
        self.held = dict(held)
        if moved:
            self._pieces = None
        for h in moved:
            self._invalidate(h, text=True)
        for h in changed - moved:
            self._invalidate(h)

    def set_cursor(self, h: Hex, scroll: bool = True) -> None:
        if not self.data.drawn(h):
            return
        self.cursor = h
        if scroll:
            self.scroll_to_cursor()

    def watch_cursor(self, old: Hex, new: Hex) -> None:
        self._invalidate(old)
        self._invalidate(new)
        self.post_message(self.CursorMoved(new))

    def scroll_to_cursor(self) -> None:
        """Scroll the least needed to show the cursor with a hex of margin, keeping whole cells in view."""
        x, y = cell_origin(self.data, self.cursor)
        width, height = self.scrollable_content_region.size
        if width <= 0 or height <= 0:
            return
        sx, sy = self.scroll_offset
        margin_x = CELL_W if width >= 4 * CELL_W else 0
        margin_y = CELL_H if height >= 4 * CELL_H else 0
        if x - margin_x < sx:
            sx = (x - margin_x) // CELL_W * CELL_W
        elif x + CELL_W + margin_x > sx + width:
            sx = -(-(x + CELL_W + margin_x - width) // CELL_W) * CELL_W
        if y - margin_y < sy:
            sy = (y - margin_y) // CELL_H * CELL_H
        elif y + CELL_H + margin_y > sy + height:
            sy = -(-(y + CELL_H + margin_y - height) // CELL_H) * CELL_H
        sx = max(0, min(sx, self.max_scroll_x))
        sy = max(0, min(sy, self.max_scroll_y))
        if (sx, sy) != tuple(self.scroll_offset):
            self.scroll_to(sx, sy, animate=False, immediate=True)

    def _invalidate(self, h: Hex, text: bool = False) -> None:
        """Draw h's cell again; `text`: what it shows changed too (a counter came, went or changed)."""
        _, y = cell_origin(self.data, h)
        for line in range(y, y + CELL_H):
            self._lines.pop(line, None)
            self._cell_parts.pop((h, line), None)
            if text:
                self._layout.pop(line, None)
            self.refresh_line(line)

    def toggle_ids(self) -> None:
        self.ids = not self.ids
        self.redraw()

    def redraw(self) -> None:
        self._lines.clear()
        self._layout.clear()
        self._cell_parts.clear()
        self._pieces = None
        self.refresh()

    # --- keys and mouse ----------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        col, row = parse_hex(self.cursor)
        col0, row0 = self.data.origin
        col = min(max(col + dx, col0), self.data.grid.columns)
        row = min(max(row + dy, row0), self.data.grid.rows)
        self.set_cursor(hex_id(col, row))

    # --- drawing -----------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        line = y + sy
        width = self.size.width
        blank = self.rich_style
        _, height = map_size(self.data)
        if line >= height:
            return Strip.blank(width, blank)
        # Only the cells in view are joined into the line: a wide map's lines are mostly off screen.
        first = sx // CELL_W
        last = -(-(sx + width) // CELL_W)
        cached = self._lines.get(line)
        if cached is None or cached[0] != (first, last):
            cached = self._lines[line] = ((first, last), self._build_line(line, first, last))
        offset = first * CELL_W
        return cached[1].crop_extend(sx - offset, sx - offset + width, blank)

    def _build_line(self, y: int, first: int = 0, last: int | None = None) -> Strip:
        """Line y of the map, or of its cell columns first to last (counted from the left, last excluded)."""
        if self.mono is None:
            self.mono = no_color(self)
        if self._pieces is None:
            self._pieces = {h: c.piece for h, c in self.counters.items()}
        layout = self._layout.get(y)
        if layout is None:
            layout = self._layout[y] = map_line(self.data, y, self._pieces)
        blank = self.rich_style
        parts = self._cell_parts
        segments: list[RichSegment] = []
        layout = layout[first:last]
        for seg in layout:
            if seg.hex is None:
                segments.append(RichSegment(seg.text, blank))
                continue
            cell = parts.get((seg.hex, y))
            if cell is None:
                cell = parts[(seg.hex, y)] = self._cell_segments(seg, y)
            segments += cell
        return Strip(segments, sum(len(s.text) for s in layout))

    def _cell_segments(self, seg: MapSegment, y: int) -> list[RichSegment]:
        """One cell's part of line y, styled: its hexside edges coloured, the hex id in the meta."""
        h = seg.hex
        assert h is not None
        part = y - cell_origin(self.data, h)[1]
        text, style = self._cell_style(h, seg.role, part, seg.text)
        sides = self.data.cells[h].sides[3 * part : 3 * part + 3]
        if h == self.cursor or not any(sides):
            return [RichSegment(text, _with_meta(style, h))]
        out = []
        for kind, (start, end) in zip(sides, EDGE_SPANS):
            edge = _edge(style, kind) if kind in SIDE_COLOURS else style
            out.append(RichSegment(text[start:end], _with_meta(edge, h)))
        return out

    def _cell_style(self, h: Hex, role: str, part: int, text: str) -> tuple[str, Style]:
        if not self.ids and (role == "id" or (role == "label" and text.strip().isdigit())):
            text = " " * len(text)  # an id, or a label that is the hex's printed number (Blitzkrieg's)
        if self.mono:
            return self._mono_cell(h, role, part, text)
        cell = self.data.cells[h]
        lowered = self.data.grid.lowered(parse_hex(h)[0])
        light = self.highlights.get(h)
        counter = self.counters.get(h)
        if role == "unit" and counter is not None:
            disrupted = counter.disrupted and part == 1
            style = _counter_style(counter.bg, counter.fg, cell.colour, lowered, counter.dim, light, part == 0, disrupted)
        else:
            marker = self.held.get(h) if role == "terrain" else None
            if marker:
                text = marker[1][: len(text)].center(len(text))
            elif role == "terrain" and cell.features:
                text = _feature_text(cell, text)
            kind = "marker" if marker else "feature" if role == "terrain" and cell.features else role
            lines = _line_kind(cell)
            style = _ground_style(cell.colour, marker[0] if marker else None, lowered, light, kind, lines)
        if h == self.cursor:
            style += CURSOR
        return text, style

    def _mono_cell(self, h: Hex, role: str, part: int, text: str) -> tuple[str, Style]:
        """A cell's text and style without colour (see MONO_GLYPHS)."""
        cell = self.data.cells[h]
        light = self.highlights.get(h)
        counter = self.counters.get(h)
        cursor = h == self.cursor
        if role == "unit" and counter is not None:
            piece = counter.piece
            mark = MONO_GLYPHS.get(light or "") or (MONO_DISRUPTED if counter.disrupted else MONO_MOVED if counter.dim else piece.side)
            text = mono_lines(piece, mark)[part].center(CELL_W)
            style = _mono_counter_style(
                piece.side_index, counter.dim, part == 0, counter.disrupted and part == 1, piece.stacked, cursor
            )
            return text, style
        marker = self.held.get(h) if role == "terrain" else None
        lit = light is not None and role == "terrain"
        if lit:  # the light's glyph between the terrain's
            glyph = MONO_GLYPHS.get(light or "", "•")
            text = text[0] + glyph * (len(text) - 2) + text[-1] if len(text) == CELL_W else glyph * len(text)
        elif marker:
            text = marker[1][: len(text)].center(len(text))
        elif role == "terrain" and cell.features:
            text = _feature_text(cell, text)
        kind = "marker" if marker and not lit else "feature" if role == "terrain" and cell.features else role
        lines = _line_kind(cell)
        return text, _mono_ground_style(kind, lines, lit, cursor)
