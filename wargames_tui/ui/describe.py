"""Actions in readable words, for the legal-action list, the log and the hints."""

from __future__ import annotations

import json
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.hexdraw import factors


def unit_label(unit: dict[str, Any] | None, uid: str) -> str:
    if unit is None:
        return uid
    return f"{unit['short']} ({factors(unit)})"


def units_by_id(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {u["id"]: u for u in view.get("units", [])}


def describe_action(action: Action, view: dict[str, Any], column: str | None = None, with_start: bool = True) -> str:
    """One action in words; with_start=False leaves out where units stand now (for past actions)."""
    units = units_by_id(view)

    def name(uid: str) -> str:
        return unit_label(units.get(uid), uid)

    def at(uid: str, word: str = "") -> str:
        """' 1302' (or ' in 1302'), or nothing for past actions."""
        u = units.get(uid)
        h = (u or {}).get("hex")
        if not with_start or not h:
            return ""
        return f" {word} {h}" if word else f" {h}"

    kind = action.get("type")
    if kind == "move":
        path = action["path"]
        hexes = f"{len(path)} hex{'es' if len(path) != 1 else ''}"
        return f"Move {name(action['unit'])}{at(action['unit'])} -> {path[-1]} ({hexes})"
    if kind == "exit":
        path = action["path"]
        where = f" at {path[-1]}" if path else at(action["unit"], "at")
        return f"Break off the map edge: {name(action['unit'])} leaves{where}"
    if kind == "end-phase":
        return "End the phase"
    if kind == "declare":
        attackers = " + ".join(name(a) for a in action["attackers"])
        odds = f" at {column}" if column else ""
        return f"Declare: {attackers} attack {name(action['defender'])}{at(action['defender'], 'in')}{odds}"
    if kind == "end-declarations":
        return "End the declarations and resolve the attacks"
    if kind == "resolve":
        return f"Resolve the attack on {name(action['defender'])}{at(action['defender'], 'in')}"
    if kind == "retreat":
        path = action["path"]
        return f"Retreat {name(action['unit'])}{at(action['unit'])} -> {' -> '.join(path)}"
    if kind == "advance" and action.get("hex"):
        return f"Advance {name(action['unit'])}{at(action['unit'], 'from')} one hex further, into {action['hex']}"
    if kind == "advance":
        return f"Advance {name(action['unit'])}{at(action['unit'], 'from')} into the vacated hex"
    if kind == "no-advance":
        return "Do not advance"
    if kind == "place":
        return f"Place {name(action['unit'])} in {action['hex']}"
    if kind == "place-rest":
        return "Place every unit still waiting, spread as evenly as they go over the hexes where each may set up"
    if kind == "enter" and "pool" in action:
        return f"Bring on a face-down reinforcement (pool {action['pool']}) at {action['hex']}"
    if kind == "enter":
        return f"Bring on {name(action['unit'])} at {action['hex']}"
    if kind == "bombard":
        return "Roll the die for the naval bombardment"
    if kind == "disrupt":
        return f"Disrupt {name(action['unit'])}{at(action['unit'], 'in')} (naval bombardment)"
    if kind == "remove":
        return f"Remove {name(action['unit'])}{at(action['unit'], 'in')}"
    return json.dumps(action, separators=(", ", ": "))
