"""Whether the maps are drawn without colour."""

from __future__ import annotations

from textual._context import NoActiveAppError
from textual.widget import Widget


def no_color(widget: Widget) -> bool:
    """The app's `no_color` (NO_COLOR set): False for a widget drawn outside an app (tests)."""
    try:
        return bool(widget.app.no_color)
    except NoActiveAppError:
        return False
