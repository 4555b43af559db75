"""A purposeful player for either side of Springtime for Hitler.

It reads only what its side may see (the map is open, 7.1; its own Event marker) and chooses by
simple aims: the Axis drives on Paris and the French Areas and Zones, attacking where its total
is likely to beat the defence; the Allies hold, retake empty Areas, and attack only at good
odds. Enough to beat a random player soundly; not a master of the game.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.games.springtime.combat import (
    air_choices,
    air_value,
    attack_parts,
    defence_parts,
    parts_total,
)
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.positions import cv, occupied, other, units_in
from wargames_tui.games.springtime.state import State
from wargames_tui.games.springtime.view import disguise

GOOD_MARKERS = {"air-supremacy", "plan-red", "billotte-killed", "improved-logistics", "cabinet-shuffle",
                "de-gaulle", "new-squadrons", "halt-order", "operation-dynamo"}


def springtime_bot(session: Session, rng: random.Random) -> Action:
    prompt = session.prompt
    side = prompt.side or ""
    # Only what this side may know: the opponent's held marker and the cup redrawn (view.disguise).
    state: State = disguise(session.state, side, random.Random(rng.random()))
    actions = prompt.actions
    step = state.step
    handler = {
        "start": _start, "assault": _assault, "regroup": _regroup, "redeploy": _regroup, "defend": _defend,
        "retreat": _retreat, "refit-allied": _refit, "refit-axis": _refit, "advantage": _advantage,
    }.get(step)
    if handler:
        choice = handler(state, side, actions, rng)
        if choice is not None:
            return choice
    if step in ("bid-allied", "bid-axis"):
        return actions[0]  # 17.1 is for two players who both want the Axis: a bot bids nothing
    by_type = {a["type"]: a for a in actions}
    for kind in ("advantage", "take_plan_red", "draw", "kleist", "event", "keep", "decline", "end", "pass"):
        if kind == "advantage" and step == "logistics" and side != "axis":
            continue
        if kind in by_type:
            if kind == "kleist":
                return max((a for a in actions if a["type"] == "kleist"), key=lambda a: cv(state, a["unit"]))
            return by_type[kind]
    return rng.choice(actions)


# ---- aims -----------------------------------------------------------------------------------------
def _goals(state: State, side: str) -> set[str]:
    """Where a side wants to be: the Axis the Allied-held Areas of France (Paris above all); the
    Allies the Areas of France and the Low Countries the Axis holds."""
    b = load_board()
    if side == "axis":
        return {a for a in b.areas if b.areas[a].nation == "france" and state.control[a] == "allied"}
    return {a for a in b.areas if b.areas[a].nation in ("france", "belgium") and state.control[a] == "axis"}


def _distances(state: State, goals: set[str]) -> dict[str, int]:
    b = load_board()
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        here = queue.popleft()
        for there in b.graph.neighbours(here):
            if there not in dist and there != "F":
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def _worth(state: State, side: str, area: str) -> int:
    b = load_board()
    if area == "25":
        return 12
    if b.areas[area].nation == "france":
        return 3 if b.areas[area].zone else 2
    return 1


def _margin(state: State, area: str, attackers: list[str]) -> int:
    """Expected attack total less defence total, leading with the strongest units, with air."""
    side = load_board().units[attackers[0]].side
    defenders = units_in(state, area, other(side))
    lead = max(attackers, key=lambda u: (load_board().units[u].kind == "armored", cv(state, u)))
    dlead = max(defenders, key=lambda u: cv(state, u))
    air = max(air_choices(state, side, lead), key=lambda a: air_value(state, a), default=None)
    dair = max(air_choices(state, other(side), dlead), key=lambda a: air_value(state, a), default=None)
    return parts_total(attack_parts(state, attackers, lead, air)) - parts_total(
        defence_parts(state, area, defenders, dlead, dair, attackers))


# ---- steps ----------------------------------------------------------------------------------------
def _start(state: State, side: str, actions: list[Action], rng: random.Random) -> Action | None:
    for a in actions:
        if a["type"] == "event" and a["marker"] in GOOD_MARKERS:
            return a
    assaults = [a for a in actions if a["type"] == "assault"]
    if assaults:
        best = max(assaults, key=lambda a: (_assault_value(state, side, a["groups"]), len(a["groups"]), rng.random()))
        if _assault_value(state, side, best["groups"]) > 0:
            return best
    if side == "allied":
        return next(a for a in actions if a["type"] == "regroup")
    return next(a for a in actions if a["type"] == "pass")


def _wants(state: State) -> dict[str, int]:
    """How many Allied units each Allied Area should hold: one on every Area touching the enemy
    (he must stop there, 9.2), two in Paris once he is near, and the Maginot garrisons kept."""
    b = load_board()
    enemy = {a for a in b.areas if state.control[a] == "axis" or occupied(state, a, "axis")}
    if not state.flags.get("italy"):
        enemy.discard("F")
    near_enemy = _distances(state, enemy)
    want: dict[str, int] = {}
    for a in b.areas:
        if state.control[a] != "allied" or a == "F":
            continue
        d = near_enemy.get(a, 99)
        w = 1 if d == 1 else 0
        if a == "25":
            w = 3 if d <= 2 else 1
        if (a in ("18", "19", "20") and d == 1) or occupied(state, a, "axis"):
            w = max(w, len(units_in(state, a, "allied")))  # a Maginot garrison or a contested Area
        if a == "E":
            w = 1
        want[a] = w
    return want


def _assault_value(state: State, side: str, groups: list[str]) -> float:
    """How much the units of these Army Groups could reach: enemy stacks they could beat and goals."""
    b = load_board()
    goals = _goals(state, side)
    dist = _distances(state, goals)
    value = 0.0
    for u, s in state.units.items():
        if b.units[u].side != side or b.units[u].group not in groups or s["at"] not in b.areas:
            continue
        near = dist.get(s["at"], 99)
        if side == "axis":
            value += max(0, 4 - near) * cv(state, u) / 3
        else:
            for n in [s["at"], *b.graph.neighbours(s["at"])]:
                if n in goals and not occupied(state, n, "axis"):
                    value += 2
                elif occupied(state, n, "axis") and _margin(state, n, [u]) >= 4:
                    value += 1
    return value


def _assault(state: State, side: str, actions: list[Action], rng: random.Random) -> Action | None:
    imp = state.imp
    attacks = [a for a in actions if a["type"] == "attack"]
    must = {a for a in imp["must"] if a not in imp["attacked"]}
    need = 0 if side == "axis" else 3
    best_attack = None
    for a in attacks:
        forced = a["area"] in must
        everyone = len(a["units"]) == len(imp["entered"].get(a["area"], a["units"]))
        if forced or (everyone and _margin(state, a["area"], a["units"]) >= need):
            key = (forced, len(a["units"]), _lead_key(state, a))
            if best_attack is None or key > best_attack[0]:
                best_attack = (key, a)
    moves = [a for a in actions if a["type"] == "move"]
    best_move = _best_step(state, side, moves, rng)
    if best_move is not None:
        return best_move
    if best_attack is not None:
        return best_attack[1]
    return next((a for a in actions if a["type"] == "end"), None)


def _lead_key(state: State, a: Action) -> tuple[int, int, int]:
    b = load_board()
    air = air_value(state, a["air"]) if a["air"] else 0
    return (b.units[a["lead"]].kind == "armored", cv(state, a["lead"]), air)


def _best_step(state: State, side: str, moves: list[Action], rng: random.Random) -> Action | None:
    """The step that gains most: an empty goal taken, ground towards the goals, a beatable enemy."""
    goals = _goals(state, side)
    dist = _distances(state, goals)
    keep = _wants(state) if side == "allied" else {}
    scored = []
    for a in moves:
        uid, to = a["unit"], a["to"]
        here = state.units[uid]["at"]
        if here == "25" and len(units_in(state, here, side)) <= keep.get(here, 0):
            continue  # the Allies never thin Paris below its garrison

        enemy = occupied(state, to, other(side))
        score = 0.0
        if enemy:
            mates = [u for u in state.imp["entered"].get(to, [])] + [uid]
            margin = _margin(state, to, mates)
            if side == "axis" and margin >= -1:
                score = 3 + margin / 2
            elif side == "allied" and margin >= 4:
                score = 2
            else:
                continue
        else:
            # the Allies keep their line: leave an Area only to take something back
            if side == "allied" and state.control[here] == "allied" and here not in goals and to not in goals:
                continue
            if to in goals:
                score += _worth(state, side, to)
            score += dist.get(here, 99) - dist.get(to, 99)
        if score > 0:
            scored.append((score, rng.random(), a))
    return max(scored, key=lambda s: s[:2])[2] if scored else None


def _regroup(state: State, side: str, actions: list[Action], rng: random.Random) -> Action | None:
    """Fill the Areas next to the enemy that hold the fewest friends, from the Areas that hold most."""
    if side == "allied":
        return _hold_line(state, actions)
    b = load_board()
    best = None
    for a in actions:
        if a["type"] != "move":
            continue
        here, to = state.units[a["unit"]]["at"], a["to"]
        threat_to = sum(1 for n in b.graph.neighbours(to) if occupied(state, n, other(side)))
        threat_here = sum(1 for n in b.graph.neighbours(here) if occupied(state, n, other(side)))
        crowd = len(units_in(state, here, side)) - len(units_in(state, to, side))
        score = (threat_to - threat_here) + (crowd - 2) / 2 + (3 if to == "25" and not units_in(state, "25", side) else 0)
        if score > 0.5 and (best is None or score > best[0]):
            best = (score, a)
    return best[1] if best else next((a for a in actions if a["type"] == "end"), None)


def _hold_line(state: State, actions: list[Action]) -> Action | None:
    """A unit from an Area with more than it needs to the neediest Area, the most valuable first
    (Paris, then the Zones, then the rest), or one step nearer the line."""
    want = _wants(state)
    have = {a: len(units_in(state, a, "allied")) for a in want}
    line = {a for a, w in want.items() if w > have[a]}
    towards = _distances(state, line) if line else {}
    best = None
    for a in actions:
        if a["type"] != "move":
            continue
        here, to = state.units[a["unit"]]["at"], a["to"]
        if have.get(here, 0) <= want.get(here, 0):
            continue
        gap = want.get(to, 0) - have.get(to, 0)
        if gap > 0:
            score = 10 * gap + _worth(state, "axis", to)
        else:
            score = towards.get(here, 99) - towards.get(to, 99)
        if score > 0 and (best is None or score > best[0]):
            best = (score, a)
    return best[1] if best else next((a for a in actions if a["type"] == "end"), None)


def _advantage(state: State, side: str, actions: list[Action], rng: random.Random) -> Action:
    """Neither side spends it to change a combat result (a Maximum Attack, a Heroic Defense): a
    spent Advantage passes to the enemy after the impulse (11.2), and the Allies, who never spend
    it, keep it for the rest of the game. The Axis keeps it for Soldier On (11.1.4: another Allied
    and Axis impulse where the Logistics dr would end the phase), which the Logistics prompt
    spends; the Allies for nothing they could change, Paris's included, since the Axis would
    Soldier On with it. Greedy Fall Gelb, seeds 1000-1399: the Axis won 174 of 400 spending it
    on every Maximum Attack, 218 keeping it."""
    return next(a for a in actions if a["type"] == "decline")


def _defend(state: State, side: str, actions: list[Action], rng: random.Random) -> Action:
    def key(a: Action) -> tuple[int, int, int]:
        air = air_value(state, a["air"]) if a["air"] else 0
        lead = a["lead"]
        # the lead takes the loss: a full unit that can absorb it, strongest first
        return (cv(state, lead) + air, not state.units[lead]["reduced"], air)
    return max(actions, key=key)


def _retreat(state: State, side: str, actions: list[Action], rng: random.Random) -> Action:
    stay = next((a for a in actions if a["type"] == "stay"), None)
    r = state.retreats[0]
    area = (state.combat or {}).get("area", "")
    if stay is not None:
        if r["role"] == "attacker":
            return stay
        friends = len(units_in(state, area, side))
        foes = len(units_in(state, area, other(side)))
        if friends >= foes or load_board().areas[area].tem >= 3:
            return stay
    moves = [a for a in actions if a["type"] == "retreat"]
    return max(moves, key=lambda a: (load_board().areas[a["to"]].tem, rng.random())) if moves else actions[0]


def _refit(state: State, side: str, actions: list[Action], rng: random.Random) -> Action:
    b = load_board()

    def key(a: Action) -> tuple[Any, ...]:
        if a["type"] == "end":
            return (-1,)
        u = b.units[a["unit"]]
        if a["type"] == "refit":
            return (2, u.kind == "armored", cv(state, a["unit"]))
        threat = sum(1 for n in b.graph.neighbours(a["area"]) if occupied(state, n, other(side)))
        return (1, not a["full"], u.cv, -threat if side == "allied" else threat, rng.random())
    return max(actions, key=key)
