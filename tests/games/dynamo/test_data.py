"""The scenario files: they load, honour the printed facts, and report errors clearly."""

from __future__ import annotations

from pathlib import Path

import pytest

from wargames_tui.engine.datafiles import DataFileError, load_toml
from wargames_tui.games.dynamo import data
from wargames_tui.games.dynamo.data import load_game, load_map

GAME = load_game("dynamo/campaign")


@pytest.mark.rules("dynamo:7.2")
def test_hexes_of_the_stacking_example_are_adjacent() -> None:
    assert "2417" in GAME.map.grid.neighbours("2316")


@pytest.mark.rules("dynamo:9.6")
def test_the_printed_all_sea_hexside_blocks_movement_and_zones() -> None:
    m = GAME.map
    assert frozenset(("1308", "1408")) in m.all_sea
    assert "1408" not in m.neighbours["1308"]


@pytest.mark.rules("dynamo:16.17")
def test_hex_2711_has_two_villages() -> None:
    assert len(GAME.map.villages["2711"]) == 2


@pytest.mark.rules("dynamo:6.9")
def test_there_are_three_marsh_hexes() -> None:
    assert sum(1 for t in GAME.map.terrain.values() if t == "marsh") == 3


@pytest.mark.rules("dynamo:19.1")
def test_german_edge_runs_from_3413_to_the_corner_and_to_2221() -> None:
    edge = GAME.edge(GAME.rules.edges.german)
    assert edge[0] == "3413" and "3421" in edge and edge[-1] == "2221"
    assert len(edge) == 9 + 13 - 1


@pytest.mark.rules("dynamo:19.3")
def test_allied_south_edge_runs_from_1010_to_1021_to_2121() -> None:
    edge = GAME.edge(GAME.rules.edges.allied_south)
    assert edge[0] == "1010" and "1021" in edge and edge[-1] == "2121"
    assert GAME.edge(GAME.rules.edges.allied_belgian) == [f"34{r:02d}" for r in range(6, 13)]


@pytest.mark.rules("dynamo:20.1")
def test_withdrawal_stretch_is_five_hexes() -> None:
    assert GAME.edge(GAME.rules.edges.withdrawal) == ["2221", "2321", "2421", "2521", "2621"]


@pytest.mark.rules("dynamo:2.2")
def test_gross_deutschland_is_2_3_10_entering_on_turn_2() -> None:
    gd = GAME.units["g-gd"]
    assert gd.steps == ((2, 3),) and gd.move == 10 and gd.turn == 2 and gd.korps == "19"


@pytest.mark.rules("dynamo:17.4")
def test_first_panzer_reduces_through_four_steps() -> None:
    assert GAME.units["g-1pz"].steps == ((12, 7), (9, 5), (6, 3), (1, 1))
    assert len(GAME.units["g-9pz"].steps) == 3
    assert all(len(GAME.units[f"g-{n}pz"].steps) == 4 for n in (1, 2, 3, 4, 5, 6, 7, 8, 10))


@pytest.mark.rules("dynamo:24.2")
def test_reduced_strengths_printed_for_scenario_two() -> None:
    assert GAME.units["g-2pz"].steps[2] == (6, 3)
    assert GAME.units["g-5pz"].steps[2] == (7, 4)


@pytest.mark.rules("dynamo:17.3")
def test_german_infantry_division_is_6_8_6_then_3_4_6() -> None:
    inf = [u for u in GAME.units.values() if u.type == "infantry" and u.side == "german"]
    assert inf and all(u.steps == ((6, 8), (3, 4)) and u.move == 6 for u in inf)


@pytest.mark.rules("dynamo:17.2")
def test_units_of_attack_three_or_less_have_one_step() -> None:
    for u in GAME.units.values():
        if u.type not in ("dummy", "panzer") and u.steps[0][0] <= 3:
            assert len(u.steps) == 1, u.id


