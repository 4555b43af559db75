"""The German turn, played by the game one step at a time (dieppe:4 D, 6, 8, 9.3, 11.1).

Each call of `step` does one thing a player can watch in the log: one stack fires,
one stack moves, or the reinforcements are rolled and the turn ends.
"""

from __future__ import annotations

import heapq

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.dieppe.effects import d10, place
from wargames_tui.games.dieppe.firing import resolve_fire, targets_in
from wargames_tui.games.dieppe.german import Stack, fire_order, fire_targets, movement_goal, movement_order
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.state import State
from wargames_tui.games.dieppe.tables import german_mp, next_entry_zone, reinforcements

TWO_ACTIONS = 6  # from this alarm level each German unit fires and moves (dieppe:6, 7)


def step(state: State, dice: Dice, events: list[Event]) -> bool:
    """One German step; returns True when the German phase is over."""
    if state.german_stage == "fire":
        if _fire_step(state, dice, events):
            return False
        state.german_stage = "move"
    if state.german_stage == "move":
        if _move_step(state, dice, events):
            return False
        state.german_stage = "reinforce"
    _reinforce(state, dice, events)
    return True


def _pick(stacks: list[Stack], dice: Dice) -> Stack:
    """The first of stacks already in priority order; a tie is settled with a die (dieppe:11.1)."""
    first = [s for s in stacks if s.levels == stacks[0].levels]
    if len(first) == 1:
        return first[0]
    zone = dice.choice(sorted(s.zone for s in first))
    return next(s for s in first if s.zone == zone)


# --- fire (dieppe:11.1) -------------------------------------------------------------------
def _british_targets(pos: Position, zone: str) -> list[Stack]:
    out = []
    for n in pos.neighbours(zone):
        units = targets_in(pos, n, "british")
        if units:
            levels = pos.british_levels(n) if pos.is_land(n) else len(units)
            out.append(Stack(n, levels))
    return out


def _fresh(pos: Position, zone: str) -> list[str]:
    return [u for u in pos.germans(zone) if not pos.state.units[u].done]


def ready_to_fire(pos: Position) -> list[Stack]:
    """German stacks with a fresh unit that can fire and British next to them, in fire order (dieppe:11.1)."""
    ready = []
    for zone in pos.german_zones():
        fresh = _fresh(pos, zone)
        front = pos.front(fresh)
        if front and pos.rating(front).ff > 0 and _british_targets(pos, zone):
            ready.append(Stack(zone, sum(pos.levels(u) for u in pos.germans(zone))))
    return fire_order(ready)


def fire_choices(pos: Position) -> list[tuple[Stack, list[Stack]]]:
    """The stacks that may fire next (more than one: a die picks), each with the targets it may pick from."""
    ready = ready_to_fire(pos)
    return [(s, fire_targets(_british_targets(pos, s.zone))) for s in ready if s.levels == ready[0].levels]


def _fire_step(state: State, dice: Dice, events: list[Event]) -> bool:
    pos = Position(state)
    ready = ready_to_fire(pos)
    if not ready:
        return False
    shooter = _pick(ready, dice)
    target = _pick(fire_targets(_british_targets(pos, shooter.zone)), dice)
    units = _fresh(pos, shooter.zone)
    resolve_fire(state, units, target.zone, dice, events)  # the stack's modifiers count while it fires
    for u in units:  # then it is Alles gemacht (dieppe:6, 11.1)
        state.units[u].done = True
        state.units[u].actions.append("fire")
    return True


# --- movement (dieppe:9.3) -------------------------------------------------------------
def _may_move(pos: Position, uid: str) -> bool:
    s = pos.state.units[uid]
    if pos.rating(uid).mp == 0 or uid in pos.state.german_moved:
        return False
    return not s.done or pos.state.alarm >= TWO_ACTIONS


def _next_to_british(pos: Position, zone: str) -> bool:
    return any(targets_in(pos, n, "british") for n in pos.neighbours(zone) if pos.is_land(n))


