"""A purposeful bot for either side, reading only its own side's view: the prewar planner of the
prewar part before the war; in the war, the Germans drive on the Objectives the Allies hold and the
Allies hold theirs, each attacking where its known strength beats what it can guess of the enemy's."""

from __future__ import annotations

import random
from collections import Counter, deque
from functools import cache
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.games.seeds_of_disaster import data, prewar

View = dict[str, Any]
GUESS = {
    "army": 6,
    None: 2,
}  # what an unseen enemy piece is taken to be worth (an army counter shows)
DICE = 3.5
# the least margin (known strength and a die against the guess) a side attacks at: the easy level
MARGIN = {"german": 0.5, "allied": 3.0}
# the same in the planning bot's own plans (`seeds_plans`). The Germans need 11 Objectives (20.0)
# and a war that leaves France fighting is their setback: at 0.5 the planning German, which plays
# its policy's plans, attacked little once the first rush was spent and drew (greedy v greedy,
# seeds 1000-1039: German 12, Allied 13, 15 drawn; at -2.0: 18, 7, 15). The Allies hold.
PLANS_MARGIN = {"german": -2.0, "allied": 3.0}


@cache
def _distances(target: str) -> dict[str, int]:
    g = data.graph()
    dist = {target: 0}
    queue = deque([target])
    while queue:
        a = queue.popleft()
        for b in g.neighbours(a):
            if b not in dist:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def _goal_distance(view: View, side: str, area: str) -> int:
    """Germans: to the nearest Objective the Allies hold. Allies: to the nearest Objective of theirs
    with nobody of theirs in it, or one outside Germany the Germans took (20.0 counts who holds it
    when the war ends, so a lost Objective is worth retaking)."""
    zones = view["zones"]
    mine = {u["zone"] for u in view["units"] if u["side"] == side and u.get("zone")}
    goals = [
        z
        for z, info in zones.items()
        if (info["mc"] or info["objective"])
        and (
            info["control"] != "german"
            if side == "german"
            else (info["control"] == "german" or z not in mine)
        )
        and info["country"] != ("G" if side == "allied" else "-")
    ]
    return min((_distances(g).get(area, 99) for g in goals), default=0)


def _strength(view: View, units: list[str]) -> float:
    known = {u["id"]: u for u in view["units"]}
    return sum(known.get(u, {}).get("strength") or 2 for u in units)


def _guess(view: View, area: str, enemy: str) -> float:
    total = 0.0
    for u in view["units"]:
        if u.get("zone") == area and u["side"] == enemy and u.get("kind") != "westwall":
            total += u.get("strength") or GUESS.get(
                u.get("kind") if u.get("kind") in ("army", "bef") else None, 2
            )
    zone = view["zones"][area]
    total += (
        zone["forts"] * (1 + DICE)
        if (enemy == "allied" and not zone["destroyed"])
        else 0
    )
    return total + DICE * (
        1 + {"clear": 0, "paris": 1, "waterline": 2}.get(zone["terrain"], 1)
    )


def war_move(
    view: View, side: str, actions: list[Action], rng: random.Random
) -> Action:
    kinds = {a["type"] for a in actions}
    for kind in ("enter", "poise", "deploy"):
        if kind in kinds:
            return next(a for a in actions if a["type"] == kind)
    if (
        "recover" in kinds
        and (view.get("strategic") or {}).get("sides", {}).get(side, {}).get("cp", 0)
        > 3
    ):
        return next(a for a in actions if a["type"] == "recover")
    where = {u["id"]: u.get("zone") for u in view["units"]}
    mine = Counter(u.get("zone") for u in view["units"] if u["side"] == side and u.get("zone"))
    best, gain = None, 0
    for a in actions:
        if a["type"] not in ("move", "sr") or a.get("engineers"):
            continue
        frm = where.get(a["unit"])
        if not frm:
            continue
        g = _goal_distance(view, side, frm) - _goal_distance(view, side, a["to"])
        if (
            side == "allied"
            and view["zones"][frm]["control"] == "allied"
            and (view["zones"][frm]["mc"] or view["zones"][frm]["objective"])
            and mine[frm] == 1
        ):
            g -= 2  # the last Allied unit on an Objective stays unless another needs it more
        if a["type"] == "sr":
            g -= 1
        if g > gain:
            best, gain = a, g
    if best is not None:
        return best
    return {"type": "end-movement"}


def war_attack(view: View, side: str, actions: list[Action], end: str, margins: dict[str, float] = MARGIN) -> Action:
    enemy = "allied" if side == "german" else "german"
    best, margin = None, margins[side]
    for a in actions:
        if a["type"] != "attack" or a.get("overconcentration"):
            continue
        m = _strength(view, a["units"]) + DICE - _guess(view, a["area"], enemy)
        if m > margin:
            best, margin = a, m
    return best or {"type": end}


def seeds_bot(session: Any, rng: random.Random, margins: dict[str, float] = MARGIN) -> Action:
    """The greedy bot (the easy level); margins: the least margin each side attacks at."""
    actions = list(session.prompt.actions)
    side = session.prompt.side
    if len(actions) == 1:
        return actions[0]
    view = session.game.view(session.state, side)
    return plan(view, side, actions, rng, margins)


