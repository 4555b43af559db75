"""What the keys do on a hex map, step by step, with no Textual: `step_for(turn, selection)` gives
the step object of the position; the play screen draws what it lights and carries out what it
returns (ui/steps/turn.py)."""

from __future__ import annotations

from wargames_tui.engine.flow import Action
from wargames_tui.ui.steps.arrivals import ArriveStep, BombardStep, ReinforceStep, RemoveStep
from wargames_tui.ui.steps.base import NAMED_KEYS, Idle, Step
from wargames_tui.ui.steps.combat import AdvanceStep, DeclareStep, ResolveStep
from wargames_tui.ui.steps.generic import GenericStep, OtherStep
from wargames_tui.ui.steps.move import MoveStep
from wargames_tui.ui.steps.turn import Selection, Turn

STEPS: list[type[Step]] = [
    MoveStep, DeclareStep, ResolveStep, AdvanceStep, ArriveStep, ReinforceStep,
    BombardStep, RemoveStep, GenericStep,
]

# The rules' step (view["step"], or the kind a game's presentation names for it: `hex_steps`) ->
# the step object that reads it.
BY_VIEW_STEP: dict[str, type[Step]] = {step.kind: step for step in STEPS if step is not GenericStep}

# The action types the classic steps are made of; a prompt with any other type is played
# through the fields its actions name (GenericStep, ui/actionfields).
CLASSIC = {
    "move", "exit", "end-phase", "declare", "end-declarations", "resolve", "advance",
    "no-advance", "place", "place-rest", "enter", "bombard", "disrupt", "remove",
}


def by_types(actions: list[Action], types: set[str]) -> type[Step]:
    """The step a prompt asks for, from its actions' types (where the view names no step)."""
    if "place" in types:
        return ArriveStep
    if types & {"bombard", "disrupt"}:
        return BombardStep
    if "remove" in types:
        return RemoveStep
    if "enter" in types and any(a.get("type") == "enter" and "unit" in a for a in actions):
        return ReinforceStep
    order = [
        ({"move", "exit", "end-phase"}, MoveStep),
        ({"declare", "end-declarations"}, DeclareStep),
        ({"resolve"}, ResolveStep),
        ({"advance", "no-advance"}, AdvanceStep),
    ]
    return next((step for kinds, step in order if types & kinds), OtherStep)


def step_for(turn: Turn, sel: Selection) -> Step:
    if turn.over or turn.bot or turn.waiting:
        return Idle(turn, sel)
    if not turn.types <= CLASSIC:
        return GenericStep(turn, sel)
    named = turn.view.get("step", "")
    kind = BY_VIEW_STEP.get(turn.hex_steps.get(named, named)) or by_types(list(turn.prompt.actions), turn.types)
    return kind(turn, sel)


__all__ = ["NAMED_KEYS", "STEPS", "Selection", "Step", "Turn", "step_for"]
