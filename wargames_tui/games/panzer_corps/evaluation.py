"""How good a Panzer Corps position is for one side, for bots that plan ahead (bots/plan.py).

What the scenario's victory conditions (4.0) reward, as if the game ended now (its points or
VP margin); material, as strength lost by each side; progress, each unit's distance to its
side's objectives; and threats: a unit that could reach a hex that wins at once (a sudden-death
hex, or the edge a side breaks off from) in its next movement, as the rules' own movement
works it out from the position. Everything is read from both sides alike, so a side's threat
is the other's danger. Panzer Corps hides nothing: the state is what either side may know.
"""

from __future__ import annotations

import heapq
from functools import cache

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.panzer_corps import victory
from wargames_tui.games.panzer_corps.board import Board, static_costs
from wargames_tui.games.panzer_corps.data import load_scenario
from wargames_tui.games.panzer_corps.state import State

POINT = 2.0  # a point of a points threshold (dunkerque 4.0: a point is a strength point), in strength
VP = 4.0  # a victory point where both sides count them (kharkov 4.0, operation-compass 4.0): a unit eliminated is 1 VP or half of one there
AHEAD = 0.5  # points: the side that would win if the game ended now (so a tie counts for its winner)
LOST = 1.0  # a strength point eliminated
ON_GOAL = 1.5  # a unit standing on one of its side's objectives
STEP = 0.15  # each hex between a unit and its side's nearest objective, up to FAR
FAR = 12
THREAT = 40.0  # a side with a unit that can win at once in its next movement
THREAT_EACH = 4.0  # and each further unit that could
LATER = {2: 0.3, 3: 0.1}  # a share of THREAT for a unit that could in two or three movements
EXPOSED = 0.5  # of a held place's worth to both sides, where none of its holder's units stands on it and an enemy unit's next movement could end there


def evaluate(state: State, side: str) -> float:
    """Side's advantage in strength points: above 0 is better for side than for its enemy."""
    b = Board(state)
    enemy = b.enemy_of(side)
    value = _standing(state, side)
    for s, sign in ((side, 1.0), (enemy, -1.0)):
        value += sign * _side_value(b, s)
    return value


def _standing(state: State, side: str) -> float:
    """Side's lead in the scenario's own points if the game ended now, and half a point for
    the side that would win then (a tie goes to one side: operation-compass 4.0, dunkerque 4.0)."""
    winner, _, points = victory.final_result(state)
    if not points:
        return 0.0
    lead = victory.margin_of(state, side, points)
    if winner is not None:
        lead += AHEAD if winner == side else -AHEAD
    return _vp_weight(state) * lead


def _side_value(b: Board, side: str) -> float:
    value = 0.0
    for uid, st in b.state.units.items():
        if b.side_of(uid) != side:
            continue
        strength = b.unit(uid).strength
        if st.status == "eliminated":
            value -= LOST * strength
        elif st.status == "map" and st.disrupted:
            value -= 0.25 * strength
    if b.state.step == "over":  # nothing is left to reach, hold or threaten: the result and material decide
        return value
    goals = victory.objectives(b.state, side)
    units = b.units_of(side)
    if goals:
        grid = b.sc.grid
        for uid in units:
            h = b.hex_of(uid)
            if h in goals:
                value += ON_GOAL
            else:
                value -= STEP * min(FAR, min(grid.distance(h, g) for g in goals))
    value -= _exposed(b, side)
    threats = sum(1 for uid in units if _can_win_from(b, uid, side))
    if threats:
        value += THREAT + THREAT_EACH * (threats - 1)
    else:
        value += THREAT * LATER.get(_turns_to_win(b, side, units), 0.0)
    return value


def _exposed(b: Board, side: str) -> float:
    """What side stands to lose in the places it holds with none of its units on them, where an
    enemy unit's next movement could end (control goes to the last to enter, kharkov 4.1(2),
    operation-compass 4.1(2)): each place's worth to both sides, and a first charge into it
    (kharkov 4.2), as a share. A player garrisons or screens the places in the enemy's reach."""
    rules = b.rules
    state = b.state
    empty = [h for h in victory.tracked_places(state.scenario) if state.control.get(h) == side and not b.at.get(h)]
    if not empty:
        return 0.0
    enemy = b.enemy_of(side)
    values = victory.place_values(state.scenario)
    charge = rules.vp is not None and rules.vp.charge_side == enemy
    grid = b.sc.grid
    lost = 0.0
    raiders = [(b.hex_of(u), b.unit(u).move, u) for u in b.units_of(enemy) if b.moves_next(u)]
    for h in empty:
        if any(grid.distance(at, h) <= move and h in b.moves(u).reach.cost for at, move, u in raiders):
            worth = values.get(h) or (rules.vp.city if rules.vp else 1)
            lost += 2 * worth + (1 if charge and h not in state.charged else 0)
    return EXPOSED * _vp_weight(state) * lost


def _vp_weight(state: State) -> float:
    """A point of the scenario's own, in strength points."""
    return POINT if load_scenario(state.scenario).info.rules.points else VP


def _turns_to_win(b: Board, side: str, units: list[str]) -> int:
    """The fewest movements any unit of side needs to reach a hex that wins at once, as MPs
    over the terrain with the enemy's units in the way and its zones costing a movement each
    (an estimate beyond the next movement), and the next movement for a unit disrupted in it
    (9.7(2)); 0 where nothing wins at once."""
    goals = victory.instant_hexes(b.state.scenario, side)
    exit_rule = b.rules.exit
    if exit_rule and exit_rule.side == side:
        goals = frozenset(b.sc.edge(exit_rule.edge))
    if not goals or not units:
        return 0
    moves = [b.unit(u).move for u in units]
    stop = max(moves)  # entering an enemy zone ends a movement: about a movement's MPs lost
    barred, zone = b.held(side), b.ezoc(side)
    horizon = max(LATER) * stop  # no further than the movements that count
    into = _steps_into(b.state.scenario, side)
    dist = {g: 0 for g in goals if g not in barred}
    heap = [(0, g) for g in dist]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for n, cost in into[h]:
            nd = d + cost + (stop if h in zone else 0)
            if nd <= horizon and n not in barred and nd < dist.get(n, 1 << 30):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    far = 1 << 30
    return min((-(-dist.get(b.hex_of(u), far) // m) + (not b.moves_next(u)) for u, m in zip(units, moves) if m), default=0)


@cache
def _steps_into(scenario_id: str, side: str) -> dict[Hex, list[tuple[Hex, int]]]:
    """h -> the hexes side's units may step into h from, with the MP cost: for distances to h."""
    table, costs = static_costs(scenario_id, side)
    into: dict[Hex, list[tuple[Hex, int]]] = {h: [] for h in table}
    for (a, b), cost in costs.items():
        into[b].append((a, cost))
    return into


def _can_win_from(b: Board, uid: str, side: str) -> bool:
    """Whether uid's next movement could end on a hex that wins the game for side at once (a
    unit disrupted in it may not move, 9.7(2))."""
    rules = b.rules
    exit_rule = rules.exit
    wins_at = victory.instant_hexes(b.state.scenario, side)
    if not wins_at and not (exit_rule and exit_rule.side == side):
        return False
    if not b.moves_next(uid):
        return b.hex_of(uid) in wins_at
    enemy_here = b.held(side)
    for h, kind in b.moves(uid).ends:
        if kind == "exit" or (h in wins_at and h not in enemy_here):
            return True
    return b.hex_of(uid) in wins_at
