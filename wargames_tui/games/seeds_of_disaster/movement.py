"""Movement: on-map moves by MP (10.0), borders (12.0), Reserve (2.3.2), Poised Forces (9.2),
Strategic Redeployment (11.0), and the limited relocations of the prewar Movement Segments
(10.1.2-10.1.5, 9.2.1) that the prewar turns call."""

from __future__ import annotations

import heapq

from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.seeds_of_disaster import data
from wargames_tui.games.seeds_of_disaster.board import (
    AIR,
    army_room,
    enemy_areas,
    enemy_in,
    is_army,
    is_corps,
    mobile,
    mp,
    pass_through,
    place,
)
from wargames_tui.games.seeds_of_disaster.state import State, Unit

NEUTRALS = ("N", "B")


def may_enter_country(state: State, u: Unit, area: str) -> bool:
    """12.0 and 7.2.5: who may stand in which country."""
    country = data.areas()[area].country
    home = data.HOME[u.nation]
    if u.nation in ("dutch", "belgian"):
        return country == home
    if country == home:
        return True
    if state.strategic.ds not in ("belligerence", "hostilities"):
        return False
    if u.side == "allied" and country in NEUTRALS:
        return country in state.war.entered or _allies_invited(state, country)
    return True


def _allies_invited(state: State, country: str) -> bool:
    """Event 4 (or intelligence event 65) lets the Allies into Belgium before the Germans (12.0)."""
    return country == "B" and "allies_enter_belgium" in state.strategic.in_force


def _entry_cost(a: str, b: str, engineers: bool) -> int:
    t = data.tables()
    kind = data.graph().links[a][b]
    border = 0 if (engineers and kind == "major") else t.border[kind].mp
    return t.terrain[data.areas()[b].terrain].mp + border


def _search(
    state: State,
    u: Unit,
    engineers: bool,
    start: str | None = None,
    allowance: int | None = None,
) -> tuple[dict[str, int], dict[str, str]]:
    start = start or u.zone or ""
    allowance = mp(u) if allowance is None else allowance
    best = {start: 0}
    prev: dict[str, str] = {}
    heap = [(0, start)]
    g = data.graph()
    enemy = enemy_areas(state, u.side)  # found once for the whole search
    while heap:
        cost, a = heapq.heappop(heap)
        if cost > best.get(a, 99):
            continue
        for b in g.neighbours(a):
            if b in enemy or not may_enter_country(state, u, b):
                continue
            c = cost + _entry_cost(a, b, engineers)
            if c <= allowance and (c, a) < (best.get(b, 99), prev.get(b, "")):
                best[b], prev[b] = c, a
                heapq.heappush(heap, (c, b))
    best.pop(start)
    return best, prev


def reach(state: State, u: Unit, engineers: bool = False) -> dict[str, int]:
    """Areas a unit can reach with its MP and the cost, never through an enemy area (10.1.12)."""
    return _search(state, u, engineers)[0]


def advance_reach(state: State, u: Unit, via: str) -> list[str]:
    """9.2.5, 13.7.9, 16.1.6: where a poised corps may advance after a won battle: into the vacated
    area `via` (from its army's area) and on from there, all within its MP, never into the enemy."""
    if not may_enter_country(state, u, via) or enemy_in(state, via, u.side):
        return []
    if u.zone == via:
        return sorted(reach(state, u))
    return sorted({via, *_beyond(state, u, via)[0]} - {u.zone})


def advance_route(state: State, u: Unit, via: str, to: str) -> list[str]:
    """The areas a poised corps passes on its advance to `to` (see advance_reach)."""
    if u.zone == via:
        return path(state, u, to)
    prev = _beyond(state, u, via)[1]
    out = [to]
    while out[-1] != via:
        out.append(prev[out[-1]])
    return out[::-1]


def _beyond(state: State, u: Unit, via: str) -> tuple[dict[str, int], dict[str, str]]:
    left = mp(u) - _entry_cost(u.zone or "", via, False)
    return _search(state, u, False, via, left) if left > 0 else ({}, {})


def path(state: State, u: Unit, to: str, engineers: bool = False) -> list[str]:
    """The cheapest way there (ties by area id), without the start."""
    prev = _search(state, u, engineers)[1]
    out = [to]
    while prev.get(out[-1]) and prev[out[-1]] != u.zone:
        out.append(prev[out[-1]])
    return out[::-1]


def _can_end(state: State, u: Unit, area: str) -> bool:
    return not is_army(u) or army_room(state, area, u.side, (u.id,))


