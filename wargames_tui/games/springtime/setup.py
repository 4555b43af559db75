"""Limited Free Setup: each side places its units in secret, then both are revealed (springtime:18.2)."""

from __future__ import annotations

import random

from wargames_tui.engine.flow import Event
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.positions import full, units_in
from wargames_tui.games.springtime.state import State

SETUP = "setup"  # where a unit waits to be placed
FIXED = ("be", "nl", "fr-alp")  # the Belgians, the Dutch and the Army of the Alps keep their places (NOTES.md)
ANCHORS = ("fr-1a", "fr-7a")


def free_units(state: State, side: str) -> list[str]:
    """The units a side places itself: those the set-up puts on the map, bar FIXED."""
    b = load_board()
    return sorted(u for u, s in state.units.items() if b.units[u].side == side and s.get("free"))


def tied(uid: str) -> bool:
    """French armour and reserves set up with the 1st or the 7th Army (springtime:18.2)."""
    u = load_board().units[uid]
    return u.nation == "french" and (u.kind == "armored" or u.group == "R")


def place_areas(state: State, uid: str) -> list[str]:
    b = load_board()
    u = b.units[uid]
    if u.side == "axis":
        areas = [a.id for a in b.areas.values() if a.nation == "germany" and not a.zone]
    elif tied(uid):
        areas = sorted({state.units[x]["at"] for x in ANCHORS if state.units[x]["at"] in b.areas})
    else:
        areas = [a.id for a in b.areas.values() if a.nation == "france" and not a.zone]
    return sorted(a for a in areas if not full(state, a, u.side) and (u.side == "axis" or _keeps_room(state, uid, a)))


def _keeps_room(state: State, uid: str, area: str) -> bool:
    """Placing uid in area must leave room beside the 1st or 7th Army for every armour and reserve
    unit still to come; an anchor still to place will find an empty Area with four places."""
    b = load_board()
    stack = b.tables.thresholds.stack
    before = state.units[uid]["at"]
    state.units[uid]["at"] = area
    try:
        spots = {state.units[x]["at"] for x in ANCHORS if state.units[x]["at"] in b.areas}
        room = sum(stack - len(units_in(state, a, "allied")) for a in spots)
        room += (stack - 1) * sum(1 for x in ANCHORS if state.units[x]["at"] == SETUP)
        need = sum(1 for x in free_units(state, "allied") if tied(x) and state.units[x]["at"] == SETUP)
        return room >= need
    finally:
        state.units[uid]["at"] = before


def waiting(state: State, side: str) -> list[str]:
    """Units still to place; the armour and reserves wait for the 1st and 7th Armies."""
    left = [u for u in free_units(state, side) if state.units[u]["at"] == SETUP]
    return [u for u in left if place_areas(state, u)]


def place(state: State, uid: str, area: str) -> None:
    state.units[uid]["at"] = area


def reveal(state: State, events: list[Event]) -> None:
    for s in state.units.values():
        s.pop("free", None)
    events.append(Event("setup", "Both set-ups are revealed (18.2)", {}, commit=True))


def begin(state: State) -> None:
    for uid, s in state.units.items():
        if s["at"] in load_board().areas and uid not in FIXED:
            s.update(at=SETUP, free=True)


def scramble(state: State, side: str, rng: random.Random) -> None:
    """Place a side's already placed free units anew at random, legally (for disguise)."""
    placed = [u for u in free_units(state, side) if state.units[u]["at"] != SETUP]
    for u in placed:
        state.units[u]["at"] = SETUP
    order = sorted(placed, key=tied)
    for u in order:
        state.units[u]["at"] = rng.choice(place_areas(state, u))
