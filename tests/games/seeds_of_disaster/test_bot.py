"""The purposeful bot's war moves (bot.py)."""

from __future__ import annotations

import random

import pytest

from tests.games.seeds_of_disaster.helpers import only, resolve
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import seeds_of_disaster
from wargames_tui.games.seeds_of_disaster import bot, rules, war
from wargames_tui.games.seeds_of_disaster.prewar import bot as prewar_bot
from wargames_tui.games.seeds_of_disaster.view import view
from wargames_tui.present import presentation

# Every Objective the Allies hold at the start has an Allied unit on it but Reims.
HELD = {
    "NI": ("ROT", 2), "BIII": ("ANT", 4), "BI": ("BRU", 4), "F2": ("LIL", 6), "F3": ("AMI", 6),
    "F4": ("MET", 6), "F5": ("NAN", 6), "F6": ("STR", 6), "F7": ("DUN", 6), "F8": ("PNO", 6),
    "F9": ("PES", 6), "BEF": ("PSU", 6),
}


def _allied_move(placements: dict[str, tuple[str, int]], control: dict[str, str]) -> dict:
    state = only({**placements, "G4": ("KAR", 5)})
    state.war.player = "allied"
    state.control.update(control)
    return bot.war_move(view(state, "allied"), "allied", war.actions(state), random.Random(1))


@pytest.mark.rules("seeds-of-disaster:20.0")
def test_the_allies_go_back_for_an_objective_the_germans_took() -> None:
    # Reims German-held and empty: the army next to it goes to retake it (20.0 counts who holds
    # an Objective when the war ends). The bot once sought only Objectives the Allies still held.
    move = _allied_move({**HELD, "F1": ("CHL", 8)}, {"REI": "german"})
    assert move == {"type": "move", "unit": "F1", "to": "REI"}


@pytest.mark.rules("seeds-of-disaster:20.0")
def test_an_army_leaves_an_objective_that_another_allied_unit_still_holds() -> None:
    # Reims still Allied but empty, two armies in Lille: one of them goes, the other keeps Lille.
    # (Before, every unit on an Objective stayed as if it were its last guard, and five armies
    # could sit in Lille all war while the Germans walked into empty Objectives.)
    held = {k: v for k, v in HELD.items() if k != "F2"}
    move = _allied_move({**held, "F2": ("LIL", 6), "F1": ("LIL", 8)}, {})
    assert move["type"] == "move" and move["unit"] in ("F1", "F2")


@pytest.mark.rules("seeds-of-disaster:8.0")
def test_the_allied_prewar_planner_builds_infantry_corps_as_readily_as_army_steps() -> None:
    # An infantry corps step costs what an army step does, and the corps stacks beside the one
    # army an area may hold (8.0) and holds an Objective of its own; the planner once put every
    # RP into armies first (corps 4 against an army's 7), and the greedy Allies went to war with
    # their infantry corps unbuilt and the Germans walking into empty Objectives.
    units = {"FIX": {"kind": "infantry", "steps": 0}, "F1": {"kind": "army", "steps": 4}}
    me = {"tech": 60, "rp": 50}
    corps = prewar_bot.score({"type": "build", "unit": "FIX"}, {}, "allied", me, units)
    army = prewar_bot.score({"type": "build", "unit": "F1"}, {}, "allied", me, units)
    assert corps > army


@pytest.mark.rules("seeds-of-disaster:20.0", "seeds-of-disaster:13.7.5")
def test_the_planning_germans_plans_attack_an_army_they_may_not_outguess() -> None:
    # A 5-step German army against a French army in clear Liege, whose strength the Germans do not
    # see (a 6 guessed) and which rolls the defender's die: 5 + 3.5 against 9.5, a margin of -1.
    # The Germans need 11 Objectives (20.0); plans that attacked only at a margin above 0.5 stopped
    # attacking once the first rush was spent and drew. The easy level still declines it.
    state = only({"G6": ("AAC", 5), "F1": ("LIE", 5)}, cp=0)
    rules.apply(state, {"type": "end-movement"}, Dice.replaying([]))
    session = Session(seeds_of_disaster, rules.SCENARIO, {}, state, Dice(0))
    bots = presentation(seeds_of_disaster).bots
    assert bots["plans"](session, random.Random(1)) == {"type": "attack", "area": "LIE", "units": ["G6"]}
    assert bots["greedy"](session, random.Random(1)) == {"type": "end-combat"}


