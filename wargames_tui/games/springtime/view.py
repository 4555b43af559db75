"""What each side may see (springtime:6.1.1, 6.4.4, 7.1): everything but the other side's held Event marker,
its secret set-up (18.2) and its sealed bid (17.1)."""

from __future__ import annotations

import random
from typing import Any

from wargames_tui.games.springtime import bids, setup
from wargames_tui.games.springtime.combat import air_value
from wargames_tui.games.springtime.data import load_board, load_scenario
from wargames_tui.games.springtime.phases import PHASE_TITLES, SIDES, acting_side
from wargames_tui.games.springtime.positions import (
    contested,
    cv,
    leader_rating,
    leaders_with,
    mf,
)
from wargames_tui.games.springtime.state import State
from wargames_tui.games.springtime.victory import outcome


def _unit(state: State, uid: str, viewer: str | None) -> dict[str, Any]:
    b = load_board()
    u = b.units[uid]
    s = state.units[uid]
    if s.get("free") and u.side != viewer:  # a set-up still secret (18.2)
        return {"id": uid, "name": u.name, "short": u.short, "side": u.side, "nation": u.nation, "kind": u.kind,
                "group": u.group, "zone": None, "status": "secret", "reduced": s["reduced"], "leaders": []}
    return {
        "id": uid, "name": u.name, "short": u.short, "side": u.side, "nation": u.nation, "kind": u.kind,
        "group": u.group, "zone": s["at"] if s["at"] in b.areas else None, "status": s["at"] if s["at"] not in b.areas else "map",
        "cv": cv(state, uid), "mf": mf(state, uid), "factors": f"{cv(state, uid)}-{mf(state, uid)}",
        "reduced": s["reduced"], "oos": s["oos"],
        "leaders": [{"id": l, "name": b.leaders[l].name, "rating": leader_rating(state, l)} for l in leaders_with(state, uid)],
    }


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    b = load_board()
    hands: dict[str, Any] = {}
    for side in ("allied", "axis"):
        held = state.hands.get(side, [])
        if side == viewer or state.shown.get(side):
            hands[side] = {"count": len(held), "markers": list(held)}
        else:
            hands[side] = {"count": len(held)}
    result = outcome(state)
    return {
        "view_version": 1, "scenario": state.scenario, "title": f"Springtime for Hitler: {load_scenario(state.scenario).title}",
        "turn": state.turn, "turns": state.last_turn, "phase": state.phase, "phase_title": PHASE_TITLES[state.phase],
        "step": state.step, "side": acting_side(state), "sides": dict(SIDES),
        "outcome": result.to_json() if result else None, "options": dict(state.options),
        "impulse": state.impulse, "impulses": b.tables.impulses, "active": state.active,
        "advantage": state.advantage, "morale": state.morale, "rp": dict(state.rp),
        "zones": {
            a.id: {
                "name": a.name, "kind": "zone" if a.zone else "area", "nation": a.nation, "tem": a.tem, "port": a.port,
                "east": a.east, "at": list(a.at), "control": state.control[a.id], "contested": contested(state, a.id),
            }
            for a in b.areas.values()
        },
        "links": b.graph.link_list(), "picture": list(b.picture),
        "units": [_unit(state, u, viewer) for u in sorted(state.units)],
        "air": [{"id": a, "name": m.name, "side": m.side, "nation": m.nation, "value": air_value(state, a)} for a, m in b.air.items()],
        "events": {
            "cup": len(state.cup), "hands": hands, "track": list(state.track), "played": list(state.played),
            "draws": dict(state.draws),
        },
        "flags": dict(state.flags), "impulse_record": dict(state.imp), "combat": state.combat,
        "retreats": list(state.retreats), "last_assault": dict(state.last_assault),
        "bids": {side: n for side, n in state.bids.items() if side == viewer or state.phase != "bids"},  # 17.1
    }


def disguise(state: State, viewer: str | None, rng: random.Random) -> State:
    """A copy in which every held marker the viewer cannot see is redrawn from the markers the
    viewer cannot account for: the cup and those hands (springtime:6.1.1, 6.4.4, 15.1)."""
    new = state.copy()
    for side in ("allied", "axis"):
        if side != viewer:
            setup.scramble(new, side, rng)
            if new.phase == "bids" and side in new.bids:
                new.bids[side] = rng.randrange(bids.SHOWN)  # a sealed bid (17.1)
    hidden = [s for s in ("allied", "axis") if s != viewer and new.hands.get(s) and not new.shown.get(s)]
    pool = sorted(new.cup + [m for s in hidden for m in new.hands[s]])
    for side in hidden:
        allowed = [m for m in pool if not (side == "axis" and new.turn == 1 and m == "air-supremacy")]
        pick = rng.choice(allowed)
        pool.remove(pick)
        new.hands[side] = [pick]
    new.cup = pool
    return new


