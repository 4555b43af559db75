"""Every game replays its saves in any Python process: nothing the rules do may follow the order of a
set of strings, which changes with each process's hash seed (PYTHONHASHSEED). Two seats on one save,
a game by e-mail and every launch of the client replay in another process the log that one wrote
(a Seeds mobilization once did not: tests/games/seeds_of_disaster/prewar/test_hash_order.py)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from wargames_tui.engine.saves import save
from wargames_tui.engine.session import Session
from wargames_tui.games import GAMES

ROOT = Path(__file__).resolve().parents[2]

ACTIONS = 250  # random actions a game: past the set-up into the turns of every game
# Each position of each save's log, played again in another process, as a digest per line.
REPLAY = """
import sys
from pathlib import Path
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.saves import read_envelope
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from tests.platform.test_hash_order import digest
for name in sys.argv[1:]:
    env = read_envelope(Path(name))
    session = Session.start(game_for(env.scenario), env.scenario, env.options, seats=env.seats)
    for entry in env.log:
        session.dice = Dice.replaying(entry.rolls)
        session.act(entry.action, undoable=False)
        print(name, digest(session))
"""


def digest(session: Session) -> str:
    """The position, whatever the order of a dict's keys (lists keep theirs: that is what may differ)."""
    return hashlib.sha256(json.dumps(session.game.dump(session.state), sort_keys=True).encode()).hexdigest()[:16]


def test_every_position_is_the_same_in_a_process_of_another_hash_seed(tmp_path: Path) -> None:
    paths, here = [], []
    for game_id, game in sorted(GAMES.items()):
        info = game.scenarios()[0]
        session = Session.start(game, info.id, seed=1, seats={side: "human" for side in info.sides})
        rng = random.Random(1)
        path = tmp_path / f"{game_id}.json"
        while session.outcome() is None and len(session.log) < ACTIONS:
            session.act(rng.choice(list(session.prompt.actions)))
            here.append(f"{path} {digest(session)}")
        paths.append(path)
        save(session, path)
    for seed in ("1", "2"):  # two other orders than this process's, whatever it drew
        done = subprocess.run([sys.executable, "-c", REPLAY, *map(str, paths)], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}, timeout=300, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        there = done.stdout.splitlines()
        differ = next((i for i, (a, b) in enumerate(zip(here, there)) if a != b), None)
        if differ is not None:
            name = here[differ].split()[0]
            action = sum(line.startswith(f"{name} ") for line in here[: differ + 1])
            raise AssertionError(f"PYTHONHASHSEED={seed}: {Path(name).stem} differs after action {action} of its log")
        assert len(there) == len(here)
