"""Victory points and the quotient (22.0)."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.flow import Outcome
from wargames_tui.games.dynamo.board import Board
from wargames_tui.games.dynamo.state import State
from wargames_tui.games.dynamo.supply import lines_of_communication


def lost_steps(b: Board, uid: str) -> int:
    st = b.state.units[uid]
    total = len(b.unit(uid).steps)
    if st.where == "dead":
        return total
    if st.where in ("map", "off", "evacuated", "withdrawn"):
        return min(st.step, total)
    return 0


def tally(state: State, final: bool = False, fates: dict[str, str] | None = None, linked: float = 1) -> dict[str, Any]:
    """Points of each side so far; with final, the end-of-game lines of communication count (22.3)
    and unentered Allied reinforcements count as evacuated (21.4).

    For a bot's estimate of the end: fates stands for the lines of communication, where "lifted"
    counts a unit as evacuated, and linked is the share of a unit's evacuation points that a line
    to the south edge earns."""
    b = Board(state)
    p = b.g.rules.points
    german = allied = 0
    evac_steps: float = 0
    evac_tf: float = 0
    loc = fates if fates is not None else lines_of_communication(b) if final else {}
    for uid, u in b.g.units.items():
        if u.dummy:
            continue
        st = state.units[uid]
        lost = lost_steps(b, uid)
        if final and loc.get(uid) == "cut":
            lost = len(u.steps)
        if u.side == "allied":
            if u.task_force:
                german += p.british_task_force * lost if u.nation == "british" else p.french_leg_step * lost
            elif u.nation == "british":
                german += p.british_step * lost
            else:
                german += (p.french_moto_step if u.moto else p.french_leg_step) * lost
            gone = st.where == "evacuated" or final and (
                loc.get(uid) in ("south", "lifted") or st.where == "pool" and u.turn is not None
            )
            if gone:
                left = (len(u.steps) - st.step) * (linked if st.where == "map" and loc.get(uid) == "south" else 1)
                if u.task_force:
                    evac_tf += left
                else:
                    evac_steps += left
        elif u.type != "kg":
            allied += (p.german_moto_step if u.moto else p.german_leg_step) * lost
    for uid, u in b.g.units.items():
        if u.type == "panzer" and f"{uid}-a" in b.g.units:
            kg_lost = lost_steps(b, f"{uid}-a") + lost_steps(b, f"{uid}-b")
            allied += sum(p.kampfgruppe_steps[:kg_lost])
    allied += evac_steps * p.evacuated_step + evac_tf // p.task_forces_per_point
    return {"german": german, "allied": allied, "evacuated_steps": evac_steps, "evacuated_task_force_steps": evac_tf}


def quotient_level(state: State, german: int, allied: int) -> tuple[str, str, float | None]:
    """The level of 22.5 (or 22.6's shifted scale) for German over Allied points, to two places."""
    b = Board(state)
    levels = b.g.rules.levels[b.g.scenario.scale]
    if allied == 0:
        top = levels[0]
        return top.winner, top.level, None
    q = int(german * 100 / allied) / 100
    for lv in levels:
        if q >= lv.at_least:
            return lv.winner, lv.level, q
    last = levels[-1]
    return last.winner, last.level, q


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    t = state.final
    winner, level, q = quotient_level(state, t["german"], t["allied"])
    shown = "no Allied points" if q is None else f"quotient {q:.2f}"
    return Outcome(winner, level, f"German {t['german']} to Allied {t['allied']} points, {shown} (22.5)",
                   {"german": t["german"], "allied": t["allied"]})
