"""The position of a Dieppe raid: every counter, the markers, the alarm, and what is under way.

Plain JSON-ready data so that a save is the state itself; the rules live elsewhere.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import Any


WALK_IN = "assault on entering"  # the assault a move runs into: part of that move (reading 32 in NOTES.md)


@dataclass
class Unit:
    zone: str | None = None  # None while in a pool or once eliminated
    aboard: str | None = None  # the LCA carrying it
    reduced: bool = False
    status: str = "map"  # map | pool | eliminated | prisoner
    actions: list[str] = field(default_factory=list)  # this turn's actions (dieppe:6)
    done: bool = False  # Job Done / Alles gemacht (dieppe:6)
    halted: bool = False  # may not move again this turn (dieppe:9.2, 10)
    reembarked: bool = False  # a unit that embarks again may not land again (dieppe:9.2)

    def made(self, kind: str) -> bool:
        """Whether the unit made an action of this kind this turn; an assault on entering counts (dieppe:11)."""
        return kind in self.actions or (kind == "assault" and WALK_IN in self.actions)

    def action_count(self) -> int:
        """Actions made this turn of the two allowed: an assault on entering belongs to its move (dieppe:6)."""
        return sum(1 for a in self.actions if a != WALK_IN)


@dataclass
class Move:
    """A movement action under way: who moves, where, and the MP each has left."""

    units: list[str]
    zone: str
    mp: dict[str, int]
    wire: bool = False  # stopped by revealed barbed wire: halt or try a Bangalore (dieppe:10)


@dataclass
class Assault:
    zone: str
    origin: str  # where the commandos go back to if the player stops (dieppe:11.2)
    aboard: dict[str, str]  # units that came from an LCA and go back to it
    british: list[str]
    round: int = 0


@dataclass
class State:
    scenario: str
    options: dict[str, str]
    turn: int = 1
    phase: str = "setup"  # setup | events | british | german | over
    alarm: int = 0
    alarm_seen: list[str] = field(default_factory=list)
    units: dict[str, Unit] = field(default_factory=dict)
    markers: dict[str, str] = field(default_factory=dict)  # zone -> "A"/"B" unrevealed, or "mines"/"wire"
    marker_pools: dict[str, list[str]] = field(default_factory=dict)  # letter -> marker ids not yet seen
    telephone: list[str] = field(default_factory=list)  # zones whose T marker is still in place
    telephone_cut: bool = False
    party: list[str] = field(default_factory=list)  # British units acting now (dieppe:6)
    move: Move | None = None
    assault: Assault | None = None
    german_stage: str = "fire"  # fire | move | reinforce (dieppe:4 D)
    german_moved: list[str] = field(default_factory=list)
    pending_arrival: dict[str, Any] | None = None  # {"zone": "R3", "count": 2}, blocked last turn (dieppe:8)
    prisoner: str | None = None
    escort: str | None = None
    prisoner_taken: bool = False
    bad_luck_used: list[str] = field(default_factory=list)  # letters whose first infantry was doubled
    battery_turn: int | None = None
    delayed: dict[str, int] = field(default_factory=dict)  # group -> first turn it may land (dieppe:5)
    diverted: dict[str, str] = field(default_factory=dict)  # group -> beach it must land on, turn 1

    def to_json(self) -> dict[str, Any]:
        data = {f.name: copy.copy(getattr(self, f.name)) for f in fields(self)}
        data["units"] = {k: {**vars(u), "actions": list(u.actions)} for k, u in self.units.items()}
        data["move"] = asdict(self.move) if self.move else None
        data["assault"] = asdict(self.assault) if self.assault else None
        data["marker_pools"] = {k: list(v) for k, v in self.marker_pools.items()}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        data = dict(data)
        data["units"] = {k: Unit(**v) for k, v in data["units"].items()}
        data["move"] = Move(**data["move"]) if data.get("move") else None
        data["assault"] = Assault(**data["assault"]) if data.get("assault") else None
        return cls(**data)

    def copy(self) -> "State":
        return State.from_json(self.to_json())
