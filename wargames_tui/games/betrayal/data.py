"""The Betrayal! scenario files: map, counters, set-up and charts (betrayal:1.4, 8.0 and the PAC)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from wargames_tui.engine.areas import AreaGraph, Kind, graph_from_links
from wargames_tui.engine.datafiles import (
    SCENARIOS_DIR,
    DataFileError,
    Strict,
    describe_validation,
    load_toml,
)

FOLDER = SCENARIOS_DIR / "betrayal"
RESULTS = {"AE", "AS", "AW", "EX", "PX", "CA", "DW", "DSW", "DE", "DSU"}
TACTICS = ("hold", "refit", "attack", "saturation", "exploit")
NATIONS = ("german", "french", "british", "belgian", "dutch")


class Area(Strict):
    id: str
    name: str
    country: Literal["NL", "B", "L", "F", "G"]
    lonlat: tuple[float, float]
    terrain: Literal["clear", "forest", "mountain"] = "clear"
    port: bool = False
    maginot: bool = False
    edge: Literal["", "west", "south"] = ""
    bracket: int = Field(0, ge=0, le=1)


class Link(Strict):
    a: str
    b: str
    kind: str = "border"


class Borders(Strict):
    links: list[tuple[str, str]]


class MapFile(Strict):
    area: list[Area]
    borders: Borders


class Unit(Strict):
    id: str
    name: str
    nation: Literal["german", "french", "british", "belgian", "dutch"]
    kind: Literal["infantry", "armor", "airborne", "fighter", "bomber"]
    attack: int = Field(0, ge=0)
    defence: int = Field(0, ge=0)
    move: int = Field(0, ge=0, le=2)
    reduced: tuple[int, int] = (0, 0)
    drop: int = Field(0, ge=0, le=8)
    bombard: tuple[int, int] = (0, 0)
    support: tuple[int, int] = (0, 0)
    range: int = Field(0, ge=0)

    @property
    def air(self) -> bool:
        return self.kind in ("fighter", "bomber")


class CountersFile(Strict):
    unit: list[Unit]


class Reinforcement(Strict):
    unit: str
    turn: int = Field(ge=1)
    area: str


class SetupFile(Strict):
    turns: int = Field(ge=1)
    republic: str
    historical: dict[str, list[str] | dict[str, str]]
    reinforcement: list[Reinforcement]


class Order(Strict):
    countries: list[Literal["ALL", "B", "N"]]
    tactics: int = Field(ge=1, le=3)


class TacticsTable(Strict):
    early_until: int
    early: dict[int, Literal["hold", "refit", "attack", "saturation", "exploit"]]
    late: dict[int, Literal["hold", "refit", "attack", "saturation", "exploit"]]


class Crt(Strict):
    columns: list[str]
    rows: dict[int, list[str]]


class Shifts(Strict):
    air_support: int
    maginot: int
    mountain: int
    penalty: int
    republic: int


class Drm(Strict):
    armor_attacking: int
    armor_defending: int


class Bombardment(Strict):
    allied_drm: int
    rows: dict[int, list[Literal["-", "1", "W", "1W"]]]


class Regroup(Strict):
    allied_ground: int = Field(ge=0, le=6)
    german_infantry: int = Field(ge=0, le=6)
    armor_air: int = Field(ge=0, le=6)


class Victory(Strict):
    french_major_german_areas: int
    german_minor_french_areas: int
    german_major_french_areas: int
    british_minor_evacuated: int
    british_major_on_map: int
    german_major_british_saved: int


class TablesFile(Strict):
    crt: Crt
    shifts: Shifts
    drm: Drm
    orders: dict[int, Order]
    tactics: TacticsTable
    intercept: dict[int, int]
    bombardment: Bombardment
    regroup: Regroup
    victory: Victory


@dataclass(frozen=True)
class Scenario:
    areas: dict[str, Area]
    graph: AreaGraph
    units: dict[str, Unit]
    turns: int
    republic: str
    historical: dict[str, str]  # unit -> area
    reinforcements: tuple[Reinforcement, ...]
    tables: TablesFile
    picture: tuple[str, ...]
    at: dict[str, tuple[int, int]]  # area -> [col, row] of the first letter of its id in the picture

    def country(self, area: str) -> str:
        return self.areas[area].country

    def border(self, area: str) -> bool:
        return self.areas[area].country == "G"


def _tables(raw_path: Path) -> TablesFile:
    """The CRT and bombardment rows are written as top-level numbered keys; gather them."""
    try:
        raw = tomllib.loads(raw_path.read_text(encoding="utf-8"))
    except (FileNotFoundError, tomllib.TOMLDecodeError) as exc:
        raise DataFileError(f"{raw_path}: {exc}") from None
    for table in ("crt", "bombardment"):
        section = raw.get(table, {})
        rows = {k: v for k, v in section.items() if k.isdigit()}
        raw[table] = {k: v for k, v in section.items() if not k.isdigit()} | {"rows": rows}
    try:
        return TablesFile.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(f"{raw_path}: {describe_validation(exc, raw)}") from None


@cache
def load_scenario(folder: Path = FOLDER) -> Scenario:
    map_file = load_toml(folder / "map.toml", MapFile)
    counters = load_toml(folder / "counters.toml", CountersFile)
    setup = load_toml(folder / "setup.toml", SetupFile)
    tables = _tables(folder / "tables.toml")
    areas = {a.id: a for a in map_file.area}
    links = [Link(a=a, b=b) for a, b in map_file.borders.links]
    graph = graph_from_links({"border": Kind("border", 1)}, links, areas, folder / "map.toml")
    units = {u.id: u for u in counters.unit}
    placed: dict[str, str] = {}
    for area, entry in setup.historical.items():
        pairs = entry.items() if isinstance(entry, dict) else ((u, area) for u in entry)
        for uid, where in pairs:
            placed[uid] = where
    picture = tuple((folder / "picture.txt").read_text(encoding="utf-8").splitlines())
    at = _anchors(folder, picture, areas)
    scenario = Scenario(areas, graph, units, setup.turns, setup.republic, placed, tuple(setup.reinforcement), tables, picture, at)
    _check(folder, scenario)
    return scenario


def _anchors(folder: Path, picture: tuple[str, ...], areas: dict[str, Area]) -> dict[str, tuple[int, int]]:
    """Each area's id is drawn once in the picture as [ID]."""
    out = {}
    for aid in areas:
        found = [(line.index(f"[{aid}]") + 1, row) for row, line in enumerate(picture) if f"[{aid}]" in line]
        if len(found) != 1:
            raise DataFileError(f"{folder / 'picture.txt'}: area {aid!r} must be drawn once as [{aid}], found {len(found)}")
        out[aid] = found[0]
    return out


