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


@pytest.mark.parametrize("scenario", ["dieppe/raid", "strange-victory/campaign"])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_solitaire_games_finish_and_replay(scenario, bot):
    session = play_one(game_for(scenario), scenario, 11, bot)
    assert session.outcome() is not None


def test_the_raider_plays_for_the_guns():
    # The purposeful British bot (not a rule) takes the battery in most raids.
    destroyed = 0
    for seed in range(1, 5):
        session = play_one(game_for("dieppe/raid"), "dieppe/raid", seed, "greedy")
        destroyed += session.state.battery_turn is not None
    assert destroyed >= 2
