"""Who wins a Panzer Corps game: control of places, points, connecting lines (case 4.0 of each game)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import cache

from wargames_tui.engine.flow import Event
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.paths import trace_line
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.data import Scenario, load_scenario
from wargames_tui.games.panzer_corps.state import State


@cache
def tracked_places(scenario_id: str) -> dict[Hex, str]:
    """Hex -> place name, for the places whose control counts (cities, footholds)."""
    sc = load_scenario(scenario_id)
    return {h: p.name for p in sc.map.places if p.kind in sc.info.rules.control for h in p.hexes}


@cache
def place_values(scenario_id: str) -> dict[Hex, int]:
    """Hex -> the VP of the tracked place there, where the rules give places values of their own
    (operation-compass 4.1(1)); empty where they do not."""
    sc = load_scenario(scenario_id)
    values = {h: p.value for p in sc.map.places if p.kind in sc.info.rules.control for h in p.hexes}
    return values if any(values.values()) else {}


def initial_control(sc: Scenario) -> dict[Hex, str]:
    side = sc.info.rules.initial_control
    return {h: side for h in tracked_places(sc.info.id)} if side else {}


def note_entry(state: State, b: Board, uid: str, hexes: list[Hex], moving: bool) -> list[Event]:
    """Control, first charges into cities and railroad cuts when a unit enters hexes."""
    side = b.side_of(uid)
    tracked = tracked_places(state.scenario)
    vp = b.rules.vp
    events = []
    for h in hexes:
        if h not in tracked:
            continue
        state.control[h] = side
        if vp and side == vp.charge_side and h not in state.charged:
            state.charged.append(h)
            events.append(Event("charge", f"{b.label(uid)} charges into {tracked[h]} ({h}): +1 VP ({b.case}:4.2)", {"hex": h}))
    if moving and vp and side == vp.rail_side:
        value = max((vp.rail[kind] for h in hexes for kind in rail_kinds(state.scenario, h) if kind in vp.rail), default=0)
        turn = str(state.turn)
        if value > state.rail_cuts.get(turn, 0):
            state.rail_cuts[turn] = value
            events.append(Event("rail-cut", f"{b.label(uid)} cuts the railroad: {value} VP this turn ({b.case}:4.4)", {}))
    return events


@cache
def _rail_index(scenario_id: str) -> dict[Hex, frozenset[str]]:
    sc = load_scenario(scenario_id)
    index: dict[Hex, set[str]] = {}
    for line in sc.map.lines:
        for h in line.hexes:
            index.setdefault(h, set()).add(line.kind)
    return {h: frozenset(k) for h, k in index.items()}


def rail_kinds(scenario_id: str, h: Hex) -> frozenset[str]:
    return _rail_index(scenario_id).get(h, frozenset())


# --- at any moment ---------------------------------------------------------------
def instant_winner(state: State) -> tuple[str, str] | None:
    """A side that has already won: Khar'kov 4.5, Operation Compass 4.4."""
    b = Board(state)
    rules = b.rules
    if rules.vp and rules.vp.sudden_death:
        side = rules.vp.charge_side
        for h in b.sc.place_hexes(rules.vp.sudden_death):
            if state.control.get(h) == side:
                return side, f"{b.sc.side_name(side)} controls {tracked_places(state.scenario).get(h, h)} ({b.case}:4.5)"
    if rules.footholds:
        side = rules.footholds.sudden_death_side
        holds = tracked_places(state.scenario)
        if holds and all(state.control.get(h) == side for h in holds):
            return side, f"{b.sc.side_name(side)} controls all four footholds ({b.case}:4.4)"
    return None


# --- at the end ----------------------------------------------------------------
def final_result(state: State) -> tuple[str | None, str, dict[str, int]]:
    """The winner (None for a draw), the reason and each side's points, at the end of the last turn."""
    b = Board(state)
    rules = b.rules
    if rules.victory == "points":
        return _points_result(b)
    if rules.victory == "vp":
        return _vp_result(b)
    if rules.victory == "footholds":
        return _foothold_result(b)
    winner = rules.default_winner
    return winner, f"the end of turn {state.turn} came with no other victory ({b.case}:4.2)", {}


