"""The Troop Mobilization Segment (7.0): steps bought with RPs, Technology investment."""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any

from wargames_tui.engine.flow import Event
from wargames_tui.games.seeds_of_disaster import data as war_data
from wargames_tui.games.seeds_of_disaster.board import place
from wargames_tui.games.seeds_of_disaster.prewar import data
from wargames_tui.games.seeds_of_disaster.prewar.model import Strategic
from wargames_tui.games.seeds_of_disaster.prewar.points import NAMES

if TYPE_CHECKING:
    from wargames_tui.games.seeds_of_disaster.state import State, Unit

ARMIES = ("army", "bef")
HIGH_TECH = (
    "panzer",
    "motorized",
    "dlc",
    "dlm",
    "armored",
    "british_armored",
    "para",
    "air",
    "allied_air",
    "westwall",
)  # 7.3.6, 14.2.1
FRENCH_ORDER = ("dlc", "dlm", "armored")  # 7.2.7
UNBUILDABLE = ("polish",)  # the Polish corps comes by 21.5.3, never bought


def cost(s: Strategic, side: str, kind: str) -> int | None:
    entry = data.tables().cost_of(kind)
    if entry is None:
        return None
    return ceil(entry.rp / 2) if kind in s.halved[side] else entry.rp  # 7.5.2


def committed(s: Strategic, side: str) -> int:
    """RPs already promised by this segment's secret orders."""
    return sum(int(it.get("rp", 0)) for it in s.orders[side].items)


def max_steps(s: Strategic, u: Unit) -> int:
    if u.kind in ARMIES:
        return 19  # 2.3.1, 7.2.3
    if u.kind == "belgian":
        return 4  # 7.2.5
    if u.kind in HIGH_TECH and s.tech_level(u.side) < 2:
        return 1  # 7.2.2, 7.2.6, 7.3.6
    return 2


def _available(s: Strategic, side: str, kind: str) -> bool:
    entry = data.tables().cost_of(kind)
    return entry is not None and (
        s.year >= entry.from_ or kind in s.unlocked[side]
    )  # 7.2, 7.5.1


def _ordered_steps(s: Strategic, side: str, unit: str) -> int:
    return sum(
        1
        for it in s.orders[side].items
        if it.get("type") == "build" and it.get("unit") == unit
    )


def _new_this_turn(s: Strategic, side: str, u: Unit) -> bool:
    return u.id in s.built[side] or (
        u.box == "pool" and _ordered_steps(s, side, u.id) > 0
    )


def _french_order_ok(state: State, side: str, u: Unit) -> bool:
    """DLC before DLM before armored (7.2.7); one armored corps begun a turn."""
    if u.nation != "french" or u.kind not in FRENCH_ORDER or u.box != "pool":
        return True
    s = state.strategic
    for kind in FRENCH_ORDER[: FRENCH_ORDER.index(u.kind)]:
        begun = (
            x for x in state.units.values() if x.nation == "french" and x.kind == kind
        )
        if not any(x.box != "pool" or _ordered_steps(s, side, x.id) for x in begun):
            return False
    if u.kind == "armored":
        begun = sum(
            1
            for x in state.units.values()
            if x.kind == "armored"
            and x.nation == "french"
            and x.box == "pool"
            and _ordered_steps(s, side, x.id)
        )
        return begun + s.armored_built[side] == 0
    return True


def _needs_ok(s: Strategic, u: Unit) -> bool:
    needs = war_data.counter(u.id).needs
    return not needs or str(needs) in s.history


def build_actions(state: State, side: str) -> list[dict[str, Any]]:
    s = state.strategic
    left = s.rp[side] - committed(s, side)
    acts: list[dict[str, Any]] = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.side != side or u.nation in UNBUILDABLE:
            continue
        if u.box in ("eliminated", "poland", "poland_a", "poland_b"):
            continue
        price = cost(s, side, u.kind)
        if (
            price is None
            or price > left
            or not _available(s, side, u.kind)
            or not _needs_ok(s, u)
        ):
            continue
        steps = u.steps + _ordered_steps(s, side, u.id)
        if steps >= max_steps(s, u):
            continue
        if u.kind in HIGH_TECH and steps >= 1 and _new_this_turn(s, side, u):
            continue  # 7.2.6: not to full strength in the turn it is first mobilized
        if not _french_order_ok(state, side, u):
            continue
        if (
            u.kind == "westwall"
            and u.box == "pool"
            and _ordered_steps(s, side, u.id) == 0
        ):
            for zone in westwall_zones(state):
                acts.append({"type": "build", "unit": u.id, "zone": zone})
            continue
        acts.append({"type": "build", "unit": u.id})
    invested = s.tech[side] + sum(
        int(it.get("rp", 0))
        for it in s.orders[side].items
        if it.get("type") == "invest"
    )
    if (
        not any(it.get("type") == "invest" for it in s.orders[side].items)
        and invested < data.tables().limits.tech_level2
    ):
        for n in data.tables().limits.tech_steps:
            if n <= left:
                acts.append({"type": "invest", "rp": n})
    return acts


