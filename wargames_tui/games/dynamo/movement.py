"""Movement (9.0, 6.4-6.5, 7.0), Blitz assaults (12.0), force marches (14.0), Kampfgruppen and
the 3rd Division's recce (15.0), reinforcements and re-entry (19.6, 21.0), overland evacuation
(20.3) and the German withdrawals (20.1).

A player picks up a stack (or one unit) and moves it hex by hex until he sets it down (7.4):
that stack is the Group of the state. Each unit pays its own movement points.
"""

from __future__ import annotations

import heapq
from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.dynamo import combat
from wargames_tui.games.dynamo.board import KORPS, Board
from wargames_tui.games.dynamo.state import Group, State


def side_now(state: State) -> str:
    return "german" if state.phase.startswith("german") or state.phase == "luftwaffe" else "allied"


def step_cost(b: Board, side: str, a: str, c: str, moto: bool, oos: bool) -> int | None:
    """Movement points to go from a to the adjacent hex c (9.3, 9.5, 6.4, 6.5), or None if barred."""
    if c not in b.m.terrain or (b.owner(c) not in (None, side) and b.real_at(c)):
        return None
    terrain = b.terrain(c)
    if terrain == "marsh" and moto:
        return None
    ezoc = b.ezoc(side)
    if oos and a in ezoc and c in ezoc:
        return None
    cost = 3 if terrain == "marsh" else 1
    if b.barrier(a, c) and "urban" not in (b.terrain(a), terrain):
        cost += 1
    return cost + (a in ezoc) + (c in ezoc)


def group_left(b: Board, group: Group) -> int:
    return min(b.left(u) for u in b.real(group.units))


def reach(b: Board, group: Group, target: str | None = None) -> dict[str, tuple[int, str | None]]:
    """Every hex the group can reach with its points: hex -> (cost, previous hex); with a target,
    the search stops once the target's cost is final. The costs are step_cost's, written out here
    because this is the hottest loop of a playout."""
    side = b.side_of(group.units[0])
    real = b.real(group.units)
    moto = any(b.unit(u).moto for u in real)
    oos = any(b.state.units[u].oos for u in real)
    budget = group_left(b, group)
    weight = sum(b.unit(u).stacking for u in group.units)
    room = b.g.rules.stacking_limit - weight
    terrain, barriers, neighbours = b.m.terrain, b.m.barriers, b.m.neighbours
    ezoc = b.ezoc(side)
    foe = b.enemy_hexes(side)
    points = b.points_of(side)
    if group.hex in points:
        points[group.hex] = b.stacking(group.hex, side, group.units)
    best: dict[str, tuple[int, str | None]] = {group.hex: (0, None)}
    queue = [(0, group.hex)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here][0]:
            continue
        if here == target:
            break
        here_zone = here in ezoc
        here_urban = terrain[here] == "urban"
        for n in neighbours[here]:
            if n in foe or points.get(n, 0) > room:
                continue
            t = terrain[n]
            if t == "marsh" and moto:
                continue
            n_zone = n in ezoc
            if oos and here_zone and n_zone:
                continue
            total = spent + (3 if t == "marsh" else 1) + here_zone + n_zone
            if not here_urban and t != "urban" and frozenset((here, n)) in barriers:
                total += 1
            if total <= budget and total < best.get(n, (budget + 1, None))[0]:
                best[n] = (total, here)
                heapq.heappush(queue, (total, n))
    return best


def destinations(b: Board, group: Group, target: str | None = None) -> dict[str, int]:
    """Hexes the group may move to and what it costs; a unit that has not moved may always
    step to an adjacent hex for all its points (9.4). With a target, only it is sure to be
    listed (at its true cost) if it is a destination."""
    found = {h: c for h, (c, _) in reach(b, group, target).items() if h != group.hex}
    fresh = not group.entered and all(b.state.units[u].spent == 0 for u in b.real(group.units))
    if fresh:
        side = b.side_of(group.units[0])
        real = b.real(group.units)
        moto = any(b.unit(u).moto for u in real)
        oos = any(b.state.units[u].oos for u in real)
        weight = sum(b.unit(u).stacking for u in group.units)
        for n in b.m.neighbours[group.hex]:
            if n in found or step_cost(b, side, group.hex, n, moto, oos) is None:
                continue
            if b.stacking(n, side, group.units) + weight <= b.g.rules.stacking_limit:
                found[n] = group_left(b, group)
    return {h: c for h, c in found.items() if force_march_ok(b, group, h, c)}


