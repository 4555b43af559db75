"""How Dieppe's zones are painted."""

from __future__ import annotations

from typing import Any

from wargames_tui.present.area import DEFAULT_ZONE, GROUND, MapLook, Marker, Units, side_brackets

# A zone's id colour: by its kind first (water, beach), then by its protection value.
KIND_COLOURS = {
    "sea": "#6fb3ff",
    "waiting": "#6fb3ff",
    "newhaven": "#9ed0ff",
    "beach": "#e8d19a",
}
PROTECTION_COLOURS = {0: "#f2e36b", 1: "#ff9f43", 3: "#ff5c5c"}

# Who stands in a zone: the background of its label (dieppe:2.1 brown and grey counters).
SIDE_BG = {"british": "#7a4a1e", "german": "#5b6068"}

# Marker cells: letter and colours.
MARKERS = {
    "A": ("A", "#000000", "#b48cff"),
    "B": ("B", "#000000", "#ff8c1a"),
    "mines": ("M", "#ffffff", "#b3261e"),
    "wire": ("W", "#ffffff", "#b3261e"),
}


def zone_colour(zone: dict[str, Any]) -> str:
    return KIND_COLOURS.get(zone.get("kind", ""), PROTECTION_COLOURS.get(zone.get("protection", 0), DEFAULT_ZONE))


def _dieppe_backgrounds(zone: dict[str, Any], units: Units) -> tuple[str, ...] | None:
    sides = {u["side"] for u in units}
    if len(sides) > 1:  # both sides here (an assault): brown on the left half, grey on the right
        return SIDE_BG["british"], SIDE_BG["german"]
    if sides:
        return (SIDE_BG.get(next(iter(sides)), GROUND),)
    return None


def _dieppe_markers(zone: dict[str, Any], units: Units) -> list[Marker]:
    marker = zone.get("marker")
    return [MARKERS.get(marker, ("?", "#000000", "#dddddd"))] if marker else []


LOOK = MapLook(
    colour=zone_colour,
    backgrounds=_dieppe_backgrounds,
    markers=_dieppe_markers,
    underline=lambda zone: bool(zone.get("telephone")),
    occupied=lambda zone, units, own: side_brackets(units, own),  # British < > as the player's side
)
