"""Strange Victory (solitaire): seven panzer divisions from the Meuse to the Channel before Hitler's nerve fails."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.games.strange_victory import rules
from wargames_tui.games.strange_victory.contract import order_of_battle, owed, preview, standing
from wargames_tui.games.strange_victory.data import Campaign, load_campaign
from wargames_tui.games.strange_victory.state import State
from wargames_tui.games.protocol import delegates
from wargames_tui.present import Presentation

GAME_ID = "strange-victory"
TITLE = "Strange Victory"
MAP_KIND = "area"
SCENARIO = "strange-victory/campaign"
SOLITAIRE = {"allied": "game"}  # the Allied garrisons and reactions are drawn by the rules


def scenarios() -> list[ScenarioInfo]:
    return [
        ScenarioInfo(
            SCENARIO,
            TITLE,
            "May 1940: the panzers from the Meuse to the Channel (solitaire)",
            {"german": "German (the panzer divisions)", "allied": "Allied (played by the game)"},
            "Lead Reinhardt's, Guderian's and Rommel's panzer divisions across the Meuse bridges and on to "
            "the Channel ports, taking as many areas as you can before Hitler's panic halts the offensive. "
            "The map and counters are reconstructions (see NOTES.md).",
            dict(rules.OPTIONS),
        )
    ]


new, prompt, apply, outcome, dump, load, copy_state = delegates(rules, State)


def summary(state: State) -> dict[str, Any]:
    """The turn and the phase as the view names them, read from the state (the save's summary)."""
    return {"turn": state.turn, "phase": rules.PHASE_TITLES[state.phase]}


def active_side(state: State) -> str | None:
    return None if state.phase == "over" else "german"


def board(state: State) -> Campaign:
    return load_campaign()


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    """What the player sees: face-down garrisons show only their letter."""
    return rules.view(state)


def nations(state: State) -> dict[str, dict[str, str]]:
    return {
        "german": {"name": "German", "side": "german", "colour": "#6b6b6b", "text": "white"},
        "allied": {"name": "Allied", "side": "allied", "colour": "#3a5fa0", "text": "white"},
    }


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    return {"attack": 0, "defence": 0, "column": None, "note": "dice against the Allied strength (strange-victory:8.3)"}


def check_invariants(state: State) -> list[str]:
    c = load_campaign()
    problems = []
    seen: dict[str, str] = {}
    for d, s in state.divisions.items():
        if c.areas[s.area].kind != "staging":
            if s.area in seen:
                problems.append(f"{d} and {seen[s.area]} share {s.area}")
            seen[s.area] = d
    for area, units in state.allied.items():
        if len(units) > 1 and c.areas[area].kind != "port":
            problems.append(f"{area} holds {len(units)} Allied counters")
        if state.combat is None and c.areas[area].kind != "port" and units:
            problems.append(f"{area} holds Allied counters outside a combat")
    if state.panic < 1:
        problems.append(f"panic {state.panic}")
    for m, p in state.audacity.items():
        if not 0 <= p <= c.commanders[m].audacity:
            problems.append(f"{m} has {p} audacity")
    return problems


def presentation() -> Presentation:
    """How the client shows this game (imported on first use: the rules run without it)."""
    from wargames_tui.games.strange_victory.present import PRESENTATION

    return PRESENTATION
