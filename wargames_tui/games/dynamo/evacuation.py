"""The Allied Sea Evacuation Phase (20.4-20.8).

Steps are counted in halves so that a task force is half a step (20.4). Turns 3-6: three steps
from any coastal hexes. From turn 7: four steps from one port city still open (20.5, 20.8) and two
more from any coastal hexes. A hex next to a German ground unit keeps a rearguard (20.6).
"""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.dynamo.board import Board
from wargames_tui.games.dynamo.combat import strand_dummies
from wargames_tui.games.dynamo.state import State


def open_phase(state: State) -> None:
    """Note what stands on each coastal hex now: only those units may go this turn (20.4)."""
    b = Board(state)
    start = {h: b.real_at(h) for h in b.m.coastal if b.owner(h) == "allied" and b.real_at(h)}
    state.evac = {"start": start, "small": 0, "port": None, "port_half": 0, "other_half": 0}
    state.stuck = []


def half_steps(b: Board, uid: str) -> int:
    return b.steps_left(uid) * (1 if b.unit(uid).task_force else 2)


def rearguard_steps(b: Board, uids: list[str]) -> int:
    """Steps for the rearguard rule: a task force counts as a whole step (20.6)."""
    return sum(b.steps_left(u) for u in uids)


def threatened(b: Board, h: str) -> bool:
    """A German ground unit stands next to h: a sea evacuation there leaves a rearguard (20.6)."""
    return any(b.owner(n) == "german" and b.real_at(n) for n in b.m.neighbours[h])


def budget_for(b: Board, uid: str) -> str | None:
    """Which allowance the unit would use ("small", "port" or "other"), or None if none has room."""
    s = b.state
    ev = s.evac
    need = half_steps(b, uid)
    h = s.units[uid].hex
    rules = b.g.rules.evacuation
    if s.turn < rules.big_from_turn:
        return "small" if ev["small"] + need <= 2 * rules.small_steps else None
    if b.port_open(h) and ev["port"] in (None, h) and ev["port_half"] + need <= 2 * rules.port_steps:  # type: ignore[arg-type]
        return "port"
    return "other" if ev["other_half"] + need <= 2 * rules.other_steps else None


def options(b: Board) -> list[dict[str, Any]]:
    s = b.state
    out = []
    for h, units in sorted(s.evac.get("start", {}).items()):
        here = [u for u in units if s.units[u].where == "map" and s.units[u].hex == h and u not in s.stuck]
        for u in here:
            if budget_for(b, u) is None:
                continue
            if threatened(b, h) and rearguard_steps(b, units) > 1:
                rest = [x for x in b.real_at(h) if x != u]
                if rearguard_steps(b, rest) < 1:
                    continue  # 20.6: one step stays behind
            out.append({"type": "evacuate", "unit": u})
    return out


def rolls_for(b: Board, h: str) -> bool:
    """A single step left under German eyes rolls to get away (20.6)."""
    return threatened(b, h) and rearguard_steps(b, b.state.evac["start"][h]) == 1


def evacuate(state: State, uid: Any, dice: Dice) -> list[Event]:
    b = Board(state)
    h = state.units[uid].hex
    assert h is not None
    alone = rolls_for(b, h)
    if alone:  # 20.6: a single step under German eyes rolls for it
        roll = dice.roll()
        if roll >= 4:
            state.stuck.append(uid)
            return [Event("evacuation", f"{b.unit(uid).short} at {h}: die {roll}, the rearguard cannot get away (20.6)", {"unit": uid, "die": roll}, commit=True)]
    kind = budget_for(b, uid)
    if kind is None:
        raise IllegalAction("no evacuation allowance left for that unit", "dynamo:20.4")
    need = half_steps(b, uid)
    if kind == "small":
        state.evac["small"] += need
    elif kind == "port":
        state.evac["port"] = h
        state.evac["port_half"] += need
    else:
        state.evac["other_half"] += need
    st = state.units[uid]
    st.where, st.hex = "evacuated", None
    text = f"{b.unit(uid).short} evacuated by sea from {h}" + (f" (die {dice.rolls[-1]})" if alone else "")
    return [Event("evacuation", text, {"unit": uid, "hex": h}, commit=alone)] + strand_dummies(state, h)


def summary(state: State) -> str:
    b = Board(state)
    rules = b.g.rules.evacuation
    ev = state.evac
    if state.turn < rules.big_from_turn:
        return f"Sea evacuation: {(2 * rules.small_steps - ev.get('small', 0)) / 2:g} of {rules.small_steps} steps left."
    port = ev.get("port") or "one port"
    return (f"Sea evacuation: {(2 * rules.port_steps - ev.get('port_half', 0)) / 2:g} steps left from {port}, "
            f"{(2 * rules.other_steps - ev.get('other_half', 0)) / 2:g} from any coast hex.")
