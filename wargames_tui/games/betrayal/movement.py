"""Ground movement: Allied moves, the automaton's guided moves, drops, arrivals (betrayal:3.0-3.4)."""

from __future__ import annotations

import heapq

from wargames_tui.games.betrayal.board import (
    STACK,
    Occupancy,
    country_ok,
    depth,
    distances,
    enemy,
    ground,
    homeland_ok,
    neighbours,
    occupancy,
    on_map,
    room,
    sc,
    side_of,
    with_republic,
)
from wargames_tui.games.betrayal.state import State

ADVANCE = ("attack", "saturation", "exploit")  # the tactics with Advance/Attack in them (betrayal:4.2.2)


def cost(uid: str, area: str) -> int:
    """1 an area; forest and mountain 2 for the 2-MA motorised units (betrayal:3.1)."""
    u = sc().units[uid]
    if u.move == 2 and sc().areas[area].terrain in ("forest", "mountain"):
        return 2
    return 1


def allowance(state: State, uid: str) -> int:
    u = sc().units[uid]
    return 1 if u.kind == "airborne" else u.move


def reach(state: State, uid: str, occ: Occupancy | None = None) -> dict[str, list[str]]:
    """Areas the unit can end in this phase, each with the cheapest path there: it stops on entering
    an enemy-occupied area; Allies stay out of Germany (betrayal:3.0, 3.2.3); on turn 1 of the free
    set-up a German unit passes a frontier defence only if a halt there would keep the stacking
    limit (betrayal:9.0 with 1.5)."""
    occ = occ or occupancy(state)
    side = side_of(uid)
    halts = side == "german" and state.options.get("setup") == "free" and state.turn == 1
    foe = enemy(side)
    start = state.pieces[uid].where
    budget = allowance(state, uid)
    best: dict[str, tuple[int, list[str]]] = {start: (0, [])}
    queue = [(0, start, [])]
    while queue:
        spent, here, path = heapq.heappop(queue)
        if spent > best[here][0]:
            continue
        if here != start and occ[here][foe]:
            continue
        if here != start and halts and sc().areas[here].bracket and not room(state, here, side, 1, occ):
            continue
        for there in neighbours(here):
            if side == "allied" and sc().border(there):
                continue
            if side == "allied" and not homeland_ok(uid, start, there):
                continue
            total = spent + cost(uid, there)
            if total <= budget and total < best.get(there, (99, []))[0]:
                best[there] = (total, path + [there])
                heapq.heappush(queue, (total, there, path + [there]))
    return {a: p for a, (c, p) in best.items() if a != start}


def allied_moves(state: State, player: str, units: list[str]) -> list[dict]:
    out = []
    occ = occupancy(state)
    for uid in units:
        p = state.pieces[uid]
        if sc().units[uid].air or not on_map(state, uid) or p.moved:
            continue
        for to in sorted(reach(state, uid, occ)):
            if room(state, to, "allied", 1, occ):
                out.append({"type": "move", "unit": uid, "to": to})
    return with_republic(state, out)


# --- the automaton (betrayal:3.4.4) --------------------------------------------------------
def forward(frm: str, to: str) -> bool:
    """Closer to the west or south edge, or out of Germany (betrayal:3.4.4 A)."""
    if sc().border(frm):
        return not sc().border(to)
    return depth(to) < depth(frm)


def obligations(state: State, occ: dict[str, dict[str, list[str]]] | None = None) -> list[str]:
    """Allied-occupied areas the Advance/Attack areas must enter this turn, not yet entered by a
    German unit (betrayal:3.4.4 C); westward attacks on the Maginot Line stay optional."""
    occ = occ or occupancy(state)
    out = set()
    for src, tactic in state.assigned.items():
        if tactic not in ADVANCE:
            continue
        for t in neighbours(src):
            if not occ[t]["allied"] or not country_ok(state, t) or sc().border(t):
                continue
            if sc().areas[t].maginot and sc().border(src):
                continue
            if t not in state.entered:
                out.add(t)
    return sorted(out)


def coverable(state: State, occ: Occupancy | None = None, duties: list[str] | None = None) -> int:
    """How many open obligations (duties, when the caller has them) unmoved units can still
    meet, one unit each (a bipartite matching)."""
    occ = occ or occupancy(state)
    targets = [t for t in (obligations(state, occ) if duties is None else duties) if sc().border(t) or len(occ[t]["german"]) < STACK]
    sources = [src for src, tactic in state.assigned.items() if tactic in ADVANCE]
    free = {
        t: [u for src in sources if t in neighbours(src) for u in occ[src]["german"] if not state.pieces[u].moved]
        for t in targets
    }
    match: dict[str, str] = {}

    def augment(t: str, seen: set[str]) -> bool:
        for u in free[t]:
            if u in seen:
                continue
            seen.add(u)
            if u not in match or augment(match[u], seen):
                match[u] = t
                return True
        return False

    return sum(1 for t in targets if augment(t, set()))