def margin(state: State, side: str) -> float:
    """How far side would be ahead if the game ended now, in the scenario's own points (above
    the other side's, or above the points threshold); 0 where the end brings no points."""
    return margin_of(state, side, final_result(state)[2])


def margin_of(state: State, side: str, points: dict[str, int]) -> float:
    """margin, from the points final_result counted."""
    rule = load_scenario(state.scenario).info.rules.points
    if rule is not None:
        lead = points.get(rule.side, 0) - rule.threshold
        return lead if side == rule.side else -lead
    if not points:
        return 0.0
    return points.get(side, 0) - max(v for s, v in points.items() if s != side)


def _eliminated(b: Board, side: str) -> list[str]:
    return [u for u, st in b.state.units.items() if st.status == "eliminated" and b.side_of(u) == side]


def _points_result(b: Board) -> tuple[str | None, str, dict[str, int]]:
    rule = b.rules.points
    assert rule is not None
    side, enemy = rule.side, b.enemy_of(rule.side)
    strength = lambda units: sum(b.unit(u).strength for u in units)
    killed = strength(_eliminated(b, enemy))
    lost = strength(_eliminated(b, side))
    cut_off, evacuated = cut_off_strength(b, enemy, rule.line_edges, rule.port_capacity)
    points = killed + cut_off - rule.own_loss * lost
    winner = side if points >= rule.threshold else enemy
    reason = (
        f"{points} points: {killed} enemy strength eliminated, {cut_off} cut off"
        f" ({evacuated} evacuated by port), minus {rule.own_loss} x {lost} own strength lost;"
        f" {rule.threshold} needed ({rule.case})"
    )
    return winner, reason, {side: points}


def line_ok(b: Board, side: str):
    """Where a connecting line of side may run: no enemy unit, no enemy zone, no impassable hex."""
    zone = b.ezoc(side)
    enemy = b.enemy_of(side)

    def passable(h: Hex) -> bool:
        return h not in zone and b.occupant_side(h) != enemy and b.sc.terrain_at[h].cost is not None

    return passable


def cut_off_strength(b: Board, side: str, edges: list[str], capacity: int) -> tuple[int, int]:
    """Strength of side's units with no connecting line to the edges, after port evacuation (dunkerque 4.1-4.2)."""
    passable = line_ok(b, side)
    neighbours = b.sc.grid.neighbours
    goals = {h for h in b.sc_areas(edges) if passable(h)}
    ports = {h for p in b.sc.map.places if p.kind == "port" for h in p.hexes if passable(h)}
    edge_lines = _joined(goals, neighbours, passable)  # the hexes a line to the edges may pass
    port_lines: dict[Hex, set[Hex]] = {}
    stranded: dict[str, set[Hex]] = {}
    for uid in b.units_of(side):
        start = b.hex_of(uid)
        if _traces(start, goals, edge_lines, neighbours):
            continue
        for p in ports - port_lines.keys():
            port_lines[p] = _joined({p}, neighbours, passable)
        stranded[uid] = {p for p in ports if _traces(start, {p}, port_lines[p], neighbours)}
    total = sum(b.unit(u).strength for u in stranded)
    evacuated = _max_evacuation({u: b.unit(u).strength for u in stranded}, stranded, capacity)
    return total - evacuated, evacuated


def _joined(goals: set[Hex], neighbours: Callable[[Hex], Iterable[Hex]], passable: Callable[[Hex], bool]) -> set[Hex]:
    """The passable hexes joined to goals through passable hexes (goals among them)."""
    seen = set(goals)
    queue = deque(seen)
    while queue:
        for there in neighbours(queue.popleft()):
            if there not in seen and passable(there):
                seen.add(there)
                queue.append(there)
    return seen


def _traces(start: Hex, goals: set[Hex], joined: set[Hex], neighbours: Callable[[Hex], Iterable[Hex]]) -> bool:
    """Whether a line runs from start to goals: start is one, or a passable neighbour is joined
    to them (start itself need not be passable: a unit in an enemy zone, 4.1(3))."""
    return start in goals or any(n in joined for n in neighbours(start))


