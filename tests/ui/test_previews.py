"""Preview before commit (issue 27): a key that rolls shows its chances before it is pressed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.helpers import SIZE, make_app, play_screen, sync
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for


@pytest.mark.rules("operation-compass:3.1")
@sync
async def test_the_bombardment_roll_shows_its_chances_in_the_hex_panel(save_dir: Path) -> None:
    # Operation Compass: "r or Enter: roll the die for the naval bombardment" with no chance shown
    # (the action list had them): the hex panel now shows the roll's preview wherever the cursor is.
    game = game_for("panzer-corps/operation-compass")
    session = Session.start(game, "panzer-corps/operation-compass", seed=1, seats={"br": "human", "it": "human"})
    while session.state.step != "bombard":
        session.act(session.prompt.actions[0])
    preview = game.preview(session.state, {"type": "bombard"})
    assert preview is not None
    for size in (SIZE, (80, 24)):
        async with make_app(save_dir, session).run_test(size=size) as pilot:
            await pilot.pause()
            shown = " ".join(str(play_screen(pilot.app).query_one("#stack").render()).split())
            assert "r or Enter: roll the die" in shown and preview.results[0].result in shown, shown
