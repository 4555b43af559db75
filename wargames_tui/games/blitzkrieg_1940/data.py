"""The Blitzkrieg 1940 scenario files and the static board built from them.

scenarios/blitzkrieg_1940/ holds map.toml (the two maps as one grid, hexsides, cities,
special hexes), units_1940.toml and units_1939.toml (the counters) and game.toml (the
tables). Data files name hexes as printed, with their map letter ("E2423", "W5411");
the engine numbers the joined grid itself (see `Board.label`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from pydantic import Field, field_validator, model_validator

from wargames_tui.engine.datafiles import (
    SCENARIOS_DIR,
    DataFileError,
    Strict,
    load_toml,
)
from wargames_tui.engine.hexgrid import Hex, HexGrid, hex_id, parse_hex

FOLDER = SCENARIOS_DIR / "blitzkrieg_1940"
E_SHIFT = 7  # engine column = E column + 7, so W4400 (E column -6) is engine column 01
W_SHIFT = 50  # W column = E column + 50 (W6000 = E1013, case 2.2)
W_ROWS = 13  # W row r is E row r + 13
TERRAIN_KEYS = {".": "clear", "r": "rough", "m": "mountain", "a": "ardennes", "w": "watergangs", "x": "marsh", "~": "sea"}
COUNTRIES = {"F": "France", "B": "Belgium", "H": "Holland", "L": "Luxembourg", "G": "Germany", "~": "sea"}
NEUTRALS = ("Belgium", "Holland", "Luxembourg")


def printed(h: Hex) -> str:
    """The printed id of an engine hex: the E map's number where it has one (2.2), else the W map's."""
    col, row = parse_hex(h)
    e_col = col - E_SHIFT
    if e_col >= 10:
        return f"E{e_col:02d}{row:02d}"
    return f"W{e_col + W_SHIFT:02d}{row - W_ROWS:02d}"


def engine_hex(label: str) -> Hex:
    """The engine hex of a printed id ("E2423", "W5411"); ValueError if it is not one."""
    if len(label) != 5 or label[0] not in "EW" or not label[1:].isdigit():
        raise ValueError(f"not a printed hex id: {label!r} (expected E or W and four digits)")
    col, row = int(label[1:3]), int(label[3:])
    if label[0] == "W":
        col, row = col - W_SHIFT, row + W_ROWS
    return hex_id(col + E_SHIFT, row)


def _check_label(value: str) -> str:
    try:
        engine_hex(value)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    return value


class Hexsides(Strict):
    kind: Literal["river", "all-sea", "causeway", "blocked"]
    name: str
    pairs: list[tuple[str, str]]

    @field_validator("pairs")
    @classmethod
    def _labels(cls, v: list[tuple[str, str]]) -> list[tuple[str, str]]:
        for a, b in v:
            _check_label(a)
            _check_label(b)
        return v


class City(Strict):
    name: str
    country: Literal["France", "Belgium", "Holland", "Luxembourg", "Germany"]
    kind: Literal["city", "port", "ruhr"]
    hexes: list[str] = Field(min_length=1)

    @field_validator("hexes")
    @classmethod
    def _labels(cls, v: list[str]) -> list[str]:
        return [_check_label(h) for h in v]


class Special(Strict):
    maginot_border: list[str]
    sarreguemines_gap: list[str]
    roer_dams: list[str]
    maastricht_salient: list[str]
    field_fortifications: list[str]
    siegfried: list[str]
    siegfried_1939: list[str]
    ruhr_endangered: list[str]


class MapFile(Strict):
    first_e_column: int
    last_e_column: int
    rows: int = Field(ge=1, le=99)
    terrain: str
    country: str
    hexsides: list[Hexsides]
    city: list[City]
    special: Special

    @model_validator(mode="after")
    def _grids(self) -> MapFile:
        width = self.last_e_column - self.first_e_column + 1
        for name, text, legend in (("terrain", self.terrain, TERRAIN_KEYS), ("country", self.country, COUNTRIES)):
            lines = text.strip("\n").split("\n")
            if len(lines) != self.rows:
                raise ValueError(f"{name}: {len(lines)} lines, expected {self.rows}")
            for n, line in enumerate(lines, 1):
                if len(line) > width:
                    raise ValueError(f"{name} row {n}: {len(line)} characters, at most {width}")
                bad = set(line) - set(legend) - {"_"}
                if bad:
                    raise ValueError(f"{name} row {n}: unknown characters {sorted(bad)}")
        return self


Factor = str  # "8" fixed, "+2" / "-1" / "0" volatile (2.11), "-" none


class Unit(Strict):
    id: str
    name: str
    nation: Literal["german", "french", "british", "belgian", "dutch"]
    type: str
    size: str
    steps: list[tuple[Factor, Factor, int]] = Field(min_length=1, max_length=4)
    setup: str
    hex: str | None = None

    @field_validator("steps")
    @classmethod
    def _factors(cls, v: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
        for att, dfn, mf in v:
            for f in (att, dfn):
                if f != "-" and not (f.lstrip("+-").isdigit()):
                    raise ValueError(f"factor {f!r} is not a number, a signed number or '-'")
            if mf < 0:
                raise ValueError("a movement factor cannot be negative")
        return v

    @field_validator("setup")
    @classmethod
    def _setup(cls, v: str) -> str:
        if v not in ("map", "germany", "SR", "coup", "dummy") and not v.rstrip("*").isdigit():
            raise ValueError(f"setup {v!r}: expected map, germany, SR, coup, dummy or a turn number")
        return v

    @field_validator("hex")
    @classmethod
    def _hex(cls, v: str | None) -> str | None:
        return _check_label(v) if v is not None else v


class UnitsFile(Strict):
    unit: list[Unit]


class ScenarioInfo(Strict):
    title: str
    subtitle: str
    turns: int = Field(ge=1)
    last_couplet: Literal[1, 2]
    order: list[Literal["german", "allied"]]
    description: str


class Nation(Strict):
    name: str
    side: Literal["german", "allied"]
    colour: str
    text: str


class Terrain(Strict):
    glyph: str = Field(min_length=1, max_length=1)
    cost: int | None = None
    mech_cost: int | None = None
    shift: int = 0
    colour: str


class Crt(Strict):
    columns: list[str]
    die: list[int]
    rows: list[list[str]]
    automatic: str

    @model_validator(mode="after")
    def _shape(self) -> Crt:
        if len(self.rows) != len(self.die):
            raise ValueError(f"{len(self.rows)} rows for {len(self.die)} die results")
        for n, row in enumerate(self.rows, 1):
            if len(row) != len(self.columns):
                raise ValueError(f"row {n}: {len(row)} results for {len(self.columns)} columns")
            for cell in row + [self.automatic]:
                a, _, d = cell.partition("/")
                if not (a.isdigit() and d.isdigit()):
                    raise ValueError(f"row {n}: {cell!r} is not attacker/defender step losses")
        return self


class Tables(Strict):
    coup_survival: list[int] = Field(min_length=5, max_length=5)
    paris_morale: list[Literal["rally", "none", "defeatism"]] = Field(min_length=6, max_length=6)
    french_capitulation: list[int] = Field(min_length=6, max_length=6)
    low_country_cities: int
    low_country_roll: int
    bef_losses: dict[int, int]
    bef_never: int
    bef_always: int
    german_losses: dict[int, int]
    german_never: int
    german_always: int
    raf_severe: int
    roer_stays: int


class Vp(Strict):
    holland: int
    belgium: int
    france: int
    maginot: int
    raf: int
    bef: int
    german_losses: int
    german_city: int
    needed: int


class CityRule(Strict):
    shift: int


class GameFile(Strict):
    scenario: dict[str, ScenarioInfo]
    sides: dict[str, str]
    nations: dict[str, Nation]
    types: dict[str, Literal["mech", "leg", "fort"]]
    stacking: dict[str, int]
    terrain: dict[str, Terrain]
    city: CityRule
    crt: Crt
    tables: Tables
    vp: Vp


@dataclass(frozen=True)
class UnitData:
    id: str
    name: str
    nation: str
    side: str
    type: str
    size: str
    steps: tuple[tuple[str, str, int], ...]
    setup: str
    hex: Hex | None
    mech: bool
    fort: bool
    dummy: bool
    coup: bool
    eru: bool
    stack: int  # thirds of a division

    @property
    def volatile(self) -> bool:
        return any(_volatile(f) for s in self.steps for f in s[:2])


def _volatile(f: str) -> bool:
    return f[:1] in "+-" and f != "-" or f == "0"


@dataclass(frozen=True)
class Board:
    """Everything static about one scenario: the grid, its terrain and places, the counters and tables."""

    scenario: str
    grid: HexGrid
    terrain: dict[Hex, str]
    country: dict[Hex, str]
    sides: dict[frozenset[Hex], str]  # hexside -> river, all-sea, causeway, blocked
    roer: frozenset[frozenset[Hex]]
    cities: dict[str, tuple[Hex, ...]]  # name -> hexes
    city_of: dict[Hex, str]
    city_country: dict[str, str]
    ports: tuple[str, ...]  # French Channel ports (10.8, 12.4, 13.11)
    ruhr: frozenset[Hex]
    maginot_border: tuple[Hex, ...]
    sarreguemines: frozenset[Hex]
    dams: frozenset[Hex]
    maastricht: frozenset[Hex]
    field_forts: frozenset[Hex]
    siegfried: frozenset[Hex]
    siegfried_1939: frozenset[Hex]
    endangered: frozenset[Hex]
    units: dict[str, UnitData]
    game: GameFile
    info: ScenarioInfo
    french_edge: tuple[Hex, ...]  # French board-edge supply sources (10.7)
    german_edge: tuple[Hex, ...]  # German board-edge supply sources (10.9)
    west_map: frozenset[Hex]

    def label(self, h: Hex) -> str:
        return printed(h)

    @property
    def sides_index(self) -> frozenset[tuple[Hex, Hex]]:
        """Every ordered pair of hexes with a hexside feature between them."""
        return _sides_index(self.scenario)

    @property
    def dummies(self) -> frozenset[str]:
        """The dummy counters (6.3)."""
        return _dummies(self.scenario)

    def land(self, h: Hex) -> bool:
        return self.terrain[h] not in ("sea", "off")

    def side_of_unit(self, uid: str) -> str:
        return self.units[uid].side


@cache
def _sides_index(scenario_id: str) -> frozenset[tuple[Hex, Hex]]:
    b = load_board(scenario_id)
    return frozenset(p for pair in b.sides for p in (tuple(sorted(pair)), tuple(sorted(pair))[::-1]))


@cache
def _dummies(scenario_id: str) -> frozenset[str]:
    return frozenset(u for u, d in load_board(scenario_id).units.items() if d.dummy)


SCENARIO_IDS = ("blitzkrieg-1940/1940", "blitzkrieg-1940/1939")


def scenario_key(scenario_id: str) -> str:
    key = scenario_id.split("/")[-1]
    if key not in ("1940", "1939"):
        raise DataFileError(f"unknown Blitzkrieg 1940 scenario {scenario_id!r}")
    return key


@cache
def load_game() -> GameFile:
    return load_toml(FOLDER / "game.toml", GameFile)


@cache
def load_board(scenario_id: str) -> Board:
    key = scenario_key(scenario_id)
    game = load_game()
    m = load_toml(FOLDER / "map.toml", MapFile)
    units_file = load_toml(FOLDER / f"units_{key}.toml", UnitsFile)
    path = FOLDER / "map.toml"
    columns = m.last_e_column - m.first_e_column + 1
    grid_low = "even" if (m.first_e_column + E_SHIFT) % 2 == 1 else "odd"
    terrain: dict[Hex, str] = {}
    country: dict[Hex, str] = {}
    t_lines = m.terrain.strip("\n").split("\n")
    c_lines = m.country.strip("\n").split("\n")
    for row, (tl, cl) in enumerate(zip(t_lines, c_lines), 1):
        for i, (tc, cc) in enumerate(zip(tl.ljust(columns, "_"), cl.ljust(columns, "_"))):
            if tc == "_":
                continue
            h = hex_id(m.first_e_column + E_SHIFT + i, row)
            terrain[h] = TERRAIN_KEYS[tc]
            country[h] = COUNTRIES.get(cc, "sea")
    for h in HexGrid(columns, m.rows, grid_low).all_hexes():
        terrain.setdefault(h, "off")  # the corners no map covers
        country.setdefault(h, "off")
    sides: dict[frozenset[Hex], str] = {}
    roer: set[frozenset[Hex]] = set()
    grid0 = HexGrid(columns, m.rows, grid_low)
    for hs in m.hexsides:
        for a, b in hs.pairs:
            ha, hb = engine_hex(a), engine_hex(b)
            if terrain[ha] == "off" or terrain[hb] == "off" or hb not in grid0.neighbours(ha):
                raise DataFileError(f"{path}: hexsides {hs.name!r}: {a}/{b} are not two adjacent map hexes")
            sides[frozenset((ha, hb))] = hs.kind
            if hs.name == "Roer":
                roer.add(frozenset((ha, hb)))
    cities: dict[str, tuple[Hex, ...]] = {}
    city_of: dict[Hex, str] = {}
    city_country: dict[str, str] = {}
    for c in m.city:
        hexes = tuple(engine_hex(h) for h in c.hexes)
        for h in hexes:
            if terrain[h] in ("sea", "off"):
                raise DataFileError(f"{path}: city {c.name!r}: {printed(h)} is not a land hex of the map")
            if country[h] != c.country:
                raise DataFileError(f"{path}: city {c.name!r}: {printed(h)} lies in {country[h]}, not {c.country}")
        cities[c.name] = hexes
        city_country[c.name] = c.country
        for h in hexes:
            city_of[h] = c.name
    sp = m.special

    def hexes_of(name: str, labels: list[str]) -> frozenset[Hex]:
        out = set()
        for lab in labels:
            h = engine_hex(lab)
            if terrain.get(h, "off") == "off":
                raise DataFileError(f"{path}: special.{name}: {lab} is not on the map")
            out.add(h)
        return frozenset(out)

    units: dict[str, UnitData] = {}
    upath = FOLDER / f"units_{key}.toml"
    for u in units_file.unit:
        if u.id in units:
            raise DataFileError(f"{upath}: unit {u.id!r} is listed twice")
        if u.type not in game.types:
            raise DataFileError(f"{upath}: unit {u.id!r}: unknown type {u.type!r}")
        if u.size not in game.stacking:
            raise DataFileError(f"{upath}: unit {u.id!r}: unknown size {u.size!r}")
        h = engine_hex(u.hex) if u.hex else None
        if h is not None and terrain[h] in ("sea", "off"):
            raise DataFileError(f"{upath}: unit {u.id!r}: {u.hex} is not on the map")
        if u.setup in ("map", "germany") and h is None:
            raise DataFileError(f"{upath}: unit {u.id!r}: a set-up unit needs a hex")
        kind = game.types[u.type]
        units[u.id] = UnitData(
            u.id, u.name, u.nation, game.nations[u.nation].side, u.type, u.size, tuple(u.steps), u.setup, h,
            mech=kind == "mech", fort=kind == "fort", dummy=u.type.startswith("dummy"),
            coup=u.type == "airborne-coup", eru=u.type == "emergency-delay", stack=game.stacking[u.size],
        )
    last_w_row = W_ROWS + 28
    e10 = 10 + E_SHIFT

    def on_french_edge(h: Hex) -> bool:
        col, row = parse_hex(h)
        return (
            (col == 1 and W_ROWS + 4 <= row <= last_w_row)
            or (col <= e10 and row == last_w_row)
            or (col == e10 and row >= last_w_row)
            or (e10 <= col <= 32 + E_SHIFT and row == m.rows)
        )

    french_edge = tuple(h for h in terrain if country[h] == "France" and on_french_edge(h))
    german_edge = tuple(
        h for h in terrain
        if country[h] == "Germany" and parse_hex(h)[0] == 42 + E_SHIFT and 10 <= parse_hex(h)[1] <= 44
    )
    grid = HexGrid(columns, m.rows, grid_low, {k: frozenset({v}) for k, v in sides.items()})
    return Board(
        scenario_id, grid, terrain, country, sides, frozenset(roer), cities, city_of, city_country,
        tuple(c.name for c in m.city if c.kind == "port"),
        frozenset(h for c in m.city if c.kind == "ruhr" for h in cities[c.name]),
        tuple(engine_hex(h) for h in sp.maginot_border),
        hexes_of("sarreguemines_gap", sp.sarreguemines_gap),
        hexes_of("roer_dams", sp.roer_dams),
        hexes_of("maastricht_salient", sp.maastricht_salient),
        hexes_of("field_fortifications", sp.field_fortifications),
        hexes_of("siegfried", sp.siegfried),
        hexes_of("siegfried_1939", sp.siegfried_1939),
        hexes_of("ruhr_endangered", sp.ruhr_endangered),
        units, game, game.scenario[key], french_edge, german_edge,
        frozenset(h for h in terrain if parse_hex(h)[0] <= 10 + E_SHIFT),
    )
