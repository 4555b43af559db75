"""Complete random games: invariants after every action and a save/replay round trip."""

import pytest

from wargames_tui.games import game_for
from wargames_tui.selfplay import play_one

SC = "panzer-corps/el-alamein"


@pytest.mark.parametrize("seed", range(1, 7))
def test_random_games_finish_and_replay(seed):
    session = play_one(game_for(SC), SC, seed, check_every=25 if seed == 1 else 0)
    outcome = session.outcome()
    assert outcome is not None and outcome.winner in ("gi", "bc")
