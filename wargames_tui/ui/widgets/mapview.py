"""What the hex map and the area map share: a cursor on a place (a hex, a zone) whose change
redraws what it touches and posts the map's CursorMoved, and a click that puts the cursor on the
place clicked and posts what the map makes of it."""

from __future__ import annotations

from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView


class PlaceMessage(Message):
    """A message about one place of a map (each map names it: `hex`, `zone`)."""

    def __init__(self, place: str) -> None:
        super().__init__()
        self.place = place


class MapView(ScrollView, can_focus=True, inherit_bindings=False):
    # The place under the cursor: each map's watch_cursor redraws the old and the new place.
    cursor: reactive[str] = reactive("", repaint=False, init=False)

    DEFAULT_CSS = """
    MapView {
        background: #15181c;
        scrollbar-size: 1 1;
    }
    """
    PLACE = ""  # the key of the drawn segments' meta that names their place
    CLICK: type[PlaceMessage] = PlaceMessage  # what a click on a place posts

    def set_cursor(self, place: str, scroll: bool = True) -> None:
        raise NotImplementedError

    def on_click(self, event: Click) -> None:
        place = event.style.meta.get(self.PLACE) if event.style else None
        if place:
            self.set_cursor(place, scroll=False)
            self.post_message(self.CLICK(place))
