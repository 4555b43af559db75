import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames_tui.engine.hexgrid import HexGrid, hex_id, parse_hex


def test_neighbours_even_columns_low():
    grid = HexGrid(10, 10, "even")
    # Column 04 is drawn lower: its side neighbours are on its own row and the row below.
    assert sorted(grid.neighbours("0405")) == sorted(["0404", "0406", "0305", "0306", "0505", "0506"])
    # Column 03 is drawn higher: side neighbours on its own row and the row above.
    assert sorted(grid.neighbours("0305")) == sorted(["0304", "0306", "0204", "0205", "0404", "0405"])


def test_neighbours_odd_columns_low():
    grid = HexGrid(10, 10, "odd")
    assert sorted(grid.neighbours("0305")) == sorted(["0304", "0306", "0205", "0206", "0405", "0406"])
    assert sorted(grid.neighbours("0405")) == sorted(["0404", "0406", "0304", "0305", "0504", "0505"])


def test_neighbours_stop_at_the_map_edge():
    grid = HexGrid(5, 5, "even")
    assert sorted(grid.neighbours("0101")) == ["0102", "0201"]  # 0101 sits higher than 0201
    assert all(grid.contains(h) for h in grid.neighbours("0505"))


def test_neighbourhood_is_symmetric_in_both_orientations():
    for low in ("even", "odd"):
        grid = HexGrid(8, 8, low)
        for h in grid.all_hexes():
            for n in grid.neighbours(h):
                assert h in grid.neighbours(n)


hexes = st.tuples(st.integers(1, 12), st.integers(1, 12)).map(lambda cr: hex_id(*cr))


@given(hexes, hexes, st.sampled_from(["even", "odd"]))
def test_distance_is_a_metric_consistent_with_neighbours(a, b, low):
    grid = HexGrid(12, 12, low)
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)
    for n in grid.neighbours(a):
        assert grid.distance(a, n) == 1
        assert abs(grid.distance(n, b) - grid.distance(a, b)) <= 1


@given(hexes, st.integers(0, 5), st.sampled_from(["even", "odd"]))
def test_within_holds_every_hex_near_enough_and_no_other(h, radius, low):
    grid = HexGrid(12, 12, low)
    assert grid.within(h, radius) == {b for b in grid.all_hexes() if grid.distance(h, b) <= radius}


def test_distance_along_a_column_and_across():
    grid = HexGrid(20, 20, "even")
    assert grid.distance("0101", "0110") == 9
    assert grid.distance("0101", "0501") == 4  # zig-zag across columns
    assert grid.distance("0101", "0503") == 4


def test_hex_ids_are_four_digits():
    assert parse_hex("0402") == (4, 2)
    assert hex_id(4, 2) == "0402"
    with pytest.raises(ValueError):
        parse_hex("402")
    assert not HexGrid(5, 5).contains("0600")


def test_edges_of_the_printed_map():
    grid = HexGrid(3, 4)
    assert grid.edge_hexes("bottom") == ["0104", "0204", "0304"]
    assert grid.edge_hexes("left") == ["0101", "0102", "0103", "0104"]


def test_hexside_features_are_unordered():
    grid = HexGrid(4, 4, hexsides={frozenset(("0101", "0102")): frozenset({"river"})})
    assert grid.side_features("0102", "0101") == {"river"}
    assert grid.side_features("0101", "0201") == frozenset()


def test_opposite_neighbours_face_each_other():
    for low in ("even", "odd"):
        grid = HexGrid(9, 9, low)
        for h in ("0505", "0405"):
            pairs = grid.opposite_pairs(h)
            assert len(pairs) == 3
            for a, b in pairs:
                assert a in grid.neighbours(h) and b in grid.neighbours(h)
                assert grid.distance(a, b) == 2
