"""The side column beside the map: the panels in a box above the log, fitted by one rule
(ui/panes/fit.py, docs/GAMES.md "The side column") whenever the column or the panels change size."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget

from wargames_tui.ui.panes.fit import fit_side
from wargames_tui.ui.widgets.log import LogPanel
from wargames_tui.ui.widgets.panel import Panel
from wargames_tui.ui.widgets.steady import SteadyScroll, steady

LOG_LEAST = 7  # the log's five lines and its border (issue 27)
LOG_LEAST_SHORT = 3  # a short terminal: two lines under the log's top border (L shows it whole)
FLOOR = 8  # the rows a scrolling panel keeps before any panel is left out


def first_that_fit(names: Sequence[str], rows: dict[str, int], room: int) -> tuple[str, ...]:
    """The first of `names` whose rows fit in `room` together (the first one at least)."""
    kept = list(names)
    while len(kept) > 1 and sum(rows.get(name, 0) for name in kept) > room:
        kept.pop()
    return tuple(kept)


@steady
class SideColumn(Vertical):
    """The panels, top to bottom, in a box that never takes the log's least lines, then the log.

    `leave`: the panels that may be left out when the column is short, first to last; `yields`:
    the panel whose text scrolls within it, up to `most` rows; `toggle`: the key that shows the
    panels that may be left out, as many as the column holds, in the place of the others and the
    log (the screen's `tables` class), then the next ones, then the log again (`flip`)."""

    class Fitted(Message):
        """Other panels were left out: the screen says which, and the toggle key's label."""

    def __init__(self, panels: Sequence[Widget], leave: Sequence[str], toggle: str, yields: str | None = None, most: int = 20) -> None:
        super().__init__(id="side")
        self._panels = list(panels)
        self.leave = tuple(leave)
        self.toggle = toggle
        self.yields = yields
        self.most = most
        self.left_out: tuple[str, ...] = ()
        self.page: tuple[str, ...] = ()  # the panels shown by the toggle key, while the screen has `tables`
        self._wanted: dict[str, bool] = {}  # a panel with nothing to show is hidden whatever the room
        self._rows: dict[str, int] = {}  # each panel's rows when last shown: a panel left out is fitted by them

    def compose(self) -> ComposeResult:
        with SteadyScroll(id="panels", can_focus=False):
            yield from self._panels
        yield LogPanel(id="log")

    def on_mount(self) -> None:
        self.watch(self.query_one("#panels"), "virtual_size", self._refit, init=False)

    def on_resize(self) -> None:
        self._refit()

    def _refit(self) -> None:
        # after the layout under way: the panels' sizes are read once it is done
        self.call_after_refresh(self.fit)

    def show_panel(self, name: str, wanted: bool) -> None:
        """Show a panel when it has something to show and the rule has not left it out."""
        if self._wanted.get(name) == wanted:
            return
        self._wanted[name] = wanted
        self.query_one(f"#{name}").display = self._shown(name)

    def _shown(self, name: str) -> bool:
        if self.screen.has_class("tables"):
            return name in self.page
        return self._wanted.get(name, True) and name not in self.left_out

    def flip(self) -> str:
        """The toggle key: the next panels that may be left out in the column (after the last, the
        log again); the titles of those shown, or "" for the log."""
        pages = [name for name in self.leave if self._wanted.get(name, True)]
        if not self.screen.has_class("tables"):
            start = 0
        elif self.page and self.page[-1] in pages:
            start = pages.index(self.page[-1]) + 1
        else:
            start = len(pages)
        self.page = first_that_fit(pages[start:], self._rows, self.size.height)  # by their rows when last shown
        self.screen.set_class(bool(self.page), "tables")
        self.fit()
        return ", ".join(str(self.query_one(f"#{name}").border_title) for name in self.page)

    def fit(self) -> None:
        """Leave out what the column has no room for, or keep the toggle's page to what it holds."""
        box = self.query_one("#panels")
        tables = self.screen.has_class("tables")
        least = 0 if tables else LOG_LEAST_SHORT if self.screen.has_class("short") else LOG_LEAST
        room = self.size.height - least
        if room <= 0:
            return
        heights = {w.id: self._height(w) for w in box.children if w.id and self._wanted.get(w.id, True)}
        if tables:
            self.page = first_that_fit(self.page, heights, room)  # the next press of the toggle shows the rest
            fit = fit_side(room, {name: heights.get(name, 0) for name in self.page}, (), self.yields, FLOOR)
        else:
            fit = fit_side(room, heights, self.leave, self.yields, FLOOR)
            if fit.left_out != self.left_out:
                self.left_out = fit.left_out
                self.post_message(self.Fitted())
        shown = sum(h for name, h in heights.items() if name not in fit.left_out and (not tables or name in self.page))
        if fit.most is None and shown > room and any(p.unpad() for p in box.children if isinstance(p, Panel) and p.display):
            self._refit()  # a panel kept rows below its text: without them the rest may fit whole
        for panel in box.children:
            panel.display = self._shown(str(panel.id))
        box.styles.max_height = room
        if self.yields:
            self.query_one(f"#{self.yields}").styles.max_height = fit.most or self.most
        names = self.left_out_note()
        self.query_one(LogPanel).border_subtitle = f"{names} · L: all" if names else "L: all"

    def left_out_note(self) -> str:
        """The toggle key and the panels left out ("t: Turn, Combat results"), or ""."""
        names = ", ".join(str(self.query_one(f"#{n}").border_title) for n in self.left_out)
        return f"{self.toggle}: {names}" if names else ""

    def _height(self, panel: Widget) -> int:
        """The rows the panel takes whole: as laid out, or as when last shown; the scrolling panel's
        by its text, up to its most."""
        name = str(panel.id)
        if not panel.display:
            return self._rows.get(name, 0)
        rows = panel.outer_size.height
        if name == self.yields:
            rows = min(self.most, panel.virtual_size.height + panel.styles.gutter.height)
        self._rows[name] = rows
        return rows
