"""The Refit Phase: replacements, surrender of the cut off, and cut-off Areas changing hands (springtime:12, 13.2.3-5)."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.morale import (
    lose_unit,
    restore_leaders,
    set_control,
    update_control,
)
from wargames_tui.games.springtime.positions import (
    contested,
    full,
    in_supply,
    on_map,
    other,
    sources,
    traces,
)
from wargames_tui.games.springtime.state import ELIMINATED, State


def flip_cost(kind: str) -> int:
    r = load_board().tables.refit
    return r.flip_armored if kind == "armored" else r.flip_infantry


def rebuild_cost(kind: str, full_strength: bool) -> int:
    r = load_board().tables.refit
    if kind == "armored":
        return r.rebuild_armored_full if full_strength else r.rebuild_armored_reduced
    return r.rebuild_infantry_full if full_strength else r.rebuild_infantry_reduced


def rebuild_areas(state: State, uid: str) -> list[str]:
    """Where an eliminated unit may come back (springtime:12.3.2, 12.3.3, 18.3)."""
    b = load_board()
    u = b.units[uid]
    out = []
    for a in sorted(b.areas):
        if state.control[a] != u.side or contested(state, a) or full(state, a, u.side):
            continue
        if u.nation == "italian" and a != "F":
            continue
        if u.nation == "german" and a == "F":
            continue
        if u.nation != "italian" and a == "F":
            continue
        if uid == "bef" and state.flags.get("dynamo") and not b.areas[a].port:
            continue  # 18.3: the returning BEF lands in a port
        out.append(a)
    return out


def may_rebuild(state: State, uid: str) -> bool:
    b = load_board()
    u = b.units[uid]
    if state.units[uid]["at"] != ELIMINATED or uid == "de-airlanding":  # 18.1.4
        return False
    if uid == "bef" and state.flags.get("dynamo") and state.options.get("bef-returns") != "on":
        return False  # 12.3.2
    return u.nation not in ("belgian", "dutch")


def refit_actions(state: State, side: str) -> list[Action]:
    b = load_board()
    rp = state.rp[side]
    out: list[Action] = []
    for uid in sorted(state.units):
        u = b.units[uid]
        if u.side != side:
            continue
        s = state.units[uid]
        if on_map(state, uid) and s["reduced"] and uid != "de-airlanding" and flip_cost(u.kind) <= rp:
            if not s["oos"] and in_supply(state, uid):  # 12.3.1, 13.2.3
                out.append({"type": "refit", "unit": uid})
        elif may_rebuild(state, uid):
            for full_strength in (False, True):
                if rebuild_cost(u.kind, full_strength) <= rp:
                    out += [{"type": "rebuild", "unit": uid, "area": a, "full": full_strength} for a in rebuild_areas(state, uid)]
    return out


def apply_refit(state: State, side: str, action: dict[str, Any], events: list[Event]) -> None:
    if action not in refit_actions(state, side):
        raise IllegalAction("not a refit this side may pay for now", "springtime:12.3")
    b = load_board()
    uid = action["unit"]
    u = b.units[uid]
    if action["type"] == "refit":
        cost = flip_cost(u.kind)
        state.units[uid]["reduced"] = False
        text = f"{u.name} back to full strength"
    else:
        cost = rebuild_cost(u.kind, action["full"])
        state.units[uid].update(at=action["area"], reduced=not action["full"], oos=False)
        restore_leaders(state, uid)
        update_control(state, events)
        text = f"{u.name} rebuilt in {action['area']} at {'full' if action['full'] else 'reduced'} strength"
    state.rp[side] -= cost
    events.append(Event("refit", f"{text} ({cost} RP, {state.rp[side]} left)", {"unit": uid, "cost": cost}))


def surrender_checks(state: State, dice: Dice, events: list[Event]) -> None:
    """Each Out of Supply unit rolls on the OOS Surrender table (springtime:13.2.4)."""
    b = load_board()
    limit = b.tables.surrender.surrenders
    for uid in sorted(state.units):
        if not on_map(state, uid) or not state.units[uid]["oos"]:
            continue
        r = dice.roll()
        if r <= limit:
            lose_unit(state, uid, events, permanent=True, why=f"surrenders, out of supply (dr {r})")
        else:
            events.append(Event("supply", f"{b.units[uid].name} holds out of supply (dr {r})", {"unit": uid, "roll": r}))
    # A surrender can leave the enemy alone in an Area: it changes hands now (7.2), so the End
    # Phase's Automatic Victory and armistice roll read the Morale this leaves (16.1.1, 16.2).
    update_control(state, events)


def cut_off_areas(state: State, events: list[Event]) -> None:
    """An empty Area its controller cannot supply passes to the other side (springtime:13.2.5).

    An Area counts as supplied if any nation of its controller with a unit on the map could trace
    supply from it to that nation's sources (13.1)."""
    b = load_board()
    nations: dict[str, dict[str, str]] = {"allied": {}, "axis": {}}  # side -> nation -> a unit of it on the map
    for u in sorted(state.units):
        if on_map(state, u):
            nations[b.units[u].side][b.units[u].nation] = u
    held = {state.units[u]["at"] for u in state.units}
    for a in sorted(b.areas):
        holder = state.control[a]
        if a in held or a == "F":
            continue
        if not any(traces(state, a, holder, sources(state, uid, b)) for uid in nations.get(holder, {}).values()):
            set_control(state, a, other(holder), events)
