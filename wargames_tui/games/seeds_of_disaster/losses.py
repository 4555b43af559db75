"""Step losses (13.2.4 c, 13.7.7, 7.2.3, 7.2.5) and retreats (13.7.8, 16.1.1).

The owner chooses each step lost to a Mobile Forces Battle hit or to the Combat Results
(combat.loss_actions offers them, this module's fixed order first) and his way back
(retreat_paths, nearest first). The extra steps of a retreat follow the fixed order (NOTES.md):
poised first where the rules demand it, then army steps while an army keeps more than one, then
the weakest corps, then the last army step."""

from __future__ import annotations

from wargames_tui.engine.flow import Event
from wargames_tui.games.seeds_of_disaster import data
from wargames_tui.games.seeds_of_disaster.board import (
    army_room,
    disrupt,
    enemy_in,
    fort_strength,
    friendly_mc_distance,
    is_army,
    place,
    poised_of,
    release,
    strength,
)
from wargames_tui.games.seeds_of_disaster.movement import may_enter_country
from wargames_tui.games.seeds_of_disaster.state import Battle, State, Unit


def step_loss(state: State, u: Unit, case: str) -> list[Event]:
    """One step off a unit; at none it leaves play (7.2.3, 7.2.6). A Belgian double corps going down
    to 2 steps needs a free replacement counter, else it is eliminated (7.2.5)."""
    u.steps -= 1
    if (
        u.kind == "belgian"
        and u.steps == 2
        and _belgian_replacements_used(state, u) >= 2
    ):
        u.steps = 0
    if u.steps > 0:  # what is left is the owner's to know: the enemy sees no army's strength (view)
        return [
            Event("loss", f"{u.id} loses a step ({case})", {"unit": u.id}),
            Event("loss", f"{u.id}: {u.steps} left", {"unit": u.id, "steps": u.steps}, only=u.side),
        ]
    zone = u.zone
    u.box, u.zone, u.army, u.steps = "eliminated", None, None, 0
    release(state, u)
    for p in poised_of(state, u.id):
        p.box, p.army, p.zone = "map", None, zone
    return [Event("loss", f"{u.id} is eliminated ({case})", {"unit": u.id, "steps": 0})]


def _belgian_replacements_used(state: State, u: Unit) -> int:
    return sum(
        1
        for x in state.units.values()
        if x.kind == "belgian"
        and x.id != u.id
        and x.box != "eliminated"
        and 0 < x.steps <= 2
    )


def battle_units(state: State, b: Battle, side: str) -> list[Unit]:
    if side == b.attacker:
        return [
            state.units[u] for u in b.sides[side].units if state.units[u].box == "map"
        ]
    return [u for u in state.in_zone(b.area) if u.side == side and u.kind != "westwall"]


def next_victim(units: list[Unit]) -> Unit | None:
    armies = sorted(
        (u for u in units if is_army(u) and u.steps > 1), key=lambda u: (-u.steps, u.id)
    )
    if armies:
        return armies[0]
    corps = sorted(
        (u for u in units if not is_army(u) and u.steps > 0),
        key=lambda u: (strength(u), u.id),
    )
    if corps:
        return corps[0]
    rest = [u for u in units if u.steps > 0]
    return rest[0] if rest else None


def supporting_poised(state: State, b: Battle, side: str) -> list[Unit]:
    """The corps poised with the side's armies in the battle (not with those that sat it out, 13.4)."""
    return [
        p
        for a in battle_units(state, b, side)
        if side == b.attacker or not a.fought
        for p in poised_of(state, a.id)
    ]


def retreat_stacks(state: State, b: Battle, loser: str) -> list[str]:
    """13.7.8: the areas whose stacks of the loser fall back: the defenders' area unless they hold
    their own fortifications there (14.3.1); each area the beaten attackers attacked from."""
    if loser != b.attacker:
        if fort_strength(state, b.area, loser) or not battle_units(state, b, loser):
            return []
        return [b.area]
    return sorted(
        {u.zone or "" for u in battle_units(state, b, loser) if u.zone != b.area}
    )


