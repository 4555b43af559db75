"""The Panzer Corps scenario files and their validation.

Each scenario folder under scenarios/panzer_corps/ holds scenario.toml (sides,
turns, rule parameters, victory), map.toml (terrain grid, roads, hexsides,
places), units.toml (the counters and their set-up) and crt.toml.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from wargames_tui.engine.datafiles import DataFileError, SCENARIOS_DIR, Strict, load_toml
from wargames_tui.engine.hexgrid import Hex, HexGrid, hex_id

PrintSide = Literal["top", "bottom", "left", "right"]


class Terrain(Strict):
    name: str
    glyph: str = Field(min_length=1, max_length=1)
    cost: int | None = Field(None, description="MPs to enter; absent for terrain no unit may enter")
    doubles_defence: bool = False
    colour: str


class Place(Strict):
    name: str
    hexes: list[str]
    label: str = Field("", max_length=4, description="up to four letters drawn on the map")
    kind: str = Field("", description="city, port, town, foothold, ... as the rules name them")
    value: int = Field(0, description="victory points, where the rules give a place its own value")


class Hexsides(Strict):
    """Features on the edges between hexes: rivers, cliffs (a list of adjacent pairs each)."""

    kind: Literal["river", "major-river", "minor-river", "cliff"]
    pairs: list[tuple[str, str]]


class Line(Strict):
    """A road, lane or railroad: a chain of adjacent hexes."""

    kind: str
    hexes: list[str]


class MapFile(Strict):
    columns: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)
    low_columns: Literal["even", "odd"]
    compass: dict[PrintSide, Literal["N", "E", "S", "W"]]
    terrain: dict[str, Terrain]
    grid: str
    roads: list[list[str]] = []
    lines: list[Line] = Field([], description="railroads (kind main/branch), lanes, other roads")
    hexsides: list[Hexsides] = []
    places: list[Place] = []
    battle_positions: list[str] = []
    areas: dict[str, list[str]] = Field({}, description="named groups of hexes: entry edges, supply sources")


class Unit(Strict):
    id: str
    side: str
    nation: str
    name: str
    short: str = Field(max_length=4)
    kind: str
    size: str
    strength: int = Field(ge=0)
    move: int = Field(ge=0)
    hex: str | None = Field(None, description="set-up hex; absent for reinforcements and units placed by a player")
    tank: bool = Field(False, description="a tank unit (advances a second hex in some games)")
    entry_turn: int | None = Field(None, description="the turn a reinforcement may enter")
    entry: str | None = Field(None, description="the area (see map areas) where it enters or is placed")
    pool: str | None = Field(None, description="a hidden pool drawn from at entry, e.g. 'R'")
    mark: str = Field("", description="a set-up mark printed on the counter, e.g. 'S', '6', '1GD'")


class UnitsFile(Strict):
    unit: list[Unit]


class CrtFile(Strict):
    columns: list[str]
    die: list[int]
    rows: list[list[str]]


class Side(Strict):
    id: str
    name: str


class Nation(Strict):
    name: str
    side: str
    colour: str
    text: str = "black"


class Exit(Strict):
    """A side's units may leave by an edge, paying MPs; doing so wins (el-alamein 4.2)."""

    side: str
    edge: Literal["N", "E", "S", "W"]
    cost: int


class SuddenDeath(Strict):
    """A side wins at once if it holds one of these places at the end of a phase."""

    side: str
    places: list[str]
    after_phase: str
    case: str


class Pool(Strict):
    """Hidden reinforcements: face down, drawn at random when they enter (dunkerque 10.0)."""

    side: str
    area: str
    schedule: dict[str, int] = Field(description="turn -> how many become available")


class PointsVictory(Strict):
    """Points for enemy strength eliminated; a threshold wins (dunkerque 4.0-4.2)."""

    side: str
    threshold: int
    own_loss: int = Field(description="points lost per own strength point eliminated")
    line_edges: list[str] = Field(description="areas the enemy's connecting lines must reach")
    port_capacity: int
    case: str


