"""A side panel that redraws only what changed: a key press that changes nothing costs nothing."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import Static

from wargames_tui.ui.widgets.steady import steady


@steady
class Panel(Static):
    """A Static that skips an update showing the same thing again, and asks for a layout only when
    its height may change (a Text that wraps to another number of lines, or any other renderable).

    `put_steady` keeps the height of the tallest text shown while `steady` (what the screen asks
    for now) stays the same, padded below: moving the cursor over the map then never lays the
    screen out again (a layout costs more than the rest of a key). The side column takes the
    padding back (`unpad`) where it leaves another panel no room."""

    _shown: object = None
    _height: int | None = None
    _steady: object = None
    _tallest: int = 0
    _unpadded: Text | None = None

    def put(self, renderable: RenderableType, key: object = None, height: int | None = None) -> None:
        """Show renderable; key says what it shows (a Text is its own key); height, its wrapped
        height where the caller knows it."""
        shown = key if key is not None else renderable if isinstance(renderable, Text) else object()
        if shown == self._shown:
            return
        self._shown = shown
        height = height if height is not None else self._wrapped_height(renderable)
        self.update(renderable, layout=height is None or height != self._height)
        self._height = height

    def put_steady(self, t: Text, steady: object) -> None:
        if steady is None or steady != self._steady:
            self._steady, self._tallest = steady, 0
        elif t == self._unpadded:
            return
        self._unpadded = t.copy()
        height = self._wrapped_height(t)
        if height is not None and height < self._tallest:
            t.append("\n" * (self._tallest - height))
        self._tallest = max(self._tallest, height or 0)
        self.put(t, height=max(self._tallest, height) if height is not None else None)

    def unpad(self) -> bool:
        """Show the last steady text at its own height; whether it was padded."""
        t = self._unpadded
        if t is None or self._height is None or self._wrapped_height(t) == self._height:
            return False
        self._tallest, self._unpadded = 0, None
        self.put_steady(t.copy(), self._steady)
        return True

    def _wrapped_height(self, renderable: RenderableType) -> int | None:
        width = self.content_region.width
        if not isinstance(renderable, Text) or width <= 0:
            return None
        return len(renderable.wrap(self.app.console, width))