def force_march_ok(b: Board, group: Group, h: str, cost: int) -> bool:
    """A 2nd Panzer force-marching on turn 1 may use points beyond its printed ten only to end
    within one hex of a coastal hex (14.2); every such move must end there, so it can always stop."""
    s = b.state
    if s.force_march != "2pz":
        return True
    mine = [u for u in group.units if u == "g-2pz" or b.unit(u).parent == "g-2pz"]
    if not mine or all(s.units[u].spent + cost <= b.unit(u).move for u in mine):
        return True
    if h in near_coast(b):
        return True
    # Broken down, one Kampfgruppe by the coast lets the other end within two hexes of it.
    others = [k for k in ("g-2pz-a", "g-2pz-b") if k not in group.units and s.units[k].where == "map"]
    return any(s.units[k].hex in near_coast(b) and b.m.grid.distance(h, s.units[k].hex) <= 2 for k in others)  # type: ignore[arg-type]


def near_coast(b: Board) -> set[str]:
    return {h for c in b.m.coastal for h in (c, *b.m.neighbours[c])}


# --- picking up and setting down ----------------------------------------------------
def pickable(b: Board, side: str) -> list[dict[str, Any]]:
    """Pick up one unit, or every unmoved unit of a hex together (7.4, 9.7)."""
    return [a for h in sorted(b.hexes_of(side)) for a in pickable_at(b, h)]


def pickable_at(b: Board, h: str) -> list[dict[str, Any]]:
    """What pickable lists for the units in h, a hex of the side to move."""
    s = b.state
    free = [u for u in b.real_at(h) if not s.units[u].done and u not in s.stuck and b.allowance(u) > 0]
    acts: list[dict[str, Any]] = [{"type": "pick", "units": [u]} for u in free]
    if len(free) > 1:
        acts.append({"type": "pick", "units": free})
    return acts


def pick(state: State, units: Any) -> list[Event]:
    b = Board(state)
    side = side_now(state)
    if not isinstance(units, list) or not units or not all(isinstance(u, str) and u in state.units for u in units):
        raise IllegalAction("name the units to pick up", "dynamo:9.7")
    hexes = {state.units[u].hex for u in units}
    if len(hexes) != 1 or any(state.units[u].where != "map" or b.side_of(u) != side or b.unit(u).dummy for u in units):
        raise IllegalAction("pick up real units of your own from one hex", "dynamo:9.7")
    if any(state.units[u].done or u in state.stuck for u in units):
        raise IllegalAction("a unit whose move is finished may not move again", "dynamo:7.4")
    if len(set(units)) != len(units) or any(b.allowance(u) <= 0 for u in units):
        raise IllegalAction("each unit once, and only units with movement points", "dynamo:9.1")
    h = hexes.pop()
    assert h is not None
    state.group = Group(list(units), h, h)
    return [
        Event("pick", f"{len(units)} counter(s) at {h} picked up to move", {"hex": h}),
        Event("pick", f"Moving {_names(b, units)}", {"units": list(units)}, only=side),
    ]


def tag_along(state: State, b: Board) -> None:
    """Dummies left alone when their stack moves off go with it (11.3, 11.4). `b`: the state's
    board as the stack sets off."""
    group = state.group
    assert group is not None
    here = b.at.get(group.start, [])
    if not [u for u in b.real(here) if u not in group.units]:
        group.units += [d for d in here if b.unit(d).dummy and d not in group.units]


def move(state: State, target: Any) -> list[Event]:
    b = Board(state)
    group = state.group
    assert group is not None
    options = destinations(b, group, target) if isinstance(target, str) else {}
    if not isinstance(target, str) or target not in options:
        raise IllegalAction(f"the stack cannot reach {target!r} with its movement points", "dynamo:9.1")
    cost = options[target]
    start = group.hex
    if group.hex == group.start:
        tag_along(state, b)
    for u in group.units:
        state.units[u].spent += cost
        combat.move_to(state, u, target)
    group.hex = target
    # No cost in words: the cheapest way can turn on the stacking (7.0) of friendly counters the enemy
    # may not identify (11.0); the mover reads the points left in its view.
    return [Event("move", f"{_public_name(Board(state), group.units)} {start} -> {target}", {"hex": target, "from": start})]


