"""What each side may see (11.3, 6.2, 6.3): the only source of the client's picture.

A side sees all of its own counters; of an enemy stack it sees the top counter and how many
lie beneath, until a battle reveals them (11.3). The Allies never see the Sickle Cut cup or
the German set-up pool, nor which German counters are dummies (6.2, 6.3). The public view
(viewer None) is what an onlooker sees of both sides.
"""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940 import sequence
from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State

SECRET_STATUS = ("cup", "pool")  # German units off the map the Allies may not see (6.2)


def revealed(state: State) -> set[str]:
    """Units shown to both sides because a battle is being resolved with them (11.3)."""
    if state.battle is None:
        return set()
    return set(state.battle.attackers) | set(state.battle.defenders)


def hidden_units(state: State, viewer: str | None) -> set[str]:
    """Every counter whose identity or place viewer may not know."""
    pos = Position(state)
    b = pos.b
    shown = revealed(state)
    out = set()
    for h, here in pos.at.items():
        for side in ("german", "allied"):
            if side == viewer:
                continue
            top = next((u for u in here if b.units[u].side == side and not b.units[u].dummy), None)
            out |= {u for u in here if b.units[u].side == side and u != top and u not in shown}
    if viewer != "german":
        out |= {u for u, st in state.units.items() if st.status in SECRET_STATUS}
    return out


def unit_view(pos: Position, uid: str) -> dict[str, Any]:
    b, st = pos.b, pos.s.units[uid]
    u = b.units[uid]
    att, dfn, mf = pos.steps_of(uid) if st.steps else u.steps[-1]
    return {
        "id": uid, "name": u.name, "nation": u.nation, "side": u.side, "type": u.type, "size": u.size,
        "mech": u.mech, "hex": st.hex, "label": b.label(st.hex) if st.hex else None, "status": st.status,
        "steps": st.steps, "max_steps": len(u.steps), "attack": att, "defence": dfn, "move": mf,
        "moved": uid in pos.s.moved,
    }


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    pos = Position(state)
    b = pos.b
    hidden = hidden_units(state, viewer)
    units = [unit_view(pos, u) for u in sorted(state.units) if u not in hidden and state.units[u].status not in ("out",)]
    stacks: dict[Hex, int] = {}
    for u in hidden:
        h = state.units[u].hex
        if h is not None:
            stacks[h] = stacks.get(h, 0) + 1
    secret = {s: sum(1 for u in hidden if state.units[u].status == s) for s in SECRET_STATUS}
    acting = sequence.acting_side(state)
    result = sequence.outcome(state)
    return {
        "view_version": 1,
        "scenario": state.scenario,
        "title": b.info.title,
        "viewer": viewer,
        "turn": state.turn,
        "turns": b.info.turns,
        "couplet": state.couplet,
        "phase": state.phase,
        "phase_title": sequence.phase_title(state),
        "side": acting,
        "order": dict(state.order),
        "units": units,
        "hidden_counters": [{"hex": h, "label": b.label(h), "count": n} for h, n in sorted(stacks.items())],
        "cup": secret["cup"] if viewer != "german" else None,
        "pool": secret["pool"] if viewer != "german" else None,
        "selected": list(state.selected) if viewer == acting else [],
        "battle": state.battle.to_json() if state.battle else None,
        "drops": [list(d) for d in state.drops],
        "control": dict(sorted(state.control.items())),
        "violated": dict(state.violated),
        "capitulated": list(state.capitulated),
        "sickle_cut": state.sickle,
        "raf": state.raf, "raf_available": state.raf_available, "raf_used": state.raf_used,
        "morale": state.morale, "dams": state.dams, "terror": state.terror,
        "german_lost": state.german_lost, "bef_lost": state.bef_lost,
        "breached": state.breached, "emergency": state.emergency,
        "crt": {"columns": b.game.crt.columns, "die": b.game.crt.die, "rows": b.game.crt.rows},
        "outcome": result.to_json() if result else None,
    }
