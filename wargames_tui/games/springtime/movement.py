"""Moving units in an impulse: Assault, Regroup and Redeploy (springtime:8.1, 9.0, 14.1, 14.3)."""

from __future__ import annotations

from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.positions import (
    contested,
    free,
    full,
    mf,
    occupied,
    on_map,
    other,
    side_of,
    units_in,
)
from wargames_tui.games.springtime.state import State


def may_enter_zone(uid: str, area: str) -> bool:
    """Only the Italians go into Italy (springtime:14.3)."""
    return area != "F" or load_board().units[uid].nation == "italian"


def pinned(state: State, uid: str) -> bool:
    """The Army of the Alps stays put until Italy declares war (springtime:9.3.3)."""
    return uid == "fr-alp" and not state.flags.get("italy")


def halted(state: State, uid: str) -> bool:
    """The Halt Order stops Axis armour for one impulse (events.toml)."""
    b = load_board()
    return bool(state.flags.get("halt")) and state.active == "axis" and b.units[uid].side == "axis" and b.units[uid].kind == "armored"


def step_problem(state: State, uid: str, to: str) -> str | None:
    """Why uid may not step into `to` now, or None. Cases: see each check."""
    b = load_board()
    imp = state.imp
    kind = imp.get("kind")
    side = state.active
    if uid not in b.units or b.units[uid].side != side or not on_map(state, uid):
        return "not a unit of the side to move on the map"
    here = state.units[uid]["at"]
    if to not in b.areas or to not in b.graph.neighbours(here):
        return "not adjacent: units move to an Area sharing a boundary or a Zone's connection line (9.1, 9.3.2)"
    if pinned(state, uid):
        return "the Army of the Alps may not move before Italy declares war (9.3.3)"
    if halted(state, uid):
        return "the Halt Order stops Axis armour this impulse"
    if not may_enter_zone(uid, to):
        return "only the Italian army may enter Zone F (14.3)"
    if full(state, to, side):
        return "that Area holds five units of this side already (7.1, 9.3.1)"
    moved = imp["moved"].get(uid, {"spent": 0, "stop": False})
    if moved.get("stop"):
        return "this unit has finished moving in this impulse (9.1, 9.2)"
    enemy_there = occupied(state, to, other(side))
    if kind == "regroup":
        if uid in imp["moved"]:
            return "a regrouping unit moves one Area (8.1.2a)"
        if enemy_there or state.control[to] != side:
            return "regrouping units may not enter an enemy-controlled or enemy-occupied Area (8.1.2a)"
        return None
    if kind == "assault":
        if uid not in imp["active_units"]:
            return "not a unit of the activated Army Groups (8.1.1)"
        if to in imp["attacked"]:
            return "that Area has been attacked this impulse: no more units may enter it (9.2.1, 10.0)"
        if imp.get("one_group") and enemy_there and any(group_in_impulse(state, v) not in ("R", group_in_impulse(state, uid)) for v in imp["entered"].get(to, [])):
            return "units of different Army Groups may not attack the same Area together (15.3)"
        limit = mf(state, uid)
    elif kind == "redeploy":
        if imp["area"] != imp["start_at"].get(uid):
            return "only the units of the redeploying Area move (8.1.2b)"
        if state.units[uid]["oos"]:
            return "an Out of Supply unit may not Redeploy (8.1.2b)"
        if state.control[to] != side and not contested(state, to):
            return "redeploying units may not enter an enemy-controlled, uncontested Area (8.1.2b)"
        limit = 2 * mf(state, uid)
    else:
        return "no unit moves in this impulse"
    if moved["spent"] + 1 > limit:
        return "not enough Movement Factors left (9.2)"
    if moved["spent"] == 0 and here in imp["contested_start"]:
        if kind == "redeploy" and contested(state, to):
            return "units in a Contested Area may not Redeploy into another Contested Area (8.1.2b)"
        if not free(state, to, side):
            return "units leaving a Contested Area must first enter a Free Area (9.2)"
    return None


