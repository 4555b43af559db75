"""The Seeds of Disaster (Four Roads to Paris): from the 1934 arms race to the 1940 campaign."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.contract import Forces, forces_from_view
from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.games.protocol import delegates
from wargames_tui.games.seeds_of_disaster import data, rules, war
from wargames_tui.games.seeds_of_disaster.contract import owed, publicly_forced, standing
from wargames_tui.games.seeds_of_disaster.preview import preview as preview
from wargames_tui.games.seeds_of_disaster.invariants import (
    check_invariants as check_invariants,
)
from wargames_tui.games.seeds_of_disaster.evaluation import evaluate as evaluate  # for bots that plan
from wargames_tui.games.seeds_of_disaster.state import State
from wargames_tui.games.seeds_of_disaster.view import SIDE_NAMES
from wargames_tui.games.seeds_of_disaster.view import disguise as disguise
from wargames_tui.games.seeds_of_disaster.view import prewar_time
from wargames_tui.games.seeds_of_disaster.view import view as view

GAME_ID = "seeds-of-disaster"
TITLE = "The Seeds of Disaster"
MAP_KIND = "area"
HIDDEN = True  # hands, secret orders, the attack plan, stacks and boxes (4.1.8, 3.1.4, 19.0, 5.2.2)
# What a player's own action drew, stole or rolled for him alone (cards 4.1, 4.3.1; RP and IP rolls
# 7.1): shown to him before the hotseat cover, else he would first read it a turn later, in his log.
READ_BEFORE_COVER = ("draw", "card", "points")


def scenarios() -> list[ScenarioInfo]:
    return [
        ScenarioInfo(
            rules.SCENARIO,
            TITLE,
            "1934 to 1940: the arms race, the crisis years and the invasion of the West",
            dict(SIDE_NAMES),
            "Year turns of mobilization, cards and intelligence lead to monthly turns of armed "
            "belligerence and ten weekly turns of war. The map, counters and charts are "
            "reconstructions (see NOTES.md).",
            dict(rules.OPTIONS),
        )
    ]


new, prompt, apply, outcome, dump, load, copy_state = delegates(rules, State)
listed_part = rules.listed_part


def answering(state: State) -> bool:
    """For the planning bot's playouts (docs/GAMES.md): the defender's choices in the other side's
    battles answer that side's player-turn (13.4, 13.5, 13.7.7-13.7.9) and never end it."""
    return war.answering(state)


def summary(state: State) -> dict[str, Any]:
    """The turn and the phase as the view names them, read from the state (the save's summary):
    before the war there is no week, and the view's time leads the phase ("1936 · ...: Event Cards")."""
    if state.war.week:
        return {"turn": state.war.week, "phase": rules.header_phase(state)}
    return {"turn": None, "phase": f"{prewar_time(state)}: {rules.header_phase(state)}"}


def active_side(state: State) -> str | None:
    return rules.acting(state)


def board(state: State) -> Any:
    return data.board()


def nations(state: State) -> dict[str, dict[str, str]]:
    return {
        "german": {
            "name": "German",
            "side": "german",
            "colour": "#6b6b6b",
            "text": "white",
        },
        "french": {
            "name": "French",
            "side": "allied",
            "colour": "#3a5fa0",
            "text": "white",
        },
        "british": {
            "name": "British",
            "side": "allied",
            "colour": "#b08850",
            "text": "black",
        },
        "belgian": {
            "name": "Belgian",
            "side": "allied",
            "colour": "#1f2f6b",
            "text": "white",
        },
        "dutch": {
            "name": "Dutch",
            "side": "allied",
            "colour": "#e08a2c",
            "text": "black",
        },
        "polish": {
            "name": "Polish",
            "side": "allied",
            "colour": "#a03a3a",
            "text": "white",
        },
    }


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    return {
        "attack": 0,
        "defence": 0,
        "column": None,
        "note": "battle totals: strength plus battle dice (13.7)",
    }


def order_of_battle(state: State, viewer: str | None) -> dict[str, Forces]:
    """Units in the pool or off the map are still to come; mobilized ones wait to be placed."""
    where = {"map": "on_map", "pool": "to_come", "off-map": "to_come", "eliminated": "eliminated"}
    return forces_from_view(view(state, viewer), where, place="zone")


def presentation() -> Any:
    from wargames_tui.games.seeds_of_disaster.present import PRESENTATION

    return PRESENTATION
