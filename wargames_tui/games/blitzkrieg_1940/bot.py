"""A purposeful player for either side.

Germany launches Sickle Cut, takes its historical set-up, drops coups on Eben Emael and the
Moerdijk bridge, fights first (14.2) and drives for the Allied cities, attacking at 3:1 or
better after shifts. The Allies fight first, commit the RAF, hold their cities with the units
nearest a threat and counter-attack at 2:1 or better; in 1939 the French drive for the Ruhr
Endangered Area and Germany moves to bar the way. Moves are chosen among a few units at a
time, so a decision stays quick on the largest map. The planner's own policy (`planning_bot`)
differs from this easy level in four places: the French in 1939 go round the German units; the
German screen in 1939 also stands on those ways round (`_block`); the Allies in 1940 spare the
BEF, whose steps lost or out of supply give Germany a victory point (4.8, 4.9): the RAF stays
back, the British hold the Channel ports their supply comes from (10.8) and attack at 4:1 or
better; and they hold Paris, whose hexes in German hands are France's
capitulation rolls (8.8): no Paris hex left empty, the threatened ones held by two (`_posts`).
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from wargames_tui.engine.actionlist import types_of
from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.session import Session
from wargames_tui.games.blitzkrieg_1940 import combat, movement, operations
from wargames_tui.games.blitzkrieg_1940.data import engine_hex, scenario_key
from wargames_tui.games.blitzkrieg_1940.position import ENEMY, Position
from wargames_tui.games.blitzkrieg_1940.victory import objectives
from wargames_tui.games.blitzkrieg_1940.ways import french_steps

COUP_TARGETS = ("E2423", "E2214")  # Eben Emael and the Moerdijk bridge, as in May 1940
SAMPLE = 8  # units weighed for each move
INTERCEPT = 4  # the French units the German bot moves to stop in 1939, and the stacks its screen stays ahead of
GARRISON_REACH = 8  # hexes: a unit farther from an empty Paris hex is not weighed for it
THREAT = 4  # hexes: an Allied city with a German unit this near is threatened
NEED = {"german": 4, "allied": 3}  # the worst column (index: 4 is 3:1) worth attacking at
# An attack with BEF units in it, the BEF spared: their steps lost count toward the BEF's destruction
# (4.9), French ones toward nothing. The planning Allies lost 0-7 BEF steps a game in their own
# attacks (seeds 8301-8310 at d2f1c27), where 15 lost are a roll for Germany's point and 20 the point.
BEF_NEED = 5
WAY_SPAN = 99  # steps: a hex farther from its goals is out of reach (`_best_gain`'s default)


def purposeful_bot(session: Session, rng: random.Random, planning: bool = False) -> Action:
    """The greedy bot (the easy level); planning: the policy of the planner's own plans
    (`planning_bot`): the French in 1939 count their ways round the German units and the German
    screen stands on those ways too, the Allies in 1940 spare the BEF."""
    state = session.state
    actions = session.prompt.actions
    side = session.prompt.side
    kinds = types_of(actions)
    if planning and state.phase == "raf-decision":
        # Committed, the RAF gives Germany a victory point on 4-6 at the end (4.8B); held back,
        # none (4.8C). It came in 5 of the planning Allies' 9 lost games at d2f1c27 (8301-8310).
        return {"type": "raf-commit", "commit": False}
    first = FIXED.get(state.phase)
    if first:
        choice = first(state, actions)
        if choice is not None:
            return choice
    if state.battle is not None:
        return _battle(actions)
    if "order" in kinds:
        fight = side == "allied" or state.turn > 1 or scenario_key(state.scenario) == "1939"
        return {"type": "order", "first": "fight" if fight else "move"}
    if state.phase.endswith("-movement"):
        return _move(session, side, rng, planning) or {"type": "end-phase"}
    if state.phase.endswith("-combat"):
        return _attack(session, actions, planning) or {"type": "end-phase"}
    return actions[0]


def _coups(state: Any, actions: list[Action]) -> Action | None:
    dropped = len(state.drops)
    if dropped < len(COUP_TARGETS):
        h = engine_hex(COUP_TARGETS[dropped])
        for a in actions:
            if a["type"] == "drop" and a["hex"] == h:
                return a
    return {"type": "end-drops"}


FIXED = {
    "sickle-cut": lambda s, a: {"type": "sickle-cut", "launch": True},
    "german-setup": lambda s, a: a[0],  # the historical set-up, listed first; then the dummies one by one
    "coups": _coups,
    "raf-decision": lambda s, a: {"type": "raf-commit", "commit": True},
    "roer": lambda s, a: {"type": "open-dams", "open": scenario_key(s.scenario) == "1939" and s.turn >= 2},
    "allied-capitulation": lambda s, a: a[0],
}


def _battle(actions: list[Action]) -> Action:
    raf = [a for a in actions if a["type"] == "raf"]
    if raf:
        return raf[-1]
    advance = [a for a in actions if a["type"] == "advance"]
    if advance:
        return advance[0]
    return actions[0]


_DISTANCES: dict[tuple, dict[Hex, int]] = {}


def _distances(pos: Position, goals: set[Hex], side: str) -> dict[Hex, int]:
    """Steps from each land hex to the nearest goal; in 1939 over the hexes side's units may
    enter, which 8.12 sets by side alone (no French unit in Holland beyond the Maastricht salient).
    In 1940 read only: kept for the next choice with the same goals (a pass over the whole map at
    every choice was a quarter of a playout's cost, and a playout's cost pushed a wait past 5 s).
    Not in 1939: cheaper playouts there would change how the planning German plans, a met row."""
    if not pos.y1940:
        return _walk(pos, goals, next(iter(pos.units_of(side)), None))
    key = (pos.s.scenario, pos.basic, frozenset(goals))
    if key not in _DISTANCES:
        if len(_DISTANCES) > 64:
            _DISTANCES.clear()
        _DISTANCES[key] = _walk(pos, goals, None)
    return _DISTANCES[key]


def _walk(pos: Position, goals: set[Hex], mover: str | None) -> dict[Hex, int]:
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        h = queue.popleft()
        for n in pos.b.grid.neighbours(h):
            if n not in dist and pos.b.land(n) and (mover is None or pos.may_enter(mover, n)):
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def planning_bot(session: Session, rng: random.Random) -> Action:
    """The policy the planning bot's own plans come from (bots/plan.py, `plans`): the greedy bot,
    but the French in 1939 drive round the German units, not into them (the easy level goes
    straight at the screen, which holds it: scenarios/blitzkrieg_1940/NOTES.md), the German screen
    in 1939 stands on those ways round as well (`_block`), and the Allies in 1940 spare the BEF and
    hold Paris (the module's docstring)."""
    return purposeful_bot(session, rng, planning=True)


def _way(pos: Position, side: str, planning: bool) -> dict[Hex, int]:
    """Steps to side's goals: round the German units for the French in 1939 where planning."""
    goals = _goals(pos, side, planning)
    if planning and side == "allied" and not pos.y1940:
        return french_steps(pos, goals, WAY_SPAN, next(iter(pos.units_of(side)), None))
    return _distances(pos, goals, side)


def _move(session: Session, side: str | None, rng: random.Random, planning: bool) -> Action | None:
    """A move is played as the prompt offers it: the unit selected, then where it goes (13.2)."""
    state = session.state
    assert side is not None
    pos = Position(state)
    if state.selected:
        return _selected_move(session, pos, side, planning) or {"type": "deselect"}
    land = operations.land_actions(state)
    if land:
        return land[0]
    movers = [u for u in pos.units_of(side) if movement.may_move(pos, u)]
    if side == "german" and not pos.y1940:  # the 1939 screen standing across a French stack's way stays
        stay = (_block(pos) if planning else _screen(pos))[1]
        movers = [u for u in movers if pos.s.units[u].hex not in stay]
    waiting = operations.off_map(state, side)
    spare = planning and side == "allied" and pos.y1940
    if spare:
        movers = [u for u in movers if not _holds_paris(pos, u)]
    chosen = _garrison(pos, movers, waiting, spare) if side == "allied" and pos.y1940 else None
    if chosen is None:
        dist = _way(pos, side, planning)
        rng.shuffle(movers)
        best: tuple[int, str] | None = None
        for uid in (waiting[:2] + movers)[:SAMPLE]:
            way = _bef_way(pos) if spare and _bef(pos, uid) else dist
            gain = _best_gain(pos, uid, _options(pos, uid, uid in waiting), way)
            if gain is not None and (best is None or gain[0] > best[0]):
                best = (gain[0], uid)
        chosen = best[1] if best else None
    return {"type": "select", "units": [chosen]} if chosen else None


def _selected_move(session: Session, pos: Position, side: str, planning: bool) -> Action | None:
    """Where the selected unit goes, among the prompt's moves of it: the Allies in 1940 to the
    first of their `_posts` it reaches, else the one that gains most on its goals."""
    if len(pos.s.selected) != 1:
        return None
    uid = pos.s.selected[0]
    options = {_end(a): a for a in session.prompt.actions if a["type"] in ("move", "enter") and not a.get("halt")}
    spare = planning and side == "allied" and pos.y1940 and _bef(pos, uid)
    if side == "allied" and pos.y1940:
        for posts, _home, _keep, bef_only in _posts(pos, planning):
            reach = [h for h in posts if h in options and (_bef(pos, uid) or not bef_only)]
            if reach:
                return options[reach[0]]
    gain = _best_gain(pos, uid, options, _bef_way(pos) if spare else _way(pos, side, planning))
    return gain[1] if gain else None


def _end(action: Action) -> Hex:
    return action["path"][-1] if action.get("path") else action["hex"]


def _goals(pos: Position, side: str, planning: bool = False) -> set[Hex]:
    if not pos.y1940:  # the French attack in 1939 (4.2)
        if side == "allied":
            return objectives(pos.s, side)
        return (_block(pos) if planning else _screen(pos))[0]
    return objectives(pos.s, side) if side == "german" else _threatened(pos)


def _best_gain(pos: Position, uid: str, options: dict[Hex, Action], dist: dict[Hex, int]) -> tuple[int, Action] | None:
    """The move of uid that brings it nearest its goals, with the steps it gains; None if none gains."""
    here = pos.s.units[uid].hex
    here_d = 99 if here is None or uid in operations.off_map(pos.s, operations.side_of(pos.s)) else dist.get(here, 99)
    best: tuple[int, Action] | None = None
    for h, action in options.items():
        gain = here_d - dist.get(h, 99)
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
    return best


def _garrison(pos: Position, movers: list[str], waiting: list[str], spare: bool) -> str | None:
    """A unit to move to the first of the `_posts` that any unit reaches this phase: from the units
    elsewhere within GARRISON_REACH, reserves last."""
    distance = pos.b.grid.distance
    for posts, home, keep, bef_only in _posts(pos, spare):
        if not posts:
            continue
        units = [u for u in movers if _bef(pos, u)] if bef_only else movers + waiting
        near = [u for u in units if u in waiting or (here := pos.s.units[u].hex) is not None
                and (here not in home or keep is not None and len(pos.real(here)) > keep)
                and min(distance(here, h) for h in posts) <= GARRISON_REACH]
        if not spare:
            for uid in near:
                options = _options(pos, uid, uid in waiting)
                if any(h in options for h in posts):
                    return uid
            continue
        # the posts in their order, each to the first unit that reaches it: a unit that reaches
        # only a later post does not take the first's turn
        seen: dict[str, dict[Hex, Action]] = {}
        for h in posts:
            for uid in near:
                if uid not in seen:
                    seen[uid] = _options(pos, uid, uid in waiting)
                if h in seen[uid]:
                    return uid
    return None


def _posts(pos: Position, spare: bool) -> list[tuple[list[Hex], set[Hex], int | None, bool]]:
    """The hexes the Allies in 1940 move units to first, most needed first, each kind as (those
    hexes; the hexes of its kind; the units a hex of that kind must hold beyond this for one of
    them to leave it for those, None for never; BEF units only).
    A Paris hex that holds none: each German-held Paris hex brings France nearer to capitulation
    (8.8); no unit in Paris leaves for it. The BEF spared (the planner's policy): a unit leaves a
    Paris hex of two or more for an empty one; then a threatened Paris hex that holds one, which a
    German attack at 3:1 takes (in the planner's policy's games against the greedy German, seeds
    8301-8316, France capitulated in 5 of the 6 losses, each time after a Paris hex of one unit
    fell); each kind nearest the Germans first (the strategic reserve fills Paris two divisions a
    couplet from turn 1's second, 12.2A, so a hex is still empty when the panzers can first reach
    it); then, for a BEF unit, a Channel port that holds none (`_ports`)."""
    paris = pos.b.cities.get("Paris", ())
    if not spare:
        return [([h for h in paris if not pos.at.get(h)], set(paris), None, False)]
    germans = [h for u in pos.units_of("german") if (h := pos.s.units[u].hex) is not None]
    near = {h: min((pos.b.grid.distance(h, g) for g in germans), default=THREAT + 1) for h in paris}
    paris = tuple(sorted(paris, key=near.__getitem__))  # the panzers come on by one side
    ports = _ports(pos)
    thin = [h for h in paris if near[h] <= THREAT and pos.has_side(h, "allied") and len(pos.real(h)) == 1]
    return [([h for h in paris if not pos.at.get(h)], set(paris), 1, False), (thin, set(paris), 2, False),
            ([h for h in sorted(ports) if not pos.at.get(h)], ports, 1, True)]


def _holds_paris(pos: Position, uid: str) -> bool:
    """The unit is alone in a Paris hex. A German unit takes an empty one by moving through it (3.5C;
    a mechanized one ignores the Allied zones, 9.6A), and each Paris hex Germany holds is a roll for
    France's capitulation at every couplet from turn 5 (8.8): one hex held from then on ends France
    in 87% of games (eleven checks at 1 in 6). France capitulated in the planning Allies' four losses at
    685b6bb (seeds 8301-8310), after a panzer division entered a Paris hex left empty."""
    here = pos.s.units[uid].hex
    return here in pos.b.cities["Paris"] and len(pos.real(here)) == 1


def _bef(pos: Position, uid: str) -> bool:
    """A unit whose steps lost count toward the BEF's destruction (4.9B: British, not the emergency units)."""
    u = pos.b.units[uid]
    return u.nation == "british" and not u.eru


def _ports(pos: Position) -> set[Hex]:
    """The Channel ports the BEF still draws supply from (10.8; lost for good once a German unit
    enters, 10.8A). British steps out of supply at the end count as lost (4.9A): in a greedy game
    where the BEF kept out of Belgium the German took all three by turn 5 and the whole BEF ended
    out of supply (8302)."""
    return {h for p in pos.b.ports for h in pos.b.cities[p] if h not in pos.s.lost_ports}


def _bef_way(pos: Position) -> dict[Hex, int]:
    """Steps to the spared BEF's goals: the Channel ports still open (the Allies' goals once none
    is). The planning Allies' BEF lost 145 of its 194 steps lost to German attacks in Belgium at
    d2f1c27 (seeds 8301-8310, Belgium gave up in all ten); sent to the threatened French cities
    instead, it was destroyed there (Lille, Douai, Arras: 15-20 German units an attack)."""
    return _distances(pos, _ports(pos) or _goals(pos, "allied"), "allied")


def _options(pos: Position, uid: str, waiting: bool) -> dict[Hex, Action]:
    """The unit's moves alone by where they end, as the prompt lists them once it is selected:
    onto the map from the edge for a waiting unit (13.2)."""
    if waiting:
        return {a["hex"]: a for a in operations.enter_actions(pos, [uid])}
    return {h: {"type": "move", "unit": uid, "units": [uid], "path": p} for h, p in movement.destinations(pos, [uid]).items()}


def _screen(pos: Position) -> tuple[set[Hex], set[Hex]]:
    """1939: where the German units go to stop the French, and where those standing stay. They go
    just ahead of the INTERCEPT French units nearest the Ruhr Endangered Area, inside Germany
    (8.12A), where a German zone of control stops them (9.3) (the area itself if there is no such
    hex); and those already just ahead of one of the INTERCEPT nearest French stacks stay there,
    so that the screen does not leave one stack's way to follow the nearest units."""
    b = pos.b
    dist = _distances(pos, set(b.endangered), "allied")  # the French units' own ways there
    french = sorted((dist.get(h, 99), h) for u in pos.units_of("allied") if (h := pos.s.units[u].hex))
    stacks = sorted({h for _d, h in french}, key=lambda h: (dist.get(h, 99), h))

    def ahead(h: Hex) -> set[Hex]:
        return {n for n in b.grid.neighbours(h)
                if b.land(n) and b.country[n] == "Germany" and dist.get(n, 99) < dist.get(h, 99) and not pos.has_side(n, "allied")}

    goals = set().union(*(ahead(h) for _d, h in french[:INTERCEPT]))
    stay = {n for h in stacks[:INTERCEPT] for n in ahead(h) if pos.has_side(n, "german")}
    return goals or set(b.endangered), stay


AHEAD = 2  # hexes of Germany on a French stack's way round that the planner's German screen goes to


def _block(pos: Position) -> tuple[set[Hex], set[Hex]]:
    """1939, the planner's German screen (`planning_bot`): the easy level's (`_screen`, the French
    units' ways straight at the area, as the greedy French go) and, on the ways round the German
    units that the planning French take (`ways.french_steps`, 9.3A, 13.4), the first AHEAD hexes
    of Germany (8.12A) on the way of each of the INTERCEPT French stacks nearest by those ways, with
    the German units next to such a stack or to the first two hexes of its way staying there.
    Planning against planning at 89112dd the French won 10 of 10 (seeds 8401-8410): a lone DIM
    came round the south end of the German line and up the Rhine plain, or the stacks in Belgium,
    with no hex of Germany next to them, left the easy level's screen only the DIM's two hexes as
    goals, and the whole German army walked after it (seed 8401, turn 3). With this screen: German
    6, French 4 on those seeds (3d1adb2); the planning German against the greedy French 15-5."""
    return pos.memo(("block",), lambda: _blocking(pos))


def _blocking(pos: Position) -> tuple[set[Hex], set[Hex]]:
    b = pos.b
    area = set(b.endangered)
    units = pos.units_of("allied")
    dist = french_steps(pos, area, WAY_SPAN, next(iter(units), None))
    stacks = sorted({h for u in units if (h := pos.s.units[u].hex)}, key=lambda h: (dist.get(h, WAY_SPAN), h))
    goals, stay = _screen(pos)
    for h in stacks[:INTERCEPT]:
        way = _way_on(pos, dist, h)
        goals |= set([n for n in way if b.country[n] == "Germany"][:AHEAD])
        stay |= {n for x in (h, *way[:2]) for n in b.grid.neighbours(x) if pos.has_side(n, "german")}
    return goals, stay


def _way_on(pos: Position, dist: dict[Hex, int], h: Hex) -> list[Hex]:
    """The hexes a French unit at h walks to the area by dist, nearest first, ties by hex."""
    way: list[Hex] = []
    here = h
    while dist.get(here, 99) > 0 and len(way) < 12:
        step = min((n for n in pos.b.grid.neighbours(here) if n in dist), key=lambda n: (dist[n], n), default=None)
        if step is None or dist[step] >= dist.get(here, 99):
            break
        way.append(step)
        here = step
    return way


def _threatened(pos: Position) -> set[Hex]:
    """Allied cities with German units within THREAT hexes."""
    germans = {pos.s.units[u].hex for u in pos.units_of("german")}
    within = pos.b.grid.within
    return {h for h in pos.b.city_of if pos.control(h) == "allied" and not germans.isdisjoint(within(h, THREAT))}


def _attack(session: Session, actions: list[Action], planning: bool) -> Action | None:
    state = session.state
    pos = Position(state)
    side = session.prompt.side
    assert side is not None
    enemy = _enemy_as_seen(session.view(side), ENEMY[side])
    best: tuple[float, Action] | None = None
    for a in actions:
        if a["type"] != "attack":
            continue
        est = _estimate(pos, a["attackers"], a["hex"], enemy) + a.get("raf", 0)
        spare = planning and pos.y1940 and any(_bef(pos, u) for u in a["attackers"])
        if est >= (BEF_NEED if spare else NEED[side]) and (best is None or est > best[0]):
            best = (est, a)
    return best[1] if best else None


def _mean(f: str) -> float:
    """A factor's mean: a volatile one is a die (3.5) plus its modifier (14.8)."""
    return max(1.0, 3.5 + int(f)) if combat.volatile(f) else float(f)


def _enemy_as_seen(view: dict[str, Any], enemy: str) -> dict[Hex, tuple[list[str], float]]:
    """Each enemy hex as the bot's own view shows it (11.3): the counters it can name, and the
    defence it guesses for the rest (their count times the mean defence of those it can see)."""
    known = [u for u in view["units"] if u["side"] == enemy and u["status"] == "map" and u["hex"]]
    seen = [_mean(u["defence"]) for u in known if u["steps"] and u["defence"] not in ("", "-")]
    guess = sum(seen) / len(seen) if seen else 1.0
    out: dict[Hex, tuple[list[str], float]] = {}
    for u in known:
        ids, unknown = out.get(u["hex"], ([], 0.0))
        if u["steps"] is None:
            out[u["hex"]] = (ids, unknown + guess)
        else:
            out[u["hex"]] = (ids + [u["id"]], unknown)
    return out


def _estimate(pos: Position, attackers: list[str], d: Hex, enemy: dict[Hex, tuple[list[str], float]]) -> float:
    """The expected column of an attack on what the bot can see of the defence, its own
    volatile factors at their mean."""
    attack = sum(_mean(pos.steps_of(a)[0]) for a in attackers)
    defenders, unknown = enemy.get(d, ([], 0.0))
    defence = sum(_mean(pos.steps_of(u)[1]) for u in defenders if not pos.b.units[u].dummy) + unknown or 1.0
    shifts = sum(x["shift"] for x in combat.shifts(pos, d, attackers, defenders, 0))
    return combat.column_index(max(1, int(attack)), max(1, int(defence))) + shifts
