"""Springtime for Hitler's actions in words, who is acting, and what an action concerns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.present.area import View, units_of, zone_name

MARKERS = {
    "de-gaulle": "De Gaulle", "cabinet-shuffle": "Cabinet Shuffle", "operation-dynamo": "Operation Dynamo",
    "new-squadrons": "New Squadrons", "halt-order": "Halt Order", "billotte-killed": "Billotte Killed",
    "air-supremacy": "Air Supremacy", "plan-red": "Plan Red", "improved-logistics": "Improved Logistics",
}
USES = {
    "open_city": "declare Paris an open city (11.1.1)", "extra_event": "draw another Event marker (11.1.5)",
    "heroic": "Heroic Defense: make it a stalemate (11.1.2)", "maximum": "Maximum Attack: make it a stalemate (11.1.3)",
    "soldier_on": "Soldier On: another impulse (11.1.4)",
}
DECLINE = {  # the choice not to, in the rule's words, by the step that offers it
    "surprise-event": "keep your Event marker: hold on to it, not played now (6.1.1, 15.1)",
    "event-allied": "keep your Event marker: hold on to it, not played now (6.1.1)",
    "event-axis": "keep your Event marker: hold on to it, not played now (6.1.1)",
    "advantage": "accept the result and keep the Advantage",
    "logistics": "accept: the Maneuvers Phase ends, the Advantage kept (6.2.1)",
    "airlanding": "leave the Airlanding Corps on the map",
}
GROUPS = {"1": "1st Army Group", "2": "2nd Army Group", "3": "3rd Army Group", "4": "4th Army Group", "Be": "Belgian Army",
          "N": "Dutch Army", "A": "Army Group A", "B": "Army Group B", "C": "Army Group C", "K": "Kleist", "W": "Italy"}


def name(view: View, uid: str | None) -> str:
    u = units_of(view).get(uid or "")
    return u["name"] if u else (uid or "?")


def _air(view: View, air: str | None) -> str:
    if not air:
        return ""
    a = next((x for x in view.get("air", []) if x["id"] == air), None)
    return f" with {a['name']} (+{a['value']})" if a else f" with {air}"


def _where(a: Action, v: View) -> str:
    """The Areas the assaulting groups' units stand in, so the player knows which group is which."""
    groups = set(a.get("groups", []))
    areas = {u["zone"] for u in v.get("units", []) if u.get("group") in groups and u.get("zone") and u["side"] == v.get("side")}
    return f" (in {', '.join(sorted(areas, key=lambda z: (not z.isdigit(), int(z) if z.isdigit() else 0, z)))})" if areas else ""


def _attack(a: Action, v: View) -> str:
    others = [name(v, u) for u in a.get("units", []) if u != a.get("lead")]
    return (f"attack {zone_name(v, a.get('area'))}, led by {name(v, a.get('lead'))}"
            + (f" with {', '.join(others)}" if others else "") + _air(v, a.get("air")))


WORDS: dict[str, Callable[[Action, View], str]] = {
    "draw": lambda a, v: "draw an Event marker",
    "keep": lambda a, v: "keep the Event marker you hold",
    "discard_draw": lambda a, v: "return your marker to the cup and draw another",
    "discard": lambda a, v: "return your Event marker to the cup",
    "take_plan_red": lambda a, v: "take the Plan Red marker as your draw (19.2)",
    "belgium": lambda a, v: f"take control of {zone_name(v, a.get('area'))}",
    "kleist": lambda a, v: f"put Kleist with {name(v, a.get('unit'))}",
    "place": lambda a, v: f"set up {name(v, a.get('unit'))} in {zone_name(v, a.get('area'))}",
    "event": lambda a, v: f"play {MARKERS.get(a.get('marker', ''), a.get('marker'))}"
    + (f" in {zone_name(v, a['area'])}" if a.get("area") else ""),
    "decline": lambda a, v: DECLINE.get(str(v.get("step", "")), "no, go on"),
    "advantage": lambda a, v: "spend the Advantage: " + USES.get(a.get("use", ""), a.get("use", "")),
    "assault": lambda a, v: "Assault with " + " + ".join(GROUPS.get(g, g) for g in a.get("groups", [])) + _where(a, v),
    "regroup": lambda a, v: "Regroup: any units one Area",
    "redeploy": lambda a, v: f"Redeploy from {zone_name(v, a.get('area'))}",
    "pass": lambda a, v: "Pass",
    "move": lambda a, v: f"{name(v, a.get('unit'))} to {zone_name(v, a.get('to'))}",
    "airdrop": lambda a, v: f"drop the Airlanding Corps into {zone_name(v, a.get('area'))}",
    "attack": _attack,
    "defend": lambda a, v: f"defend, led by {name(v, a.get('lead'))}{_air(v, a.get('air'))}",
    "retreat": lambda a, v: f"{name(v, a.get('unit'))} retreats to {zone_name(v, a.get('to'))}",
    "stay": lambda a, v: f"{name(v, a.get('unit'))} holds its ground",
    "refit": lambda a, v: f"bring {name(v, a.get('unit'))} back to full strength",
    "rebuild": lambda a, v: f"rebuild {name(v, a.get('unit'))} in {zone_name(v, a.get('area'))} at "
    + ("full" if a.get("full") else "reduced") + " strength",
    "withdraw": lambda a, v: "withdraw the Airlanding Corps (18.1.3)",
    "end": lambda a, v: "end",
    "bid": lambda a, v: f"bid {a.get('amount')} for the Axis (sealed)",
}


def describe(action: Action, view: View, past: bool = False) -> str:
    words = WORDS.get(action.get("type", ""))
    return words(action, view) if words else str(action.get("type"))


def acting(view: View) -> tuple[str | None, list[str]]:
    """The combat's Area, else the unit moving now."""
    combat = view.get("combat") or {}
    if combat:
        return combat.get("area"), list(combat.get("attackers", []))
    mover = (view.get("impulse_record") or {}).get("mover")
    if mover:
        u = units_of(view).get(mover, {})
        return u.get("zone"), [mover]
    return None, []


def fight_zone(view: View) -> str | None:
    return (view.get("combat") or {}).get("area")


def concerns(action: Action, zone: str, view: View) -> bool:
    """Defence, advantage and retreat choices concern the Area being fought over."""
    return action.get("type") in ("defend", "advantage", "stay") and fight_zone(view) == zone


def lights(actions: list[Action], view: View) -> dict[str, str]:
    """Areas the prompt lights: attack targets (red), redeploy and set-up places (violet)."""
    lit: dict[str, str] = {}
    for a in actions:
        if a.get("type") == "attack":
            lit[a["area"]] = "target"
        elif a.get("type") in ("redeploy", "place", "belgium", "airdrop", "rebuild"):
            lit.setdefault(a["area"], "entry")
    return lit


def result_words(combat: dict[str, Any]) -> str:
    return {"repulse": "Repulse", "stalemate": "Stalemate", "success": "Success", "overrun": "Overrun"}.get(
        combat.get("result", ""), "")
