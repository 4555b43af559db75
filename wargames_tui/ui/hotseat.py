"""Hotseat: whether the map is covered when the keyboard passes, and what the cover says."""

from __future__ import annotations

import re
from typing import Any

from wargames_tui.engine.session import Session


def short_name(name: str) -> str:
    """A side's name without its bracketed detail: 'Italian (10th Army)' -> 'Italian'."""
    return re.sub(r"\s*\(.*?\)", "", name).strip() or name


def wants_cover(session: Session, always: bool) -> bool:
    """The game hides things (HIDDEN), or asks for the cover now (`covers(state)`, say when its
    players may no longer confer), or the player asked for it always."""
    game = session.game
    covers = getattr(game, "covers", None)
    asked = bool(covers(session.state)) if callable(covers) else False
    return bool(getattr(game, "HIDDEN", False)) or asked or always


def game_words(session: Session) -> str:
    """What the game says of the cover now (`covers(state)` giving words: who sits where), or ''."""
    covers = getattr(session.game, "covers", None)
    said = covers(session.state) if callable(covers) else None
    return said if isinstance(said, str) else ""


def cover_text(session: Session) -> str:
    """Why the map is covered: the game's own words when `covers(state)` gives them."""
    return game_words(session) or "The map is hidden so that neither side sees the other's secrets."


def secret_for(session: Session, leaving: str, sides: dict[str, Any]) -> tuple[str, list[str]] | None:
    """What the player leaving the keyboard alone may read of his last action, when the game
    asks that he see it before the cover (its READ_BEFORE_COVER event kinds): his name and the lines."""
    kinds = getattr(session.game, "READ_BEFORE_COVER", ())
    last = session.log[-1] if session.log else None
    lines = [e.text for e in (last.events if last else []) if e.only == leaving and e.kind in kinds]
    if not lines:
        return None
    return short_name(sides.get(leaving, leaving)), lines
