"""Questions about the position: who is where, who holds what, how far (betrayal:1.5, 1.7, 7.2)."""

from __future__ import annotations

from collections import deque
from functools import cache

from wargames_tui.engine.flow import Event
from wargames_tui.games.betrayal.data import Scenario, Unit, load_scenario
from wargames_tui.games.betrayal.state import State

STACK = 3  # ground units per side in an area at the end of movement (betrayal:1.5)
HOMELAND = {"belgian": "B", "dutch": "NL"}


def sc() -> Scenario:
    return load_scenario()


def unit(uid: str) -> Unit:
    return sc().units[uid]


def side_of(uid: str) -> str:
    return _kinds()[1][uid]


def player_of(state: State, uid: str) -> str:
    """The seat that decides for this unit: the British move the minor allies (betrayal:1.7), the
    initiative player handles the automaton (betrayal:3.4.1)."""
    nation = sc().units[uid].nation
    if nation == "german":
        return automaton_player(state)
    return "french" if nation == "french" else "british"


def automaton_player(state: State) -> str:
    """Who decides for the Germans: the initiative player in their turn, else the Allied player who
    is not moving (betrayal:3.3.3, 3.4.1, 4.3 example)."""
    turn = state.phase.split("-")[0]
    if turn in ("french", "british"):
        return "british" if turn == "french" else "french"
    return state.initiative or "french"


def on_map(state: State, uid: str) -> bool:
    return state.pieces[uid].where in sc().areas


@cache
def _kinds() -> tuple[dict[str, bool], dict[str, str]]:
    """Which units fly and which side each is on, looked up often enough to keep at hand."""
    units = sc().units
    return {u: c.air for u, c in units.items()}, {u: ("german" if c.nation == "german" else "allied") for u, c in units.items()}


def ground(state: State, area: str, side: str | None = None) -> list[str]:
    """Ground units in an area, of one side ("german" or "allied") or both, in counter order."""
    air, sides = _kinds()
    return [u for u, p in state.pieces.items() if p.where == area and not air[u] and (side is None or sides[u] == side)]


def occupancy(state: State) -> Occupancy:
    """Ground units by area and side, in one pass, for the questions asked many times over."""
    air, sides = _kinds()
    out: dict[str, dict[str, list[str]]] = {a: {"german": [], "allied": []} for a in sc().areas}
    for u, p in state.pieces.items():
        if not air[u] and p.where in out:
            out[p.where][sides[u]].append(u)
    return out


def enemy(side: str) -> str:
    return "allied" if side == "german" else "german"


def contested(state: State, area: str) -> bool:
    """A Combat Area: ground units of both sides (betrayal:4.4)."""
    return bool(ground(state, area, "german")) and bool(ground(state, area, "allied"))


Occupancy = dict[str, dict[str, list[str]]]


def room(state: State, area: str, side: str, extra: int = 1, occ: Occupancy | None = None) -> bool:
    """Can `extra` more ground units of side end there? No limit for Germans in Germany (1.5)."""
    if side == "german" and sc().border(area):
        return True
    here = occ[area][side] if occ else ground(state, area, side)
    return len(here) + extra <= STACK


def solely(state: State, area: str, side: str) -> bool:
    return bool(ground(state, area, side)) and not ground(state, area, enemy(side))


def air_base_ok(state: State, area: str, side: str) -> bool:
    """Aircraft base only where friendly ground units stand alone (betrayal:3.3.1)."""
    return solely(state, area, side)


def update_control(state: State) -> None:
    """An area belongs to the last side to stand alone in it; the Republic marker to its holder
    while he stands with it (betrayal:7.2)."""
    for area, here in occupancy(state).items():
        g, a = here["german"], here["allied"]
        if g and not a:
            state.control[area] = "german"
        elif a and not g:
            state.control[area] = "allied"
    state.holder = republic_holder(state)


def _can_hold(state: State, area: str, holder: str) -> bool:
    """A unit able to hold the marker stands in the area: French, or German (betrayal:7.2.1)."""
    return any(sc().units[u].nation == holder for u in ground(state, area))