class VPVictory(Strict):
    """Victory points for cities, charges, eliminations and railroad cuts (kharkov 4.0-4.5)."""

    city: int
    charge_side: str
    tank_kill: int = Field(description="VPs for the charge side per enemy tank eliminated")
    rail_side: str
    rail: dict[str, int]
    sudden_death: list[str] = Field(description="places whose control wins for the charge side at once")


class FootholdVictory(Strict):
    """Footholds held with connecting lines, plus half the enemy's losses (operation-compass 4.0-4.4)."""

    supply: dict[str, str] = Field(description="side -> area of its supply sources")
    kills_side: str
    ties: str
    sudden_death_side: str


class MarkedPlacement(Strict):
    """Units with a mark are placed by their owner before play (operation-compass 3.0(3))."""

    side: str
    mark: str
    place_kinds: list[str] = Field(description="kinds of place allowed, e.g. foothold, town")
    terrain: list[str] = Field(description="terrain keys allowed, e.g. battle-position")


class Bombardment(Strict):
    """A die decides how many enemy units near the coast start disrupted (operation-compass 3.1)."""

    side: str
    target: str
    coast: str = Field(description="the terrain key of coast hexes")
    range: int
    few: int
    many: int
    many_from: int = Field(description="the lowest roll that gives `many`")


class EnterAll(Strict):
    """A side places its set-up units before play, each on a hex of its entry area.

    Operation Compass 3.2 ignores stacking for this; Khar'kov 3.0(4) observes it.
    """

    side: str
    stacking: bool
    case: str = Field("3.0", description="the case of this set-up step, as '3.2(1)'")


class Rules(Strict):
    stacking: dict[str, int] = Field(description="side -> most units in one hex (7.0)")
    phases: list[Literal["reinforce", "move", "combat"]] = ["move", "combat"]
    setup: list[Literal["place-marked", "bombard", "enter-all"]] = []
    entry_cost: int = Field(0, description="MPs a reinforcement pays to be placed (dunkerque 10(5))")
    pools: dict[str, Pool] = {}
    control: list[str] = Field([], description="kinds of place whose control is tracked (city, foothold)")
    initial_control: str | None = None
    victory: Literal["breakthrough", "points", "vp", "footholds"] = "breakthrough"
    points: PointsVictory | None = None
    vp: VPVictory | None = None
    footholds: FootholdVictory | None = None
    marked_placement: MarkedPlacement | None = None
    bombardment: Bombardment | None = None
    enter_all: EnterAll | None = None
    halved_first_turn: list[str] = []
    hexside_costs: dict[str, int] = Field({}, description="extra MPs to cross a hexside of this kind (8.3)")
    blocking_hexsides: list[str] = Field([], description="no move, attack, retreat or ZOC across these")
    line_movement: list[str] = Field([], description="line kinds along which every hex costs 1 MP")
    doubling_hexsides: list[str] = Field([], description="the defender doubles when every attacker crosses one")
    barred: dict[str, list[str]] = Field({}, description="side -> areas its units may never enter")
    tank_second_hex: bool = Field(False, description="an advancing tank may go one hex further (9.6(3))")
    zoc_free: dict[str, list[str]] = Field({}, description="side -> areas its zone of control does not reach")
    battle_position_side: str | None = None
    exit: Exit | None = None
    sudden_death: SuddenDeath | None = None
    default_winner: str | None = None


class ScenarioFile(Strict):
    id: str
    rulebook: str
    title: str
    subtitle: str
    description: str
    turns: int = Field(ge=1)
    turn_labels: list[str]
    sides: list[Side]
    nations: dict[str, Nation]
    rules: Rules


RESULTS = {"AE", "AR", "C", "EX", "DR1", "DR2", "DE"}