def _max_evacuation(strength: dict[str, int], reach: dict[str, set[Hex]], capacity: int) -> int:
    """Most strength the ports can take, as a max flow: units -> ports they reach -> capacity each."""
    cap: dict[str, dict[str, int]] = {"source": {}}
    for unit, ports in reach.items():
        cap["source"]["u" + unit] = strength[unit]
        cap["u" + unit] = {"p" + p: strength[unit] for p in ports}
        for p in ports:
            cap.setdefault("p" + p, {})["sink"] = capacity
    total = 0
    while True:
        parent = {"source": ""}
        queue = deque(["source"])
        while queue and "sink" not in parent:
            node = queue.popleft()
            for nxt, room in cap.get(node, {}).items():
                if room > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
        if "sink" not in parent:
            return total
        path = []
        node = "sink"
        while node != "source":
            path.append((parent[node], node))
            node = parent[node]
        amount = min(cap[a][b] for a, b in path)
        for a, b in path:
            cap[a][b] -= amount
            cap.setdefault(b, {})[a] = cap.get(b, {}).get(a, 0) + amount
        total += amount


def _vp_result(b: Board) -> tuple[str | None, str, dict[str, int]]:
    vp = b.rules.vp
    assert vp is not None
    state = b.state
    points = {s.id: 0 for s in b.sc.info.sides}
    cities = {s: 0 for s in points}
    for h in tracked_places(state.scenario):
        owner = state.control.get(h)
        if owner:
            points[owner] += vp.city
            cities[owner] += 1
    for side in points:
        enemy = b.enemy_of(side)
        for u in _eliminated(b, enemy):
            points[side] += vp.tank_kill if side == vp.charge_side and b.unit(u).tank else 1
    points[vp.charge_side] += len(state.charged)
    points[vp.rail_side] += sum(state.rail_cuts.values())
    ranked = sorted(points.items(), key=lambda kv: -kv[1])
    detail = ", ".join(f"{b.sc.side_name(s)} {p} VP ({cities[s]} cities)" for s, p in points.items())
    if ranked[0][1] == ranked[1][1]:
        return None, f"a draw: {detail} ({b.case}:4.0)", points
    return ranked[0][0], f"{detail} ({b.case}:4.0)", points


def _foothold_result(b: Board) -> tuple[str | None, str, dict[str, int]]:
    rule = b.rules.footholds
    assert rule is not None
    state = b.state
    values = place_values(state.scenario)
    points = {s.id: 0 for s in b.sc.info.sides}
    for h, value in values.items():
        owner = state.control.get(h)
        if owner and foothold_supplied(b, owner, h):
            points[owner] += value
    british = b.enemy_of(rule.kills_side)
    points[rule.kills_side] += len(_eliminated(b, british)) // 2
    detail = ", ".join(f"{b.sc.side_name(s)} {p} VP" for s, p in points.items())
    best = max(points.values())
    leaders = [s for s, p in points.items() if p == best]
    winner = leaders[0] if len(leaders) == 1 else rule.ties
    return winner, f"{detail}{'; ties go to ' + b.sc.side_name(rule.ties) if len(leaders) > 1 else ''} ({b.case}:4.0)", points


def foothold_supplied(b: Board, side: str, h: Hex) -> bool:
    """A connecting line from a foothold to side's supply sources (operation-compass 4.3)."""
    rule = b.rules.footholds
    assert rule is not None
    zone = b.ezoc(side)
    enemy = b.enemy_of(side)

    def passable(x: Hex) -> bool:
        if b.occupant_side(x) == enemy or b.sc.terrain_at[x].cost is None or x in b.barred.get(side, ()):
            return False
        return x not in zone or b.occupant_side(x) == side

    if not passable(h):
        return False
    goals = {x for x in b.sc_areas([rule.supply[side]]) if passable(x)}
    return trace_line([h], goals, b.sc.grid.neighbours, passable, lambda x, y: not b.blocked(x, y))


