"""A greedy opponent: heads for its side's objectives, attacks at the best odds it can get.

It asks the game for `objectives(state, side)` (hexes worth reaching) and
`board(state).grid` for distances; anything it has no opinion on it picks at random.
It is no strategist, but it plays with purpose, which is what a lone player and the
balance checks of the reconstructed scenarios need.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import Any, Iterator

from wargames_tui.engine.actionlist import ActionList, LazyPart, sketches
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session


@dataclass(frozen=True)
class Style:
    """How boldly the greedy bot plays; the search bot tries others."""

    worth_attacking: float = 0.4  # the least mean worth of a CRT column it attacks at
    in_the_way: float = 0.6  # worth added to an attack on a unit on or next to its objectives
    zone_steps: int = 3  # what an enemy zone of control on the way counts for, in steps
    guards: int = 1  # guards against each enemy unit that could reach its objectives soon
    guard_turns: int = 1  # how many turns ahead "soon" is
    keep_off: int = 0  # steps of progress a move gives up to avoid ending next to an enemy unit
    falls_back: bool = False  # units the game finds in danger where they stand (`fall_back`) move first
    blocks: bool = False  # a unit that stops the enemy's win at once (`blocks`) moves before anything else


DEFAULT = Style()
# The worst mean worth of a column any style attacks at, whatever stands in the way: the plain
# style's own floor. A bolder style attacked at 1:1 wherever every enemy unit was a goal.
WORST = DEFAULT.worth_attacking - DEFAULT.in_the_way
MOVES = frozenset({"move", "enter", "place"})


def greedy_bot(session: Session, rng: random.Random, style: Style = DEFAULT) -> Action:
    prompt = session.prompt
    actions = prompt.actions
    kinds = _kinds(actions)
    side = prompt.side
    view = session.view(side)
    if kinds & MOVES:  # breaking off first, where listed: _approach plays it when it meets it
        return _approach(session, actions, side, view, rng, style)
    exit_at = next((i for i, a in enumerate(sketches(actions)) if a["type"] == "exit"), None) if "exit" in kinds else None
    if exit_at is not None:
        return actions[exit_at]
    if "declare" in kinds:
        return _best_attack(session, actions, rng, style)
    if "advance" in kinds:
        return next(a for a in actions if a["type"] == "advance")
    if "remove" in kinds:
        strength = {u["id"]: u["strength"] for u in view["units"]}
        return min((a for a in actions if a["type"] == "remove"), key=lambda a: (strength[a["unit"]], a["unit"]))
    return rng.choice(actions)


def _kinds(actions: list[Action]) -> set[str]:
    """The action types offered, a lazy part's counted as the types it may hold (unbuilt)."""
    if isinstance(actions, ActionList):
        return {k for kinds, _ in actions.runs() for k in kinds}
    return {a["type"] for a in actions}


def _distances(
    session: Session, goals: set[str], costly: set[str] = frozenset(), barred: set[str] = frozenset(), zone_steps: int = 1
) -> dict[str, int]:
    """Steps from every hex to the nearest goal: a hex in costly counts zone_steps (an enemy
    zone stops a move), a hex in barred cannot be passed (an enemy unit stands there).
    Read only: the same answer serves every decision while the enemy stands still."""
    grid = session.game.board(session.state).grid
    key = (id(grid), frozenset(goals), frozenset(costly), frozenset(barred), zone_steps)
    found = _DISTANCES.get(key)
    if found is None or found[0] is not grid:
        if len(_DISTANCES) >= 256:
            _DISTANCES.clear()
        found = _DISTANCES[key] = (grid, _steps(grid, goals, costly, barred, zone_steps))
    return found[1]


_DISTANCES: dict[tuple, tuple[Any, dict[str, int]]] = {}  # the last positions' distance maps


def _steps(grid: Any, goals: set[str], costly: set[str], barred: set[str], zone_steps: int) -> dict[str, int]:
    dist = {g: 0 for g in goals}
    heap = [(0, g) for g in goals]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        step = zone_steps if h in costly else 1
        for n in grid.neighbours(h):
            if n not in barred and d + step < dist.get(n, 1 << 30):
                dist[n] = d + step
                heapq.heappush(heap, (d + step, n))
    return dist


