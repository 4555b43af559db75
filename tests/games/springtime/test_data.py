"""The scenario data against what the rulebook prints (springtime:2 to 5, 19)."""

import re
import shutil

import pytest

from wargames_tui.engine.datafiles import DataFileError
from wargames_tui.games import springtime
from wargames_tui.games.springtime.data import FOLDER, load_board, load_scenario
from wargames_tui.games.springtime.state import ELIMINATED, OFFMAP, REMOVED

from .helpers import FG, PR, fresh


@pytest.mark.rules("springtime:3.1", "springtime:14.1")
def test_thirty_areas_and_six_zones_joined_by_lines():
    b = load_board()
    assert sorted(int(a) for a in b.areas if a.isdigit()) == list(range(1, 31))
    assert sorted(a for a in b.areas if not a.isdigit()) == list("ABCDEF")
    assert all(b.areas[z].zone for z in "ABCDEF") and not any(b.areas[str(n)].zone for n in range(1, 31))
    for z in "ABCDEF":
        assert b.graph.neighbours(z), f"zone {z} has no connection line"


@pytest.mark.rules("springtime:3.1.1")
def test_identifier_colours_name_the_nations():
    b = load_board()
    assert {a.nation for a in b.areas.values()} >= {"belgium", "france", "germany", "italy", "netherlands"}
    assert b.areas["F"].nation == "italy" and b.areas["25"].nation == "france"
    assert b.areas["13"].nation == "belgium" and b.areas["8"].nation == "netherlands"  # set-up of 5.2.1


@pytest.mark.rules("springtime:3.1.2")
def test_tem_runs_from_one_to_four():
    assert {a.tem for a in load_board().areas.values()} == {1, 2, 3, 4}


@pytest.mark.rules("springtime:3.1.3")
def test_ports_lie_on_the_channel_coast():
    ports = sorted(a.id for a in load_board().areas.values() if a.port)
    assert ports and "9" in ports  # Dunkirk
    assert all(load_board().areas[p].nation in ("france", "belgium") for p in ports)


@pytest.mark.rules("springtime:3.1.4", "springtime:10.5.4")
def test_three_kinds_of_boundary_and_the_maginot_line():
    b = load_board()
    kinds = {k for ns in b.graph.links.values() for k in ns.values()}
    assert kinds == {"open", "river", "maginot"}
    maginot = {frozenset((a, c)) for a, ns in b.graph.links.items() for c, k in ns.items() if k == "maginot"}
    # every Maginot boundary bounds one of the Maginot Line Areas 18, 19, 20
    assert all(pair & {"18", "19", "20"} for pair in maginot)


@pytest.mark.rules("springtime:2.0", "springtime:4.1", "springtime:4.4.7")
def test_the_large_counters_and_the_air_markers():
    b = load_board()
    axis = [x for x in [*b.units.values(), *b.leaders.values(), *b.air.values()] if x.side == "axis"]
    assert len(axis) == 29
    assert sorted(a.nation for a in b.air.values() if a.side == "allied") == ["british", "french"]
    assert [a.nation for a in b.air.values() if a.side == "axis"] == ["german", "german"]
    colours = springtime.nations(None)
    assert {n: colours[n]["side"] for n in colours} == {
        "french": "allied", "british": "allied", "belgian": "allied", "dutch": "allied", "german": "axis", "italian": "axis",
    }


@pytest.mark.rules("springtime:4.2", "springtime:4.3.1", "springtime:4.3.2")
def test_unit_kinds_faces_and_corps():
    b = load_board()
    assert b.units["fr-prioux"].kind == "infantry" and b.units["de-wietersheim"].kind == "infantry"
    assert all(b.units[u].kind == "armored" for u in ("de-guderian", "de-hoth", "fr-1dcr", "fr-4dcr"))
    for u in b.units.values():
        assert u.rcv <= u.cv and u.rmf <= u.mf and u.cv >= 1 and u.mf >= 1


