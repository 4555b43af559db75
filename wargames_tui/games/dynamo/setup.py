"""Setting up (3.0, 24.0) and the dummies (11.0)."""

from __future__ import annotations

from functools import cache
from typing import Any

from wargames_tui.engine.flow import Event
from wargames_tui.games.dynamo.board import Board
from wargames_tui.games.dynamo.combat import move_to, strand_dummies
from wargames_tui.games.dynamo.data import AlliedZone, Game, load_game
from wargames_tui.games.dynamo.state import State, UnitState


def initial(scenario_id: str, options: dict[str, str]) -> State:
    """The position as set up, before its first phase begins."""
    g = load_game(scenario_id)
    sc = g.scenario
    units: dict[str, UnitState] = {}
    order = 0
    two = sc.first_phase == "allied-setup"
    for uid, u in g.units.items():
        if u.type == "kg" or uid == "b-3recce":
            where = "spare"
        elif u.dummy:
            where = "pool"
        elif two:
            where = "pool" if u.turn is not None and u.turn >= sc.first_turn else "out"
        else:
            where = "map" if u.setup else "pool"
        order += 1
        units[uid] = UnitState(where, u.setup if where == "map" else None, top=order)
    state = State(scenario_id, dict(options), sc.first_turn, sc.first_phase, units, order=order)
    state.counter_stroke = "used" if sc.counter_stroke_used else "unused"
    state.force_march_used = sc.force_march_used
    if two:
        _scenario_two(state, g)
    return state


def _scenario_two(state: State, g: Game) -> None:
    sc = g.scenario
    for uid in sc.dead:
        st = state.units[uid]
        st.where, st.hex, st.step = "dead", None, len(g.units[uid].steps)
    for uid in sc.evacuated:
        state.units[uid].where = "evacuated"
    for p in sc.german:
        st = state.units[p.unit]
        st.where, st.hex, st.step = "map", p.hex, p.step
    b = Board(state)
    for h in sc.air:
        top = b.real_at(h)[-1]
        state.air[top] = state.air.get(top, 0) + 1
    for zone in sc.allied:
        for uid in zone.units:
            st = state.units[uid]
            st.where, st.step = "map", 1 if uid in zone.reduced else 0
            st.hex = _first_room(Board(state), zone, uid)
    if sc.halved_allied_moves:
        state.halved = [u for u, x in g.units.items() if x.side == "allied" and u not in sc.full_moves]
    state.german_entered = sorted(h for h, here in Board(state).at.items() if g.map.terrain[h] == "urban" and Board(state).owner(h) == "german")
    state.phase = "german-setup"


def zone_hexes(b: Board, zone: AlliedZone) -> list[str]:
    """The hexes of a 24.3 set-up group, nearest the centre first."""
    return _zone_hexes(b.state.scenario, zone.centre, zone.radius, zone.not_across)


@cache
def _zone_hexes(scenario: str, centre: str, radius: int, not_across: str | None) -> list[str]:
    b = Board(State(scenario, {}, 1, "", {}))
    grid = b.m.grid
    hexes = [h for h in b.m.terrain if grid.distance(h, centre) <= radius]
    if not_across:
        side = _same_side(b, centre, not_across, radius)
        hexes = [h for h in hexes if h in side]
    return sorted(hexes, key=lambda h: (grid.distance(h, centre), h))


def _same_side(b: Board, centre: str, barrier: str, radius: int) -> set[str]:
    walls = {p for p, n in b.m.barrier_names.items() if n == barrier}
    seen = {centre}
    frontier = [centre]
    while frontier:
        h = frontier.pop()
        for n in b.m.neighbours[h]:
            if n not in seen and frozenset((h, n)) not in walls and b.m.grid.distance(n, centre) <= radius:
                seen.add(n)
                frontier.append(n)
    return seen


def _allowed(b: Board, uid: str, h: str) -> bool:
    u = b.unit(uid)
    if b.owner(h) == "german" and b.real_at(h):
        return False
    if u.moto and b.terrain(h) == "marsh":
        return False
    return b.stacking(h, "allied", (uid,)) + u.stacking <= b.g.rules.stacking_limit


def _first_room(b: Board, zone: AlliedZone, uid: str) -> str:
    for h in zone_hexes(b, zone):
        if _allowed(b, uid, h):
            return h
    raise ValueError(f"no room for {uid} within {zone.radius} of {zone.centre}")


def _zone_of(b: Board, uid: str) -> AlliedZone | None:
    return next((z for z in b.g.scenario.allied if uid in z.units), None)


def placement_options(b: Board) -> list[dict[str, Any]]:
    """Scenario II: the Allies may shift each unit within its set-up group's area (24.3)."""
    out = []
    for zone in b.g.scenario.allied:
        if zone.radius == 0:
            continue
        hexes = zone_hexes(b, zone)
        for uid in zone.units:
            if uid in b.state.deployed:
                continue  # each unit is placed once
            here = b.state.units[uid].hex
            out += [{"type": "place", "unit": uid, "hex": h} for h in hexes if h != here and _allowed(b, uid, h)]
    return out


def place(state: State, action: dict[str, Any]) -> list[Event]:
    start = state.units[action["unit"]].hex
    state.deployed.append(action["unit"])
    move_to(state, action["unit"], action["hex"])
    strand_dummies(state, start)
    return [
        Event("place", "The Allied player sets up a unit (24.3)", {}),
        Event("place", f"{Board(state).unit(action['unit']).short} set up at {action['hex']}", {"unit": action["unit"], "hex": action["hex"]}, only="allied"),
    ]


# --- dummies (11.1-11.5) -------------------------------------------------------------
def dummies_of(b: Board, side: str) -> list[str]:
    return [u for u, x in b.g.units.items() if x.dummy and x.side == side]


def dummy_options(b: Board, side: str) -> list[dict[str, Any]]:
    """Each dummy may be placed once a phase, on or under any stack holding a real unit of its side."""
    s = b.state
    hexes = sorted(b.hexes_of(side))
    out: list[dict[str, Any]] = []
    for d in dummies_of(b, side):
        if d in s.deployed:
            continue
        out += [{"type": "dummy", "unit": d, "hex": h, "top": t} for h in hexes for t in (True, False)]
        if s.units[d].where == "map":
            out.append({"type": "recall", "unit": d})
    return out


def deploy(state: State, action: dict[str, Any]) -> list[Event]:
    d = action["unit"]
    st = state.units[d]
    start = st.hex
    state.deployed.append(d)
    if action["type"] == "recall":
        st.where, st.hex = "pool", None
    else:
        state.order += 1
        st.where, st.hex = "map", action["hex"]
        st.top = state.order if action["top"] else -state.order
    strand_dummies(state, start)
    side = Board(state).side_of(d)
    where = "taken back into your hand" if action["type"] == "recall" else f"placed {'on top of' if action['top'] else 'under'} the stack at {action['hex']}"
    return [
        Event("dummy", "A dummy is deployed in secret (11.2)", {}),
        Event("dummy", f"The dummy {f'from {start}' if start else 'from your hand'} {where}", {"unit": d}, only=side),
    ]