def _approach(session: Session, actions: list[Action], side: str | None, view: dict[str, Any], rng: random.Random, style: Style) -> Action:
    """Raiders head for the side's objectives; guards, nearer what the enemy wants, hold or close in.

    Each enemy unit that could reach its objectives next turn gets a guard: the nearest own
    unit within its reach that stands nearer those objectives than its own. A guard stays
    put unless it can step next to an enemy unit (to block it with its zone of control).
    A move never ends on a full hex. A move onto a hex that wins the game at once (`wins_at`)
    comes before any other; then, in a style that blocks, a move the game names as stopping the
    enemy's win at once (`blocks`); then, in a style that falls back, units the game names in
    danger (`fall_back`) fall back before anything else moves.
    """
    game, state = session.game, session.state
    goals = set(game.objectives(state, side))
    enemy = next((s for s in view["sides"] if s != side), None)
    threats = set(game.objectives(state, enemy)) if enemy else set()
    grid = game.board(state).grid
    enemy_hexes = {u["hex"] for u in view["units"] if u["side"] == enemy and u["status"] == "map"}
    near_enemy = {n for h in enemy_hexes for n in grid.neighbours(h)}
    dist = _distances(session, goals, near_enemy, enemy_hexes - goals, style.zone_steps) if goals else {}
    danger = _distances(session, threats) if threats else {}
    far = 10**6
    raiders = [  # enemy units that could reach one of their objectives next turn
        (u["hex"], u.get("move", 0))
        for u in view["units"]
        if u["side"] == enemy and u["status"] == "map" and danger.get(u["hex"], far) <= style.guard_turns * u.get("move", 0) + 1
    ]
    own = {u["id"]: u["hex"] for u in view["units"] if u["side"] == side and u["status"] == "map"}
    guards: set[str] = set()  # for each raider, the nearest own unit between it and its goal
    # Where what the enemy wants is our units themselves (their hexes), a unit guards nothing
    # by standing still: it is the target, and every unit would stand "between".
    targets_only = threats == set(own.values())
    between = [] if targets_only else [(uid, h) for uid, h in own.items() if danger.get(h, far) < dist.get(h, far)]
    for e, move in raiders:
        reach = style.guard_turns * move + 1
        near = heapq.nsmallest(style.guards, ((d, uid) for uid, h in between if uid not in guards and (d := grid.distance(h, e)) <= reach))
        guards.update(uid for _, uid in near)
    where = {u["id"]: u["hex"] for u in view["units"]}
    limit = view.get("stacking", {}).get(side)
    crowd: dict[str, int] = {}  # own units in each hex, to keep within the stacking limit
    for u in view["units"]:
        if u["side"] == side and u["status"] == "map":
            crowd[u["hex"]] = crowd.get(u["hex"], 0) + 1
    # A hex over the limit (a move ended on a unit yet to move) loses a unit when the phase
    # ends (7.3): first a unit of it moves out, to its best end however poor; then the rest.
    over = {h for h, n in crowd.items() if limit is not None and n > limit}
    wins_at = getattr(game, "wins_at", None)
    winning = wins_at(state, side) if wins_at is not None else frozenset()
    if winning:  # a guard, or a unit falling back, would otherwise leave the win for later
        for i, _, ends in _runs(actions):
            j = next((j for j, (target, kind) in enumerate(ends, i) if kind == "move" and target in winning), None)
            if j is not None:
                return actions[j]
    placing = _kinds(actions) & {"enter", "place"}
    blocks = getattr(game, "blocks", None)
    barring = blocks(state, side) if blocks is not None and style.blocks and not over and not placing else {}
    if barring:  # the game's order: the best block first
        listed: dict[Any, dict[Any, int]] = {}
        for i, unit, ends in _runs(actions):
            if unit in barring:
                listed.setdefault(unit, {}).update((target, j) for j, (target, kind) in enumerate(ends, i) if kind == "move")
        for unit, tos in barring.items():
            to = next((h for h in tos if h in listed.get(unit, {}) and (limit is None or crowd.get(h, 0) < limit)), None)
            if to is not None:
                return actions[listed[unit][to]]
    # Units the game finds in danger where they stand fall back first, to the first of their
    # ends with room (`fall_back`: an outpost the enemy's next movement could surround). Not in
    # the plain style, the easy level: greedy defenders that pulled their outposts back cost a
    # planning attacker 3 of its first 7 games (20-0 before; the game's NOTES.md). After the units
    # entering are placed (where a game has them enter at the start of the movement phase, before
    # any unit moves).
    fall_back = getattr(game, "fall_back", None)
    wanted = fall_back(state, side) if fall_back is not None and style.falls_back and not over and not placing else {}
    if wanted:
        for i, unit, ends in _runs(actions):
            if unit in wanted:
                listed = {target: j for j, (target, kind) in enumerate(ends, i) if kind == "move"}
                to = next((h for h in wanted[unit] if h in listed and (limit is None or crowd.get(h, 0) < limit)), None)
                if to is not None:
                    return actions[listed[to]]
    for only in ([over] if over else []) + [None]:
        best: list[int] = []
        best_gain = -far if only else 0
        mover, guard, here = None, False, far  # the unit whose moves are weighed, a guard?, its start's distance
        for i, unit, ends in _runs(actions):
            if only and where.get(unit) not in only:
                continue
            if unit != mover:  # a unit's moves come together: its start weighed once
                mover = unit
                guard = mover in guards
                here = (danger if guard else dist).get(where.get(mover) or "", far)
            for j, (target, kind) in enumerate(ends, i):
                if kind == "exit":
                    return actions[j]  # the first break-off listed, before any move (it wins at once)
                if kind not in MOVES or (limit is not None and crowd.get(target, 0) >= limit):
                    continue  # a move onto a full hex would end the phase with a unit removed (7.3)
                if kind != "move":
                    gain = far - dist.get(target, far)  # placing: the nearer the goals the better
                elif guard:  # a guard moves only to block: next to an enemy unit, no further from its goals
                    gain = 1 if target in near_enemy and danger.get(target, far) <= here else 0
                else:
                    gain = here - dist.get(target, far)
                    if target in near_enemy:
                        gain -= style.keep_off
                if gain > best_gain:
                    best, best_gain = [j], gain
                elif gain == best_gain and (gain > 0 or only):
                    best.append(j)
        if best:
            return actions[rng.choice(best)]
    ends = [a for a in actions if a["type"].startswith("end")]
    return ends[0] if ends else rng.choice(actions)


