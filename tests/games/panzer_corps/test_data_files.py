"""Broken scenario files are refused with the file, the place and the cause (DATA.md policy 3)."""

import shutil

import pytest

from wargames_tui.engine.datafiles import DataFileError
from wargames_tui.games.panzer_corps.data import load_folder, scenario_folders


@pytest.fixture
def copy(tmp_path):
    folder = tmp_path / "el_alamein"
    shutil.copytree(scenario_folders()["panzer-corps/el-alamein"], folder)
    return folder


def edit(path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def refused(folder) -> str:
    with pytest.raises(DataFileError) as err:
        load_folder(folder)
    return str(err.value)


def test_every_scenario_loads():
    for folder in scenario_folders().values():
        load_folder(folder)


def test_an_unknown_terrain_glyph_names_the_row_and_column(copy):
    edit(copy / "map.toml", "~,", "~?")
    message = refused(copy)
    assert "map.toml" in message and "row" in message and "unknown terrain glyph '?'" in message


def test_a_unit_off_the_map_names_the_unit(copy):
    edit(copy / "units.toml", 'hex = "', 'hex = "99')
    message = refused(copy)
    assert "units.toml" in message and "at unit" in message and "not on the map" in message


def test_a_wrong_type_names_the_field(copy):
    edit(copy / "units.toml", "strength = 6", 'strength = "six"')
    message = refused(copy)
    assert "units.toml" in message and "at unit '" in message and "'.strength" in message


def test_a_crt_with_an_unknown_result(copy):
    edit(copy / "crt.toml", '"AE"', '"XX"')
    message = refused(copy)
    assert "crt.toml" in message and "unknown result 'XX'" in message


def test_not_toml_at_all(copy):
    (copy / "scenario.toml").write_text("id = [unclosed")
    assert "not valid TOML" in refused(copy)
