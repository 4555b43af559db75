"""How Springtime for Hitler's Areas are painted: the identifier in its nation's colour (3.1.1)."""

from __future__ import annotations

from typing import Any

from wargames_tui.present.area import DEFAULT_ZONE, MapLook, Marker, Units, side_brackets

NATION_COLOURS = {
    "belgium": "#f2d43d", "france": "#6fa8ff", "germany": "#b0b0b0", "italy": "#8fe08f",
    "netherlands": "#ff9a3d", "luxembourg": "#e0c0ff",
}
BG = {"allied": "#2b4f96", "axis": "#5b6068"}
AXIS_CONTROL: Marker = ("+", "#ffffff", "#3a3a3a")  # the German cross of a control marker (4.4.2)
PORT: Marker = ("~", "#9fd0ff", "#15181c")  # a narrow glyph: wide ones shift the row in some terminals
LINK_CHARS = {"-": "open", "|": "open", "/": "open", "\\": "open", "═": "river", "║": "river", "╲": "river", "╱": "river", "#": "maginot"}
LINK_COLOURS = {"open": "#8f8463", "river": "#4f8fe0", "maginot": "#e6e6e6", "sea": "#3f6da3"}


def colour(zone: dict[str, Any]) -> str:
    return NATION_COLOURS.get(zone.get("nation", ""), DEFAULT_ZONE)


def backgrounds(zone: dict[str, Any], units: Units) -> tuple[str, ...] | None:
    sides = [s for s in ("allied", "axis") if any(u["side"] == s and u.get("zone") for u in units)]
    return tuple(BG[s] for s in sides) or None


def markers(zone: dict[str, Any], units: Units) -> list[Marker]:
    """Beside the label: how many units each side has there (at most five, 7.1), after it; in a
    contested Area the Axis count after and the Allied one before (beside "<" and "}", the first
    two cells used are the one after the label, then the one before); the Axis control marker
    where no Axis unit stands; the port. A marker with no cell left colours the brackets instead,
    so the counts come first."""
    out: list[Marker] = []
    for side in ("axis", "allied"):
        n = sum(1 for u in units if u["side"] == side)
        if n:
            out.append((str(n), "#ffffff", BG[side]))
    axis_here = any(u["side"] == "axis" for u in units)
    if zone.get("control") == "axis" and zone.get("nation") not in ("germany", "italy") and not axis_here:
        out.append(AXIS_CONTROL)
    if zone.get("port"):
        out.append(PORT)
    return out


LOOK = MapLook(
    colour=colour,
    backgrounds=backgrounds,
    markers=markers,
    underline=lambda zone: zone.get("id") == "25" or zone.get("name") == "Paris",
    link_chars=LINK_CHARS,
    link_colours=LINK_COLOURS,
    over_links=True,  # room beside every label for two markers: the sides' unit counts
    occupied=lambda zone, units, own: side_brackets(units, own),
)
