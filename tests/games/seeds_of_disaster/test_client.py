"""The Seeds of Disaster in the client, with the keyboard alone: the simultaneous segments behind
the handoff cover (3.1.4), the bot at either side, a short terminal, and the end of the war."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.games.seeds_of_disaster.helpers import war_state
from tests.ui.helpers import SIZE, make_app, sync, wait_until
from wargames_tui.engine.session import Session
from wargames_tui.games import seeds_of_disaster as game
from wargames_tui.games.seeds_of_disaster import present
from wargames_tui.games.seeds_of_disaster.state import State
from wargames_tui.ui.screens.actions import ActionsScreen

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
SCENARIO = "seeds-of-disaster/1934"
HOTSEAT = {"german": "human", "allied": "human"}


def hotseat() -> Session:
    return Session.start(game, SCENARIO, seed=3, seats=dict(HOTSEAT))


def screen_name(app) -> str:  # noqa: ANN001 - the textual App
    return type(app.screen).__name__


async def past_cover(pilot, app, player: str) -> None:  # noqa: ANN001 - textual Pilot and App
    """The cover is up for `player`; Enter lifts it."""
    await pilot.pause()
    assert screen_name(app) == "HandoffScreen" and app.screen.player == player
    await pilot.press("enter")
    await pilot.pause()


def shown_track(session: Session, side: str) -> str:
    return present.track_text(game.view(session.state, side), present.TERMS).plain


@pytest.mark.rules("seeds-of-disaster:3.1.4", "seeds-of-disaster:4.1.1", "seeds-of-disaster:4.1.8")
@sync
async def test_each_side_enters_its_card_orders_behind_the_cover(tmp_path: Path) -> None:
    session = hotseat()
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app, "German")
        await pilot.press("e")  # deal the opening hands (4.1.1)
        await pilot.pause()
        assert session.state.strategic.segment == "cards"
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        await pilot.press("enter")  # the first order in the list
        await pilot.pause()
        german_order = session.state.strategic.orders["german"].items[0]
        assert german_order["type"] in ("play-card", "discard-card", "ce")
        assert "Your orders" in shown_track(session, "german")
        await pilot.press("e")  # a card of the year's two is left: the first e names it (3.3.6)
        await pilot.pause()
        assert session.state.strategic.orders["german"].done is False
        await pilot.press("e")  # the German is done: the Allied player takes the keyboard
        await past_cover(pilot, app, "Allied")
        assert session.prompt.side == "allied"
        # the Allied screen says nothing of the German order until both are in (3.1.4)
        assert "Your orders" not in shown_track(session, "allied")
        log = [line.plain for entry in session.log for line in app.screen.entry_lines(entry)]
        assert not any("Order noted" in line for line in log)
        await pilot.press("e")  # the Allied cards of the year, none played: named first
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        # both are in: the plays are revealed and each may answer them, German first, behind the cover
        assert session.state.strategic.step == "respond" or session.state.strategic.segment != "cards"


@pytest.mark.rules("seeds-of-disaster:4.2.1", "seeds-of-disaster:4.4")
def test_a_counter_names_the_play_it_answers() -> None:
    session = hotseat()
    session.act({"type": "deal"})
    s = session.state.strategic
    # the German plays one card for its event; the Allies play one, then both are revealed
    for side in ("german", "allied"):
        play = next(a for a in session.prompt.actions if a["type"] == "play-card")
        session.act(play)
        session.act({"type": "ready"})
    assert s.step == "respond"
    counters = [a for a in session.prompt.actions if a["type"] == "counter"]
    if not counters:
        pytest.skip("no counterespionage card in this hand")
    view = game.view(session.state, session.prompt.side)
    words = present.describe(counters[0], view)
    target = s.orders["allied" if session.prompt.side == "german" else "german"].items[counters[0]["target"]]
    assert str(target["card"]) in words and "play no." not in words


@pytest.mark.rules("seeds-of-disaster:7.2")
def test_builds_ordered_show_with_the_rps_left_and_the_next_step() -> None:
    session = hotseat()
    while session.state.strategic.segment != "mobilize":
        session.act(next(a for a in session.prompt.actions if a["type"] in ("deal", "ready", "no-counter")))
    side = session.prompt.side
    build = next(a for a in session.prompt.actions if a["type"] == "build")
    before = game.view(session.state, side)
    steps = next(u for u in before["units"] if u.get("id") == build["unit"])["steps"]
    session.act(build)
    after = game.view(session.state, side)
    again = next(a for a in session.prompt.actions if a.get("unit") == build["unit"])
    assert f"{steps + 1} -> {steps + 2} steps" in present.describe(again, after)
    rp = after["strategic"]["sides"][side]["rp"]
    price = session.state.strategic.orders[side].items[0]["rp"]
    assert f"{price} RPs, {rp - price} left" in present.track_text(after, present.TERMS).plain


@sync
async def test_the_header_names_the_year_before_the_war_and_the_week_in_it(tmp_path: Path) -> None:
    session = hotseat()
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app, "German")
        header = str(app.screen.query_one("#header").render())
        assert "1934 · Peace" in header and "Turn 0" not in header
    assert game.view(war_state(), "german")["turn_text"] is None  # the war: Turn 1/10


@pytest.mark.rules("seeds-of-disaster:4.1.8")
@sync
async def test_a_short_terminal_shows_the_turn_panel_with_i(tmp_path: Path) -> None:
    session = hotseat()
    session.act({"type": "deal"})
    app = make_app(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_cover(pilot, app, "German")
        panel = app.screen.query_one("#track")
        assert not panel.display
        await pilot.press("i")
        await pilot.pause()
        assert panel.display and not app.screen.query_one("#log").display
        await pilot.press("i")
        await pilot.pause()
        assert not panel.display


@pytest.mark.parametrize("bot_side", ["german", "allied"])
@sync
async def test_against_the_bot_the_person_plays_only_his_side(tmp_path: Path, bot_side: str) -> None:
    person = "allied" if bot_side == "german" else "german"
    session = Session.start(game, SCENARIO, seed=3, seats={bot_side: "bot:greedy", person: "human"})
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        mine = lambda: session.prompt.side == person and screen_name(app) == "PlayScreen"  # noqa: E731
        await wait_until(pilot, mine, tries=3000)  # the bot's turns take long on a loaded machine
        for _ in range(12):  # a person's decisions, the bot's between them
            assert session.prompt.side == person
            await pilot.press("e")
            await wait_until(pilot, mine, tries=3000)
        assert {e.side for e in session.log} == {"german", "allied"}


def _last_week_allied_combat() -> State:
    s = war_state()
    s.war.week, s.war.player, s.war.segment = 10, "allied", "combat"
    return s


@pytest.mark.rules("seeds-of-disaster:20.0")
@sync
async def test_the_last_combat_segment_ends_on_the_victory_screen(tmp_path: Path) -> None:
    session = hotseat()
    session.state = _last_week_allied_combat()
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if screen_name(app) == "HandoffScreen":
            await pilot.press("enter")
            await pilot.pause()
        for _ in range(6):  # end the combat segment, and any step that follows it
            if session.outcome() is not None:
                break
            await pilot.press("e")
            await pilot.pause()
        assert session.outcome() is not None
        await wait_until(pilot, lambda: screen_name(app) == "VictoryScreen")
        assert screen_name(app) == "VictoryScreen"


@pytest.mark.rules("seeds-of-disaster:4.1.8")
@sync
async def test_the_persons_own_draw_is_not_tagged_as_the_bots(tmp_path: Path) -> None:
    # the German bot's last order brings the next segment's draws: the Allied player's own cards are his
    session = Session.start(game, SCENARIO, seed=3, seats={"german": "bot:greedy", "allied": "human"})
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(
            pilot, lambda: session.prompt.side == "allied" and session.state.strategic.segment == "cards", tries=3000
        )
        lines = [line.plain for entry in session.log for line in app.screen.entry_lines(entry)]
        drawn = [line for line in lines if "You drew" in line]
        assert drawn and not any("bot]" in line for line in drawn)
        assert any("[German bot]" in line for line in lines)  # the bot's own doings keep the tag
