"""What a Blitz or prepared assault would be, in a few words, before the player commits to it:
only what the acting side may know (11.2). A stack whose every counter that side can identify
(a lone counter, its top, or shown this phase) is assessed in full; otherwise the attack, the
terrain and the modifiers that do not depend on the hidden defenders are given, and the stack's
height."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from wargames_tui.engine.contract import Modifier, Preview, Result, die_row
from wargames_tui.games.dynamo import combat, evacuation, hidden, movement
from wargames_tui.games.dynamo.board import Board
from wargames_tui.games.dynamo.phases import acting_side
from wargames_tui.games.dynamo.state import State

# Modifiers that the attacker knows whatever the defending stack holds (16.17-16.19, 12.2, 13.4, 13.5, 8.4, 10.3).
KNOWN_WITHOUT_DEFENDERS = ("concentric", "village", "water barrier", "Blitz", "Blitz Schwerpunkt",
                           "offensive Schwerpunkt", "counter stroke", "Franco-British assault")


def preview(state: State, action: Any) -> Preview | None:
    if not isinstance(action, dict):
        return None
    side = acting_side(state)
    if side is None:
        return None
    b = Board(state)
    kind = action.get("type")
    if state.battle is not None:
        return _raf_answer(b, kind) if state.battle.stage == "raf" and kind in ("raf", "no-raf") else None
    if kind == "blitz" and state.group is not None and isinstance(action.get("hex"), str):
        return _blitz(b, side, action["hex"])
    if kind == "assault":
        return _assault(b, side, action)
    if kind == "evacuate" and action in evacuation.options(b):
        return _rearguard(b, action["unit"])
    return None


def _raf_answer(b: Board, kind: str) -> Preview:
    """The German assault, its stacks shown (11.2), with or without the RAF's defence (8.8)."""
    battle = b.state.battle
    assert battle is not None
    raf = "defensive" if kind == "raf" else battle.raf
    return _preview(b, battle.kind, battle.attackers, battle.hexes, battle.from_hexes, raf, battle.counter_stroke)


def _rearguard(b: Board, uid: str) -> Preview | None:
    """A lone step left under German eyes rolls to get away (20.6)."""
    h = b.state.units[uid].hex
    if h is None or not evacuation.rolls_for(b, h):
        return None
    return Preview("1 die for the last step under German eyes", "dynamo:20.6",
                   results=(Result("1-3", "evacuated"), Result("4-6", "stays: the rearguard cannot get away")))


def known_hexes(b: Board, side: str, hexes: list[str]) -> bool:
    """Every counter in these hexes is one the side can identify."""
    seen = hidden.visible(b, side)
    return all(u in seen for h in hexes for u in b.at.get(h, []))


def _blitz(b: Board, side: str, target: str) -> Preview | None:
    group = b.state.group
    assert group is not None
    if target not in b.m.neighbours.get(group.hex, ()) or not b.real_at(target):
        return None
    real = b.real(group.units)
    cost, needed = movement.blitz_cost(b, group, target)
    p = _words(b, side, "blitz", real, [target], {u: group.hex for u in real})
    if known_hexes(b, side, [target]):
        return replace(p, note=f"costs {cost} MP (12.3-12.7)")
    return replace(p, note=f"needs {needed} MP, returns what it does not cost (12.5)")


def _assault(b: Board, side: str, action: dict[str, Any]) -> Preview | None:
    attackers, hexes = action.get("attackers"), action.get("hexes")
    if not isinstance(attackers, list) or not isinstance(hexes, list) or not attackers or not hexes:
        return None
    if not all(isinstance(u, str) and u in b.state.units for u in attackers) or not all(isinstance(h, str) for h in hexes):
        return None
    if any(b.side_of(u) != side or b.state.units[u].hex is None for u in attackers):
        return None
    if not all(b.real_at(h) for h in hexes):
        return None
    froms = {u: b.state.units[u].hex for u in attackers}
    raf = "offensive" if action.get("raf") is True else None
    return _words(b, side, "prepared", attackers, hexes, froms, raf)  # type: ignore[arg-type]


def _words(b: Board, side: str, kind: str, attackers: list[str], hexes: list[str], froms: dict[str, str],
           raf: str | None = None) -> Preview:
    counter_stroke = kind == "prepared" and side == "allied" and b.state.counter_stroke == "active"
    if known_hexes(b, side, hexes):
        return _preview(b, kind, attackers, hexes, froms, raf, counter_stroke)
    a = combat.assess(b, kind, attackers, hexes, froms, raf, counter_stroke)
    mods = tuple(_modifier(m) for m in a["modifiers"]
                 if m[2] in KNOWN_WITHOUT_DEFENDERS or (m[2].startswith("Luftwaffe x") and "defending" not in m[2]))
    height = sum(len(b.at.get(h, [])) for h in hexes)
    rest = ", the RAF -2 less 1 a FLAK Korps there" if raf else ""
    terrain = " / ".join(sorted({b.terrain(h) for h in hexes}))
    return Preview(f"attack {a['attack']} vs a stack of {height}, not all seen, on {terrain}", "dynamo:16.2", mods,
                   hidden=f"the defence{rest}; shown when committed (11.2)")


def _preview(b: Board, kind: str, attackers: list[str], hexes: list[str], froms: dict[str, str],
             raf: str | None, counter_stroke: bool) -> Preview:
    """Every number known: odds, terrain line, each modifier, and the results down the die (16.16)."""
    a = combat.assess(b, kind, attackers, hexes, froms, raf, counter_stroke)
    row = [combat.result_for(b, a["column"], d + a["modifier"]) for d in range(1, 7)]
    return Preview(f"{a['attack']} vs {a['defence']} = {a['odds']} on {a['terrain']}", "dynamo:16.2",
                   tuple(_modifier(m) for m in a["modifiers"]), die_row(row))


def _modifier(m: list[Any]) -> Modifier:
    return Modifier(f"{m[0]:+d}", m[2], f"dynamo:{m[1]}")


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    """The combat panel's odds of a prepared assault on a hex (or on the hex of the unit named),
    as the attacking side may know them: with a stack not all seen, the defence counts only the
    counters seen, and no column is given."""
    b = Board(state)
    h = state.units[defender].hex if defender in state.units else defender
    side = b.side_of(attackers[0])
    froms = {u: state.units[u].hex for u in attackers}
    a = combat.assess(b, "prepared", attackers, [h], froms)  # type: ignore[arg-type, list-item]
    if known_hexes(b, side, [h]):  # type: ignore[list-item]
        note = ", ".join(f"{m[0]:+d} {m[2]} ({m[1]})" for m in a["modifiers"])
        return {"attack": a["attack"], "defence": a["defence"], "column": f"{a['odds']} on {a['terrain']}", "note": note}
    seen = hidden.visible(b, side)
    air = sum(state.air.get(u, 0) for u in attackers) if side == "german" else 0
    shown = sum(combat.defence_of(b, u, attackers, air) for u in b.real_at(h) if u in seen)  # type: ignore[arg-type]
    n = len(b.at.get(h, []))  # type: ignore[arg-type]
    return {"attack": a["attack"], "defence": shown, "column": None, "note": f"{n} counter(s) there, not all seen (11.2)"}
