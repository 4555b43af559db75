"""The mutual supply check (5.0) and the end-of-game lines of communication (22.3)."""

from __future__ import annotations

from wargames_tui.engine.flow import Event
from wargames_tui.games.dynamo.board import Board
from wargames_tui.games.dynamo.state import State


def needs_supply(b: Board, uid: str) -> bool:
    """British units never need supply (5.1); German moto-mech only from turn 4 in Scenario I (5.6)."""
    u = b.unit(uid)
    if u.dummy or u.nation == "british":
        return False
    return not (u.side == "german" and u.moto and b.state.turn < 4 and not b.g.scenario.german_supply_from_start)


def check(state: State) -> list[Event]:
    """Judge every French and German unit at once; the judgement holds until the next check (5.8)."""
    b = Board(state)
    reach = {side: b.traced_from(side, b.supply_sources(side)) for side in ("german", "allied")}
    cut = []
    for uid, st in b.state.units.items():
        if st.where != "map":
            st.oos = False
            continue
        st.oos = needs_supply(b, uid) and st.hex not in reach[b.side_of(uid)]
        if st.oos:
            cut.append(uid)
    events = [Event("supply", f"Supply check: {len(cut)} unit(s) out of supply", {"count": len(cut)})]
    for side in ("german", "allied"):
        mine = [u for u in cut if b.side_of(u) == side]
        if mine:
            names = ", ".join(b.unit(u).short for u in mine)
            events.append(Event("supply", f"Out of supply: {names}", {"out": mine}, only=side))
    return events


def lines_of_communication(b: Board) -> dict[str, str]:
    """Allied unit -> "south" (counts as evacuated), "port" (neither) or "cut" (destroyed) (22.3)."""
    south = b.traced_from("allied", b.g.edge(b.g.rules.edges.allied_south))
    ports = b.traced_from("allied", [h for h in b.m.ports() if b.port_open(h)])
    out = {}
    for uid in b.units_of("allied"):
        if b.unit(uid).dummy:
            continue
        h = b.state.units[uid].hex
        out[uid] = "south" if h in south else "port" if h in ports else "cut"
    return out
