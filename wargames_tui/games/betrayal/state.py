"""The position of a Betrayal! game, as JSON-ready data."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

# Where a unit can be besides an area id. Set Aside and Regroup are the boxes of betrayal:5.0;
# "eliminated" is permanent (surrender, minor allies, air alone, 3.3.1, 4.5.8, 5.2.4).
OFF_MAP = ("waiting", "setaside", "regroup", "eliminated", "evacuated")


@dataclass
class Piece:
    where: str
    reduced: bool = False
    moved: bool = False  # moved (or entered, rebased, dropped) in this movement phase
    tactic: str | None = None  # the German tactic its area was given this turn (betrayal:3.4.4)
    exploited: bool = False  # an exploit attack made this turn (betrayal:3.4.4 E)


@dataclass
class Mission:
    unit: str
    target: str
    kind: str = ""  # "support", "bombard" or "both" (betrayal:3.3.2), fixed when interceptions start
    both: bool = False  # the German bomber also bombards where it supports (betrayal:3.3.2 c)
    bombed: bool = False  # its bombardment is resolved (betrayal:4.3)


@dataclass
class State:
    scenario: str
    options: dict[str, str]
    turn: int = 1
    phase: str = "setup"
    step: str = ""  # where the phase stands: "" at its start, "rolled", "fighting"
    pieces: dict[str, Piece] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)  # area -> "allied" or "german": the last side alone there
    republic: str = "PAR"  # the area of the French Republic marker (betrayal:7.2)
    holder: str | None = None  # "french", "german" or nobody: who holds the marker (betrayal:7.2.1, 7.2.3)
    initiative: str | None = None  # the Allied player handling the automaton this turn (betrayal:3.4.1)
    countries: list[str] = field(default_factory=list)  # OKW orders in force (betrayal:3.4.2)
    tactics_rolls: int = 0
    tactics: list[str] = field(default_factory=list)  # the distinct tactics rolled (betrayal:3.4.3)
    assigned: dict[str, str] = field(default_factory=dict)  # German area -> tactic (betrayal:3.4.6)
    entered: list[str] = field(default_factory=list)  # enemy-occupied areas the phasing side moved into (betrayal:4.1)
    missions: list[Mission] = field(default_factory=list)
    combats: list[str] = field(default_factory=list)  # combat areas still to resolve this phase (betrayal:4.4)
    pending: list[dict[str, Any]] = field(default_factory=list)  # choices owed before play goes on
    bombed: dict[str, str] = field(default_factory=dict)  # area -> Allied nation that bombed it this turn (3.3.2 d)
    penalties: dict[str, list[int]] = field(default_factory=lambda: {"french": [], "british": []})  # turns of each penalty (6.3)
    no_major: bool = False  # a final penalty was reached: no Allied Major Victory (betrayal:6.3.3 a)
    last_turn: int = 0  # the game ends after this turn (the scenario length, or 6.3.3)
    setup_side: str = ""  # free set-up: who is placing now (betrayal:9.0)
    reviewing: bool = False  # free set-up: the side placed its rest at once and may adjust before it is done
    end_proposed: str | None = None  # the Allied player who proposed to end the game now, until the other answers (7.0)

    def to_json(self) -> dict[str, Any]:
        data = {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self) if f.name not in ("pieces", "missions")}
        data["pieces"] = {k: dict(p.__dict__) for k, p in self.pieces.items()}
        data["missions"] = [dict(m.__dict__) for m in self.missions]
        if self.end_proposed is None:  # absent when none: the saves made before it load unchanged
            del data["end_proposed"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = copy.deepcopy(data)
        data["pieces"] = {k: Piece(**v) for k, v in data["pieces"].items()}
        data["missions"] = [Mission(**m) for m in data["missions"]]
        return cls(**data)

    def copy(self) -> State:
        twin = copy.copy(self)
        for f in fields(self):
            if f.name not in ("pieces", "missions"):
                setattr(twin, f.name, copy.deepcopy(getattr(self, f.name)))
        twin.pieces = {k: Piece(**p.__dict__) for k, p in self.pieces.items()}
        twin.missions = [Mission(**m.__dict__) for m in self.missions]
        return twin