def _open(pos: Position, zone: str) -> bool:
    """German movement goes round markers, mines, wire and the British (dieppe:4, 9.3)."""
    return pos.is_land(zone) and zone not in pos.state.markers and not targets_in(pos, zone, "british")


def _paths(pos: Position, start: str) -> tuple[dict[str, int], dict[str, str]]:
    """Cheapest MP to every zone the Germans may cross, and the way back (dieppe:9.3)."""
    costs, back = {start: 0}, {}
    heap = [(0, start)]
    while heap:
        cost, zone = heapq.heappop(heap)
        if cost > costs[zone]:
            continue
        for n in pos.neighbours(zone):
            kind = pos.raid.graph.kind(zone, n)
            if kind.name not in ("road", "track") or not _open(pos, n):
                continue
            c = cost + (kind.cost or 0)
            if c < costs.get(n, 1 << 30):
                costs[n], back[n] = c, zone
                heapq.heappush(heap, (c, n))
    return costs, back


def ready_to_move(pos: Position) -> list[Stack]:
    """German stacks with a unit that may still move and no British next to them, in movement order (dieppe:9.3)."""
    ready = []
    for zone in pos.german_zones():
        movers = [u for u in pos.germans(zone) if _may_move(pos, u)]
        if movers and not _next_to_british(pos, zone):
            ready.append(Stack(zone, sum(pos.levels(u) for u in pos.germans(zone))))
    return movement_order(ready)


def _move_step(state: State, dice: Dice, events: list[Event]) -> bool:
    pos = Position(state)
    ready = ready_to_move(pos)
    if not ready:
        return False
    stack = _pick(ready, dice)
    movers = [u for u in pos.germans(stack.zone) if _may_move(pos, u)]
    state.german_moved += movers
    for u in movers:
        state.units[u].done = True
        if "move" not in state.units[u].actions:
            state.units[u].actions.append("move")
    _, path = route(pos, stack.zone, dice)
    if not path:
        events.append(Event("move", f"Germans at {pos.raid.zones[stack.zone].name} have nowhere to go (dieppe:9.3)"))
        return True
    _walk(state, pos, movers, stack.zone, path, events)
    return True


def route(pos: Position, start: str, dice: Dice) -> tuple[Stack | None, list[str]]:
    """The stack a German stack heads for and the zones toward it: the nearest friends below
    alarm 6, the nearest British from 6; nearest by MP, then the biggest (dieppe:9.3)."""
    costs, back = _paths(pos, start)
    if pos.state.alarm < TWO_ACTIONS:
        goals = [Stack(z, pos.german_levels(z)) for z in pos.german_zones() if z != start and z in costs]
        ends = {s.zone: s.zone for s in goals}
        dist = {s.zone: costs[s.zone] for s in goals}
    else:
        goals, ends, dist = [], {}, {}
        for z in pos.british_zones(land_only=True):
            if not targets_in(pos, z, "british"):
                continue
            best = None
            for n in pos.neighbours(z):
                kind = pos.raid.graph.kind(z, n)
                if n in costs and kind.name in ("road", "track"):
                    d = costs[n] + (kind.cost or 0)
                    if best is None or (d, n) < best:
                        best = (d, n)
            if best:
                goals.append(Stack(z, pos.british_levels(z)))
                dist[z], ends[z] = best
    chosen = movement_goal(dist, goals)
    if not chosen:
        return None, []
    goal = _pick(chosen, dice) if len(chosen) > 1 else chosen[0]
    end = ends[goal.zone]
    path = []
    while end != start:
        path.append(end)
        end = back[end]
    return goal, path[::-1]


