"""The words of area-map games: side names, markers, and every action in plain words.

The area play screen is the same for every game drawn on zones (Dieppe now, Strange Victory
later); what differs is here, in one `AreaTerms` per game.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from wargames_tui.engine.flow import Action

View = dict[str, Any]


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


def describe_dieppe(action: Action, view: View, past: bool = False) -> str:
    """One Dieppe action in words, from the view (units by their short names, zones by name).

    past=True leaves out where the units stand now (for actions already played)."""
    kind = action.get("type")
    units = action.get("units")
    if kind == "transfer":
        u = units_of(view).get(action.get("unit", ""), {})
        now = f" (from {short(view, u['aboard'])})" if u.get("aboard") else ""
        return f"Put {short(view, action.get('unit', ''))} under {short(view, action.get('lca', ''))}{now}"
    if kind == "end-setup":
        return "Set-up done: start the raid"
    if kind == "roll-events":
        return "Roll for the unforeseen events of turn 1"
    if kind == "move":
        start = where(view, units)
        to = action.get("to")
        verb = "Move"
        kind = link_kind(view, start, to)
        zones = view.get("zones", {})
        if kind == "sea":
            verb = "Sail"
        elif kind == "landing":
            verb = "Land" if zones.get(start, {}).get("kind") == "waiting" else "Embark"
        frm = f" from {zone_name(view, start)}" if start and not past else ""
        return f"{verb} {shorts(view, units)}{frm} to {zone_name(view, to)}"
    if kind == "stop":
        return "Stop here: the party ends its movement"
    if kind == "bangalore":
        return "Blow the wire with a Bangalore torpedo (even: wire gone; odd: stuck this turn)"
    if kind == "halt":
        return "Halt before the wire for this turn"
    if kind == "fire":
        aim = f", aiming at {short(view, action['aim'])}" if action.get("aim") else ""
        return f"Fire: {shorts(view, units)} at {zone_name(view, action.get('target'))}{aim}"
    if kind == "assault":
        return f"Assault {zone_name(view, action.get('target'))} with {shorts(view, units)}"
    if kind == "assault-round":
        # contacts: the British units face to face with the German column, top to bottom;
        # supports: contact -> the units behind it (dieppe:11.2).
        contacts = action.get("contacts") or []
        line = ", ".join(short(view, u) for u in contacts) or "nobody"
        supports = action.get("supports") or {}
        backing = "; ".join(f"{shorts(view, list(behind))} behind {short(view, c)}" for c, behind in supports.items() if behind)
        return f"Fight a round: {line} in contact" + (f"; {backing}" if backing else "")
    if kind == "withdraw":
        assault = view.get("assault") or {}
        back = f" to {zone_name(view, assault['from'])}" if assault.get("from") else ""
        return f"Break off the assault and fall back{back}"
    if kind == "take-prisoner":
        return f"Take the last German prisoner, escorted by {short(view, action.get('escort', ''))}"
    if kind == "job-done":
        party = (view.get("party") or {}).get("units") or []
        who = f" for {shorts(view, party)}" if party else ""
        return f"Job Done{who}: these units have finished this turn"
    if kind == "end-turn":
        return "End the British actions for this turn"
    if kind == "german":
        return "Play the next German step"
    return json.dumps(action, separators=(", ", ": "), ensure_ascii=False)


@dataclass(frozen=True)
class AreaTerms:
    """What the area play screen needs to know about one game."""

    sides: dict[str, str]  # side id -> name
    player: str  # the side the player commands
    automatic_action: str  # the action type of one step of the side the game plays itself
    describe: Callable[..., str]  # (action, view, past=False) -> words
    # The action types the `e` key plays, in the order tried, with the footer label of each.
    proceed: dict[str, str] = field(default_factory=dict)
    done_action: str = ""  # the `j` key
    done_mark: dict[str, str] = field(default_factory=dict)  # side -> name of its "finished" marker
    markers: dict[str, str] = field(default_factory=dict)  # view marker value -> words
    kinds: dict[str, str] = field(default_factory=dict)  # zone kind -> words
    protection: dict[int, str] = field(default_factory=dict)

    def side_name(self, side: str | None) -> str:
        return self.sides.get(side or "", side or "")


DIEPPE = AreaTerms(
    sides={"british": "British", "german": "German"},
    player="british",
    automatic_action="german",
    describe=describe_dieppe,
    proceed={"end-setup": "Start the raid", "roll-events": "Roll events", "end-turn": "End turn"},
    done_action="job-done",
    done_mark={"british": "Job Done", "german": "Alles gemacht"},
    markers={
        "A": "A marker, not yet revealed",
        "B": "B marker, not yet revealed",
        "mines": "mines (revealed)",
        "wire": "barbed wire (revealed)",
    },
    kinds={"sea": "sea", "waiting": "LCA waiting zone", "beach": "beach", "land": "land", "newhaven": "home port"},
    protection={0: "none", 1: "light", 3: "strong"},
)

TERMS: dict[str, AreaTerms] = {"dieppe": DIEPPE}


def terms_for(scenario: str) -> AreaTerms:
    return TERMS.get(scenario.split("/")[0], DIEPPE)