def stack_in(state: State, b: Battle, side: str, area: str) -> list[Unit]:
    return [u for u in battle_units(state, b, side) if u.zone == area]


def _stack_fits(state: State, area: str, side: str, units: list[Unit]) -> bool:
    """8.0: the whole retreating stack may end here: an MC takes any number of armies, another
    area one in all, counting the retreating ones."""
    armies = [u for u in units if is_army(u)]
    if not armies or data.areas()[area].mc:
        return True
    return len(armies) == 1 and army_room(state, area, side, tuple(u.id for u in units))


def retreat_paths(
    state: State, units: list[Unit], side: str, areas: int, start: str
) -> list[list[str]]:
    """13.7.8, 16.1.1: every way back of `areas` areas, each one closer to a friendly MC, free of
    the enemy and open to the stack's nations, ending where the stack may stand; only when there
    is none, the same one area longer (a step more). The nearest to an MC first."""
    dist = friendly_mc_distance(state, side, exclude=start)
    g = data.graph()

    def steps(here: str, seen: list[str]) -> list[str]:
        return [
            a
            for a in g.neighbours(here)
            if a not in seen
            and not enemy_in(state, a, side)
            and all(may_enter_country(state, u, a) for u in units)
            and dist.get(a, 99) < dist.get(here, 99)
        ]

    paths: list[list[str]] = [[]]
    done: list[list[str]] = []  # ways that reached a friendly MC: no area is closer (NOTES)
    for _ in range(areas):
        done += [p for p in paths if p and dist.get(p[-1]) == 0]
        paths = [p + [a] for p in paths for a in steps(p[-1] if p else start, [start, *p])]
    paths += done
    fits = [p for p in paths if _stack_fits(state, p[-1], side, units)]
    if not fits:
        fits = [
            p + [a]
            for p in paths
            if len(p) == areas
            for a in steps(p[-1], [start, *p])
            if _stack_fits(state, a, side, units)
        ]
    return sorted(fits, key=lambda p: ([dist.get(a, 99) for a in p], p))


def retreat_along(
    state: State, units: list[Unit], side: str, start: str, path: list[str], areas: int
) -> list[Event]:
    """Move the stack back along a path; one area further than `areas` costs a step (13.7.8)."""
    for u in units:
        for a, b in zip([start] + path, path):
            place(state, u, b, a)
    events = [
        Event(
            "retreat",
            f"{', '.join(u.id for u in units)} retreat {start} -> {' -> '.join(path)} (13.7.8)",
            {"units": [u.id for u in units], "path": path},
        )
    ]
    if len(path) > areas:
        victim = next_victim(units)
        if victim:
            events += step_loss(state, victim, "13.7.8")
    return events


def cannot_retreat(state: State, units: list[Unit], start: str) -> list[Event]:
    """13.7.8: a stack with no way back stays, loses 2 steps more and its armies are disrupted."""
    events = [
        Event(
            "retreat",
            f"{', '.join(u.id for u in units)} cannot retreat from {start}: 2 more steps lost (13.7.8)",
        )
    ]
    for _ in range(2):
        victim = next_victim([u for u in units if u.box == "map"])
        if victim:
            events += step_loss(state, victim, "13.7.8")
    for u in units:
        if disrupt(state, u):
            events.append(
                Event("disrupt", f"{u.id} is disrupted (13.7.8)", {"unit": u.id})
            )
    return events


def retreat_units(
    state: State, units: list[Unit], side: str, areas: int, frm: str | None
) -> list[Event]:
    """A retreat without a choice asked: the first way back (the parachute corps, 17.1)."""
    start = frm or units[0].zone or ""
    paths = retreat_paths(state, units, side, areas, start)
    if not paths:
        return cannot_retreat(state, units, start)
    return retreat_along(state, units, side, start, paths[0], areas)
