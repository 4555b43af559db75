"""The prewar data of scenarios/seeds_of_disaster/prewar/, validated on load."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from wargames_tui.engine.datafiles import SCENARIOS_DIR, Strict, load_toml

DIR = SCENARIOS_DIR / "seeds_of_disaster" / "prewar"
Level = Literal["peace", "opposition", "preparations", "belligerence"]
ROWS = list(range(2, 13))


class Raise(Strict):
    name: str
    to: Level


class Check(Strict):
    name: str
    number: int = Field(ge=2, le=12)
    upto: Level
    near: list[int] = Field(default_factory=list)
    near_drm: int = 0


class Year(Strict):
    year: int
    draw: int = Field(ge=0)
    play: int = Field(ge=0)
    rp_drm: dict[str, int]
    # `raise` is a Python keyword: the TOML key is mapped on load
    raises: list[Raise] = Field(default_factory=list, alias="raise")
    check: list[Check] = Field(default_factory=list)


class Draws(Strict):
    draw: int
    play: int


class Chronology(Strict):
    year: list[Year]
    belligerence: Draws

    def for_year(self, year: int) -> Year | None:
        return next((y for y in self.year if y.year == year), None)


class Effect(Strict):
    kind: Literal[
        "rp",
        "rp_drm",
        "ip",
        "cp",
        "ip_perm",
        "ip_temp",
        "unlock",
        "halve",
        "ds",
        "flag",
        "indicator",
    ]
    to: Literal["self", "other"] = "self"
    side: Literal["german", "allied", ""] = ""
    n: int = 0
    unit: str = ""
    flag: str = ""


class Card(Strict):
    id: int
    title: str
    text: str
    side: Literal["german", "allied", "any"]
    year: int | None = None
    ce: int = Field(0, ge=0)
    once: bool = False
    urgent: bool = False
    effects: list[Effect]


class CardsFile(Strict):
    card: list[Card]

    @model_validator(mode="after")
    def _ids(self) -> CardsFile:
        ids = [c.id for c in self.card]
        if sorted(ids) != list(range(1, 25)):
            raise ValueError("the deck must hold cards 1 to 24 once each (2.0)")
        return self


class TableEvent(Strict):
    roll: int
    year: int | None = None
    text: str
    effects: list[Effect]


class EventsFile(Strict):
    event: list[TableEvent]

    @model_validator(mode="after")
    def _d36(self) -> EventsFile:
        rolls = [e.roll for e in self.event]
        if rolls != [t * 10 + o for t in range(1, 7) for o in range(1, 7)]:
            raise ValueError(
                "the list must give results 11 to 66 in base 6, in order (5.3.1)"
            )
        return self


class Limits(Strict):
    points_max: int
    rp_cap_level1: int
    tech_level2: int
    tech_steps: list[int]
    ip_table_drm: int
    ip_table_drm_cost: int
    drm_max: int
    maneuver_cp: int
    maneuvers_max: int
    maneuver_units: int
    spy_ip: int
    opening_hand: int
    steals_per_turn: int


class Table(Strict):
    rows: list[int]

    @model_validator(mode="after")
    def _rows(self) -> Table:
        if self.rows != ROWS:
            raise ValueError("rows must be the 2d6 totals 2 to 12")
        return self


class RpTable(Table):
    allied: dict[str, list[int]]
    german: dict[str, list[int]]


class IpTable(Table):
    columns: list[list[int]]


class Cost(Strict):
    kind: str
    rp: int = Field(ge=1)
    from_: int = Field(1934, alias="from")


class Maneuver(Strict):
    rp: int


class TablesFile(Strict):
    limits: Limits
    ds_rp_drm: dict[str, int]
    rp_table: RpTable
    ip_table: IpTable
    cost: list[Cost]
    maneuver: Maneuver

    def cost_of(self, kind: str) -> Cost | None:
        return next((c for c in self.cost if c.kind == kind), None)


@cache
def chronology() -> Chronology:
    return load_toml(DIR / "chronology.toml", Chronology)


@cache
def cards() -> dict[int, Card]:
    return {c.id: c for c in load_toml(DIR / "cards.toml", CardsFile).card}


@cache
def tables() -> TablesFile:
    return load_toml(DIR / "tables.toml", TablesFile)


@cache
def intelligence() -> dict[int, TableEvent]:
    return {e.roll: e for e in load_toml(DIR / "intelligence.toml", EventsFile).event}


@cache
def command() -> dict[int, TableEvent]:
    return {e.roll: e for e in load_toml(DIR / "command.toml", EventsFile).event}
