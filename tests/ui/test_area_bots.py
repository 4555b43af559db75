"""A bot at a side of a two-player area game plays its turns in the client."""

from __future__ import annotations

from pathlib import Path

from tests.ui.helpers import SIZE, make_app, sync
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


@sync
async def test_the_area_screen_lets_a_bot_play_its_side(save_dir: Path) -> None:
    scenario = "springtime/fall-gelb"
    game = game_for(scenario)
    sides = list(game.scenarios()[0].sides)
    session = Session.start(game, scenario, seed=3, seats={sides[0]: "bot:greedy", sides[1]: "bot:greedy"})
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        for _ in range(400):
            await pilot.pause(0.01)
            if len(session.log) >= 6:
                break
        assert len(session.log) >= 6 and {e.side for e in session.log} == set(sides)
