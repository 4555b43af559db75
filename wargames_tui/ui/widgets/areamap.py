"""The area map: a line-API widget that draws a game's zone picture with live colours.

An area game (Dieppe, later Strange Victory) ships its map as a text picture in which each
zone's id is printed as "[ID]" and the lines between zones are drawn with characters that
say what kind of link they are (for Dieppe: `-|/\\` road, `.` track or landing, `~` sea lane,
`:` fire only). The view gives the picture, the zones (with the anchor `at` = (col, row) of
the first letter of the id) and the links; this widget paints:

- each zone label in its ground's colour (sea blue, beach sand, then yellow, orange and red
  for protection 0, 1 and 3), on a brown background where British units stand, grey where
  German ones do (both: half and half, as in an assault);
- the link characters dimmed, in their kind's colour (the kind of a dotted line is taken from
  the nearest link of a dotted kind between the zones it joins);
- a marker letter (A, B, or M / W for revealed mines or wire) in the cell after the "]" when
  that cell is blank, else before the "[", else on the brackets;
- lit zones (where the acting units may go, what they may fire at) with a coloured background;
- the cursor zone in white.

Every character of a zone label carries `{"zone": id}` in its style's meta, so a click needs no
coordinate arithmetic. The widget posts messages; the screen decides what they mean.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

GROUND = "#15181c"

# A zone's id colour: by its kind first (water, beach), then by its protection value.
KIND_COLOURS = {
    "sea": "#6fb3ff",
    "waiting": "#6fb3ff",
    "newhaven": "#9ed0ff",
    "beach": "#e8d19a",
}
PROTECTION_COLOURS = {0: "#f2e36b", 1: "#ff9f43", 3: "#ff5c5c"}
DEFAULT_ZONE = "#dddddd"

# Who stands in a zone: the background of its label (dieppe:2.1 brown and grey counters).
SIDE_BG = {"british": "#7a4a1e", "german": "#5b6068"}

# Lit zones and what they mean. Text on them is black.
HIGHLIGHT = {
    "party": "#ffd21f",  # the units acting now
    "selected": "#ffd21f",
    "reach": "#4cd964",  # a move may end there
    "target": "#ff4040",  # a fire target
    "assault": "#ff8c1a",  # an assault target
    "entry": "#b48cff",  # where a transfer or landing goes
    "active": "#38c6f4",  # an assault or other event under way
}

# Link characters, by the kind of the line they draw, and their (dimmed) colours.
LINK_CHARS = {"-": "road", "|": "road", "/": "road", "\\": "road", ".": "dotted", "~": "sea", ":": "fire"}
LINK_COLOURS = {
    "road": "#b9a571",
    "track": "#8a7a50",
    "landing": "#4f7fb8",
    "sea": "#3f6da3",
    "fire": "#a34444",
    "dotted": "#8a7a50",
}
TEXT_COLOUR = "#7d8794"

# Marker cells: letter and colours.
MARKERS = {
    "A": ("A", "#000000", "#b48cff"),
    "B": ("B", "#000000", "#ff8c1a"),
    "mines": ("M", "#ffffff", "#b3261e"),
    "wire": ("W", "#ffffff", "#b3261e"),
}

CURSOR = Style(color="#000000", bgcolor="#ffffff", bold=True)


def zone_colour(zone: dict[str, Any]) -> str:
    return KIND_COLOURS.get(zone.get("kind", ""), PROTECTION_COLOURS.get(zone.get("protection", 0), DEFAULT_ZONE))


@dataclass(frozen=True)
class Cell:
    """What the picture holds at one place: part of a zone label, a link, text or nothing."""

    role: str  # "open" | "id" | "close" | "link" | "text" | "blank"
    zone: str = ""
    kind: str = ""  # a link's kind


@dataclass(frozen=True)
class Layout:
    """The static part of the map, worked out once per picture."""

    width: int
    height: int
    cells: tuple[tuple[Cell, ...], ...]
    centres: dict[str, tuple[float, float]]
    labels: dict[str, tuple[int, int, int]]  # zone -> (row, first col of "[", last col of "]")
    marker_at: dict[str, tuple[int, int] | None]  # zone -> the blank cell beside its label, if any


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    # Rows are about twice as tall as columns are wide.
    py, ay, by = 2 * py, 2 * ay, 2 * by
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def build_layout(picture: list[str], zones: dict[str, dict[str, Any]], links: Iterable[dict[str, str]]) -> Layout:
    """Classify every cell of the picture (see the module docstring)."""
    height = len(picture)
    width = max((len(line) for line in picture), default=0)
    labels: dict[str, tuple[int, int, int]] = {}
    centres: dict[str, tuple[float, float]] = {}
    owner: dict[tuple[int, int], Cell] = {}
    for zid, z in zones.items():
        col, row = z["at"]
        first, last = col - 1, col + len(zid)
        labels[zid] = (row, first, last)
        centres[zid] = (col + (len(zid) - 1) / 2, float(row))
        owner[(row, first)] = Cell("open", zid)
        owner[(row, last)] = Cell("close", zid)
        for c in range(col, col + len(zid)):
            owner[(row, c)] = Cell("id", zid)
        width = max(width, last + 2)  # room for a marker after the label
    label_rows = {r for r, _, _ in labels.values()}
    bottom = max(label_rows, default=-1)
    dotted = [
        (centres[link["a"]], centres[link["b"]], link["kind"])
        for link in links
        if link["a"] in centres and link["b"] in centres and link["kind"] in ("track", "landing")
    ]

    def dotted_kind(col: int, row: int) -> str:
        if not dotted:
            return "track"
        return min(dotted, key=lambda d: _segment_distance((col, row), d[0], d[1]))[2]

    rows = []
    for r in range(height):
        line = picture[r].ljust(width)
        legend = r > bottom
        named = _legend_kinds(line) if legend else {}
        cells = []
        for c, ch in enumerate(line):
            if (r, c) in owner:
                cells.append(owner[(r, c)])
            elif ch == " ":
                cells.append(Cell("blank"))
            elif ch in LINK_CHARS and not _in_word(line, c):
                kind = LINK_CHARS[ch]
                if legend:
                    kind = named.get(c, "track" if kind == "dotted" else kind)
                elif kind == "dotted":
                    kind = dotted_kind(c, r)
                cells.append(Cell("link", kind=kind))
            else:
                cells.append(Cell("text"))
        rows.append(tuple(cells))
    marker_at: dict[str, tuple[int, int] | None] = {}
    for zid, (row, first, last) in labels.items():
        spot = None
        for c in (last + 1, first - 1):
            if 0 <= c < width and rows[row][c].role == "blank":
                spot = (row, c)
                break
        marker_at[zid] = spot
    return Layout(width, height, tuple(rows), centres, labels, marker_at)


def _in_word(line: str, c: int) -> bool:
    """A '.' or ':' inside a word ("n.4:", "No.") is text, not a link."""
    left = line[c - 1] if c > 0 else " "
    right = line[c + 1] if c + 1 < len(line) else " "
    return left.isalnum() or right.isalnum()


def _legend_kinds(line: str) -> dict[int, str]:
    """In a legend line ("-|/\\ road 1 MP   .. track 2 MP"), each run of link characters takes
    the kind named in the words after it, so the legend shows the colours it explains."""
    kinds = ("road", "track", "landing", "sea", "fire")
    found: dict[int, str] = {}
    c = 0
    while c < len(line):
        if line[c] in LINK_CHARS and not _in_word(line, c):
            start = c
            while c < len(line) and line[c] in LINK_CHARS:
                c += 1
            rest = line[c:]
            nxt = next((i for i, ch in enumerate(rest) if ch in LINK_CHARS and not _in_word(rest, i)), len(rest))
            words = rest[:nxt].lower()
            hits = [(words.find(k), k) for k in kinds if k in words]
            if hits:
                kind = min(hits)[1]
                for i in range(start, c):
                    found[i] = kind
        else:
            c += 1
    return found


class AreaMap(ScrollView, can_focus=True, inherit_bindings=False):
    """The zone picture with a cursor. Arrows move to the nearest zone that way, Tab cycles."""

    DEFAULT_CSS = """
    AreaMap {
        background: #15181c;
        scrollbar-size: 1 1;
    }
    """

    BINDINGS = [
        Binding("up", "cursor('up')", "Cursor", show=False),
        Binding("down", "cursor('down')", "Cursor", show=False),
        Binding("left", "cursor('left')", "Cursor", show=False),
        Binding("right", "cursor('right')", "Cursor", show=False),
        Binding("tab", "cycle(1)", "Next zone", show=False),
        Binding("shift+tab", "cycle(-1)", "Previous zone", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]

    class CursorMoved(Message):
        def __init__(self, zone: str) -> None:
            super().__init__()
            self.zone = zone

    class Chosen(Message):
        """Enter or a click on a zone."""

        def __init__(self, zone: str) -> None:
            super().__init__()
            self.zone = zone

    def __init__(self, view: dict[str, Any], *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.view: dict[str, Any] = {}
        self.layout_: Layout | None = None
        self.highlights: dict[str, str] = {}
        self.occupants: dict[str, set[str]] = {}
        self.cursor: str = ""
        self._version = 0
        self._lines: LRUCache[tuple[Any, ...], Strip] = LRUCache(256)
        self._picture_key: tuple[Any, ...] | None = None
        self.show(view)
        order = self.zone_order()
        self.cursor = order[0] if order else ""

    # --- what to draw ------------------------------------------------------
    def show(self, view: dict[str, Any], highlights: dict[str, str] | None = None) -> None:
        """Draw a new position and new lit zones."""
        picture_key = (tuple(view.get("picture", [])), tuple(sorted((k, tuple(z["at"])) for k, z in view["zones"].items())))
        if picture_key != self._picture_key:
            self._picture_key = picture_key
            self.layout_ = build_layout(view.get("picture", []), view["zones"], view.get("links", []))
            self.virtual_size = Size(self.layout_.width, self.layout_.height)
        self.view = view
        self.highlights = dict(highlights or {})
        occupants: dict[str, set[str]] = {}
        for u in view.get("units", []):
            if u.get("zone"):
                occupants.setdefault(u["zone"], set()).add(u["side"])
        self.occupants = occupants
        self._version += 1
        self.refresh()

    def set_highlights(self, highlights: dict[str, str]) -> None:
        if highlights != self.highlights:
            self.highlights = dict(highlights)
            self._version += 1
            self.refresh()

    @property
    def zones(self) -> dict[str, dict[str, Any]]:
        return self.view.get("zones", {})

    def zone_order(self) -> list[str]:
        """Reading order: top to bottom, left to right."""
        return sorted(self.zones, key=lambda z: (self.zones[z]["at"][1], self.zones[z]["at"][0]))

    def set_cursor(self, zone: str, scroll: bool = True) -> None:
        if zone not in self.zones:
            return
        old, self.cursor = self.cursor, zone
        if self.layout_:
            for z in (old, zone):
                if z in self.layout_.labels:
                    self.refresh_line(self.layout_.labels[z][0])
        if scroll:
            self.scroll_to_cursor()
        if old != zone:
            self.post_message(self.CursorMoved(zone))

    def scroll_to_cursor(self) -> None:
        """Scroll the least needed to show the cursor zone with a little room around it."""
        if not self.layout_ or self.cursor not in self.layout_.labels:
            return
        row, first, last = self.layout_.labels[self.cursor]
        width, height = self.scrollable_content_region.size
        if width <= 0 or height <= 0:
            return
        sx, sy = self.scroll_offset
        mx = 4 if width >= 30 else 0
        my = 2 if height >= 12 else 0
        left, right = first - mx, last + 2 + mx
        if left < sx:
            sx = left
        elif right > sx + width:
            sx = right - width
        if row - my < sy:
            sy = row - my
        elif row + 1 + my > sy + height:
            sy = row + 1 + my - height
        sx = max(0, min(sx, self.max_scroll_x))
        sy = max(0, min(sy, self.max_scroll_y))
        if (sx, sy) != tuple(self.scroll_offset):
            self.scroll_to(sx, sy, animate=False, immediate=True)

    # --- keys and mouse ----------------------------------------------------
    def nearest(self, zone: str, direction: str) -> str | None:
        """The zone the cursor goes to from zone in that direction: the closest one within a
        quarter turn of it, else the closest in that half of the map."""
        if not self.layout_ or zone not in self.layout_.centres:
            return None
        vx, vy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
        x0, y0 = self.layout_.centres[zone]
        cone, half = [], []
        for other, (x, y) in self.layout_.centres.items():
            if other == zone:
                continue
            dx, dy = x - x0, 2 * (y - y0)  # a row is about two columns tall
            along = dx * vx + dy * vy
            across = abs(dx * vy - dy * vx)
            if along <= 0:
                continue
            score = along + 2 * across
            (cone if across <= along else half).append((score, other))
        pool = cone or half
        return min(pool)[1] if pool else None

    def action_cursor(self, direction: str) -> None:
        target = self.nearest(self.cursor, direction)
        if target:
            self.set_cursor(target)

    def action_cycle(self, step: int) -> None:
        order = self.zone_order()
        if not order:
            return
        i = order.index(self.cursor) if self.cursor in order else -1
        self.set_cursor(order[(i + step) % len(order)])

    def action_choose(self) -> None:
        if self.cursor:
            self.post_message(self.Chosen(self.cursor))

    def on_click(self, event) -> None:  # noqa: ANN001 - textual's Click
        zone = event.style.meta.get("zone") if event.style else None
        if zone:
            self.set_cursor(zone, scroll=False)
            self.post_message(self.Chosen(zone))

    # --- drawing -----------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        row = y + sy
        width = self.size.width
        blank = self.rich_style
        layout = self.layout_
        if layout is None or row >= layout.height:
            return Strip.blank(width, blank)
        cursor_row = layout.labels.get(self.cursor, (-1, 0, 0))[0]
        key = (row, self._version, self.cursor if cursor_row == row else None)
        strip = self._lines.get(key)
        if strip is None:
            strip = self._build_line(row)
            self._lines[key] = strip
        return strip.crop_extend(sx, sx + width, blank)

    def _build_line(self, row: int) -> Strip:
        layout = self.layout_
        assert layout is not None
        line = self.view.get("picture", [])
        text = line[row].ljust(layout.width) if row < len(line) else " " * layout.width
        ground = Style(bgcolor=GROUND)
        marker_cells = {spot[1]: zid for zid, spot in layout.marker_at.items() if spot and spot[0] == row}
        segments: list[Segment] = []
        for c, cell in enumerate(layout.cells[row]):
            ch = text[c]
            if cell.role in ("open", "id", "close"):
                ch, style = self._label_cell(cell, ch, c)
            elif c in marker_cells and self._marker(marker_cells[c]):
                ch, style = self._marker_cell(marker_cells[c])
            elif cell.role == "link":
                style = ground + Style(color=LINK_COLOURS.get(cell.kind, TEXT_COLOUR))
            elif cell.role == "text":
                style = ground + Style(color=TEXT_COLOUR)
            else:
                style = ground
            if segments and segments[-1].style == style:
                segments[-1] = Segment(segments[-1].text + ch, style)
            else:
                segments.append(Segment(ch, style))
        return Strip(segments, layout.width)

    def _marker(self, zone: str) -> str | None:
        return self.zones.get(zone, {}).get("marker")

    def _marker_cell(self, zone: str) -> tuple[str, Style]:
        letter, fg, bg = MARKERS.get(self._marker(zone) or "", ("?", "#000000", "#dddddd"))
        return letter, Style(color=fg, bgcolor=bg, bold=True) + Style.from_meta({"zone": zone})

    def _label_cell(self, cell: Cell, ch: str, col: int) -> tuple[str, Style]:
        zid = cell.zone
        zone = self.zones[zid]
        fg = zone_colour(zone)
        light = self.highlights.get(zid)
        sides = self.occupants.get(zid, set())
        assert self.layout_ is not None
        row, first, last = self.layout_.labels[zid]
        bold = cell.role == "id"
        if light:
            bg, fg = HIGHLIGHT.get(light, "#ffffff"), "#000000"
        elif len(sides) > 1:
            # Both sides here (an assault): brown on the left half, grey on the right.
            bg = SIDE_BG["british"] if col <= (first + last) // 2 else SIDE_BG["german"]
        elif sides:
            bg = SIDE_BG.get(next(iter(sides)), GROUND)
        else:
            bg = GROUND
        marker = self._marker(zid)
        if cell.role != "id" and marker and self.layout_.marker_at.get(zid) is None:
            # No room beside the label: the brackets carry the marker's colours.
            _, mfg, mbg = MARKERS.get(marker, ("?", "#000000", "#dddddd"))
            fg, bg, bold = mfg, mbg, True
        style = Style(color=fg, bgcolor=bg, bold=bold)
        if cell.role == "id" and zone.get("telephone"):
            style += Style(underline=True)
        if cell.role == "id" and zid == self.cursor:
            style += CURSOR
        return ch, style + Style.from_meta({"zone": zid})
