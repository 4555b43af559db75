"""Who is where: stacks, control, contested and free Areas (springtime:7), and supply (springtime:13)."""

from __future__ import annotations

from collections import deque

from wargames_tui.games.springtime.data import Board, load_board
from wargames_tui.games.springtime.state import State


def other(side: str) -> str:
    return "axis" if side == "allied" else "allied"


def side_of(uid: str) -> str:
    return load_board().units[uid].side


def on_map(state: State, uid: str) -> bool:
    return state.units[uid]["at"] in load_board().areas


def units_in(state: State, area: str, side: str | None = None) -> list[str]:
    b = load_board()
    return sorted(u for u, s in state.units.items() if s["at"] == area and (side is None or b.units[u].side == side))


def occupied(state: State, area: str, side: str) -> bool:
    return any(s["at"] == area and side_of(u) == side for u, s in state.units.items())


def contested(state: State, area: str) -> bool:
    """Units of both sides there (springtime:7.3)."""
    return occupied(state, area, "allied") and occupied(state, area, "axis")


def vacant(state: State, area: str, side: str) -> bool:
    """No enemy units there, whoever controls it (springtime:7.4)."""
    return not occupied(state, area, other(side))


def free(state: State, area: str, side: str) -> bool:
    """Vacant and friendly-controlled (springtime:7.5)."""
    return vacant(state, area, side) and state.control[area] == side


def full(state: State, area: str, side: str, extra: int = 0) -> bool:
    """Five units a side in an Area; Zones hold any number (springtime:7.1, 14.2)."""
    b = load_board()
    if b.areas[area].zone:
        return False
    return len(units_in(state, area, side)) + extra >= b.tables.thresholds.stack


def cv(state: State, uid: str) -> int:
    u = load_board().units[uid]
    return u.rcv if state.units[uid]["reduced"] else u.cv


def mf(state: State, uid: str) -> int:
    """The printed MF, less one for an Out of Supply armored unit (springtime:13.2.2)."""
    u = load_board().units[uid]
    base = u.rmf if state.units[uid]["reduced"] else u.mf
    if u.kind == "armored" and state.units[uid]["oos"]:
        base -= 1
    return max(0, base)


def leader_rating(state: State, lid: str) -> int:
    l = load_board().leaders[lid]
    return l.other if state.leaders[lid]["flipped"] else l.rating


def leaders_with(state: State, uid: str) -> list[str]:
    return sorted(lid for lid, s in state.leaders.items() if s["unit"] == uid)


# --- supply (springtime:13) -------------------------------------------------------------------
def sources(state: State, uid: str, b: Board) -> set[str]:
    """The Areas a unit may trace supply to (springtime:13.1)."""
    nation = b.units[uid].nation
    if nation == "italian":
        return {"F"}  # 13.1.1 exception
    if nation == "german":
        return {a.id for a in b.areas.values() if a.east}  # 13.1.1
    if nation == "belgian":
        return {a.id for a in b.areas.values() if a.nation == "belgium"}  # 13.1.3
    if nation == "dutch":
        return {a.id for a in b.areas.values() if a.nation == "netherlands"}  # 13.1.4
    return set("ABCDE")  # 13.1.2


def traces(state: State, start: str, side: str, targets: set[str]) -> bool:
    """A path from start to one of targets that enters no enemy-controlled Area (springtime:13.2.1).

    The start itself may be held by the enemy (a unit fighting in a contested Area); every Area
    entered, the source included, must be friendly-controlled, contested or not.
    """
    b = load_board()
    if start in targets and state.control[start] == side:
        return True
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in b.graph.neighbours(here):
            if there in seen or state.control[there] != side:
                continue
            if there in targets:
                return True
            seen.add(there)
            queue.append(there)
    return False


def in_supply(state: State, uid: str) -> bool:
    b = load_board()
    at = state.units[uid]["at"]
    return traces(state, at, b.units[uid].side, sources(state, uid, b))


def mark_supply(state: State) -> list[str]:
    """Mark or clear Out of Supply on every unit on the map (springtime:13.2). Returns the newly cut off."""
    cut = []
    for uid, s in state.units.items():
        if not on_map(state, uid):
            s["oos"] = False
            continue
        oos = not in_supply(state, uid)
        if oos and not s["oos"]:
            cut.append(uid)
        s["oos"] = oos
    return sorted(cut)
