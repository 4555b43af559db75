"""Hotseat: the cover between two people at one keyboard, and whose view is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.helpers import SIZE, make_app, new_session, play_screen, sync
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.ui.screens.handoff import HandoffScreen


def handing_over(session: Session) -> dict:
    """Play on (ending phases) until one action passes the game to the other side; return it unplayed."""
    for _ in range(200):
        side = session.game.active_side(session.state)
        for action in session.prompt.actions:
            trial = session.game.copy_state(session.state)
            session.game.apply(trial, action, Dice(1))
            if session.game.active_side(trial) not in (side, None):
                return action
        ender = next(a for a in session.prompt.actions if a["type"].startswith("end"))
        session.act(ender)
    raise AssertionError("the side to act never changed")


@sync
async def test_a_game_that_hides_things_covers_the_map_until_enter(save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    monkeypatch.setattr(session.game, "HIDDEN", True, raising=False)
    action = handing_over(session)
    first = session.game.active_side(session.state)
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)  # a loaded hotseat game opens behind the cover
        await pilot.press("enter")
        await pilot.pause()
        screen = play_screen(pilot.app)
        assert screen._drawn_for == first
        screen.play(action)
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert screen._drawn_for == first  # the next side's view is not drawn behind the cover
        await pilot.press("enter")
        await pilot.pause()
        assert play_screen(pilot.app)._drawn_for == session.game.active_side(session.state) != first


@sync
async def test_a_game_that_hides_nothing_says_whose_turn_it_is(save_dir: Path) -> None:
    session = new_session()
    action = handing_over(session)
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = play_screen(pilot.app)
        screen.play(action)
        await pilot.pause()
        assert play_screen(pilot.app) is screen
        assert screen._drawn_for == session.game.active_side(session.state)
        assert any("to play" in n.message for n in pilot.app._notifications)


@sync
async def test_the_cover_may_be_asked_for_in_every_game(save_dir: Path) -> None:
    session = new_session()
    action = handing_over(session)
    app = make_app(save_dir, session)
    app.cover_always = True
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        play_screen(pilot.app).play(action)
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)


@sync
async def test_a_seat_for_a_bot_this_version_lacks_goes_to_a_person(save_dir: Path) -> None:
    session = new_session(seats={"gi": "bot:nonexistent", "bc": "human"})
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = play_screen(pilot.app)
        assert session.seats["gi"] == "human" and screen.bot_to_act() is None
        assert any("nonexistent" in n.message for n in pilot.app._notifications)
        assert session.prompt.side == "gi" and screen.pane.step == "move"  # the side is played from the keyboard


@sync
async def test_a_game_may_ask_for_the_cover_from_some_point_on(save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    action = handing_over(session)
    monkeypatch.setattr(session.game, "covers", lambda state: state.turn >= 1, raising=False)
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the cover of a loaded game
        await pilot.pause()
        play_screen(pilot.app).play(action)
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)


def test_the_cover_names_every_side_as_players_are_called() -> None:
    """"Pass the keyboard to the German player", never "the Germany player": a side's short name
    is what its players are called, not a country or an alliance."""
    from wargames_tui.games import all_scenarios
    from wargames_tui.ui.hotseat import short_name

    countries = {"Germany", "France", "Britain", "Italy", "Belgium", "Holland", "Allies", "Axis powers"}
    for info in all_scenarios():
        for side, name in info.sides.items():
            assert short_name(name) not in countries, f"{info.id}: the {short_name(name)} player"


@sync
async def test_the_first_cover_of_springtime_with_bids_says_the_bid_comes_next(save_dir: Path) -> None:
    """The game opens behind the cover: with the bids on, the cover says that the first bidder
    bids at this seat (springtime:17.1), not only whom to pass the keyboard to."""
    from wargames_tui.games import game_for

    game = game_for("springtime/fall-gelb")
    session = Session.start(game, "springtime/fall-gelb", {"bids": "on"}, seed=1, seats={"allied": "human", "axis": "human"})
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        shown = " ".join(str(pilot.app.screen.query_one("#handoff-box").render()).split())
        assert "Pass the keyboard to the Allied player" in shown
        assert "Bids for the Axis (17.1): the first bidder bids at this seat" in shown


@sync
async def test_whose_turn_it_is_is_said_without_covering_the_prompt_line(save_dir: Path) -> None:
    # A game that hides nothing passes the keyboard with a note, no cover: El Alamein's note sat over
    # the right half of the prompt line for its three seconds ("...or end the▌").
    from textual.widgets._toast import Toast, ToastRack

    game = game_for("panzer-corps/el-alamein")
    session = Session.start(game, "panzer-corps/el-alamein", seed=1)
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("e")  # the movement ends
        await pilot.pause()
        await pilot.press("e")  # no attack: the declarations end, the British Commonwealth plays
        await pilot.pause()
        await pilot.pause()
        toasts = list(app.screen.get_child_by_type(ToastRack).query(Toast))
        assert toasts and "British Commonwealth to play" in str(toasts[0].render())
        prompt = app.screen.query_one("#prompt").region
        for toast in toasts:
            assert not toast.region.overlaps(prompt), (toast.region, prompt)


def leaving_with_a_secret(scenario: str, kinds: set[str], tries: int = 600):  # noqa: ANN201
    """A seeded random hotseat game up to an action whose side hands the keyboard over while the
    action told that side alone something of the given kinds: (session before it, the action, the lines)."""
    import random

    from wargames_tui.bots import random_bot

    game = game_for(scenario)
    rng = random.Random(5)
    session = Session.start(game, scenario, seed=5)
    for _ in range(tries):
        side, action = session.prompt.side, random_bot(session, rng)
        trial = Session.start(game, scenario, seed=5)
        trial.state, trial.log = game.copy_state(session.state), list(session.log)
        events = trial.act(action)
        mine = [e.text for e in events if e.only == side and e.kind in kinds]
        if mine and trial.prompt.side not in (None, side):
            return session, action, mine
        session.act(action)
    raise AssertionError(f"{scenario}: no such action in {tries}")


@sync
async def test_the_seeds_player_who_draws_or_steals_reads_it_before_the_cover(save_dir: Path) -> None:
    # Seeds in hotseat: the German's Ready drew his cards ("You drew: ...") and rolled his RPs, and
    # the cover came at once: he never saw what he drew; the Allied player must not see it either.
    kinds = {"draw", "card", "points"}
    session, action, _ = leaving_with_a_secret("seeds-of-disaster/1934", kinds)
    side = session.prompt.side
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(pilot.app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        events = play_screen(pilot.app).play(action)
        lines = [e.text for e in events if e.only == side and e.kind in kinds]  # the dice of this game
        await pilot.pause()
        assert lines
        assert isinstance(pilot.app.screen, HandoffScreen)
        shown = " ".join(str(pilot.app.screen.query_one("#handoff-box").render()).split())
        assert all(" ".join(line.split()) in shown for line in lines), (shown, lines)
        assert "Pass the keyboard" not in shown  # the next player is called only after the leaving one's Enter


@sync
async def test_an_only_choice_the_other_side_can_see_is_taken_without_a_handover(save_dir: Path) -> None:
    # issue 27, The Seeds of Disaster: "No handover just to pick the only option". With no CP the
    # defender may only stand (13.4, 6.2.7), as the attacker sees: the stand is taken at once, and the
    # keyboard passes for his first real choice (how to support his troops).
    from tests.games.seeds_of_disaster.helpers import only

    game = game_for("seeds-of-disaster/1934")
    state = only({"G6": ("AAC", 9), "F1": ("LIE", 5)}, cp=0)
    for action in ({"type": "end-movement"}, {"type": "attack", "area": "LIE", "units": ["G6"]}):
        game.apply(state, action, Dice(0))
    session = Session(game, "seeds-of-disaster/1934", {}, state, Dice(1), {"german": "human", "allied": "human"})
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the cover a hidden game opens behind
        await pilot.pause()
        screen = play_screen(pilot.app)
        assert screen._drawn_for == "german"
        screen.play({"type": "commit"})
        await pilot.pause()
        assert [e.action for e in session.log[-2:]] == [{"type": "commit"}, {"type": "accept"}]
        assert isinstance(pilot.app.screen, HandoffScreen)
        assert session.prompt.side == "allied" and session.state.war.battle.step == "defend-support"
