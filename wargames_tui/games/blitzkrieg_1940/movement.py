"""Movement (13.0): ordinary moves with zones of control and river crossings, strategic
movement (13.16), sea movement (13.11) and entry from the strategic reserve (12.0).
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.paths import Reach, movement_range
from wargames_tui.games.blitzkrieg_1940.position import ENEMY, Position
from wargames_tui.games.blitzkrieg_1940.state import State

C = "blitzkrieg-1940:"
ENTRY = "SR"  # the virtual start of a unit entering from off the map
FLEXIBLE = ("gb-51", "gb-bauman")  # may stack with French units (11.4)


# --- the cost of a step ------------------------------------------------------------------
def exempt_from_ezoc(pos: Position, uids: Iterable[str]) -> bool:
    """German mechanized units ignore Allied zones of control in 1940 (9.6)."""
    return pos.y1940 and all(pos.b.units[u].side == "german" and pos.b.units[u].mech for u in uids)


def allowance(pos: Position, uid: str) -> int:
    """MPs this phase: the printed MF, at most 4 out of supply (10.3A)."""
    mf = pos.steps_of(uid)[2]
    if mf > 4 and pos.s.units[uid].status == "map" and not pos.supplied(uid):  # at 4 or less supply cannot matter
        return min(mf, 4)
    return mf


def stack_allowance(pos: Position, uids: list[str]) -> int:
    """A stack moves at its slowest real unit's pace (11.7C); dummies keep up with the fastest (6.3C).
    Units of a halted stack go on with the MPs they have left (11.7A)."""
    real = [u for u in uids if not pos.b.units[u].dummy]
    left = pos.s.left
    return min(left[u] if u in left else allowance(pos, u) for u in real)


def halted(pos: Position, uids: list[str]) -> bool:
    """Whether the stack is (part of) a stack that halted on its way to let units split off (11.7A)."""
    return any(u in pos.s.left for u in uids)


def close_halted(state: State) -> None:
    """Once another stack starts moving, a halted one may not go on (11.7B)."""
    for u in state.left:
        if u not in state.moved:
            state.moved.append(u)
    state.left = {}


def enterable(pos: Position, uids: list[str], h: Hex, stop: bool) -> str | None:
    """Why the stack may not enter h, or None. `stop`: it would end its move there."""
    b = pos.b
    if not b.land(h):
        return "no unit enters all-sea hexes or leaves the map (13.5, 13.10)"
    units = [b.units[u] for u in uids]
    if b.terrain[h] == "marsh" and any(u.mech for u in units):
        return "mechanized units may not enter marsh (14.21)"
    side = units[0].side
    if pos.has_side(h, ENEMY[side]):
        coups_only = all(b.units[x].coup for x in pos.at[h] if b.units[x].side != side)
        if not coups_only or side == "german" or stop:
            return "no unit enters a hex holding enemy units (13.4)"
    for u in uids:
        if not pos.may_enter(u, h):
            return "neutrality forbids entering that country (8.4, 8.5, 8.12)"
        if pos.sickle_barred(u, h) and not b.units[u].coup:
            return "nobody enters the Ardennes on turn 1 of Operation Sickle Cut (6.4)"
    return None


def step_cost(pos: Position, uids: list[str], a: Hex, h: Hex, ezoc: AbstractSet[Hex]) -> int | None:
    """MPs to step from a into h (river crossings apart), or None where the hexside bars it."""
    kind = pos.side_kind(a, h)
    if not pos.b.land(h) or kind in ("all-sea", "blocked") or [a, h] in pos.s.failed or [h, a] in pos.s.failed:
        return None
    terrain = pos.b.game.terrain[pos.b.terrain[h]]
    costs = [terrain.mech_cost if pos.b.units[u].mech else terrain.cost for u in uids if not pos.b.units[u].dummy]
    if any(c is None for c in costs):
        return None
    cost = max(c for c in costs if c is not None)
    if pos.y1940 and pos.b.units[uids[0]].side == "allied":
        cost += (h in ezoc) + (a in ezoc)  # engagement and disengagement (9.5)
    return cost


def entry_cost(pos: Position, uids: list[str], h: Hex, ezoc: AbstractSet[Hex]) -> int | None:
    """MPs to enter the map at edge hex h (12.2B, 12.3B)."""
    if not pos.b.land(h):
        return None
    terrain = pos.b.game.terrain[pos.b.terrain[h]]
    costs = [terrain.mech_cost if pos.b.units[u].mech else terrain.cost for u in uids]
    if any(c is None for c in costs):
        return None
    extra = 1 if pos.y1940 and pos.b.units[uids[0]].side == "allied" and h in ezoc else 0
    return max(c for c in costs if c is not None) + extra


class _Steps:
    """The steps a unit like the one given may take from any hex this phase, with their costs,
    worked out as the hexes are first asked about and kept for the rest of the phase."""

    def __init__(self, pos: Position, uid: str, ezoc: AbstractSet[Hex], enemy_at: tuple[tuple[str, Hex], ...]) -> None:
        b, s = pos.b, pos.s
        u = b.units[uid]
        self.b, self.ezoc = b, ezoc
        self.enemy = {h for _x, h in enemy_at}
        self.passing = {h for h in self.enemy if u.side == "allied" and all(b.units[x].coup for x, hh in enemy_at if hh == h)}
        self.failed = {frozenset(pair) for pair in s.failed}
        self.flooded = b.roer if s.dams == "flooded" else frozenset()
        self.allied_1940 = pos.y1940 and u.side == "allied"
        self.ardennes_shut = bool(s.sickle) and s.turn == 1
        cost_key = "mech_cost" if u.mech else "cost"
        self.costs = {name: getattr(t, cost_key) for name, t in b.game.terrain.items()}
        self.access = {c: pos.may_enter(uid, next(h for h, cc in b.country.items() if cc == c and h not in b.maastricht))
                       for c in ("France", "Germany", "Belgium", "Holland", "Luxembourg")}
        self.salient = pos.may_enter(uid, next(iter(b.maastricht)))
        self.memo: dict[Hex, list[tuple[Hex, int]]] = {}

    def __call__(self, h: Hex) -> list[tuple[Hex, int]]:
        if h in self.memo:
            return self.memo[h]
        b = self.b
        out = []
        for n in b.grid.neighbours(h):
            terrain = b.terrain[n]
            cost = self.costs.get(terrain)
            if cost is None or (n in self.enemy and n not in self.passing) or (self.ardennes_shut and terrain == "ardennes"):
                continue
            pair = frozenset((h, n))
            if b.sides.get(pair) in ("all-sea", "blocked") or pair in self.flooded or pair in self.failed:
                continue
            if not (self.salient if n in b.maastricht else self.access.get(b.country[n], False)):
                continue
            if self.allied_1940:
                cost += (n in self.ezoc) + (h in self.ezoc)  # engagement and disengagement (9.5)
            out.append((n, cost))
        self.memo[h] = out
        return out


def _graph(pos: Position, uid: str, ezoc: AbstractSet[Hex]) -> _Steps:
    """One _Steps per phase and kind of unit (side, nation, mechanized or not)."""
    b, s = pos.b, pos.s
    u = b.units[uid]
    enemy_at = tuple((x, h) for x, h in pos.signature if b.units[x].side != u.side)
    key = (s.scenario, s.turn, s.couplet, s.phase, tuple(sorted(s.violated)), tuple(map(tuple, s.failed)),
           s.dams, bool(s.sickle), pos.basic, u.side, u.nation if u.side == "allied" else "", u.mech, enemy_at)
    if key not in _GRAPHS:
        if len(_GRAPHS) > 32:
            _GRAPHS.clear()
        _GRAPHS[key] = _Steps(pos, uid, ezoc, enemy_at)
    return _GRAPHS[key]


_GRAPHS: dict[tuple[object, ...], _Steps] = {}


class _Search:
    """The graph a stack's move is searched over: the steps it may take from a hex and their
    costs, the hexes it stops in, the first steps it may take (9.3B). start is ENTRY for a unit
    coming on from off the map through one of `entries`. A halted stack going on (11.7A) has no
    one-hex minimum (13.3) and may not enter the gap (13.14A): both are for a move from where the
    phase began."""

    def __init__(self, pos: Position, uids: list[str], start: Hex, budget: int, entries: Iterable[Hex] = ()) -> None:
        self.pos, self.uids, self.start, self.budget = pos, uids, start, budget
        self.fresh = not halted(pos, uids)
        self.ezoc = set() if exempt_from_ezoc(pos, uids) else pos.ezoc(pos.b.units[uids[0]].side)
        self.entries = list(entries)
        real = [u for u in uids if not pos.b.units[u].dummy]
        # A dummy pays no costs but goes only where its kind may (a mechanized one never into marsh):
        # the shared steps of one kind serve only a stack whose every counter, dummies too, is that kind.
        kinds = {(pos.b.units[u].nation, pos.b.units[u].mech) for u in uids}
        self.graph = _graph(pos, real[0], self.ezoc) if len(kinds) == 1 else None

    def steps(self, h: Hex) -> list[tuple[Hex, int]]:
        pos, uids, ezoc = self.pos, self.uids, self.ezoc
        out = []
        if h == ENTRY:
            for n in self.entries:
                cost = entry_cost(pos, uids, n, ezoc)
                if cost is not None and enterable(pos, uids, n, stop=False) is None:
                    out.append((n, cost))
            return out
        if self.graph is not None:
            pairs = self.graph(h)
        else:
            pairs = []
            for n in pos.b.grid.neighbours(h):
                cost = step_cost(pos, uids, h, n, ezoc)
                if cost is not None and enterable(pos, uids, n, stop=False) is None:
                    pairs.append((n, cost))
        gap = pos.b.sarreguemines
        for n, cost in pairs:
            if n in gap:
                if h != self.start or not self.fresh:
                    continue  # the gap is entered only by a one-hex move from next to it (13.14A)
                cost = self.budget
            out.append((n, cost))
        return out

    def stops_in(self, h: Hex) -> bool:
        return h in self.ezoc or h in self.pos.b.sarreguemines

    def first_ok(self, h: Hex) -> bool:
        return not (self.start in self.ezoc and h in self.ezoc)  # 9.3B


def reach(pos: Position, uids: list[str], start: Hex, budget: int, entries: Iterable[Hex] = ()) -> Reach:
    """Every hex the stack may end its move in, at the cheapest cost, before any river roll."""
    search = _Search(pos, uids, start, budget, entries)
    r = movement_range(start, budget, search.steps, search.stops_in, search.first_ok)
    if start != ENTRY and search.fresh:
        for n, _cost in search.steps(start):  # the one-hex minimum move (13.3)
            if n not in r.cost and search.first_ok(n):
                r.cost[n] = budget
                r.came_from[n] = start
    return r


def walks_to_reach(pos: Position, uids: list[str], path: list[Hex]) -> bool:
    """Whether the stack on the map may walk path step by step within its MPs, each step one that
    reach() takes (from the start, along steps it may take, stopping nowhere before the end), or
    path is the one-hex minimum move: then reach() finds its end hex, at that cost or less (the
    search keeps the cheapest way to every hex it finds), without searching every other hex."""
    start = pos.s.units[uids[0]].hex
    if start is None or start in path or len(set(path)) != len(path):
        return False
    search = _Search(pos, uids, start, stack_allowance(pos, uids))
    spent, here = 0, start
    for i, h in enumerate(path):
        if i and search.stops_in(here) or i == 0 and not search.first_ok(h):
            return False
        cost = dict(search.steps(here)).get(h)
        if cost is None:
            return False
        spent, here = spent + cost, h
    return spent <= search.budget or len(path) == 1 and search.fresh


def room(pos: Position, uids: list[str], h: Hex) -> str | None:
    """Why the stack may not end its move in h: stacking (11.1, 11.4), Paris for the BEF (13.17)."""
    b = pos.b
    side = b.units[uids[0]].side
    already = [x for x in pos.at.get(h, ()) if b.units[x].side == side and x not in uids]
    if sum(b.units[x].stack for x in already + uids) > b.game.stacking["limit"]:
        return "that would put more than four divisions in the hex (11.1)"
    if not fits(pos, uids, already):
        return "Allied units stack only with their own nation (11.4)"
    if side == "allied" and h in paris_hexes(pos) and any(b.units[u].nation == "british" for u in uids):
        return "no BEF unit ends its move in Paris (13.17)"
    if enterable(pos, uids, h, stop=True):
        return enterable(pos, uids, h, stop=True)
    return None


def fits(pos: Position, uids: list[str], already: list[str]) -> bool:
    """Whether the stack may share a hex with `already`, friendly units there: the limit (11.1),
    one Allied nation to a hex (11.4)."""
    b = pos.b
    if sum(b.units[x].stack for x in already + uids) > b.game.stacking["limit"]:
        return False
    if b.units[uids[0]].side != "allied":
        return True
    return len({b.units[x].nation for x in already + uids if x not in FLEXIBLE and not b.units[x].fort}) <= 1


def paris_hexes(pos: Position) -> tuple[Hex, ...]:
    return pos.b.cities.get("Paris", ())


# --- which units may move now ---------------------------------------------------------------
def may_move(pos: Position, uid: str) -> bool:
    s, u = pos.s, pos.b.units[uid]
    return (
        not (u.fort or u.coup or u.dummy) and uid not in pos.moved
        and s.units[uid].status == "map" and u.side == side_of_phase(s) and pos.steps_of(uid)[2] > 0
        and not pos.frozen(uid) and uid not in s.landed and s.left.get(uid, 1) > 0
    )


def side_of_phase(s: State) -> str:
    return s.phase.split("-")[0]


def destinations(pos: Position, uids: list[str], entries: Iterable[Hex] = ()) -> dict[Hex, list[Hex]]:
    start = pos.s.units[uids[0]].hex if not entries else ENTRY
    assert start is not None
    r = reach(pos, uids, start, stack_allowance(pos, uids), entries)
    # Reach has already barred what a hex's country and enemies forbid: only hexes with units
    # in them, Paris and marsh (closed to a mechanized dummy too) can still refuse a stack that stops there.
    alone = fits(pos, uids, [])
    return {h: r.path_to(h) for h in r.cost if h != start and may_end(pos, uids, h, alone)}


def may_end(pos: Position, uids: list[str], h: Hex, alone: bool) -> bool:
    """Whether the stack, once it reaches h, may end its move there; `alone`: fits(pos, uids, [])."""
    return room(pos, uids, h) is None if h in pos.at or h in paris_hexes(pos) or pos.b.terrain[h] == "marsh" else alone


# --- carrying out a move ----------------------------------------------------------------------
def check_stack(pos: Position, uids: object) -> list[str]:
    if not isinstance(uids, list) or not uids or not all(isinstance(u, str) for u in uids):
        raise IllegalAction("units must be a non-empty list of unit ids", C + "11.6")
    for u in uids:
        if u not in pos.b.units:
            raise IllegalAction(f"no unit {u!r}", C + "2.4")
    if len(set(uids)) != len(uids):
        raise IllegalAction("a unit is named twice", C + "11.6")
    real = [u for u in uids if not pos.b.units[u].dummy]
    if len({u in pos.s.left for u in real}) > 1:
        raise IllegalAction("units of a halted stack go on only among themselves (11.6, 11.7A)", C + "11.7")
    hexes = {pos.s.units[u].hex for u in uids}
    if len(hexes) != 1 or None in hexes:
        raise IllegalAction("units moving together must start in the same hex", C + "11.6")
    if all(pos.b.units[u].dummy for u in uids):
        raise IllegalAction("a dummy moves only with a real unit (6.3C)", C + "6.3")
    for u in uids:
        if pos.b.units[u].dummy:
            if pos.b.units[u].side != side_of_phase(pos.s) or u in pos.s.moved:
                raise IllegalAction(f"{u} may not move now", C + "6.3")
        elif not may_move(pos, u):
            raise IllegalAction(f"{u} may not move in this phase", C + "13.2")
    return uids


def check_path(pos: Position, uids: list[str], path: object, start: Hex) -> list[Hex]:
    if not isinstance(path, list) or not path or not all(isinstance(h, str) for h in path):
        raise IllegalAction("path must be a non-empty list of hexes", C + "13.1")
    for h in path:
        if h not in pos.b.terrain:
            raise IllegalAction(f"no hex {h!r}", C + "2.3")
    prev = start
    for h in path:
        if prev != ENTRY and h not in pos.b.grid.neighbours(prev):
            raise IllegalAction(f"{pos.b.label(h)} is not next to {pos.b.label(prev)}", C + "13.1")
        prev = h
    return path


def move(state: State, uids: list[str], path: list[Hex], dice: Dice, start: Hex | None = None, halt: bool = False) -> list[Event]:
    """Move a stack along path; river crossings into enemy hexes are rolled as they come (13.9).
    `halt`: the stack stops there for now so that units may split off, and may go on (11.7A)."""
    pos = Position(state)
    b = pos.b
    fresh = not halted(pos, uids)
    if fresh and state.left:
        close_halted(state)
        pos = Position(state)
    origin = start or state.units[uids[0]].hex
    assert origin is not None
    budget = stack_allowance(pos, uids)
    own = {u: stack_allowance(pos, [u]) for u in uids if not b.units[u].dummy}  # supply as the move begins (10.2A)
    side = b.units[uids[0]].side
    exempt = exempt_from_ezoc(pos, uids)
    ezoc = set() if exempt else pos.ezoc(side)
    # The whole path must be legal with no river costs before anything is rolled.
    spent, prev = 0, origin
    for i, h in enumerate(path):
        last = i == len(path) - 1
        why = enterable(pos, uids, h, stop=last)
        if why:
            raise IllegalAction(why, C + "13.4")
        if prev != ENTRY:
            cost = step_cost(pos, uids, prev, h, ezoc)
            if cost is None:
                raise IllegalAction(f"no unit of this stack may cross into {b.label(h)}", C + "13.8")
            if h in b.sarreguemines:
                if i != 0 or not fresh:
                    raise IllegalAction("the Sarreguemines Gap is entered only from next to it, as the whole move", C + "13.14")
                cost = budget
            if i == 0 and prev in ezoc and h in ezoc:
                raise IllegalAction("a unit leaving an enemy zone of control must first enter a hex free of one", C + "9.3")
        else:
            entry = entry_cost(pos, uids, h, ezoc)
            if entry is None:
                raise IllegalAction(f"the unit may not enter the map at {b.label(h)}", C + "12.2")
            cost = entry
        if h in ezoc and not last:
            raise IllegalAction(f"{b.label(h)} is in an enemy zone of control: the move stops there", C + "9.3")
        if h in b.sarreguemines and not last:
            raise IllegalAction("entering the Sarreguemines Gap ends the move", C + "13.14")
        spent += cost
        if spent > budget and not (i == 0 and prev != ENTRY and fresh):
            raise IllegalAction(f"the move costs {spent} MPs; the stack has {budget}", C + "13.2")
        prev = h
    why = room(pos, uids, path[-1])
    if why:
        raise IllegalAction(why, C + "11.1")
    if halt and (path[-1] in ezoc or path[-1] in b.sarreguemines):
        raise IllegalAction("a stack halts to split only where it could go on: not in an enemy zone (9.3A) or the gap (13.14A)", C + "11.7")
    # Now walk it.
    events: list[Event] = []
    left = budget
    here = origin
    for i, h in enumerate(path):
        pos = Position(state)
        if here == ENTRY:
            cost = entry_cost(pos, uids, h, ezoc) or 0
        else:
            cost = step_cost(pos, uids, here, h, ezoc) or 0
        if h in b.sarreguemines:
            cost = left
        extra = 0
        if here != ENTRY and pos.side_kind(here, h) == "river" and pos.control(h) == ENEMY[side]:
            roll = dice.roll()
            extra = roll // 2
            ok = cost + extra <= left or (i == 0 and extra == 0)
            events.append(Event("river", f"crossing into {b.label(h)}: rolled {roll}, {extra} extra MP"
                                + ("" if ok else f"; the stack has {left} and stops in {b.label(here)}"),
                                {"roll": roll, "extra": extra, "hex": h, "case": C + "13.9"}, commit=True))
            if not ok:
                state.failed.append([here, h])
                break
        left = max(0, left - cost - extra)
        _enter(state, pos, uids, h)
        here = h
    if halt and here == path[-1]:
        _halt(state, uids, origin, here, {u: max(0, mf - (budget - left)) for u, mf in own.items()})
    else:
        for u in uids:
            state.left.pop(u, None)
        _finish(state, uids, origin, here)
    if here != origin:
        frm = b.label(origin) if origin != ENTRY else "off the map"
        data = {"units": uids, "from": origin, "to": here, "case": C + "13.1"}
        # Beneath its top counter a stack is secret (11.3): the other side reads only how many moved.
        events[:0] = [
            Event("move", f"{', '.join(_names(pos, uids))} {frm} -> {b.label(here)}", data, only=side),
            Event("move", f"{len(uids)} {SIDE_WORD[side]} counter(s) {frm} -> {b.label(here)}",
                  {"from": origin, "to": here, "case": C + "13.1"}, only=ENEMY[side]),
        ]
    return events


SIDE_WORD = {"german": "German", "allied": "Allied"}


def _names(pos: Position, uids: list[str]) -> list[str]:
    return [pos.b.units[u].name for u in uids if not pos.b.units[u].dummy] or ["a stack"]


def _enter(state: State, pos: Position, uids: list[str], h: Hex) -> None:
    """Hex control changes as units enter (3.5C); neutrals are violated (8.2); cities and ports lose supply (10.8, 10.11)."""
    side = pos.b.units[uids[0]].side
    take_control(state, pos, h, side)
    for u in uids:
        state.units[u].hex = h


def take_control(state: State, pos: Position, h: Hex, side: str) -> None:
    b = pos.b
    country = b.country[h]
    if country in ("Belgium", "Holland", "Luxembourg") and country not in state.violated:
        if side == "german" or not pos.y1940:
            violate(state, country)
    if state.control.get(h) != side:
        state.control[h] = side
    if h in b.city_of and h not in state.lost_city_supply:
        if (side == "german" and country == "France") or (side == "allied" and country == "Germany"):
            state.lost_city_supply.append(h)
    if side == "german" and h not in state.lost_ports and any(h in b.cities[p] for p in b.ports):
        state.lost_ports.append(h)


def violate(state: State, country: str) -> None:
    """A violated neutral joins the Allies for good; violating Holland violates Belgium too (8.2)."""
    for c in (country, "Belgium") if country == "Holland" else (country,):
        if c not in state.violated:
            state.violated[c] = state.turn


def _finish(state: State, uids: list[str], origin: Hex, here: Hex) -> None:
    for u in uids:
        state.units[u].hex = here
        state.units[u].z = state.next_z
        state.next_z += 1
        if u not in state.moved:
            state.moved.append(u)
    if origin != ENTRY:
        gather_dummies(state, origin, here)


def _halt(state: State, uids: list[str], origin: Hex, here: Hex, left: dict[str, int]) -> None:
    """The stack waits in `here` for units to split off (11.7A), each with the MPs it has left:
    a faster unit may go on where a slower one is spent (11.7C)."""
    for u in uids:
        state.units[u].hex = here
        state.units[u].z = state.next_z
        state.next_z += 1
    state.left.update(left)
    if origin != ENTRY:
        gather_dummies(state, origin, here)


def gather_dummies(state: State, origin: Hex, here: Hex) -> None:
    """A dummy is never alone (6.3A): when the last real unit leaves, the dummies go with it."""
    pos = Position(state)
    if not any(state.units[d].hex == origin and state.units[d].status == "map" for d in pos.b.dummies):
        return  # nothing to gather: no need to work out where every piece stands now
    left_behind = pos.at.get(origin, [])
    if left_behind and all(pos.b.units[x].dummy for x in left_behind):
        for d in left_behind:
            state.units[d].hex = here
            if d not in state.moved:
                state.moved.append(d)


def _dummies_alone(pos: Position) -> list[tuple[Hex, list[str]]]:
    """The hexes holding dummies only, in the order of `pos.at`."""
    dummies, units = pos.b.dummies, pos.s.units
    hexes = {units[d].hex for d in dummies if units[d].status == "map"}
    return [(h, here) for h, here in pos.at.items() if h in hexes and all(x in dummies for x in here)]


def orphaned_dummies(state: State, spared: Hex | None) -> list[Event]:
    """Dummies whose stack lost its last real unit join the nearest German stack, or leave the map;
    those of the hex in battle wait for Germany's choice (6.3B)."""
    pos = Position(state)
    b = pos.b
    alone = [(h, here) for h, here in pos.memo("dummies alone", lambda: _dummies_alone(pos)) if h != spared]
    if not alone:
        return []
    stacks = [h for h in pos.at if any(not b.units[x].dummy and not b.units[x].coup and b.units[x].side == "german" for x in pos.at[h])]
    moved = 0
    for h, here in alone:
        if here:
            target = min(stacks, key=lambda x: (b.grid.distance(h, x), x)) if stacks else None
            for d in here:
                if target is None:
                    state.units[d].status, state.units[d].hex = "out", None
                else:
                    state.units[d].hex = target
            moved += len(here)
    if not moved:
        return []
    return [Event("redeploy", f"{moved} dummy counter(s) left alone rejoin German stacks (6.3A)", {"case": C + "6.3"}, only="german")]
