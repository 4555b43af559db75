"""Panzer Corps: one rules module for El Alamein, Dunkerque, Khar'kov and Operation Compass."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.engine.odds import crt_column
from wargames_tui.games.panzer_corps import blocking, evaluation, fallback, rules, victory
from wargames_tui.engine.contract import Forces, forces_from_view
from wargames_tui.games.panzer_corps.contract import owed, preview, standing
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.data import load_scenario, scenario_folders, scenario_info
from wargames_tui.games.panzer_corps.mapview import HexMapData, hex_map_data
from wargames_tui.games.panzer_corps.state import State
from wargames_tui.games.protocol import delegates
from wargames_tui.present import Presentation

GAME_ID = "panzer-corps"
TITLE = "Panzer Corps"


def scenarios() -> list[ScenarioInfo]:
    found = []
    for sid in scenario_folders():
        info = scenario_info(sid)
        sides = {s.id: s.name for s in info.sides}
        found.append(ScenarioInfo(sid, info.title, info.subtitle, sides, info.description))
    return found


new, prompt, apply, outcome, dump, load, copy_state = delegates(rules, State)


def summary(state: State) -> dict[str, Any]:
    """The turn and the phase as the view names them, read from the state (the save's summary)."""
    return {"turn": state.turn, "phase": rules.phase_title(state)}


def active_side(state: State) -> str | None:
    """The side that acts now, without working out its legal actions."""
    return rules.acting_side(state)


def board(state: State) -> HexMapData:
    return hex_map_data(state.scenario)


def nations(state: State) -> dict[str, dict[str, str]]:
    """Nation id -> name, side and counter colours."""
    return {k: n.model_dump() for k, n in load_scenario(state.scenario).info.nations.items()}


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    """The odds of a possible attack as the rules work them out, with any doubling and its case."""
    b = Board(state)
    attack = sum(b.unit(a).strength for a in attackers)
    defence, note = b.defence(defender, attackers)
    column = crt_column(attack, defence, b.sc.crt.columns) if attack > 0 else None
    return {"attack": attack, "defence": defence, "column": column, "note": note}


def retreat_room(state: State, uid: str) -> int:
    """For bots weighing an attack: how many hexes uid, with the units of its hex, could retreat
    now (0, 1 or 2): a retreat result longer than that eliminates it (9.5(3))."""
    b = Board(state)
    mates = set(b.at.get(b.hex_of(uid), ()))
    return next((n for n in (2, 1) if b.retreat_paths(uid, n, mates)), 0)


def fall_back(state: State, side: str) -> dict[str, list[str]]:
    """For bots: side's units in danger where they stand, each with the ends of its move to fall
    back to, best first (fallback.py)."""
    return fallback.fall_back(state, side)


def plans_fall_back(state: State, side: str) -> bool:
    """For the planning bot: whether side's plain plans (its default plan) should also fall back
    and block as its other styles do: the side whose enemy is paid for entering places (kharkov
    4.2: Khar'kov's Germans), whose plain plan left the 19th Panzer's pair at the front on turn 1
    (Khar'kov NOTES.md, session 21)."""
    vp = load_scenario(state.scenario).info.rules.vp
    return vp is not None and vp.charge_side != side


def blocks(state: State, side: str) -> dict[str, list[str]]:
    """For bots: side's units whose move could stop the enemy winning at once (kharkov 4.5),
    each with the ends that do, best first (blocking.py)."""
    return blocking.blocks(state, side)


def objectives(state: State, side: str) -> set[str]:
    """Hexes side's bots should head for: what its victory conditions reward, or a hex that
    wins at once while a unit can end its movement there."""
    return victory.objectives(state, side, win_now=True)


def wins_at(state: State, side: str) -> frozenset[str]:
    """For bots: the hexes a unit of side wins the game at once by entering (kharkov 4.5)."""
    return victory.wins_at(state.scenario, side)


def points_now(state: State, side: str) -> float:
    """For bots that look ahead: how far side would be ahead if the game ended now, in the
    scenario's own points (above the other side's, or above the points threshold); 0 where
    the end brings no points (El Alamein's default winner)."""
    return victory.margin(state, side)


def evaluate(state: State, side: str) -> float:
    """For bots that plan: side's advantage in the position (evaluation.py)."""
    return evaluation.evaluate(state, side)


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    """Everything a player may see; Panzer Corps hides nothing, so every viewer sees all."""
    b = Board(state)
    info = b.sc.info
    units = []
    for uid, st in state.units.items():
        u = b.sc.units[uid]
        units.append(
            {
                "id": uid,
                "side": u.side,
                "nation": u.nation,
                "name": u.name,
                "short": u.short,
                "kind": u.kind,
                "size": u.size,
                "strength": u.strength,
                "move": u.move,
                "allowance": b.allowance(uid),
                "hex": st.hex,
                "status": st.status,
                "disrupted": st.disrupted,
                "moved": uid in state.moved,
            }
        )
    result = outcome(state)
    return {
        "view_version": 1,
        "scenario": state.scenario,
        "title": info.title,
        "turn": state.turn,
        "turns": info.turns,
        "turn_labels": info.turn_labels,
        "phase": state.phase,
        "phase_title": rules.phase_title(state),
        "phases": [rules.phase_title_of(state, p) for p in rules.phase_order(state)],
        "step": state.step,
        "side": state.side,
        "sides": {s.id: s.name for s in info.sides},
        "units": units,
        "attacks": [
            {
                "attackers": a.attackers,
                "defender": a.defender,
                "column": a.column if a.resolved else b.column(a.attackers, a.defender),
                "resolved": a.resolved,
                "roll": a.roll,
                "result": a.result,
            }
            for a in state.attacks
        ],
        "follow_up": _follow_up_view(state),
        "bombard_left": state.bombard_left,
        "stacking": dict(info.rules.stacking),
        "control": dict(state.control),
        "crt": {"columns": b.sc.crt.columns, "die": b.sc.crt.die, "rows": b.sc.crt.rows},
        "outcome": result.to_json() if result else None,
    }


def order_of_battle(state: State, viewer: str | None) -> dict[str, Forces]:
    return forces_from_view(view(state, viewer), {"map": "on_map", "pending": "to_come", "eliminated": "eliminated"})


def _follow_up_view(state: State) -> dict[str, Any] | None:
    f = state.follow_up
    if f is None:
        return None
    return {
        "retreating": f.retreating,
        "distance": f.distance,
        "vacated": f.vacated,
        "advancers": f.advancers,
        "exchange": f.exchange,
        "advanced": f.advanced,
        "further": f.further,
    }


def check_invariants(state: State) -> list[str]:
    """Facts that must hold in every position; selfplay checks them after every action."""
    b = Board(state)
    problems = []
    for h, here in b.at.items():
        if len(here) > b.rules.stacking[b.side_of(here[0])] and state.step in ("declare", "reinforce"):
            problems.append(f"{h} holds {len(here)} units")
        sides = {b.side_of(u) for u in here}
        if len(sides) > 1:
            problems.append(f"{h} holds units of both sides")
        if b.sc.terrain_at[h].cost is None:
            problems.append(f"{h} is {b.sc.terrain_at[h].name} but holds {here}")
    for uid, st in state.units.items():
        if (st.status == "map") != (st.hex is not None):
            problems.append(f"{uid} has status {st.status} and hex {st.hex}")
    if not 1 <= state.turn <= b.sc.info.turns:
        problems.append(f"turn {state.turn} is outside 1..{b.sc.info.turns}")
    return problems


def presentation() -> Presentation:
    """How the client shows this game (imported on first use: the rules run without it)."""
    from wargames_tui.games.panzer_corps.present import PRESENTATION

    return PRESENTATION
