"""A list of one-line rows that draws only the rows in sight: thirty thousand cost what a screenful does.

The lit row moves with the arrow keys, Page Up/Down, Home and End; Enter or a click chooses it
(`Rows.Chosen`). `show(indexes)` narrows the list to some of its rows (a filter) at once. A row's
label is asked for (`label(index)`) only when the row is drawn, and cut to the width then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip


class Rows(ScrollView, can_focus=True):
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "move(-1000000)", "First", show=False),
        Binding("end", "move(1000000)", "Last", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]
    COMPONENT_CLASSES = {"rows--lit"}
    DEFAULT_CSS = """
    Rows { overflow-x: hidden; overflow-y: auto; }
    Rows > .rows--lit { background: $block-cursor-background; color: $block-cursor-foreground; text-style: bold; }
    """

    class Chosen(Message):
        """A row was chosen: its `index` among the rows the list was given."""

        def __init__(self, rows: Rows, index: int) -> None:
            super().__init__()
            self.rows = rows
            self.index = index

    class Lit(Message):
        """The lit row changed: its `index` among the rows, or None when no row is shown."""

        def __init__(self, rows: Rows, index: int | None) -> None:
            super().__init__()
            self.rows = rows
            self.index = index

    def __init__(self, count: int, label: Callable[[int], str], id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.label = label
        self.shown: Sequence[int] = range(count)
        self.lit: int | None = 0 if count else None  # a place in `shown`
        self._cached_styles: tuple[Style, Style] | None = None

    @property
    def count(self) -> int:
        return len(self.shown)

    @property
    def lit_index(self) -> int | None:
        """The lit row's index among the rows."""
        return None if self.lit is None else self.shown[self.lit]

    def show(self, indexes: Sequence[int], lit: int | None = None) -> None:
        """Only these rows (indexes among the rows), the row `lit` lit if it is one of them, else the first."""
        self.shown = indexes
        self._sized()
        self.scroll_to(y=0, animate=False)
        place = indexes.index(lit) if lit is not None and lit in indexes else 0
        self.light(place if indexes else None)
        self.refresh()

    def light(self, place: int | None) -> None:
        """Light the row at `place` in the rows shown, and bring it into sight."""
        self.lit = place
        if place is not None:
            top, height = self.scroll_offset.y, max(1, self.scrollable_content_region.height)
            if place < top:
                self.scroll_to(y=place, animate=False)
            elif place >= top + height:
                self.scroll_to(y=place - height + 1, animate=False)
        self.refresh()
        self.post_message(self.Lit(self, self.lit_index))

    def _sized(self) -> None:
        self.virtual_size = Size(self.scrollable_content_region.width, len(self.shown))

    def on_resize(self, event: events.Resize) -> None:
        self._sized()
        self.post_message(self.Lit(self, self.lit_index))  # whether the lit row is cut may have changed

    def is_cut(self, index: int) -> bool:
        """Whether the row's label is wider than the list, so that it is drawn cut."""
        return cell_len(self.label(index)) > self.scrollable_content_region.width

    def on_mount(self) -> None:
        self._sized()
        self.post_message(self.Lit(self, self.lit_index))

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        place = self.scroll_offset.y + y
        if place >= len(self.shown):
            return Strip([Segment(" " * width, self._styles[0])], width)
        label = self.label(self.shown[place])
        cut = set_cell_size(label, width) if cell_len(label) <= width else set_cell_size(label, width - 1) + "…"
        return Strip([Segment(cut, self._styles[place == self.lit])], width)

    @property
    def _styles(self) -> tuple[Style, Style]:
        """(a row's style, the lit row's), read from the CSS once until it changes."""
        if self._cached_styles is None:
            base = self.rich_style
            self._cached_styles = (base, base + self.get_component_rich_style("rows--lit"))
        return self._cached_styles

    def notify_style_update(self) -> None:
        self._cached_styles = None
        super().notify_style_update()

    def action_move(self, by: int) -> None:
        if self.shown:
            self.light(max(0, min(len(self.shown) - 1, (self.lit or 0) + by)))

    def action_page(self, by: int) -> None:
        self.action_move(by * max(1, self.scrollable_content_region.height - 1))

    def action_choose(self) -> None:
        if self.lit is not None:
            self.post_message(self.Chosen(self, self.shown[self.lit]))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        place = self.scroll_offset.y + offset.y
        if 0 <= place < len(self.shown):
            self.light(place)
            self.post_message(self.Chosen(self, self.shown[place]))

