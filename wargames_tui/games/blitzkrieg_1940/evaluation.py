"""How good a Blitzkrieg 1940 position is for one side, for bots that plan ahead (bots/plan.py).

The 1939 scenario is won by the French the moment one of their units enters the Ruhr Endangered
Area before the end of turn 7, and by Germany by preventing it (4.2B). So the German's margin
there is the threat to that area: each French unit whose next move (the rules' own reach: MPs,
terrain, zones of control, neutrality) could end in it counts heavily, each further one by how
near it stands, counted in steps around the German units (no French unit enters a German-held
hex, 13.4, and a German zone of control stops a move, 9.3A: a screen across the way counts as
the detour or the halt it imposes); and the steps on the map, German less French. The 1940
scenario is not evaluated here (None): the planner scores it as a hex game with objectives.
Called on a disguised state, it reads the dummies and stacks as the side's disguise drew them.
"""

from __future__ import annotations

import heapq

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940.movement import allowance, reach
from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State

REACH = 40.0  # a French unit whose next move can end in the Endangered Area
NEAR = 2.0  # each hex a French unit stands within SPAN hexes of the area, nearer to farther
SPAN = 8
STEP = 1.0  # a step on the map
ZONE = 3  # steps a German zone of control on the way counts for (it ends the move that enters it)


def evaluate(state: State, side: str) -> float | None:
    """Side's advantage (above 0 better for side) in 1939; None in 1940."""
    pos = Position(state)
    if pos.y1940:
        return None
    b = pos.b
    area = b.endangered
    steps = _steps_to(pos, area)
    german = 0.0
    for uid, st in state.units.items():
        u = b.units[uid]
        if st.status != "map" or st.hex is None or u.dummy or u.fort:
            continue
        german += STEP * st.steps * (1 if u.side == "german" else -1)
        if u.nation != "french" or not pos.steps_of(uid)[2]:
            continue
        german -= NEAR * max(0, SPAN - steps.get(st.hex, SPAN))
        if min(b.grid.distance(st.hex, h) for h in area) <= pos.steps_of(uid)[2] and area & reach(pos, [uid], st.hex, allowance(pos, uid)).cost.keys():
            german -= REACH
    return german if side == "german" else -german


def _steps_to(pos: Position, area: frozenset[Hex]) -> dict[Hex, int]:
    """Steps from each land hex within SPAN of the area to the nearest of its hexes, for a French
    unit: a German-held hex cannot be entered or passed (13.4), one in a German zone of control
    counts ZONE (a move stops there, 9.3A), the area's own hexes 1 (entering one wins, 4.2B)."""
    b = pos.b
    held, zone = pos.occupied("german"), pos.zoc_of("german")
    dist = {h: 0 for h in area if h not in held}
    heap = [(0, h) for h in dist]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h] or d >= SPAN:
            continue
        cost = 1 if h in area or h not in zone else ZONE  # of entering h from a hex next to it
        for n in b.grid.neighbours(h):
            if n not in held and b.land(n) and d + cost < dist.get(n, SPAN + 1):
                dist[n] = d + cost
                heapq.heappush(heap, (d + cost, n))
    return dist
