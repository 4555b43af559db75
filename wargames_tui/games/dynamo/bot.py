"""A purposeful Dynamo player for either side; it reads only its own side's view.

German: the Luftwaffe on the strongest units facing the enemy, stacks driven at the nearest
Allied stacks, Blitzes only at overwhelming odds and prepared assaults where the odds it can see
are good.
Allied: evacuate every step it can (by sea, over the south edge), walk the rest toward the
ports still open on the coast (four of a turn's six sea evacuees must come from one of them from
turn 7, 20.5) or the Somme (the French armour to the Somme only), by ways round the German
stacks, strike back only at long odds, and hold its reinforcements back (never entered, they
count as evacuated, 21.4).
"""

from __future__ import annotations

import heapq
import random
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.games.dynamo.data import load_map
from wargames_tui.games.dynamo.hidden import bot_view

UNKNOWN_DEFENCE = 4  # what the bot assumes of a counter it cannot identify
# The least attack over defence (as the bot sees it) a Blitz is made at. A Blitz is fought at +2
# (12.2) and the blitzers' losses are always steps (12.9): greedy against greedy, campaign seeds
# 1-40, the German won 12 at 4, 19 at 5, 22 at 6, 33 at 8 and 31 never blitzing.
BLITZ_ODDS = 8.0


def plan(session: Session, rng: random.Random) -> Action:
    prompt = session.prompt
    actions = list(prompt.actions)
    side = prompt.side
    assert side is not None
    view = bot_view(session.state, side)  # its side's view, the entries a choice reads
    kinds = {a["type"] for a in actions}
    by = lambda kind: [a for a in actions if a["type"] == kind]
    enemy_hexes = {h for h, st in view["stacks"].items() if st["side"] != side}
    grid = session.game.board(session.state).grid
    ports = evacuation_ports(view)
    south = set(view["edges"]["south"])

    def near(h: str, targets: set[str] | list[str]) -> int:
        known = _nearest(frozenset(targets))
        if h not in known:
            known[h] = min((grid.distance(h, t) for t in targets), default=99)
        return known[h]

    if "raf" in kinds:
        return {"type": "raf"}
    if "retreat-all" in kinds or "lose" in kinds:
        return _absorb(view, actions, side)
    if "retreat" in kinds:
        goals = south | ports if side == "allied" else set()
        def safety(a: Action) -> tuple[int, int]:
            end = a["path"][-1]
            if end == "off":
                return (-1, 0)  # off a friendly edge: safe (and evacuated, for the Allies)
            return (near(end, goals) if goals else 0, -near(end, enemy_hexes))

        return min(by("retreat"), key=safety)
    if "advance" in kinds:
        first = by("advance")
        return first[0] if len(first) and rng.random() < 0.7 else {"type": "end-advance"}
    if "evacuate" in kinds:
        return max(by("evacuate"), key=lambda a: _unit(view, a["unit"]).get("steps") or 0)
    if "remove" in kinds:
        return by("remove")[0]
    if "air" in kinds:
        return max(by("air"), key=lambda a: (_unit(view, a["unit"])["attack"] or 0) - 3 * near(_unit(view, a["unit"])["hex"], enemy_hexes))
    if "force-march" in kinds:
        return by("force-march")[0]
    if "leave" in kinds:
        return {"type": "leave"}
    if "go" in kinds or "blitz" in kinds:
        terrain = {h: c.terrain for h, c in session.game.board(session.state).cells.items()}
        return _move_group(view, actions, side, enemy_hexes, near, rng, ports | south, terrain)
    if "enter" in kinds and view["phase"].endswith("move") and side == "german":
        return min(by("enter"), key=lambda a: (near(a["hex"], enemy_hexes), a["hex"]))
    if "pick" in kinds:
        picks = by("pick")
        biggest = max(len(a["units"]) for a in picks)
        return rng.choice([a for a in picks if len(a["units"]) == biggest])
    if "assault" in kinds:
        best = _best_assault(view, by("assault"), side)
        if best is not None:
            return best
    if "dummy" in kinds and rng.random() < 0.8:
        front = [a for a in by("dummy") if near(a["hex"], enemy_hexes) <= 2]
        return rng.choice(front or by("dummy"))
    if "end-phase" in kinds:
        return {"type": "end-phase"}
    if "halt" in kinds:
        return {"type": "halt"}
    return rng.choice(actions)


def evacuation_ports(view: dict[str, Any]) -> set[str]:
    """The port cities units can still be sea-evacuated from: on the coast (20.4) and never
    entered by German ground units (20.8)."""
    return set(view["ports"]) & set(view["coast"]) - set(view["german_entered"])


_NEAREST: dict[frozenset[str], dict[str, int]] = {}


def _nearest(targets: frozenset[str]) -> dict[str, int]:
    """Hex -> its distance to the nearest of targets, filled as asked: the coast and the havens
    never change and the enemy's hexes seldom between two choices (most of a playout's cost
    was these minimums, taken again and again)."""
    if targets not in _NEAREST and len(_NEAREST) > 256:
        _NEAREST.clear()
    return _NEAREST.setdefault(targets, {})


