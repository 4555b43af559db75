"""French Morale and what moves it: control changing hands and units lost (springtime:4.4.9, 7.2, 10.4.5, 10.4.6)."""

from __future__ import annotations

from wargames_tui.engine.flow import Event
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.positions import side_of, units_in
from wargames_tui.games.springtime.state import ELIMINATED, REMOVED, State


def change_morale(state: State, delta: int, why: str, events: list[Event]) -> None:
    """A line of the French Morale Modifier Table, in whatever phase its condition is met: the
    table names surrenders, which happen only in the Political (6.1.2) and Refit (13.2.4) Phases
    (NOTES.md, reading 14). Morale may fall below zero: the markers flip (springtime:4.4.9)."""
    if delta == 0:
        return
    state.morale += delta
    events.append(Event("morale", f"French Morale {delta:+d} ({why}): {state.morale}", {"delta": delta, "morale": state.morale, "why": why}))


def set_control(state: State, area: str, side: str, events: list[Event]) -> None:
    b = load_board()
    if state.control[area] == side:
        return
    state.control[area] = side
    a = b.areas[area]
    events.append(Event("control", f"{side.capitalize()} takes control of {a.id} {a.name}", {"area": area, "side": side}))
    if a.nation != "france":
        return
    m = b.tables.morale
    if area == "25":
        if side == "axis":
            open_city = bool(state.flags.get("open_city"))
            change_morale(state, m.paris_lost_open if open_city else m.paris_lost, "Paris taken" + (" as an open city" if open_city else ""), events)
        else:
            change_morale(state, m.paris_regained, "Paris retaken", events)
    elif side == "axis":
        change_morale(state, m.zone_lost if a.zone else m.area_lost, f"{a.id} lost", events)
    else:
        change_morale(state, m.area_regained, f"{a.id} retaken", events)


def update_control(state: State, events: list[Event]) -> None:
    """An Area held by one side alone belongs to that side (springtime:7.2): control changes the
    moment a unit stands in a Vacant Area the enemy controls, during movement too."""
    held = {(s["at"], side_of(u)) for u, s in state.units.items()}  # (area, side) occupied
    for area, holder in sorted(state.control.items()):
        for side in ("allied", "axis"):
            if side != holder and (area, side) in held and (area, holder) not in held:
                set_control(state, area, side, events)


def lose_unit(state: State, uid: str, events: list[Event], permanent: bool = False, why: str = "eliminated") -> None:
    """A unit eliminated (or removed for good) and its leaders with it (springtime:10.4.5, 10.5.6)."""
    b = load_board()
    where = state.units[uid]["at"]
    u = b.units[uid]
    state.units[uid].update(at=REMOVED if permanent or u.nation in ("belgian", "dutch") else ELIMINATED, reduced=False, oos=False)
    events.append(Event("loss", f"{u.name} {why}", {"unit": uid, "area": where, "permanent": state.units[uid]["at"] == REMOVED}))
    for lid in sorted(state.leaders):
        if state.leaders[lid]["unit"] == uid:
            # Kleist stays with another of his units in the Area, if one is left (10.4.5).
            heir = next((x for x in units_in(state, where, u.side) if x in b.leaders[lid].command), None)
            state.leaders[lid]["unit"] = heir
            if heir is None:
                events.append(Event("leader", f"{b.leaders[lid].name} leaves the map", {"leader": lid}))
    m = b.tables.morale
    if u.nation == "belgian":
        change_morale(state, m.belgium_out, "the Belgian Army lost", events)
    elif u.nation == "dutch":
        change_morale(state, m.dutch_out, "the Dutch Army lost", events)
    elif u.side == "allied":
        change_morale(state, m.allied_unit_lost, f"{u.name} lost", events)
    elif uid == "de-airlanding":
        change_morale(state, m.airlanding_lost, "the Airlanding Corps lost", events)
    else:
        change_morale(state, m.axis_unit_lost, f"{u.name} lost", events)


def step_loss(state: State, uid: str, events: list[Event], why: str) -> None:
    """Full strength to reduced; reduced to eliminated (springtime:10.4.4)."""
    if state.units[uid]["reduced"]:
        lose_unit(state, uid, events, why=why)
    else:
        state.units[uid]["reduced"] = True
        events.append(Event("step", f"{load_board().units[uid].name} reduced ({why})", {"unit": uid}))


def restore_leaders(state: State, uid: str) -> None:
    """A rebuilt army brings back its leader (springtime:10.4.5)."""
    b = load_board()
    for lid, l in b.leaders.items():
        if uid in l.command and state.leaders[lid]["unit"] is None and lid in state.leaders:
            state.leaders[lid]["unit"] = uid
