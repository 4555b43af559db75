"""The one protocol every game answers: prompts, actions, events, outcomes.

A game module exposes `new`, `prompt`, `apply`, `view` and `outcome` (see `Game`).
Actions and events are plain JSON-ready dicts so that the log, the CLI, the bots
and the client all speak the same language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from wargames_tui.engine.dice import Dice

Action = dict[str, Any]


@dataclass
class Event:
    """Something that happened, for the log and the client."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    # A commit point (die roll, reveal, handover) ends what undo may take back.
    commit: bool = False
    only: str | None = None  # the one side that may read it; None: everyone at the table

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **self.data}


@dataclass
class Prompt:
    """Who acts now, what they must do (citing the rule case), and the legal actions."""

    side: str | None
    phase: str
    text: str
    case: str
    actions: Sequence[Action]  # a list, or a lazy ActionList (engine/actionlist.py)
    keys: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "phase": self.phase,
            "text": self.text,
            "case": self.case,
            "actions": list(self.actions),  # a lazy ActionList builds them all here
        }


@dataclass
class Outcome:
    winner: str | None
    level: str
    reason: str
    points: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "level": self.level, "reason": self.reason, "points": self.points}


class IllegalAction(Exception):
    """An action the rules forbid: the reason and the rule case that forbids it."""

    def __init__(self, reason: str, case: str) -> None:
        super().__init__(f"{reason} ({case})")
        self.reason = reason
        self.case = case


@dataclass
class ScenarioInfo:
    id: str
    title: str
    subtitle: str
    sides: dict[str, str]
    description: str
    options: dict[str, list[str]] = field(default_factory=dict)


class Game(Protocol):
    """A game module: any object with these functions."""

    def scenarios(self) -> list[ScenarioInfo]: ...

    def new(self, scenario_id: str, options: dict[str, str]) -> Any: ...

    def prompt(self, state: Any) -> Prompt: ...

    def apply(self, state: Any, action: Action, dice: Dice) -> list[Event]: ...

    def view(self, state: Any, viewer: str | None) -> dict[str, Any]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def dump(self, state: Any) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> Any: ...

    def copy_state(self, state: Any) -> Any: ...

    def active_side(self, state: Any) -> str | None: ...

    def board(self, state: Any) -> Any: ...

    def check_invariants(self, state: Any) -> list[str]: ...

    def nations(self, state: Any) -> dict[str, dict[str, str]]: ...

    def odds(self, state: Any, attackers: list[str], defender: str) -> dict[str, Any]: ...
