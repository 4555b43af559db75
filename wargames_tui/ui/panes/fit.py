"""The side column's rule, one for every game and size (docs/GAMES.md, "The side column").

Top to bottom: the panel of the place under the cursor, the panels of what is under way, where the
game stands, the reference panels, and the log. The log keeps its least lines; above it a panel is
shown whole or left out, never cut or covered. When the panels need more rows than the log leaves,
the place's panel, where its text scrolls within it (a zone), gives up rows down to `floor`; then
the panels the pane names leave, in its order, until the rest fits; if it still does not, the
scrolling panel gives up more, down to three rows. The toggle key shows the panels left out in the
place of the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LEAST = 3  # the rows a scrolling panel keeps whatever else there is: its title and two lines


@dataclass(frozen=True)
class Fit:
    left_out: tuple[str, ...] = ()  # the panels not shown, in the order they left
    most: int | None = None  # the rows the scrolling panel may take, when it must give up some


def fit_side(room: int, heights: dict[str, int], leave: Sequence[str], yields: str | None = None, floor: int = 8) -> Fit:
    """Which panels to leave out so that the rest fit in `room` rows.

    `heights`: the rows each panel to show would take whole; `leave`: the panels that may be left
    out, first to last; `yields`: the panel whose text scrolls within it, which gives up rows (down
    to `floor`) before any panel leaves."""
    left: list[str] = []

    def over() -> int:
        return sum(h for name, h in heights.items() if name not in left) - room

    def spare() -> int:
        return max(0, heights[yields] - floor) if yields in heights else 0

    for name in leave:
        if over() <= spare():
            break
        if name in heights:
            left.append(name)
    excess = over()
    # when all that may leave has left, it gives up more, down to its title and two lines
    most = max(LEAST, heights[yields] - excess) if excess > 0 and yields in heights else None
    return Fit(tuple(left), most)
