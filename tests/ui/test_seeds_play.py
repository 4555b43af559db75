"""The Seeds of Disaster at the play screen (issue 27): the year's Chronology in view, and a pick
from a filtered action list that rolls the dice asked once more, naming it."""

from __future__ import annotations

import random
from pathlib import Path

from tests.ui.helpers import make_app, sync
from tests.ui.test_play_contract import opened
from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.ui import gamehooks
from wargames_tui.ui.screens.actions import ActionsScreen

SEEDS = "seeds-of-disaster/1934"


def seeds(seed: int = 1) -> Session:
    return Session.start(game_for(SEEDS), SEEDS, seed=seed, seats={"german": "human", "allied": "human"})


@sync
async def test_the_chronology_of_the_year_is_in_view(save_dir: Path) -> None:
    """The year's cards to draw and to play, its check rolls and the RP modifiers in a panel
    (seeds-of-disaster:3.3, 3.3.3, 3.3.6, 7.1.1)."""
    session = seeds()
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(app, pilot)
        panel = screen.query_one("#fight")
        assert panel.display and panel.border_title == "Chronology 1934"
        text = " ".join(str(panel.render()).split())
        assert "each side draws 2, may play or discard up to 2 (3.3.6)" in text
        assert "RP roll modifiers this year: German +0, Allied +0 (7.1.1)" in text


def _rolling_pick(session: Session, rng: random.Random) -> tuple[str, dict]:
    """Play on until a listed action of several rolls the dice; its words in the list."""
    for _ in range(600):
        actions = list(session.prompt.actions)
        rolling = [a for a in actions if gamehooks.rolls_dice(session, a)]
        if rolling and len(rolling) < len(actions):
            return session.prompt.side, rolling[0]
        session.act(random_bot(session, rng))
    raise AssertionError("no pick that rolls the dice in 600 actions")


@sync
async def test_a_filtered_pick_that_rolls_the_dice_asks_once_more(save_dir: Path) -> None:
    session = seeds()
    _, pick = _rolling_pick(session, random.Random(1))
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(app, pilot)
        words = screen.pane.words(pick)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        played = len(session.log)
        await pilot.press(*words.split()[0], "enter")
        await pilot.pause()
        assert len(session.log) == played, "the first Enter takes nothing"
        assert isinstance(app.screen, ActionsScreen)
        title = " ".join(str(app.screen.query_one("#actions-title").render()).split())
        assert "Enter again" in title and "rolls the dice" in title and words[:20] in title
        if not session.game.owed(session.state) == []:  # what it leaves undone is named there too, and not asked again
            assert "still to do: " in title
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[played].action == pick


@sync
async def test_e_ends_the_card_orders_only_after_naming_the_cards_still_allowed(save_dir: Path) -> None:
    """Ready with cards of the year's allowance still unplayed: the first e names them (skippable,
    seeds-of-disaster:3.3.6) and ends nothing; the second e ends the orders (the first e ended them
    without a word)."""
    session = seeds()
    session.act({"type": "deal"})
    assert session.state.strategic.segment == "cards" and session.prompt.side == "german"
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(app, pilot)
        played = len(session.log)
        await pilot.press("e")
        await pilot.pause()
        assert len(session.log) == played
        assert screen.message and "may still play or discard 2 of this year's 2 cards (seeds-of-disaster:3.3.6)" in screen.message[0]
        await pilot.press("e")
        await pilot.pause()
        assert session.log[played].action == {"type": "ready"}
