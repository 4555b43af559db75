"""Air units: basing, missions, interception and bombardment (betrayal:3.3, 4.3)."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.betrayal.board import (
    air_base_ok,
    country_ok,
    distances,
    ground,
    occupancy,
    on_map,
    owners,
    player_of,
    sc,
    side_of,
)
from wargames_tui.games.betrayal.losses import name
from wargames_tui.games.betrayal.movement import ADVANCE
from wargames_tui.games.betrayal.state import Mission, State


def in_range(uid: str, frm: str, to: str) -> bool:
    return distances(frm).get(to, 99) <= sc().units[uid].range


def value(state: State, uid: str, what: str) -> int:
    full, reduced = getattr(sc().units[uid], what)
    return reduced if state.pieces[uid].reduced else full


def flying(state: State, uid: str) -> list[Mission]:
    return [m for m in state.missions if m.unit == uid]


def mission_limit(state: State, uid: str) -> int:
    """Two for the German bomber under Saturation Bombing (betrayal:3.4.4 D), else one."""
    if sc().units[uid].kind == "bomber" and "saturation" in state.assigned.values():
        return 2
    return 1


def mission_targets(state: State, uid: str) -> list[str]:
    """Enemy-occupied areas in range of the unit's base (betrayal:3.3, 3.3.2)."""
    side = side_of(uid)
    base = state.pieces[uid].where
    taken = {m.target for m in flying(state, uid)}
    occ = occupancy(state)
    out = []
    for area in sc().areas:
        if area in taken or not in_range(uid, base, area) or not occ[area]["allied" if side == "german" else "german"]:
            continue
        if side == "allied" and sc().border(area):
            continue  # Germany is closed to Allied aircraft (betrayal:1.1, 3.2.3)
        out.append(area)
    return out


def can_fly(state: State, uid: str, player: str) -> bool:
    p = state.pieces[uid]
    return (
        sc().units[uid].air
        and on_map(state, uid)
        and player_of(state, uid) == player
        and not p.moved
        and len(flying(state, uid)) < mission_limit(state, uid)
    )


def rebase_targets(state: State, uid: str) -> list[str]:
    side = side_of(uid)
    base = state.pieces[uid].where
    occ = occupancy(state)
    return [
        a
        for a in sc().areas
        if a != base and in_range(uid, base, a) and occ[a][side] and not occ[a]["allied" if side == "german" else "german"]
    ]


def fix_kinds(state: State, side: str, events: list[Event]) -> None:
    """Each mission becomes support or bombardment by what stands in its target now (3.3.2)."""
    kept = []
    for m in state.missions:
        friends = ground(state, m.target, side)
        foes = ground(state, m.target, "allied" if side == "german" else "german")
        unit = sc().units[m.unit]
        if friends and foes:
            if side == "german" and (not country_ok(state, m.target) or not advancing(state)):
                # no support outside the orders (3.4.2 b), nor without an Advance/Attack tactic (4.2.2)
                m.kind = "bombard" if unit.kind == "bomber" else ""
            else:
                m.kind = "both" if m.both else "support"
        elif foes:
            m.kind = "bombard"
        else:
            m.kind = ""
        if m.kind in ("bombard", "both") and side == "allied":
            other = state.bombed.get(m.target)
            if other and other != unit.nation:
                m.kind = "support" if m.kind == "both" else ""  # one Allied nation bombs an area (3.3.2 d)
        if m.kind:
            kept.append(m)
        else:
            events.append(Event("air", f"{name(m.unit)}: nothing to strike in {sc().areas[m.target].name}; it stays home (betrayal:3.3.2)"))
    state.missions = kept


def advancing(state: State) -> bool:
    """A tactic with Advance/Attack in it is in force this German turn: German ground combat is
    allowed (betrayal:4.2.2; Refit cancels those tactics, 3.4.6)."""
    return any(t in ADVANCE for t in state.assigned.values())


def interceptors_for_german_mission(state: State, target: str) -> list[str]:
    """Allied fighters in range whose own nation has ground units in the target (betrayal:3.3.3)."""
    nations = {sc().units[u].nation for u in ground(state, target, "allied")}
    return sorted(
        u
        for u, p in state.pieces.items()
        if sc().units[u].kind == "fighter"
        and side_of(u) == "allied"
        and on_map(state, u)
        and sc().units[u].nation in nations
        and in_range(u, p.where, target)
    )


