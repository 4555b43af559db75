"""How the game ends: capitulations (8.6-8.10), the Maginot Line (4.7), sudden victories
(4.2, 4.5) and the 1940 victory points (4.4, 4.8-4.10).
"""

from __future__ import annotations

from functools import cache

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.paths import trace_line
from wargames_tui.games.blitzkrieg_1940.data import load_board
from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State

C = "blitzkrieg-1940:"
NATION_OF = {"Holland": "dutch", "Belgium": "belgian", "France": "french"}


# --- the Maginot Line ------------------------------------------------------------------------
def cleared(pos: Position, h: Hex) -> bool:
    return not any(pos.b.units[u].fort for u in pos.at.get(h, ()))


def line_breached(pos: Position) -> bool:
    """Three border hexes in a row cleared of forts, the two gaps skipped (4.7A-C)."""
    line = pos.b.maginot_border
    flags = [cleared(pos, h) for h in line]
    return any(all(flags[i:i + 3]) for i in range(len(flags) - 2))


def line_cut_off(pos: Position) -> bool:
    """No line of communication through France from an Allied Paris hex to the Line (4.7D)."""
    b = pos.b
    starts = [h for h in b.cities.get("Paris", ()) if pos.control(h) == "allied" and not pos.has_side(h, "german")]
    goals = set(b.maginot_border)
    ezoc = pos.ezoc("allied")

    def passable(h: Hex) -> bool:
        return (
            b.country[h] == "France" and b.land(h) and not pos.has_side(h, "german")
            and not (h in b.city_of and pos.control(h) == "german")
            and (h not in ezoc or pos.has_side(h, "allied"))
        )

    return not trace_line(starts, goals, b.grid.neighbours, passable, pos.passable_side)


# --- capitulation ------------------------------------------------------------------------------
def german_cities(pos: Position, country: str) -> list[str]:
    """Cities of a nation whose every hex Germany controls (8.7 design note)."""
    control = pos.control
    return [c for c in _nation_cities(pos.s.scenario, country) if all(control(h) == "german" for h in pos.b.cities[c])]


def every_city_german(pos: Position, country: str) -> bool:
    """Whether Germany controls every hex of every city of the nation (asked after every action)."""
    control, cities = pos.control, pos.b.cities
    return all(control(h) == "german" for c in _nation_cities(pos.s.scenario, country) for h in cities[c])


@cache
def _nation_cities(scenario: str, country: str) -> tuple[str, ...]:
    b = load_board(scenario)
    return tuple(c for c in b.cities if b.city_country[c] == country)


def check_due(pos: Position, country: str) -> bool:
    """Whether a capitulation roll is due for this nation in this couplet's check phase (8.6-8.8)."""
    s = pos.s
    if pos.basic or country in s.capitulated or country in s.checked:
        return False
    if country == "France":
        return s.turn >= 5 and paris_held(pos) > 0
    if country not in s.violated or s.turn < s.violated[country] + 2:
        return False
    return len(german_cities(pos, country)) >= pos.b.game.tables.low_country_cities


def paris_held(pos: Position) -> int:
    return sum(1 for h in pos.b.cities.get("Paris", ()) if pos.control(h) == "german")


def roll_capitulation(state: State, country: str, dice: Dice) -> list[Event]:
    pos = Position(state)
    tables = pos.b.game.tables
    state.checked.append(country)
    bombed = bool(state.terror) and state.terror != "used" and pos.b.country.get(state.terror) == country
    if country == "France":
        held = paris_held(pos)
        need = tables.french_capitulation[min(held, 6) - 1]
        if need >= 6:
            return [Event("capitulation", f"Germany holds {held} Paris hexes: France capitulates", {"case": C + "8.8"})] + capitulate(state, "France")
        roll = dice.roll()
        modified = roll - 1 if bombed else roll  # terror bombing works toward capitulation (8.11, see NOTES)
        falls = modified <= need
        text = f"France: {held} Paris hexes held, rolled {roll}" + (" -1 (terror bombing)" if bombed else "") + (": capitulates" if falls else ": fights on")
        events = [Event("capitulation", text, {"roll": roll, "modified": modified, "need": need, "case": C + "8.8"}, commit=True)]
    else:
        roll = dice.roll()
        modified = roll + 1 if bombed else roll  # 8.11C
        falls = modified >= tables.low_country_roll
        text = f"{country}: rolled {roll}" + (" +1 (terror bombing)" if bombed else "") + (": capitulates" if falls else ": fights on")
        events = [Event("capitulation", text, {"roll": roll, "modified": modified, "case": C + ("8.6" if country == "Holland" else "8.7")}, commit=True)]
    if bombed:
        state.terror = "used"
    if falls:
        events += capitulate(state, country)
    return events


def capitulate(state: State, country: str) -> list[Event]:
    """Every unit of the nation leaves the game, forts included (8.10A)."""
    if country in state.capitulated:
        return []
    state.capitulated.append(country)
    nation = NATION_OF[country]
    pos = Position(state)
    for uid, u in state.units.items():
        if pos.b.units[uid].nation == nation and u.status not in ("dead", "out"):
            u.status, u.hex = "out", None
    return [Event("capitulated", f"{country} capitulates", {"country": country, "case": C + "8.10"}, commit=True)]