def seeds_plans(session: Any, rng: random.Random) -> Action:
    """The policy the planning bot's own plans come from (bots/plan.py, `plans`): the greedy bot,
    but the Germans attack down to a margin of -2.0 (`PLANS_MARGIN`), take an Objective beside a
    move's end (`on_the_way`) and advance without leaving one empty (`advance_holding`). The easy
    level, which the planning Allies play against and which replies in every plan, is unchanged."""
    actions = list(session.prompt.actions)
    if len(actions) == 1:
        return actions[0]
    side = session.prompt.side
    return plan(session.game.view(session.state, side), side, actions, rng, PLANS_MARGIN, hold=True)


def _is_objective(zone: dict[str, Any]) -> bool:
    return bool(zone["mc"] or zone["objective"])


def _beside_enemy(view: View, side: str, area: str) -> bool:
    enemy = {u.get("zone") for u in view["units"] if u["side"] != side and u.get("kind") != "westwall"}
    return any(b in enemy for b in data.graph().neighbours(area))


def on_the_way(view: View, side: str, actions: list[Action], chosen: Action) -> Action:
    """The German move chosen, or where it ends in an area that is neither an Objective nor beside an
    Allied unit (no attack needs the unit there), the same unit's move onto an Objective the Allies
    hold beside that end or on its way there (20.0: an area is the side's that last passed through
    it, and counts for it at the war's end). From the policy this is an Objective across a major
    river (10.1.10: a CP), as its moves with engineers are never chosen; one its plain move reaches
    scores more than any other end."""
    if side != "german" or chosen.get("type") != "move":
        return chosen
    zones, to = view["zones"], chosen["to"]
    if _is_objective(zones[to]) or _beside_enemy(view, side, to):
        return chosen
    frm = next((u.get("zone") for u in view["units"] if u["id"] == chosen["unit"]), None)
    hops = _distances(to)
    on_way = {x for x in zones if frm and _distances(frm).get(x, 99) + hops.get(x, 99) == _distances(frm).get(to)}
    takes = [
        a
        for a in actions
        if a["type"] == "move"
        and a["unit"] == chosen["unit"]
        and _is_objective(zones[a["to"]])
        and zones[a["to"]]["control"] != side
        and (hops.get(a["to"]) == 1 or a["to"] in on_way)
    ]
    return min(takes, key=lambda a: (bool(a.get("engineers")), a["to"]), default=chosen)


def advance_holding(view: View, side: str, advances: list[Action], chosen: Action) -> Action:
    """The German advance after combat (13.7.9, 9.2.5), where the one chosen would leave an Objective
    the Germans hold with no German unit: of the advances that leave none (the corps, or a poised
    corps alone, while the army stays), one that takes an Objective, else one into the vacated area,
    the most units first; where none does, the advance chosen if it takes an Objective, else none.
    The advance chosen stands where a Breakthrough was won (16.0: the stack may fight on)."""
    if side != "german" or (view.get("battle") or {}).get("exploit"):
        return chosen
    zones = view["zones"]
    mine: dict[str, set[str]] = {}
    for u in view["units"]:
        if u["side"] == side and u.get("zone") and u.get("kind") != "westwall":
            mine.setdefault(u["zone"], set()).add(u["id"])

    def empties(a: Action) -> bool:
        return any(
            _is_objective(zones[z]) and zones[z]["control"] == side and ids <= set(a["units"]) and z != a["to"]
            for z, ids in mine.items()
        )

    def takes(a: Action) -> bool:
        return _is_objective(zones[a["to"]]) and zones[a["to"]]["control"] != side

    if not empties(chosen):
        return chosen
    vacated = (view.get("battle") or {}).get("advance_to") or []
    holding = [a for a in advances if not empties(a)]
    if holding:  # an Objective taken first, then into the vacated area, then the most units
        return max(holding, key=lambda a: (takes(a), a["to"] in vacated, len(a["units"])))
    return chosen if takes(chosen) else {"type": "no-advance"}


def plan(
    view: View,
    side: str,
    actions: list[Action],
    rng: random.Random,
    margins: dict[str, float] = MARGIN,
    hold: bool = False,
) -> Action:
    """The policy's choice; hold (the planning bot's own plans): `on_the_way` and `advance_holding`."""
    if not view.get("week"):
        return prewar.plan(view, actions, rng)
    kinds = {a["type"] for a in actions}
    if "end-movement" in kinds:
        chosen = war_move(view, side, actions, rng)
        return on_the_way(view, side, actions, chosen) if hold else chosen
    if "end-combat" in kinds:
        return war_attack(view, side, actions, "end-combat", margins)
    if "end-breakthrough" in kinds:
        return war_attack(view, side, actions, "end-breakthrough", margins)
    if "accept" in kinds:
        return {"type": "accept"}
    if "air" in kinds:
        return next(a for a in actions if a["type"] == "air")
    if "commit" in kinds:
        return {"type": "commit"}
    if "loss" in kinds:
        return actions[0]  # the rules list the usual victim first (13.2.4 c, 13.7.7)
    retreats = [a for a in actions if a["type"] == "retreat"]
    if retreats:  # back towards what the side holds, the shortest way
        held = view["zones"]
        return min(
            retreats,
            key=lambda a: (held[a["path"][-1]]["control"] != side, len(a["path"])),
        )
    advances = [a for a in actions if a["type"] == "advance"]
    if advances:
        chosen = max(advances, key=lambda a: len(a["units"]))
        return advance_holding(view, side, advances, chosen) if hold else chosen
    return rng.choice(actions)
