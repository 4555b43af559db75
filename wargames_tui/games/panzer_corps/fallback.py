"""Where a unit in danger falls back to, for the bots (bots/greedy.py asks the game's `fall_back`).

A unit is in danger where the enemy's next movement could put enough strength next to it to
attack at DANGER odds or better (its defence doubled where the terrain doubles it, 9.3), and
OUTNUMBERED times what its own side could put there: an outpost, not part of a front that hits
back. With enemy units on several sides a retreat result finds no room and eliminates (9.5(3)),
so such a unit is as good as lost where it stands. It falls back to a place its side holds
where it can (a city keeps its points and doubles its defence), else to an end of its move where
it would be safe (below DANGER odds), else where its own side is strongest against the enemy. A
unit that holds a place stays: leaving it empty gives the place away. Where the side's units count
as lost without a connecting line to map edges at the end (dunkerque 4.1), it falls back along
that line: of its ends equally safe, the one with the shortest line to the edges first, not one where
the enemy is merely weaker (the Allies' outposts fell back into the Antwerpen corner, and the
pocket closed on them there).

Only where the rules pay for its loss (`victory.losses_score`): where the ground alone decides
(El Alamein) a unit sells itself for time; there the greedy British that fell back from the front
lost 19 of 40 games to the greedy Germans (none without it), and the Italians of Operation
Compass, whose losses pay the British nothing, 27 of 40 (17 without).

What the enemy and the side could put next to each hex is read once a movement phase, from the
position as it stood when first asked (kept on the state: `state.copy` carries it on), so a
phase's withdrawals are weighed against the same threat and cost one look at the enemy's moves.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from wargames_tui.engine.hexgrid import Hex, HexGrid
from wargames_tui.games.panzer_corps import victory
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.data import load_scenario
from wargames_tui.games.panzer_corps.state import State

DANGER = 2.0  # the enemy's odds (strength against defence) at which a unit in the open is lost
# How much more strength the enemy must be able to bring next to a unit than its own side, for the
# unit to be an outpost. At 1 (more than its side) the bots fell back from every contested front:
# Khar'kov greedy against greedy, 30 games (seeds 1-30), German units lost 13.3 a game without the
# fall-back, 9.2 with it at 1 and 10.1 at 2, Soviet-held city hexes 5.0, 6.4 and 4.7.
OUTNUMBERED = 2.0
CUT = 1 << 20  # the length of a line from a hex that traces none


def fall_back(state: State, side: str) -> dict[str, list[Hex]]:
    """Side's units in danger where they stand that have yet to move, each with the ends of its
    move that are better than staying, best first; only where the side is moving and its losses
    count."""
    if state.step != "move" or state.side != side or not victory.losses_score(state.scenario, side):
        return {}
    b = Board(state)
    enemy_near, own_near = _nearness(b, side)
    lines, grid = _lines(b, side), b.sc.grid
    held = {h for h in victory.tracked_places(state.scenario) if state.control.get(h) == side}
    found: dict[str, list[Hex]] = {}
    doubled = _doubled(state.scenario, side)
    stacked: dict[Hex, int] = {}  # side's strength in each hex
    for uid in b.units_of(side):
        stacked[b.hex_of(uid)] = stacked.get(b.hex_of(uid), 0) + b.unit(uid).strength
    for uid in b.units_of(side):
        if uid in state.moved or uid in state.pinned or b.hex_of(uid) in held:
            continue  # moved, or holding a place (its points, doubled): a garrison stays
        here, strength = b.hex_of(uid), b.unit(uid).strength

        def rank(h: Hex) -> tuple[bool, bool, int, int, float, bool]:
            """How good an end is, the lower the better (in danger there last)."""
            defence = (stacked.get(h, 0) + (0 if h == here else strength)) * (2 if h in doubled else 1)
            danger = enemy_near.get(h, 0)
            unsafe = danger >= DANGER * defence
            line = _line_from(h, lines, grid) if lines is not None else 0
            return (unsafe and h not in held, h not in held, line, danger - own_near.get(h, 0), danger / defence, unsafe)

        staying = rank(here)
        if not staying[-1] or enemy_near.get(here, 0) < OUTNUMBERED * own_near.get(here, 0):
            continue  # not in danger where it stands
        better = sorted((r, h) for h, kind in b.moves(uid).ends if kind == "move" and (r := rank(h)) < staying)
        if better:
            found[uid] = [h for _, h in better[:4]]
    return found


@cache
def _doubled(scenario_id: str, side: str) -> frozenset[Hex]:
    """The hexes where a unit of side defends doubled: terrain that doubles, and side's battle
    positions (9.3)."""
    sc = load_scenario(scenario_id)
    positions = sc.map.battle_positions if sc.info.rules.battle_position_side == side else []
    return frozenset(h for h, terrain in sc.terrain_at.items() if terrain.doubles_defence) | frozenset(positions)


def _nearness(b: Board, side: str) -> tuple[dict[Hex, int], dict[Hex, int]]:
    """Hex -> the strength of side's enemies that could stand next to it after their next movement,
    and the same for side's own units: worked out once a movement phase (see the module), and once
    for all the playouts a planner starts from one position (each on its own copy of the state)."""
    state = b.state
    phase = (state.turn, state.phase)
    kept = state.__dict__.get("_nearness")
    if kept is None or kept[0] != phase:
        key = (state.scenario, phase, b.position.key)
        tables = _TABLES.get(key)
        if tables is None:
            tables = _TABLES[key] = (_near(b, b.enemy_of(side)), _near(b, side))
            if len(_TABLES) > 16:
                _TABLES.pop(next(iter(_TABLES)))
        kept = state.__dict__["_nearness"] = (phase, *tables)
    return kept[1], kept[2]


_TABLES: dict[tuple, tuple[dict[Hex, int], dict[Hex, int]]] = {}  # the latest positions' tables


def _lines(b: Board, side: str) -> dict[Hex, int] | None:
    """Hex -> the hexes of side's shortest connecting line from it to the map edges its lines must
    reach, through hexes free of enemy units and zones (dunkerque 4.1(2)); None where side traces
    no line."""
    rule = b.rules.points
    if rule is None or rule.side == side:
        return None
    passable = victory.line_ok(b, side)
    dist = {h: 0 for h in b.sc_areas(rule.line_edges) if passable(h)}
    queue = deque(dist)
    while queue:
        h = queue.popleft()
        for n in b.sc.grid.neighbours(h):
            if n not in dist and passable(n):
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def _line_from(h: Hex, lines: dict[Hex, int], grid: HexGrid) -> int:
    """The length of a line from a unit at h: h may stand in an enemy zone, the line then starts
    at a free neighbour (4.1(3)); CUT where there is none."""
    if h in lines:
        return lines[h]
    return min((lines[n] + 1 for n in grid.neighbours(h) if n in lines), default=CUT)


def _near(b: Board, side: str) -> dict[Hex, int]:
    zoc_reach = b.fixed.zoc_reach
    near: dict[Hex, int] = {}
    for uid in b.units_of(side):
        strength = b.unit(uid).strength
        ends = set(b.moves(uid).reach.cost) | {b.hex_of(uid)}
        for n in {n for h in ends for n in zoc_reach[h]}:
            near[n] = near.get(n, 0) + strength
    return near