@dataclass(frozen=True)
class Scenario:
    """Everything one Panzer Corps scenario needs, checked for consistency."""

    info: ScenarioFile
    map: MapFile
    grid: HexGrid
    terrain_at: dict[Hex, Terrain]
    units: dict[str, Unit]
    crt: CrtFile
    folder: Path
    _line_steps: dict[tuple[str, ...], frozenset[frozenset[Hex]]] = field(default_factory=dict)

    def edge(self, compass: str) -> list[Hex]:
        side = next(s for s, c in self.map.compass.items() if c == compass)
        return self.grid.edge_hexes(side)

    def place_hexes(self, names: list[str]) -> set[Hex]:
        found: set[Hex] = set()
        for place in self.map.places:
            if place.name in names:
                found.update(place.hexes)
        return found

    def line_steps(self, kinds: list[str]) -> frozenset[frozenset[Hex]]:
        """The hex pairs joined by a line (railroad, road) of one of these kinds."""
        key = tuple(kinds)
        if key not in self._line_steps:
            self._line_steps[key] = frozenset(
                frozenset(pair)
                for line in self.map.lines
                if line.kind in kinds
                for pair in zip(line.hexes, line.hexes[1:])
            )
        return self._line_steps[key]

    def side_name(self, side: str) -> str:
        return next(s.name for s in self.info.sides if s.id == side)


def scenario_folders() -> dict[str, Path]:
    """Scenario id -> folder, for every Panzer Corps scenario on disk."""
    root = SCENARIOS_DIR / "panzer_corps"
    found = {}
    for folder in sorted(root.iterdir()):
        if (folder / "scenario.toml").is_file():
            found["panzer-corps/" + folder.name.replace("_", "-")] = folder
    return found


@cache
def load_scenario(scenario_id: str) -> Scenario:
    folders = scenario_folders()
    if scenario_id not in folders:
        raise DataFileError(f"unknown scenario {scenario_id!r}")
    scenario = load_folder(folders[scenario_id])
    if scenario.info.id != scenario_id:
        raise DataFileError(f"{folders[scenario_id] / 'scenario.toml'}: at id: {scenario.info.id!r} does not match the folder")
    return scenario


@cache
def scenario_info(scenario_id: str) -> ScenarioFile:
    """A scenario's own file alone (title, sides, options): what the list of scenarios shows, read
    without its map, units and table (a start names its scenario among the others')."""
    folders = scenario_folders()
    if scenario_id not in folders:
        raise DataFileError(f"unknown scenario {scenario_id!r}")
    return load_toml(folders[scenario_id] / "scenario.toml", ScenarioFile)


def load_folder(folder: Path, scenario_file: str = "scenario.toml") -> Scenario:
    """Load and cross-check the four files of one scenario folder."""
    info = load_toml(folder / scenario_file, ScenarioFile)
    map_file = load_toml(folder / "map.toml", MapFile)
    units = load_toml(folder / "units.toml", UnitsFile)
    crt = load_toml(folder / "crt.toml", CrtFile)
    terrain_at = _terrain_grid(folder / "map.toml", map_file)
    hexsides = {frozenset(pair): frozenset({side.kind}) for side in map_file.hexsides for pair in side.pairs}
    grid = HexGrid(map_file.columns, map_file.rows, map_file.low_columns, hexsides)
    _check_map(folder / "map.toml", map_file, grid)
    _check_units(folder / "units.toml", units, info, grid, terrain_at)
    _check_crt(folder / "crt.toml", crt)
    return Scenario(info, map_file, grid, terrain_at, {u.id: u for u in units.unit}, crt, folder)


def _terrain_grid(path: Path, m: MapFile) -> dict[Hex, Terrain]:
    by_glyph = {t.glyph: t for t in m.terrain.values()}
    lines = [line for line in m.grid.splitlines() if line.strip()]
    if len(lines) != m.rows:
        raise DataFileError(f"{path}: at grid: {len(lines)} rows, but rows = {m.rows}")
    out: dict[Hex, Terrain] = {}
    for r, line in enumerate(lines, start=1):
        cells = line.strip()
        if len(cells) != m.columns:
            raise DataFileError(f"{path}: at grid row {r}: {len(cells)} hexes, but columns = {m.columns}")
        for c, glyph in enumerate(cells, start=1):
            if glyph not in by_glyph:
                raise DataFileError(f"{path}: at grid row {r} column {c}: unknown terrain glyph {glyph!r}")
            out[hex_id(c, r)] = by_glyph[glyph]
    return out