@pytest.mark.rules("dynamo:18.4")
def test_twelve_british_and_three_french_task_forces() -> None:
    tfs = [u for u in GAME.units.values() if u.task_force]
    assert sum(u.nation == "british" for u in tfs) == 12
    assert sum(u.nation == "french" for u in tfs) == 3
    assert all(u.steps == ((1, 2),) for u in tfs if u.nation == "british")


@pytest.mark.rules("dynamo:11.1")
def test_dummy_counts() -> None:
    dummies = [u for u in GAME.units.values() if u.dummy]
    assert sorted((u.nation, 1) for u in dummies).count(("british", 1)) == 3
    assert sum(u.nation == "french" for u in dummies) == 3
    assert sum(u.side == "german" for u in dummies) == 4


@pytest.mark.rules("dynamo:7.6")
def test_stacking_values() -> None:
    u = GAME.units
    assert u["g-1pz"].stacking == 6
    assert u["g-12id"].stacking == 4 and u["b-1"].stacking == 4
    assert u["g-1pz-a"].stacking == 3
    assert u["b-1aa"].stacking == 1
    assert u["g-gd"].stacking == 2 and u["g-1flak"].stacking == 2
    assert u["g-dummy1"].stacking == 0


@pytest.mark.rules("dynamo:2.4")
def test_moto_mech_and_straight_leg() -> None:
    u = GAME.units
    assert u["g-1pz"].moto and u["g-1pz-a"].moto and u["f-1dlm"].moto and u["g-2mot"].moto and u["g-1flak"].moto
    assert not u["g-12id"].moto and not u["f-3cav"].moto and not u["f-101dif"].moto and not u["g-1geb"].moto


def test_errata_unnamed_british_task_forces_and_4th_flak_are_motorized() -> None:
    u = GAME.units
    assert all(u[f"b-tf{i}"].moto for i in range(1, 6))
    assert u["b-4aa"].moto


@pytest.mark.rules("dynamo:13.1")
def test_korps_designations() -> None:
    korps = {uid: u.korps for uid, u in GAME.units.items() if u.type == "panzer"}
    assert korps == {
        "g-1pz": "19", "g-2pz": "19", "g-10pz": "19", "g-3pz": "16", "g-4pz": "16",
        "g-5pz": "15", "g-7pz": "15", "g-6pz": "41", "g-8pz": "41", "g-9pz": None,
    }


@pytest.mark.rules("dynamo:22.5")
def test_victory_levels_as_printed() -> None:
    levels = [(lv.at_least, lv.winner, lv.level) for lv in GAME.rules.levels["campaign"]]
    assert [x[0] for x in levels] == [3.0, 2.0, 1.5, 1.0, 0.5, 0.0]


def test_scenario_ii_hexes_are_land_and_moto_units_avoid_marsh() -> None:
    g = load_game("dynamo/no-halt-order")
    for p in g.scenario.german:
        assert p.hex in g.map.terrain
        assert not (g.units[p.unit].moto and g.map.terrain[p.hex] == "marsh")


def test_ports_are_where_scenario_ii_puts_their_garrisons() -> None:
    names = {p.name: h for h, p in load_map().places.items() if p.kind == "port"}
    assert names == {"Boulogne": "1903", "Calais": "2402", "Dunkirk": "2904"}


def test_bad_unit_file_names_file_entry_and_cause(tmp_path: Path) -> None:
    bad = tmp_path / "units.toml"
    bad.write_text('[[unit]]\nid = "x-1"\nside = "martian"\nnation = "german"\nname = "X"\nshort = "X"\n'
                   'type = "panzer"\nsize = "xx"\nsteps = [[1, 1]]\nmove = 4\n')
    with pytest.raises(DataFileError) as err:
        load_toml(bad, data.UnitsFile)
    assert "units.toml" in str(err.value) and "'x-1'" in str(err.value) and "side" in str(err.value)


def test_crt_checks_its_shape(tmp_path: Path) -> None:
    bad = tmp_path / "crt.toml"
    bad.write_text('die = [1, 2]\nresults = [["1/1"]]\n[terrain]\nclear = ["1-1"]\n')
    with pytest.raises(DataFileError, match="result rows"):
        load_toml(bad, data.CrtFile)