def _walk(state: State, pos: Position, movers: list[str], start: str, path: list[str], events: list[Event]) -> None:
    mp = min(_allowance(pos, u, movers) for u in movers)
    here, trail = start, [start]
    for zone in path:
        cost = pos.raid.graph.kind(here, zone).cost or 0
        if cost > mp:
            break
        mp -= cost
        here = zone
        trail.append(zone)
        if _next_to_british(pos, here):
            break
    if here == start:
        events.append(Event("move", f"Germans at {pos.raid.zones[start].name} lack the MP to move (dieppe:9.3)"))
        return
    # The best FF go furthest; what does not fit stays in the last zone on the way with room
    # (the start always has room: they stood there) (dieppe:9.3).
    room = {z: pos.limit(z) - pos.german_levels(z) for z in trail}
    room[start] += sum(pos.levels(u) for u in movers)
    left_behind = []
    for u in sorted(movers, key=lambda u: (-pos.rating(u).ff, u)):
        stop = next(z for z in reversed(trail) if room[z] >= pos.levels(u))
        room[stop] -= pos.levels(u)
        place(state, u, stop)
        if stop != here:
            left_behind.append(f"{pos.raid.counters[u].name} in {pos.raid.zones[stop].name}")
    names = ", ".join(pos.raid.counters[u].name for u in movers)
    route = " - ".join(pos.raid.zones[z].name for z in trail)
    text = f"Germans move ({names}): {route} (dieppe:9.3)"
    if left_behind:
        text += f"; the stack being full, {', '.join(left_behind)} stay behind"
    events.append(Event("move", text, {"from": start, "to": here}))


def _allowance(pos: Position, uid: str, movers: list[str]) -> int:
    """German MP, Vorwärts! included, +1 for infantry with an officer (dieppe:9.1, 13)."""
    mp = german_mp(pos.rating(uid).mp, pos.state.options)
    officer = any(pos.kind(o) == "officer" for o in movers)
    return mp + (1 if officer and pos.kind(uid) == "infantry" else 0)


# --- reinforcements (dieppe:8) ------------------------------------------------------------
def _reinforce(state: State, dice: Dice, events: list[Event]) -> None:
    pos = Position(state)
    pool = sorted(u for u, s in state.units.items() if s.status == "pool" and pos.counter(u).start == "pool-R")
    if state.alarm < TWO_ACTIONS or not pool:
        return
    if state.pending_arrival:
        zone, count = state.pending_arrival["zone"], state.pending_arrival["count"]
        state.pending_arrival = None
    else:
        roll = d10(dice)
        arrival = reinforcements(state.alarm, roll, d10(dice), dice.roll(6)) if roll < state.alarm else None
        if arrival is None:
            events.append(Event("roll", f"Reinforcements: D10 {roll} against alarm {state.alarm}, none come (dieppe:8)"))
            return
        zone, count = _zone_of(pos, arrival.zone), arrival.count
    if _commandos_in(pos, zone):
        later = next_entry_zone(_mark(pos, zone))
        state.pending_arrival = {"zone": _zone_of(pos, later), "count": count}
        events.append(Event("move", f"Reinforcements find commandos at {pos.raid.zones[zone].name}: they come next turn at {later} (dieppe:8)"))
        return
    names = []
    room = pos.limit(zone) - pos.german_levels(zone)
    for _ in range(min(count, len(pool))):
        uid = dice.choice(pool)
        if pos.levels(uid) > room:
            break  # the rest wait in the container: stacking holds (dieppe:1.2)
        room -= pos.levels(uid)
        pool.remove(uid)
        s = state.units[uid]
        s.status, s.zone, s.done = "map", zone, True
        names.append(pos.raid.counters[uid].name)
    if not names:
        events.append(Event("move", f"Reinforcements find {pos.raid.zones[zone].name} full: none enter (dieppe:1.2, 8)"))
        return
    events.append(Event("reveal", f"Reinforcements enter at {pos.raid.zones[zone].name}: {', '.join(names)} (dieppe:8)", commit=True))


def _mark(pos: Position, zone: str) -> str:
    return next(m for m in pos.raid.zones[zone].marks if m.startswith("R"))


def _zone_of(pos: Position, mark: str) -> str:
    return next(z.id for z in pos.raid.zones.values() if mark in z.marks)


def _commandos_in(pos: Position, zone: str) -> bool:
    """Any British unit bars the zone: the two sides share one only in an assault (dieppe:2.2, 8)."""
    return bool(targets_in(pos, zone, "british"))
