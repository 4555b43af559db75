"""What the area play screen asks of a game drawn on zones, and the words every such game shares.

A game supplies one `AreaTerms` (its words, who acts, what an action concerns, its panels) and one
`MapLook` (how its zones are painted), in its own package; nothing here knows any game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from rich.text import Text

from wargames_tui.engine.flow import Action

View = dict[str, Any]
Units = list[dict[str, Any]]
Marker = tuple[str, str, str]  # (character, foreground, background)
Known = dict[str, tuple[str, str]]  # an asset id -> (kind, name), for assets no longer in view

GROUND = "#15181c"
DEFAULT_ZONE = "#dddddd"
NOW = "bold black on #ffd21f"  # the current turn, the acting units
PICKED = "bold black on #7ec8e3"  # units picked with the number keys

# Link characters, by the kind of the line they draw, and their (dimmed) colours.
LINK_CHARS = {"-": "road", "|": "road", "/": "road", "\\": "road", ".": "dotted", "~": "sea", ":": "fire"}
LINK_COLOURS = {
    "road": "#b9a571",
    "track": "#8a7a50",
    "landing": "#4f7fb8",
    "sea": "#3f6da3",
    "fire": "#a34444",
    "dotted": "#8a7a50",
}


def zone_name(view: View, zid: str | None) -> str:
    """'Orange II beach [OR2]': the name without its bracketed or after-comma detail, and the id."""
    if not zid:
        return "?"
    zone = view.get("zones", {}).get(zid)
    if zone is None:
        return zid
    name = re.sub(r"\s*\(.*?\)", "", zone["name"]).split(",")[0].strip() or zone["name"]
    name = name.replace("landing and embarkation zone", "D/E zone")
    return f"{name} [{zid}]"


def link_kind(view: View, a: str | None, b: str | None) -> str | None:
    for link in view.get("links", []):
        if {link["a"], link["b"]} == {a, b}:
            return link["kind"]
    return None


def units_of(view: View) -> dict[str, dict[str, Any]]:
    return {u["id"]: u for u in view.get("units", [])}


def short(view: View, uid: str) -> str:
    u = units_of(view).get(uid)
    return u["short"] if u else uid


def shorts(view: View, uids: list[str] | None) -> str:
    return " + ".join(short(view, u) for u in uids or []) or "nobody"


def ratings(u: dict[str, Any]) -> str:
    return f"{u.get('ff', '?')}-{u.get('af', '?')}-{u.get('mp', '?')}"


def where(view: View, uids: list[str] | None) -> str | None:
    """The zone of the first of these units that is on the map."""
    units = units_of(view)
    for uid in uids or []:
        u = units.get(uid)
        if u and u.get("zone"):
            return u["zone"]
    return None


def vp(x: float | int | None) -> str:
    """12.5 -> '12½'."""
    if x is None:
        return "?"
    whole, half = int(x), abs(x - int(x)) >= 0.25
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def zone_listing(
    view: View, unit_words: Callable[[dict[str, Any]], str], note: Callable[[dict[str, Any]], str] = lambda zone: "", width: int = 30
) -> list[str]:
    """For `wargames show`: a line for each zone holding units or a note (a marker, a garrison): its
    id, name, note and the units in it, each in the game's words."""
    by_zone: dict[str, list[str]] = {}
    for u in view["units"]:
        if u.get("zone"):
            by_zone.setdefault(u["zone"], []).append(unit_words(u))
    lines = []
    for zid, z in view["zones"].items():
        units, extra = by_zone.get(zid, []), note(z)
        if units or extra:
            lines.append(f"  {zid:<4} {z['name'][:width]:<{width}}{extra}  {', '.join(units)}")
    return lines


def no_lights(actions: list[Action], view: View) -> dict[str, str]:
    return {}


def no_fight(view: View, terms: "AreaTerms", known: Known) -> tuple[str, Text] | None:
    return None


def turn_title(view: View) -> str:
    return "Turn"


def no_extras(view: View) -> list[Action]:
    return []


def moves_left(view: View) -> int | None:
    """The movement points left to the stack on the move (the view's `move`: `mp`, one number or
    one a unit, the least counts), if any."""
    mp = (view.get("move") or {}).get("mp")
    if isinstance(mp, dict) and mp:
        return min(mp.values())
    return mp if isinstance(mp, int) else None


def no_status(view: View) -> Text:
    return Text()


def points_status(view: View) -> Text:
    """The victory points so far (the view's `total`), for the header's right side."""
    return Text(f"· VP {vp(view['total'])} ", "#ffd21f") if view.get("total") is not None else Text()


