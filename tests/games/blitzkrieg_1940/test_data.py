"""The printed facts of the rulebook in the reconstructed data."""

from pathlib import Path

import pytest

from wargames_tui.engine.datafiles import DataFileError, load_toml
from wargames_tui.games.blitzkrieg_1940 import combat, sequence
from wargames_tui.games.blitzkrieg_1940.data import (
    FOLDER,
    MapFile,
    UnitsFile,
    engine_hex,
    printed,
)
from wargames_tui.games.blitzkrieg_1940.position import Position

from .helpers import S39, S40, H, bare, board


@pytest.mark.rules("blitzkrieg-1940:2.2")
def test_the_two_maps_join_as_printed():
    assert engine_hex("W6000") == engine_hex("E1013")
    assert engine_hex("W6022") == engine_hex("E1035")
    assert printed(engine_hex("W6022")) == "E1035"


@pytest.mark.rules("blitzkrieg-1940:2.3")
def test_printed_places():
    b = board()
    assert b.cities["St. Quentin"] == (H("W5411"),)
    assert b.cities["Châlons-en-Champagne"] == (H("E1035"),)
    for port, label in (("Boulogne", "W4901"), ("Calais", "W5200"), ("Dunkirk", "W5600")):
        assert b.cities[port][0] == H(label) and port in b.ports


@pytest.mark.rules("blitzkrieg-1940:9.2")
def test_the_zoc_example_of_hex_2013():
    # A unit in 2013 exerts its zone of control only into 2014 and 2113.
    state = bare({"nl-d": "E2013"}, phase="allied-movement")
    assert Position(state).zoc_of("allied") == {H("E2014"), H("E2113")}


@pytest.mark.rules("blitzkrieg-1940:6.5")
def test_the_ardennes_example_hexes():
    from wargames_tui.games.blitzkrieg_1940.setup import interior

    p = Position(bare({}))
    assert interior(p, H("E1928"))
    for label in ("E1828", "E1829", "E1728"):
        assert p.b.terrain[H(label)] == "ardennes" and not interior(p, H(label))


def test_special_hexes_as_printed():
    b = board()
    # blitzkrieg-1940:4.7
    assert [printed(h) for h in b.maginot_border] == ["E2539", "E2840", "E2940", "E3143"]
    # blitzkrieg-1940:13.14
    assert {printed(h) for h in b.sarreguemines} == {"E2639", "E2739"}
    # blitzkrieg-1940:13.15
    assert {printed(h) for h in b.dams} == {"E2925", "E2926", "E3026"}
    assert frozenset((H("E2925"), H("E3026"))) in b.roer and frozenset((H("E2821"), H("E2920"))) in b.roer
    # blitzkrieg-1940:8.12
    assert {printed(h) for h in b.maastricht} == {"E2522", "E2622", "E2623", "E2721", "E2722"}
    assert all(b.country[h] == "Holland" for h in b.maastricht)
    # blitzkrieg-1940:13.13
    assert b.sides[frozenset((H("E2213"), H("E2214")))] == "causeway"


@pytest.mark.rules("blitzkrieg-1940:14.16")
def test_forts_where_the_rules_put_them():
    b = board()
    at = {}
    for u in b.units.values():
        if u.fort:
            at.setdefault(printed(u.hex), []).append(u)
    assert at["E2423"][0].name == "Eben Emael" and at["E2423"][0].steps[0][1] == "+6"
    for label in ("E2539", "E2840", "E2940", "E3143", "E1735", "E2135", "E2137", "E2236", "E2336"):
        assert label in at
    for u in b.units.values():
        if u.type == "large-fort":
            assert u.steps[0][1] == "+6"
        if u.type == "small-fort":
            assert u.steps[0][1] == "0"


@pytest.mark.rules("blitzkrieg-1940:10.7")
def test_french_supply_edge():
    edge = {printed(h) for h in board().french_edge}
    assert {"W4404", "W4428", "E3244"} <= edge
    assert "W4403" not in edge and "E3344" not in edge


@pytest.mark.rules("blitzkrieg-1940:10.9")
def test_german_supply_edge_and_ruhr():
    b = board()
    assert {printed(h) for h in b.german_edge} == {f"E42{r:02d}" for r in range(10, 45)}
    assert any(b.grid.distance(h, H("E3719")) <= 2 for h in b.ruhr)


@pytest.mark.rules("blitzkrieg-1940:2.5")
def test_the_sample_unit():
    u = board().units["de-10sr"]
    assert u.steps[0] == ("8", "10", 6) and len(u.steps) == 2 and u.setup == "SR"


@pytest.mark.rules("blitzkrieg-1940:2.11")
def test_volatile_units_by_scenario():
    b40, b39 = board(S40), board(S39)
    assert all(u.volatile for u in b40.units.values() if u.side == "allied" and not u.dummy)
    german_volatile = sorted(u.id for u in b40.units.values() if u.side == "german" and u.volatile)
    assert german_volatile == ["de-coup1", "de-coup2", "de-coup3", "de-coup4", "de-coup5", "de-sstk"]
    assert not any(u.volatile for u in b39.units.values() if u.side == "allied")
    steady = sorted(u.id for u in b39.units.values() if u.side == "german" and not u.volatile)
    assert steady == ["de39-17inf", "de39-18inf"]


