"""What each side may see (springtime:6.1.1, 6.4.4, 7.1): everything but the other side's held Event marker."""

from __future__ import annotations

import random
from typing import Any

from wargames_tui.games.springtime.combat import air_value
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.positions import contested, cv, leader_rating, leaders_with, mf
from wargames_tui.games.springtime.state import State


def _unit(state: State, uid: str) -> dict[str, Any]:
    b = load_board()
    u = b.units[uid]
    s = state.units[uid]
    return {
        "id": uid, "name": u.name, "side": u.side, "nation": u.nation, "kind": u.kind, "group": u.group,
        "cv": cv(state, uid), "mf": mf(state, uid), "reduced": s["reduced"], "oos": s["oos"],
        "leaders": [{"id": l, "name": b.leaders[l].name, "rating": leader_rating(state, l)} for l in leaders_with(state, uid)],
    }


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    b = load_board()
    areas: dict[str, Any] = {}
    for aid, a in b.areas.items():
        here = sorted(u for u, s in state.units.items() if s["at"] == aid)
        areas[aid] = {
            "name": a.name, "nation": a.nation, "tem": a.tem, "zone": a.zone, "port": a.port,
            "control": state.control[aid], "contested": contested(state, aid),
            "units": [_unit(state, u) for u in here],
        }
    hands: dict[str, Any] = {}
    for side in ("allied", "axis"):
        held = state.hands.get(side, [])
        if side == viewer or state.shown.get(side):
            hands[side] = {"count": len(held), "markers": list(held)}
        else:
            hands[side] = {"count": len(held)}
    elsewhere = {
        where: sorted(u for u, s in state.units.items() if s["at"] == where)
        for where in ("eliminated", "removed", "offmap")
    }
    return {
        "scenario": state.scenario, "options": dict(state.options), "turn": state.turn, "last_turn": state.last_turn,
        "phase": state.phase, "step": state.step, "impulse": state.impulse, "active": state.active,
        "advantage": state.advantage, "morale": state.morale, "rp": dict(state.rp), "areas": areas,
        "elsewhere": elsewhere,
        "air": [{"id": a, "name": m.name, "side": m.side, "value": air_value(state, a)} for a, m in b.air.items()],
        "events": {
            "cup": len(state.cup), "hands": hands, "track": list(state.track), "played": list(state.played),
            "draws": dict(state.draws),
        },
        "flags": dict(state.flags), "impulse_record": dict(state.imp), "combat": state.combat,
        "retreats": list(state.retreats), "last_assault": dict(state.last_assault), "result": state.result,
    }


def disguise(state: State, viewer: str | None, rng: random.Random) -> State:
    """A copy in which every held marker the viewer cannot see is redrawn from the markers the
    viewer cannot account for: the cup and those hands (springtime:6.1.1, 6.4.4, 15.1)."""
    new = state.copy()
    hidden = [s for s in ("allied", "axis") if s != viewer and new.hands.get(s) and not new.shown.get(s)]
    pool = sorted(new.cup + [m for s in hidden for m in new.hands[s]])
    for side in hidden:
        allowed = [m for m in pool if not (side == "axis" and new.turn == 1 and m == "air-supremacy")]
        pick = rng.choice(allowed)
        pool.remove(pick)
        new.hands[side] = [pick]
    new.cup = pool
    return new


