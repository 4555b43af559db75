"""Fog of war (11.0): what each side may see, and a disguise that reshuffles what it may not.

A side sees all of its own counters and chart. Of the other side it sees, in each hex, only the
top counter and how many counters stand there (11.2 and its erratum); a stack committed to an
assault is revealed for the rest of that phase, and so are the units that assault it. The
enemy's reinforcement chart shows only how many units it still holds (11.7). Dead, evacuated
and withdrawn counters are public.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from wargames_tui.games.dynamo import movement
from wargames_tui.games.dynamo.board import SIDES, Board
from wargames_tui.games.dynamo.phases import SEQUENCE, TITLES, acting_side
from wargames_tui.games.dynamo.state import State
from wargames_tui.games.dynamo.victory import outcome, tally

PUBLIC_WHERE = ("dead", "evacuated", "withdrawn", "off")
# The client's step names for the battle stages whose actions have its shapes (docs/GAMES.md).
STEPS = {"defender-retreat": "retreat", "attacker-retreat": "retreat", "advance": "advance"}
# The phases as the client's turn track lists them: "<side> <kind>", short enough for its panel.
TRACK = {
    "supply": "French-German supply", "luftwaffe": "German air", "german-move": "German movement",
    "german-withdrawal": "German movement", "german-assault": "German combat", "german-dummies": "German dummy",
    "evacuation": "Allied sea", "allied-move": "Allied movement", "allied-assault": "Allied combat",
    "allied-dummies": "Allied dummy",
}


def phase_title(state: State) -> str:
    return TRACK.get(state.phase, TITLES[state.phase][0])


def unit_view(b: Board, uid: str, own: bool) -> dict[str, Any]:
    u = b.unit(uid)
    st = b.state.units[uid]
    core = unit_core(b, uid)
    a = core["attack"]
    return {
        **core, "name": u.name, "short": u.short, "size": u.size, "move": u.move,
        "strength": a, "factors": "dmy" if u.dummy else f"{a}-{core['defence']}"[:4],
        "allowance": b.allowance(uid) if st.where == "map" else None,  # from what either side sees (5.9, 10.2, 14.0)
        "oos": st.oos, "moved": st.done if own else False, "disrupted": False,
        "task_force": u.task_force, "korps": u.korps, "edge": st.edge,
    }


def unit_core(b: Board, uid: str) -> dict[str, Any]:
    """The entries of an identified counter's view that a bot weighs (its factors, steps, place)."""
    u = b.unit(uid)
    st = b.state.units[uid]
    a, d = b.values(uid) if not u.dummy else (0, 0)
    return {
        "id": uid, "side": u.side, "nation": u.nation, "type": u.type, "attack": a, "defence": d,
        "steps": len(u.steps), "step": st.step, "status": st.where, "hex": st.hex, "dummy": u.dummy, "moto": u.moto,
    }


def unknown_view(side: str, h: str, n: int) -> dict[str, Any]:
    """A counter of an enemy stack that the viewer cannot identify (11.2)."""
    return {
        "id": f"?{h}-{n}", "side": side, "nation": f"unknown-{side}", "name": "unidentified counter",
        "short": "?", "type": "unknown", "size": "", "attack": None, "defence": None, "move": None,
        "strength": 0, "factors": "?", "allowance": None, "steps": None, "step": None, "status": "map",
        "hex": h, "oos": False, "moved": False, "disrupted": False, "dummy": None, "moto": None,
        "task_force": None, "korps": None, "edge": None,
    }


def visible(b: Board, viewer: str | None) -> set[str]:
    """The on-map counters viewer can identify."""
    s = b.state
    seen = set(s.revealed)
    for here in b.at.values():
        seen.add(here[-1])
        for u in here:
            if b.side_of(u) == viewer:
                seen.add(u)
    return seen


