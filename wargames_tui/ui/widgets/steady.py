"""Widgets that give the compositor their last lines again while nothing in them changed.

A partial update of the screen renders every widget crossing the rectangle around the changed
regions, each over its whole visible height (Textual's Compositor._get_renders): a cursor key
changes the map's cells and the panel at the top of the side column, so every panel, container and
the log between them is rendered again at every key. Textual keeps their lines (StylesCache), but
handing them out costs 30-90 µs a widget (its background worked out through its ancestors, the
line filters, the border titles' styles). `SteadyLines.render_lines` returns the lines of the last
call when the widget was asked for the same crop, at the same size, with the same line filters,
and none of those lines was marked dirty since: every change of content or style goes through
`refresh`, which marks its lines dirty (docs/PERFORMANCE.md, "Cursor keys").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.strip import Strip

if TYPE_CHECKING:
    from textual.widget import Widget

    _Base = Widget
else:
    _Base = object  # not a widget itself: Textual takes a widget's CSS type names from its first widget base


class SteadyLines(_Base):
    """Mixed in before a Textual widget class: its lines kept between two unchanged renders."""

    _kept_lines: tuple[object, list[Strip]] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        key = (crop, self.size, tuple(self.app.get_line_filters()))
        kept = self._kept_lines
        if kept is not None and kept[0] == key and self._styles_cache._dirty_lines.isdisjoint(crop.line_range):
            return kept[1]
        lines = super().render_lines(crop)
        self._kept_lines = (key, lines)
        return lines


class SteadyVertical(SteadyLines, Vertical):
    pass


class SteadyHorizontal(SteadyLines, Horizontal):
    pass


class SteadyScroll(SteadyLines, VerticalScroll):
    pass