@pytest.mark.rules("springtime:4.3.3")
def test_army_group_ids():
    b = load_board()
    groups = {u: b.units[u].group for u in b.units}
    assert {groups[u] for u in ("fr-1a", "fr-2a", "fr-7a", "fr-9a", "fr-prioux", "fr-1dcr", "bef")} == {"1"}
    assert {groups[u] for u in ("fr-3a", "fr-4a", "fr-5a")} == {"2"}
    assert groups["fr-8a"] == "3" and groups["fr-alp"] == "4" and groups["be"] == "Be" and groups["nl"] == "N"
    assert {groups[u] for u in ("fr-6a", "fr-10a", "fr-2dcr", "fr-3dcr", "de-2a")} == {"R"}
    assert {groups[u] for u in ("de-4a", "de-hoth", "de-12a", "de-16a")} == {"A"}
    assert {groups[u] for u in ("de-6a", "de-hoepner", "de-18a", "de-schmidt")} == {"B"}
    assert {groups[u] for u in ("de-1a", "de-7a")} == {"C"}
    assert {groups[u] for u in ("de-guderian", "de-reinhardt", "de-wietersheim")} == {"K"}
    assert groups["it-west"] == "W"


@pytest.mark.rules("springtime:4.4.1")
def test_leaders_command_their_armies_and_kleist_three_units():
    b = load_board()
    assert b.leaders["kleist"].command == ["de-guderian", "de-reinhardt", "de-wietersheim"]
    assert b.leader_of("fr-1a") == "blanchard" and b.leader_of("bef") == "gort"
    for l in b.leaders.values():  # German leaders turn stronger, Allied weaker (6.1.3)
        assert (l.other >= l.rating) if l.side == "axis" else (l.other <= l.rating)


@pytest.mark.rules("springtime:5.1.1", "springtime:5.1.2", "springtime:5.1.3", "springtime:5.1.4",
                   "springtime:5.1.5", "springtime:5.1.7", "springtime:12.2", "springtime:4.4.5")
def test_fall_gelb_markers():
    s = fresh()
    assert s.turn == 1 and s.impulse == 6 and s.advantage == "axis"
    assert s.morale == 30
    assert s.rp == {"allied": 5, "axis": 10}
    assert s.air_full == []
    assert len(s.cup) == 9 and s.hands == {"allied": [], "axis": []}


@pytest.mark.rules("springtime:5.1.6", "springtime:4.4.2")
def test_starting_control():
    s = fresh()
    b = load_board()
    assert {a for a, c in s.control.items() if c == "axis"} == {a.id for a in b.areas.values() if a.nation in ("germany", "italy")}


@pytest.mark.rules("springtime:5.2.1", "springtime:5.2")
def test_fall_gelb_set_up():
    s = fresh()
    at = {u: v["at"] for u, v in s.units.items()}
    assert {u for u, a in at.items() if a == "13"} == {"fr-1a", "fr-prioux", "fr-1dcr", "bef", "be"}
    assert at["fr-2a"] == "17" and at["fr-7a"] == "9" and at["fr-9a"] == "12" and at["fr-3a"] == "18"
    assert at["fr-4a"] == at["fr-5a"] == "19" and at["fr-8a"] == "20" and at["fr-alp"] == "E" and at["nl"] == "8"
    assert at["fr-6a"] == "23" and at["fr-10a"] == "25" and at["fr-2dcr"] == at["fr-3dcr"] == "24"
    assert {u for u, a in at.items() if a == "5"} == {"de-4a", "de-hoth", "de-6a", "de-hoepner"}
    assert {u for u, a in at.items() if a == "3"} == {"de-12a", "de-16a", "de-guderian", "de-reinhardt"}
    assert {u for u, a in at.items() if a == "6"} == {"de-18a", "de-schmidt"}
    assert {u for u, a in at.items() if a == "4"} == {"de-wietersheim", "de-2a"}
    assert at["de-1a"] == "2" and at["de-7a"] == "1"
    assert at["fr-4dcr"] == at["it-west"] == at["de-airlanding"] == OFFMAP
    assert [u for u, v in s.units.items() if v["reduced"]] == ["fr-10a"]
    assert s.leaders["kleist"]["unit"] in ("de-guderian", "de-reinhardt")  # Kleist in Area 3
    assert s.leaders["gort"]["unit"] == "bef" and s.leaders["weichs"]["unit"] == "de-2a"
    assert s.leaders["disavoia"]["unit"] is None and s.leaders["student"]["unit"] is None