def _names(b: Board, units: list[str]) -> str:
    return "+".join(b.unit(u).short for u in b.real(units))


def _public_name(b: Board, units: list[str]) -> str:
    """A moving stack as the other side sees it: its top counter and how many lie beneath (11.2)."""
    ordered = sorted(units, key=lambda u: b.state.units[u].top)
    top = b.unit(ordered[-1]).short if ordered else "?"
    return top if len(ordered) == 1 else f"{top} (stack of {len(ordered)})"


def halt(state: State) -> list[Event]:
    group = state.group
    assert group is not None
    for u in group.units:
        state.units[u].done = True
    state.group = None
    return [Event("halt", f"The moving stack stops at {group.hex}", {"hex": group.hex})]


# --- Blitz (12.0) ----------------------------------------------------------------
def blitz_targets(b: Board, group: Group) -> list[str]:
    if not can_blitz(b, group):
        return []
    out = []
    for t in b.m.neighbours[group.hex]:
        if b.owner(t) == "allied" and b.real_at(t) and b.terrain(t) != "marsh":
            cost, needed = blitz_cost(b, group, t)
            if needed <= group_left(b, group) and force_march_ok(b, group, group.hex, cost) and force_march_ok(b, group, t, cost):
                out.append(t)
    return out


def can_blitz(b: Board, group: Group) -> bool:
    """German moto-mech in supply, led by a panzer or Kampfgruppe, stacked together since the
    phase began (12.1, 12.8, 12.12, 12.13, 5.12)."""
    real = b.real(group.units)
    if b.side_of(real[0]) != "german":
        return False
    if not all(b.unit(u).moto and not b.state.units[u].oos for u in real):
        return False
    return any(b.unit(u).type in ("panzer", "kg") for u in real)


def blitz_cost(b: Board, group: Group, target: str) -> tuple[int, int]:
    """(points it will cost, points needed to launch): one to enter, one more over a water barrier,
    and three for the assault, fewer at 5-1 and better when the odds are known for sure (12.3-12.7)."""
    enter = 1 + (1 if b.barrier(group.hex, target) else 0)
    real = b.real(group.units)
    defenders = b.real_at(target)
    attack = sum(b.attack(u) for u in real)
    air = sum(b.state.air.get(u, 0) for u in real)
    defence = sum(combat.defence_of(b, d, real, air) for d in defenders)
    ratio = combat.odds_ratio(attack, max(defence, 1))[0] if attack >= defence else 0
    extra = 3 if ratio < 5 else {5: 2, 6: 1}.get(ratio, 0)
    if extra == 0:
        others = [h for h in b.m.neighbours[target] if h != target and b.owner(h) == "allied" and b.real_at(h)]
        extra = 1 if others else 0
    known = len(b.at.get(target, [])) == 1 or all(u in b.state.revealed for u in b.at.get(target, []))
    return enter + extra, enter + (extra if known else 3)


def blitz(state: State, target: Any, dice: Dice) -> list[Event]:
    b = Board(state)
    group = state.group
    assert group is not None
    if not isinstance(target, str) or target not in blitz_targets(b, group):
        raise IllegalAction(f"the stack cannot Blitz {target!r}", "dynamo:12.3")
    if group.hex == group.start:
        tag_along(state, b)
    real = b.real(group.units)
    cost = blitz_cost(b, group, target)[0]  # any excess over the launch points comes back (12.5)
    events = [Event("blitz", f"Blitz on {target} from {group.hex} ({cost} MP)", {"hex": target, "cost": cost})]
    for u in group.units:
        state.units[u].spent += cost
    return events + combat.begin(state, "blitz", real, [target], {u: group.hex for u in real}, dice)


# --- force marches (14.2, 14.3) ---------------------------------------------------------
def force_march_options(b: Board) -> list[dict[str, Any]]:
    s = b.state
    if s.force_march or any(st.spent or st.done for st in s.units.values()) or s.group:
        return []
    out = []
    if s.turn == 1 and s.scenario == "dynamo/campaign" and s.units["g-2pz"].where == "map":
        out.append({"type": "force-march", "korps": "2pz"})
    if 2 <= s.turn <= 6 and not s.force_march_used and b.korps_whole("19"):
        out.append({"type": "force-march", "korps": "19"})
    return out