def view(state: State, viewer: str | None) -> dict[str, Any]:
    b = Board(state)
    seen = visible(b, viewer)
    air: dict[str, int] = {}
    for uid, n in sorted(state.air.items()):
        h = state.units[uid].hex
        if h is not None and n:
            air[h] = air.get(h, 0) + n
    chart = {
        side: sum(1 for u, st in state.units.items() if st.where == "pool" and b.side_of(u) == side and not b.unit(u).dummy)
        for side in SIDES
    }
    battle = state.battle
    info = b.g.scenario
    result = outcome(state)
    crt = b.g.crt
    return {
        "view_version": 1,
        "viewer": viewer,
        "side": acting_side(state),
        "sides": {"german": "German", "allied": "Allied"},
        "outcome": result.to_json() if result else None,
        "turn_labels": list(b.g.rules.turn_labels),
        "phases": [TRACK[p] for p in SEQUENCE],
        "step": STEPS.get(battle.stage, "other") if battle else "other",
        "crt": {"columns": crt.terrain[state.last_line], "die": crt.die, "rows": crt.results, "lines": crt.terrain},
        "scenario": state.scenario,
        "title": info.title,
        "turn": state.turn,
        "turns": b.g.rules.turns,
        "turn_label": b.g.rules.turn_labels[state.turn - 1],
        "phase_title": phase_title(state),
        "case": TITLES[state.phase][1],
        **_forces(b, viewer, seen, lambda uid, own: unit_view(b, uid, own)),
        "air": air,
        "air_left": state.air_left,
        "chart": chart,
        "raf": state.raf,
        "counter_stroke": state.counter_stroke,
        "force_march": state.force_march,
        "battle": None if battle is None else {
            "kind": battle.kind, "attackers": battle.attackers, "defenders": battle.defenders,
            "hexes": battle.hexes, "stage": battle.stage, "result": battle.result, "roll": battle.roll,
            "total": battle.total, "modifiers": battle.modifiers, "odds": battle.odds,
            "terrain": battle.terrain, "column": battle.column, "owed": battle.owed,
        },
        "evacuation": {k: v for k, v in state.evac.items() if k != "start"},
        "points": tally(state) if not state.over else state.final,
        "over": state.over,
    }


def bot_view(state: State, viewer: str | None) -> dict[str, Any]:
    """The part of viewer's view a bot reads at every choice (the same entries as `view`'s):
    the counters (their factors, steps and place), the stacks, the coast, the ports (and those German
    units have entered) and edges, the phase and the moving group.
    A playout asks it before each choice, and the whole view (points, outcome, tables) cost
    a playout more than the rules did."""
    b = Board(state)
    return _forces(b, viewer, visible(b, viewer), lambda uid, own: unit_core(b, uid))


def _forces(b: Board, viewer: str | None, seen: set[str], identified: Callable[[str, bool], dict[str, Any]]) -> dict[str, Any]:
    state = b.state
    units = []
    for h, here in sorted(b.at.items()):
        for n, uid in enumerate(reversed(here)):  # the top counter first
            own = b.side_of(uid) == viewer
            units.append(identified(uid, own) if own or uid in seen else unknown_view(b.side_of(uid), h, n))
    for uid, st in state.units.items():
        own = b.side_of(uid) == viewer
        if st.where != "map" and (own and st.where not in ("spare", "out") or st.where in PUBLIC_WHERE):
            units.append(identified(uid, own))
    stacks = {
        h: {"side": b.side_of(here[0]), "height": len(here), "top": here[-1]}
        for h, here in sorted(b.at.items())
    }
    group = state.group
    return {
        "phase": state.phase,
        "units": units,
        "stacks": stacks,
        "coast": sorted(b.m.coastal),
        "ports": b.m.ports(),
        "german_entered": sorted(state.german_entered),
        "edges": {"german": b.german_edge(), **b.allied_edges()},
        "group": None if group is None else {
            "hex": group.hex,
            "height": len(group.units),
            "units": [u for u in group.units if u in seen],
            "left": movement.group_left(b, group) if b.side_of(group.units[0]) == viewer else None,
        },
    }


