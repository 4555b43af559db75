"""What the rules ask of a position: who is where, hex control, zones of control, supply.

A Position is built from a State whenever a question is asked and caches its answers,
so it must be rebuilt after the state changes. What depends only on where the pieces stand
(the units in each hex, supply lines, zones of control, ...) is kept on a Placement shared by
every Position of the same arrangement: a count of unit placements (state.placement_changes)
tells when it may have changed, without comparing every unit.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cached_property
from operator import attrgetter
from typing import TypeVar

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940.data import (
    NEUTRALS,
    Board,
    load_board,
    scenario_key,
)
from wargames_tui.games.blitzkrieg_1940.state import State, placement_changes

ENEMY = {"german": "allied", "allied": "german"}
HOME = {"belgian": "Belgium", "dutch": "Holland"}
BLOCKING = ("all-sea", "blocked")  # no movement, attack or supply across (13.8, 13.10)
T = TypeVar("T")
GAMES = ("full", "basic")  # the `game` option: the basic game leaves out 3.2, 5.5, 7.0, 8.0, 9.4 and 11.3 (1.3)


def basic_game(state: State) -> bool:
    return state.options.get("game") == "basic"


_PLACE = attrgetter("hex", "status", "z", "steps")
_SUPPLY: dict[tuple[object, ...], frozenset[Hex]] = {}
_ZOC: dict[tuple[object, ...], frozenset[Hex]] = {}
_STEPS: dict[tuple[str, bool], dict[Hex, tuple[Hex, ...]]] = {}


class Placement:
    """Where every piece of a state stands, worked out once for each arrangement of the pieces
    and shared by every Position of it (read only): a prompt, the action after it and the
    checks after that all ask again. `memo` holds answers that depend on nothing else."""

    built = 0  # how many have been built: each one's number names its arrangement

    def __init__(self, state: State, places: list[object], b: Board) -> None:
        self.units, self.changes, self.places, self.scenario, self.b = state.units, placement_changes(), places, state.scenario, b
        at: dict[Hex, list[str]] = {}
        for uid, u in state.units.items():
            h = u.hex
            if h is not None and u.status == "map":
                if h in at:
                    at[h].append(uid)
                else:
                    at[h] = [uid]
        units = state.units
        for here in at.values():
            if len(here) > 1:
                here.sort(key=lambda x: (units[x].z, x))
        self.at = at
        Placement.built += 1
        self.number = Placement.built
        self.memo: dict[object, object] = {}

    @cached_property
    def signature(self) -> tuple[tuple[str, str], ...]:
        return tuple((u, st.hex) for u, st in self.units.items() if st.status == "map" and st.hex)

    @cached_property
    def placed(self) -> dict[str, tuple[tuple[str, str], ...]]:
        units = self.b.units
        placed: dict[str, list[tuple[str, str]]] = {side: [] for side in ENEMY}
        for u, st in self.units.items():
            if st.status == "map" and st.hex:
                placed[units[u].side].append((u, st.hex))
        return {side: tuple(here) for side, here in placed.items()}


_LAST: list[Placement] = []  # the last arrangement asked about


def placement_of(state: State, b: Board) -> Placement:
    units, now = state.units, placement_changes()
    last = _LAST[0] if _LAST else None
    if last is not None and last.units is units:
        if last.changes == now:
            return last
        places = list(map(_PLACE, units.values()))
        if last.places == places:
            last.changes = now
            return last
    else:
        places = list(map(_PLACE, units.values()))
        if last is not None and last.scenario == state.scenario and last.places == places:
            last.units, last.changes = units, now  # another state with the pieces as they stand
            return last
    _LAST[:] = [Placement(state, places, b)]
    return _LAST[0]


class Position:
    def __init__(self, state: State) -> None:
        self.s = state
        self.b: Board = load_board(state.scenario)
        self.y1940 = scenario_key(state.scenario) == "1940"
        self.basic = basic_game(state)
        self._lines: dict[str, frozenset[Hex]] = {}  # supplied_hexes for this position

    # --- who is where ---------------------------------------------------------------
    @cached_property
    def where(self) -> Placement:
        return placement_of(self.s, self.b)

    @cached_property
    def at(self) -> dict[Hex, list[str]]:
        """The units in each hex, top counter first: read only."""
        return self.where.at

    @cached_property
    def placement(self) -> object:
        """A number naming where every piece stands: positions share it only while no piece moves."""
        return self.where.number

    @cached_property
    def moved(self) -> frozenset[str]:
        return frozenset(self.s.moved)

    def units_of(self, side: str) -> list[str]:
        """Side's units on the map, in the order of the state's units."""
        return self.memo(("on-map", side), lambda: [u for u, _h in self.where.placed[side]])

    def waiting(self, side: str) -> list[str]:
        """Side's units in the strategic reserve or in Britain, in the order of the state's units."""
        units = self.b.units
        return self.memo(("waiting", side), lambda: [u for u, st in self.s.units.items()
                                                     if st.status in ("sr", "britain") and units[u].side == side])

    def memo(self, key: object, make: Callable[[], T]) -> T:
        """An answer that depends only on where the pieces stand, kept while none moves."""
        memo = self.where.memo
        if key not in memo:
            memo[key] = make()
        return memo[key]  # type: ignore[return-value]

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
        # Control counts only at cities (blocking) and, for a home army, in its own country (sources).
        control = tuple(s.control.items()) if cls in HOME else tuple(map(s.control.get, self.b.city_of))
        memo_key = ("supply", cls, control, tuple(s.violated), tuple(s.lost_ports), s.dams, self.basic)
        self._lines[cls] = self.memo(memo_key, lambda: self._supplied_hexes(cls))
        return self._lines[cls]

    def _supplied_hexes(self, cls: str) -> frozenset[Hex]:
        blocked, start, neutral = self._supply_bounds(cls)
        key = (cls, self.s.scenario, blocked, start, neutral, self.s.dams)
        if key not in _SUPPLY:
            if len(_SUPPLY) > 64:
                _SUPPLY.clear()
            _SUPPLY[key] = frozenset(self._trace(blocked, start, neutral))
        return _SUPPLY[key]

    @property
    def signature(self) -> tuple[tuple[str, str], ...]:
        return self.where.signature

    def placed(self, side: str) -> tuple[tuple[str, str], ...]:
        """Where side's units stand: what its zone of control depends on."""
        return self.where.placed[side]

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

    def occupied(self, side: str) -> frozenset[Hex]:
        """Hexes holding side's units."""
        return self.memo(("occupied", side), lambda: frozenset(h for _u, h in self.where.placed[side]))

    def _supply_bounds(self, cls: str) -> tuple[frozenset[Hex], tuple[Hex, ...], frozenset[str]]:
        """What a supply line of this class may not enter, where it starts and the neutrals it avoids (10.5-10.9, 9.4)."""
        side = "german" if cls.startswith("german") else "allied"
        enemy = ENEMY[side]
        ezoc = frozenset() if cls == "german-mech" or self.basic else self.ezoc(side)  # 9.4, not in the basic game
        b = self.b
        control = self.control
        blocked = self.occupied(enemy) | {h for h in b.city_of if control(h) == enemy} | (ezoc - self.occupied(side))
        neutral = frozenset(c for c in ("Belgium", "Holland", "Luxembourg") if self.neutral(c))
        start = tuple(h for h in self.supply_sources(cls) if h not in blocked and b.land(h) and b.country[h] not in neutral)
        return blocked, start, neutral

    def _trace(self, blocked: frozenset[Hex], start: tuple[Hex, ...], neutral: frozenset[str]) -> set[Hex]:
        """Every hex a supply line reaches from its sources (10.5, 10.6, 9.4)."""
        steps = self._supply_steps()
        country = self.b.country
        seen = set(start)
        queue = deque(start)
        while queue:
            for n in steps[queue.popleft()]:
                if n in seen or n in blocked or country[n] in neutral:
                    continue
                seen.add(n)
                queue.append(n)
        return seen

    def _supply_steps(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex's neighbours a supply line may step to whatever the units: land, across an
        open hexside (worked out once for each board and state of the Roer dams)."""
        key = (self.s.scenario, self.s.dams == "flooded")
        if key not in _STEPS:
            b = self.b
            _STEPS[key] = {
                h: tuple(n for n in b.grid.neighbours(h) if b.terrain[n] not in ("sea", "off")
                         and ((h, n) not in b.sides_index or self.passable_side(h, n)))
                for h in b.terrain
            }
        return _STEPS[key]
