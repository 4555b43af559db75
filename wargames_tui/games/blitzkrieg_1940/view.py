"""What each side may see (11.3, 6.2, 6.3): the only source of the client's picture.

A side sees all of its own counters; of an enemy stack it sees the top counter and how many
lie beneath, until a battle reveals them (11.3). The Allies never see the Sickle Cut cup or
the German set-up pool, nor which German counters are dummies (6.2, 6.3). The public view
(viewer None) is what an onlooker sees of both sides.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940 import movement, sequence
from wargames_tui.games.blitzkrieg_1940.data import load_board
from wargames_tui.games.blitzkrieg_1940.fog import SECRET_STATUS, hidden_units
from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State

STEPS = {"advance": "other"}  # the client's hex keys do not fit these steps: the action list does


KINDS = {"Panzer": "Pz", "Inf": "I", "Mot": "M", "Cav": "C", "Chasseurs": "CA", "Mountain": "Mt",
         "Armoured": "Ar", "Canadian": "Ca", "Highland": "H", "Army": "T", "SR": "SR", "Inf.": "I"}


def short_name(name: str) -> str:
    """Up to four characters for the counter: the number and the kind ("1Pz", "4DI", "Koch")."""
    words = name.split()
    digits = "".join(ch for ch in words[0] if ch.isdigit())
    if digits and len(words) > 1:
        kind = words[1] if words[1].isupper() else KINDS.get(words[1], words[1][:1])
        return (digits + kind)[:4]
    if words[0] == "Coup":
        return words[3][:4]
    if words[0] == "Brigade":
        return "Br" + words[1]
    return words[0][:4]


def factors_text(att: str, dfn: str, mf: int) -> str:
    """The counter's lower line as printed: attack-defence-MF ("8-10-6", "+2+3-4")."""
    if att == "-":
        return f"{dfn}-{mf}"
    sep = "" if dfn[:1] in "+-" else "-"
    return f"{att}{sep}{dfn}-{mf}"


@cache
def _printed(scenario: str, uid: str, steps: int) -> dict[str, Any]:
    """What the counter says of itself at so many steps (0: eliminated, its last face): the
    same all game, read once (every view shows every unit, and a bot's playout asks for a view
    at each choice)."""
    u = load_board(scenario).units[uid]
    att, dfn, mf = u.steps[len(u.steps) - steps] if steps else u.steps[-1]
    return {
        "id": uid, "name": u.name, "short": short_name(u.name), "nation": u.nation, "side": u.side,
        "type": u.type, "size": u.size, "mech": u.mech, "max_steps": len(u.steps), "attack": att, "defence": dfn,
        "move": mf, "strength": int(att) if att.isdigit() else 0, "factors": factors_text(att, dfn, mf),
    }


@cache
def _label(scenario: str, h: Hex) -> str:
    return load_board(scenario).label(h)


def unit_view(pos: Position, uid: str) -> dict[str, Any]:
    st = pos.s.units[uid]
    printed = _printed(pos.s.scenario, uid, st.steps)
    mf = printed["move"]
    allowance = movement.allowance(pos, uid) if st.status == "map" and mf else mf
    return {
        **printed, "hex": st.hex, "label": _label(pos.s.scenario, st.hex) if st.hex else None,
        "status": st.status, "steps": st.steps, "disrupted": False, "moved": uid in pos.s.moved,
        "supplied": pos.supplied(uid) if st.status == "map" else None,
        "allowance": allowance, "mp": mp_left(pos, uid, allowance),
    }


def mp_left(pos: Position, uid: str, allowance: int) -> int:
    """MPs the unit may still spend this Movement Phase (13.2A): its allowance (at most 4 out of
    supply, 10.3A), while it may still move in its side's phase; else 0."""
    if not pos.s.phase.endswith("-movement") or pos.s.units[uid].status != "map" or not movement.may_move(pos, uid):
        return 0
    return pos.s.left.get(uid, allowance)  # a halted stack's MPs left (11.7A)


def unknown(h: Hex, side: str, n: int) -> dict[str, Any]:
    """A counter the viewer sees only as a counter of the other side (11.3)."""
    return {
        "id": f"?{h}-{n}", "name": "a counter beneath the top one", "short": "?", "nation": "", "side": side,
        "type": "", "size": "", "mech": False, "hex": h, "label": None, "status": "map", "steps": None,
        "max_steps": None, "attack": "", "defence": "", "move": 0, "strength": 0, "factors": "?",
        "disrupted": False, "moved": False, "supplied": None, "allowance": 0, "mp": 0,
    }


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    pos = Position(state)
    b = pos.b
    hidden = hidden_units(state, viewer)
    units = []
    for h, here in sorted(pos.at.items()):
        shown = [u for u in here if u not in hidden]
        units += [unit_view(pos, u) for u in shown]
        for side in ("german", "allied"):
            count = sum(1 for u in here if u in hidden and b.units[u].side == side)
            units += [unknown(h, side, n) for n in range(count)]
    units += [unit_view(pos, u) for u in sorted(state.units)
              if u not in hidden and state.units[u].status not in ("map", "out")]
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
        "sides": dict(b.game.sides),
        "step": STEPS.get(state.battle.stage, "other") if state.battle else "other",
        "turn_labels": [f"T{t}" for t in range(1, b.info.turns + 1)],
        "order": dict(state.order),
        "units": units,
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
