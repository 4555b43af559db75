"""A side panel that redraws only what changed: a key press that changes nothing costs nothing."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import Static


class Panel(Static):
    """A Static that skips an update showing the same thing again, and asks for a layout only when
    its height may change (a Text that wraps to another number of lines, or any other renderable)."""

    _shown: object = None
    _height: int | None = None

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

    def _wrapped_height(self, renderable: RenderableType) -> int | None:
        width = self.content_region.width
        if not isinstance(renderable, Text) or width <= 0:
            return None
        return len(renderable.wrap(self.app.console, width))