def objectives(state: State, side: str, win_now: bool = False) -> set[Hex]:
    """The hexes a side's victory conditions reward it for reaching. With win_now (the bots'
    goals for choosing moves), while a unit of side can end its next movement on a hex that
    wins at once, that hex alone. Without it (a position's worth, evaluation.py: progress to
    the objectives, the threat counted on its own) never narrowed so."""
    b = Board(state)
    rules = b.rules
    enemy = b.enemy_of(side)
    enemy_hexes = {b.hex_of(u) for u in b.units_of(enemy)}
    if rules.exit and rules.exit.side == side:
        return set(b.sc.edge(rules.exit.edge))
    if rules.sudden_death and rules.sudden_death.side == side:
        return b.sc.place_hexes(rules.sudden_death.places)
    within_reach = win_now and [h for h in instant_hexes(state.scenario, side) if h not in enemy_hexes and _reached(b, side, h)]
    if within_reach:  # a unit can win the game this movement (kharkov 4.5): that is the goal
        return set(within_reach)
    tracked = tracked_places(state.scenario)
    if tracked:
        wanted = {h for h in tracked if state.control.get(h) != side}
        values = place_values(state.scenario)
        if wanted and values:  # the most valuable first (operation-compass 4.1(1): no win on the 1-VP ones alone)
            top = max(values[h] for h in wanted)
            wanted = {h for h in wanted if values[h] == top}
        if rules.vp:  # each enemy unit eliminated pays too (kharkov 4.3)
            wanted |= enemy_hexes
        return wanted or set(tracked)  # holding them all: stay on them
    if rules.points and rules.points.side != side:
        return set(_doubled_hexes(state.scenario))
    return enemy_hexes


def _reached(b: Board, side: str, h: Hex) -> bool:
    """Whether a unit of side could end its next movement on h (units out of range, or
    disrupted then, 9.7(2), not asked)."""
    grid = b.sc.grid
    return any(
        grid.distance(b.hex_of(u), h) <= b.unit(u).move and b.moves_next(u) and h in b.moves(u).reach.cost
        for u in b.units_of(side)
    )


@cache
def losses_score(scenario_id: str, side: str) -> bool:
    """Whether side's units eliminated count in the final result: each pays the enemy VPs
    (kharkov 4.3), a point (dunkerque 4.0) or half of one (operation-compass 4.2, British units
    only); a side whose points count its own losses against it (dunkerque 4.0). Not in El
    Alamein, won by ground alone (el-alamein 4.0)."""
    rules = load_scenario(scenario_id).info.rules
    if rules.vp:
        return True
    if rules.points:
        return side != rules.points.side or rules.points.own_loss > 0
    if rules.footholds:
        return side != rules.footholds.kills_side
    return False


@cache
def wins_at(scenario_id: str, side: str) -> frozenset[Hex]:
    """The hexes a unit of side wins the game at once by entering: kharkov 4.5's cities (their
    control, which entering takes, 4.1(2)). Not el-alamein 4.1's, judged after a combat phase."""
    vp = load_scenario(scenario_id).info.rules.vp
    if vp and vp.sudden_death and vp.charge_side == side:
        return frozenset(load_scenario(scenario_id).place_hexes(vp.sudden_death))
    return frozenset()


@cache
def instant_hexes(scenario_id: str, side: str) -> frozenset[Hex]:
    """The hexes where a unit of side wins the game at once (el-alamein 4.1, kharkov 4.5)."""
    sc = load_scenario(scenario_id)
    rules = sc.info.rules
    if rules.sudden_death and rules.sudden_death.side == side:
        return frozenset(sc.place_hexes(rules.sudden_death.places))
    return wins_at(scenario_id, side)


@cache
def _doubled_hexes(scenario_id: str) -> frozenset[Hex]:
    """The hexes whose terrain doubles a defender (dunkerque:9.3: cities and ports). What the
    side that only loses points wants: every point the enemy scores is its own strength lost
    (dunkerque:4.0), most of it at odds a doubled defender denies; a unit heading for the
    edges its connecting lines need (4.1) walked into the enemy's attacks in the open."""
    sc = load_scenario(scenario_id)
    return frozenset(h for h, terrain in sc.terrain_at.items() if terrain.doubles_defence)