@pytest.mark.rules("springtime:19.1.1", "springtime:19.1.2", "springtime:19.2")
def test_plan_red_set_up():
    s = fresh(PR)
    at = {u: v["at"] for u, v in s.units.items()}
    assert {u for u, a in at.items() if a == "26"} == {"fr-7a", "fr-10a", "fr-4dcr", "fr-2dcr"}
    assert {u for u, a in at.items() if a == "24"} == {"fr-2a", "fr-4a", "fr-6a", "fr-3dcr"}
    assert {u for u, v in s.units.items() if v["reduced"]} == {"fr-4dcr", "fr-2dcr", "fr-2a", "fr-3dcr"}
    assert {u for u, a in at.items() if a == REMOVED} == {"fr-1a", "fr-9a", "bef", "be", "nl"}
    assert {u for u, a in at.items() if a == ELIMINATED} == {"fr-prioux", "fr-1dcr", "de-schmidt"}
    assert {u for u, a in at.items() if a == "16"} == {"de-4a", "de-18a", "de-wietersheim", "de-hoth", "de-hoepner"}
    assert {u for u, a in at.items() if a == "17"} == {"de-6a", "de-12a", "de-2a", "de-guderian", "de-reinhardt"}
    assert at["de-16a"] == "11" and at["de-1a"] == "2" and at["de-7a"] == "1"
    assert s.turn == 4 and s.impulse == 6 and s.advantage == "axis"
    assert s.rp == {"axis": 5, "allied": 0} and s.morale == 20
    assert sorted(s.played) == sorted(["de-gaulle", "cabinet-shuffle", "billotte-killed", "operation-dynamo", "air-supremacy"])
    assert len(s.cup) == 4
    assert fresh(PR, **{"bef-returns": "on"}).units["bef"]["at"] == ELIMINATED  # 19.1.1 with 18.3
    assert fresh(PR, airdrops="on").units["de-airlanding"]["at"] == REMOVED  # 19.1.2 with 18.1


@pytest.mark.rules("springtime:19.1.1", "springtime:19.2")
def test_plan_red_line_covers_every_allied_area_touching_the_germans():
    """The Axis moves first (19.2): an Allied Area on the German front left empty by the printed
    set-up would fall, Paris with it, before the French move (see NOTES.md, the Weygand Line)."""
    s = fresh(PR)
    b = load_board()
    front = {n for a, c in s.control.items() if c == "axis" for n in b.graph.neighbours(a) if s.control[n] == "allied"}
    held = {v["at"] for u, v in s.units.items() if b.units[u].side == "allied"}
    assert front - {"E"} == {"18", "19", "20", "24", "26"} and front <= held
    assert all(s.control[n] == "allied" for n in b.graph.neighbours("25"))  # Paris behind the line


def test_every_scenario_is_offered_with_its_options():
    infos = {i.id: i for i in springtime.scenarios()}
    assert set(infos) == {FG, PR}
    assert set(infos[FG].options) == {"airdrops", "free-setup", "bef-returns", "bids"}
    assert set(infos[PR].options) == {"airdrops", "bef-returns", "bids"}
    for info in infos.values():
        assert "reconstruction" in info.description
        load_scenario(info.id)


@pytest.mark.rules("springtime:1.0")
def test_two_players_axis_and_allied():
    assert all(set(i.sides) == {"allied", "axis"} for i in springtime.scenarios())


def test_a_bad_file_is_refused_naming_file_entry_and_cause(tmp_path):
    bad = tmp_path / "springtime"
    shutil.copytree(FOLDER, bad)
    text = re.sub(r'(id = "fr-9a"[^\[]*?)cv = 2', r"\1cv = 0", (bad / "units.toml").read_text())
    (bad / "units.toml").write_text(text)
    with pytest.raises(DataFileError) as err:
        load_board.__wrapped__(bad)
    assert "units.toml" in str(err.value) and "'fr-9a'" in str(err.value) and "cv" in str(err.value)
