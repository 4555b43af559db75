"""What a side may read of a game besides its view: the events of the actions played.

Every channel a side reads is a view (docs/GAMES.md): the CLI's `act`, the client's log and the
replay viewer take their lines from here, never from the events unfiltered.
"""

from __future__ import annotations

from typing import Iterable

from wargames_tui.engine.flow import Event


def readable(event: Event, reader: str | None) -> bool:
    """Whether `reader` (a side, or None for the public) may read the event: it is for everyone, or
    for that side alone."""
    return event.only is None or (reader is not None and event.only == reader)


def shown_to(events: Iterable[Event], reader: str | None) -> list[Event]:
    """The events `reader` may read, in order."""
    return [e for e in events if readable(e, reader)]


def headline(events: Iterable[Event], reader: str | None) -> str | None:
    """The first line of an action's events that `reader` may read (a replay's summary of it)."""
    return next((e.text for e in events if readable(e, reader)), None)