def regroup_problem(state: State, uid: str, to: str) -> str | None:
    problem = step_problem(state, uid, to)
    if problem is None and state.units[uid]["at"] in state.imp["contested_start"] and contested(state, to):
        return "units in a Contested Area may not Regroup into another Contested Area (8.1.2a)"
    return problem


def legal_steps(state: State, unit: object = None) -> list[tuple[str, str]]:
    """Every unit's legal steps now, or only those of `unit` if given."""
    b = load_board()
    kind = state.imp.get("kind")
    out = []
    for uid in sorted(state.units):
        if unit is not None and uid != unit or b.units[uid].side != state.active or not on_map(state, uid):
            continue
        for to in b.graph.neighbours(state.units[uid]["at"]):
            check = regroup_problem if kind == "regroup" else step_problem
            if check(state, uid, to) is None:
                out.append((uid, to))
    return out


def step(state: State, uid: str, to: str, events: list[Event]) -> None:
    """Move one unit one Area, its leaders with it (springtime:9.1, 9.1.2)."""
    b = load_board()
    imp = state.imp
    check = regroup_problem if imp.get("kind") == "regroup" else step_problem
    problem = check(state, uid, to)
    if problem:
        raise IllegalAction(problem, "springtime:9.0")
    side = side_of(uid)
    here = state.units[uid]["at"]
    mover = imp.get("mover")
    if mover and mover != uid and imp["kind"] != "regroup":
        imp["moved"][mover]["stop"] = True  # units move one at a time (9.1)
    imp["mover"] = uid
    moved = imp["moved"].setdefault(uid, {"spent": 0, "stop": False})
    enemy_there = occupied(state, to, other(side))
    boundary = b.link(here, to)
    moved["spent"] += 1
    moved["from"] = here
    moved["via"] = boundary
    state.units[uid]["at"] = to
    if enemy_there or boundary == "maginot" or imp["kind"] == "regroup":
        moved["stop"] = True  # 9.2: stop on meeting the enemy and after crossing the Maginot Line
    if imp["kind"] == "assault" and enemy_there and to not in imp["contested_start"]:
        imp["must"].setdefault(to, []).append(uid)  # 10.1
    if imp["kind"] == "assault" and enemy_there:
        imp["entered"].setdefault(to, []).append(uid)
    events.append(Event("move", f"{b.units[uid].name} {here} -> {to}", {"unit": uid, "from": here, "to": to, "boundary": boundary}))


def start_impulse(state: State, kind: str, groups: list[str], area: str | None) -> None:
    """The record of a new impulse: who is active, where units began (springtime:8.1)."""
    b = load_board()
    side = state.active
    mine = [u for u in sorted(state.units) if b.units[u].side == side and on_map(state, u)]
    start_at = {u: state.units[u]["at"] for u in mine}
    active: list[str] = []
    if kind == "assault":
        active = [u for u in mine if b.units[u].group in groups]
        areas = {start_at[u] for u in active}
        # Reserves join an Army Group unit in their Area (8.1.1); the Airlanding Corps is one (18.1.2).
        active += [u for u in mine if b.units[u].group == "R" and start_at[u] in areas]
    contested_start = sorted({a for a in b.areas if contested(state, a)})
    state.imp = {
        "kind": kind, "groups": groups, "area": area, "active_units": sorted(active), "start_at": start_at,
        "moved": {}, "mover": None, "attacked": [], "must": {}, "entered": {}, "contested_start": contested_start,
        "air_used": [], "airdrop": None,
    }


def group_in_impulse(state: State, uid: str) -> str:
    """The unit's Army Group; with every group active (15.3), a reserve takes its Area's group."""
    return state.imp.get("group_of", {}).get(uid) or load_board().units[uid].group


def attack_candidates(state: State, area: str) -> list[str]:
    """The active units that may attack into area: those that began there, Contested, or entered it (springtime:9.1, 10.0)."""
    imp = state.imp
    out = []
    for uid in units_in(state, area, state.active):
        if uid not in imp["active_units"] or halted(state, uid):
            continue
        began_here = imp["start_at"].get(uid) == area and area in imp["contested_start"]
        if began_here or uid in imp["entered"].get(area, []):
            out.append(uid)
    return out
