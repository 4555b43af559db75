"""The prewar Movement Segment: relocations within the DS limits (SoP, 10.1.2-10.1.5), Military
Maneuvers (6.1.1) and spying on them (4.3.5), entered as secret orders and carried out together."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.seeds_of_disaster import data as war_data
from wargames_tui.games.seeds_of_disaster import movement
from wargames_tui.games.seeds_of_disaster.board import AIR
from wargames_tui.games.seeds_of_disaster.prewar import data
from wargames_tui.games.seeds_of_disaster.prewar.mobilize import committed
from wargames_tui.games.seeds_of_disaster.prewar.model import Strategic
from wargames_tui.games.seeds_of_disaster.prewar.points import (
    NAMES,
    add_cp,
    add_ip,
    other,
)

if TYPE_CHECKING:
    from wargames_tui.games.seeds_of_disaster.state import State, Unit

# Moves a side may make in one Movement Segment (SoP): between MCs (off-board boxes included) and
# from an MC (or, at war's door, any area) to another area of the map.
LIMITS: dict[str, dict[str, int]] = {
    "opposition": {"mc": 2, "map": 0},
    "preparations": {"mc": 2, "map": 1},
    "belligerence": {"mc": 2, "map": 4},
}
MC_COUNTRY = {
    "german": ("G",),
    "allied": ("F",),
}  # 6.1.1 b: no Dutch or Belgian maneuvers


def is_mc(zone: str | None) -> bool:
    return bool(zone) and war_data.areas()[zone].mc  # type: ignore[index]


def move_class(u: Unit, dest: str) -> str:
    """'mc' for a move between MCs or boxes (Reserve, Poised, Mobilized: SoP AB b, c), 'map' otherwise."""
    if dest in ("mobilized", "reserve") or dest.startswith("poised:"):
        return "mc"
    if is_mc(dest) and (u.box != "map" or is_mc(u.zone)):
        return "mc"
    return "map"


def used(s: Strategic, side: str, cls: str) -> int:
    return sum(
        1
        for it in s.orders[side].items
        if it.get("type") == "shift" and it.get("class") == cls
    )


def troops(state: State, side: str, zone: str) -> int:
    """Troop units of a side in an area: not air fleets nor fortifications (6.1.1)."""
    return sum(
        1
        for u in state.in_zone(zone)
        if u.side == side and u.kind not in AIR and u.kind != "westwall"
    )


def french_mcs() -> list[str]:
    return sorted(a.id for a in war_data.areas().values() if a.mc and a.country == "F")


def allied_spread_ok(state: State, zone: str) -> bool:
    """6.1.1 a: a second Allied unit enters a French MC only once every other French MC holds one."""
    if zone not in french_mcs() or troops(state, "allied", zone) == 0:
        return True
    return all(troops(state, "allied", z) >= 1 for z in french_mcs() if z != zone)


def _british_waiting(u: Unit) -> bool:
    return u.nation == "british" and u.box in (
        "pool",
        "mobilized",
    )  # they enter by 21.4 only


def shift_actions(state: State, side: str, unit: object = None) -> list[dict[str, Any]]:
    """The shifts open to side's units (given a `unit`, to that unit only)."""
    s = state.strategic
    limits = LIMITS.get(s.ds)
    if not limits:
        return []
    ordered = {it["unit"] for it in s.orders[side].items if it.get("type") == "shift"}
    acts: list[dict[str, Any]] = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.side != side or u.id in ordered or _british_waiting(u) or unit is not None and u.id != unit:
            continue
        for dest in movement.prewar_destinations(state, u.id):
            cls = move_class(u, dest)
            if u.id not in s.returned and used(s, side, cls) >= limits[cls]:
                continue
            if (
                side == "allied"
                and dest in war_data.areas()
                and not allied_spread_ok(state, dest)
            ):
                continue
            acts.append({"type": "shift", "unit": u.id, "to": dest})
    return acts


def maneuver_actions(state: State, side: str) -> list[dict[str, Any]]:
    s = state.strategic
    t = data.tables()
    if s.ds not in LIMITS:
        return []
    mine = [it for it in s.orders[side].items if it.get("type") == "maneuver"]
    if (
        len(mine) >= t.limits.maneuvers_max
        or s.rp[side] - committed(s, side) < t.maneuver.rp
    ):
        return []
    return [{"type": "maneuver", "zone": z} for z in maneuver_zones(state, side, mine)]


def maneuver_zones(state: State, side: str, mine: list[dict[str, Any]]) -> list[str]:
    t = data.tables()
    zones = []
    for a in sorted(war_data.areas().values(), key=lambda x: x.id):
        if not a.mc or a.country not in MC_COUNTRY[side]:
            continue
        held = sum(1 for it in mine if it["zone"] == a.id)
        if troops(state, side, a.id) < t.limits.maneuver_units * (held + 1):
            continue
        if side == "allied" and not all(
            troops(state, "allied", z) >= 1 for z in french_mcs() if z != a.id
        ):
            continue  # 6.1.1 a
        zones.append(a.id)
    return zones


def spy_actions(state: State, side: str) -> list[dict[str, Any]]:
    s = state.strategic
    if s.ds not in LIMITS or any(
        it.get("type") == "spy" for it in s.orders[side].items
    ):
        return []
    return [
        {"type": "spy", "card": int(c)}
        for c in s.hands[side]
        if data.cards()[int(c)].ce and c not in s.stolen[side]
    ]


