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

A class decorator rather than a base class: Textual walks every class of a widget's MRO for the
handlers of each message it dispatches, and a mixin put one more class in the MRO of every widget
it served (about 160 more Python calls for each wait of the Pilot on the play screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.strip import Strip

if TYPE_CHECKING:
    from textual.widget import Widget

W = TypeVar("W", bound="type[Widget]")


def steady(cls: W) -> W:
    """The widget class, its lines kept between two unchanged renders."""
    render = cls.render_lines

    def render_lines(self: Widget, crop: Region) -> list[Strip]:
        key = (crop, self.size, tuple(self.app.get_line_filters()))
        kept = getattr(self, "_kept_lines", None)
        if kept is not None and kept[0] == key and self._styles_cache._dirty_lines.isdisjoint(crop.line_range):
            return kept[1]
        lines = render(self, crop)
        self._kept_lines = (key, lines)  # type: ignore[attr-defined]
        return lines

    cls.render_lines = render_lines  # type: ignore[method-assign]
    return cls


@steady
class SteadyScroll(VerticalScroll):
    pass
