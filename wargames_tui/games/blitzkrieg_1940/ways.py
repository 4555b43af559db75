"""1939: the French units' ways to a set of hexes round the German units, for the bots.

A German-held hex cannot be entered or passed (13.4) and one in a German zone of control stops
a move (9.3A), so a screen across a way counts as the detour or the halt it imposes.
"""

from __future__ import annotations

import heapq

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940.position import Position

ZONE = 3  # steps a German zone of control on the way counts for (it ends the move that enters it)


def french_steps(pos: Position, goals: frozenset[Hex] | set[Hex], span: int, mover: str | None = None) -> dict[Hex, int]:
    """Steps from each land hex within span of goals to the nearest of them for a French unit:
    a German-held hex is closed, one in a German zone of control counts ZONE, a goal hex 1.
    With mover, only over the hexes neutrality lets it enter (8.12)."""
    b = pos.b
    held, zone = pos.occupied("german"), pos.zoc_of("german")
    dist = {h: 0 for h in goals if h not in held}
    heap = [(0, h) for h in dist]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h] or d >= span:
            continue
        cost = 1 if h in goals or h not in zone else ZONE  # of entering h from a hex next to it
        for n in b.grid.neighbours(h):
            if n not in held and b.land(n) and d + cost < dist.get(n, span + 1) and (mover is None or pos.may_enter(mover, n)):
                dist[n] = d + cost
                heapq.heappush(heap, (d + cost, n))
    return dist
