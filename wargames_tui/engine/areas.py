"""Area maps: named areas joined by connections of different kinds.

A connection kind says what crosses it and at what cost: roads and tracks at 1 or 2 MP,
sea lanes for landing craft only, lines that carry fire but not movement, bridges. Games
describe the kinds as data.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Protocol

from wargames_tui.engine.datafiles import DataFileError

Area = str


@dataclass(frozen=True)
class Kind:
    """What a kind of connection allows. cost None: nothing moves across it."""

    name: str
    cost: int | None = 1
    movers: frozenset[str] = frozenset()  # who may move across; empty means everyone
    fire: bool = True


class LinkLike(Protocol):
    a: str
    b: str
    kind: str


@dataclass
class AreaGraph:
    kinds: dict[str, Kind]
    links: dict[Area, dict[Area, str]] = field(default_factory=dict)

    def connect(self, a: Area, b: Area, kind: str) -> None:
        if kind not in self.kinds:
            raise KeyError(f"unknown connection kind {kind!r}")
        self.links.setdefault(a, {})[b] = kind
        self.links.setdefault(b, {})[a] = kind

    @property
    def areas(self) -> list[Area]:
        return sorted(self.links)

    def link_list(self) -> list[dict[str, str]]:
        """Every connection once, as JSON-ready dicts for a view."""
        return [{"a": a, "b": b, "kind": k} for a, ns in sorted(self.links.items()) for b, k in sorted(ns.items()) if a < b]

    def kind(self, a: Area, b: Area) -> Kind | None:
        name = self.links.get(a, {}).get(b)
        return self.kinds[name] if name else None

    def neighbours(self, a: Area) -> list[Area]:
        return sorted(self.links.get(a, {}))

    def step_cost(self, a: Area, b: Area, mover: str) -> int | None:
        """MPs for mover (a unit type) to cross from a to b, or None if it may not."""
        kind = self.kind(a, b)
        if kind is None or kind.cost is None or (kind.movers and mover not in kind.movers):
            return None
        return kind.cost

    def costs_from(
        self,
        start: Area,
        mover: str,
        budget: int | None = None,
        avoid: Callable[[Area], bool] = lambda a: False,
    ) -> dict[Area, int]:
        """The cheapest MP cost from start to every area mover can reach (within budget)."""
        best = {start: 0}
        queue = [(0, start)]
        while queue:
            spent, here = heapq.heappop(queue)
            if spent > best[here]:
                continue
            for there in self.neighbours(here):
                step = self.step_cost(here, there, mover)
                if step is None or avoid(there):
                    continue
                total = spent + step
                if (budget is None or total <= budget) and total < best.get(there, total + 1):
                    best[there] = total
                    heapq.heappush(queue, (total, there))
        return best

    def radius(self, a: Area, b: Area, carries: Callable[[Kind], bool] = lambda k: True) -> int | None:
        """How many connections separate a and b, counting only connections that carries() accepts."""
        seen = {a: 0}
        frontier = [a]
        while frontier:
            nxt = []
            for here in frontier:
                if here == b:
                    return seen[here]
                for there in self.neighbours(here):
                    kind = self.kind(here, there)
                    if there not in seen and kind is not None and carries(kind):
                        seen[there] = seen[here] + 1
                        nxt.append(there)
            frontier = nxt
        return seen.get(b)

    def within(self, a: Area, r: int, carries: Callable[[Kind], bool] = lambda k: True) -> Iterable[Area]:
        """Every area at most r connections from a (a itself included)."""
        seen = {a}
        frontier = [a]
        for _ in range(r):
            frontier = [
                there
                for here in frontier
                for there in self.neighbours(here)
                if there not in seen and carries(self.kinds[self.links[here][there]]) and not seen.add(there)
            ]
        return sorted(seen)


def graph_from_links(kinds: dict[str, Kind], links: Iterable[LinkLike], areas: Iterable[Area], where: Path) -> AreaGraph:
    """The graph of a map file's links; a link to an area the file does not define is refused
    with the file, the link and the cause."""
    known = set(areas)
    graph = AreaGraph(dict(kinds))
    for i, link in enumerate(links):
        for end in (link.a, link.b):
            if end not in known:
                raise DataFileError(f"{where}: at link {i} ({link.a}-{link.b}): no area {end!r}")
        graph.connect(link.a, link.b, link.kind)
    return graph


def check_anchors(where: Path, what: str, anchors: dict[str, tuple[int, int]], picture: list[str]) -> None:
    """Each area's id must be drawn in the picture where the data says it is."""
    for aid, (col, row) in anchors.items():
        if row >= len(picture) or picture[row][col : col + len(aid)] != aid:
            raise DataFileError(f"{where}: at {what} {aid!r}: its id is not drawn at {(col, row)} in picture.txt")
