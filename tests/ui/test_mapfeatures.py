"""Rivers, cliffs, railroads and roads: filled in from the scenario, drawn on the map, named in the Hex panel."""

from __future__ import annotations

from pathlib import Path

from rich.color import Color as RichColor

from tests.ui.helpers import SIZE, goto, make_app, play_screen, start, sync
from wargames_tui.games.panzer_corps.mapview import hex_map_data
from wargames_tui.hexdraw import cell_origin
from wargames_tui.ui.widgets.hexmap import SIDE_COLOURS, HexMap
from wargames_tui.ui.widgets.stack import StackPanel

ABOVE, BELOW, UPPER_RIGHT, LOWER_LEFT = 1, 4, 2, 3


def test_dunkerque_meuse_hexside():
    cells = hex_map_data("panzer-corps/dunkerque").cells
    # ["2204", "2205"]: 2205 lies below 2204; ["2105", "2204"]: 2204 is upper-right of 2105.
    assert cells["2204"].sides[BELOW] == "river" and cells["2204"].across[BELOW] == "2205"
    assert cells["2205"].sides[ABOVE] == "river" and cells["2205"].across[ABOVE] == "2204"
    assert cells["2105"].sides[UPPER_RIGHT] == "river" and cells["2105"].across[UPPER_RIGHT] == "2204"
    assert cells["2204"].sides[LOWER_LEFT] == "river" and cells["2204"].across[LOWER_LEFT] == "2105"


def test_operation_compass_cliff_and_lines():
    cells = hex_map_data("panzer-corps/operation-compass").cells
    # ["0109", "0110"]: 0110 lies below 0109.
    assert cells["0109"].sides[BELOW] == "cliff"
    assert cells["0110"].sides[ABOVE] == "cliff"
    assert ("cliff", ["0109", "0209"]) in cells["0110"].side_list()
    assert "road" in cells["0107"].lines
    assert "lane" in cells["1802"].lines


def test_kharkov_railroads_and_el_alamein_road():
    kharkov = hex_map_data("panzer-corps/kharkov").cells
    assert sum("main" in c.lines for c in kharkov.values()) > 20
    assert any("branch" in c.lines for c in kharkov.values())
    assert any("major-river" in c.sides for c in kharkov.values())
    alamein = hex_map_data("panzer-corps/el-alamein").cells
    assert any("road" in c.lines and c.road for c in alamein.values())


def _bg_at(strip, x: int) -> RichColor | None:
    for seg in strip:
        if x < len(seg.text):
            return seg.style.bgcolor
        x -= len(seg.text)
    return None


@sync
async def test_river_edges_coloured_and_listed_in_the_hex_panel(save_dir: Path) -> None:
    app = make_app(save_dir, start("dunkerque"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        data = hexmap.data
        river = SIDE_COLOURS["river"][0].rich_color
        x, y = cell_origin(data, "2204")
        bottom = hexmap._build_line(y + 1)
        # Below 2204 is the Meuse (chars 1-2) and so is its lower-left edge (char 0); lower-right is not.
        assert [_bg_at(bottom, x + i) == river for i in range(4)] == [True, True, True, False]
        x2, y2 = cell_origin(data, "2205")
        assert _bg_at(hexmap._build_line(y2), x2 + 1) == river
        await goto(pilot, app, "2105")
        text = str(play_screen(app).query_one(StackPanel).render())
        assert "river to 2004, 2104, 2204" in text


@sync
async def test_railroad_glyphs_on_empty_hexes(save_dir: Path) -> None:
    app = make_app(save_dir, start("kharkov"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        data = hexmap.data
        rail = next(
            h for h, c in sorted(data.cells.items())
            if "main" in c.lines and c.glyph == "." and h not in hexmap.counters and h not in hexmap.held
        )
        x, y = cell_origin(data, rail)
        line = "".join(seg.text for seg in hexmap._build_line(y + 1))
        assert line[x : x + 4] == "╪╪╪╪"
