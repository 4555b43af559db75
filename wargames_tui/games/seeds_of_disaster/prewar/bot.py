"""The prewar planner: each order scored from the side's own view alone, the best taken until
nothing is worth more than finishing ("ready").

Its aims: Technology Level 2 early (the RP cap and full-strength corps, 7.3), then armies and
mobile corps for the campaign; every unit on the map before the war (only two MC moves a turn,
SoP); maneuvers for CPs (6.1.1); cards played for their events, the opponent's denied by
counterespionage; no border crossing (the war comes in the eighth month, 3.1.2)."""

from __future__ import annotations

import random
from typing import Any

Action = dict[str, Any]

# RP value of a step by kind for each side: the higher, the sooner bought.
BUILD = {
    "german": {
        "panzer": 9,
        "air": 8,
        "motorized": 7,
        "army": 6,
        "para": 5,
        "infantry": 4,
        "westwall": 3,
    },
    "allied": {
        "army": 7,
        "dlc": 8,
        "dlm": 8,
        "armored": 8,
        "allied_air": 7,
        "bef": 6,
        # A corps step costs an army step's RPs (tables.toml) but makes a body of its own: it holds
        # an Objective an army cannot spare a turn for, and stacks beside an army where only one
        # army may stand (8.0), so the Allies' thirteen Objectives need corps as much as armies.
        "infantry": 7,
        "belgian": 5,
        "british_armored": 5,
    },
}
BAD_EVENTS = {16, 23}  # a change of the DS level helps neither planner's timetable
FRONT = {
    "german": ("EIF", "AAC", "KLE", "TRI", "SAA"),
    "allied": ("LIL", "MAU", "SED", "LON", "MET", "LAU"),
}


def plan(view: dict[str, Any], actions: list[Action], rng: random.Random) -> Action:
    side = view.get("side") or "german"
    me = view["strategic"]["sides"].get(side, {})
    units = _units(view, side)  # once a decision, not once an action scored
    scored = [(score(a, view, side, me, units), rng.random(), a) for a in actions]
    best = max(scored, key=lambda x: (x[0], x[1]))
    return best[2]


def _units(view: dict[str, Any], side: str) -> dict[str, dict[str, Any]]:
    return {
        u["id"]: u
        for u in view.get("units", [])
        if u.get("side") == side and u.get("id")
    }


def score(
    action: Action,
    view: dict[str, Any],
    side: str,
    me: dict[str, Any],
    units: dict[str, dict[str, Any]],
) -> float:
    kind = action["type"]
    if kind in ("ready", "no-counter"):
        return 0.0
    if kind in ("deal", "poland-first", "poland-odd"):
        return 1.0
    if kind in ("poland-keep", "poland-stay"):  # the strongest stay in the West, the weakest in Poland
        steps = units.get(action["unit"], {}).get("steps", 0)
        return 1.0 + (steps if kind == "poland-keep" else -steps) / 20
    if kind == "plan":
        return 2.0 if action["axis"] == "center" else 0.5
    if kind == "play-card":
        return -1.0 if action["card"] in BAD_EVENTS else 3.0
    if kind == "discard-card":
        return -1.0
    if kind == "ce":
        return (
            2.0
            if action["use"] == "steal"
            else (1.0 if action["use"] == "raid" else -0.5)
        )
    if kind == "counter":
        return 2.5
    if kind == "invest":
        return 10.0 if action["rp"] == 20 else 9.0
    if kind == "build":
        return _build_score(action, side, me, units)
    if kind == "shift":
        return _shift_score(action, view, side, units)
    if kind == "maneuver":
        return 6.0
    if kind == "spy":
        return 0.5
    if kind == "examine":
        return -1.0  # IPs are kept for the battles (5.2.3-5.2.6)
    if kind == "boost":
        return 0.5 if me.get("ip", 0) >= 4 else -1.0
    return -2.0


def _build_score(
    action: Action, side: str, me: dict[str, Any], units: dict[str, dict[str, Any]]
) -> float:
    u = units.get(action["unit"], {})
    value = BUILD[side].get(u.get("kind", ""), 1)
    invested = me.get("tech", 60)
    if invested < 60 and me.get("rp", 0) < 40:
        value -= 6  # keep the next technology investment first
    if u.get("kind") in ("army", "bef"):
        value -= u.get("steps", 0) / 4  # the weakest army first
    if (
        u.get("kind") == "westwall"
        and sum(
            1
            for x in units.values()
            if x.get("kind") == "westwall" and x.get("box") == "map"
        )
        >= 2
    ):
        value -= 4
    return value


def _shift_score(
    action: Action, view: dict[str, Any], side: str, units: dict[str, dict[str, Any]]
) -> float:
    u = units.get(action["unit"], {})
    to = action["to"]
    zones = view.get("zones", {})
    country = zones.get(to, {}).get("country")
    if (side == "german" and country not in (None, "G")) or (
        side == "allied" and country == "G"
    ):
        return -10.0  # no border crossing (12.0): the war comes by the calendar
    if u.get("box") in ("mobilized", "reserve") and to in zones:
        return 5.0 + (
            2 if u.get("kind") in ("army", "bef") else 0
        )  # every unit onto the map
    if to == "mobilized" or to == "reserve":
        return -1.0
    if to.startswith("poised:"):
        return 1.5
    if to in FRONT[side]:
        return 3.0 if u.get("kind") in ("army", "bef") else 2.0
    return -0.5
