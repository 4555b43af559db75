"""The protocol functions every game answers the same way, made once for each game module.

A game whose rules module has `new_state`, `prompt`, `apply` and `outcome`, and whose state
class has `to_json`, `from_json` and `copy`, gets the seven delegations from `delegates`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Callable

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, Outcome, Prompt


def delegates(rules: ModuleType, state_cls: Any) -> tuple[Callable[..., Any], ...]:
    """new, prompt, apply, outcome, dump, load, copy_state."""

    def new(scenario_id: str, options: dict[str, str]) -> Any:
        return rules.new_state(scenario_id, options)

    def prompt(state: Any) -> Prompt:
        return rules.prompt(state)

    def apply(state: Any, action: Action, dice: Dice) -> list[Event]:
        return rules.apply(state, action, dice)

    def outcome(state: Any) -> Outcome | None:
        return rules.outcome(state)

    def dump(state: Any) -> dict[str, Any]:
        return state.to_json()

    def load(data: dict[str, Any]) -> Any:
        return state_cls.from_json(data)

    def copy_state(state: Any) -> Any:
        return state.copy()

    return new, prompt, apply, outcome, dump, load, copy_state
