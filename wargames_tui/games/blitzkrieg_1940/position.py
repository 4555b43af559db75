"""What the rules ask of a position: who is where, hex control, zones of control, supply.

A Position is built from a State whenever a question is asked and caches its answers,
so it must be rebuilt after the state changes.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property
from operator import attrgetter

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940.data import (
    NEUTRALS,
    Board,
    load_board,
    scenario_key,
)
from wargames_tui.games.blitzkrieg_1940.state import State

ENEMY = {"german": "allied", "allied": "german"}
HOME = {"belgian": "Belgium", "dutch": "Holland"}
BLOCKING = ("all-sea", "blocked")  # no movement, attack or supply across (13.8, 13.10)
GAMES = ("full", "basic")  # the `game` option: the basic game leaves out 3.2, 5.5, 7.0, 8.0, 9.4 and 11.3 (1.3)


def basic_game(state: State) -> bool:
    return state.options.get("game") == "basic"


_PLACE = attrgetter("hex", "status", "z")
_AT: list[object] = []  # scenario, _PLACE of every unit, the `at` they give and its number
_AT_BUILT = [0]  # how many `at` maps have been built: each one's number names its placement
_BOUNDS: dict[tuple[object, ...], tuple[frozenset[Hex], tuple[Hex, ...], frozenset[str]]] = {}
_SUPPLY: dict[tuple[object, ...], frozenset[Hex]] = {}
_ZOC: dict[tuple[object, ...], frozenset[Hex]] = {}


class Position:
    def __init__(self, state: State) -> None:
        self.s = state
        self.b: Board = load_board(state.scenario)
        self.y1940 = scenario_key(state.scenario) == "1940"
        self.basic = basic_game(state)
        self._lines: dict[str, frozenset[Hex]] = {}  # supplied_hexes for this position

    # --- who is where ---------------------------------------------------------------
    @cached_property
    def at(self) -> dict[Hex, list[str]]:
        """The units in each hex, top counter first. Shared between positions with the same
        pieces in the same places (a prompt and the action after it ask again): read only."""
        units = self.s.units
        places = list(map(_PLACE, units.values()))
        if _AT and _AT[0] == self.s.scenario and _AT[1] == places:
            self._placement = _AT[3]
            return _AT[2]
        out: dict[Hex, list[str]] = {}
        for uid, u in units.items():
            if u.status == "map" and u.hex is not None:
                out.setdefault(u.hex, []).append(uid)
        for here in out.values():
            if len(here) > 1:
                here.sort(key=lambda x: (units[x].z, x))
        _AT_BUILT[0] += 1
        self._placement = _AT_BUILT[0]
        _AT[:] = [self.s.scenario, places, out, self._placement]
        return out

    @cached_property
    def placement(self) -> object:
        """A number naming where every piece stands: positions share it only while no piece moves."""
        return self._placement if self.at is not None else None

    @cached_property
    def moved(self) -> frozenset[str]:
        return frozenset(self.s.moved)

    def units_of(self, side: str) -> list[str]:
        return [uid for uid, u in self.s.units.items() if u.status == "map" and self.b.units[uid].side == side]

    def occupant(self, h: Hex) -> str | None:
        """The side of the units in h (a German coup sharing a hex with Allied units counts as German)."""
        here = self.at.get(h)
        if not here:
            return None
        sides = {self.b.units[u].side for u in here}
        return "german" if "german" in sides else "allied"

    def has_side(self, h: Hex, side: str) -> bool:
        return any(self.b.units[u].side == side for u in self.at.get(h, ()))

    def real(self, h: Hex) -> list[str]:
        return [u for u in self.at.get(h, ()) if not self.b.units[u].dummy]

    def top(self, h: Hex) -> str | None:
        """The counter the enemy sees on a stack (11.3): its first real unit."""
        here = self.real(h)
        return here[0] if here else None

    def steps_of(self, uid: str) -> tuple[str, str, int]:
        u = self.b.units[uid]
        return u.steps[len(u.steps) - self.s.units[uid].steps]

    def stack_used(self, h: Hex, side: str) -> int:
        return sum(self.b.units[u].stack for u in self.at.get(h, ()) if self.b.units[u].side == side)

    # --- control and neutrality -------------------------------------------------------
    def control(self, h: Hex) -> str | None:
        if h in self.s.control:
            return self.s.control[h]
        country = self.b.country[h]
        if country == "Germany":
            return "german"
        if country == "France":
            return "allied"
        if country in self.s.violated and (self.y1940 or self.basic):
            return "allied"
        return None

    def neutral(self, country: str) -> bool:
        return country in NEUTRALS and country not in self.s.violated

    def may_enter(self, uid: str, h: Hex) -> bool:
        """Whether neutrality lets this unit move or attack into h (8.4, 8.5, 8.12)."""
        if self.basic:
            return True  # no neutrality rules at all without 8.0 (1.3)
        u = self.b.units[uid]
        country = self.b.country[h]
        if not self.y1940:
            if u.side == "german":
                return country == "Germany"
            return country in ("France", "Germany", "Luxembourg", "Belgium") or h in self.b.maastricht
        if u.side == "german" or country in ("France", "Germany") and u.nation in ("french", "british"):
            return True
        if u.nation in HOME:
            home = HOME[u.nation]
            return country == home or (country == "Germany" and home in self.s.violated)
        return country in NEUTRALS and country in self.s.violated

    def sickle_barred(self, uid: str, h: Hex) -> bool:
        """Operation Sickle Cut: nobody moves or attacks into the Ardennes on turn 1 (6.4)."""
        return bool(self.s.sickle) and self.s.turn == 1 and self.b.terrain[h] == "ardennes"

    def frozen(self, uid: str) -> bool:
        """The Belgian units set up in the Ardennes may not move or attack on a Sickle Cut turn 1 (6.4B)."""
        u = self.b.units[uid]
        return (
            bool(self.s.sickle) and self.s.turn == 1 and u.nation == "belgian"
            and u.hex is not None and self.b.terrain[u.hex] == "ardennes"
        )

    # --- hexsides ---------------------------------------------------------------------
    def side_kind(self, a: Hex, b: Hex) -> str | None:
        pair = frozenset((a, b))
        kind = self.b.sides.get(pair)
        if self.s.dams == "flooded" and pair in self.b.roer:
            return "all-sea"  # the flooded Roer is impassable water for every purpose (13.15B)
        return kind

    def passable_side(self, a: Hex, b: Hex) -> bool:
        return self.side_kind(a, b) not in BLOCKING

    # --- zones of control ---------------------------------------------------------------
    def exerts_zoc(self, uid: str) -> bool:
        u = self.b.units[uid]
        return not (u.coup or u.dummy)

    def zoc_reaches(self, uid: str, h: Hex, n: Hex) -> bool:
        if self.side_kind(h, n) in ("all-sea", "blocked", "causeway") or not self.b.land(n):
            return False  # 9.2A, 13.13B
        here, there = self.b.country[h], self.b.country[n]
        if here == there:
            return not self.neutral(there) or HOME.get(self.b.units[uid].nation) == there
        return not (self.neutral(here) or self.neutral(there))  # 8.3, 9.2C

    def zoc_of(self, side: str) -> frozenset[Hex]:
        """Hexes in the zone of control of side's units."""
        key = (side, self.s.scenario, self.placed(side), tuple(sorted(self.s.violated)), self.s.dams)
        cache = _ZOC
        if key not in cache:
            if len(cache) > 16:
                cache.clear()
            out: set[Hex] = set()
            for uid in self.units_of(side):
                if not self.exerts_zoc(uid):
                    continue
                h = self.s.units[uid].hex
                assert h is not None
                for n in self.b.grid.neighbours(h):
                    if self.zoc_reaches(uid, h, n):
                        out.add(n)
            cache[key] = frozenset(out)
        return cache[key]

    def ezoc(self, side: str) -> frozenset[Hex]:
        return self.zoc_of(ENEMY[side])

    # --- supply ---------------------------------------------------------------------------
    def supply_class(self, uid: str) -> tuple[str, ...]:
        u = self.b.units[uid]
        if u.side == "german":
            return ("german-mech",) if u.mech and self.y1940 else ("german",)
        if u.nation == "british":
            return ("bef", "french") if u.id in ("gb-51", "gb-bauman") else ("bef",)
        if u.nation in HOME:
            return (u.nation,)
        return ("french",)

    def supplied(self, uid: str) -> bool:
        s, u = self.s, self.b.units[uid]
        h = s.units[uid].hex
        if h is None:
            return True
        if s.turn == 1 and not self.basic and (s.couplet == 1 or (self.y1940 and u.side == "german" and u.mech)):
            return True  # 5.5
        country = self.b.country[h]
        if h in self.b.city_of and h not in s.lost_city_supply and (
            (u.nation == "french" and country == "France") or (u.side == "german" and country == "Germany")
        ):
            return True  # 10.11
        if HOME.get(u.nation) == country:
            return True  # 10.10
        return any(h in self.supplied_hexes(c) for c in self.supply_class(uid))

    def supplied_hexes(self, cls: str) -> frozenset[Hex]:
        """Traced once for each set of hexes a line may not cross and of sources: a move that
        changes neither (most moves of a phase) asks the same question again."""
        if cls in self._lines:
            return self._lines[cls]
        s = self.s
        bounds_key = (cls, self.placement, tuple(s.control.items()), tuple(s.violated), tuple(s.lost_ports), s.dams, self.basic)
        if bounds_key not in _BOUNDS:
            if len(_BOUNDS) > 64:
                _BOUNDS.clear()
            _BOUNDS[bounds_key] = self._supply_bounds(cls)
        blocked, start, neutral = _BOUNDS[bounds_key]
        key = (cls, self.s.scenario, blocked, start, neutral, self.s.dams)
        if key not in _SUPPLY:
            if len(_SUPPLY) > 64:
                _SUPPLY.clear()
            _SUPPLY[key] = frozenset(self._trace(blocked, start, neutral))
        self._lines[cls] = _SUPPLY[key]
        return _SUPPLY[key]

    @cached_property
    def signature(self) -> tuple[tuple[str, str], ...]:
        return tuple((u, st.hex) for u, st in self.s.units.items() if st.status == "map" and st.hex)

    def placed(self, side: str) -> tuple[tuple[str, str], ...]:
        """Where side's units stand: what its zone of control depends on."""
        units = self.b.units
        return tuple((u, h) for u, h in self.signature if units[u].side == side)

    def supply_sources(self, cls: str) -> list[Hex]:
        b, s = self.b, self.s
        if cls == "french":
            return [h for h in b.french_edge if not self.has_side(h, "german")]
        if cls == "bef":
            return [h for p in b.ports for h in b.cities[p] if h not in s.lost_ports]
        if cls.startswith("german"):
            return [h for h in b.german_edge if not self.has_side(h, "allied")] + sorted(b.ruhr)
        home = HOME[cls]
        return [h for h, c in b.country.items() if c == home and self.control(h) != "german"]

    def _supply_bounds(self, cls: str) -> tuple[frozenset[Hex], tuple[Hex, ...], frozenset[str]]:
        """What a supply line of this class may not enter, where it starts and the neutrals it avoids (10.5-10.9, 9.4)."""
        side = "german" if cls.startswith("german") else "allied"
        enemy = ENEMY[side]
        ezoc = frozenset() if cls == "german-mech" or self.basic else self.ezoc(side)  # 9.4, not in the basic game
        b = self.b
        occupied: dict[str, set[Hex]] = {side: set(), enemy: set()}
        for h, here in self.at.items():
            for u in here:
                occupied[b.units[u].side].add(h)
        blocked = occupied[enemy] | {h for h in b.city_of if self.control(h) == enemy}
        blocked |= {h for h in ezoc if h not in occupied[side]}
        neutral = frozenset(c for c in ("Belgium", "Holland", "Luxembourg") if self.neutral(c))
        start = tuple(h for h in self.supply_sources(cls) if h not in blocked and b.land(h) and b.country[h] not in neutral)
        return frozenset(blocked), start, neutral

    def _trace(self, blocked: frozenset[Hex], start: tuple[Hex, ...], neutral: frozenset[str]) -> set[Hex]:
        """Every hex a supply line reaches from its sources (10.5, 10.6, 9.4)."""
        b = self.b
        open_sides = self.passable_side
        seen = set(start)
        queue = deque(start)
        country, terrain, neighbours = b.country, b.terrain, b.grid.neighbours
        while queue:
            h = queue.popleft()
            for n in neighbours(h):
                if n in seen or n in blocked or terrain[n] in ("sea", "off") or country[n] in neutral:
                    continue
                if (h, n) in b.sides_index and not open_sides(h, n):
                    continue
                seen.add(n)
                queue.append(n)
        return seen
