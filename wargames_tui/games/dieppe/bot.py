"""A purposeful British player for the Dieppe raid: ashore, onto the guns, back to the boats.

It reads only the view and the legal actions. Before the battery falls (and until turn 8)
every stack heads for the guns and assaults them; after that, or late, everyone heads for
the beaches, embarks, and the craft sail for Newhaven. It is a plan, not a tactician: it is
here to show that the reconstructed raid can be won, and to play the British in selfplay.
"""

from __future__ import annotations

import heapq
import random
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session

FOOT = {"road": 1, "track": 2, "landing": 2}
HOMEWARD_TURN = 8  # after this turn everyone heads home, battery or not


def raider_bot(session: Session, rng: random.Random) -> Action:
    actions = session.prompt.actions
    kinds = {a["type"] for a in actions}
    view = session.view(session.prompt.side)
    if "end-setup" in kinds:
        return {"type": "end-setup"}
    if "bangalore" in kinds:
        return {"type": "bangalore"}
    if "assault-round" in kinds or "withdraw" in kinds:
        return _assault(actions, view)
    if len(actions) == 1:
        return actions[0]
    home = _homeward(view)
    goals = _home_zones(view) if home else {"HESS"}
    dist = _distances(view, goals)
    scored = [(_score(a, view, dist, home), rng.random(), i) for i, a in enumerate(actions)]
    best = max(scored)
    return actions[best[2]] if best[0] > 0 else _finish(actions)


def _homeward(view: dict[str, Any]) -> bool:
    guns = [u for u in view["units"] if u["kind"] == "gun155"]
    return not guns or view["turn"] > HOMEWARD_TURN


def _home_zones(view: dict[str, Any]) -> set[str]:
    return {z for z, info in view["zones"].items() if info["kind"] == "waiting"}


def _distances(view: dict[str, Any], goals: set[str]) -> dict[str, int]:
    """MP from every zone to the nearest goal on foot (dijkstra over roads, tracks, landings)."""
    links: dict[str, list[tuple[str, int]]] = {}
    for link in view["links"]:
        if link["kind"] in FOOT:
            links.setdefault(link["a"], []).append((link["b"], FOOT[link["kind"]]))
            links.setdefault(link["b"], []).append((link["a"], FOOT[link["kind"]]))
    dist = {g: 0 for g in goals}
    heap = [(0, g) for g in goals]
    while heap:
        d, z = heapq.heappop(heap)
        if d > dist.get(z, 1 << 30):
            continue
        for n, cost in links.get(z, []):
            if d + cost < dist.get(n, 1 << 30):
                dist[n] = d + cost
                heapq.heappush(heap, (d + cost, n))
    return dist


def _zone_of(view: dict[str, Any], uid: str) -> str:
    return next(u["zone"] for u in view["units"] if u["id"] == uid)


def _score(a: Action, view: dict[str, Any], dist: dict[str, int], home: bool) -> float:
    far = 99
    kind = a["type"]
    if kind == "assault":
        return 100 if a["target"] == "HESS" else (0 if home else 20)
    if kind == "fire":
        return 15 if not home else 5
    if kind != "move":
        return 0
    units = [u for u in view["units"] if u["id"] in a["units"]]
    here = units[0]["zone"]
    if all(u["kind"] == "lca" for u in units):
        ashore = any(u["side"] == "british" and not u["aboard"] and u["kind"] != "lca" for u in view["units"])
        if home and (not ashore or view["turn"] >= 12):
            return 30 if _toward_newhaven(here, a["to"]) else 0
        return 0
    if units[0]["aboard"]:  # landing
        return 0 if home else 40 - dist.get(a["to"], far)
    gain = dist.get(here, far) - dist.get(a["to"], far)
    return 10 * gain if gain > 0 else 0


def _toward_newhaven(here: str, to: str) -> bool:
    order = {"DE1": 0, "DE2": 0, "SA": 1, "CH": 2, "NEW": 3}
    return order.get(to, -1) > order.get(here, -1)


def _assault(actions: list[Action], view: dict[str, Any]) -> Action:
    prisoner = [a for a in actions if a["type"] == "take-prisoner"]
    if prisoner:
        return prisoner[0]
    assault = view["assault"]
    british = [u for u in view["units"] if u["id"] in assault["british"] and u["kind"] == "commando"]
    germans = [u for u in view["units"] if u["id"] in assault["germans"]]
    fighting = [a for a in actions if a["type"] == "assault-round"]
    hopeless = sum(u["af"] for u in british) < sum(u["af"] for u in germans) // 2
    if hopeless and any(a["type"] == "withdraw" for a in actions) and assault["zone"] != "HESS":
        return {"type": "withdraw"}
    return fighting[0] if fighting else actions[0]


def _finish(actions: list[Action]) -> Action:
    for kind in ("stop", "job-done", "end-turn"):
        for a in actions:
            if a["type"] == kind:
                return a
    return actions[0]
