"""The purposeful bot's war moves (bot.py)."""

from __future__ import annotations

import random

import pytest

from tests.games.seeds_of_disaster.helpers import only
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