@dataclass(frozen=True)
class AreaTerms:
    """What the area play screen needs to know about one game."""

    sides: dict[str, str]  # side id -> name
    player: str  # the side the player commands
    automatic_action: str  # the action type of one step of the side the game plays itself
    describe: Callable[..., str]  # (action, view, past=False) -> words
    acting: Callable[[View], tuple[str | None, list[str]]]  # the zone and units acting now
    fight_zone: Callable[[View], str | None]  # where a fight is under way
    concerns: Callable[[Action, str, View], bool]  # beyond the units and zones it names
    # The panels: (view, zone id, terms, picked) -> (text, the player's units in numbered order);
    # (view, terms) -> the track's text; (view) -> the track's title; (view, terms, known) -> the fight (or
    # what else is under way: a year's events), or None.
    zone_text: Callable[[View, str, "AreaTerms", list[str]], tuple[Text, list[str]]]
    track_text: Callable[[View, "AreaTerms"], Text]
    track_title: Callable[[View], str] = turn_title
    fight_text: Callable[[View, "AreaTerms", Known], tuple[str, Text] | None] = no_fight
    # The action types the `e` key plays, in the order tried, with the footer label of each.
    proceed: dict[str, str] = field(default_factory=dict)
    done_mark: dict[str, str] = field(default_factory=dict)  # side -> name of its "finished" marker
    markers: dict[str, str] = field(default_factory=dict)  # view marker value -> words
    kinds: dict[str, str] = field(default_factory=dict)  # zone kind -> words
    protection: dict[int, str] = field(default_factory=dict)
    zone_word: str = "Zone"  # what the game calls a zone
    lights: Callable[[list[Action], View], dict[str, str]] = no_lights  # zones the prompt lights by itself
    # Action types with a key of their own: type -> (key, footer label); the key plays the action.
    keys: dict[str, tuple[str, str]] = field(default_factory=dict)
    next_key: str = ""  # footer label of `n` (the next unit that may act), if the game has it
    # The action fields beyond `unit` and `units` that name units (a unit id, a list of ids, or a
    # mapping to lists of ids), and those among them naming the units that act (not merely named).
    unit_fields: tuple[str, ...] = ()
    actor_fields: tuple[str, ...] = ()
    status: Callable[[View], Text] = no_status  # the header's right side: the game's own gauges
    mp_left: Callable[[View], int | None] = moves_left  # shown on the prompt line while a stack moves
    # Actions the game accepts at any time outside the prompt (recording a breach of a table rule,
    # say): the `t` key lists them, and the `a` list shows them after the prompt's.
    extras: Callable[[View], list[Action]] = no_extras

    def side_name(self, side: str | None) -> str:
        return self.sides.get(side or "", side or "")


def side_brackets(units: Units, own: str | None) -> tuple[str, str] | None:
    """Every area map's rule for a label's brackets (MapLook.occupied): `< >` the units of the side
    at the keys (`own`: whose view is drawn, else the game's player), `{ }` the other side's, `< }`
    both; None for an empty zone. So a person reads his own units the same way in every game."""
    sides = {u["side"] for u in units}
    if not sides:
        return None
    if own in sides:
        return ("<", "}") if len(sides) > 1 else ("<", ">")
    return "{", "}"


@dataclass(frozen=True)
class MapLook:
    """How one game's zones are painted.

    colour(zone): the id's colour. backgrounds(zone, units): the label's background, one colour
    or two (left and right halves, both sides present), or None for the bare ground.
    markers(zone, units): the marker cells beside the label, in order (the first one without a
    spot colours the brackets). brackets(zone): a colour for the brackets, else the id's.
    underline(zone): the id underlined. occupied(zone, units, own): the two characters drawn in place
    of "[" and "]" to say, without colour, who stands there (`side_brackets`: "<" ">" the side at
    the keys, "{" "}" the other, "<" "}" both; a game may add states of its own), or None for the
    plain brackets."""

    colour: Callable[[dict[str, Any]], str]
    backgrounds: Callable[[dict[str, Any], Units], tuple[str, ...] | None]
    markers: Callable[[dict[str, Any], Units], list[Marker]]
    brackets: Callable[[dict[str, Any]], str | None] = lambda zone: None
    underline: Callable[[dict[str, Any]], bool] = lambda zone: False
    link_chars: dict[str, str] = field(default_factory=lambda: dict(LINK_CHARS))
    link_colours: dict[str, str] = field(default_factory=lambda: dict(LINK_COLOURS))
    over_links: bool = False  # markers may cover the first character of a line of links
    occupied: Callable[[dict[str, Any], Units, str | None], tuple[str, str] | None] = lambda zone, units, own: None
