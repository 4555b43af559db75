"""The play screen of every game at its first position, at 80x24 and 120x40 (issue 27): every panel
and the prompt and footer in view. Review snapshot_report.html before --snapshot-update."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.helpers import make_app
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for
from wargames_tui.ui.screens.handoff import HandoffScreen

# One scenario of each of the eleven games (the menu's first of each; Panzer Corps' four scenarios
# are four games of the series, each with its own map).
FIRST = list({
    info.id if info.id.startswith("panzer-corps/") else info.id.split("/")[0]: info.id
    for info in reversed(list(all_scenarios()))
}.values())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("scenario", sorted(FIRST), ids=lambda s: s.replace("/", "-"))
def test_the_play_screen_of_every_game(snap_compare, save_dir: Path, scenario: str, size: tuple[int, int]) -> None:  # noqa: ANN001
    async def uncovered(pilot) -> None:  # noqa: ANN001 - textual Pilot
        await pilot.pause()
        if isinstance(pilot.app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()

    app = make_app(save_dir, Session.start(game_for(scenario), scenario, seed=1))
    assert snap_compare(app, terminal_size=size, run_before=uncovered)
