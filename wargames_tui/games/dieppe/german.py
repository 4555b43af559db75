"""The game's German side: who moves and fires first, and toward whom (dieppe 9.3, 11.1).

Stacks are described by their zone and stacking levels; the caller works out MP
costs on the zone map (going round A/B markers, mines and wire) and rolls a D6 where
the rules leave a tie to the dice.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stack:
    zone: str
    levels: int


def movement_order(stacks: list[Stack]) -> list[Stack]:
    """The biggest stack moves first, down to the smallest (dieppe 9.3)."""
    return sorted(stacks, key=lambda s: (-s.levels, s.zone))


def movement_goal(costs: dict[str, int], candidates: list[Stack]) -> list[Stack]:
    """The stacks a German stack heads for: the nearest by MP, then the biggest (dieppe 9.3).

    candidates are friendly stacks below alarm 6 and British stacks from 6; more than
    one result means a tie for the dice.
    """
    reachable = [s for s in candidates if s.zone in costs]
    if not reachable:
        return []
    nearest = min(costs[s.zone] for s in reachable)
    closest = [s for s in reachable if costs[s.zone] == nearest]
    most = max(s.levels for s in closest)
    return [s for s in closest if s.levels == most]


def fire_order(germans: list[Stack]) -> list[Stack]:
    """The German stack with most levels fires first, and so on down (dieppe 11.1)."""
    return sorted(germans, key=lambda s: -s.levels)


def fire_targets(adjacent_british: list[Stack]) -> list[Stack]:
    """A German stack fires on the adjacent British stack with the fewest levels (dieppe 11.1)."""
    if not adjacent_british:
        return []
    fewest = min(s.levels for s in adjacent_british)
    return [s for s in adjacent_british if s.levels == fewest]
