"""A greedy opponent: heads for its side's objectives, attacks at the best odds it can get.

It asks the game for `objectives(state, side)` (hexes worth reaching) and
`board(state).grid` for distances; anything it has no opinion on it picks at random.
It is no strategist, but it plays with purpose, which is what a lone player and the
balance checks of the reconstructed scenarios need.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session

GOOD_ODDS = "1:1"  # the worst odds the bot attacks at


def greedy_bot(session: Session, rng: random.Random) -> Action:
    prompt = session.prompt
    actions = prompt.actions
    kinds = {a["type"] for a in actions}
    side = prompt.side
    view = session.view(side)
    if "exit" in kinds:
        return next(a for a in actions if a["type"] == "exit")
    if kinds & {"move", "enter", "place"}:
        return _approach(session, actions, side, view, rng)
    if "declare" in kinds:
        return _best_attack(session, actions, rng)
    if "advance" in kinds:
        return next(a for a in actions if a["type"] == "advance")
    if "remove" in kinds:
        strength = {u["id"]: u["strength"] for u in view["units"]}
        return min((a for a in actions if a["type"] == "remove"), key=lambda a: (strength[a["unit"]], a["unit"]))
    return rng.choice(actions)


def _distances(session: Session, goals: set[str]) -> dict[str, int]:
    grid = session.game.board(session.state).grid
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        h = queue.popleft()
        for n in grid.neighbours(h):
            if n not in dist:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def _approach(session: Session, actions: list[Action], side: str | None, view: dict[str, Any], rng: random.Random) -> Action:
    """Raiders head for the side's objectives; guards, nearer what the enemy wants, hold or close in.

    A unit nearer the enemy's objectives than its own is a guard: it stays put unless
    it can step next to an enemy unit (to block it with its zone of control).
    """
    game, state = session.game, session.state
    goals = set(game.objectives(state, side))
    enemy = next((s for s in view["sides"] if s != side), None)
    threats = set(game.objectives(state, enemy)) if enemy else set()
    dist = _distances(session, goals) if goals else {}
    danger = _distances(session, threats) if threats else {}
    grid = game.board(state).grid
    enemy_hexes = {u["hex"] for u in view["units"] if u["side"] == enemy and u["status"] == "map"}
    near_enemy = {n for h in enemy_hexes for n in grid.neighbours(h)}
    far = 10**6
    where = {u["id"]: u["hex"] for u in view["units"]}
    best: list[Action] = []
    best_gain = 0
    for a in actions:
        if a["type"] not in ("move", "enter", "place"):
            continue
        target = a["path"][-1] if a["type"] == "move" else a["hex"]
        if a["type"] != "move":
            gain = far - dist.get(target, far)  # placing: the nearer the goals the better
        else:
            start = where.get(a["unit"]) or ""
            guard = danger.get(start, far) < dist.get(start, far)
            if guard:
                blocks = target in near_enemy and danger.get(target, far) <= danger.get(start, far)
                gain = 1 if blocks else 0
            else:
                gain = dist.get(start, far) - dist.get(target, far)
        if gain > best_gain:
            best, best_gain = [a], gain
        elif gain == best_gain and gain > 0:
            best.append(a)
    if best:
        return rng.choice(best)
    ends = [a for a in actions if a["type"].startswith("end")]
    return ends[0] if ends else rng.choice(actions)


def _best_attack(session: Session, actions: list[Action], rng: random.Random) -> Action:
    """The declarable attack on the best CRT column, with as few attackers as that column needs."""
    columns = session.view(None)["crt"]["columns"]
    least = columns.index(GOOD_ODDS) if GOOD_ODDS in columns else 0
    scored = []
    for a in actions:
        if a["type"] == "declare":
            column = session.game.odds(session.state, a["attackers"], a["defender"])["column"]
            scored.append((columns.index(column), -len(a["attackers"]), rng.random(), a))
    good = [s for s in scored if s[0] >= least]
    if not good:
        return next(a for a in actions if a["type"] == "end-declarations")
    return max(good, key=lambda s: s[:3])[3]