def german_moves(state: State, only: str | None = None) -> list[dict]:
    """Every guided move allowed by the tactic of the unit's area (betrayal:3.4.4, 3.4.2 b); with
    `only`, that unit's alone."""
    out = []
    occ = occupancy(state)
    open_duties = obligations(state, occ)
    before = coverable(state, occ, open_duties)
    duties = set(open_duties) if before else set()
    # only a unit of an Advance/Attack area next to an open duty can be needed to meet one
    reached: dict[tuple[str, int, int], list[tuple[str, list[str]]]] = {}
    bound = {u for t in duties for src in neighbours(t) if state.assigned.get(src) in ADVANCE for u in occ[src]["german"]}
    for uid, p in state.pieces.items():
        u = sc().units[uid]
        if (only and uid != only) or u.nation != "german" or u.air or p.moved or not on_map(state, uid) or p.tactic not in ("hold",) + ADVANCE:
            continue
        if not country_ok(state, p.where):
            continue
        free = before == 0 or uid not in bound or _keeps_duties(state, uid, None, before, occ, open_duties)
        kind = (p.where, allowance(state, uid), u.move)  # units alike in these reach alike
        if kind not in reached:
            reached[kind] = sorted(reach(state, uid, occ).items())
        for to, path in reached[kind]:
            if not all(country_ok(state, a) for a in path) or not room(state, to, "german", 1, occ):
                continue
            attack = bool(occ[to]["allied"])
            if attack and p.tactic == "hold":
                continue
            if not attack and not forward(p.where, to):
                continue
            if not free and not (to in duties and _keeps_duties(state, uid, to, before, occ, open_duties)):
                continue
            out.append({"type": "move", "unit": uid, "to": to})
    return with_republic(state, sorted(out, key=lambda a: (a["unit"], a["to"])))


def _keeps_duties(state: State, uid: str, duty: str | None, before: int, occ: Occupancy, duties: list[str]) -> bool:
    """Whether the unit may go elsewhere (duty None), or to that open duty (met once entered,
    so no longer open), and leave every obligation that could be met still meetable
    (betrayal:3.4.4 C)."""
    piece = state.pieces[uid]
    piece.moved = True
    try:
        return coverable(state, occ, [t for t in duties if t != duty]) + (1 if duty else 0) >= before
    finally:
        piece.moved = False


def drop_targets(state: State, uid: str) -> list[str]:
    """Any area outside Germany within the drop allowance of the unit's border area (3.2.4)."""
    here = state.pieces[uid].where
    span = sc().units[uid].drop
    return sorted(a for a, d in distances(here).items() if 0 < d <= span and not sc().border(a) and room(state, a, "german"))


def german_release_areas(state: State, uid: str) -> list[str]:
    """Any border area, or a German-held area next to Germany with room (betrayal:3.2.2 b, 3.4.4 B)."""
    air = sc().units[uid].air
    occ = occupancy(state)

    def ok(a: str) -> bool:
        if sc().border(a):
            return bool(occ[a]["german"]) if air else True
        if state.control.get(a) != "german" or occ[a]["allied"]:
            return False
        if not any(sc().border(n) for n in neighbours(a)):
            return False
        return bool(occ[a]["german"]) if air else room(state, a, "german", 1, occ)

    return sorted(a for a in sc().areas if ok(a))


def allied_return_areas(state: State, uid: str) -> list[str]:
    """Friendly-occupied areas in or next to Paris with room; failing those, the nearest
    friendly-occupied areas to Paris (betrayal:3.2.2 a)."""
    air = sc().units[uid].air
    occ = occupancy(state)

    def ok(a: str) -> bool:
        return bool(occ[a]["allied"]) and not occ[a]["german"] and (air or room(state, a, "allied", 1, occ))

    paris = sc().republic  # the marker starts in Paris (betrayal:8.0, 9.0)
    near = [a for a in [paris, *neighbours(paris)] if ok(a)]
    if near:
        return sorted(near)
    dist = distances(paris)
    rest = [a for a in sc().areas if ok(a)]
    if not rest:
        return []
    best = min(dist[a] for a in rest)
    return sorted(a for a in rest if dist[a] == best)


def entry_areas(state: State, uid: str, named: str) -> list[str]:
    """Where a reinforcement may enter: its named area, or a friendly-held port for the British
    armour; if blocked, a friendly west-edge area of France (south too for the French) (3.2.1)."""
    nation = sc().units[uid].nation

    def ok(a: str) -> bool:
        return not ground(state, a, "german") and state.control.get(a) != "german" and room(state, a, "allied")

    if named == "port":
        first = [a for a, area in sc().areas.items() if area.port and area.country == "F" and ok(a)]
    else:  # only German units there send it elsewhere, not German control alone (betrayal:3.2.1)
        first = [named] if not ground(state, named, "german") and room(state, named, "allied") else []
    if first:
        return sorted(first)
    edges = ("west", "south") if nation == "french" else ("west",)
    return sorted(a for a, area in sc().areas.items() if area.country == "F" and area.edge in edges and ok(a))
