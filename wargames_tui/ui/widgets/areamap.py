"""The area map: a line-API widget that draws a game's zone picture with live colours.

An area game ships its map as a text picture in which each zone's id is printed as "[ID]" and
the lines between zones are drawn with characters that say what kind of link they are. The view
gives the picture, the zones (with the anchor `at` = (col, row) of the first letter of the id)
and the links; this widget paints:

- each zone label in the colour the game's look gives it, on the background of who stands there
  (two halves when both sides do);
- the link characters dimmed, in their kind's colour (the kind of a dotted line is taken from
  the nearest link of a dotted kind between the zones it joins);
- the game's marker cells after the "]" when that cell is blank, else before the "[", else on
  the brackets;
- lit zones (where the acting units may go, what they may fire at) with a coloured background;
- the cursor zone in white;
- the brackets of an occupied zone replaced by the characters the game's look gives for who stands
  there (`MapLook.occupied`), in colour too; without colour (`App.no_color`) occupied labels are
  solid (reverse video) and lit zones' brackets are the light's glyph (MONO_GLYPHS).

Every character of a zone label carries `{"zone": id}` in its style's meta, so a click needs no
coordinate arithmetic. The widget posts messages; the screen decides what they mean.

What differs between games (the colours of the ids, the markers, the link characters) is the
game's `MapLook` (wargames_tui.present.area), from its presentation.
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
from textual.strip import Strip

from wargames_tui.present.area import DEFAULT_ZONE, GROUND, LINK_CHARS, MapLook, Marker, Units
from wargames_tui.ui.playkeys import cursor_keys
from wargames_tui.ui.widgets.mapview import MapView, PlaceMessage
from wargames_tui.ui.widgets.nocolor import no_color

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

TEXT_COLOUR = "#7d8794"
CURSOR_TIP = "move the cursor to the nearest zone that way"

CURSOR = Style(color="#000000", bgcolor="#ffffff", bold=True)

# Without colour (App.no_color): an occupied zone's label is a solid block (reverse video), its brackets
# say whose (the game's MapLook.occupied); a lit zone's brackets are the light's glyph instead; a marker
# with no cell beside the label takes the place of "]"; the cursor's id is underlined.
MONO_GLYPHS = {"party": "*", "selected": "*", "reach": "•", "target": "!", "assault": "#", "entry": "↓", "active": "~"}
MONO_BLOCK = "#f2f2f2"


def _row_zones(layout: Layout) -> dict[int, tuple[str, ...]]:
    """Each row's zones: those whose label or a marker's spot is in it (what its cells are drawn from)."""
    rows: dict[int, set[str]] = {}
    for zid, (row, _, _) in layout.labels.items():
        rows.setdefault(row, set()).add(zid)
    for zid, spots in layout.spots.items():
        for row, _ in spots:
            rows.setdefault(row, set()).add(zid)
    return {row: tuple(sorted(zids)) for row, zids in rows.items()}


def look_for(view: dict[str, Any]) -> MapLook:
    """The look of the view's game, from the game's presentation (plain colours for an unknown one)."""
    from wargames_tui.present import for_scenario

    shown = for_scenario(str(view.get("scenario", "")))
    return shown.look if shown is not None and shown.look is not None else PLAIN


def player_for(view: dict[str, Any]) -> str | None:
    """The side the view's game names as its player (AreaTerms.player), if it is an area game."""
    from wargames_tui.present import for_scenario

    shown = for_scenario(str(view.get("scenario", "")))
    return shown.area.player if shown is not None and shown.area is not None else None


