"""The invasion of Poland and what follows it (21.4, 21.5): the German army away and back, the
Polish corps, the British arrivals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames_tui.engine.flow import Event
from wargames_tui.games.seeds_of_disaster import data as war_data
from wargames_tui.games.seeds_of_disaster.board import AIR, is_army, place

if TYPE_CHECKING:
    from wargames_tui.games.seeds_of_disaster.state import State, Unit

KEPT_ARMIES = 3  # 21.5.1
KEPT_AIR = 1
PACT_ARMIES = 2  # 21.5.4
MOBILIZED = ("map", "mobilized", "reserve", "poised")


def _mobilized(state: State) -> list[Unit]:
    """The German forces that may go to Poland or stay: all mobilized, on the map or off, but the
    Westwall (21.5.1)."""
    return [u for u in state.units.values() if u.side == "german" and u.box in MOBILIZED and u.kind != "westwall"]


def _chosen(state: State, kind: str) -> list[dict[str, Any]]:
    return [it for it in state.strategic.orders["german"].items if it["type"] == kind]


def _going(state: State) -> list[Unit]:
    """Those that go, on the choices made so far: not the armies and air fleet kept, nor the
    poised units of a kept army, nor the armies left in Poland under the pact."""
    kept = {it["unit"] for it in _chosen(state, "poland-keep")}
    out = kept | {it["unit"] for it in _chosen(state, "poland-stay")}
    return [u for u in _mobilized(state) if u.id not in out and not (u.box == "poised" and u.army in kept)]


def choice_actions(state: State) -> list[dict[str, Any]]:
    """The German's choices for Poland in the first month of Armed Belligerence (21.5.1, 21.5.4),
    one question at a time: the three armies and the air fleet that stay in the West; under the
    Allied-Soviet Pact the two armies left in Poland; then the group of each type's odd unit."""
    german = _mobilized(state)
    kept = {it["unit"] for it in _chosen(state, "poland-keep")}
    out: list[dict[str, Any]] = []
    for pick, wanted in ((is_army, KEPT_ARMIES), (lambda u: u.kind in AIR, KEPT_AIR)):
        of_kind = [u.id for u in german if pick(u)]
        if len(kept & set(of_kind)) < min(wanted, len(of_kind)):
            out += [{"type": "poland-keep", "unit": uid} for uid in sorted(of_kind) if uid not in kept]
    if out:
        return out
    going = _going(state)
    if "allied_soviet_pact" in state.strategic.in_force:
        left = len(_chosen(state, "poland-stay"))
        armies = sorted(u.id for u in going if is_army(u))
        if left < PACT_ARMIES and armies:
            return [{"type": "poland-stay", "unit": uid} for uid in armies]
    placed = {it["kind"] for it in _chosen(state, "poland-odd")}
    for kind in sorted({u.kind for u in going} - placed):
        if sum(1 for u in going if u.kind == kind) % 2:
            return [{"type": "poland-odd", "kind": kind, "group": g} for g in ("a", "b")]
    return []


def invade(state: State) -> list[Event]:
    """21.5.1: all mobilized German forces but three armies, the Westwall and one air fleet go to
    Poland, split into groups A and B of equal size type by type, the odd unit of a type where the
    German put it; 21.5.4: under the Allied-Soviet Pact two armies of his choice stay there for
    good and the groups come back a month later. Carried out at the end of the first month's plan
    segment, where the German chose (choice_actions)."""
    s = state.strategic
    events: list[Event] = []
    going = _going(state)
    if "allied_soviet_pact" in s.in_force:
        staying = sorted(it["unit"] for it in _chosen(state, "poland-stay"))
        for uid in staying:
            _off(state.units[uid], "poland")
        s.poland_return = {"a": 4, "b": 5}
        events.append(Event("poland", f"Allied-Soviet Pact: {', '.join(staying) or 'no army'} stay in Poland for good (21.5.4)",
                            commit=True))
    odd = {it["kind"]: it["group"] for it in _chosen(state, "poland-odd")}
    groups: dict[str, list[str]] = {"a": [], "b": []}
    for kind in sorted({u.kind for u in going}):
        of_kind = sorted((u for u in going if u.kind == kind), key=lambda u: (-u.steps, u.id))
        for i, u in enumerate(of_kind):
            last = i == len(of_kind) - 1 and i % 2 == 0
            groups[odd[kind] if last else "ab"[i % 2]].append(u.id)
    for g, ids in groups.items():
        for uid in ids:
            _off(state.units[uid], f"poland_{g}")
    s.poland = groups
    events.append(
        Event(
            "poland",
            f"Germany invades Poland (21.5): group A ({len(groups['a'])} units) and group B ({len(groups['b'])}) leave the West",
            {"a": groups["a"], "b": groups["b"]},
            commit=True,
        )
    )
    return events


