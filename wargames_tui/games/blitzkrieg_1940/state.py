"""The position of a Blitzkrieg 1940 game: plain data that saves as JSON.

Nothing here is secret from the table that the table would not hold: the Sickle Cut cup
holds units the German chose (6.2), not future draws, and every die is rolled when used.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from wargames_tui.engine.jsondata import plain_copy

_PLACING = frozenset(("hex", "status", "z", "steps"))
_CHANGES = [0]  # how often any unit's place, status, stack order or steps was set, in any state


def placement_changes() -> int:
    """A number that grows whenever any unit of any state is placed, moved, restacked or loses a
    step: while it and a state's `units` dict are the same, so is where the state's pieces stand."""
    return _CHANGES[0]


@dataclass
class UnitState:
    hex: str | None
    status: str  # map, pool (German set-up), sr, pending, britain, held, cup, dead, out
    steps: int
    z: int = 0  # stack order: the lowest z of a hex's real units is its top counter (11.3)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _PLACING:
            _CHANGES[0] += 1
        object.__setattr__(self, name, value)

    def to_json(self) -> dict[str, Any]:
        return {"hex": self.hex, "status": self.status, "steps": self.steps, "z": self.z}


@dataclass
class Battle:
    """One attack being resolved: its parts are kept for the losses, dummies and advance steps."""

    hex: str
    attackers: list[str]
    defenders: list[str]
    attacker_loss: int = 0  # steps the attacker still has to take
    defender_loss: int = 0
    dummies: list[str] = field(default_factory=list)  # revealed dummies the German may redeploy (6.3B)
    advance: bool = False  # every defender is gone: the attackers may advance (14.22)
    stage: str = ""  # raf, attacker-loss, defender-loss, dummies, advance
    raf: int = 0  # RAF counters flying in the battle (14.14)

    def to_json(self) -> dict[str, Any]:
        return {
            "hex": self.hex, "attackers": list(self.attackers), "defenders": list(self.defenders),
            "attacker_loss": self.attacker_loss, "defender_loss": self.defender_loss,
            "dummies": list(self.dummies), "advance": self.advance, "stage": self.stage, "raf": self.raf,
        }


@dataclass
class State:
    scenario: str
    options: dict[str, str]
    units: dict[str, UnitState]
    turn: int = 1
    couplet: int = 1
    phase: str = ""
    queue: list[str] = field(default_factory=list)  # the phases still to come this couplet
    order: dict[str, str] = field(default_factory=dict)  # side -> "move" or "fight" first (5.4)
    control: dict[str, str] = field(default_factory=dict)  # hex -> side where it differs from the start
    violated: dict[str, int] = field(default_factory=dict)  # neutral country -> turn of violation (8.2)
    capitulated: list[str] = field(default_factory=list)  # nations (8.6-8.10)
    moved: list[str] = field(default_factory=list)  # units that moved this phase
    selected: list[str] = field(default_factory=list)  # the stack or unit about to move (13.2B)
    left: dict[str, int] = field(default_factory=dict)  # units of a halted stack -> MPs left (11.7A)
    strategic: int = 0  # thirds of a division moved strategically this phase (13.16)
    sea: int = 0  # divisions moved by sea this phase (13.11)
    entered: int = 0  # thirds of a division the phasing side entered from the SR this couplet (12.2, 12.3)
    failed: list[list[str]] = field(default_factory=list)  # hexsides of failed river crossings (13.9D)
    attacked: list[str] = field(default_factory=list)  # hexes attacked this phase (14.3E)
    fought: list[str] = field(default_factory=list)  # units that attacked this phase (14.3D)
    landed: list[str] = field(default_factory=list)  # British units landed this couplet (12.4A)
    checked: list[str] = field(default_factory=list)  # nations whose capitulation was rolled this couplet
    battle: Battle | None = None
    sickle: bool | None = None  # Operation Sickle Cut declared (6.1)
    drops: list[list[str]] = field(default_factory=list)  # coup unit, hex chosen but not yet rolled (7.2)
    displace: list[str] = field(default_factory=list)  # Allied mobile units the German must move aside (7.4)
    raf: str = ""  # "", "committed" or "declined" (12.6)
    raf_available: int = 0  # RAF counters this couplet (14.14D)
    raf_used: int = 0
    morale: str = ""  # Paris landings' effect on French morale (7.7): "", "rally", "none", "defeatism"
    dams: str = ""  # "", "flooded" or "receded" (13.15)
    flood_couplet: list[int] = field(default_factory=list)  # turn, couplet of the dam opening
    terror: str = ""  # the hex bombed this couplet (8.11); "used" once the bombing is over
    terror_used: bool = False
    german_lost: int = 0  # German steps eliminated (4.10)
    bef_lost: int = 0  # British steps eliminated, emergency units apart (4.9)
    lost_city_supply: list[str] = field(default_factory=list)  # city hexes once occupied by the enemy (10.11C)
    lost_ports: list[str] = field(default_factory=list)  # ports once occupied by a German unit (10.8A)
    breached: bool = False  # the Maginot Line (4.7)
    emergency: bool = False  # 12.4
    next_z: int = 0
    winner: str | None = None
    result: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if name == "units":
                value = {k: u.to_json() for k, u in value.items()}
            elif name == "battle":
                value = value.to_json() if value else None
            else:
                value = plain_copy(value)
            data[name] = value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = plain_copy(data)
        data["units"] = {k: UnitState(**u) for k, u in data["units"].items()}
        if data.get("battle") is not None:
            data["battle"] = Battle(**data["battle"])
        return cls(**data)

    def copy(self) -> State:
        """A copy the rules may change freely: every container of the state is new, its strings shared."""
        new = copy.copy(self)
        make = object.__new__
        units = {}
        for k, u in self.units.items():
            v = make(UnitState)
            v.__dict__ = u.__dict__.copy()
            units[k] = v
        new.units = units
        for name in FLAT:
            setattr(new, name, getattr(self, name).copy())
        for name in ("failed", "drops"):
            setattr(new, name, [list(x) for x in getattr(self, name)])
        new.result = plain_copy(self.result)
        if self.battle is not None:
            new.battle = Battle(**self.battle.to_json())
        return new


# Containers of strings and numbers only: a shallow copy is a full one.
FLAT = ("options", "queue", "order", "control", "left", "violated", "capitulated", "moved", "selected", "attacked", "fought",
        "landed", "checked", "displace", "flood_couplet", "lost_city_supply", "lost_ports")
