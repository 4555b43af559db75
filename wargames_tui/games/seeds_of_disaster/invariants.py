"""What must always hold (selfplay checks it after every action)."""

from __future__ import annotations

from wargames_tui.games.seeds_of_disaster import data
from wargames_tui.games.seeds_of_disaster.board import is_army
from wargames_tui.games.seeds_of_disaster.state import State


def check_invariants(state: State) -> list[str]:
    bad: list[str] = []
    areas = data.areas()
    for u in state.units.values():
        if u.box == "map" and u.zone not in areas:
            bad.append(f"{u.id} on the map without an area")
        if u.box == "poised" and (
            not u.army
            or state.units[u.army].box != "map"
            or u.zone != state.units[u.army].zone
        ):
            bad.append(
                f"{u.id} poised with {u.army}, which is not on the map with it (9.2)"
            )
        if u.box != "eliminated" and u.box not in ("pool",) and u.steps <= 0:
            bad.append(f"{u.id} in {u.box} with {u.steps} steps")
        if u.steps > 19 or (
            not is_army(u) and u.steps > (4 if u.kind == "belgian" else 2)
        ):
            bad.append(f"{u.id} has {u.steps} steps (2.3.1, 7.2)")
    for a, info in areas.items():
        sides = {u.side for u in state.in_zone(a) if u.kind != "westwall"}
        if len(sides) > 1 and not (
            state.war.battle
            and state.war.battle.area == a
            and state.war.battle.parachute
        ):
            bad.append(f"both sides in {a} (10.1.12)")
        for side in sides:
            armies = [u for u in state.in_zone(a) if u.side == side and is_army(u)]
            if len(armies) > 1 and not info.mc:
                bad.append(f"{len(armies)} {side} armies in {a} (8.0)")
    for side in ("german", "allied"):
        for pts in ("cp", "ip"):
            v = getattr(state.strategic, pts)[side]
            if not 0 <= v <= 19:
                bad.append(f"{side} {pts.upper()} {v} outside 0-19 (5.1.1, 6.1)")
    return bad
