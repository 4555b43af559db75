"""A save replays to the same position in every Python process: nothing the rules do may follow the
order of a set of strings, which changes with each process's hash seed (PYTHONHASHSEED). A game
passed between two seats, two machines or two launches is replayed by another process than the one
that wrote it."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from wargames_tui.cli import new_session
from wargames_tui.engine.saves import save

MARKS = "{'activate', 'air', 'tech'}"  # the qualitative indicators a mobilization may raise at once (5.1.2)


def hash_seeds_of_each_order() -> list[str]:
    """Hash seeds under which that set is walked in different orders."""
    seen: dict[str, str] = {}
    for h in map(str, range(40)):
        order = subprocess.run([sys.executable, "-c", f"print(list({MARKS}))"], capture_output=True, text=True,
                               env={**os.environ, "PYTHONHASHSEED": h}, check=True).stdout
        seen.setdefault(order, h)
    return list(seen.values())


@pytest.mark.rules("seeds-of-disaster:5.1.2")
def test_a_mobilization_raising_two_indicators_replays_in_any_process(tmp_path: Path) -> None:
    session = new_session("seeds-of-disaster/1934", {}, 2)
    rng = random.Random(4)
    while max(len(marks) for marks in session.state.strategic.indicators.values()) < 2:
        assert len(session.log) < 600, "no mobilization raised two indicators"
        session.act(rng.choice(list(session.prompt.actions)))
    path = tmp_path / "game.json"
    save(session, path)
    seeds = hash_seeds_of_each_order()
    assert len(seeds) > 1
    for h in seeds:
        done = subprocess.run([sys.executable, "-m", "wargames_tui", "replay", str(path)], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": h})
        assert done.returncode == 0, f"PYTHONHASHSEED={h}: {done.stderr}"
