"""The area map: a line-API widget that draws a game's zone picture with live colours.

An area game (Dieppe, Strange Victory) ships its map as a text picture in which each
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

What differs between games (the colours of the ids, the markers, the link characters) is a
`MapLook`, chosen by the game id of the view's scenario: Dieppe's is described above, Strange
Victory's under STRANGE_VICTORY below.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

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


Units = list[dict[str, Any]]
Marker = tuple[str, str, str]  # (character, foreground, background)


@dataclass(frozen=True)
class MapLook:
    """How one game's zones are painted.

    colour(zone): the id's colour. backgrounds(zone, units): the label's background, one colour
    or two (left and right halves, both sides present), or None for the bare ground.
    markers(zone, units): the marker cells beside the label, in order (the first one without a
    spot colours the brackets). brackets(zone): a colour for the brackets, else the id's.
    underline(zone): the id underlined."""

    colour: Callable[[dict[str, Any]], str]
    backgrounds: Callable[[dict[str, Any], Units], tuple[str, ...] | None]
    markers: Callable[[dict[str, Any], Units], list[Marker]]
    brackets: Callable[[dict[str, Any]], str | None] = lambda zone: None
    underline: Callable[[dict[str, Any]], bool] = lambda zone: False
    link_chars: dict[str, str] = field(default_factory=lambda: dict(LINK_CHARS))
    link_colours: dict[str, str] = field(default_factory=lambda: dict(LINK_COLOURS))
    over_links: bool = False  # markers may cover the first character of a line of links


def _dieppe_backgrounds(zone: dict[str, Any], units: Units) -> tuple[str, ...] | None:
    sides = {u["side"] for u in units}
    if len(sides) > 1:  # both sides here (an assault): brown on the left half, grey on the right
        return SIDE_BG["british"], SIDE_BG["german"]
    if sides:
        return (SIDE_BG.get(next(iter(sides)), GROUND),)
    return None


def _dieppe_markers(zone: dict[str, Any], units: Units) -> list[Marker]:
    marker = zone.get("marker")
    return [MARKERS.get(marker, ("?", "#000000", "#dddddd"))] if marker else []


DIEPPE = MapLook(
    colour=zone_colour,
    backgrounds=_dieppe_backgrounds,
    markers=_dieppe_markers,
    underline=lambda zone: bool(zone.get("telephone")),
)

# --- Strange Victory ----------------------------------------------------------------------------
# An id's colour says what it is worth and what garrison it hides (strange-victory:3.1): the
# letters A, B, C in deepening shades, ports blue, Avesnes red, the staging areas grey; strategic
# areas are underlined. Brackets are green around a forest (3.1.2). The label's background is
# grey where a division stands (darker once it has activated this turn), blue where revealed Allied
# counters stand (half and half in a combat), dark green on an empty captured area (11.0). After the
# label: the letter of a face-down garrison (4.3) and, on blue, the number of face-down coastal
# counters in a port (10.2).
SV_LETTERS = {"A": "#f3e9a8", "B": "#f2bd4b", "C": "#ff8a3d", "I": "#ff5c5c"}
SV_KINDS = {"staging": "#9aa4b0", "port": "#6fb3ff", "fortress": "#ff4d4d"}
SV_BG = {"german": "#5b6068", "german-done": "#383c42", "allied": "#2b4f96", "captured": "#1f3d27"}
SV_FOREST = "#4cbf5a"
SV_COASTAL = ("#ffffff", "#1f5fbf")
SV_LINK_CHARS = {"-": "border", "|": "border", "/": "border", "\\": "border", "=": "bridge", "#": "bridge", "~": "sea"}
SV_LINK_COLOURS = {"border": "#8f8463", "bridge": "#e6e6e6", "sea": "#3f6da3"}


def sv_colour(zone: dict[str, Any]) -> str:
    return SV_KINDS.get(zone.get("kind", ""), SV_LETTERS.get(zone.get("letter", ""), DEFAULT_ZONE))


def _sv_backgrounds(zone: dict[str, Any], units: Units) -> tuple[str, ...] | None:
    german = [u for u in units if u["side"] == "german"]
    allied = [u for u in units if u["side"] != "german"]
    grey = SV_BG["german"] if any(not u.get("resupply") for u in german) else SV_BG["german-done"]
    if german and allied:
        return grey, SV_BG["allied"]
    if german:
        return (grey,)
    if allied:
        return (SV_BG["allied"],)
    return (SV_BG["captured"],) if zone.get("captured") else None


def _sv_markers(zone: dict[str, Any], units: Units) -> list[Marker]:
    out: list[Marker] = []
    letter = zone.get("marker")
    if letter:
        out.append((letter, "#000000", SV_LETTERS.get(letter, "#dddddd")))
    coastal = int(zone.get("coastal") or 0)
    if coastal:
        out.append((str(coastal) if coastal < 10 else "+", *SV_COASTAL))
    return out


STRANGE_VICTORY = MapLook(
    colour=sv_colour,
    backgrounds=_sv_backgrounds,
    markers=_sv_markers,
    brackets=lambda zone: SV_FOREST if zone.get("forest") else None,
    underline=lambda zone: zone.get("kind") == "strategic",
    link_chars=SV_LINK_CHARS,
    link_colours=SV_LINK_COLOURS,
    over_links=True,
)

LOOKS = {"dieppe": DIEPPE, "strange-victory": STRANGE_VICTORY}


def look_for(view: dict[str, Any]) -> MapLook:
    """The look of the view's game (Dieppe's for a view without a known scenario)."""
    return LOOKS.get(str(view.get("scenario", "")).split("/")[0], DIEPPE)


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
    spots: dict[str, tuple[tuple[int, int], ...]]  # zone -> cells beside its label for markers, in order of use


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    # Rows are about twice as tall as columns are wide.
    py, ay, by = 2 * py, 2 * ay, 2 * by
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def build_layout(
    picture: list[str],
    zones: dict[str, dict[str, Any]],
    links: Iterable[dict[str, str]],
    link_chars: dict[str, str] | None = None,
    over_links: bool = False,
) -> Layout:
    """Classify every cell of the picture (see the module docstring).

    link_chars: character -> link kind (Dieppe's by default). Marker spots are the blank cell
    after a label, then the blank one before it; with over_links, also the first character of
    a line of two or more link characters that touches the label (the line stays visible)."""
    link_chars = LINK_CHARS if link_chars is None else link_chars
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
        named = _legend_kinds(line, link_chars) if legend else {}
        cells = []
        for c, ch in enumerate(line):
            if (r, c) in owner:
                cells.append(owner[(r, c)])
            elif ch == " ":
                cells.append(Cell("blank"))
            elif ch in link_chars and not _in_word(line, c):
                kind = link_chars[ch]
                if legend:
                    kind = named.get(c, "track" if kind == "dotted" else kind)
                elif kind == "dotted":
                    kind = dotted_kind(c, r)
                cells.append(Cell("link", kind=kind))
            else:
                cells.append(Cell("text"))
        rows.append(tuple(cells))
    claimed: set[tuple[int, int]] = set()
    found: dict[str, list[tuple[int, int]]] = {zid: [] for zid in labels}

    def role(row: int, c: int) -> str:
        return rows[row][c].role if 0 <= c < width else "edge"

    for side in (1, -1):  # every zone's cell after its label first, then the cells before
        for zid, (row, first, last) in labels.items():
            c = last + 1 if side == 1 else first - 1
            if (row, c) in claimed or not 0 <= c < width:
                continue
            beyond = role(row, c + side)
            free = role(row, c) == "blank" or (
                over_links and role(row, c) == "link" and beyond == "link" and (row, c + side) not in claimed
            )
            if free:
                claimed.add((row, c))
                found[zid].append((row, c))
    spots = {zid: tuple(cells) for zid, cells in found.items()}
    return Layout(width, height, tuple(rows), centres, labels, spots)


def _in_word(line: str, c: int) -> bool:
    """A '.' or ':' inside a word ("n.4:", "No.") is text, not a link."""
    left = line[c - 1] if c > 0 else " "
    right = line[c + 1] if c + 1 < len(line) else " "
    return left.isalnum() or right.isalnum()


def _legend_kinds(line: str, link_chars: dict[str, str] | None = None) -> dict[int, str]:
    """In a legend line ("-|/\\ road 1 MP   .. track 2 MP"), each run of link characters takes
    the kind named in the words after it, so the legend shows the colours it explains."""
    link_chars = LINK_CHARS if link_chars is None else link_chars
    kinds = ("road", "track", "landing", "sea", "fire", "border", "bridge")
    found: dict[int, str] = {}
    c = 0
    while c < len(line):
        if line[c] in link_chars and not _in_word(line, c):
            start = c
            while c < len(line) and line[c] in link_chars:
                c += 1
            rest = line[c:]
            nxt = next((i for i, ch in enumerate(rest) if ch in link_chars and not _in_word(rest, i)), len(rest))
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
        self.here: dict[str, Units] = {}  # zone -> the units in it
        self.look: MapLook = look_for(view)
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
        self.look = look_for(view)
        picture_key = (
            id(self.look),
            tuple(view.get("picture", [])),
            tuple(sorted((k, tuple(z["at"])) for k, z in view["zones"].items())),
        )
        if picture_key != self._picture_key:
            self._picture_key = picture_key
            look = self.look
            self.layout_ = build_layout(
                view.get("picture", []), view["zones"], view.get("links", []), look.link_chars, look.over_links
            )
            self.virtual_size = Size(self.layout_.width, self.layout_.height)
        self.view = view
        self.highlights = dict(highlights or {})
        occupants: dict[str, set[str]] = {}
        here: dict[str, Units] = {}
        for u in view.get("units", []):
            if u.get("zone"):
                occupants.setdefault(u["zone"], set()).add(u["side"])
                here.setdefault(u["zone"], []).append(u)
        self.occupants = occupants
        self.here = here
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
        marker_cells: dict[int, tuple[str, int]] = {}  # column -> (zone, which of its markers)
        for zid, spots in layout.spots.items():
            for i, (r, c) in enumerate(spots):
                if r == row:
                    marker_cells[c] = (zid, i)
        colours = self.look.link_colours
        segments: list[Segment] = []
        for c, cell in enumerate(layout.cells[row]):
            ch = text[c]
            marker = self._marker(*marker_cells[c]) if c in marker_cells else None
            if cell.role in ("open", "id", "close"):
                ch, style = self._label_cell(cell, ch, c)
            elif marker is not None:
                ch, style = self._marker_cell(marker_cells[c][0], marker)
            elif cell.role == "link":
                style = ground + Style(color=colours.get(cell.kind, TEXT_COLOUR))
            elif cell.role == "text":
                style = ground + Style(color=TEXT_COLOUR)
            else:
                style = ground
            if segments and segments[-1].style == style:
                segments[-1] = Segment(segments[-1].text + ch, style)
            else:
                segments.append(Segment(ch, style))
        return Strip(segments, layout.width)

    def markers(self, zone: str) -> list[Marker]:
        z = self.zones.get(zone)
        return self.look.markers(z, self.here.get(zone, [])) if z is not None else []

    def _marker(self, zone: str, index: int) -> Marker | None:
        markers = self.markers(zone)
        return markers[index] if index < len(markers) else None

    def _marker_cell(self, zone: str, marker: Marker) -> tuple[str, Style]:
        letter, fg, bg = marker
        return letter, Style(color=fg, bgcolor=bg, bold=True) + Style.from_meta({"zone": zone})

    def _label_cell(self, cell: Cell, ch: str, col: int) -> tuple[str, Style]:
        zid = cell.zone
        zone = self.zones[zid]
        look = self.look
        fg = look.colour(zone)
        light = self.highlights.get(zid)
        assert self.layout_ is not None
        row, first, last = self.layout_.labels[zid]
        bold = cell.role == "id"
        backgrounds = look.backgrounds(zone, self.here.get(zid, []))
        if light:
            bg, fg = HIGHLIGHT.get(light, "#ffffff"), "#000000"
        elif backgrounds:
            # Two colours: the left half and the right half of the label.
            bg = backgrounds[0] if col <= (first + last) // 2 else backgrounds[-1]
        else:
            bg = GROUND
        if cell.role != "id":
            markers = self.markers(zid)
            spots = self.layout_.spots.get(zid, ())
            bracket = look.brackets(zone)
            if len(markers) > len(spots):
                # No room beside the label: the brackets carry the first homeless marker's colours.
                _, fg, bg = markers[len(spots)]
                bold = True
            elif bracket and not light:
                fg, bold = bracket, True
        style = Style(color=fg, bgcolor=bg, bold=bold)
        if cell.role == "id" and look.underline(zone):
            style += Style(underline=True)
        if cell.role == "id" and zid == self.cursor:
            style += CURSOR
        return ch, style + Style.from_meta({"zone": zid})
