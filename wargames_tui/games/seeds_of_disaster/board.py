"""What stands where: faces and strengths of pieces, occupation, stacking (8.0), control (20.0)."""

from __future__ import annotations

from collections import deque

from wargames_tui.games.seeds_of_disaster import data
from wargames_tui.games.seeds_of_disaster.data import Face
from wargames_tui.games.seeds_of_disaster.state import Side, State, Unit

ARMIES = ("army", "bef")
MOBILE_KINDS = (
    "bef",
    "panzer",
    "motorized",
    "dlc",
    "dlm",
    "armored",
    "british_armored",
    "para",
)
AIR = ("air", "allied_air")
PARIS = ("PNO", "PES", "PSU")


def other(side: str) -> Side:
    return "allied" if side == "german" else "german"


def is_army(u: Unit) -> bool:
    return u.kind in ARMIES


def is_corps(u: Unit) -> bool:
    return u.kind not in ARMIES and u.kind not in AIR and u.kind != "westwall"


def face(u: Unit) -> Face:
    """The face showing: armies have one; a corps is full at 2 steps; a Belgian double corps shows its
    replacement counter at 1 or 2 steps and its own piece at 3 or 4 (7.2.5, `by_step` in the data)."""
    faces = data.counters().faces[u.kind]
    if is_army(u):
        return faces.full
    if faces.by_step:
        return faces.by_step[max(1, min(u.steps, len(faces.by_step))) - 1]
    return faces.full if u.steps >= 2 else faces.reduced


def strength(u: Unit) -> int:
    """Combat strength: an army's steps (7.2.3), otherwise the face's value."""
    return u.steps if is_army(u) else face(u).strength


def mobile(u: Unit) -> bool:
    """A Mobile Force now: its kind, and dots on the face showing (7.2.6); the BEF always (7.2.8)."""
    return u.kind in MOBILE_KINDS and (u.kind == "bef" or face(u).dots > 0)


def mp(u: Unit) -> int:
    return face(u).mp


def occupant(state: State, area: str) -> Side | None:
    """The side with units in an area. A Westwall marker is a fortification, not a unit: it
    neither holds nor blocks an area (NOTES.md, 14.2)."""
    for u in state.units.values():
        if u.box == "map" and u.zone == area and u.kind != "westwall":
            return u.side
    return None


def enemy_in(state: State, area: str, side: str) -> bool:
    return any(
        u.box == "map" and u.zone == area and u.side != side and u.kind != "westwall"
        for u in state.units.values()
    )


def enemy_areas(state: State, side: str) -> set[str | None]:
    """The areas holding units of side's enemies (enemy_in for every area at once: a search asks
    about many areas of one position)."""
    return {u.zone for u in state.units.values() if u.box == "map" and u.side != side and u.kind != "westwall"}


def armies_in(state: State, area: str, side: str) -> list[Unit]:
    return [u for u in state.in_zone(area) if u.side == side and is_army(u)]


def army_room(
    state: State, area: str, side: str, leaving: tuple[str, ...] = ()
) -> bool:
    """May another army stand here? Unlimited in an MC, else one army an area (8.0)."""
    if data.areas()[area].mc:
        return True
    return not [u for u in armies_in(state, area, side) if u.id not in leaving]


def poised_of(state: State, army_id: str) -> list[Unit]:
    return [u for u in state.units.values() if u.box == "poised" and u.army == army_id]


def player_turn(state: State) -> int:
    """A number for the player-turn under way: two a week, German then Allied (3.1.5)."""
    return state.war.week * 2 + (state.war.player == "allied")


def disrupt(state: State, u: Unit) -> bool:
    """15.1.1, 15.1.3: an army is disrupted and its poised corps drop into its area as columnar
    units. False when it is not an army on the map or is disrupted already."""
    if not is_army(u) or u.box != "map" or u.disrupted:
        return False
    u.disrupted, u.disrupted_turn = True, player_turn(state)
    for p in poised_of(state, u.id):
        p.box, p.army, p.zone, p.held_by = "map", None, u.zone, u.id
    return True


def release(state: State, army: Unit) -> None:
    """15.1.3: the corps dropped from an army's Poised Forces box may move again once it recovers
    or is gone; disruption ends with the army's (15.2) or elimination."""
    for c in state.units.values():
        if c.held_by == army.id:
            c.held_by = None


def fort_strength(state: State, area: str, side: str) -> int:
    """The intrinsic strength of the fortifications that serve `side` in an area: Maginot forts
    for the Allies unless destroyed (14.1, 14.3.4), Westwall markers for the Germans (14.2)."""
    return _forts(state, area, side, "forts")


def fort_dice(state: State, area: str, side: str) -> int:
    """The battle dice those fortifications give: one a Maginot fort, a Westwall marker's dots."""
    return _forts(state, area, side, "dots")


def _forts(state: State, area: str, side: str, what: str) -> int:
    if side == "allied":
        return 0 if area in state.war.destroyed_forts else data.areas()[area].forts
    return sum(
        getattr(face(u), what) for u in state.in_zone(area) if u.kind == "westwall"
    )


def place(state: State, u: Unit, area: str, came_from: str | None = None) -> None:
    """Put a unit (and the corps poised with an army) in an area; the area becomes its side's (20.0)."""
    u.box, u.zone, u.army = "map", area, None
    for p in poised_of(state, u.id):
        p.zone = area
    pass_through(state, u.side, came_from, area)


def pass_through(state: State, side: str, came_from: str | None, area: str) -> None:
    """20.0: an area is held by the side that last passed through it. A German entry into Paris
    from an area of the chosen axis counts for 19.0 until the Allies take the area back."""
    state.control[area] = side  # type: ignore[assignment]
    if area not in PARIS:
        return
    if side == "allied":
        state.war.paris_axis.pop(area, None)
    elif came_from and came_from in data.areas():
        along = (
            bool(state.attack_plan)
            and data.areas()[came_from].axis == state.attack_plan
        )
        state.war.paris_axis[area] = state.war.paris_axis.get(area, False) or along


def friendly_mc_distance(state: State, side: str, exclude: str = "") -> dict[str, int]:
    """Steps from each area to the nearest MC its side controls (13.7.8), through any areas; the
    area a force is driven from does not count as its MC (NOTES.md, 13.7.8)."""
    g = data.graph()
    start = [
        a
        for a, info in data.areas().items()
        if info.mc and state.control.get(a) == side and a != exclude
    ]
    dist = {a: 0 for a in start}
    queue = deque(start)
    while queue:
        a = queue.popleft()
        for b in g.neighbours(a):
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def initial_control() -> dict[str, Side]:
    return {
        a: ("german" if info.country == "G" else "allied")
        for a, info in data.areas().items()
    }
