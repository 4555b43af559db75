"""Setting up: the historical positions (betrayal:8.0) or the free set-up (betrayal:9.0)."""

from __future__ import annotations

from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.games.betrayal.board import HOMELAND, STACK, ground, room, sc
from wargames_tui.games.betrayal.losses import name
from wargames_tui.games.betrayal.state import State

BORDER_MINIMUM = 3  # ground units in each German border area (betrayal:9.0)
ORDER = ("french", "british", "german")  # the Allies set up first (betrayal:8.0)
SEATS = {"french": ("french",), "british": ("british", "belgian", "dutch"), "german": ("german",)}


def historical(state: State) -> None:
    for uid, area in sc().historical.items():
        state.pieces[uid].where = area


def _in_order(state: State) -> list[str]:
    """The units waiting, ground units before aircraft, which need friendly ground to base on
    (betrayal:3.3.1); each in the order counters.toml lists them (that of 8.0), not by id, where
    10C would come before 1C. Any of them may be placed next."""
    sheet = list(sc().units)
    waiting = [u for u in _mine(state) if state.pieces[u].where == "waiting"]
    return sorted(waiting, key=lambda u: (sc().units[u].air, sheet.index(u)))


def _areas_for(state: State, uid: str) -> list[str]:
    u = sc().units[uid]
    if u.nation == "german":
        borders = [a for a in sc().areas if sc().border(a)]
        if u.air:
            return borders
        left = sum(1 for x in sc().historical if sc().units[x].nation == "german" and not sc().units[x].air and state.pieces[x].where == "waiting")
        short = {a: max(0, BORDER_MINIMUM - len(ground(state, a, "german"))) for a in borders}
        # a unit may go anywhere only if the others can still bring every area up to three
        return [a for a in borders if sum(short.values()) - (1 if short[a] else 0) <= left - 1]
    if u.air:
        # over any Allied ground: all Allied units are friendly (1.5), as AASF over the French in Soissons (8.0)
        return sorted(a for a in sc().areas if sc().country(a) == "F" and ground(state, a, "allied"))
    home = HOMELAND.get(u.nation, "F")
    return sorted(a for a in sc().areas if sc().country(a) == home and room(state, a, "allied"))


COUNTRIES = {"F": "France", "B": "Belgium", "NL": "the Netherlands", "G": "Germany"}


def why_not_here(state: State, uid: str, to: object) -> str:
    """The true reason a unit may not set up in an area (betrayal:9.0)."""
    if not isinstance(to, str) or to not in sc().areas:
        return f"{to!r} is no area of the map"
    u, area = sc().units[uid], sc().areas[to].name
    if u.nation == "german":
        if not sc().border(to):
            return f"German units set up in the German border areas, not in {area}"
        return f"{area} is not open: every German border area must still reach {BORDER_MINIMUM} ground units"
    if u.air:
        if sc().country(to) != "F":
            return f"Allied aircraft base in France, over Allied ground units; {area} is in {COUNTRIES.get(sc().country(to), sc().country(to))}"
        return f"Allied aircraft base over Allied ground units; {area} has none"
    home = HOMELAND.get(u.nation, "F")
    if sc().country(to) != home:
        return f"{u.nation.title()} units set up in {COUNTRIES[home]}; {area} is in {COUNTRIES.get(sc().country(to), sc().country(to))}"
    return f"{area} is full: at most {STACK} Allied ground units in an area (1.5)"


def waiting_units(state: State) -> list[str]:
    """The setting-up side's units not yet placed."""
    return [u for u in _mine(state) if state.pieces[u].where == "waiting"]


def _mine(state: State) -> list[str]:
    return [u for u in sc().units if sc().units[u].nation in SEATS[state.setup_side] and u in sc().historical]


def _historical_rest(state: State) -> list[str] | None:
    """The side's waiting units, if all of them may go to their historical areas at once within the
    limits of 9.0: the stacking limit (1.5), three German ground units in each border area; else
    None. Aircraft take their printed places, where 8.0 itself may base one alone (NOTES.md, 14)."""
    waiting = [u for u in _mine(state) if state.pieces[u].where == "waiting"]
    where = {u: state.pieces[u].where for u in _mine(state)} | {u: sc().historical[u] for u in waiting}
    side = "german" if state.setup_side == "german" else "allied"
    ground_at: dict[str, list[str]] = {}
    for u, a in where.items():
        if not sc().units[u].air:
            ground_at.setdefault(a, []).append(u)
    for a in list(ground_at):
        ground_at[a] += [u for u in ground(state, a, side) if u not in where]  # the French, when the British place
    for a, here in ground_at.items():
        if sc().border(a) and len(here) < BORDER_MINIMUM or not sc().border(a) and len(here) > STACK:
            return None
    if state.setup_side == "german" and any(a not in ground_at for a in sc().areas if sc().border(a)):
        return None
    return waiting


def free_setup_actions(state: State) -> list[Action]:
    """Any waiting unit to any area open to it; or the side's rest at its historical places in one
    action; once everyone is placed that way, lift an area's units to place them again, or be done."""
    if not state.setup_side:
        return []
    waiting = _in_order(state)
    if not waiting:
        if not state.reviewing:
            return []
        lifts = sorted({state.pieces[u].where for u in _mine(state)})
        return [{"type": "setup-done"}] + [{"type": "setup-lift", "area": a} for a in lifts]
    first: list[Action] = [{"type": "setup-historical"}] if _historical_rest(state) else []
    return first + [{"type": "setup", "unit": uid, "to": a} for uid in waiting for a in _areas_for(state, uid)]


def place_free(state: State, action: Action, events: list[Event]) -> None:
    kind = action["type"]
    if kind == "setup":
        uid, to = action["unit"], action["to"]
        if to not in _areas_for(state, uid):
            raise IllegalAction(why_not_here(state, uid, to), "betrayal:9.0")
        state.pieces[uid].where = to
        events.append(Event("setup", f"{name(uid)} sets up in {sc().areas[to].name} (betrayal:9.0)", dict(action)))
    elif kind == "setup-historical":
        for uid in _historical_rest(state) or []:
            state.pieces[uid].where = sc().historical[uid]
        state.reviewing = True
        events.append(Event("setup", f"The {state.setup_side.title()} units still waiting take their historical places (betrayal:8.0, 9.0)", dict(action)))
    elif kind == "setup-lift":
        lifted = [u for u in _mine(state) if state.pieces[u].where == action["area"]]
        for uid in lifted:
            state.pieces[uid].where = "waiting"
        events.append(Event("setup", f"{', '.join(name(u) for u in lifted)} lifted from {sc().areas[action['area']].name} to be placed again", dict(action)))
    else:
        state.reviewing = False
        events.append(Event("setup", f"The {state.setup_side.title()} set-up is done (betrayal:9.0)", dict(action)))
    while state.setup_side and not _in_order(state) and not state.reviewing:
        i = ORDER.index(state.setup_side)
        state.setup_side = ORDER[i + 1] if i + 1 < len(ORDER) else ""
