"""Which neighbour touches each edge position of a drawn hex cell (mapdata.side_hexes)."""

import pytest

from wargames_tui.engine.hexgrid import HexGrid
from wargames_tui.engine.mapdata import SIDE_NAMES, HexCell, HexMapData, side_hexes
from wargames_tui.hexdraw import CELL_H, CELL_W, cell_origin, map_line, map_size


def test_side_order_is_documented():
    assert SIDE_NAMES == ("upper-left", "above", "upper-right", "lower-left", "below", "lower-right")


def test_lowered_column():
    grid = HexGrid(10, 10, "even")
    # Column 04 is a line lower: its side neighbours are in its own row (upper) and the next (lower).
    assert side_hexes(grid, "0405") == ("0305", "0404", "0505", "0306", "0406", "0506")


def test_raised_column():
    grid = HexGrid(10, 10, "even")
    # Column 03 is a line higher: its side neighbours are in the row before (upper) and its own (lower).
    assert side_hexes(grid, "0305") == ("0204", "0304", "0404", "0205", "0306", "0405")


def test_odd_columns_low():
    grid = HexGrid(10, 10, "odd")
    assert side_hexes(grid, "0305") == ("0205", "0304", "0405", "0206", "0306", "0406")
    assert side_hexes(grid, "0405") == ("0304", "0404", "0504", "0305", "0406", "0505")


def test_off_map_neighbours_are_none():
    grid = HexGrid(5, 5, "even")
    assert side_hexes(grid, "0101") == (None, None, None, None, "0102", "0201")  # 0101 sits higher


@pytest.mark.parametrize("low", ["even", "odd"])
def test_each_position_touches_its_neighbour_on_the_drawn_map(low: str):
    """The neighbour named for an edge position is the cell drawn right next to those characters."""
    grid = HexGrid(8, 8, low)
    data = HexMapData(grid, {}, {}, ())

    def cell_at(x: int, y: int) -> str | None:
        for h in grid.all_hexes():
            cx, cy = cell_origin(data, h)
            if cx <= x < cx + CELL_W and cy <= y < cy + CELL_H:
                return h
        return None

    for h in grid.all_hexes():
        x, y = cell_origin(data, h)
        touching = (
            cell_at(x - 1, y),  # left of the top line's first character
            cell_at(x + 1, y - 1),  # over the top line's middle
            cell_at(x + CELL_W, y),  # right of the top line's last character
            cell_at(x - 1, y + 1),  # left of the bottom line
            cell_at(x + 1, y + CELL_H),  # under the bottom line's middle
            cell_at(x + CELL_W, y + 1),  # right of the bottom line
        )
        assert side_hexes(grid, h) == touching, h
        assert sorted(n for n in touching if n) == sorted(grid.neighbours(h))


def test_side_list_groups_kinds():
    cell = HexCell(
        "Clear", ".", "#fff",
        sides=("river", None, "cliff", "river", None, None),
        across=("0204", "0304", "0404", "0205", "0306", "0405"),
    )
    assert cell.side_list() == [("river", ["0204", "0205"]), ("cliff", ["0404"])]


def _grid_data(blank_columns: int, blank_rows: int = 0, **kwargs) -> HexMapData:
    """A 6x4 map whose first columns (and rows) draw nothing, as a map printed from column 3 does."""
    grid = HexGrid(6, 4, "even")
    cells = {}
    for h in grid.all_hexes():
        col, row = int(h[:2]), int(h[2:])
        empty = col <= blank_columns or row <= blank_rows
        cells[h] = HexCell("off", " ", "#000000", " ") if empty else HexCell("clear", ".", "#c8d8a0")
    return HexMapData(grid, {}, cells, (), **kwargs)


def test_leading_columns_that_draw_nothing_are_not_drawn():
    data = _grid_data(2)
    assert data.origin == (3, 1)
    assert cell_origin(data, "0301") == (0, 0)
    assert cell_origin(data, "0401") == (CELL_W, 1)  # column 04 is lowered
    assert map_size(data) == (4 * CELL_W, 4 * CELL_H + 1)
    assert [s.hex for s in map_line(data, 0, {})] == ["0301", None, "0501", None]
    assert not data.drawn("0201") and data.drawn("0301")


def test_leading_rows_that_draw_nothing_are_not_drawn():
    data = _grid_data(0, blank_rows=1)
    assert data.origin == (1, 2)
    assert cell_origin(data, "0102") == (0, 0)
    assert map_size(data) == (6 * CELL_W, 3 * CELL_H + 1)


def test_the_map_data_may_name_its_first_printed_column():
    data = _grid_data(0, first_column=2)
    assert data.origin == (2, 1)
    assert map_line(data, 1, {})[0].hex == "0201"  # column 02 is lowered: its cell starts a line down


def test_a_full_map_starts_at_its_first_hex():
    assert _grid_data(0).origin == (1, 1)