def automatic_capitulations(state: State, pos: Position | None = None) -> list[Event]:
    """A nation with no steps left on the map, or every city in German hands, gives up at once (8.9).

    `pos` is the state's position where the caller has one."""
    pos = pos or Position(state)
    if pos.y1940 is False or pos.basic:
        return []  # no capitulation in 1939 (4.6) nor in the basic game (1.3 leaves out 8.0)
    events: list[Event] = []
    for country, nation in NATION_OF.items():
        if country in state.capitulated or (country != "France" and country not in state.violated):
            continue
        if events:
            pos = Position(state)  # a capitulation took units off the map
        on_map = nation in pos.memo("nations on the map", lambda: {pos.b.units[u].nation for here in pos.at.values() for u in here})
        all_cities = every_city_german(pos, country)
        if not on_map or all_cities:
            events.append(Event("capitulation", f"{country}: {'no steps left on the map' if not on_map else 'every city in German hands'}", {"case": C + "8.9"}))
            events += capitulate(state, country)
    return events


# --- sudden victory ------------------------------------------------------------------------------
def sudden_winner(state: State, pos: Position | None = None) -> tuple[str, str] | None:
    pos = pos or Position(state)
    b = pos.b
    goal, nations = (b.ruhr, ("british", "french")) if pos.y1940 else (b.endangered, ("french",))
    at = pos.at
    for h in sorted(goal):
        for u in at.get(h, ()):
            unit = b.units[u]
            if unit.nation in nations:
                if pos.y1940:
                    return "allied", f"{unit.name} entered the Ruhr city hex {b.label(h)} (4.5)"
                return "allied", f"{unit.name} entered the Ruhr Endangered Area at {b.label(h)} (4.2B)"
    return None


# --- the end of the 1940 scenario ------------------------------------------------------------------
def band(lost: int, never: int, always: int, table: dict[int, int]) -> int | None:
    """The highest roll that counts against the loser, 0 for never, None for always."""
    if lost <= never:
        return 0
    if lost >= always:
        return None
    return table[max(k for k in table if k <= lost)]


def final_points(state: State, dice: Dice) -> tuple[int, list[Event], dict[str, int]]:
    pos = Position(state)
    b = pos.b
    vp, t = b.game.vp, b.game.tables
    points: dict[str, int] = {}
    events: list[Event] = []
    for country, key in (("Holland", "holland"), ("Belgium", "belgium"), ("France", "france")):
        if country in state.capitulated:
            points[key] = getattr(vp, key)
    if "France" not in state.capitulated and (state.breached or line_breached(pos) or line_cut_off(pos)):
        points["maginot"] = vp.maginot
    if state.raf == "committed":
        roll = dice.roll()
        severe_raf = roll >= t.raf_severe
        events.append(Event("raf", f"RAF pilot losses: rolled {roll}: " + ("severe" if severe_raf else "bearable"), {"roll": roll, "case": C + "4.8"}, commit=True))
        if severe_raf:
            points["raf"] = vp.raf
    oos = sum(
        st.steps for u, st in state.units.items()
        if st.status == "map" and b.units[u].nation == "british" and not b.units[u].eru and not pos.supplied(u)
    )
    bef = state.bef_lost + oos  # 4.9A
    need = band(bef, t.bef_never, t.bef_always, t.bef_losses)
    destroyed = need is None
    if need:
        roll = dice.roll()
        destroyed = roll <= need
        events.append(Event("bef", f"BEF: {bef} steps lost, rolled {roll}: " + ("destroyed" if destroyed else "saved"), {"roll": roll, "lost": bef, "case": C + "4.9"}, commit=True))
    if destroyed:
        points["bef"] = vp.bef
    need = band(state.german_lost, t.german_never, t.german_always, t.german_losses)
    severe = need is None
    if need:
        roll = dice.roll()
        severe = roll <= need
        events.append(Event("losses", f"German losses: {state.german_lost} steps, rolled {roll}: " + ("severe" if severe else "bearable"), {"roll": roll, "case": C + "4.10"}, commit=True))
    if severe:
        points["german_losses"] = vp.german_losses
    allied_supply = pos.supplied_hexes("french") | pos.supplied_hexes("bef")
    for c, hexes in b.cities.items():
        if b.city_country[c] == "Germany" and not any(h in b.ruhr for h in hexes):
            if any(pos.control(h) == "allied" and h in allied_supply for h in hexes):
                points["german_city"] = vp.german_city
                break
    return sum(points.values()), events, points


def objectives(state: State, side: str) -> set[Hex]:
    """Hexes a bot of side should head for."""
    pos = Position(state)
    b = pos.b
    if not pos.y1940:
        return set(b.endangered) if side == "allied" else {h for h in b.endangered}
    if side == "german":
        return {h for c, hexes in b.cities.items() if b.city_country[c] != "Germany" for h in hexes if pos.control(h) != "german"}
    return {h for c, hexes in b.cities.items() for h in hexes if pos.control(h) == "german" and b.city_country[c] != "Germany"}