def movers(state: State, side: str) -> list[Unit]:
    """Units that may still move this segment: on the map, not moved, not disrupted (15.1.2), not
    dropped from a disrupted army (15.1.3)."""
    return [u for u in state.units.values() if u.side == side and _free(u)]


def _free(u: Unit) -> bool:
    return (
        u.box == "map"
        and not u.moved
        and not u.disrupted
        and not u.held_by
        and u.kind != "westwall"
    )


def move_options(state: State, u: Unit) -> list[tuple[str, bool]]:
    """(area, engineers) pairs: engineers when only the CP cancelling major rivers gets it there (10.1.10)."""
    plain = {a for a in reach(state, u) if _can_end(state, u, a)}
    out = [(a, False) for a in sorted(plain)]
    cp = state.strategic.cp[u.side]
    out += [
        (a, True)
        for a in sorted(reach(state, u, True))
        if a not in plain
        and _can_end(state, u, a)
        and (cp >= 1 or not _unbridged(state, u, path(state, u, a, True)))
    ]
    return out


def _unbridged(state: State, u: Unit, route: list[str]) -> list[str]:
    """10.1.10: the major rivers on a route that no unit of this stack (units moving from the same
    area this player-turn) has yet paid a CP to cross; one CP pays them for the whole stack."""
    g = data.graph()
    crossings = [
        f"{u.zone}:{a}>{b}"
        for a, b in zip([u.zone or ""] + route, route)
        if g.links[a][b] == "major"
    ]
    return [c for c in crossings if c not in state.war.bridged]


def do_move(
    state: State, unit_id: str, to: str, engineers: bool = False
) -> list[Event]:
    u = _own_unit(state, unit_id)
    if u not in movers(state, state.war.player):
        raise IllegalAction(f"{unit_id} may not move now", "seeds-of-disaster:10.1.11")
    if (to, bool(engineers)) not in move_options(state, u):
        raise IllegalAction(f"{unit_id} cannot reach {to}", "seeds-of-disaster:10.1.7")
    frm = u.zone
    route = path(state, u, to, bool(engineers))
    unpaid = _unbridged(state, u, route) if engineers else []
    if unpaid:
        state.strategic.cp[u.side] -= 1
        state.war.bridged += unpaid
    last = frm
    for area in route:
        _mark_entry(state, u, area)
        pass_through(state, u.side, last, area)
        last = area
    place(state, u, to, route[-2] if len(route) > 1 else frm)
    u.moved = True
    extra = ""
    if engineers:
        paid = "1 CP" if unpaid else "paid by its stack"
        extra = f" ({paid}: major rivers, 10.1.10)"
    return [
        Event(
            "move",
            f"{_name(u)} {frm} -> {to}{extra}",
            {"unit": u.id, "from": frm, "to": to, "path": [frm, *route]},
        )
    ]


def _mark_entry(state: State, u: Unit, area: str) -> None:
    country = data.areas()[area].country
    if u.side == "german" and country in NEUTRALS and country not in state.war.entered:
        state.war.entered.append(country)


def sr_options(state: State, u: Unit) -> list[str]:
    """11.0: from an area not next to the enemy, to any friendly area reached without entering enemy areas."""
    if not _free(u) or not u.zone:
        return []
    g = data.graph()
    enemy = enemy_areas(state, u.side)  # found once for the whole search
    if any(b in enemy for b in g.neighbours(u.zone)):
        return []
    seen = {u.zone}
    stack = [u.zone]
    while stack:
        a = stack.pop()
        for b in g.neighbours(a):
            if (
                b not in seen
                and b not in enemy
                and may_enter_country(state, u, b)
            ):
                seen.add(b)
                stack.append(b)
    seen.discard(u.zone)
    return sorted(
        a for a in seen if state.control.get(a) == u.side and _can_end(state, u, a)
    )


def do_sr(state: State, unit_id: str, to: str) -> list[Event]:
    u = _own_unit(state, unit_id)
    if to not in sr_options(state, u):
        raise IllegalAction(
            f"{unit_id} cannot redeploy to {to}", "seeds-of-disaster:11.0"
        )
    paid = state.war.free_sr_used
    if paid:
        if state.strategic.cp[u.side] < 1:
            raise IllegalAction(
                "a further Strategic Redeployment costs 1 CP", "seeds-of-disaster:6.2.1"
            )
        state.strategic.cp[u.side] -= 1
    state.war.free_sr_used = True
    frm = u.zone
    _mark_entry(state, u, to)
    place(state, u, to, frm)
    u.moved = True
    cost = "1 CP" if paid else "free"
    return [
        Event(
            "move",
            f"{_name(u)} redeploys {frm} -> {to} ({cost}, 11.0)",
            {"unit": u.id, "from": frm, "to": to},
        )
    ]


