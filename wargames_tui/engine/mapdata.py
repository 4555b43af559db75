"""What a client needs to draw a hex map: static per scenario, shared by every hex game."""

from __future__ import annotations

from dataclasses import dataclass

from wargames_tui.engine.hexgrid import Hex, HexGrid


@dataclass(frozen=True)
class HexCell:
    terrain: str
    glyph: str
    colour: str
    label: str = ""
    places: tuple[str, ...] = ()
    road: bool = False
    features: tuple[str, ...] = ()


@dataclass(frozen=True)
class HexMapData:
    grid: HexGrid
    compass: dict[str, str]  # printed side ("top", ...) -> compass point ("N", ...)
    cells: dict[Hex, HexCell]
    legend: tuple[tuple[str, str, str], ...]  # (glyph, terrain name, colour)
