"""The Seeds of Disaster scenario files: the map (2.1), the counters (2.2, 21.2, 21.3) and the war
charts (TEC, CRT), validated on load."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, model_validator

from wargames_tui.engine.areas import AreaGraph, Kind
from wargames_tui.engine.datafiles import (
    SCENARIOS_DIR,
    DataFileError,
    Strict,
    load_toml,
)

FOLDER = SCENARIOS_DIR / "seeds_of_disaster"
Country = Literal["G", "N", "B", "F"]
# Which nations count a country as their own ground (7.2.5, 10.1.4, 12.0).
HOME: dict[str, Country] = {
    "german": "G",
    "french": "F",
    "british": "F",
    "polish": "F",
    "belgian": "B",
    "dutch": "N",
}
AXES = ("north", "center", "south")


class Area(Strict):
    id: str
    name: str
    country: Country
    terrain: Literal["clear", "highland", "swamp", "waterline", "paris"] = "clear"
    mc: bool = False
    objective: bool = False
    forts: int = Field(0, ge=0, le=3)
    coast: bool = False
    axis: Literal["", "north", "center", "south"] = ""


class Borders(Strict):
    clear: list[tuple[str, str]]
    minor: list[tuple[str, str]]
    major: list[tuple[str, str]]


class MapFile(Strict):
    area: list[Area]
    borders: Borders


class Face(Strict):
    strength: int = Field(ge=0)
    mp: int = Field(ge=0)
    dots: int = Field(0, ge=0, le=3)
    forts: int = Field(0, ge=0)


class Faces(Strict):
    full: Face
    reduced: Face
    by_step: list[Face] = Field(default_factory=list)  # pieces of more than two steps: the face at 1, 2, ... steps


class Counter(Strict):
    id: str
    name: str
    side: Literal["german", "allied"]
    nation: Literal["german", "french", "british", "belgian", "dutch", "polish"]
    kind: str
    start: str = "pool"
    steps: int = Field(0, ge=0, le=19)
    needs: int = 0  # the Event card that makes it buildable (7.2.7)


class CountersFile(Strict):
    faces: dict[str, Faces]
    unit: list[Counter]

    @model_validator(mode="after")
    def _kinds_known(self) -> CountersFile:
        for c in self.unit:
            if c.kind not in self.faces:
                raise ValueError(f"unit {c.id!r}: no faces for kind {c.kind!r}")
        return self


class Terrain(Strict):
    mp: int = Field(ge=0)
    dice: int = Field(ge=0)


class CrtRow(Strict):
    from_: int = Field(alias="from", ge=0)
    loser: int = Field(ge=0)
    winner: int = Field(0, ge=0)
    retreat: bool = False
    disrupt: bool = False
    cp: int = 0
    breakthrough: bool = False


class TablesFile(Strict):
    terrain: dict[str, Terrain]
    border: dict[str, Terrain]
    crt: list[CrtRow]


@cache
def board() -> MapFile:
    path = FOLDER / "map.toml"
    data = load_toml(path, MapFile)
    ids = {a.id for a in data.area}
    for kind, pairs in data.borders.model_dump().items():
        for a, b in pairs:
            if a not in ids or b not in ids:
                raise DataFileError(f"{path}: at borders.{kind} {a}-{b}: unknown area")
    return data


@cache
def areas() -> dict[str, Area]:
    return {a.id: a for a in board().area}


@cache
def graph() -> AreaGraph:
    g = AreaGraph({k: Kind(k) for k in ("clear", "minor", "major")})
    for kind, pairs in board().borders.model_dump().items():
        for a, b in pairs:
            g.connect(a, b, kind)
    return g


@cache
def counters() -> CountersFile:
    data = load_toml(FOLDER / "counters.toml", CountersFile)
    known = set(areas()) | {"pool", "mobilized", "reserve"}
    for c in data.unit:
        if c.start not in known:
            raise DataFileError(
                f"{FOLDER / 'counters.toml'}: at unit {c.id!r}: unknown start {c.start!r}"
            )
    return data


@cache
def counter(unit_id: str) -> Counter:
    return {c.id: c for c in counters().unit}[unit_id]


@cache
def tables() -> TablesFile:
    return load_toml(FOLDER / "tables.toml", TablesFile)


@cache
def picture() -> list[str]:
    return (FOLDER / "picture.txt").read_text(encoding="utf-8").splitlines()


@cache
def anchors() -> dict[str, tuple[int, int]]:
    """Each area id's [col, row] in the picture, where its id is drawn as [ID]."""
    found: dict[str, tuple[int, int]] = {}
    for row, line in enumerate(picture()):
        for aid in areas():
            col = line.find(f"[{aid}]")
            if col >= 0:
                found[aid] = (col + 1, row)
    missing = set(areas()) - set(found)
    if missing:
        raise DataFileError(
            f"{FOLDER / 'picture.txt'}: areas not drawn: {sorted(missing)}"
        )
    return found


def objectives() -> list[str]:
    """The Objectives of 20.0: every MC and every starred area."""
    return [a.id for a in board().area if a.mc or a.objective]
