"""The scenario files: what the rules print is there, and bad data is refused with its place."""

import shutil

import pytest

from wargames_tui.engine.datafiles import DataFileError
from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.data import FOLDER, load_scenario

S = load_scenario()


@pytest.mark.rules("betrayal:1.4")
def test_german_areas_are_numbered_the_others_named():
    borders = sorted(a for a, area in S.areas.items() if area.country == "G")
    assert borders == ["1", "2", "3", "4", "5", "6"]
    named = ["Rotterdam", "Louvain", "Brussels", "Ghent", "Liege", "Dinant", "Ardennes", "Luxembourg", "Lille", "Arras",
             "Amiens", "Abbeville", "Metz", "Soissons", "Dunkirk", "Cambrai", "Sedan", "Longwy", "Strassbourg", "Nancy",
             "Epinal", "Colmar", "Reims", "Verdun", "Paris", "Calais", "Rouen"]
    assert set(named) <= {a.name for a in S.areas.values()}


@pytest.mark.rules("betrayal:1.3")
def test_the_markers_show_in_the_view():
    view = game.view(game.new("betrayal/historical", {}), None)
    assert view["republic"] == {"zone": "PAR", "holder": None}  # Paris is empty: nobody holds it yet
    assert view["turn"] == 1 and view["communication"] == "yes" and view["penalties"] == {"french": [], "british": []}


def test_printed_values_of_the_examples():
    u = S.units
    assert (u["de-1pz"].attack, u["de-1pz"].defence, u["de-1pz"].move, u["de-1pz"].reduced) == (9, 7, 2, (7, 6))
    assert (u["de-7k"].attack, u["de-7k"].defence, u["de-7k"].move, u["de-7k"].reduced) == (5, 4, 1, (4, 3))
    assert (u["fr-1c"].attack, u["fr-1c"].defence, u["fr-1c"].move) == (3, 2, 1)
    assert (u["fr-10c"].attack, u["fr-10c"].defence, u["fr-10c"].move) == (2, 2, 1)
    assert (u["br-1"].attack, u["br-1"].defence, u["br-1"].move) == (2, 2, 2)
    assert u["br-aasf"].bombard[0] == 2 and u["de-bomber"].support == (3, 2)
    assert max(u["de-7ab"].drop, u["de-22al"].drop) == 8
    assert {r: S.tables.crt.rows[r][S.tables.crt.columns.index("2:1")] for r in (7,)} == {7: "PX"}
    assert S.tables.bombardment.rows[2][5] == "W" and S.tables.bombardment.allied_drm == -1


def test_a_broken_file_is_refused_with_its_file_entry_and_cause(tmp_path):
    folder = tmp_path / "betrayal"
    shutil.copytree(FOLDER, folder)
    text = (folder / "counters.toml").read_text().replace('id = "de-7k"\nname = "7 Corps"\nnation = "german"', 'id = "de-7k"\nname = "7 Corps"\nnation = "prussian"')
    (folder / "counters.toml").write_text(text)
    with pytest.raises(DataFileError, match=r"counters.toml: at unit 'de-7k'.nation"):
        load_scenario.__wrapped__(folder)
    shutil.copytree(FOLDER, tmp_path / "b2")
    setup = (tmp_path / "b2" / "setup.toml")
    setup.write_text(setup.read_text().replace('ROT = ["nl-peel"]', 'ROT = ["nl-peel", "nl-ghost"]'))
    with pytest.raises(DataFileError, match=r"setup.toml: at historical 'ROT': no unit 'nl-ghost'"):
        load_scenario.__wrapped__(tmp_path / "b2")
