"""Questions about a position: who is where, stack levels, fronts, ratings (dieppe:2.2)."""

from __future__ import annotations

from operator import attrgetter

from wargames_tui.games.dieppe.combat import Piece
from wargames_tui.games.dieppe.data import CounterDef, Raid, Rating, load_raid
from wargames_tui.games.dieppe.state import State

LAND_KINDS = ("beach", "land")
FOOT_LINKS = frozenset({"road", "track", "landing"})


_PLACE = attrgetter("zone", "aboard", "status")


class Position:
    """A state read with its raid. Who stands where is worked out once for each arrangement
    of the units and kept on the state, so the many Positions an action builds share it."""

    def __init__(self, state: State, raid: Raid | None = None) -> None:
        self.state = state
        self.raid = raid or load_raid()
        key = tuple(map(_PLACE, state.units.values()))
        kept = state.__dict__.get("_places")
        if kept is None or kept[0] != key or kept[1] is not state.units:
            kept = state.__dict__["_places"] = (key, state.units, *_places(state.units, key))
        # zone -> units standing there (not aboard); lca -> units aboard. Shared: never change them.
        self.at: dict[str, list[str]] = kept[2]
        self.cargo: dict[str, list[str]] = kept[3]

    # --- counters ---------------------------------------------------------------------
    def counter(self, uid: str) -> CounterDef:
        return self.raid.counters[uid]

    def rating(self, uid: str) -> Rating:
        c = self.raid.counters[uid]
        return c.reduced if self.state.units[uid].reduced and c.reduced else c.full

    def side(self, uid: str) -> str:
        return self.raid.counters[uid].side

    def kind(self, uid: str) -> str:
        return self.raid.counters[uid].kind

    def levels(self, uid: str) -> int:
        return self.rating(uid).stack

    def piece(self, uid: str) -> Piece:
        r = self.rating(uid)
        return Piece(self.kind(uid), r.ff, r.af, r.stack, self.state.units[uid].done)

    def on_map(self, uid: str) -> bool:
        return self.state.units[uid].status == "map"

    # --- stacks -----------------------------------------------------------------------
    def british(self, zone: str) -> list[str]:
        """British units standing in zone (LCAs included, their passengers not)."""
        return [u for u in self.at.get(zone, []) if self.side(u) == "british" and self.state.units[u].status == "map"]

    def germans(self, zone: str) -> list[str]:
        return [u for u in self.at.get(zone, []) if self.side(u) == "german" and self.state.units[u].status == "map"]

    def lcas(self, zone: str) -> list[str]:
        return [u for u in self.british(zone) if self.kind(u) == "lca"]

    def aboard(self, lca: str) -> list[str]:
        """The units under an LCA (a prisoner is counted apart, see prisoner_levels)."""
        return [u for u in self.cargo.get(lca, []) if self.state.units[u].status == "map"]

    def prisoner_levels(self, zone: str, lca: str | None = None) -> int:
        p = self.state.prisoner
        if p is None:
            return 0
        u = self.state.units[p]
        if u.zone == zone and u.aboard == lca:
            return self.levels(p)
        return 0

    def british_levels(self, zone: str) -> int:
        """Stacking levels of the British standing in zone, a prisoner with them included (dieppe:12)."""
        kind = self.raid.zones[zone].kind
        units = self.british(zone)
        if kind in LAND_KINDS:
            units = [u for u in units if self.kind(u) != "lca"]
        return sum(self.levels(u) for u in units) + (self.prisoner_levels(zone) if kind in LAND_KINDS else 0)

    def german_levels(self, zone: str) -> int:
        return sum(self.levels(u) for u in self.germans(zone))

    def cargo_levels(self, lca: str) -> int:
        zone = self.state.units[lca].zone or ""
        return sum(self.levels(u) for u in self.aboard(lca)) + self.prisoner_levels(zone, lca)

    def limit(self, zone: str) -> int:
        return self.raid.zones[zone].stacking

    def is_land(self, zone: str) -> bool:
        return self.raid.zones[zone].kind in LAND_KINDS

    def neighbours(self, zone: str) -> list[str]:
        return self.raid.graph.neighbours(zone)

    def link(self, a: str, b: str) -> str | None:
        k = self.raid.graph.kind(a, b)
        return k.name if k else None

    # --- fronts (dieppe:2.2) ------------------------------------------------------------
    def german_front(self, zone: str, fresh_only: bool = False) -> str | None:
        """The German unit on top: the highest FF (the Germans always reorganise so, dieppe:2.2)."""
        units = [u for u in self.germans(zone) if not (fresh_only and self.state.units[u].done)]
        return self.front(units)

    def front(self, units: list[str]) -> str | None:
        """The unit on top of a stack: the best fire factor, full strength before reduced; officers,
        sniper and mortar only if no fighting unit is there. The Germans must stack so (dieppe:2.2);
        the British may choose, and this is always their best choice against fire (dieppe:9.2)."""
        return max(units, key=self._front_key, default=None)

    def _front_key(self, uid: str) -> tuple:
        r = self.rating(uid)
        fighter = self.kind(uid) in ("commando", "infantry", "machine_gun", "lca", "flak", "pillbox")
        return (fighter, r.ff, not self.state.units[uid].reduced, r.stack, uid)

    def british_zones(self, land_only: bool = False) -> list[str]:
        zones = [z for z, units in self.at.items() if any(self.side(u) == "british" for u in units)]
        return sorted(z for z in zones if not land_only or self.is_land(z))

    def german_zones(self) -> list[str]:
        return sorted(z for z, units in self.at.items() if any(self.side(u) == "german" and self.on_map(u) for u in units))


def _places(units: dict, key: tuple) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    at: dict[str, list[str]] = {}
    cargo: dict[str, list[str]] = {}
    for uid, (zone, aboard, status) in zip(units, key):
        if status not in ("map", "prisoner") or zone is None:
            continue
        if aboard:
            cargo.setdefault(aboard, []).append(uid)
        else:
            at.setdefault(zone, []).append(uid)
    return at, cargo
