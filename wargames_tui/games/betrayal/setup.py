"""Setting up: the historical positions (betrayal:8.0) or the free set-up (betrayal:9.0)."""

from __future__ import annotations

from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.games.betrayal.board import HOMELAND, ground, room, sc
from wargames_tui.games.betrayal.losses import name
from wargames_tui.games.betrayal.state import State

BORDER_MINIMUM = 3  # ground units in each German border area (betrayal:9.0)
ORDER = ("french", "british", "german")  # the Allies set up first (betrayal:8.0)
SEATS = {"french": ("french",), "british": ("british", "belgian", "dutch"), "german": ("german",)}


def historical(state: State) -> None:
    for uid, area in sc().historical.items():
        state.pieces[uid].where = area


def _next_unit(state: State) -> str | None:
    """Ground units before aircraft, which need friendly ground to base on (betrayal:3.3.1)."""
    mine = [u for u in sc().units if sc().units[u].nation in SEATS[state.setup_side] and u in sc().historical]
    waiting = [u for u in mine if state.pieces[u].where == "waiting"]
    waiting.sort(key=lambda u: (sc().units[u].air, u))
    return waiting[0] if waiting else None


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
        return sorted(a for a in sc().areas if sc().country(a) == "F" and any(sc().units[x].nation == u.nation for x in ground(state, a, "allied")))
    home = HOMELAND.get(u.nation, "F")
    return sorted(a for a in sc().areas if sc().country(a) == home and room(state, a, "allied"))


def free_setup_actions(state: State) -> list[Action]:
    uid = _next_unit(state) if state.setup_side else None
    return [{"type": "setup", "unit": uid, "to": a} for a in _areas_for(state, uid)] if uid else []


def place_free(state: State, action: Action, events: list[Event]) -> None:
    uid, to = action["unit"], action["to"]
    if to not in _areas_for(state, uid):
        raise IllegalAction(f"{name(uid)} may not set up in {to}", "betrayal:9.0")
    state.pieces[uid].where = to
    events.append(Event("setup", f"{name(uid)} sets up in {sc().areas[to].name} (betrayal:9.0)", dict(action)))
    while state.setup_side and _next_unit(state) is None:
        i = ORDER.index(state.setup_side)
        state.setup_side = ORDER[i + 1] if i + 1 < len(ORDER) else ""
