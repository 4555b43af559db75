"""Questions about a position that several rule sections ask: stacks, zones of control,
allowances, factors, edges and supply lines."""

from __future__ import annotations

from collections import deque
from functools import cached_property

from wargames_tui.games.dynamo.data import Game, Unit, load_game
from wargames_tui.games.dynamo.state import State

SIDES = ("german", "allied")
KORPS = {"15": ("g-5pz", "g-7pz"), "16": ("g-3pz", "g-4pz"), "19": ("g-1pz", "g-2pz", "g-10pz"), "41": ("g-6pz", "g-8pz")}
FLOATERS = ("g-1flak", "g-2flak", "g-ssv", "g-sst", "g-lah")  # 13.5, 13.6, 13.10


def enemy(side: str) -> str:
    return "allied" if side == "german" else "german"


class Board:
    def __init__(self, state: State) -> None:
        self.state = state
        self.g: Game = load_game(state.scenario)
        self.m = self.g.map

    def unit(self, uid: str) -> Unit:
        return self.g.units[uid]

    def side_of(self, uid: str) -> str:
        return self.g.side_of[uid]

    @cached_property
    def _index(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """(hex -> its counters, hex -> its real units), each bottom first."""
        at: dict[str, list[str]] = {}
        real: dict[str, list[str]] = {}
        units = self.state.units
        dummies = self.g.dummies
        for uid, st in units.items():
            if st.hex is None or st.where != "map":
                continue
            at.setdefault(st.hex, []).append(uid)
            if uid not in dummies:
                real.setdefault(st.hex, []).append(uid)
        for index in (at, real):
            for here in index.values():
                if len(here) > 1:
                    here.sort(key=lambda u: units[u].top)
        return at, real

    @property
    def at(self) -> dict[str, list[str]]:
        """Hex -> the counters on it, bottom first."""
        return self._index[0]

    @property
    def _real_at(self) -> dict[str, list[str]]:
        return self._index[1]

    def real(self, uids: list[str]) -> list[str]:
        dummies = self.g.dummies
        return [u for u in uids if u not in dummies]

    def real_at(self, h: str) -> list[str]:
        return list(self._real_at.get(h, ()))

    def owner(self, h: str) -> str | None:
        here = self.at.get(h)
        return self.g.side_of[here[0]] if here else None

    @cached_property
    def _held(self) -> dict[str, frozenset[str]]:
        held: dict[str, set[str]] = {s: set() for s in SIDES}
        for h in self._real_at:
            held[self.g.side_of[self.at[h][0]]].add(h)
        return {s: frozenset(v) for s, v in held.items()}

    def enemy_hexes(self, side: str) -> frozenset[str]:
        """Hexes holding real units of side's enemy."""
        return self._held[enemy(side)]

    def hexes_of(self, side: str) -> list[str]:
        """Hexes holding real units of side, in the order of their ids (not of the units in them: the
        order of a prompt's actions must not tell which counter stands where)."""
        held = self._held[side]
        return sorted(h for h in self.at if h in held)

    def units_of(self, side: str) -> list[str]:
        side_of = self.g.side_of
        return [u for u, st in self.state.units.items() if st.where == "map" and side_of[u] == side]

    @cached_property
    def _points(self) -> dict[tuple[str, str], int]:
        out: dict[tuple[str, str], int] = {}
        side_of, points = self.g.side_of, self.g.stacking_points
        for h, here in self.at.items():
            for u in here:
                key = (h, side_of[u])
                out[key] = out.get(key, 0) + points[u]
        return out

    def points_of(self, side: str) -> dict[str, int]:
        """Hex -> stacking points of side's counters, in the hexes holding side's real units (a new dict)."""
        points = self._points
        return {h: points.get((h, side), 0) for h in self._held[side]}

    def stacking(self, h: str, side: str, leaving: tuple[str, ...] | list[str] = ()) -> int:
        """Stacking points of side's counters in h (7.6), not counting those in leaving."""
        total = self._points.get((h, side), 0)
        for u in leaving:
            if self.state.units[u].hex == h and self.state.units[u].where == "map" and self.side_of(u) == side:
                total -= self.g.units[u].stacking
        return total

    @cached_property
    def _zones(self) -> dict[str, frozenset[str]]:
        zones: dict[str, set[str]] = {s: set() for s in SIDES}
        neighbours = self.m.neighbours
        for h, real in self._real_at.items():
            zone = zones[self.g.side_of[real[0]]]
            zone.add(h)
            zone.update(neighbours[h])  # not across all-sea hexsides (6.2)
        return {s: frozenset(z) for s, z in zones.items()}

    def zoc(self, side: str) -> frozenset[str]:
        """The hexes side's ground units project a zone of control into (6.1, 6.2)."""
        return self._zones[side]

    def ezoc(self, side: str) -> frozenset[str]:
        return self._zones[enemy(side)]

    # --- factors -------------------------------------------------------------
    def values(self, uid: str) -> tuple[int, int]:
        u = self.g.units[uid]
        return u.steps[min(self.state.units[uid].step, len(u.steps) - 1)]

    def attack(self, uid: str) -> int:
        a = self.values(uid)[0]
        return -(-a // 2) if self.state.units[uid].oos else a  # 5.9, fractions up

    def steps_left(self, uid: str) -> int:
        return len(self.g.units[uid].steps) - self.state.units[uid].step

    def allowance(self, uid: str) -> int:
        """Movement points this phase: printed, halved out of supply (5.9), the force marches
        (14.2, 14.3), less one for a Franco-British stack (10.2), halved on Scenario II's first
        turn (24.1). A dummy moves with the fastest real unit of its stack (11.4)."""
        st, u, s = self.state.units[uid], self.g.units[uid], self.state
        move = u.move
        if s.force_march == "2pz" and (uid == "g-2pz" or u.parent == "g-2pz"):
            move *= 2
        elif s.force_march == "19" and u.korps == "19":
            move += 5
        if st.oos:
            move = -(-move // 2)
        if uid in s.halved:
            move = -(-move // 2)
        if uid in s.mixed_start:
            move -= 1
        return max(move, 0)

    def left(self, uid: str) -> int:
        return self.allowance(uid) - self.state.units[uid].spent

    # --- korps (13.0) --------------------------------------------------------
    def korps_whole(self, korps: str) -> bool:
        """A korps may form Schwerpunkt while every panzer division of it is alive and whole (13.7)."""
        return all(self.state.units[d].where == "map" for d in KORPS[korps])

    def korps_members(self, korps: str) -> list[str]:
        members = list(KORPS[korps])
        if korps == "19" and self.state.units["g-gd"].where == "map":
            members.append("g-gd")
        return members

    # --- terrain -------------------------------------------------------------
    def terrain(self, h: str) -> str:
        return self.m.terrain[h]

    def barrier(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.m.barriers

    def port_open(self, h: str) -> bool:
        """A port city German ground units have never entered (20.8, 21.6)."""
        return h in self.m.places and self.m.places[h].kind == "port" and h not in self.state.german_entered

    # --- edges (19.0) ---------------------------------------------------------
    def german_edge(self) -> list[str]:
        e = self.g.rules.edges
        hexes = self.g.edge(e.german)
        if self.state.turn >= e.belgian_switch_turn:
            hexes += self.g.edge(e.german_from_turn_9)
        return hexes

    def allied_edges(self) -> dict[str, list[str]]:
        e = self.g.rules.edges
        out = {"south": self.g.edge(e.allied_south)}
        if self.state.turn < e.belgian_switch_turn:
            out["belgian"] = self.g.edge(e.allied_belgian)
        return out

    def friendly_edge(self, side: str) -> list[str]:
        if side == "german":
            return self.german_edge()
        return [h for hexes in self.allied_edges().values() for h in hexes]

    # --- supply (5.0) and lines of communication (22.3) -----------------------
    def passable(self, side: str, h: str) -> bool:
        """A supply line may use h: no enemy unit there, and no enemy zone unless a friendly unit negates it (5.2, 6.6)."""
        if h in self._held[enemy(side)]:
            return False
        return h not in self._zones[enemy(side)] or h in self._held[side]

    def traced_from(self, side: str, sources: list[str]) -> set[str]:
        """Every hex from which a line of any length reaches one of sources (5.2, 9.5: into, not through, marsh)."""
        seen = {h for h in sources if self.passable(side, h)}
        queue = deque(h for h in seen if self.terrain(h) != "marsh")
        while queue:
            here = queue.popleft()
            for n in self.m.neighbours[here]:
                if n in seen or not self.passable(side, n):
                    continue
                seen.add(n)
                if self.terrain(n) != "marsh":
                    queue.append(n)
        return seen

    def supply_sources(self, side: str) -> list[str]:
        if side == "german":
            return self.german_edge()
        urban = [h for h, t in self.m.terrain.items() if t == "urban" and h not in self.state.german_entered]
        return urban + self.g.edge(self.g.rules.edges.allied_south)
