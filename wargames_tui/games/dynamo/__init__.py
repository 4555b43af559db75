"""Dynamo: Dunkirk, 1940 (3W, The Wargamer #53): two players, hex map, fog of war with dummies.

Scenario ids: dynamo/campaign (Scenario I, 12 turns from 20 May) and dynamo/no-halt-order
(Scenario II, from the Allied player turn of turn 5). Rule cases cited as dynamo:N.N.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from wargames_tui.engine.contract import Forces, Preview, forces_from_view
from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.engine.mapdata import HexMapData
from wargames_tui.games.dynamo import evaluation, hidden, phases
from wargames_tui.games.dynamo.contract import owed, standing
from wargames_tui.games.dynamo import preview as preview_of
from wargames_tui.games.dynamo.data import SCENARIO_FILES, load_game
from wargames_tui.games.dynamo.mapview import hex_map_data
from wargames_tui.games.dynamo.state import State
from wargames_tui.games.protocol import delegates

if TYPE_CHECKING:
    from wargames_tui.present import Presentation

GAME_ID = "dynamo"
TITLE = "Dynamo: Dunkirk 1940"
MAP_KIND = "hex"
HIDDEN = True
SIDES = {"german": "German", "allied": "Allied"}


def scenarios() -> list[ScenarioInfo]:
    out = []
    for sid in SCENARIO_FILES:
        sc = load_game(sid).scenario
        out.append(ScenarioInfo(sid, sc.title, sc.subtitle, dict(SIDES), sc.description, {}))
    return out


new, prompt, apply, outcome, dump, load, copy_state = delegates(phases, State)
listed_part = phases.listed_part


def summary(state: State) -> dict[str, Any]:
    """The turn and the phase as the view names them, read from the state (the save's summary)."""
    return {"turn": state.turn, "phase": hidden.phase_title(state)}


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    return hidden.view(state, viewer)


def disguise(state: State, viewer: str | None, rng: random.Random) -> State:
    return hidden.disguise(state, viewer, rng)


def active_side(state: State) -> str | None:
    return phases.acting_side(state)


def answering(state: State) -> bool:
    """Whether the side to act answers the other's action within that side's player-turn (the
    planning bot's optional hook, docs/GAMES.md): a battle's defence, the German withdrawal."""
    return phases.answering(state)


def board(state: State) -> HexMapData:
    return hex_map_data()


def nations(state: State) -> dict[str, dict[str, str]]:
    """Counter colours as 2.13 gives them: grey, black (SS), red (British), blue (French)."""
    return {
        "german": {"name": "German", "side": "german", "colour": "#a8a8a8", "text": "#000000"},
        "ss": {"name": "SS", "side": "german", "colour": "#202020", "text": "#ffffff"},
        "british": {"name": "British", "side": "allied", "colour": "#c0392b", "text": "#ffffff"},
        "french": {"name": "French", "side": "allied", "colour": "#4a78c8", "text": "#000000"},
        "unknown-german": {"name": "German (unidentified)", "side": "german", "colour": "#a8a8a8", "text": "#000000"},
        "unknown-allied": {"name": "Allied (unidentified)", "side": "allied", "colour": "#9a7ab0", "text": "#000000"},
    }


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    """The odds of a prepared assault on the hex `defender` (or on a unit's hex), as the attacker may know them."""
    return preview_of.odds(state, attackers, defender)


def preview(state: State, action: dict[str, Any]) -> Preview | None:
    """A Blitz's or assault's odds and modifiers before it is committed, from the acting side's knowledge."""
    return preview_of.preview(state, action)


def order_of_battle(state: State, viewer: str | None) -> dict[str, Forces]:
    """Each side's units as the viewer sees them; a dummy in hand is no unit to come."""
    seen = view(state, viewer)
    seen["units"] = [u for u in seen["units"] if not (u.get("dummy") and u["status"] != "map")]
    return forces_from_view(seen, {"map": "on_map", "pool": "to_come", "dead": "eliminated"})


def evaluate(state: State, side: str) -> float:
    """For bots that plan: side's advantage in the position (evaluation.py)."""
    return evaluation.evaluate(state, side)


def check_invariants(state: State) -> list[str]:
    return hidden.check(state)


def presentation() -> Presentation:
    """How the client shows this game (imported on first use: the rules run without it)."""
    from wargames_tui.games.dynamo.present import PRESENTATION

    return PRESENTATION