def german_interceptors(state: State, target: str) -> list[str]:
    """Every German fighter in range goes up against an Allied mission (betrayal:3.3.3)."""
    return sorted(
        u
        for u, p in state.pieces.items()
        if sc().units[u].kind == "fighter" and side_of(u) == "german" and on_map(state, u) and in_range(u, p.where, target)
    )


def intercept(state: State, target: str, fighters: list[str], dice: Dice, events: list[Event]) -> None:
    """Roll on the Air Intercept Table; a success turns back every mission to the target (3.3.4)."""
    if not fighters:
        return
    need = sc().tables.intercept[min(len(fighters), max(sc().tables.intercept))]
    roll = dice.roll()
    won = roll <= need
    events.append(
        Event(
            "air",
            f"Interception over {sc().areas[target].name} by {', '.join(name(f) for f in fighters)}: rolled {roll}, "
            f"{'succeeds' if won else 'fails'} (needs {need} or less, betrayal:3.3.3)",
            {"target": target, "fighters": fighters, "roll": roll, "need": need, "success": won},
            commit=True,
        )
    )
    state.pending += [{"kind": "air-return", "unit": f, "target": target} for f in fighters]  # 3.3.4 c
    if not won:
        return
    for m in [m for m in state.missions if m.target == target]:
        turned_back(state, m.unit, dice, events)
    state.missions = [m for m in state.missions if m.target != target or on_map(state, m.unit)]


def turned_back(state: State, uid: str, dice: Dice, events: list[Event]) -> None:
    """The fate of an intercepted attacker (betrayal:3.3.4 a, b)."""
    piece = state.pieces[uid]
    if side_of(uid) == "german":
        roll = dice.roll()
        if roll <= 2:
            piece.where = "setaside" if piece.reduced else "regroup"
            piece.reduced = True
        else:
            piece.where = "regroup"
        events.append(Event("air", f"{name(uid)} turned back: rolled {roll}, to the {'Set Aside' if piece.where == 'setaside' else 'Regroup'} box{' reduced' if piece.reduced else ''} (betrayal:3.3.4 a)", {"unit": uid, "roll": roll}))
    else:
        piece.reduced = True
        piece.where = "setaside"
        events.append(Event("air", f"{name(uid)} turned back: reduced, to the Set Aside box (betrayal:3.3.4 b)", {"unit": uid}))


def bombard(state: State, target: str, side: str, dice: Dice, events: list[Event]) -> str:
    """Tally the bombardment values over the target, roll one die on the table (betrayal:4.3)."""
    table = sc().tables.bombardment
    flyers = [m.unit for m in state.missions if m.target == target and m.kind in ("bombard", "both")]
    total = sum(value(state, u, "bombard") for u in flyers)
    roll = dice.roll()
    mod = table.allied_drm if side == "allied" else 0
    row = table.rows[min(total, max(table.rows))]
    result = row[min(max(roll + mod, 0), 6)]
    events.append(
        Event(
            "bombard",
            f"Air bombardment of {sc().areas[target].name}: value {total}, rolled {roll}{mod:+d}: {result} (betrayal:4.3)",
            {"area": target, "units": flyers, "value": total, "roll": roll, "drm": mod, "result": result},
            commit=True,
        )
    )
    if side == "allied":
        for u in flyers:
            state.bombed.setdefault(target, sc().units[u].nation)
    victims = ground(state, target, "allied" if side == "german" else "german")
    items: list[dict[str, Any]] = []
    if result in ("1", "1W"):
        items.append({"kind": "loss", "area": target, "units": owners(state, victims)[0]})
    if result in ("W", "1W"):
        items.append({"kind": "withdraw-all", "area": target, "units": victims})
    state.pending[0:0] = items
    return result


def send_home(state: State, target: str) -> None:
    """The aircraft over an area go back once its combat is over (betrayal:3.3.5, 4.3.2)."""
    for m in [m for m in state.missions if m.target == target]:
        state.pending.append({"kind": "air-return", "unit": m.unit, "target": target})
    state.missions = [m for m in state.missions if m.target != target]


def return_options(state: State, uid: str, target: str) -> list[str]:
    side = side_of(uid)
    base = state.pieces[uid].where
    out = [a for a in sc().areas if in_range(uid, target, a) and air_base_ok(state, a, side)]
    if base in sc().areas and base not in out and air_base_ok(state, base, side):
        out.append(base)
    return sorted(out)


def land(state: State, uid: str, to: str, events: list[Event]) -> None:
    state.pieces[uid].where = to
    events.append(Event("air", f"{name(uid)} lands at {sc().areas[to].name} (betrayal:3.3.4 c, 3.3.5)", {"unit": uid, "to": to}))
