"""The Springtime for Hitler scenario files: map, counters, events, tables, set-ups (springtime:3 to 5, 19)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from wargames_tui.engine.areas import AreaGraph, Kind, check_anchors, graph_from_links
from wargames_tui.engine.datafiles import (
    SCENARIOS_DIR,
    DataFileError,
    Strict,
    load_toml,
)

FOLDER = SCENARIOS_DIR / "springtime"
# Every boundary costs 1 MF (springtime:9.2); the kind matters for stops and defence.
LINK_KINDS = {"open": Kind("open", 1), "river": Kind("river", 1), "maginot": Kind("maginot", 1)}
SCENARIO_FILES = {"springtime/fall-gelb": "fall-gelb.toml", "springtime/plan-red": "plan-red.toml"}

Side = Literal["allied", "axis"]


class Area(Strict):
    id: str
    name: str
    zone: bool
    nation: Literal["germany", "netherlands", "belgium", "luxembourg", "france", "italy"]
    tem: int = Field(ge=1, le=4)
    control: Side
    port: bool
    east: bool
    at: tuple[int, int]


class Link(Strict):
    a: str
    b: str
    kind: Literal["open", "river", "maginot"]


class MapFile(Strict):
    area: list[Area]
    link: list[Link]


class Unit(Strict):
    id: str
    short: str = Field(max_length=6)
    name: str
    side: Side
    nation: Literal["french", "british", "belgian", "dutch", "german", "italian"]
    kind: Literal["armored", "infantry"]
    group: Literal["1", "2", "3", "4", "Be", "N", "A", "B", "C", "K", "W", "R"]
    cv: int = Field(ge=1)
    mf: int = Field(ge=1)
    rcv: int = Field(ge=1)
    rmf: int = Field(ge=1)


class Leader(Strict):
    id: str
    name: str
    side: Side
    command: list[str] = Field(min_length=1)
    rating: int = Field(ge=0)
    other: int = Field(ge=0)


class Air(Strict):
    id: str
    name: str
    side: Side
    nation: Literal["french", "british", "german"]
    reduced: int = Field(ge=1)
    full: int = Field(ge=1)


class UnitsFile(Strict):
    unit: list[Unit]
    leader: list[Leader]
    air: list[Air]


class EventMarker(Strict):
    id: str
    name: str
    side: Literal["allied", "axis", "either"]
    once: bool
    effect: Literal[
        "de_gaulle", "morale", "dynamo", "new_squadrons", "halt", "billotte", "air_supremacy", "plan_red", "replacements"
    ]
    amount: int = Field(ge=0)
    text: str


class EventsFile(Strict):
    event: list[EventMarker]


class Thresholds(Strict):
    confidence: int
    italy: int
    armistice: int
    stack: int = Field(ge=1)
    success_hit: int
    overrun_hit: int


class AttackTable(Strict):
    per_unit: int
    out_of_supply: int


class DefenceTable(Strict):
    per_unit: int
    out_of_supply: int
    river: int
    maginot: int


class RefitCosts(Strict):
    flip_infantry: int
    flip_armored: int
    rebuild_infantry_reduced: int
    rebuild_infantry_full: int
    rebuild_armored_reduced: int
    rebuild_armored_full: int


class SurrenderTable(Strict):
    surrenders: int = Field(ge=0, le=6)


class MoraleTable(Strict):
    area_lost: int
    zone_lost: int
    paris_lost: int
    paris_lost_open: int
    area_regained: int
    paris_regained: int
    allied_unit_lost: int
    belgium_out: int
    dutch_out: int
    axis_unit_lost: int
    airlanding_lost: int


class TablesFile(Strict):
    impulses: int = Field(ge=6)
    thresholds: Thresholds
    attack: AttackTable
    defence: DefenceTable
    refit: RefitCosts
    surrender: SurrenderTable
    morale: MoraleTable


class Lists(Strict):
    reduced: list[str]
    eliminated: list[str]
    removed: list[str]
    kleist: str


class ScenarioFile(Strict):
    title: str
    turn: int = Field(ge=1)
    last_turn: int = Field(ge=1)
    impulse: int = Field(ge=1)
    advantage: Side
    morale: int
    rp_allied: int = Field(ge=0)
    rp_axis: int = Field(ge=0)
    surprise: bool
    axis_areas: list[str]
    played: list[str]
    air_full: list[str]
    setup: dict[str, str]
    lists: Lists


@dataclass(frozen=True)
class Board:
    areas: dict[str, Area]
    graph: AreaGraph
    units: dict[str, Unit]
    leaders: dict[str, Leader]
    air: dict[str, Air]
    events: dict[str, EventMarker]
    tables: TablesFile
    picture: list[str]

    def leader_of(self, unit: str) -> str | None:
        """The leader whose command holds this unit (Kleist leads three, 4.4.1)."""
        return next((lid for lid, l in self.leaders.items() if unit in l.command), None)

    def link(self, a: str, b: str) -> str | None:
        kind = self.graph.kind(a, b)
        return kind.name if kind else None

    def in_france(self, area: str) -> bool:
        return self.areas[area].nation == "france"


@cache
def load_board(folder: Path = FOLDER) -> Board:
    m = load_toml(folder / "map.toml", MapFile)
    u = load_toml(folder / "units.toml", UnitsFile)
    e = load_toml(folder / "events.toml", EventsFile)
    t = load_toml(folder / "tables.toml", TablesFile)
    picture = (folder / "picture.txt").read_text(encoding="utf-8").splitlines()
    areas = {a.id: a for a in m.area}
    graph = graph_from_links(LINK_KINDS, m.link, areas, folder / "map.toml")
    board = Board(
        areas, graph, {x.id: x for x in u.unit}, {x.id: x for x in u.leader}, {x.id: x for x in u.air},
        {x.id: x for x in e.event}, t, picture,
    )
    _check(folder, board)
    return board


@cache
def load_scenario(scenario_id: str, folder: Path = FOLDER) -> ScenarioFile:
    path = folder / SCENARIO_FILES[scenario_id]
    sc = load_toml(path, ScenarioFile)
    board = load_board(folder)
    for uid, area in sc.setup.items():
        if uid not in board.units:
            raise DataFileError(f"{path}: at setup {uid!r}: no such unit in units.toml")
        if area not in board.areas:
            raise DataFileError(f"{path}: at setup {uid!r}: no area {area!r} in map.toml")
    for name in ("reduced", "eliminated", "removed"):
        for uid in getattr(sc.lists, name):
            if uid not in board.units:
                raise DataFileError(f"{path}: at lists.{name} {uid!r}: no such unit in units.toml")
    for aid in sc.axis_areas:
        if aid not in board.areas:
            raise DataFileError(f"{path}: at axis_areas {aid!r}: no such area in map.toml")
    for eid in sc.played:
        if eid not in board.events:
            raise DataFileError(f"{path}: at played {eid!r}: no such event in events.toml")
    for aid in sc.air_full:
        if aid not in board.air:
            raise DataFileError(f"{path}: at air_full {aid!r}: no such air marker in units.toml")
    if sc.lists.kleist not in board.leaders["kleist"].command or sc.lists.kleist not in sc.setup:
        raise DataFileError(f"{path}: at lists.kleist: Kleist starts with one of his units on the map (4.4.1)")
    return sc


def _check(folder: Path, b: Board) -> None:
    where = folder / "map.toml"
    check_anchors(where, "area", {a.id: a.at for a in b.areas.values()}, b.picture)
    numbered = sorted(int(a.id) for a in b.areas.values() if not a.zone)
    if numbered != list(range(1, 31)):
        raise DataFileError(f"{where}: the map has Areas 1 to 30 (springtime:3.1), found {numbered}")
    zones = sorted(a.id for a in b.areas.values() if a.zone)
    if zones != list("ABCDEF"):
        raise DataFileError(f"{where}: the map has Zones A to F (springtime:3.1), found {zones}")
    for aid in ("18", "19", "20", "25"):
        if b.areas[aid].nation != "france":
            raise DataFileError(f"{where}: at area {aid!r}: the Maginot Line and Paris lie in France (springtime:10.5.4)")
    if b.areas["F"].nation != "italy":
        raise DataFileError(f"{where}: at area 'F': Zone F is Italy (springtime:14.3)")
    units = folder / "units.toml"
    for l in b.leaders.values():
        for uid in l.command:
            if uid not in b.units or b.units[uid].side != l.side:
                raise DataFileError(f"{units}: at leader {l.id!r}: {uid!r} is not a unit of his side")
    for u in b.units.values():
        if u.rcv > u.cv or u.rmf > u.mf:
            raise DataFileError(f"{units}: at unit {u.id!r}: the reduced face is stronger than the full face (springtime:4.2)")
    axis_counters = sum(1 for x in [*b.units.values(), *b.leaders.values(), *b.air.values()] if x.side == "axis")
    if axis_counters != 29:
        raise DataFileError(f"{units}: the 29 large counters are the Axis units, leaders and air (springtime:2.0), found {axis_counters}")
    if len(b.events) != 9:
        raise DataFileError(f"{folder / 'events.toml'}: nine Event markers (springtime:5.1.7), found {len(b.events)}")