PLAIN = MapLook(colour=lambda zone: DEFAULT_ZONE, backgrounds=lambda zone, units: None, markers=lambda zone, units: [])


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

    link_chars: character -> link kind (LINK_CHARS by default). Marker spots are the blank cell
    after a label, then the blank one before it; with over_links, also the first character of
    a line of two or more link characters that touches the label (the line stays visible)."""
    link_chars = LINK_CHARS if link_chars is None else link_chars
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
    dotted = [
        (centres[link["a"]], centres[link["b"]], link["kind"])
        for link in links
        if link["a"] in centres and link["b"] in centres and link["kind"] in ("track", "landing")
    ]
    bottom = max((r for r, _, _ in labels.values()), default=-1)
    rows = tuple(
        _classify_row(picture[r].ljust(width), r, owner, link_chars, dotted, legend=r > bottom) for r in range(len(picture))
    )
    return Layout(width, len(picture), rows, centres, labels, _marker_spots(rows, labels, width, over_links))


def _classify_row(
    line: str,
    r: int,
    owner: dict[tuple[int, int], Cell],
    link_chars: dict[str, str],
    dotted: list[tuple[tuple[float, float], tuple[float, float], str]],
    legend: bool,
) -> tuple[Cell, ...]:
    """One line of the picture: each cell a label's part, a link (a dotted one takes the kind of
    the nearest dotted link; in the legend below the map, the kind its words name), text or blank."""
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
                kind = min(dotted, key=lambda d: _segment_distance((c, r), d[0], d[1]))[2] if dotted else "track"
            cells.append(Cell("link", kind=kind))
        else:
            cells.append(Cell("text"))
    return tuple(cells)


def _marker_spots(
    rows: tuple[tuple[Cell, ...], ...], labels: dict[str, tuple[int, int, int]], width: int, over_links: bool
) -> dict[str, tuple[tuple[int, int], ...]]:
    """The cells beside each label that may hold its markers: every zone's cell after its label
    first, then the cells before (see build_layout)."""
    claimed: set[tuple[int, int]] = set()
    found: dict[str, list[tuple[int, int]]] = {zid: [] for zid in labels}

    def role(row: int, c: int) -> str:
        return rows[row][c].role if 0 <= c < width else "edge"

    for side in (1, -1):
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
    return {zid: tuple(cells) for zid, cells in found.items()}


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


class AreaMap(MapView):
    """The zone picture with a cursor. Arrows move to the nearest zone that way, Tab cycles."""

    PLACE = "zone"

    BINDINGS = [
        *cursor_keys({way: f"cursor('{way}')" for way in ("up", "down", "left", "right")}, CURSOR_TIP),
        Binding("tab", "cycle(1)", "Next zone", show=False, tooltip="visit every zone in reading order"),
        Binding("shift+tab", "cycle(-1)", "Previous zone", show=False, tooltip="visit every zone in reading order"),
        Binding("enter", "choose", "Choose", show=False, tooltip=(
            "the legal actions that concern the zone under the cursor, to pick one (a click does the same); "
            "a lone free step of the units on the move is taken at once"
        )),
    ]

    class CursorMoved(PlaceMessage):
        """The cursor is on another zone (`place`)."""

    class Chosen(PlaceMessage):
        """Enter or a click on a zone."""

    CLICK = Chosen

    def __init__(self, view: dict[str, Any], *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.view: dict[str, Any] = {}
        self.layout_: Layout | None = None
        self.highlights: dict[str, str] = {}
        self.occupants: dict[str, set[str]] = {}
        self.here: dict[str, Units] = {}  # zone -> the units in it
        self.look: MapLook = look_for(view)
        self._version = 0  # of what every line shows: the layout, the side at the keys
        self._zone_seen: dict[str, tuple[str, str]] = {}  # zone -> what its labels and markers were drawn from
        self._zone_version: dict[str, int] = {}  # zone -> how often that changed
        self._row_zones: dict[int, tuple[str, ...]] = {}  # row -> the zones with a label or a marker's spot in it
        self._lines: LRUCache[tuple[Any, ...], Strip] = LRUCache(256)
        self._picture_key: tuple[Any, ...] | None = None
        self.mono: bool | None = None  # drawn without colour: App.no_color, unless set before mounting
        self.own: str | None = None
        self.show(view)
        order = self.zone_order()
        self.set_reactive(AreaMap.cursor, order[0] if order else "")

    # --- what to draw ------------------------------------------------------
    def show(self, view: dict[str, Any], highlights: dict[str, str] | None = None, own: str | None = None) -> None:
        """Draw a new position and new lit zones; `own` is the side at the keys (its units' labels
        read `< >`, MapLook.occupied), by default the game's player."""
        self.look = look_for(view)
        own = own or player_for(view)
        if own != self.own:
            self.own = own
            self._version += 1
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
            self._row_zones = _row_zones(self.layout_)
            self._version += 1
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
        for zid, zone in view["zones"].items():  # a line is drawn again only where one of its zones changed
            seen = (repr(zone), repr(here.get(zid)))
            if self._zone_seen.get(zid) != seen:
                self._zone_seen[zid] = seen
                self._zone_version[zid] = self._zone_version.get(zid, 0) + 1
        self.refresh()

    def set_highlights(self, highlights: dict[str, str]) -> None:
        if highlights != self.highlights:
            self.highlights = dict(highlights)
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
        self.cursor = zone
        if scroll:
            self.scroll_to_cursor()

    def watch_cursor(self, old: str, new: str) -> None:
        if self.layout_:
            for z in (old, new):
                if z in self.layout_.labels:
                    self.refresh_line(self.layout_.labels[z][0])
        self.post_message(self.CursorMoved(new))

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
        zones = tuple((z, self._zone_version.get(z), self.highlights.get(z)) for z in self._row_zones.get(row, ()))
        key = (row, self._version, zones, self.cursor if cursor_row == row else None)
        strip = self._lines.get(key)
        if strip is None:
            strip = self._build_line(row)
            self._lines[key] = strip
        return strip.crop_extend(sx, sx + width, blank)

    def _build_line(self, row: int) -> Strip:
        layout = self.layout_
        assert layout is not None
        if self.mono is None:
            self.mono = no_color(self)
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
        here = self.here.get(zid, [])
        occupied = look.occupied(zone, here, self.own)
        if occupied and cell.role != "id":
            ch = occupied[0] if cell.role == "open" else occupied[1]
        if self.mono:
            return self._mono_label_cell(cell, ch, zone, bool(here))
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

    def _mono_label_cell(self, cell: Cell, ch: str, zone: dict[str, Any], occupied: bool) -> tuple[str, Style]:
        """A label's character without colour (see MONO_GLYPHS)."""
        zid = cell.zone
        light = self.highlights.get(zid)
        if cell.role != "id":
            assert self.layout_ is not None
            markers = self.markers(zid)
            spots = self.layout_.spots.get(zid, ())
            if light:
                ch = MONO_GLYPHS.get(light, "*")
            elif cell.role == "close" and len(markers) > len(spots):
                ch = markers[len(spots)][0]  # no room beside the label: the marker's letter for "]"
        bold = cell.role == "id" or bool(light)
        underline = cell.role == "id" and (self.look.underline(zone) or zid == self.cursor)
        if occupied:
            style = Style(color=MONO_BLOCK, bgcolor="#000000", bold=bold, underline=underline, reverse=True)
        else:
            style = Style(color=self.look.colour(zone), bgcolor=GROUND, bold=bold, underline=underline)
        if cell.role == "id" and zid == self.cursor:
            # The cursor: the id the other way round (solid on an empty zone, hollow on an occupied one).
            style += Style(reverse=not occupied, italic=True)
        return ch, style + Style.from_meta({"zone": zid})
