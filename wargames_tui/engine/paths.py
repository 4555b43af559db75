"""Movement ranges and line tracing over any graph of hex ids.

Games pass their own rules in as functions: what a step costs, where a unit must
stop, which hexes a line may cross. Zones of control are such parameters.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable, Container, Iterable

Hex = str


@dataclass
class Reach:
    """The cheapest known way to every hex a unit can reach."""

    cost: dict[Hex, int]
    came_from: dict[Hex, Hex]

    def path_to(self, target: Hex) -> list[Hex]:
        """The hexes entered on the way to target (start excluded)."""
        path = [target]
        while path[-1] in self.came_from:
            path.append(self.came_from[path[-1]])
        path.pop()
        return path[::-1]


def movement_range(
    start: Hex,
    budget: int,
    steps: Callable[[Hex], Iterable[tuple[Hex, int]]],
    stops_in: Callable[[Hex], bool],
    first_step_ok: Callable[[Hex], bool] = lambda h: True,
    barred: Container[Hex] = (),
) -> Reach:
    """Dijkstra over hexes: steps(h) lists the hexes a unit may enter from h and their cost
    (whole MPs, at least 1).

    A hex where stops_in is true may be entered but not left; first_step_ok
    filters the hexes a unit may enter from its start (a unit leaving an enemy
    zone of control must first step to a hex outside one); no hex in barred is
    entered (a cheaper way to leave out hexes than filtering steps).
    """
    cost = {start: 0}
    came_from: dict[Hex, Hex] = {}
    # Steps cost whole MPs of at least one, so the queue is a bucket per MP total, each taken
    # in hex order: the order a (total, hex) heap would give, at less cost.
    levels: list[list[Hex]] = [[] for _ in range(budget + 1)]
    for there, step in steps(start):
        if step <= budget and there not in barred and first_step_ok(there) and step < cost.get(there, budget + 1):
            cost[there] = step
            came_from[there] = start
            levels[step].append(there)
    for spent in range(1, budget + 1):
        level = levels[spent]
        level.sort()
        for here in level:
            if spent > cost[here] or stops_in(here):
                continue
            for there, step in steps(here):
                total = spent + step
                if total <= budget and total < cost.get(there, budget + 1) and there not in barred:
                    cost[there] = total
                    came_from[there] = here
                    levels[total].append(there)
    return Reach(cost, came_from)


def trace_line(
    starts: Iterable[Hex],
    goals: set[Hex],
    neighbours: Callable[[Hex], Iterable[Hex]],
    passable: Callable[[Hex], bool],
    crossable: Callable[[Hex, Hex], bool] = lambda a, b: True,
) -> bool:
    """Whether a line of any length joins one of starts to one of goals through passable hexes.

    The starting hexes themselves need not be passable (a unit in an enemy zone may
    still trace a line out of it); crossable can forbid a hexside (a cliff).
    """
    seen = set(starts)
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        if here in goals:
            return True
        for there in neighbours(here):
            if there not in seen and passable(there) and crossable(here, there):
                seen.add(there)
                queue.append(there)
    return False
