"""benchmarks/tournament.py --keep: each game is written as a save that replays to its outcome."""

from pathlib import Path

from benchmarks.tournament import match, play
from wargames_tui.engine import saves


def test_a_kept_game_replays_to_its_outcome(tmp_path: Path) -> None:
    outcome = play("panzer-corps/el-alamein", {"gi": "greedy", "bc": "greedy"}, 1, {}, {}, keep=tmp_path)
    (kept,) = tmp_path.glob("*.json")
    assert kept.name == "panzer-corps-el-alamein-gi=greedy-bc=greedy-seed1.json"
    assert saves.load(kept).outcome() == outcome


def test_a_match_keeps_every_game(tmp_path: Path) -> None:
    match("panzer-corps/el-alamein", "greedy", "greedy", 2, 1, {}, {}, keep=tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [
        "panzer-corps-el-alamein-bc=greedy-gi=greedy-seed2.json",
        "panzer-corps-el-alamein-gi=greedy-bc=greedy-seed1.json",
    ]


def test_a_match_seats_first_on_one_side_and_reports_each_game(capsys) -> None:
    table = match("panzer-corps/el-alamein", "greedy", "random", 2, 5, {}, {}, side="bc", each=True)
    assert sum(table["gi"]) == 0 and sum(table["bc"]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "  panzer-corps/el-alamein seed 5", "  panzer-corps/el-alamein seed 6"]
    assert all(" greedy as bc " in line for line in lines)
