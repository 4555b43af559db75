"""COMMANDO n°4: Dieppe 1942, solitaire: No. 4 Commando against the Hess battery; the game plays the Germans."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.games.dieppe import rules
from wargames_tui.games.dieppe.contract import order_of_battle, owed, standing
from wargames_tui.games.dieppe.preview import preview as preview
from wargames_tui.games.dieppe.combat import shooter_value, target_value
from wargames_tui.games.dieppe.data import Raid, load_raid
from wargames_tui.games.dieppe.firing import targets_in
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.state import State
from wargames_tui.games.protocol import delegates
from wargames_tui.present import Presentation

GAME_ID = "dieppe"
TITLE = "COMMANDO n°4: Dieppe 1942"
MAP_KIND = "area"  # the client draws a zone map, not hexes
SCENARIO = "dieppe/raid"
SOLITAIRE = {"german": "game"}  # the rules play the Germans (dieppe:9.3, 10, 11.1)


def scenarios() -> list[ScenarioInfo]:
    return [
        ScenarioInfo(
            SCENARIO,
            TITLE,
            "19 August 1942: No. 4 Commando against the Hess battery (solitaire)",
            {"british": "British (No. 4 Commando)", "german": "German (played by the game)"},
            "Land two groups of commandos west of Dieppe, destroy the six 155 mm guns of Battery 813, "
            "cut the telephone line, take a prisoner and bring everyone home to Newhaven by 7:30. "
            "The game plays the garrison by the rules' priorities.",
            dict(rules.ALL_OPTIONS),
        )
    ]


new, prompt, apply, outcome, dump, load, copy_state = delegates(rules, State)


def summary(state: State) -> dict[str, Any]:
    """The turn and the phase as the view names them, read from the state (the save's summary)."""
    return {"turn": state.turn, "phase": rules.PHASE_TITLES[state.phase]}


def active_side(state: State) -> str | None:
    return rules.acting_side(state)


def board(state: State) -> Raid:
    return load_raid()


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    """What the player sees: the markers' faces and the containers stay hidden."""
    return rules.view(state)


def nations(state: State) -> dict[str, dict[str, str]]:
    return {
        "british": {"name": "British", "side": "british", "colour": "#8b5a2b", "text": "white"},
        "german": {"name": "German", "side": "german", "colour": "#7a7a7a", "text": "black"},
    }


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    """Fire values before the dice: the shooter's FF and modifiers against the target's (dieppe:11.1)."""
    pos = Position(state)
    front = pos.front(attackers)
    targets = targets_in(pos, defender, "german" if front and pos.side(front) == "british" else "british")
    target = pos.front(targets)
    if front is None or target is None:
        return {"attack": 0, "defence": 0, "column": None, "note": ""}
    pieces = {u: pos.piece(u) for u in attackers + targets}
    solo = pos.kind(front) in ("sniper", "mortar")
    attack = shooter_value(pieces[front], [pieces[u] for u in attackers], 0, "die", state.turn)
    defence = target_value(pieces[target], [pieces[u] for u in targets], 0, "die", pos.raid.zones[defender].protection, solo)
    return {"attack": attack.total, "defence": defence.total, "column": None, "note": "each side adds its die (dieppe:11.1)"}


def check_invariants(state: State) -> list[str]:
    """Facts that hold in every position; selfplay checks them after every action."""
    pos = Position(state)
    problems = []
    for zone in pos.raid.zones:
        troops = targets_in(pos, zone, "british") if pos.is_land(zone) else []
        if troops and pos.germans(zone) and not (state.assault and state.assault.zone == zone):
            problems.append(f"{zone} holds both sides outside an assault")
        moving = state.move is not None and state.move.zone == zone
        if pos.german_levels(zone) > pos.limit(zone):
            problems.append(f"{zone} holds {pos.german_levels(zone)} German levels")
        if not pos.is_land(zone) and not moving and len(pos.lcas(zone)) > pos.limit(zone):
            problems.append(f"{zone} holds {len(pos.lcas(zone))} LCA")
        for lca in pos.lcas(zone):
            if pos.cargo_levels(lca) > 8:
                problems.append(f"{lca} carries {pos.cargo_levels(lca)} levels")
    for uid, s in state.units.items():
        if (s.status in ("map", "prisoner")) != (s.zone is not None):
            problems.append(f"{uid} has status {s.status} and zone {s.zone}")
        if s.aboard and (state.units[s.aboard].zone != s.zone or state.units[s.aboard].status != "map"):
            problems.append(f"{uid} is aboard {s.aboard} but not with it")
    if not 0 <= state.alarm <= 9:
        problems.append(f"alarm {state.alarm}")
    if not 1 <= state.turn <= rules.TURNS:
        problems.append(f"turn {state.turn}")
    return problems


def presentation() -> Presentation:
    """How the client shows this game (imported on first use: the rules run without it)."""
    from wargames_tui.games.dieppe.present import PRESENTATION

    return PRESENTATION