def reserve_ok(state: State, u: Unit) -> bool:
    """6.2.2 and 2.3.2: a corps on the map into the Reserve for 1 CP, not twice in a turn."""
    turn = state.war.week
    return (
        u.box == "map"
        and is_corps(u)
        and not u.moved
        and not u.held_by
        and u.reserve_turn != turn
        and state.strategic.cp[u.side] >= 1
    )


def do_reserve(state: State, unit_id: str) -> list[Event]:
    u = _own_unit(state, unit_id)
    if not reserve_ok(state, u):
        raise IllegalAction(
            f"{unit_id} may not go into the Reserve now", "seeds-of-disaster:2.3.2"
        )
    state.strategic.cp[u.side] -= 1
    frm = u.zone
    u.box, u.zone, u.moved, u.reserve_turn = "reserve", None, True, state.war.week
    return [
        Event(
            "move",
            f"{_name(u)} leaves {frm} for the Reserve (1 CP, 6.2.2)",
            {"unit": u.id, "from": frm},
        )
    ]


def deploy_options(state: State, u: Unit) -> list[str]:
    """2.3.2 f: from the Reserve to an area within 2 of a friendly unit, no enemy between."""
    if (
        u.box != "reserve"
        or u.kind in AIR
        or u.reserve_turn == state.war.week
        or u.moved
    ):
        return []
    g = data.graph()
    friends = {
        x.zone
        for x in state.units.values()
        if x.side == u.side and x.box == "map" and x.zone
    }
    out: set[str] = set()
    for f in friends:
        for b in g.neighbours(f) + [f]:
            if enemy_in(state, b, u.side):
                continue
            out.add(b)
            for c in g.neighbours(b):
                if not enemy_in(state, c, u.side):
                    out.add(c)
    return sorted(
        a for a in out if may_enter_country(state, u, a) and _can_end(state, u, a)
    )


def do_deploy(state: State, unit_id: str, to: str) -> list[Event]:
    u = _own_unit(state, unit_id)
    if to not in deploy_options(state, u):
        raise IllegalAction(
            f"{unit_id} cannot deploy to {to}", "seeds-of-disaster:2.3.2"
        )
    _mark_entry(state, u, to)
    place(state, u, to)
    u.moved, u.reserve_turn = True, state.war.week
    return [
        Event(
            "move",
            f"{_name(u)} deploys from the Reserve to {to} (2.3.2)",
            {"unit": u.id, "to": to},
        )
    ]


def poise_options(state: State, u: Unit) -> list[str]:
    """9.2.2: a mobile corps in an army's area joins its Poised Forces box."""
    if u.box != "map" or not is_corps(u) or not mobile(u) or not u.zone or u.held_by:
        return []
    return [
        a.id
        for a in state.in_zone(u.zone)
        if a.side == u.side and is_army(a) and not a.disrupted
    ]


def do_poise(state: State, unit_id: str, army: str) -> list[Event]:
    u = _own_unit(state, unit_id)
    if army not in poise_options(state, u):
        raise IllegalAction(
            f"{unit_id} cannot be poised with {army}", "seeds-of-disaster:9.2.2"
        )
    u.box, u.army = "poised", army
    return [
        Event(
            "move",
            f"{_name(u)} is poised with {army} (9.2)",
            {"unit": u.id, "army": army},
        )
    ]


def do_columnar(state: State, unit_id: str) -> list[Event]:
    """A poised corps steps out into its army's area as a columnar unit (9.1)."""
    u = _own_unit(state, unit_id)
    if u.box != "poised" or not u.army:
        raise IllegalAction(f"{unit_id} is not poised", "seeds-of-disaster:9.2")
    army = state.units[u.army]
    u.box, u.army, u.zone = "map", None, army.zone
    return [
        Event(
            "move",
            f"{_name(u)} leaves the Poised Forces of {army.id}: columnar in {u.zone} (9.1)",
            {"unit": u.id},
        )
    ]


def _own_unit(state: State, unit_id: object) -> Unit:
    if not isinstance(unit_id, str) or unit_id not in state.units:
        raise IllegalAction(f"no unit {unit_id!r}", "seeds-of-disaster:2.2")
    u = state.units[unit_id]
    if u.side != state.war.player and state.strategic.ds == "hostilities":
        raise IllegalAction(f"{unit_id} is not yours", "seeds-of-disaster:3.1.5")
    return u


