"""Dieppe's actions in words, who is acting, and which zone an action concerns."""

from __future__ import annotations

import json

from wargames_tui.engine.flow import Action
from wargames_tui.present.area import View, link_kind, short, shorts, units_of, where, zone_name


# Dieppe actions whose words do not depend on the position.
DIEPPE_FIXED = {
    "end-setup": "Set-up done: start the raid",
    "roll-events": "Roll for the unforeseen events of turn 1",
    "stop": "Stop here: the party ends its movement",
    "bangalore": "Blow the wire with a Bangalore torpedo (even: wire gone; odd: stuck this turn)",
    "halt": "Halt before the wire for this turn",
    "end-turn": "End the British actions for this turn",
    "german": "Play the next German step",
}


def describe_dieppe(action: Action, view: View, past: bool = False) -> str:
    """One Dieppe action in words, from the view (units by their short names, zones by name).

    past=True leaves out where the units stand now (for actions already played)."""
    kind = action.get("type")
    units = action.get("units")
    if kind in DIEPPE_FIXED:
        return DIEPPE_FIXED[kind]
    if kind == "transfer":
        u = units_of(view).get(action.get("unit", ""), {})
        now = f" (from {short(view, u['aboard'])})" if u.get("aboard") else ""
        return f"Put {short(view, action.get('unit', ''))} under {short(view, action.get('lca', ''))}{now}"
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
    return json.dumps(action, separators=(", ", ": "), ensure_ascii=False)


def dieppe_acting(view: View) -> tuple[str | None, list[str]]:
    """The stack on the move, else the party acting now, with its zone."""
    move = view.get("move") or {}
    if move.get("units"):
        return move.get("zone") or where(view, move["units"]), list(move["units"])
    party = (view.get("party") or {}).get("units") or []
    if party:
        return where(view, party), list(party)
    return None, []


def dieppe_fight_zone(view: View) -> str | None:
    return (view.get("assault") or {}).get("zone")


def dieppe_concerns(action: Action, zone: str, view: View) -> bool:
    """Beyond the units and zones an action names: the assault's steps concern its two zones,
    the steps of the acting stack its zone."""
    kind = action.get("type")
    assault = view.get("assault") or {}
    if kind in ("assault-round", "withdraw", "take-prisoner") and zone in (assault.get("zone"), assault.get("from")):
        return True
    if kind in ("stop", "bangalore", "halt", "job-done"):
        return dieppe_acting(view)[0] == zone
    return False

