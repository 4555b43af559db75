"""The static map of a Panzer Corps scenario, in the shape the client draws."""

from __future__ import annotations

from functools import cache

from wargames_tui.engine.mapdata import HexCell, HexMapData, side_hexes
from wargames_tui.games.panzer_corps.data import load_scenario

SIDE_RANK = ("cliff", "major-river", "river", "minor-river")


@cache
def hex_map_data(scenario_id: str) -> HexMapData:
    sc = load_scenario(scenario_id)
    m = sc.map
    road_hexes = {h for road in m.roads for h in road}
    line_kinds: dict[str, list[str]] = {}
    for kind, hexes in [("road", road) for road in m.roads] + [(line.kind, line.hexes) for line in m.lines]:
        for h in hexes:
            if kind not in line_kinds.setdefault(h, []):
                line_kinds[h].append(kind)
    # A hexside listed under two kinds (a confluence) shows the one that matters most.
    side_kind: dict[frozenset[str], str] = {}
    for side in sorted(m.hexsides, key=lambda s: SIDE_RANK.index(s.kind)):
        for pair in side.pairs:
            side_kind.setdefault(frozenset(pair), side.kind)
    cells = {}
    for h, t in sc.terrain_at.items():
        places = tuple(p.name for p in m.places if h in p.hexes)
        label = next((p.label for p in m.places if h in p.hexes and p.label), "")
        features = ("Battle Position",) if h in m.battle_positions else ()
        across = side_hexes(sc.grid, h)
        sides = tuple(side_kind.get(frozenset((h, o))) if o else None for o in across)
        cells[h] = HexCell(
            t.name, t.glyph, t.colour, label, places, h in road_hexes, features,
            sides=sides, across=across, lines=tuple(line_kinds.get(h, ())),
        )
    legend = tuple((t.glyph, t.name, t.colour) for t in m.terrain.values())
    return HexMapData(sc.grid, dict(m.compass), cells, legend)
