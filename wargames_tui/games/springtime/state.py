"""The position of a Springtime for Hitler game, as JSON-ready data."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

# Where a unit can be besides an Area or Zone id.
ELIMINATED = "eliminated"  # may be rebuilt in the Refit Phase (springtime:12.3)
REMOVED = "removed"        # permanently out of play (springtime:6.1.2, 13.2.4, 12.3.2)
OFFMAP = "offmap"          # not yet in play: de Gaulle's division, Italy, the Airlanding Corps


@dataclass
class State:
    scenario: str
    options: dict[str, str]
    turn: int = 1
    last_turn: int = 7
    phase: str = "political"  # political | maneuvers | refit | end | over (springtime:6.0)
    step: str = ""            # the part of the phase waiting for an action
    impulse: int = 1
    active: str = "allied"    # whose impulse it is: the Attacker (springtime:7.5)
    advantage: str | None = "axis"  # who holds the Advantage (springtime:11.0)
    advantage_used: str | None = None  # who spent it in this impulse or phase (springtime:11.2)
    morale: int = 30
    rp: dict[str, int] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)
    units: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> {at, reduced, oos}
    leaders: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> {unit, flipped}
    air_full: list[str] = field(default_factory=list)  # Air Support markers on their full face
    cup: list[str] = field(default_factory=list)       # undrawn Event markers (springtime:5.1.7)
    hands: dict[str, list[str]] = field(default_factory=dict)  # held Event marker, at most one
    shown: dict[str, bool] = field(default_factory=dict)  # the held marker's identity is public
    track: list[str] = field(default_factory=list)     # played, back to the cup in the End Phase
    played: list[str] = field(default_factory=list)    # played and out of play (the asterisk)
    draws: dict[str, int] = field(default_factory=dict)  # markers drawn this turn (springtime:11.1.5)
    played_impulse: dict[str, bool] = field(default_factory=dict)  # played one in this Maneuvers Phase
    flags: dict[str, Any] = field(default_factory=dict)  # open_city, italy, surprise, halt, ...
    last_assault: dict[str, list[str]] = field(default_factory=dict)  # Army Groups of the side's last impulse
    imp: dict[str, Any] = field(default_factory=dict)  # the impulse in progress (kind, groups, moved, ...)
    combat: dict[str, Any] | None = None  # the combat being resolved
    retreats: list[dict[str, Any]] = field(default_factory=list)  # units that must or may retreat now
    result: dict[str, Any] | None = None  # the outcome once the game is over
    bids: dict[str, int] = field(default_factory=dict)  # seat -> sealed bid (springtime:17.1)

    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy({f.name: getattr(self, f.name) for f in fields(self)})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        return cls(**copy.deepcopy(data))

    def copy(self) -> State:
        """A deep copy, taken field by field: the planning bot and the greedy one (which disguises
        the state before every choice) copy it hundreds of times a second. Units and leaders
        hold only scalars; the rarer nested fields are copied whole."""
        out = copy.copy(self)
        out.units = {k: dict(v) for k, v in self.units.items()}
        out.leaders = {k: dict(v) for k, v in self.leaders.items()}
        for name in ("options", "rp", "control", "shown", "draws", "played_impulse", "bids"):
            setattr(out, name, dict(getattr(self, name)))
        for name in ("air_full", "cup", "track", "played"):
            setattr(out, name, list(getattr(self, name)))
        out.hands = {k: list(v) for k, v in self.hands.items()}
        for name in ("flags", "last_assault", "imp", "combat", "retreats", "result"):
            setattr(out, name, copy.deepcopy(getattr(self, name)))
        return out