def force_march(state: State, which: Any) -> list[Event]:
    b = Board(state)
    if {"type": "force-march", "korps": which} not in force_march_options(b):
        raise IllegalAction("no such force march is open now", "dynamo:14.3")
    state.force_march = which
    if which == "19":
        state.force_march_used = True
        return [Event("note", "19th Panzer Korps force marches: +5 MP, no prepared assault or Schwerpunkt (14.3)", {})]
    return [Event("note", "2nd Panzer force marches: 20 MP, must end by the coast (14.2)", {})]


# --- Kampfgruppen (15.1-15.5) ----------------------------------------------------------
def breakdown_options(b: Board) -> list[dict[str, Any]]:
    s = b.state
    out = []
    for korps in KORPS.values():
        for d in korps:
            st = s.units[d]
            if st.where == "map" and st.step == 0 and not st.done and (s.group is None or d in s.group.units):
                out.append({"type": "break-down", "unit": d})
            a, kb = f"{d}-a", f"{d}-b"
            sa, sb = s.units[a], s.units[kb]
            if sa.where == sb.where == "map" and sa.hex == sb.hex and sa.step == 0 and not (sa.done and sb.done):
                in_group = s.group is not None and (a in s.group.units or kb in s.group.units)
                if s.group is None or (in_group and a in s.group.units and kb in s.group.units):
                    out.append({"type": "reform", "unit": d})
    return out


def breakdown(state: State, action: dict[str, Any]) -> list[Event]:
    b = Board(state)
    if action not in breakdown_options(b):
        raise IllegalAction("that division cannot break down or reform now", "dynamo:15.1")
    d = action["unit"]
    a, kb = f"{d}-a", f"{d}-b"
    group = state.group
    if action["type"] == "break-down":
        st = state.units[d]
        st_hex = st.hex
        for k in (a, kb):
            ks = state.units[k]
            ks.where, ks.hex, ks.step, ks.spent, ks.done, ks.oos = "map", st.hex, 0, st.spent, st.done, st.oos
            state.order += 1
            ks.top = state.order
        air = state.air.pop(d, 0)
        if air:
            state.air[a] = air
        st.where, st.hex = "spare", None
        if group is not None and d in group.units:
            group.units[group.units.index(d)] = a
            group.units.append(kb)
        combat.inherit(state, [d], [a, kb])
        return [Event("note", f"{b.unit(d).short} breaks down into Kampfgruppen at {st_hex} (15.2)", {"unit": d})]
    sa, sb, st = state.units[a], state.units[kb], state.units[d]
    st.where, st.hex, st.step, st.spent, st.done, st.oos = "map", sa.hex, 0, max(sa.spent, sb.spent), sa.done or sb.done, sa.oos or sb.oos
    state.order += 1
    st.top = state.order
    air = state.air.pop(a, 0) + state.air.pop(kb, 0)
    if air:
        state.air[d] = air
    sa.where = sb.where = "spare"
    sa.hex = sb.hex = None
    if group is not None:
        group.units = [u for u in group.units if u not in (a, kb)] + [d]
    combat.inherit(state, [a, kb], [d])
    return [Event("note", f"{b.unit(d).short} reforms (15.3)", {"unit": d})]


# --- the 3rd Division's recce (15.6) ---------------------------------------------------------
def recce_options(b: Board) -> list[dict[str, Any]]:
    s = b.state
    if s.recce_done or s.group is not None or any(s.units[u].spent or s.units[u].done for u in b.units_of("allied")):
        return []
    div, rec = s.units["b-3"], s.units["b-3recce"]
    if div.where == "map" and div.step == 0 and rec.where == "spare":
        return [{"type": "detach-recce"}]
    if div.where == rec.where == "map" and div.hex == rec.hex and div.step == 1:
        return [{"type": "rejoin-recce"}]
    return []


def recce(state: State, action: dict[str, Any]) -> list[Event]:
    b = Board(state)
    if action not in recce_options(b):
        raise IllegalAction("the 3rd Division's recce cannot do that now", "dynamo:15.6")
    div, rec = state.units["b-3"], state.units["b-3recce"]
    state.recce_done = True
    if action["type"] == "detach-recce":
        div.step = 1
        rec.where, rec.hex, rec.step = "map", div.hex, 0
        state.order += 1
        rec.top = state.order
        return [Event("note", "3rd Division detaches its recce (15.6)", {})]
    div.step = 0
    rec.where, rec.hex = "spare", None
    return [Event("note", "3rd Division takes back its recce (15.6)", {})]


