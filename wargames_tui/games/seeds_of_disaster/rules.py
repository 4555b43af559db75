"""The sequence of play of the whole game: the prewar turns (the prewar subpackage) until Active
Hostilities, then the weekly turns of the war (war.py)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Outcome, Prompt
from wargames_tui.games.seeds_of_disaster import prewar, war
from wargames_tui.games.seeds_of_disaster.board import initial_control
from wargames_tui.games.seeds_of_disaster.prewar.model import Strategic
from wargames_tui.games.seeds_of_disaster.setup import initial_units
from wargames_tui.games.seeds_of_disaster.state import State

SCENARIO = "seeds-of-disaster/1934"
WAR_CASES = {"movement": "10.0", "combat": "13.0"}
STEP_CASES = {
    "support": "13.3",
    "defend": "13.4",
    "defend-support": "13.5",
    "losses": "13.7.7",
    "retreat": "13.7.8",
    "advance": "13.7.9",
    "breakthrough": "16.1.3",
}


# The Allied player's set-up choice made on the new-game screen: where the one Belgian corps in
# play at the start stands, Brussels or Antwerp (21.2).
OPTIONS = {"belgian-corps": ["BRU", "ANT"]}


def new_state(scenario_id: str, options: dict[str, str]) -> State:
    for key, value in options.items():
        if key not in OPTIONS or value not in OPTIONS[key]:
            raise ValueError(f"unknown option {key}={value}; the options are {OPTIONS}")
    units = initial_units()
    belgian = next(u for u in units.values() if u.nation == "belgian" and u.box == "map")
    belgian.zone = options.get("belgian-corps", OPTIONS["belgian-corps"][0])
    return State(
        scenario=scenario_id,
        options=dict(options),
        strategic=Strategic(),
        units=units,
        control=initial_control(),
    )


def acting(state: State) -> str | None:
    if war.at_war(state):
        return war.acting(state)
    return prewar.acting(state)


def phase(state: State) -> str:
    if not war.at_war(state):
        return f"prewar-{state.strategic.segment}"
    b = state.war.battle
    return f"war-{b.step}" if b else f"war-{state.war.segment}"


def phase_title(state: State) -> str:
    if war.at_war(state):
        return war.phase_title(state)
    return prewar.phase_name(state)


def header_phase(state: State) -> str:
    """The phase as the header shows it: before the war the header's time carries the date, so
    the segment's name alone."""
    if state.war.week:
        return phase_title(state)
    return prewar.title(state.strategic, state.strategic.segment)


def prompt(state: State) -> Prompt:
    if not war.at_war(state):
        return prewar.prompt(state)
    side = war.acting(state)
    if side is None:
        return Prompt(None, "over", "The game is over.", "seeds-of-disaster:20.0", [])
    b = state.war.battle
    case = "seeds-of-disaster:" + (
        STEP_CASES.get(b.step, "13.0") if b else WAR_CASES[state.war.segment]
    )
    return Prompt(
        side, war.phase_title(state), _instruction(state), case, war.actions(state)
    )


def listed_part(state: State, action: Action) -> list[Action] | None:
    """The actions of prompt(state) naming the action's unit, when the prompt lists them unit by
    unit (the prewar and the war's movement segments): what a unit's move is checked against,
    one unit's options and not every unit's (engine/legality.listed_quickly)."""
    unit = action.get("unit")
    if not isinstance(unit, str):
        return None
    if not war.at_war(state):
        side = prewar.acting(state)
        return prewar.order_actions(state, side, unit) if side else None
    w = state.war
    if war.acting(state) is None or w.ended or w.battle or w.segment != "movement":
        return None
    return war.movement_actions(state, unit)


def _instruction(state: State) -> str:
    b = state.war.battle
    if not b:
        if state.war.segment == "movement":
            return "Move, redeploy, post to Reserve or Poised Forces; then end the Movement Segment."
        return "Attack an adjacent enemy area, or end the Combat Segment."
    return {
        "support": f"Add air fleets, paid dice or a parachute assault to the attack on {b.area}, then commit.",
        "defend": f"Stand in {b.area} or retreat before combat for CPs.",
        "defend-support": f"Add air fleets or paid dice to the defence of {b.area}, then commit.",
        "losses": f"Choose the unit that loses a step in the battle for {b.area}.",
        "retreat": "Choose the way back of the beaten stack.",
        "advance": "Advance into the vacated area, or not.",
        "breakthrough": f"Breakthrough: the stack in {b.area} may attack again.",
    }.get(b.step, "")


def apply(state: State, action: Action, dice: Dice) -> list[Event]:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is a dict with a type", "seeds-of-disaster:3.4")
    if war.at_war(state):
        return war.apply(state, action, dice)
    return prewar.apply(state, action, dice)


def outcome(state: State) -> Outcome | None:
    return war.outcome(state)