def _off(u: Unit, box: str) -> None:
    u.box, u.zone, u.army = box, None, None  # type: ignore[assignment]


def german_mcs() -> list[str]:
    return sorted(a.id for a in war_data.areas().values() if a.mc and a.country == "G")


def arrivals(state: State) -> list[Event]:
    """At the start of a month of Armed Belligerence: the groups back from Poland (21.5.2), the Polish
    corps with the first of them (21.5.3), the BEF and the British air fleet in month 3, the first
    British corps from month 8 (21.4)."""
    return arrivals_on_turn(state, state.strategic.month)


def war_arrivals(state: State) -> list[Event]:
    """At the start of each week of war: what was due by then and has not come yet (our reading of
    21.4 and 21.5.2 when the war comes early: the turns of Armed Belligerence go on counting in weeks,
    so a war that begins in month 1 brings the first group in week 2)."""
    return arrivals_on_turn(state, state.strategic.month + state.war.week)


def arrivals_on_turn(state: State, turn: int) -> list[Event]:
    """The arrivals due by the `turn`-th turn since Armed Belligerence began."""
    s = state.strategic
    events: list[Event] = []
    for g in sorted(("a", "b"), key=lambda g: s.poland_return[g]):
        if turn >= s.poland_return[g] and s.poland[g]:
            events += _return(state, g)
            if not s.polish_corps_in:
                events += _polish(state)
    if turn >= 3:
        events += _british(state, "BEF")
    if turn >= 8:
        events += _british(state, "BRI")
    return events


def _return(state: State, group: str) -> list[Event]:
    free = [
        z for z in german_mcs() if all(u.side == "german" for u in state.in_zone(z))
    ]
    mcs = free or german_mcs()  # at war, not into an MC the Allies stand in
    ground = [
        state.units[uid]
        for uid in state.strategic.poland[group]
        if state.units[uid].kind not in AIR
    ]
    ground.sort(key=lambda u: (not is_army(u), u.id))
    for i, u in enumerate(ground):
        place(state, u, mcs[i % len(mcs)])  # one to each MC in turn (21.5.2)
        state.strategic.returned.append(u.id)  # free to move this month (21.5.2)
    for uid in state.strategic.poland[group]:
        if state.units[uid].kind in AIR:
            state.units[uid].box = "reserve"
    state.strategic.poland[group] = []
    return [
        Event(
            "poland",
            f"German group {group.upper()} returns from Poland to the MCs of Germany (21.5.2)",
            commit=True,
        )
    ]


def _polish(state: State) -> list[Event]:
    state.strategic.polish_corps_in = True
    corps = [
        u for u in state.units.values() if u.nation == "polish" and u.box == "pool"
    ]
    if not corps:
        return []
    mcs = sorted(
        (a.id for a in war_data.areas().values() if a.mc and a.country == "F"),
        key=lambda z: (len(state.in_zone(z)), z),
    )
    u = corps[0]
    u.steps = max(u.steps, 1)
    place(state, u, mcs[0])
    return [
        Event(
            "poland",
            f"The Polish corps reaches France at {mcs[0]} (21.5.3)",
            commit=True,
        )
    ]


def _british(state: State, unit_id: str) -> list[Event]:
    """21.4: British units enter only when built; the BEF on a French coast area, its air fleet to Reserve."""
    u = state.units.get(unit_id)
    if u is None or u.box != "mobilized" or u.steps < 1:
        return []
    coast = sorted(
        a.id for a in war_data.areas().values() if a.coast and a.country == "F"
    )
    zone = min(coast, key=lambda z: (len(state.in_zone(z)), z))
    place(state, u, zone)
    events = [Event("poland", f"{unit_id} lands at {zone} (21.4)", commit=True)]
    if unit_id == "BEF":
        for air in state.units.values():
            if air.nation == "british" and air.kind in AIR and air.box == "mobilized":
                air.box = "reserve"
                events.append(
                    Event(
                        "poland", f"{air.id} joins the GQG Reserve (21.4)", commit=True
                    )
                )
    return events
