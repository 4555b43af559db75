"""Side panels of the area play screen: the zone under the cursor, the turn track, the fight.

Each panel is one widget; what it says comes from the game's AreaTerms (its zone_text,
track_text, track_title and fight_text), in the game's own package.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from wargames_tui.engine.contract import Preview
from wargames_tui.present.area import AreaTerms, Known
from wargames_tui.ui.widgets.panel import Panel
from wargames_tui.ui.widgets.standing import preview_text


class ZonePanel(Panel):
    """The zone under the cursor: its ground, stacking, markers and the units of each side.

    It keeps the height of the tallest zone it has shown while `steady` (the phase) stays the same
    (Panel.put_steady): a cursor key then redraws the panel in place, where a panel that took each
    zone's height laid the whole side column out again (and the log beneath jumped) on most keys."""

    DEFAULT_CSS = """
    ZonePanel { height: auto; }
    """

    def show(
        self, view: dict[str, Any], zid: str, terms: AreaTerms, picked: list[str] | None = None, steady: object = None,
        preview: Preview | None = None,
    ) -> list[str]:
        """Draw the panel, with the preview in full of the lit units' action into the zone if it
        has one; returns the ids of the player's units in the order they are numbered."""
        zone = view["zones"].get(zid)
        t, numbered = terms.zone_text(view, zid, terms, picked or []) if zone is not None else (Text(), [])
        if preview is not None:
            t.append("\n")
            t.append_text(preview_text(preview))
        self.put_steady(t, steady)
        return numbered


class AreaTrack(Panel):
    """Turn and time, phase, the game's tracks, victory points so far, what is under way."""

    DEFAULT_CSS = """
    AreaTrack { height: auto; }
    """

    def show(self, view: dict[str, Any], terms: AreaTerms) -> str:
        """Draw the panel; returns its title."""
        self.put(terms.track_text(view, terms))
        return terms.track_title(view)


class FightPanel(Panel):
    """A fight under way; empty and hidden when there is none."""

    DEFAULT_CSS = """
    FightPanel { height: auto; }
    """

    def show(self, view: dict[str, Any], terms: AreaTerms, known: Known | None = None) -> tuple[str, bool]:
        """Draw the panel; returns its title and whether there is anything to show."""
        drawn = terms.fight_text(view, terms, known or {})
        if drawn is None:
            self.put(Text())
            return "", False
        title, text = drawn
        self.put(text)
        return title, True
