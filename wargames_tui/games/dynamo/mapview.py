"""The Dynamo map in the shape the client draws (engine.mapdata.HexMapData)."""

from __future__ import annotations

from functools import cache

from wargames_tui.engine.mapdata import HexCell, HexMapData, side_hexes
from wargames_tui.games.dynamo.data import load_map

LOOK = {  # terrain -> (glyph, colour)
    "clear": (".", "#c8d8a0"),
    "broken": ("^", "#a89a6a"),
    "watergangs": ("w", "#8fc0b8"),
    "marsh": ("~", "#6f9f8f"),
    "urban": ("#", "#d0a0a0"),
}


@cache
def hex_map_data() -> HexMapData:
    m = load_map()
    cells = {}
    for h, t in m.terrain.items():
        glyph, colour = LOOK[t]
        place = m.places.get(h)
        names = (place.name,) if place else ()
        names += m.villages.get(h, ())
        label = place.name[:4] if place else ""
        features = ("village",) if h in m.villages else ()
        if h in m.coastal:
            features += ("coast",)
        across = side_hexes(m.grid, h)
        sides = tuple("river" if o and frozenset((h, o)) in m.barriers else None for o in across)
        cells[h] = HexCell(t, glyph, colour, label, names, False, features, sides=sides, across=across)
    for h in m.grid.all_hexes():
        if h not in cells and int(h[:2]) >= m.first_column:  # the Channel; nothing left of the printed map
            cells[h] = HexCell("sea", "=", "#4a6a9a", "")
    legend = tuple((g, t, c) for t, (g, c) in LOOK.items()) + (("=", "sea", "#4a6a9a"),)
    return HexMapData(m.grid, dict(m.compass), cells, legend, first_column=m.first_column)