def republic_holder(state: State) -> str | None:
    """Who holds the French Republic marker after the latest change. Its holder keeps it while one
    of his units stands with it, enemies in the area or not, wherever they took it: it is taken only
    when left alone (betrayal:7.2.1, 7.2.3). Left alone, it goes to a French unit with it in an
    area the Allies hold, or a German one with it in a German-held area, else to nobody."""
    area = state.republic
    if state.holder and _can_hold(state, area, state.holder):
        return state.holder
    held = state.control.get(area)
    if held == "allied" and _can_hold(state, area, "french"):
        return "french"
    if held == "german" and _can_hold(state, area, "german"):
        return "german"
    return None


@cache
def neighbours(area: str) -> tuple[str, ...]:
    """The areas next to this one, sorted (the map's own lookup sorts on every call)."""
    return tuple(sc().graph.neighbours(area))


@cache
def distances(start: str) -> dict[str, int]:
    """Areas from start, counting borders crossed (air range, drop allowance, betrayal:3.2.4, 3.3)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


@cache
def depth(area: str) -> int:
    """Borders from the area to the west or south edge of France: smaller is forward for the
    Germans (betrayal:3.4.4 A) and the way back for the Allies (betrayal:4.5.2)."""
    edges = [a.id for a in sc().areas.values() if a.edge]
    return min(distances(e).get(area, 99) for e in edges)


def country_ok(state: State, area: str) -> bool:
    """May German ground units act there under the OKW orders (betrayal:3.4.2 b)?"""
    country = sc().country(area)
    if country == "G" or "ALL" in state.countries:
        return True
    return {"B": "B", "NL": "N"}.get(country) in state.countries


def homeland_ok(uid: str, here: str, there: str) -> bool:
    """Minor allies stay home unless already out (betrayal:1.7)."""
    home = HOMELAND.get(sc().units[uid].nation)
    return home is None or sc().country(here) != home or sc().country(there) == home


def strength(state: State, uid: str, role: str) -> int:
    """The attack or defence value a ground unit uses, by its face (betrayal:1.2, 4.4.1)."""
    u = sc().units[uid]
    if state.pieces[uid].reduced:
        return u.reduced[0] if role == "attack" else u.reduced[1]
    return u.attack if role == "attack" else u.defence


def owners(state: State, units: list[str]) -> list[list[str]]:
    """Units grouped by the player who decides for them, since each chooses losses among his own
    only (betrayal:4.3.1, 4.5.5, 1.7). A loss shared by a mixed stack falls first on the player
    with more units there, then more defence, then the French (our reading, NOTES.md)."""
    by: dict[str, list[str]] = {}
    for u in units:
        by.setdefault(player_of(state, u), []).append(u)
    return sorted(by.values(), key=lambda us: (len(us), sum(strength(state, u, "defence") for u in us), sc().units[us[0]].nation == "french"), reverse=True)


def nation_units(state: State, player: str) -> list[str]:
    """The units a seat moves in its own player turn (betrayal:1.7, 2.2)."""
    nations = {"french": ("french",), "british": ("british", "belgian", "dutch"), "german": ("german",)}[player]
    return sorted(u for u in state.pieces if sc().units[u].nation in nations)


def may_carry(state: State, uid: str, frm: str, to: str) -> bool:
    """A unit of the marker's holder standing with it may take it along, inside France; a British
    unit never (betrayal:7.2.1)."""
    return state.republic == frm and sc().country(to) == "F" and sc().units[uid].nation == state.holder


def with_republic(state: State, moves: list[dict]) -> list[dict]:
    """Each move that may take the marker along, offered twice: leaving it, and taking it
    (the "republic" flag); carrying it is the mover's choice (betrayal:7.2.1)."""
    out = []
    for move in moves:
        out.append(move)
        if may_carry(state, move["unit"], state.pieces[move["unit"]].where, move["to"]):
            out.append({**move, "republic": True})
    return out


def carry_republic(state: State, uid: str, to: str, events: list[Event]) -> None:
    state.republic = to
    events.append(Event("move", f"{sc().units[uid].name} takes the French Republic marker to {sc().areas[to].name} (betrayal:7.2.1)"))


def withdraw_republic(state: State, uid: str, frm: str, to: str, events: list[Event]) -> None:
    """The holder's last unit withdrawing from the marker takes it along (betrayal:7.2.2). Call
    before the unit leaves `frm`."""
    nation = sc().units[uid].nation
    if may_carry(state, uid, frm, to) and not any(sc().units[u].nation == nation for u in ground(state, frm) if u != uid):
        carry_republic(state, uid, to, events)
