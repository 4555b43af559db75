"""How Strange Victory's areas are painted."""

from __future__ import annotations

from typing import Any

from wargames_tui.present.area import DEFAULT_ZONE, MapLook, Marker, Units, side_brackets

# An id's colour says what it is worth and what garrison it hides (strange-victory:3.1): the
# letters A, B, C in deepening shades, ports blue, Avesnes red, the staging areas grey; strategic
# areas are underlined. Brackets are green around a forest (3.1.2). The label's background is
# grey where a division stands (darker once it has activated this turn), blue where revealed Allied
# counters stand (half and half in a combat), dark green on an empty captured area (11.0). After the
# label: the letter of a face-down garrison (4.3) and, on blue, the number of face-down coastal
# counters in a port (10.2).
SV_LETTERS = {"A": "#f3e9a8", "B": "#f2bd4b", "C": "#ff8a3d", "I": "#ff5c5c"}
SV_KINDS = {"staging": "#9aa4b0", "port": "#6fb3ff", "fortress": "#ff4d4d"}
SV_BG = {"german": "#5b6068", "german-done": "#383c42", "allied": "#2b4f96", "captured": "#1f3d27"}
SV_FOREST = "#4cbf5a"
SV_COASTAL = ("#ffffff", "#1f5fbf")
SV_LINK_CHARS = {"-": "border", "|": "border", "/": "border", "\\": "border", "=": "bridge", "#": "bridge", "~": "sea"}
SV_LINK_COLOURS = {"border": "#8f8463", "bridge": "#e6e6e6", "sea": "#3f6da3"}


def sv_colour(zone: dict[str, Any]) -> str:
    return SV_KINDS.get(zone.get("kind", ""), SV_LETTERS.get(zone.get("letter", ""), DEFAULT_ZONE))


def _sv_backgrounds(zone: dict[str, Any], units: Units) -> tuple[str, ...] | None:
    german = [u for u in units if u["side"] == "german"]
    allied = [u for u in units if u["side"] != "german"]
    grey = SV_BG["german"] if any(not u.get("resupply") for u in german) else SV_BG["german-done"]
    if german and allied:
        return grey, SV_BG["allied"]
    if german:
        return (grey,)
    if allied:
        return (SV_BG["allied"],)
    return (SV_BG["captured"],) if zone.get("captured") else None


# Who stands in an area, without colour: the label's brackets by the rule of every area map
# (side_brackets: the German player's divisions < >, revealed Allied counters { }, a combat
# "<AMI}"); a division that has activated this turn ( ), an empty captured area | |.
DONE, CAPTURED = ("(", ")"), ("|", "|")


def _sv_occupied(zone: dict[str, Any], units: Units, own: str | None) -> tuple[str, str] | None:
    brackets = side_brackets(units, own)
    german = [u for u in units if u["side"] == "german"]
    if brackets is None:
        return CAPTURED if zone.get("captured") else None
    if own == "german" and german and all(u.get("resupply") for u in german):
        return DONE[0], brackets[1] if brackets[1] == "}" else DONE[1]
    return brackets


def _sv_markers(zone: dict[str, Any], units: Units) -> list[Marker]:
    out: list[Marker] = []
    letter = zone.get("marker")
    if letter:
        out.append((letter, "#000000", SV_LETTERS.get(letter, "#dddddd")))
    coastal = int(zone.get("coastal") or 0)
    if coastal:
        out.append((str(coastal) if coastal < 10 else "+", *SV_COASTAL))
    return out


LOOK = MapLook(
    colour=sv_colour,
    backgrounds=_sv_backgrounds,
    markers=_sv_markers,
    brackets=lambda zone: SV_FOREST if zone.get("forest") else None,
    underline=lambda zone: zone.get("kind") == "strategic",
    link_chars=SV_LINK_CHARS,
    link_colours=SV_LINK_COLOURS,
    over_links=True,
    occupied=_sv_occupied,
)
