"""A bot's moves are paced so the player sees them, but a long run of them does not keep him
waiting on pauses: the app's bot delay each until PACED_SECONDS of them since he last acted."""

from __future__ import annotations

from wargames_tui.ui.screens.play import LEAST_PAUSE, PACED_SECONDS
from tests.ui.helpers import SIZE, make_app, new_session, past_cover, play_screen, sync, wait_until


@sync
async def test_a_bots_pauses_stop_after_paced_seconds_and_start_again_when_the_player_acts(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path, new_session())
    app.bot_delay = 1.0
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(app, pilot)
        screen = play_screen(app)
        paced = int(PACED_SECONDS)
        assert [screen._bot_pause() for _ in range(paced + 2)] == [1.0] * paced + [LEAST_PAUSE, LEAST_PAUSE]
        side = screen.prompt.side
        screen._paced = ("another side", PACED_SECONDS)  # another side's run: this side's starts paced
        assert screen._bot_pause() == 1.0 and screen._paced == (side, 1.0)
        screen._paced = (side, PACED_SECONDS)
        screen.play(screen.prompt.actions[0])  # the player acts: the next run is paced again
        await pilot.pause()
        assert screen._bot_pause() == 1.0


@sync
async def test_bots_play_on_past_their_paced_seconds(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    # After the paced seconds the steps go on at the least pause (a timer of none never fires).
    from wargames_tui.ui.screens import play

    monkeypatch.setattr(play, "PACED_SECONDS", 0.02)
    session = new_session(seats={"gi": "bot:greedy", "bc": "bot:greedy"})
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(app, pilot)
        await wait_until(pilot, lambda: len(session.log) >= 12)
        assert len(session.log) >= 12


@sync
async def test_the_steps_the_game_plays_for_the_player_are_paced_as_a_bots(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Betrayal's g (the game runs the Germans' turn for the player who won the initiative): its
    steps pause as a bot's do, so a German turn of some fifty steps does not keep him waiting on pauses;
    they are the game's, not his, so they do not start the pacing again."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import betrayal
    from wargames_tui.ui.screens import play

    monkeypatch.setattr(play, "PACED_SECONDS", 0.05)  # one paced step, then the least pause
    session, rng = Session.start(betrayal, "betrayal/historical", seed=1), random.Random(1)
    while betrayal.stand_in(session.state) is None:
        session.act(random_bot(session, rng))
    app = make_app(tmp_path, session)
    app.bot_delay = 0.05
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(app, pilot)
        screen, pauses = play_screen(app), []
        bot_pause = screen._bot_pause
        monkeypatch.setattr(screen, "_bot_pause", lambda: pauses.append(bot_pause()) or pauses[-1])
        played = len(session.log)
        await pilot.press("g")
        await wait_until(pilot, lambda: betrayal.stand_in_turn(session.state) is None, tries=3000)
        assert betrayal.stand_in_turn(session.state) is None and len(session.log) > played + 10
        assert pauses[0] == 0.05 and set(pauses[1 : len(session.log) - played]) == {LEAST_PAUSE}
