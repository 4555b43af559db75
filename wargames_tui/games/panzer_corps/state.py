"""The position of a Panzer Corps game: plain data that saves as JSON."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(slots=True)  # copied for every action (State.copy): slots make that quicker
class UnitState:
    hex: str | None
    status: str = "map"  # "map", "pending" (not yet on the map), "eliminated" or "exited"
    disrupted: bool = False


@dataclass
class Attack:
    attackers: list[str]
    defender: str
    defenders: list[str] = field(default_factory=list)  # the defending stack when declared
    resolved: bool = False
    column: str | None = None
    result: str | None = None
    roll: int | None = None


@dataclass
class FollowUp:
    """The choices a combat result leaves to the attacker: retreats, then an advance."""

    attack: int
    retreating: list[str]
    distance: int
    vacated: str | None = None
    advancers: list[str] = field(default_factory=list)
    exchange: list[str] = field(default_factory=list)  # sides still to remove a unit (EX)
    defenders: list[str] = field(default_factory=list)
    advanced: list[str] = field(default_factory=list)  # units that advanced; tanks may go on
    further: bool = False
    left_from: dict[str, str] = field(default_factory=dict)  # retreated unit -> the hex it left (9.5(4))


@dataclass
class State:
    scenario: str
    options: dict[str, str]
    turn: int
    phase: str  # "<side>-move" or "<side>-combat"
    step: str  # "move", "declare", "resolve", "retreat", "advance", "over"
    units: dict[str, UnitState]
    moved: list[str] = field(default_factory=list)
    attacks: list[Attack] = field(default_factory=list)
    follow_up: FollowUp | None = None
    winner: str | None = None
    win_reason: str = ""
    points: dict[str, int] = field(default_factory=dict)  # final points, when the game is over
    control: dict[str, str] = field(default_factory=dict)  # hex -> side, for tracked places
    charged: list[str] = field(default_factory=list)  # cities charged into (kharkov 4.2)
    rail_cuts: dict[str, int] = field(default_factory=dict)  # turn -> VPs for railroad cuts
    entered_from: dict[str, int] = field(default_factory=dict)  # pool -> units drawn so far
    spent: dict[str, int] = field(default_factory=dict)  # unit -> MPs paid on entry this phase
    pinned: list[str] = field(default_factory=list)  # entered an enemy zone: may not move this phase
    bombard_left: int | None = None

    @property
    def side(self) -> str:
        return self.phase.split("-")[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "options": dict(self.options),
            "turn": self.turn,
            "phase": self.phase,
            "step": self.step,
            "units": {k: {"hex": u.hex, "status": u.status, "disrupted": u.disrupted} for k, u in self.units.items()},
            "moved": list(self.moved),
            "attacks": [asdict(a) for a in self.attacks],
            "follow_up": asdict(self.follow_up) if self.follow_up else None,
            "winner": self.winner,
            "win_reason": self.win_reason,
            "points": dict(self.points),
            "control": dict(self.control),
            "charged": list(self.charged),
            "rail_cuts": dict(self.rail_cuts),
            "entered_from": dict(self.entered_from),
            "spent": dict(self.spent),
            "pinned": list(self.pinned),
            "bombard_left": self.bombard_left,
        }

    def copy(self) -> "State":
        """A deep copy, written out because copy.deepcopy is the slowest part of undo and replay."""
        follow = self.follow_up
        twin = State(
            self.scenario,
            dict(self.options),
            self.turn,
            self.phase,
            self.step,
            {k: UnitState(u.hex, u.status, u.disrupted) for k, u in self.units.items()},
            list(self.moved),
            [
                Attack(list(a.attackers), a.defender, list(a.defenders), a.resolved, a.column, a.result, a.roll)
                for a in self.attacks
            ],
            FollowUp(
                follow.attack,
                list(follow.retreating),
                follow.distance,
                follow.vacated,
                list(follow.advancers),
                list(follow.exchange),
                list(follow.defenders),
                list(follow.advanced),
                follow.further,
                dict(follow.left_from),
            )
            if follow
            else None,
            self.winner,
            self.win_reason,
            dict(self.points),
            dict(self.control),
            list(self.charged),
            dict(self.rail_cuts),
            dict(self.entered_from),
            dict(self.spent),
            list(self.pinned),
            self.bombard_left,
        )
        for kept in ("_position", "_nearness", "_no_block"):  # the occupancy (board.Position), a phase's threats (fallback.py), no block found (blocking.py)
            if kept in self.__dict__:
                twin.__dict__[kept] = self.__dict__[kept]
        return twin

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        data = copy.deepcopy(data)
        data["units"] = {k: UnitState(**v) for k, v in data["units"].items()}
        data["attacks"] = [Attack(**a) for a in data["attacks"]]
        if data["follow_up"] is not None:
            data["follow_up"] = FollowUp(**data["follow_up"])
        return cls(**data)

