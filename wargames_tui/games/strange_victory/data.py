"""The Strange Victory scenario files: the area map and the counter mix (strange-victory:3, 4)."""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from wargames_tui.engine.areas import AreaGraph, Kind, check_anchors, graph_from_links
from wargames_tui.engine.datafiles import DataFileError, SCENARIOS_DIR, Strict, load_toml

FOLDER = SCENARIOS_DIR / "strange_victory" / "campaign"
LINK_KINDS = {"border": Kind("border", 1), "bridge": Kind("bridge", 1)}


class Area(Strict):
    id: str
    name: str
    kind: Literal["staging", "regular", "strategic", "port", "fortress"]
    letter: Literal["A", "B", "C", "I", ""]
    forest: bool = False
    port: int = Field(0, ge=0, le=6)
    staging: Literal["I", "II", "III", ""] = ""
    at: tuple[int, int]


class Link(Strict):
    a: str
    b: str
    kind: Literal["border", "bridge"]


class AreasFile(Strict):
    area: list[Area]
    link: list[Link]


class Division(Strict):
    id: str
    name: str
    korps: str
    advancing: int = Field(ge=1, le=3)
    resupply: int = Field(ge=1, le=3)


class Commander(Strict):
    id: str
    name: str
    korps: str
    audacity: int = Field(ge=1)


class Allied(Strict):
    id: str
    name: str
    kind: Literal["infantry", "armor", "recon", "gas", "general", "breakdown", "refugees"]
    strength: int = Field(0, ge=0, le=8)
    letter: str = ""


class Asset(Strict):
    id: str
    kind: Literal["stuka", "guns", "gas", "recon", "general"]
    name: str
    starting: bool = True


class CountersFile(Strict):
    division: list[Division]
    commander: list[Commander]
    garrison: list[Allied]
    reaction: list[Allied]
    coastal: list[Allied]
    asset: list[Asset]


@dataclass(frozen=True)
class Campaign:
    areas: dict[str, Area]
    graph: AreaGraph
    divisions: dict[str, Division]
    commanders: dict[str, Commander]
    allied: dict[str, Allied]  # garrison, reaction and coastal counters by id
    garrisons: tuple[str, ...]
    reactions: tuple[str, ...]
    coastal: tuple[str, ...]
    assets: dict[str, Asset]
    picture: list[str]

    def capturable(self) -> list[str]:
        return [a.id for a in self.areas.values() if a.kind != "staging"]

    def port_numbered(self, n: int) -> str | None:
        return next((a.id for a in self.areas.values() if a.port == n), None)

    def commander_of(self, korps: str) -> str:
        return next(c.id for c in self.commanders.values() if c.korps == korps)


@cache
def load_campaign(folder: Path = FOLDER) -> Campaign:
    areas_file = load_toml(folder / "areas.toml", AreasFile)
    counters = load_toml(folder / "counters.toml", CountersFile)
    picture = (folder / "picture.txt").read_text(encoding="utf-8").splitlines()
    areas = {a.id: a for a in areas_file.area}
    graph = graph_from_links(LINK_KINDS, areas_file.link, areas, folder / "areas.toml")
    allied = {c.id: c for c in counters.garrison + counters.reaction + counters.coastal}
    campaign = Campaign(
        areas,
        graph,
        {d.id: d for d in counters.division},
        {c.id: c for c in counters.commander},
        allied,
        tuple(c.id for c in counters.garrison),
        tuple(c.id for c in counters.reaction),
        tuple(c.id for c in counters.coastal),
        {a.id: a for a in counters.asset},
        picture,
    )
    _check(folder, campaign)
    return campaign


def _check(folder: Path, c: Campaign) -> None:
    where = folder / "areas.toml"
    check_anchors(where, "area", {a.id: a.at for a in c.areas.values()}, c.picture)
    for a in c.areas.values():
        if a.kind == "staging" and any(c.graph.kind(a.id, n).name != "bridge" for n in c.graph.neighbours(a.id)):
            raise DataFileError(f"{where}: at area {a.id!r}: a staging area is left only by bridges (strange-victory:3.1.1)")
    kinds = Tally(a.kind for a in c.areas.values())
    if kinds["staging"] != 3 or kinds["strategic"] != 7 or kinds["fortress"] != 1:
        raise DataFileError(f"{where}: 3 staging, 7 strategic areas and 1 fortress needed (strange-victory:3.1), found {dict(kinds)}")
    bridges = sum(1 for a, ns in c.graph.links.items() for b, k in ns.items() if k == "bridge" and a < b)
    if bridges != 5:
        raise DataFileError(f"{where}: 5 Meuse bridges needed (strange-victory:3.1.1), found {bridges}")
    ports = sorted(a.port for a in c.areas.values() if a.kind == "port")
    if ports != list(range(1, 7)):
        raise DataFileError(f"{where}: ports must be numbered 1 to 6 once each (strange-victory:10.2.1), found {ports}")
    need = Tally(a.letter for a in c.areas.values() if a.kind != "staging")
    have = Tally(c.allied[g].letter for g in c.garrisons)
    if need != have:
        raise DataFileError(f"{folder / 'counters.toml'}: one garrison per area letter (strange-victory:6.0): areas {dict(need)}, garrisons {dict(have)}")
    korps = {d.korps for d in c.divisions.values()}
    if korps != {m.korps for m in c.commanders.values()}:
        raise DataFileError(f"{folder / 'counters.toml'}: each Korps needs its commander (strange-victory:4.1.2)")
