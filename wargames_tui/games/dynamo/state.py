"""The position of a Dynamo game: plain data that saves as JSON and copies cheaply."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from wargames_tui.engine.jsondata import plain_copy


@dataclass
class UnitState:
    # Where the counter is. "pool": on its side's chart, not yet entered (or a dummy in hand);
    # "map"; "off": retreated off a friendly board edge, may come back (19.6); "dead";
    # "evacuated" (20.2-20.5); "withdrawn" (20.1); "spare": a substitute counter not in play
    # (a Kampfgruppe while its division is whole, the 3rd Division's recce while attached);
    # "out": not in this scenario.
    where: str
    hex: str | None = None
    step: int = 0  # 0 full strength, 1 first reduction, ...
    spent: int = 0  # movement points spent this phase
    done: bool = False  # finished moving this phase (7.4)
    oos: bool = False  # judged out of supply at the last check (5.8)
    top: int = 0  # stacking order in its hex: the highest is the top counter
    edge: str | None = None  # the board edge an "off" unit left by


@dataclass
class Group:
    """The stack being moved now: its units, where it is, and what it has done."""

    units: list[str]
    hex: str
    start: str  # where the group was when picked up (12.12: blitzers start stacked)
    entered: bool = False  # a reinforcement or re-entering group


@dataclass
class Battle:
    """A prepared or Blitz assault being resolved (16.0, 17.0), JSON-ready."""

    kind: str  # "prepared" or "blitz"
    attackers: list[str]
    defenders: list[str]
    hexes: list[str]  # the defenders' hexes
    from_hexes: dict[str, str]  # attacker -> hex it attacks from
    stage: str  # "raf", "defender", "defender-retreat", "attacker", "attacker-retreat", "advance", "over"
    result: str = ""
    roll: int | None = None
    total: int | None = None
    modifiers: list[list[Any]] = field(default_factory=list)  # [value, case, words]
    column: int | None = None
    odds: str = ""
    terrain: str = ""
    attack: int = 0
    defence: int = 0
    owed: int = 0  # steps or hexes still owed by the side now choosing
    retreat: int = 0  # hexes the retreating side goes
    retreating: list[str] = field(default_factory=list)
    retreated: dict[str, int] = field(default_factory=dict)  # defender -> hexes retreated
    eliminated_all: bool = False
    advance: dict[str, int] = field(default_factory=dict)  # unit -> hexes it may still advance
    advance_from: str | None = None  # the vacated hex advances must enter first
    raf: str | None = None  # "defensive" / "offensive" when used here
    counter_stroke: bool = False
    vacated_attack_hexes: list[str] = field(default_factory=list)
    stayers: list[str] = field(default_factory=list)  # could not retreat: they take the steps (17.16)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Battle:
        return cls(**plain_copy(data))

    def to_json(self) -> dict[str, Any]:
        return plain_copy(self.__dict__)  # type: ignore[no-any-return]


LIST_FIELDS = ("german_entered", "attacked_with", "attacked_units", "retreated_in", "revealed", "deployed",
               "stuck", "mixed_start", "halved")


@dataclass
class State:
    scenario: str
    options: dict[str, str]
    turn: int
    phase: str
    units: dict[str, UnitState]
    air: dict[str, int] = field(default_factory=dict)  # German unit -> Luftwaffe factors on it
    air_left: int = 0
    raf: bool = True  # the RAF marker is still available (8.7, 8.13)
    counter_stroke: str = "unused"  # "unused", "active" (this phase), "used" (16.19)
    force_march: str = ""  # "2pz" or "19" when declared this turn
    force_march_used: bool = False  # the once-per-game 19th Korps march (14.3)
    german_entered: list[str] = field(default_factory=list)  # urban hexes German units have entered
    group: Group | None = None
    battle: Battle | None = None
    attacked_with: list[str] = field(default_factory=list)  # units that attacked this phase (16.5)
    attacked_units: list[str] = field(default_factory=list)  # enemy units assaulted this phase (16.5)
    retreated_in: list[str] = field(default_factory=list)  # units retreated this assault phase (17.18)
    revealed: list[str] = field(default_factory=list)  # enemy units the phasing side has seen this phase
    deployed: list[str] = field(default_factory=list)  # dummies placed this deployment phase
    evac: dict[str, Any] = field(default_factory=dict)  # this sea evacuation phase's tally (20.4-20.6)
    stuck: list[str] = field(default_factory=list)  # failed rearguard rolls: may not move (20.6)
    withdrawn_this_turn: bool = False
    recce_done: bool = False  # the 3rd Division's recce was detached or rejoined this phase (15.6)
    mixed_start: list[str] = field(default_factory=list)  # units that began Allied movement stacked French+British (10.2)
    halved: list[str] = field(default_factory=list)  # Scenario II first-turn halving (24.1)
    order: int = 0  # counter for the stacking order
    over: bool = False
    last_line: str = "clear"  # the CRT line (terrain) of the last assault rolled: the panel shows it
    final: dict[str, Any] = field(default_factory=dict)  # the end-of-game tally

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, written out field by field: selfplay dumps the state after every action."""
        data: dict[str, Any] = {}
        for name in LIST_FIELDS:
            data[name] = list(getattr(self, name))
        data.update(
            scenario=self.scenario, options=dict(self.options), turn=self.turn, phase=self.phase,
            units={k: dict(u.__dict__) for k, u in self.units.items()},  # the fields in their declared order
            air=dict(self.air), air_left=self.air_left, raf=self.raf, counter_stroke=self.counter_stroke,
            force_march=self.force_march, force_march_used=self.force_march_used,
            group=None if self.group is None else {"units": list(self.group.units), "hex": self.group.hex,
                                                   "start": self.group.start, "entered": self.group.entered},
            battle=None if self.battle is None else self.battle.to_json(),
            evac=plain_copy(self.evac), withdrawn_this_turn=self.withdrawn_this_turn,
            recce_done=self.recce_done, order=self.order, over=self.over, last_line=self.last_line,
            final=dict(self.final),
        )
        return data

    def copy(self) -> State:
        """A deep copy, written out field by field: undo and every bot look-ahead make one."""
        out = copy.copy(self)
        out.options = dict(self.options)
        out.units = {k: UnitState(u.where, u.hex, u.step, u.spent, u.done, u.oos, u.top, u.edge) for k, u in self.units.items()}
        out.air = dict(self.air)
        out.group = None if self.group is None else Group(list(self.group.units), self.group.hex, self.group.start, self.group.entered)
        out.battle = None if self.battle is None else Battle.from_json(self.battle.__dict__)
        for name in LIST_FIELDS:
            setattr(out, name, list(getattr(self, name)))
        out.evac = plain_copy(self.evac)
        out.final = dict(self.final)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        data = plain_copy(data)
        data["units"] = {k: UnitState(**v) for k, v in data["units"].items()}
        if data.get("group") is not None:
            data["group"] = Group(**data["group"])
        if data.get("battle") is not None:
            data["battle"] = Battle.from_json(data["battle"])
        return cls(**data)
