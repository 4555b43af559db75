"""The Dieppe scenario files: the zone map, the counters and the A/B markers (dieppe 1.2, 2, 3)."""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from wargames_tui.engine.areas import AreaGraph, Kind, check_anchors, graph_from_links
from wargames_tui.engine.datafiles import DataFileError, SCENARIOS_DIR, Strict, load_toml

FOLDER = SCENARIOS_DIR / "dieppe" / "raid"

# dieppe 9: what each kind of line on the map allows.
LINK_KINDS = {
    "road": Kind("road", 1),
    "track": Kind("track", 2),
    "sea": Kind("sea", 1, movers=frozenset({"lca"})),
    "landing": Kind("landing", 2),
    "fire": Kind("fire", None),
}


class Zone(Strict):
    id: str
    name: str
    kind: Literal["sea", "waiting", "beach", "land", "newhaven"]
    protection: Literal[0, 1, 3]
    stacking: int = Field(ge=0)
    marks: list[str]
    at: tuple[int, int]


class Link(Strict):
    a: str
    b: str
    kind: Literal["road", "track", "sea", "landing", "fire"]


class ZonesFile(Strict):
    zone: list[Zone]
    link: list[Link]


class Rating(Strict):
    ff: int
    af: int
    mp: int
    stack: int


class CounterDef(Strict):
    id: str
    side: Literal["british", "german"]
    kind: str
    group: str
    name: str
    start: str
    aboard: str | None = None
    full: Rating
    verso: Literal["reduced", "eliminated"]
    reduced: Rating | None = None


class CountersFile(Strict):
    counter: list[CounterDef]


class Marker(Strict):
    id: str
    letter: Literal["A", "B"]
    content: Literal["units", "mines", "wire"]
    infantry: int = 0
    machine_guns: int = 0
    officers: int = 0


class MarkersFile(Strict):
    marker: list[Marker]


@dataclass(frozen=True)
class Raid:
    zones: dict[str, Zone]
    graph: AreaGraph
    counters: dict[str, CounterDef]
    markers: dict[str, Marker]
    picture: list[str]

    def marked(self, mark: str) -> list[str]:
        return [z.id for z in self.zones.values() if mark in z.marks]


@cache
def load_raid(folder: Path = FOLDER) -> Raid:
    zones_file = load_toml(folder / "zones.toml", ZonesFile)
    counters = load_toml(folder / "counters.toml", CountersFile)
    markers = load_toml(folder / "markers.toml", MarkersFile)
    picture = (folder / "picture.txt").read_text(encoding="utf-8").splitlines()
    zones = {z.id: z for z in zones_file.zone}
    graph = graph_from_links(LINK_KINDS, zones_file.link, zones, folder / "zones.toml")
    raid = Raid(zones, graph, {c.id: c for c in counters.counter}, {m.id: m for m in markers.marker}, picture)
    _check(folder, raid)
    return raid


def _check(folder: Path, raid: Raid) -> None:
    where = folder / "zones.toml"
    for z in raid.zones.values():
        if z.id not in raid.graph.links:
            raise DataFileError(f"{where}: at zone {z.id!r}: not linked to any other zone")
    check_anchors(where, "zone", {z.id: z.at for z in raid.zones.values()}, raid.picture)
    marks = Tally(m for z in raid.zones.values() for m in z.marks)
    expected = {"T": 2, "H": 1, **{f"R{i}": 1 for i in range(10)}}
    for mark, count in expected.items():
        if marks[mark] != count:
            raise DataFileError(f"{where}: {count} zone(s) must be marked {mark!r} (dieppe 3.1, 3.2, 8), found {marks[mark]}")
    letters = Tally(m.letter for m in raid.markers.values())
    if letters["A"] != marks["A"] or letters["B"] != marks["B"]:
        raise DataFileError(f"{folder / 'markers.toml'}: {dict(letters)} markers for {marks['A']} A and {marks['B']} B zones")
    pools = Tally(c.start for c in raid.counters.values())
    if pools["pool-G"] != 28 or pools["pool-R"] != 10:
        raise DataFileError(f"{folder / 'counters.toml'}: 28 garrison and 10 reinforcement counters needed (dieppe 3.2)")
    for c in raid.counters.values():
        if c.start not in raid.zones and not c.start.startswith("pool-"):
            raise DataFileError(f"{folder / 'counters.toml'}: at counter {c.id!r}: no start zone {c.start!r}")
        if c.verso == "reduced" and c.reduced is None:
            raise DataFileError(f"{folder / 'counters.toml'}: at counter {c.id!r}: a reduced side needs its ratings")
