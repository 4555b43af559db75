"""Springtime for Hitler: the conquest of the West, May-June 1940, an area-impulse game for two."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.contract import Forces, forces_from_view
from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.games.protocol import delegates
from wargames_tui.games.springtime import bids, evaluation, phases, victory
from wargames_tui.games.springtime.combat import (
    attack_parts,
    defence_parts,
    parts_total,
)
from wargames_tui.games.springtime.contract import owed, preview, standing
from wargames_tui.games.springtime.data import Board, load_board
from wargames_tui.games.springtime.invariants import (
    check_invariants as check_invariants,
)
from wargames_tui.games.springtime.positions import units_in
from wargames_tui.games.springtime.state import State
from wargames_tui.games.springtime.view import disguise as disguise
from wargames_tui.games.springtime.view import view as view

GAME_ID = "springtime"
TITLE = "Springtime for Hitler"
MAP_KIND = "area"
HIDDEN = True  # each side's held Event marker (springtime:6.1.1)
READ_BEFORE_COVER = ("reveal",)  # the marker a player drew, shown to him before the hotseat cover



class _Rules:
    new_state = staticmethod(phases.new_state)
    prompt = staticmethod(phases.prompt)
    apply = staticmethod(phases.apply)
    outcome = staticmethod(victory.outcome)


def scenarios() -> list[ScenarioInfo]:
    note = ("If both players want the Axis, turn the bids on: each bids in secret before the game, the higher bid plays "
            "the Axis and the winning bid raises the starting French Morale (17.1). The map, counters, tables and Event markers are "
            "reconstructions (see NOTES.md).")
    return [
        ScenarioInfo(
            "springtime/fall-gelb", f"{TITLE}: Fall Gelb", "10 May to late June 1940, seven weekly turns", dict(phases.SIDES),
            "The whole campaign: the Axis strikes through the Low Countries and the Ardennes; the Allies must keep "
            "France in the war until the end of Turn 7. " + note,
            dict(phases.OPTIONS),
        ),
        ScenarioInfo(
            "springtime/plan-red", f"{TITLE}: Plan Red", "5 June 1940: the battle for France, Turns 4 to 7", dict(phases.SIDES),
            "The Low Countries have fallen and the BEF is gone; the French stand on the Somme and the Aisne (19.0). " + note,
            {k: v for k, v in phases.OPTIONS.items() if k != "free-setup"},  # 18.2 is a Fall Gelb set-up
        ),
    ]


new, prompt, apply, outcome, dump, load, copy_state = delegates(_Rules, State)  # type: ignore[arg-type]


def summary(state: State) -> dict[str, Any]:
    """The turn and the phase as the view names them, read from the state (the save's summary)."""
    return {"turn": state.turn, "phase": phases.PHASE_TITLES[state.phase]}


def covers(state: State) -> str | None:
    return bids.cover(state)


def active_side(state: State) -> str | None:
    return phases.acting_side(state)


def answering(state: State) -> bool:
    """The side to act answers the Attacker's assault within its impulse (springtime:7.5): the
    defence, a result changed with the Advantage, a retreat (10.4.3, 11.1, 10.5)."""
    return state.phase == "maneuvers" and state.step in ("defend", "advantage", "retreat") and active_side(state) != state.active


def board(state: State) -> Board:
    return load_board()


def nations(state: State) -> dict[str, dict[str, str]]:
    return {
        "french": {"name": "French", "side": "allied", "colour": "#3a5fa0", "text": "white"},
        "british": {"name": "British", "side": "allied", "colour": "#b59a6a", "text": "black"},
        "belgian": {"name": "Belgian", "side": "allied", "colour": "#e0c020", "text": "black"},
        "dutch": {"name": "Dutch", "side": "allied", "colour": "#e07020", "text": "black"},
        "german": {"name": "German", "side": "axis", "colour": "#6b6b6b", "text": "white"},
        "italian": {"name": "Italian", "side": "axis", "colour": "#4a8a4a", "text": "white"},
    }


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    """Attack and Defense Values before the dice, leading with the first unit of each side (springtime:10.4)."""
    if not attackers:
        return {"attack": 0, "defence": 0, "column": None, "note": "no attackers"}
    side = load_board().units[attackers[0]].side
    defenders = [u for u in units_in(state, defender, "axis" if side == "allied" else "allied")]
    if not defenders:
        return {"attack": 0, "defence": 0, "column": None, "note": "no defenders"}
    av = parts_total(attack_parts(state, attackers, attackers[0], None))
    dv = parts_total(defence_parts(state, defender, defenders, defenders[0], None, attackers))
    return {"attack": av, "defence": dv, "column": None, "note": "each side adds 2d6; higher total wins (springtime:10.4.4)"}


def order_of_battle(state: State, viewer: str | None) -> dict[str, Forces]:
    where = {"map": "on_map", "offmap": "to_come", "eliminated": "eliminated"}
    return forces_from_view(view(state, viewer), where, place="zone")


def evaluate(state: State, side: str) -> float:
    """For bots that plan: side's advantage in the position (evaluation.py)."""
    return evaluation.evaluate(state, side)


def presentation() -> Any:
    from wargames_tui.games.springtime.present import PRESENTATION

    return PRESENTATION
