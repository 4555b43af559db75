import pytest

from wargames_tui.engine.areas import AreaGraph, Kind


def coast() -> AreaGraph:
    g = AreaGraph(
        {
            "road": Kind("road", 1),
            "track": Kind("track", 2),
            "sea": Kind("sea", 1, movers=frozenset({"craft"})),
            "fire-only": Kind("fire-only", None),
        }
    )
    g.connect("ship", "beach", "sea")
    g.connect("beach", "gully", "track")
    g.connect("beach", "village", "road")
    g.connect("village", "battery", "road")
    g.connect("gully", "battery", "road")
    g.connect("cliff", "beach", "fire-only")
    return g


def test_costs_follow_connection_kinds():
    g = coast()
    assert g.costs_from("beach", "infantry") == {"beach": 0, "village": 1, "battery": 2, "gully": 2}
    assert g.costs_from("beach", "infantry", budget=1) == {"beach": 0, "village": 1}


def test_only_named_movers_cross_a_restricted_connection():
    g = coast()
    assert g.step_cost("ship", "beach", "infantry") is None
    assert g.step_cost("ship", "beach", "craft") == 1
    assert "beach" in g.costs_from("ship", "craft")


def test_fire_only_connections_count_for_range_not_movement():
    g = coast()
    assert g.step_cost("cliff", "beach", "infantry") is None
    assert g.radius("cliff", "village") == 2
    assert g.radius("cliff", "village", carries=lambda k: k.cost is not None) is None
    assert set(g.within("beach", 1)) == {"beach", "ship", "gully", "village", "cliff"}


def test_avoided_areas_force_a_detour():
    g = coast()
    assert g.costs_from("beach", "infantry", avoid=lambda a: a == "village")["battery"] == 3


def test_unknown_kind_is_refused():
    with pytest.raises(KeyError):
        coast().connect("a", "b", "tunnel")