def order_actions(state: State, side: str, unit: object = None) -> list[dict[str, Any]]:
    """The orders of the movement segment; given a `unit`, only those naming it (its shifts)."""
    if unit is not None:
        return shift_actions(state, side, unit)
    return (
        shift_actions(state, side)
        + maneuver_actions(state, side)
        + spy_actions(state, side)
        + examine_actions(state, side)
        + [{"type": "ready"}]
    )


def examine_actions(state: State, side: str) -> list[dict[str, Any]]:
    """5.2.2: an IP buys a look at one enemy stack on the map, in the Movement Segment only."""
    if state.strategic.ip[side] < 1:
        return []
    areas = {
        u.zone
        for u in state.units.values()
        if u.side != side and u.box == "map" and u.kind != "westwall"
    }
    return [{"type": "examine", "area": a} for a in sorted(a for a in areas if a)]


def examine(state: State, side: str, area: str) -> list[Event]:
    """Spend the IP at once and show the stack, as it stands before this segment's moves, to the
    examining side alone (5.2.2); the other side learns nothing, not even the IP spent."""
    add_ip(state, side, -1)
    army_here = {
        u.id
        for u in state.in_zone(area)
        if u.side != side and u.kind in ("army", "bef")
    }
    stack = [
        f"{u.id} ({u.steps} step{'' if u.steps == 1 else 's'}"
        + (f", poised with {u.army})" if u.box == "poised" else ")")
        for u in sorted(state.units.values(), key=lambda x: x.id)
        if u.side != side
        and u.kind != "westwall"
        and (
            (u.box == "map" and u.zone == area)
            or (u.box == "poised" and u.army in army_here)
        )
    ]
    return [
        Event(
            "intel",
            f"{NAMES[side]} examines the stack in {area} (1 IP, 5.2.2): "
            + ", ".join(stack),
            {"area": area, "units": stack},
            only=side,
            commit=True,  # what was seen stays seen: no undo past it
        )
    ]


def tag(state: State, side: str, action: dict[str, Any]) -> dict[str, Any]:
    """The order as stored: a move with its class, a maneuver with its price."""
    if action["type"] == "shift":
        u = state.units[action["unit"]]
        free = u.id in state.strategic.returned  # back from Poland this month (21.5.2)
        return {**action, "class": "free" if free else move_class(u, action["to"])}
    if action["type"] == "maneuver":
        return {**action, "rp": data.tables().maneuver.rp}
    return dict(action)


def carry_out(state: State) -> tuple[list[Event], bool]:
    """Both sides' moves (German first), then maneuvers, then spying. Returns the events and whether
    a unit crossed an enemy border (12.0: war at once)."""
    s = state.strategic
    events: list[Event] = []
    war = False
    for side in ("german", "allied"):
        for it in s.orders[side].items:
            if it["type"] != "shift":
                continue
            u = state.units[it["unit"]]
            before = u.box
            crossing = movement.crosses_border(state, u.id, it["to"])
            try:
                events += movement.prewar_move(state, u.id, it["to"])
            except IllegalAction as exc:
                events.append(
                    Event(
                        "move",
                        f"{NAMES[side]} move of {u.id} to {it['to']} cannot be made now: {exc.reason}",
                    )
                )
                continue
            _mark(
                s,
                side,
                "deploy"
                if before != "map" and u.box == "map"
                else "reserve"
                if u.box in ("reserve", "poised")
                else "move",
            )
            if crossing:
                _mark(s, side, "border")
                war = True
                events.append(
                    Event(
                        "ds",
                        f"{NAMES[side]} troops cross the border: war (12.0)",
                        commit=True,
                    )
                )
    held = {side: 0 for side in ("german", "allied")}
    for side in ("german", "allied"):
        done: list[dict[str, Any]] = []
        for it in s.orders[side].items:
            if it["type"] != "maneuver":
                continue
            if it["zone"] not in maneuver_zones(state, side, done):
                events.append(
                    Event(
                        "build",
                        f"{NAMES[side]} maneuver at {it['zone']} cannot be held (6.1.1): no RPs spent",
                    )
                )
                continue
            done.append(it)
            s.rp[side] -= int(it["rp"])
            add_cp(state, side, data.tables().limits.maneuver_cp)
            s.maneuvers[side] += 1
            held[side] += 1
            _mark(s, side, "maneuver")
            events.append(
                Event(
                    "build",
                    f"{NAMES[side]} holds a Military Maneuver at {it['zone']}: +{data.tables().limits.maneuver_cp} CPs (6.1.1)",
                    commit=True,
                )
            )
    for side in ("german", "allied"):
        for it in s.orders[side].items:
            if it["type"] == "spy" and str(it["card"]) in s.hands[side]:
                if held[other(side)]:
                    s.hands[side].remove(str(it["card"]))
                    s.played[side].append(str(it["card"]))
                    add_ip(state, side, data.tables().limits.spy_ip)
                    events.append(
                        Event(
                            "card",
                            f"{NAMES[side]} spies on the {NAMES[other(side)]} maneuvers with card {it['card']}: +1 IP (4.3.5)",
                            commit=True,
                        )
                    )
                else:
                    events.append(
                        Event(
                            "card",
                            f"No {NAMES[other(side)]} maneuver to spy on: card {it['card']} is kept",
                            only=side,
                        )
                    )
    return events, war


def _mark(s: Strategic, side: str, indicator: str) -> None:
    if indicator not in s.indicators[side]:
        s.indicators[side].append(indicator)
