"""The replay viewer: step through a game as it was, without changing it."""

from __future__ import annotations

import random
from pathlib import Path

from tests.ui.helpers import SIZE, make_app, sync
from wargames_tui.bots import random_bot
from wargames_tui.engine.saves import load, save
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.ui.screens.play import PlayScreen
from wargames_tui.ui.widgets.log import LogPanel


def played(scenario: str, actions: int) -> Session:
    session = Session.start(game_for(scenario), scenario, seed=5, seats={})
    rng = random.Random(5)
    for _ in range(actions):
        session.act(random_bot(session, rng))
    return session


def log_lines(screen) -> list[str]:  # noqa: ANN001
    return [line.text for line in screen.query_one(LogPanel).lines]


@sync
async def test_stepping_back_and_forth_shows_each_position_and_changes_nothing(save_dir: Path) -> None:
    session = played("panzer-corps/kharkov", 40)
    path = save_dir / "game.json"
    save(session, path)
    before = path.read_bytes()
    replayed = load(path)
    app = make_app(save_dir, replay=replayed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.replay and screen.at == 40
        assert screen.session.game.dump(screen.session.state) == session.game.dump(session.state)
        end_log = log_lines(screen)
        await pilot.press("home")
        await pilot.pause()
        fresh = Session.start(session.game, session.scenario, session.options)
        assert screen.at == 0 and screen.session.game.dump(screen.session.state) == fresh.game.dump(fresh.state)
        for _ in range(7):
            await pilot.press("full_stop")
        await pilot.pause()
        again = Session.start(session.game, session.scenario, session.options)
        for entry in session.log[:7]:
            from wargames_tui.engine.dice import Dice

            again.dice = Dice.replaying(entry.rolls)
            again.act(entry.action)
        assert screen.at == 7 and screen.session.game.dump(screen.session.state) == again.game.dump(again.state)
        await pilot.press("end")
        await pilot.pause()
        assert log_lines(screen) == end_log
        await pilot.press("enter")  # Enter on the map plays nothing
        await pilot.pause()
    assert path.read_bytes() == before


@sync
async def test_the_menu_replays_an_area_game(save_dir: Path) -> None:
    session = played("strange-victory/campaign", 12)
    save(session, save_dir / "sv.json")
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.replay and screen.at == 12
        await pilot.press("comma")
        await pilot.pause()
        assert screen.at == 11 and "Replay: action 11 of 12" in str(screen.query_one("#prompt").render())
        await pilot.press("q")
        await pilot.pause()
        assert type(app.screen).__name__ == "MenuScreen"


@sync
async def test_the_prompt_line_of_a_game_in_progress_tells_no_side_s_secret(save_dir: Path) -> None:
    """The line naming each action reads the action's events as the public does: no line meant for one
    side alone (an order, a hand of cards) while the game is not over."""
    session = played("seeds-of-disaster/1934", 80)
    assert session.outcome() is None
    secrets = {e.text for entry in session.log for e in entry.events if e.only is not None}
    assert secrets
    save(session, save_dir / "seeds.json")
    app = make_app(save_dir, replay=load(save_dir / "seeds.json"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for n in range(1, len(session.log) + 1):
            screen.go_to(n)
            line = str(screen.query_one("#prompt").render())
            assert f"action {n} of" in line
            assert not [s for s in secrets if s[:30] in line], f"action {n}: {line}"


@sync
async def test_once_over_the_replay_shows_either_sides_view_and_q_leaves_a_cli_replay(save_dir: Path) -> None:
    """A finished game that hides things (Springtime, Plan Red): v goes from the public view to
    each side's; a game not over offers no v. Opened as from `wargames replay --view`, q leaves."""
    session = played("springtime/plan-red", 176)
    assert session.outcome() is not None
    save(session, save_dir / "over.json")
    app = make_app(save_dir, replay=load(save_dir / "over.json"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.viewer() is None and "view: public (v)" in str(screen.query_one("#prompt").render())
        seen = []
        for _ in range(3):
            await pilot.press("v")
            await pilot.pause()
            seen.append(screen.viewer())
            assert screen.view == screen.session.view(screen.viewer())
        assert seen == ["allied", "axis", None]
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code is not None or not app.is_running


@sync
async def test_a_replay_of_a_game_not_over_keeps_the_public_view(save_dir: Path) -> None:
    session = played("springtime/plan-red", 60)
    assert session.outcome() is None
    app = make_app(save_dir, replay=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("v")
        await pilot.pause()
        assert screen.viewer() is None and "view:" not in str(screen.query_one("#prompt").render())
