"""What the hex map and the area map share: a cursor on a place (a hex, a zone) whose change
redraws what it touches and posts the map's CursorMoved, and a click that puts the cursor on the
place clicked and posts what the map makes of it."""

from __future__ import annotations

import time

from textual.events import Click, Key
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView


# Seconds after an `a` within which keys count as read with it: should the `a` open no list (a
# replay, a step the game plays), the keys typed after are the map's again.
TYPED_WITH_A = 0.25


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
    typed_after_a: list[str] | None = None  # keys read in one go with an `a` (see on_key)
    _a_at = 0.0
    CLICK: type[PlaceMessage] = PlaceMessage  # what a click on a place posts

    def set_cursor(self, place: str, scroll: bool = True) -> None:
        raise NotImplementedError

    def on_key(self, event: Key) -> None:
        # The screen opens the action list on `a` once the key has come up to it: printable keys
        # read in the same go (a paste, fast typing) are handled here before that, and are kept for
        # the list's filter (`take_typed`) rather than taken as map keys.
        if event.key == "a":
            self.typed_after_a, self._a_at = [], time.monotonic()
        elif (self.typed_after_a is not None and event.character and event.character.isprintable()
              and time.monotonic() - self._a_at < TYPED_WITH_A):
            self.typed_after_a.append(event.character)
            event.stop()
            event.prevent_default()

    def take_typed(self) -> str:
        """The keys kept since `a`, once: the list is up now and takes the next ones itself."""
        typed, self.typed_after_a = "".join(self.typed_after_a or ()), None
        return typed

    def on_click(self, event: Click) -> None:
        place = event.style.meta.get(self.PLACE) if event.style else None
        if place:
            self.set_cursor(place, scroll=False)
            self.post_message(self.CLICK(place))