def _name(u: Unit) -> str:
    return (
        data.counter(u.id).name
        if u.nation == "german"
        else f"{data.counter(u.id).name} ({u.nation})"
    )


# ---- the prewar Movement Segments (10.1.2-10.1.5, 9.2.1, 2.3.2), called by the prewar turns


def _home_mcs(u: Unit) -> list[str]:
    home = data.HOME[u.nation]
    return [a for a, info in data.areas().items() if info.mc and info.country == home]


def prewar_destinations(state: State, unit_id: str) -> list[str]:
    u = state.units.get(unit_id)
    if u is None or u.kind == "westwall" or u.kind in AIR:
        return []
    ds = state.strategic.ds
    if ds == "preparations" and u.box == "map" and not (u.zone and data.areas()[u.zone].mc):
        return []  # SoP: only moves between MCs and one away from an MC (10.1.3, 10.1.4; NOTES.md)
    out: list[str] = []
    if u.box in ("mobilized", "map", "reserve", "poised"):
        out += [a for a in _home_mcs(u) if not (u.box == "map" and u.zone == a)]
    if u.box == "map" and not is_army(u):
        out.append("mobilized")  # 10.1.2; an army once on the map stays there (10.1.6)
    if u.box == "map" and ds in ("preparations", "belligerence") and u.zone:
        if ds == "preparations":
            if u.zone in _home_mcs(u):
                out += [
                    a
                    for a, info in data.areas().items()
                    if info.country == data.HOME[u.nation]
                    and not enemy_in(state, a, u.side)
                ]
        else:
            out += list(reach(state, u))
    if (
        ds == "belligerence"
        and is_corps(u)
        and u.box in ("map", "mobilized")
        and u.reserve_turn != _turn(state)
    ):
        out.append("reserve")  # 2.3.2 b
    if (
        ds == "belligerence"
        and is_corps(u)
        and mobile(u)
        and u.box in ("map", "mobilized", "reserve")
    ):
        out += [
            f"poised:{a.id}"
            for a in state.units.values()
            if a.side == u.side and is_army(a) and a.box == "map"
        ]
    if u.box == "reserve" and ds == "belligerence" and u.reserve_turn != _turn(state):
        pass  # may leave the Reserve for an MC: listed above
    seen: list[str] = []
    for d in out:
        if d not in seen and (
            d in ("mobilized", "reserve")
            or d.startswith("poised:")
            or _prewar_end_ok(state, u, d)
        ):
            seen.append(d)
    return seen


def _turn(state: State) -> int:
    return state.strategic.year * 100 + state.strategic.month


def _prewar_end_ok(state: State, u: Unit, area: str) -> bool:
    return (
        not enemy_in(state, area, u.side)
        and may_enter_country(state, u, area)
        and _can_end(state, u, area)
    )


def crosses_border(state: State, unit_id: str, dest: str) -> bool:
    """12.0: Germans into the Low Countries or France, or the French into Germany, start the war."""
    u = state.units[unit_id]
    if dest not in data.areas():
        return False
    country = data.areas()[dest].country
    return (u.side == "german" and country != "G") or (
        u.side == "allied" and country == "G"
    )


def prewar_move(state: State, unit_id: str, dest: str) -> list[Event]:
    if not isinstance(unit_id, str) or unit_id not in state.units:
        raise IllegalAction(f"no unit {unit_id!r}", "seeds-of-disaster:2.2")
    if not isinstance(dest, str) or dest not in prewar_destinations(state, unit_id):
        raise IllegalAction(
            f"{unit_id} may not go to {dest!r} now", "seeds-of-disaster:10.1.1"
        )
    u = state.units[unit_id]
    frm = u.zone or u.box
    if dest == "mobilized":
        u.box, u.zone, u.army = "mobilized", None, None
    elif dest == "reserve":
        u.box, u.zone, u.army, u.reserve_turn = "reserve", None, None, _turn(state)
    elif dest.startswith("poised:"):
        army = dest.split(":", 1)[1]
        u.box, u.army, u.zone = "poised", army, state.units[army].zone
    else:
        if u.box == "reserve":
            u.reserve_turn = _turn(state)
        _mark_entry(state, u, dest)
        place(state, u, dest)
    return [
        Event(
            "move",
            f"{_name(u)} {frm} -> {dest}",
            {"unit": u.id, "from": frm, "to": dest},
        )
    ]