def westwall_zones(state: State) -> list[str]:
    """German areas bordering France, Belgium or the Netherlands without a Westwall marker (14.2.1)."""
    areas = war_data.areas()
    graph = war_data.graph()
    taken = {
        u.zone for u in state.units.values() if u.kind == "westwall" and u.box == "map"
    }
    taken |= {
        it.get("zone")
        for it in state.strategic.orders["german"].items
        if it.get("zone")
    }
    return sorted(
        a.id
        for a in areas.values()
        if a.country == "G"
        and a.id not in taken
        and any(areas[n].country != "G" for n in graph.neighbours(a.id))
    )


def price_of(state: State, side: str, action: dict[str, Any]) -> int:
    s = state.strategic
    if action["type"] == "invest":
        return int(action["rp"])
    return cost(s, side, state.units[action["unit"]].kind) or 0


HOME_MCS = {"dutch": ("ROT",), "belgian": ("BRU", "ANT")}  # 7.2.5


def home_mc(state: State, u: Unit) -> str:
    """Where a new corps appears on the map (7.2.4, 7.2.5): Rotterdam for the Dutch, Brussels or Antwerp
    for the Belgians, an MC of Germany for German infantry corps; the emptiest (then the first by id)."""
    wanted = HOME_MCS.get(u.nation) or tuple(
        a.id for a in war_data.areas().values() if a.mc and a.country == "G"
    )
    zones = [z for z in wanted if z in war_data.areas()]
    return min(zones, key=lambda z: (len(state.in_zone(z)), z))


def carry_out(state: State, side: str) -> tuple[list[Event], set[str]]:
    """Carry out the revealed mobilization orders; returns the events and the qualitative indicators (5.1.2)."""
    s = state.strategic
    events: list[Event] = []
    marks: set[str] = set()
    for it in s.orders[side].items:
        s.rp[side] -= int(it["rp"])
        if it["type"] == "invest":
            s.tech[side] += int(it["rp"])
            marks.add("tech")
            events.append(
                Event(
                    "build",
                    f"{NAMES[side]} invests {it['rp']} RPs in technology (7.3.2)",
                    only=side,
                )
            )
            if (
                s.tech[side] >= data.tables().limits.tech_level2
                and s.tech[side] - int(it["rp"]) < data.tables().limits.tech_level2
            ):
                events.append(
                    Event(
                        "build",
                        f"{NAMES[side]} reaches Technology Level 2 (7.3.4)",
                        commit=True,
                    )
                )
            continue
        u = state.units[it["unit"]]
        if u.box == "pool":
            s.built[side].append(u.id)
            marks.add("activate")
            if u.kind == "armored" and u.nation == "french":
                s.armored_built[side] += 1
            if u.kind in ("air", "allied_air"):
                british_waiting = (
                    u.nation == "british" and state.units["BEF"].box != "map"
                )
                u.box = (
                    "mobilized" if british_waiting else "reserve"
                )  # 7.2.10; British air waits for 21.4
                marks.add("air")
            elif u.kind == "westwall":
                u.box, u.zone = "map", it["zone"]
            elif u.nation in ("dutch", "belgian") or (
                u.nation == "german" and u.kind == "infantry"
            ):
                place(state, u, home_mc(state, u))  # 7.2.4, 7.2.5
            else:
                u.box = "mobilized"  # 7.2.1, 7.2.8
            u.mobilized_turn = turn_number(s)
        elif u.kind in ("air", "allied_air"):
            marks.add("air")
        u.steps += 1
        events.append(
            Event(
                "build",
                f"{NAMES[side]} builds a step of {u.id} ({u.steps} now, {it['rp']} RPs)",
                only=side,
            )
        )
    return events, marks


def turn_number(s: Strategic) -> int:
    return (s.year - 1934) + s.month * 100
