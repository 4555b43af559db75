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
        return self.g.units[uid].side

    @cached_property
    def at(self) -> dict[str, list[str]]:
        """Hex -> the counters on it, bottom first."""
        out: dict[str, list[str]] = {}
        for uid, st in self.state.units.items():
            if st.where == "map" and st.hex is not None:
                out.setdefault(st.hex, []).append(uid)
        for here in out.values():
            here.sort(key=lambda u: self.state.units[u].top)
        return out

    def real(self, uids: list[str]) -> list[str]:
        return [u for u in uids if not self.g.units[u].dummy]

    def real_at(self, h: str) -> list[str]:
        return self.real(self.at.get(h, []))

    def owner(self, h: str) -> str | None:
        here = self.at.get(h)
        return self.g.units[here[0]].side if here else None

    def enemy_hexes(self, side: str) -> frozenset[str]:
        """Hexes holding real units of side's enemy."""
        return frozenset(h for h in self.hexes_of(enemy(side)))

    def hexes_of(self, side: str) -> list[str]:
        return [h for h, here in self.at.items() if self.side_of(here[0]) == side and self.real(here)]

    def units_of(self, side: str) -> list[str]:
        return [u for u, st in self.state.units.items() if st.where == "map" and self.side_of(u) == side]

    @cached_property
    def _points(self) -> dict[tuple[str, str], int]:
        out: dict[tuple[str, str], int] = {}
        for h, here in self.at.items():
            for u in here:
                key = (h, self.side_of(u))
                out[key] = out.get(key, 0) + self.g.units[u].stacking
        return out

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
        for h, here in self.at.items():
            real = self.real(here)
            if not real:
                continue
            side = self.side_of(real[0])
            zones[side].add(h)
            zones[side].update(self.m.neighbours[h])  # not across all-sea hexsides (6.2)
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
        owner = self.owner(h)
        if owner == enemy(side) and self.real_at(h):
            return False
        if h in self.ezoc(side):
            return owner == side and bool(self.real_at(h))
        return True

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