# A step into a German zone of control (6.0) on the Allies' way round the German stacks: it costs a
# movement point more going in (6.4) and ends where the German can strike. Greedy against greedy,
# campaign seeds 1-60, the Allies won 13 at db19741; with this way alone 15 counting a zone step 2,
# 12 counting 3, 9 counting 5; with the French armour driving south too (below) 23 counting 2.
ZONE_STEP = 2
UNREACHED = 999  # the way's length from a hex no way reaches
_WAYS: dict[tuple[frozenset[str], frozenset[str]], dict[str, int]] = {}


def _way(goals: frozenset[str], foes: frozenset[str]) -> dict[str, int]:
    """Hex -> the length of the Allies' way from it to the nearest of goals round the German
    stacks: their hexes closed, a step into their zone of control counted ZONE_STEP. Kept for the
    next choice: the goals never change and the German stacks seldom within a movement phase."""
    key = (goals, foes)
    if key not in _WAYS:
        if len(_WAYS) > 256:
            _WAYS.clear()
        neighbours = load_map().neighbours
        zone = foes | {n for f in foes for n in neighbours[f]}
        way = {g: 0 for g in goals if g not in foes}
        queue = [(0, g) for g in way]
        while queue:
            length, here = heapq.heappop(queue)
            if length > way[here]:
                continue
            for n in neighbours[here]:
                further = length + (ZONE_STEP if n in zone else 1)
                if n not in foes and further < way.get(n, UNREACHED):
                    way[n] = further
                    heapq.heappush(queue, (further, n))
        _WAYS[key] = way
    return _WAYS[key]


def _unit(view: dict[str, Any], uid: str) -> dict[str, Any]:
    return next(u for u in view["units"] if u["id"] == uid)


def _defence_at(view: dict[str, Any], h: str) -> int:
    here = [u for u in view["units"] if u["hex"] == h and u["status"] == "map"]
    return sum(UNKNOWN_DEFENCE if u["defence"] is None else u["defence"] for u in here if not u["dummy"]) or 1


def _absorb(view: dict[str, Any], actions: list[Action], side: str) -> Action:
    """Take a retreat rather than lose steps where the rules allow; else lose the cheapest step."""
    retreat = next((a for a in actions if a["type"] == "retreat-all"), None)
    if retreat is not None and retreat["hexes"] <= 2:
        return retreat
    loses = [a for a in actions if a["type"] == "lose"]
    if not loses:
        return actions[0]

    def price(a: Action) -> tuple[int, int]:
        u = _unit(view, a["unit"])
        worth = 5 if u["type"] == "kg" else 4 if u["moto"] or u["nation"] == "british" else 2
        return worth, -((u["steps"] or 1) - (u["step"] or 0))

    return min(loses, key=price)


HOLDING_GROUND = ("watergangs", "urban")  # where the Allied bot stands and fights


def _move_group(view, actions, side, enemy_hexes, near, rng, havens, terrain) -> Action:
    group = view["group"]
    blitzes = [a for a in actions if a["type"] == "blitz"]
    if blitzes and group is not None:
        mine = [u for u in view["units"] if u["id"] in group["units"]]
        attack = sum(u["attack"] or 0 for u in mine)
        best = max(blitzes, key=lambda a: attack / _defence_at(view, a["hex"]))
        if attack / _defence_at(view, best["hex"]) >= BLITZ_ODDS:
            return best
    moves = [a for a in actions if a["type"] == "go"]
    if not moves or group is None or group.get("moved"):
        return {"type": "halt"}
    here = group["hex"]
    if side == "allied" and terrain.get(here) in HOLDING_GROUND and near(here, enemy_hexes) == 1:
        return {"type": "halt"}  # hold the canal line and the towns
    if side == "german":
        targets = enemy_hexes or set(view["ports"])
        score = lambda h: (abs(near(h, targets) - 1), rng.random())
    else:
        goals = havens if havens - set(view["edges"]["south"]) else havens | set(view["coast"])
        mine = [u for u in view["units"] if u["id"] in group["units"] and not u["dummy"]]
        if mine and all(u["nation"] == "french" and u["moto"] for u in mine):
            goals = set(view["edges"]["south"])  # the sea lift is the British's; the French armour drives south
        way = _way(frozenset(goals), frozenset(enemy_hexes))
        score = lambda h: (way.get(h, UNREACHED) + (3 if near(h, enemy_hexes) <= 1 else 0), rng.random())
    best = min(moves, key=lambda a: score(a["hex"]))
    if score(best["hex"])[0] >= score(here)[0]:
        return {"type": "halt"}
    return best


def _best_assault(view: dict[str, Any], assaults: list[Action], side: str) -> Action | None:
    need = 2.0 if side == "german" else 3.0
    scored = []
    for a in assaults:
        attack = sum(_unit(view, u)["attack"] or 0 for u in a["attackers"])
        defence = sum(_defence_at(view, h) for h in a["hexes"])
        scored.append((attack / defence + (0.5 if a.get("raf") else 0), a))
    if not scored:
        return None
    ratio, best = max(scored, key=lambda x: x[0])
    return best if ratio >= need else None