# --- entering the map (19.6, 21.0) --------------------------------------------------------
def entry_hexes(b: Board, uid: str) -> list[str]:
    s = b.state
    u = b.unit(uid)
    st = s.units[uid]
    side = u.side
    if st.where == "off":
        hexes = b.german_edge() if st.edge == "german" else b.allied_edges().get(st.edge or "", [])
    else:
        hexes = b.g.edge([u.entry]) if u.entry else []  # type: ignore[list-item]
        if u.port_entry and s.turn == u.turn:
            hexes = [h for h in b.m.ports() if b.port_open(h)]  # 21.2, 21.6
    limit = b.g.rules.stacking_limit
    return [
        h for h in hexes
        if not (b.owner(h) not in (None, side) and b.real_at(h))  # 21.5
        and not (u.moto and b.terrain(h) == "marsh")
        and b.stacking(h, side) + u.stacking <= limit
    ]


def waiting(b: Board, side: str) -> list[str]:
    s = b.state
    out = []
    for uid, st in s.units.items():
        u = b.unit(uid)
        if u.side != side or u.dummy:
            continue
        if st.where == "pool" and u.turn is not None and u.turn <= s.turn or st.where == "off" and st.edge in ("german", "belgian"):
            out.append(uid)
    return out


def entry_options(b: Board, side: str) -> list[dict[str, Any]]:
    return [{"type": "enter", "unit": u, "hex": h} for u in waiting(b, side) for h in entry_hexes(b, u)]


def enter(state: State, uid: Any, h: Any) -> list[Event]:
    b = Board(state)
    if not isinstance(uid, str) or uid not in waiting(b, side_now(state)) or h not in entry_hexes(b, uid):
        raise IllegalAction("that unit cannot enter there now", "dynamo:21.1")
    st = state.units[uid]
    st.where, st.spent, st.done, st.oos, st.edge = "map", 1, False, False, None  # 21.3: one point to enter; 21.5
    combat.move_to(state, uid, h)
    state.group = Group([uid], h, h, entered=True)
    return [Event("enter", f"{b.unit(uid).short} enters at {h}", {"unit": uid, "hex": h})]


# --- leaving the map: overland evacuation (20.3) and German withdrawal (20.1) -------------
def exit_kind(b: Board, group: Group) -> str | None:
    s = b.state
    real = b.real(group.units)
    side = b.side_of(real[0])
    if group_left(b, group) < 1:
        return None
    if side == "allied" and group.hex in b.g.edge(b.g.rules.edges.allied_south):
        return "evacuate"
    owed = side == "german" and s.turn in b.g.rules.edges.withdrawal_turns and not s.withdrawn_this_turn
    if owed and len(real) == 1 and withdrawable(b, real[0]) and group.hex in withdrawal_hexes(b):
        return "withdraw"
    return None


def withdrawable(b: Board, uid: str) -> bool:
    return b.unit(uid).type == "infantry" and b.unit(uid).side == "german" and b.state.units[uid].step == 0 and b.state.units[uid].where == "map"


def withdrawal_hexes(b: Board) -> list[str]:
    """2221-2621, or if all of it is blocked the nearest passable German edge hex (20.1)."""
    stretch = b.g.edge(b.g.rules.edges.withdrawal)
    open_ = [h for h in stretch if b.passable("german", h)]
    if open_:
        return stretch
    others = [h for h in b.german_edge() if b.passable("german", h)]
    if not others:
        return []
    gap = min(min(b.m.grid.distance(h, x) for x in stretch) for h in others)
    return [h for h in others if min(b.m.grid.distance(h, x) for x in stretch) == gap]


def leave(state: State) -> list[Event]:
    b = Board(state)
    group = state.group
    assert group is not None
    kind = exit_kind(b, group)
    if kind is None:
        raise IllegalAction("the stack cannot leave the map here", "dynamo:20.3")
    events = []
    for u in group.units:
        st = state.units[u]
        if b.unit(u).dummy:
            st.where, st.hex = "pool", None
            continue
        st.where, st.hex = ("evacuated" if kind == "evacuate" else "withdrawn"), None
        events.append(Event(kind, f"{b.unit(u).short} {'evacuated overland' if kind == 'evacuate' else 'withdrawn'} at {group.hex}", {"unit": u}))
    if kind == "withdraw":
        state.withdrawn_this_turn = True
    state.group = None
    return events
