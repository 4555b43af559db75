"""A purposeful German player for Strange Victory: drive for the ports and the strategic areas.

Each division heads for the nearest area still worth points, spends assets when the Allied
strength is high, re-rolls its misses when it can, and repairs what it may. Enough to show
what a campaign played with intent scores; not a master of the game.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session

WORTH = {"port": 3, "fortress": 5, "strategic": 2, "regular": 1}


def blitzer_bot(session: Session, rng: random.Random) -> Action:
    actions = session.prompt.actions
    kinds = {a["type"] for a in actions}
    view = session.view("german")
    if "setup" in kinds:
        return actions[0]
    if view["combat"]:
        return _combat(actions, view)
    if "repair" in kinds:
        return next(a for a in actions if a["type"] == "repair")
    moves = [a for a in actions if a["type"] == "move"]
    if moves:
        best = _best_move(moves, view, rng)
        if best:
            return best
    for kind in ("end-activation", "stand", "counterattack", "end-turn"):
        for a in actions:
            if a["type"] == kind:
                return a
    return rng.choice(actions)


def _best_move(moves: list[Action], view: dict[str, Any], rng: random.Random) -> Action | None:
    targets = {z for z, info in view["zones"].items() if not info["captured"] and info["kind"] != "staging"}
    if not targets:
        return None
    dist = _steps(view, targets)
    here = {u["id"]: u["zone"] for u in view["units"] if u["side"] == "german"}
    scored = []
    for a in moves:
        gain = dist.get(here[a["division"]], 99) - dist.get(a["to"], 99)
        worth = WORTH.get(view["zones"][a["to"]]["kind"], 0) if a["to"] in targets else 0
        if gain > 0 or worth:
            scored.append((gain + worth - (1 if a["extra"] else 0), rng.random(), a))
    return max(scored, key=lambda s: s[:2])[2] if scored else None


def _steps(view: dict[str, Any], goals: set[str]) -> dict[str, int]:
    links: dict[str, list[str]] = {}
    for link in view["links"]:
        links.setdefault(link["a"], []).append(link["b"])
        links.setdefault(link["b"], []).append(link["a"])
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        z = queue.popleft()
        for n in links.get(z, []):
            if n not in dist:
                dist[n] = dist[z] + 1
                queue.append(n)
    return dist


def _combat(actions: list[Action], view: dict[str, Any]) -> Action:
    combat = view["combat"]
    assets = [a for a in actions if a["type"] == "asset"]
    if combat["dice"] is None:
        if assets and combat["strength"] >= 3:
            returning = [a for a in assets if a.get("returns")]
            return returning[0] if returning else assets[0]
        return {"type": "roll"}
    rerolls = [a for a in actions if a["type"] == "reroll"]
    hits = sum(1 for d in combat["dice"] if d >= combat["strength"])
    if rerolls and hits < 2:
        return rerolls[0]
    return {"type": "accept"}
