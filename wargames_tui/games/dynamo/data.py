"""The Dynamo scenario files (scenarios/dynamo/) as validated models, and the map they describe.

map.toml (terrain, places, villages, hexsides), units.toml (every counter with its Scenario I
set-up or reinforcement entry), crt.toml, rules.toml (the numbers the rules print) and one
file per scenario. Every file is checked on load; errors name the file, the entry and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Literal

from pydantic import Field, model_validator

from wargames_tui.engine.datafiles import (
    SCENARIOS_DIR,
    DataFileError,
    Strict,
    load_toml,
)
from wargames_tui.engine.hexgrid import Hex, HexGrid, hex_id, parse_hex

DIR = SCENARIOS_DIR / "dynamo"
SCENARIO_FILES = {"dynamo/campaign": "campaign.toml", "dynamo/no-halt-order": "no-halt-order.toml"}

TERRAIN_CHARS = {"=": "sea", ".": "clear", "w": "watergangs", "^": "broken", "~": "marsh", "c": "urban"}
MOTO_TYPES = {"panzer", "kg", "light-tank", "tank", "dlm", "mot-inf", "flak"}
UnitType = Literal[
    "panzer", "kg", "light-tank", "tank", "dlm", "mot-inf", "flak",
    "infantry", "mountain", "fortress", "cavalry", "dummy",
]


class Place(Strict):
    name: str
    hex: str
    kind: Literal["port", "city"]


class Village(Strict):
    hex: str
    names: list[str] = Field(min_length=1)


class Barrier(Strict):
    name: str
    pairs: list[tuple[str, str]]


class MapFile(Strict):
    first_column: int = Field(ge=1)
    columns: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)
    low_columns: Literal["even", "odd"]
    compass: dict[str, str]
    grid: str
    places: list[Place]
    villages: list[Village]
    all_sea: list[tuple[str, str]]
    barriers: list[Barrier]


class UnitFile(Strict):
    id: str
    side: Literal["german", "allied"]
    nation: Literal["german", "ss", "british", "french"]
    name: str
    short: str = Field(max_length=4)
    type: UnitType
    size: str
    steps: list[tuple[int, int]] = Field(min_length=1, max_length=4)
    move: int = Field(ge=0)
    korps: Literal["15", "16", "19", "41"] | None = None
    parent: str | None = None
    kg: Literal["A", "B"] | None = None
    task_force: bool = False
    moto: bool | None = None
    setup: str | None = None
    turn: int | None = Field(None, ge=1, le=12)
    entry: tuple[str, str] | None = None
    port_entry: bool = False

    @model_validator(mode="after")
    def _entry_needs_turn(self) -> UnitFile:
        if (self.turn is None) != (self.entry is None):
            raise ValueError("a reinforcement needs both `turn` and `entry`")
        if self.setup and self.turn:
            raise ValueError("a unit has a set-up hex or a reinforcement turn, not both")
        return self


class UnitsFile(Strict):
    unit: list[UnitFile]


class CrtFile(Strict):
    die: list[int]
    terrain: dict[Literal["clear", "broken", "watergangs", "urban", "marsh"], list[str]]
    results: list[list[str]]

    @model_validator(mode="after")
    def _shape(self) -> CrtFile:
        widths = {len(cols) for cols in self.terrain.values()}
        if len(widths) != 1:
            raise ValueError("every terrain line needs the same number of odds columns")
        if len(self.results) != len(self.die):
            raise ValueError(f"{len(self.results)} result rows for {len(self.die)} die values")
        for i, row in enumerate(self.results):
            if len(row) != len(next(iter(self.terrain.values()))):
                raise ValueError(f"result row {i} has {len(row)} cells")
            for cell in row:
                att, _, dfn = cell.strip().partition("/")
                if att not in RESULT_CODES or dfn not in RESULT_CODES:
                    raise ValueError(f"result {cell!r} is not A/D with each of . 1 2 3 E")
        return self


RESULT_CODES = {".", "1", "2", "3", "E"}


class Stacking(Strict):
    panzer_division: int
    division: int
    kampfgruppe: int
    british_flak: int
    other: int


class Edges(Strict):
    german: list[tuple[str, str]]
    german_from_turn_9: list[tuple[str, str]]
    allied_south: list[tuple[str, str]]
    allied_belgian: list[tuple[str, str]]
    belgian_switch_turn: int
    withdrawal: list[tuple[str, str]]
    withdrawal_turns: list[int]


class Air(Strict):
    factors: int
    factors_after_turn_8: int


class Evacuation(Strict):
    first_turn: int
    small_steps: int
    big_from_turn: int
    port_steps: int
    other_steps: int


class Points(Strict):
    british_step: int
    french_moto_step: int
    british_task_force: int
    french_leg_step: int
    german_moto_step: int
    german_leg_step: int
    kampfgruppe_steps: list[int]
    evacuated_step: int
    task_forces_per_point: int


class Level(Strict):
    at_least: float
    winner: Literal["german", "allied"]
    level: str


class RulesFile(Strict):
    turns: int
    turn_labels: list[str]
    stacking_limit: int
    stacking: Stacking
    edges: Edges
    air: Air
    evacuation: Evacuation
    points: Points
    levels: dict[str, list[Level]]


class GermanPlacement(Strict):
    unit: str
    hex: str
    step: int = 0


class AlliedZone(Strict):
    units: list[str]
    centre: str
    radius: int = Field(ge=0)
    not_across: str | None = None
    reduced: list[str] = []


class ScenarioFile(Strict):
    id: str
    title: str
    subtitle: str
    description: str
    first_turn: int
    first_phase: Literal["supply", "allied-setup"]
    scale: str
    counter_stroke_used: bool = False
    force_march_used: bool = False
    german_supply_from_start: bool = False
    halved_allied_moves: bool = False
    full_moves: list[str] = []
    evacuated: list[str] = []
    dead: list[str] = []
    air: list[str] = []
    german: list[GermanPlacement] = []
    allied: list[AlliedZone] = []


@dataclass(frozen=True)
class Unit:
    """One counter as printed: values per step, and how the rules classify it."""

    id: str
    side: str
    nation: str
    name: str
    short: str
    type: str
    size: str
    steps: tuple[tuple[int, int], ...]
    move: int
    korps: str | None
    parent: str | None
    kg: str | None
    task_force: bool
    moto: bool
    setup: str | None
    turn: int | None
    entry: tuple[str, str] | None
    port_entry: bool
    stacking: int

    @property
    def dummy(self) -> bool:
        return self.type == "dummy"

    @property
    def division(self) -> bool:
        return self.size == "xx"


@dataclass(frozen=True)
class Map:
    grid: HexGrid
    terrain: dict[Hex, str]  # land hexes only
    places: dict[Hex, Place]
    villages: dict[Hex, tuple[str, ...]]
    barriers: frozenset[frozenset[Hex]]
    barrier_names: dict[frozenset[Hex], str]
    all_sea: frozenset[frozenset[Hex]]
    coastal: frozenset[Hex]
    neighbours: dict[Hex, tuple[Hex, ...]]  # land neighbours not across an all-sea hexside
    compass: dict[str, str]
    first_column: int

    def ports(self) -> list[Hex]:
        return [h for h, p in self.places.items() if p.kind == "port"]


@dataclass(frozen=True)
class Game:
    """Everything read from scenarios/dynamo/ for one scenario."""

    map: Map
    units: dict[str, Unit]
    crt: CrtFile
    rules: RulesFile
    scenario: ScenarioFile

    def edge(self, runs: list[tuple[str, str]]) -> list[Hex]:
        key = tuple(tuple(r) for r in runs)
        if key not in self._edges:
            hexes = [h for a, b in runs for h in _run(a, b) if h in self.map.terrain]
            self._edges[key] = list(dict.fromkeys(hexes))
        return list(self._edges[key])

    @cached_property
    def _edges(self) -> dict[tuple[tuple[str, ...], ...], list[Hex]]:
        return {}

    @cached_property
    def dummies(self) -> frozenset[str]:
        return frozenset(uid for uid, u in self.units.items() if u.dummy)

    @cached_property
    def side_of(self) -> dict[str, str]:
        return {uid: u.side for uid, u in self.units.items()}

    @cached_property
    def stacking_points(self) -> dict[str, int]:
        return {uid: u.stacking for uid, u in self.units.items()}


def _run(a: Hex, b: Hex) -> list[Hex]:
    """The hexes of a straight board-edge run from a to b (same column or same row), ends included."""
    (ca, ra), (cb, rb) = parse_hex(a), parse_hex(b)
    if ca == cb:
        step = 1 if rb >= ra else -1
        return [hex_id(ca, r) for r in range(ra, rb + step, step)]
    if ra == rb:
        step = 1 if cb >= ca else -1
        return [hex_id(c, ra) for c in range(ca, cb + step, step)]
    raise DataFileError(f"edge run {a}-{b} is neither one column nor one row")


def _stacking(u: UnitFile, s: Stacking) -> int:
    if u.type == "dummy":
        return 0
    if u.type == "panzer":
        return s.panzer_division
    if u.size == "xx":
        return s.division
    if u.type == "kg":
        return s.kampfgruppe
    if u.type == "flak" and u.nation == "british":
        return s.british_flak
    return s.other


@cache
def load_map() -> Map:
    path = DIR / "map.toml"
    mf = load_toml(path, MapFile)
    lines = [ln for ln in mf.grid.strip("\n").split("\n")]
    width = mf.columns - mf.first_column + 1
    if len(lines) != mf.rows:
        raise DataFileError(f"{path}: grid has {len(lines)} rows, expected {mf.rows}")
    terrain: dict[Hex, str] = {}
    for r, line in enumerate(lines, 1):
        if len(line) != width:
            raise DataFileError(f"{path}: grid row {r} has {len(line)} characters, expected {width}")
        for i, ch in enumerate(line):
            if ch not in TERRAIN_CHARS:
                raise DataFileError(f"{path}: grid row {r} column {mf.first_column + i}: unknown terrain {ch!r}")
            if ch != "=":
                terrain[hex_id(mf.first_column + i, r)] = TERRAIN_CHARS[ch]
    grid = HexGrid(mf.columns, mf.rows, mf.low_columns)

    def land(h: str, what: str) -> str:
        if h not in terrain:
            raise DataFileError(f"{path}: {what}: {h} is not a land hex")
        return h

    def pair(a: str, b: str, what: str) -> frozenset[Hex]:
        land(a, what)
        land(b, what)
        if b not in grid.neighbours(a):
            raise DataFileError(f"{path}: {what}: {a} and {b} are not adjacent")
        return frozenset((a, b))

    places = {land(p.hex, f"place {p.name!r}"): p for p in mf.places}
    villages = {land(v.hex, f"village {v.names}"): tuple(v.names) for v in mf.villages}
    all_sea = frozenset(pair(a, b, "all-sea hexside") for a, b in mf.all_sea)
    names: dict[frozenset[Hex], str] = {}
    for bar in mf.barriers:
        for a, b in bar.pairs:
            names[pair(a, b, f"barrier {bar.name!r}")] = bar.name
    neighbours = {
        h: tuple(n for n in grid.neighbours(h) if n in terrain and frozenset((h, n)) not in all_sea)
        for h in terrain
    }
    coastal = frozenset(
        h
        for h in terrain
        if any(n not in terrain and parse_hex(n)[0] >= mf.first_column for n in grid.neighbours(h))
        or any(frozenset((h, n)) in all_sea for n in grid.neighbours(h))
    )
    return Map(grid, terrain, places, villages, frozenset(names), names, all_sea, coastal, neighbours, mf.compass, mf.first_column)


@cache
def load_game(scenario_id: str) -> Game:
    if scenario_id not in SCENARIO_FILES:
        raise DataFileError(f"unknown Dynamo scenario {scenario_id!r}")
    m = load_map()
    rules = load_toml(DIR / "rules.toml", RulesFile)
    crt = load_toml(DIR / "crt.toml", CrtFile)
    upath = DIR / "units.toml"
    units: dict[str, Unit] = {}
    for u in load_toml(upath, UnitsFile).unit:
        if u.id in units:
            raise DataFileError(f"{upath}: unit {u.id!r} appears twice")
        for h in [u.setup, *(u.entry or ())]:
            if h is not None and h not in m.terrain:
                raise DataFileError(f"{upath}: unit {u.id!r}: {h} is not a land hex")
        if u.setup and u.moto and m.terrain[u.setup] == "marsh":
            raise DataFileError(f"{upath}: unit {u.id!r}: moto-mech units may not stand in marsh (9.5)")
        moto = u.moto if u.moto is not None else u.type in MOTO_TYPES
        units[u.id] = Unit(
            u.id, u.side, u.nation, u.name, u.short, u.type, u.size, tuple(u.steps), u.move,
            u.korps, u.parent, u.kg, u.task_force, moto, u.setup, u.turn, u.entry, u.port_entry,
            _stacking(u, rules.stacking),
        )
    for u in units.values():
        if u.parent is not None and u.parent not in units:
            raise DataFileError(f"{upath}: unit {u.id!r}: parent {u.parent!r} is not a unit")
    spath = DIR / SCENARIO_FILES[scenario_id]
    sc = load_toml(spath, ScenarioFile)
    if sc.id != scenario_id:
        raise DataFileError(f"{spath}: id {sc.id!r} does not match {scenario_id!r}")
    if sc.scale not in rules.levels:
        raise DataFileError(f"{spath}: scale {sc.scale!r} is not a victory scale of rules.toml")
    named = [*sc.full_moves, *sc.evacuated, *sc.dead, *(p.unit for p in sc.german)]
    named += [u for z in sc.allied for u in [*z.units, *z.reduced]]
    for uid in named:
        if uid not in units:
            raise DataFileError(f"{spath}: {uid!r} is not a unit of units.toml")
    for p in sc.german:
        if p.hex not in m.terrain:
            raise DataFileError(f"{spath}: german {p.unit!r}: {p.hex} is not a land hex")
        if not 0 <= p.step < len(units[p.unit].steps):
            raise DataFileError(f"{spath}: german {p.unit!r}: no step {p.step}")
    for z in sc.allied:
        if z.centre not in m.terrain:
            raise DataFileError(f"{spath}: allied zone at {z.centre}: not a land hex")
        if z.not_across and z.not_across not in {b.name for b in load_toml(DIR / 'map.toml', MapFile).barriers}:
            raise DataFileError(f"{spath}: allied zone at {z.centre}: no barrier named {z.not_across!r}")
    return Game(m, units, crt, rules, sc)