@pytest.mark.rules("blitzkrieg-1940:2.14")
def test_panzer_divisions_have_four_steps():
    b = board()
    panzers = [u for u in b.units.values() if u.type == "panzer"]
    assert len(panzers) == 10 and all(len(u.steps) == 4 for u in panzers)
    assert not any(u.type == "panzer" for u in board(S39).units.values())


@pytest.mark.rules("blitzkrieg-1940:3.4")
def test_starting_steps():
    s40 = sequence.new_state(S40, {})
    assert all(st.steps == len(board().units[u].steps) for u, st in s40.units.items())
    two = sorted(u for u, x in board(S39).units.items() if len(x.steps) == 2)
    assert two == ["de39-17inf", "de39-18inf"]


@pytest.mark.rules("blitzkrieg-1940:3.3")
def test_1939_uses_only_french_and_german_units():
    b = board(S39)
    assert {u.nation for u in b.units.values()} == {"french", "german"}
    assert not any(u.fort for u in b.units.values())
    assert all(u.hex is not None for u in b.units.values() if u.setup == "map")


@pytest.mark.rules("blitzkrieg-1940:3.1")
def test_1940_allied_units_start_on_their_hexes():
    state = sequence.new_state(S40, {})
    b = board()
    for uid, u in b.units.items():
        if u.side == "allied" and u.setup == "map":
            assert state.units[uid].hex == u.hex and state.units[uid].status == "map"
        if u.side == "german" and u.setup == "germany":
            assert state.units[uid].status == "pool" and b.country[u.hex] == "Germany"


@pytest.mark.rules("blitzkrieg-1940:7.1")
def test_five_coups():
    coups = [u for u in board().units.values() if u.coup]
    assert len(coups) == 5
    assert all(u.stack == 1 and len(u.steps) == 1 and u.steps[0][0] == "0" for u in coups)


@pytest.mark.rules("blitzkrieg-1940:11.1")
def test_stacking_values():
    b = board()
    assert b.game.stacking["limit"] == 12 and b.game.stacking["XX"] == 3
    assert b.units["nl-a"].stack == 1 and b.units["gb-frank"].stack == 1 and b.units["de-dm1"].stack == 0


@pytest.mark.rules("blitzkrieg-1940:12.4")
def test_emergency_units():
    b = board()
    assert sorted(u.id for u in b.units.values() if u.eru) == ["gb-frank", "gb-mac", "gb-usher"]
    assert all(u.setup == "8*" and u.steps[0][:2] == ("-", "0") for u in b.units.values() if u.eru)
    assert b.units["gb-bauman"].setup == "8"


@pytest.mark.rules("blitzkrieg-1940:8.7")
def test_antwerp_has_three_hexes_and_paris_six_or_more():
    b = board()
    assert len(b.cities["Antwerp"]) == 3
    assert len(b.cities["Paris"]) >= 6  # the table of 8.8 runs to 6+


@pytest.mark.rules("blitzkrieg-1940:14.9")
def test_crt_printed_cell():
    crt = board().game.crt
    assert crt.columns[0] == "1:3" and crt.columns[-1] == "6:1"
    assert crt.rows[crt.die.index(4)][crt.columns.index("3:1")] == "1/2"
    assert crt.automatic == "0/3"


def test_printed_tables():
    t = board().game.tables
    assert t.coup_survival == [5, 4, 3, 2, 1]  # blitzkrieg-1940:7.2
    assert t.paris_morale == ["rally", "rally", "none", "none", "defeatism", "defeatism"]  # blitzkrieg-1940:7.7
    assert t.french_capitulation == [1, 2, 3, 4, 5, 6]  # blitzkrieg-1940:8.8
    assert (t.bef_never, t.bef_always, t.bef_losses) == (14, 20, {15: 1, 16: 2, 17: 3, 18: 4, 19: 5})  # blitzkrieg-1940:4.9
    assert (t.german_never, t.german_always) == (49, 70)  # blitzkrieg-1940:4.10
    assert t.german_losses == {50: 1, 54: 2, 58: 3, 62: 4, 66: 5}


def test_a_bad_file_names_file_entry_and_cause(tmp_path: Path):
    text = (FOLDER / "units_1939.toml").read_text().replace('"5", "6", 4', '"five", "6", 4', 1)
    bad = tmp_path / "units_1939.toml"
    bad.write_text(text)
    with pytest.raises(DataFileError) as err:
        load_toml(bad, UnitsFile)
    assert "units_1939.toml" in str(err.value) and "fr39-11di" in str(err.value) and "five" in str(err.value)
    grid = (FOLDER / "map.toml").read_text().replace("terrain = \"\"\"\n_", "terrain = \"\"\"\n?", 1)
    (tmp_path / "map.toml").write_text(grid)
    with pytest.raises(DataFileError, match="unknown characters"):
        load_toml(tmp_path / "map.toml", MapFile)


def test_volatile_factor_words():
    assert combat.volatile("+2") and combat.volatile("-1") and combat.volatile("0")
    assert not combat.volatile("8") and not combat.volatile("-")


def test_a_move_names_its_length_in_hex_or_hexes():
    from wargames_tui.games.blitzkrieg_1940.present import WORDS

    view = {"units": [{"id": "pz1", "name": "1st Panzer Div", "factors": "16-12-10"}]}
    one, two = ({"type": "move", "units": ["pz1"], "path": path} for path in (["2929"], ["2929", "2930"]))
    assert WORDS["move"](one, view).endswith("(1 hex)")
    assert WORDS["move"](two, view).endswith("(2 hexes)")