def _check(folder: Path, s: Scenario) -> None:
    where = folder / "setup.toml"
    for uid, area in s.historical.items():
        if uid not in s.units:
            raise DataFileError(f"{where}: at historical {area!r}: no unit {uid!r} in counters.toml")
        if area not in s.areas:
            raise DataFileError(f"{where}: at historical unit {uid!r}: no area {area!r} in map.toml")
    for r in s.reinforcements:
        if r.unit not in s.units or r.unit in s.historical:
            raise DataFileError(f"{where}: at reinforcement {r.unit!r}: not a unit of counters.toml, or already set up")
        if r.area != "port" and r.area not in s.areas:
            raise DataFileError(f"{where}: at reinforcement {r.unit!r}: no area {r.area!r}")
    missing = set(s.units) - set(s.historical) - {r.unit for r in s.reinforcements}
    if missing:
        raise DataFileError(f"{where}: units with no set-up place or arrival: {sorted(missing)}")
    if s.republic not in s.areas or s.areas[s.republic].country != "F":
        raise DataFileError(f"{where}: the French Republic marker must start in France (betrayal:7.2.1)")
    if sorted(a.id for a in s.areas.values() if a.country == "G") != [str(n) for n in range(1, 7)]:
        raise DataFileError(f"{folder / 'map.toml'}: Germany needs the border areas 1 to 6 (betrayal:8.0)")
    tables = folder / "tables.toml"
    crt = s.tables.crt
    if sorted(crt.rows) != list(range(1, 14)) or any(len(r) != len(crt.columns) or set(r) - RESULTS for r in crt.rows.values()):
        raise DataFileError(f"{tables}: the CRT needs rows 1 to 13, one known result per column (betrayal:4.4, 4.5)")
    if crt.columns[0] != "1:3" or crt.columns[-1] != "8:1":
        raise DataFileError(f"{tables}: the CRT runs from 1:3 to 8:1 (betrayal:4.4.2)")
    if sorted(s.tables.orders) != list(range(2, 13)):
        raise DataFileError(f"{tables}: the orders table needs a result for 2 to 12 (betrayal:3.4.2)")
    for col in ("early", "late"):
        if sorted(getattr(s.tables.tactics, col)) != list(range(2, 13)):
            raise DataFileError(f"{tables}: the tactics column {col} needs 2 to 12 (betrayal:3.4.3)")
    if any(len(r) != 7 for r in s.tables.bombardment.rows.values()) or 1 not in s.tables.bombardment.rows:
        raise DataFileError(f"{tables}: each bombardment row needs the modified rolls 0 to 6 (betrayal:4.3)")
