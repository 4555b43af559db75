"""What an action names on the map, read from its fields (docs/GAMES.md, "The hex screen's vocabulary")."""

from wargames_tui.ui.actionfields import (
    group_field,
    group_of,
    hexes_named,
    is_bare,
    same_but_path,
    units_named,
    with_group,
)


def test_hexes_named_by_hex_to_hexes_and_the_end_of_a_path() -> None:
    assert hexes_named({"type": "go", "hex": "1717"}) == ["1717"]
    assert hexes_named({"type": "strategic", "unit": "u", "to": "2020"}) == ["2020"]
    assert hexes_named({"type": "assault", "attackers": ["a"], "hexes": ["2116", "2117"]}) == ["2116", "2117"]
    assert hexes_named({"type": "move", "unit": "u", "path": ["0101", "0102", "0103"]}) == ["0103"]
    # A count is not a hex: Dynamo's retreat-all names how many hexes, not which.
    assert hexes_named({"type": "retreat-all", "hexes": 3}) == []
    assert hexes_named({"type": "move", "unit": "u", "path": []}) == []


def test_units_named_and_the_gathered_group() -> None:
    select = {"type": "select", "units": ["a", "b"]}
    move = {"type": "move", "unit": "a", "units": ["a", "b"], "path": ["0102"]}
    attack = {"type": "attack", "hex": "3814", "attackers": ["x", "y"]}
    assert units_named(select) == ["a", "b"] and units_named(move) == ["a", "b"]
    assert group_field(select) is None  # names no hex: the units are what it acts on, not a group
    assert group_field(move) == "units" and group_of(move) == {"a", "b"}
    assert group_field(attack) == "attackers" and units_named(attack) == []
    assert with_group(attack, ["y"]) == {"type": "attack", "hex": "3814", "attackers": ["y"]}


def test_bare_actions_name_nothing_on_the_map() -> None:
    assert is_bare({"type": "end-phase"}) and is_bare({"type": "raf", "count": 1})
    assert not is_bare({"type": "lose", "unit": "u"}) and not is_bare({"type": "go", "hex": "0101"})


def test_actions_that_differ_only_in_their_path_count_once() -> None:
    a = {"type": "move", "unit": "u", "path": ["0102", "0103"]}
    b = {"type": "move", "unit": "u", "path": ["0202", "0103"]}
    c = {"type": "move", "unit": "v", "path": ["0102", "0103"]}
    assert same_but_path([a, b, c]) == [a, c]


def test_a_sketch_at_a_place_no_action_names_is_of_the_picked_units_or_of_the_only_ones() -> None:
    from wargames_tui.ui.actionfields import sketch_at

    goes = [{"type": "go", "hex": "1717"}, {"type": "go", "hex": "1718"}, {"type": "blitz", "hex": "2116"}]
    assert sketch_at(goes, "2608") == {"type": "go", "hex": "2608"}
    setups = [{"type": "setup", "unit": "fr-1c", "to": "ABB"}, {"type": "setup", "unit": "fr-1c", "to": "AMI"}]
    assert sketch_at(setups, "BRA") == {"type": "setup", "unit": "fr-1c", "to": "BRA"}
    moves = [{"type": "move", "units": ["a"], "to": "X"}, {"type": "move", "units": ["b"], "to": "Y"}]
    assert sketch_at(moves, "Z") is None  # whose move? nobody picked
    assert sketch_at(moves, "Z", ["b"]) == {"type": "move", "units": ["b"], "to": "Z"}
    assert sketch_at([{"type": "move", "unit": "a", "path": ["0101"]}], "0102", ["a"]) is None
