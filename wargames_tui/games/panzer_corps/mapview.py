"""The static map of a Panzer Corps scenario, in the shape the client draws."""

from __future__ import annotations

from functools import cache

from wargames_tui.engine.mapdata import HexCell, HexMapData
from wargames_tui.games.panzer_corps.data import load_scenario


@cache
def hex_map_data(scenario_id: str) -> HexMapData:
    sc = load_scenario(scenario_id)
    m = sc.map
    road_hexes = {h for road in m.roads for h in road}
    cells = {}
    for h, t in sc.terrain_at.items():
        places = tuple(p.name for p in m.places if h in p.hexes)
        label = next((p.label for p in m.places if h in p.hexes and p.label), "")
        features = ("Battle Position",) if h in m.battle_positions else ()
        cells[h] = HexCell(t.name, t.glyph, t.colour, label, places, h in road_hexes, features)
    legend = tuple((t.glyph, t.name, t.colour) for t in m.terrain.values())
    return HexMapData(sc.grid, dict(m.compass), cells, legend)