def _runs(actions: list[Action]) -> Iterator[tuple[int, Any, list[tuple[Any, str]]]]:
    """The actions as runs of one unit's: (the run's first index, the unit, [(where to, type),
    ...]); a lazy part that lists its moves unit by unit (`by_unit`) gives them without a
    sketch each, any other action is a run of its own (where to: a move's end, a placing's hex)."""
    i = 0
    for part in actions.parts if isinstance(actions, ActionList) else [actions]:
        by_unit = getattr(part, "by_unit", None)
        if by_unit is not None:
            for unit, ends in by_unit():
                yield i, unit, ends
                i += len(ends)
            continue
        for a in part.sketch_all() if isinstance(part, LazyPart) else part:
            kind = a["type"]
            target = (a["to"] if "to" in a else a["path"][-1]) if kind == "move" else a.get("hex")
            yield i, a.get("unit"), [(target, kind)]
            i += 1


# What each combat result is worth to the attacker, for weighing a CRT column.
RESULT_WORTH = {"DE": 2.0, "DR2": 1.0, "DR1": 0.7, "EX": 0.3, "C": 0.0, "AR": -0.7, "AE": -2.0}
RETREATS = {"DR1": ("DE", 1), "DR2": ("DE", 2), "AR": ("AE", 1)}  # result -> the elimination it brings with no room to retreat, and the hexes it needs


def column_worth(crt: dict[str, Any], cornered: frozenset[str] = frozenset(), attackers: int = 1) -> dict[str, float]:
    """Column -> the mean worth of its results over the die (RESULT_WORTH); a retreat result in
    cornered counts as the elimination it brings (its units have nowhere to retreat), and an AE
    costs each of the attackers (it eliminates them all)."""
    def worth(result: str) -> float:
        result = RETREATS[result][0] if result in cornered else result
        return RESULT_WORTH.get(result, 0.0) * (attackers if result == "AE" else 1)

    return {col: sum(worth(row[i]) for row in crt["rows"]) / len(crt["rows"]) for i, col in enumerate(crt["columns"])}


def _best_attack(session: Session, actions: list[Action], rng: random.Random, style: Style) -> Action:
    """The declarable attack whose CRT column is worth most, with as few attackers as it needs;
    none where no column is worth the risk of the attacker's own losses, and none below WORST,
    whatever stands in the way. Where the game says how far a unit could retreat
    (`retreat_room`), a retreat it has no room for counts as the elimination the rules make of
    it: a cornered defender's DR as DE, a cornered attacker's AR as AE."""
    view = session.view(None)
    worths: dict[tuple[frozenset[str], int], dict[str, float]] = {}
    side = session.prompt.side
    game, state = session.game, session.state
    goals = set(game.objectives(state, side))
    grid = game.board(state).grid
    where = {u["id"]: u["hex"] for u in view["units"]}
    room = getattr(game, "retreat_room", None)
    rooms: dict[str, int] = {}

    def room_of(uid: str) -> int:
        if uid not in rooms:
            rooms[uid] = room(state, uid) if room else 2
        return rooms[uid]

    scored = []
    for a in actions:
        if a["type"] == "declare":
            column = game.odds(state, a["attackers"], a["defender"])["column"]
            cornered = frozenset(
                r for r, (_, hexes) in RETREATS.items()
                if (min(map(room_of, a["attackers"])) if r == "AR" else room_of(a["defender"])) < hexes
            )
            key = (cornered, len(a["attackers"]))
            if key not in worths:
                worths[key] = column_worth(view["crt"], *key)
            mean = worths[key].get(column, -9.0)
            h = where.get(a["defender"])
            in_the_way = h in goals or any(n in goals for n in grid.neighbours(h)) if h else False
            value = mean + (style.in_the_way if in_the_way else 0.0) if mean >= WORST else -math.inf
            scored.append((value, -len(a["attackers"]), rng.random(), a))
    good = [s for s in scored if s[0] >= style.worth_attacking]
    if not good:
        return next(a for a in actions if a["type"] == "end-declarations")
    return max(good, key=lambda s: s[:3])[3]
