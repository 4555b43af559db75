"""`wargames show` prints a text view of every game, through the game's presentation."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.cli import main
from wargames_tui.engine.saves import save
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for


def _played(scenario: str, actions: int = 30) -> Session:
    session = Session.start(game_for(scenario), scenario, seed=3)
    rng = random.Random(3)
    for _ in range(actions):
        if session.outcome() is not None:
            break
        session.act(random_bot(session, rng))
    return session


@pytest.mark.parametrize("scenario", [info.id for info in all_scenarios()])
def test_show_prints_every_game_for_each_viewer(scenario: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = _played(scenario)
    path = tmp_path / "game.json"
    save(session, path)
    title = session.view(None)["title"]
    for side in [None, *session.view(None)["sides"]]:
        assert main(["show", str(path)] + (["--side", side] if side else [])) == 0
        out = capsys.readouterr().out
        assert out.startswith(title) and len(out.splitlines()) > 5
    assert main(["show", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scenario"] == scenario


def test_show_refuses_a_side_the_game_does_not_have(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    save(_played("dieppe/raid", 0), path)
    assert main(["show", str(path), "--side", "martian"]) == 1
    assert "no such side" in capsys.readouterr().err