def disguise(state: State, viewer: str | None, rng: random.Random) -> State:
    """A copy in which the counters hidden from viewer have been shuffled among their hidden
    places, keeping every hex with a real unit, within the stacking limit, and moto-mech out of marsh."""
    out = state.copy()
    b = Board(out)
    seen = visible(b, viewer)
    fixed = set(out.stuck) | set(out.group.units if out.group else []) | set(out.retreated_in)
    if out.battle is not None:
        fixed |= set(out.battle.attackers) | set(out.battle.defenders)
    for side in SIDES:
        if side == viewer:
            continue
        hidden = [u for u in b.units_of(side) if u not in seen and u not in fixed]
        for _ in range(len(hidden) * 3):
            if len(hidden) < 2:
                break
            x, y = rng.sample(hidden, 2)
            if out.units[x].hex != out.units[y].hex:
                _swap(out, x, y)
                if not _legal(Board(out), x, y):
                    _swap(out, x, y)
    return out


POSITIONAL = ("hex", "top", "spent", "done", "oos")


def _swap(state: State, x: str, y: str) -> None:
    sx, sy = state.units[x], state.units[y]
    for f in POSITIONAL:
        vx, vy = getattr(sx, f), getattr(sy, f)
        setattr(sx, f, vy)
        setattr(sy, f, vx)
    ax, ay = state.air.pop(x, 0), state.air.pop(y, 0)
    if ay:
        state.air[x] = ay
    if ax:
        state.air[y] = ax


def _legal(b: Board, x: str, y: str) -> bool:
    for u in (x, y):
        h = b.state.units[u].hex
        assert h is not None
        if not b.real_at(h):
            return False
        if b.unit(u).moto and b.terrain(h) == "marsh":
            return False
        if b.stacking(h, b.side_of(u)) > b.g.rules.stacking_limit:
            return False
    return True


def check(state: State) -> list[str]:
    """Invariants of the position."""
    b = Board(state)
    problems = []
    limit, side_of, terrain = b.g.rules.stacking_limit, b.g.side_of, b.m.terrain
    blitz = state.battle is not None and state.battle.kind == "blitz"
    for h, here in b.at.items():
        sides = {side_of[u] for u in here}
        if len(sides) > 1 and not blitz:
            problems.append(f"{h} holds both sides")
        real = b.real_at(h)
        if not real:
            problems.append(f"{h} holds only dummies")
        if any(b.stacking(h, side) > limit for side in sides):
            problems.append(f"{h} is over-stacked")
        if h not in terrain:
            problems.append(f"{h} is not a land hex")
        elif terrain[h] == "marsh" and any(b.unit(u).moto for u in real):
            problems.append(f"moto-mech in the marsh at {h}")
    for uid, st in state.units.items():
        if (st.where == "map") != (st.hex is not None):
            problems.append(f"{uid} is {st.where} at {st.hex}")
        if not 0 <= st.step < len(b.unit(uid).steps) and st.where not in ("dead", "out"):
            problems.append(f"{uid} has step {st.step}")
    for uid in state.air:
        if state.units[uid].where != "map" or b.side_of(uid) != "german":
            problems.append(f"air support on {uid}")
    if state.air_left < 0:
        problems.append("negative air factors")
    for d in ("g-1pz", "g-2pz", "g-3pz", "g-4pz", "g-5pz", "g-6pz", "g-7pz", "g-8pz", "g-10pz"):
        if state.units[d].where == "map" and any(state.units[f"{d}-{k}"].where == "map" for k in "ab"):
            problems.append(f"{d} is on the map with its Kampfgruppen")
    if not 1 <= state.turn <= b.g.rules.turns:
        problems.append(f"turn {state.turn}")
    return problems