def _german_plans(state, unit: str | None = None) -> tuple[dict, dict]:  # type: ignore[no-untyped-def]
    """The planning bot's own plans' choice and the easy level's, for the Germans (among unit's
    moves and the end of movement, where unit is given: the pieces off the map may enter)."""
    session = Session(seeds_of_disaster, rules.SCENARIO, {}, state, Dice(0))
    if unit is not None:
        session.prompt.actions[:] = [a for a in war.actions(state) if a.get("unit") == unit or a["type"] == "end-movement"]
    bots = presentation(seeds_of_disaster).bots
    return bots["plans"](session, random.Random(1)), bots["greedy"](session, random.Random(1))


@pytest.mark.rules("seeds-of-disaster:20.0", "seeds-of-disaster:10.1.10")
def test_the_planning_germans_plans_take_an_objective_beside_a_moves_end() -> None:
    # The German army in Frankfurt drives on empty Strasbourg, the Objective the Allies hold
    # nearest it; the policy's moves skip the CP that cancels the Rhine (10.1.10), so it ends in
    # Baden beside it, where no Allied unit is to attack. A unit that passes through an area
    # takes it (20.0): the plans take Strasbourg (week 1 of seed 101 at main f550ca2).
    state = only({"G18": ("FRA", 5), "F2": ("LIL", 6)})
    plans, greedy = _german_plans(state, "G18")
    assert greedy == {"type": "move", "unit": "G18", "to": "BAD"}
    assert plans == {"type": "move", "unit": "G18", "to": "STR", "engineers": True}


@pytest.mark.rules("seeds-of-disaster:20.0", "seeds-of-disaster:13.1.2")
def test_the_planning_germans_plans_keep_a_moves_end_an_attack_needs() -> None:
    # The same, with a French army in Colmar beside Baden: Baden is where an attack needs the army.
    state = only({"G18": ("FRA", 5), "F2": ("COL", 6)})
    plans, greedy = _german_plans(state, "G18")
    assert plans == greedy == {"type": "move", "unit": "G18", "to": "BAD"}


@pytest.mark.rules("seeds-of-disaster:13.7.9", "seeds-of-disaster:20.0")
def test_the_planning_germans_plans_advance_without_leaving_an_objective_empty() -> None:
    # An army and a corps in German-held Brussels beat the French army in Liege, which is no
    # Objective. The easy level advances the whole stack and leaves Brussels empty for the Allies
    # to walk back into (20.0); the plans advance the corps and the army holds Brussels.
    state = only({"G6": ("BRU", 12), "XV": ("BRU", 2), "F1": ("LIE", 5)})
    state.control["BRU"] = "german"
    for action in ({"type": "end-movement"}, {"type": "attack", "area": "LIE", "units": ["G6", "XV"]},
                   {"type": "commit"}, {"type": "accept"}):
        rules.apply(state, action, Dice.replaying([]))
    resolve(state, [1, 1])
    assert state.war.battle.step == "advance" and not state.war.battle.exploit
    plans, greedy = _german_plans(state)
    assert greedy == {"type": "advance", "to": "LIE", "units": ["G6", "XV"]}
    assert plans == {"type": "advance", "to": "LIE", "units": ["XV"]}


@pytest.mark.rules("seeds-of-disaster:13.7.9", "seeds-of-disaster:20.0")
def test_the_planning_germans_plans_advance_the_whole_stack_from_an_area_not_an_objective() -> None:
    # The same battle fought from Aachen, which is no Objective: nothing is left empty.
    state = only({"G6": ("AAC", 12), "XV": ("AAC", 2), "F1": ("LIE", 5)})
    for action in ({"type": "end-movement"}, {"type": "attack", "area": "LIE", "units": ["G6", "XV"]},
                   {"type": "commit"}, {"type": "accept"}):
        rules.apply(state, action, Dice.replaying([]))
    resolve(state, [1, 1])
    plans, greedy = _german_plans(state)
    assert plans == greedy == {"type": "advance", "to": "LIE", "units": ["G6", "XV"]}
