"""The reconstructed Strange Victory data honours what the rules print (strange-victory:3, 4, 6)."""

import shutil
from collections import Counter

import pytest

from wargames_tui.engine.datafiles import DataFileError
from wargames_tui.games.strange_victory.data import FOLDER, load_campaign

c = load_campaign()


@pytest.mark.rules("strange-victory:3.1.1", "strange-victory:3.1.3", "strange-victory:3.1.4", "strange-victory:3.1.5")
def test_the_areas():
    kinds = Counter(a.kind for a in c.areas.values())
    assert kinds["staging"] == 3 and kinds["strategic"] == 7 and kinds["fortress"] == 1
    assert len(c.capturable()) == 42  # the count 5.1 gives; test_the_end_and_the_points checks what taking them does
    assert {a.staging: a.name for a in c.areas.values() if a.staging} == {"I": "Dinant", "II": "Maubeuge", "III": "Sedan"}
    assert sorted(a.port for a in c.areas.values() if a.kind == "port") == [1, 2, 3, 4, 5, 6]
    assert all(a.letter == "I" for a in c.areas.values() if a.kind in ("port", "fortress"))
    avesnes = c.areas["AVE"]
    assert avesnes.name == "Avesnes" and avesnes.forest and "CAM" in c.graph.neighbours("AVE")  # the 8.3.7 example
    bridges = [(a, b) for a, ns in c.graph.links.items() for b, k in ns.items() if k == "bridge" and a < b]
    assert len(bridges) == 5


@pytest.mark.rules("strange-victory:4.2.1", "strange-victory:4.1.2", "strange-victory:4.2.2")
def test_the_german_counters():
    by_korps = Counter(d.korps for d in c.divisions.values())
    assert by_korps == {"XIX": 3, "XXXI": 2, "XV": 2}
    assert all(d.advancing in (2, 3) and d.resupply in (1, 2) for d in c.divisions.values())
    assert c.divisions["7pz"].advancing == 3  # three dice at Avesnes (8.3.7)
    assert {m.name for m in c.commanders.values()} == {"Reinhardt", "Guderian", "Rommel"}
    assert sum(1 for a in c.assets.values() if a.starting) == 7


@pytest.mark.rules("strange-victory:4.3.1", "strange-victory:4.4", "strange-victory:3.1.5", "strange-victory:4.5")
def test_the_allied_counters():
    areas = Counter(a.letter for a in c.areas.values() if a.kind != "staging")
    garrisons = Counter(c.allied[g].letter for g in c.garrisons)
    assert garrisons == areas  # one face-down counter for each area of its letter
    assert all(c.allied[g].kind == "infantry" and c.allied[g].strength in (2, 3) for g in c.garrisons if c.allied[g].letter == "I")
    assert {c.allied[r].letter for r in c.reactions} == {"B", "C"}
    assert {c.allied[r].kind for r in c.reactions} == {"recon", "refugees", "armor"}
    assert len(c.coastal) == 6
    assert [c.allied[g].name for g in c.garrisons if c.allied[g].kind == "general"] == ["General Giraud"]


def test_a_broken_file_is_refused_with_its_name_and_place(tmp_path):
    folder = tmp_path / "campaign"
    shutil.copytree(FOLDER, folder)
    text = (folder / "areas.toml").read_text(encoding="utf-8").replace('a = "AVE"', 'a = "AVX"', 1)
    (folder / "areas.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError, match=r"areas.toml.*AVX"):
        load_campaign.__wrapped__(folder)