def _check_map(path: Path, m: MapFile, grid: HexGrid) -> None:
    def need(h: str, where: str) -> None:
        if not grid.contains(h):
            raise DataFileError(f"{path}: at {where}: hex {h!r} is not on the map")

    for i, road in enumerate(m.roads):
        for h in road:
            need(h, f"roads[{i}]")
        for a, b in zip(road, road[1:]):
            if b not in grid.neighbours(a):
                raise DataFileError(f"{path}: at roads[{i}]: {a} and {b} are not adjacent")
    for place in m.places:
        for h in place.hexes:
            need(h, f"places {place.name!r}")
    for h in m.battle_positions:
        need(h, "battle_positions")
    for i, line in enumerate(m.lines):
        for h in line.hexes:
            need(h, f"lines[{i}]")
        for a, b in zip(line.hexes, line.hexes[1:]):
            if b not in grid.neighbours(a):
                raise DataFileError(f"{path}: at lines[{i}] ({line.kind}): {a} and {b} are not adjacent")
    for i, sides in enumerate(m.hexsides):
        for a, b in sides.pairs:
            need(a, f"hexsides[{i}]")
            need(b, f"hexsides[{i}]")
            if b not in grid.neighbours(a):
                raise DataFileError(f"{path}: at hexsides[{i}] ({sides.kind}): {a} and {b} are not adjacent")
    for name, hexes in m.areas.items():
        for h in hexes:
            need(h, f"areas {name!r}")


def _check_units(path: Path, units: UnitsFile, info: ScenarioFile, grid: HexGrid, terrain: dict[Hex, Terrain]) -> None:
    sides = {s.id for s in info.sides}
    seen: dict[str, str | None] = {}
    for u in units.unit:
        where = f"unit {u.id!r}"
        if u.id in seen:
            raise DataFileError(f"{path}: at {where}: the id is used twice")
        seen[u.id] = u.hex
        if u.side not in sides:
            raise DataFileError(f"{path}: at {where}: unknown side {u.side!r}")
        if u.nation not in info.nations:
            raise DataFileError(f"{path}: at {where}: unknown nation {u.nation!r}")
        if u.hex is None:
            if not (u.entry or u.mark):
                raise DataFileError(f"{path}: at {where}: a unit without a set-up hex needs an entry area or a mark")
            continue
        if not grid.contains(u.hex):
            raise DataFileError(f"{path}: at {where}: set-up hex {u.hex!r} is not on the map")
        if terrain[u.hex].cost is None:
            raise DataFileError(f"{path}: at {where}: set-up hex {u.hex} is {terrain[u.hex].name}")
    by_hex: dict[str, list[Unit]] = {}
    for u in units.unit:
        if u.hex is not None:
            by_hex.setdefault(u.hex, []).append(u)
    for h, here in by_hex.items():
        if len({u.side for u in here}) > 1:
            raise DataFileError(f"{path}: hex {h} holds units of both sides")
        if len(here) > info.rules.stacking.get(here[0].side, 1):
            raise DataFileError(f"{path}: hex {h} holds {len(here)} units, over the stacking limit")


def _check_crt(path: Path, crt: CrtFile) -> None:
    if len(crt.rows) != len(crt.die):
        raise DataFileError(f"{path}: at rows: {len(crt.rows)} rows for {len(crt.die)} die results")
    for i, row in enumerate(crt.rows):
        if len(row) != len(crt.columns):
            raise DataFileError(f"{path}: at rows[{i}]: {len(row)} results for {len(crt.columns)} columns")
        for cell in row:
            if cell not in RESULTS:
                raise DataFileError(f"{path}: at rows[{i}]: unknown result {cell!r}")
