"""Betrayal! in the client: what a player does with the keys alone (betrayal:6.3)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.ui.helpers import SIZE, make_app, sync
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.session import Session
from wargames_tui.games import betrayal as game
from wargames_tui.ui.screens.actions import ActionsScreen

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


def at_turn_three(phase: str | None = None) -> Session:
    """Turn 3 of the historical scenario, past the two turns of free talk (betrayal:6.1); in `phase`
    at its start where given."""
    session = Session.start(game, "betrayal/historical", seed=3, seats={"french": "human", "british": "human", "german": "game"})
    session.state.turn = 3
    if phase:
        session.state.phase, session.state.step = phase, ""
    session._prompt = None
    return session


async def past_cover(pilot, app) -> None:  # noqa: ANN001 - textual Pilot and App
    await pilot.pause()
    if type(app.screen).__name__ == "HandoffScreen":
        await pilot.press("enter")
        await pilot.pause()


@pytest.mark.rules("betrayal:6.3", "betrayal:6.3.1")
@sync
async def test_t_records_a_breach_of_the_ban_on_talking(tmp_path: Path) -> None:
    session = at_turn_three()
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        await pilot.press("t")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, ActionsScreen)
        await pilot.press("enter")  # the first: the French player talked
        await pilot.pause()
        await past_cover(pilot, app)
    assert session.state.penalties["french"] == [3] and session.state.penalties["british"] == []
    assert session.log[-1].action == {"type": "breach", "nation": "french"}


@pytest.mark.rules("betrayal:6.1", "betrayal:7.0")
@sync
async def test_no_breach_to_record_while_the_players_may_talk(tmp_path: Path) -> None:
    session = Session.start(game, "betrayal/historical", seed=3, seats={"french": "human", "british": "human", "german": "game"})
    played = len(session.log)
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)  # only the end by agreement, proposed by the player at the keys (7.0)
        assert [a["type"] for _, a in app.screen.labelled] == ["propose-end"]
    assert all(a["type"] != "breach" for a in (e.action for e in session.log[played:]))


@pytest.mark.rules("betrayal:6.1", "betrayal:6.2.1", "betrayal:6.2.2")
def test_from_turn_three_each_player_plays_behind_the_cover() -> None:
    # no word and no gesture from turn 3: the hotseat client hides each turn from the other player
    session = at_turn_three()
    assert "may not confer" in game.covers(session.state)
    session.state.turn = 2
    assert not game.covers(session.state)


@pytest.mark.rules("betrayal:6.2.1")
@sync
async def test_the_cover_between_the_french_and_british_turns_says_why(tmp_path: Path) -> None:
    session = at_turn_three("french-regroup")
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        await pilot.press("e")  # the French regroup roll: the British turn follows
        await pilot.pause()
        cover = app.screen
        assert type(cover).__name__ == "HandoffScreen"
        assert cover.player == "British" and "may not confer" in cover.detail


@pytest.mark.rules("betrayal:6.0")
def test_one_person_taking_both_seats_plays_without_the_cover_or_the_penalties() -> None:
    # the ban on conferring binds two Allied players; one person playing both has no one to talk to
    session = Session.start(game, "betrayal/historical", {"players": "one"}, seed=3, seats={"french": "human", "british": "human", "german": "game"})
    session.state.turn = 3
    assert game.covers(session.state) == ""
    assert game.view(session.state)["breach_actions"] == [{"type": "end-by-agreement"}]  # no breach (6.0)
    with pytest.raises(IllegalAction) as refused:
        game.apply(session.state, {"type": "breach", "nation": "french"}, session.dice)
    assert "betrayal:6.0" in str(refused.value.case)
    assert session.state.penalties == {"french": [], "british": []}
    two = at_turn_three()
    assert game.covers(two.state) and game.view(two.state)["breach_actions"]


def test_the_players_option_is_offered_on_both_scenarios() -> None:
    assert all(info.options == {"players": ["two", "one"]} for info in game.scenarios())


def test_wargames_play_seats_the_automaton_with_the_game_not_a_person() -> None:
    # `wargames play` once seated the German side as a person: the hotseat cover then asked to pass
    # the keyboard to "the German player" before each automaton step (betrayal:3.4.1)
    from wargames_tui.cli import new_session

    session = new_session("betrayal/historical", {}, 1)
    assert session.seats == {"french": "human", "british": "human", "german": "game"}


def last_movement(players: str) -> Session:
    """A game the purposeful bot has played up to the last British movement phase (turn 12)."""
    from wargames_tui.bots import BOTS

    session = Session.start(game, "betrayal/historical", {"players": players}, seed=4, seats={"french": "human", "british": "human", "german": "game"})
    rng = random.Random(4)
    while not (session.state.turn == session.state.last_turn and session.state.phase == "british-movement"):
        session.act(BOTS["greedy"](session, rng))
    session._prompt = None
    return session


@pytest.mark.rules("betrayal:7.0")
@pytest.mark.parametrize("players", ["two", "one"])
@sync
async def test_the_last_key_of_the_game_shows_each_nations_result_and_why(tmp_path: Path, players: str) -> None:
    session = last_movement(players)
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        covered = type(app.screen).__name__ == "HandoffScreen"
        assert covered == (players == "two")  # the cover from turn 3 only when two people play (6.0)
        await past_cover(pilot, app)
        await pilot.press("e")  # end the British movement: nothing to fight, the game ends
        await pilot.pause()
        shown = app.screen
        assert type(shown).__name__ == "VictoryScreen"
        text = str(shown.query_one("#victory-text").render())
    judged = game.view(session.state)["victory"]
    assert session.outcome() is not None and session.outcome().level.startswith("French: ")
    assert "Areas of France German-held" in text and f"{judged['facts']['german_areas_in_france']} of 30" in text
    assert "points" not in text and "Nobody win" not in text


def before_turn_three(seed: int) -> Session:
    """A game the purposeful bot has played up to the British movement of turn 2, the British
    player's last choice of the turn."""
    from wargames_tui.bots import BOTS

    session = Session.start(game, "betrayal/historical", seed=seed, seats={"french": "human", "british": "human", "german": "game"})
    rng = random.Random(seed)
    while not (session.state.turn == 2 and session.state.phase == "british-movement"):
        session.act(BOTS["greedy"](session, rng))
    session._prompt = None
    return session


@pytest.mark.rules("betrayal:3.4.1", "betrayal:6.2.1")
@sync
async def test_after_the_automatons_rolls_the_cover_hands_the_keyboard_to_the_initiative_player(tmp_path: Path) -> None:
    # seed 5: the British player ends turn 2; turn 3 opens with the automaton's dice (initiative,
    # orders, tactics: the game's steps), and its first choice is the French player's, who won
    # the initiative: the cover names him, and his map is drawn only once it is lifted
    session = before_turn_three(5)
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "PlayScreen" and session.prompt.side == "british"
        played = len(session.log)
        await pilot.press("e")  # the British movement ends; nothing to fight, turn 3 begins
        for _ in range(40):  # the automaton's steps run on their own, until a person must choose
            if type(app.screen).__name__ == "HandoffScreen" or session.prompt.side in ("french", "british"):
                break
            await pilot.pause(0.05)
        await pilot.pause()
        assert (session.state.turn, session.state.initiative, session.prompt.side) == (3, "french", "french")
        cover = app.screen
        assert type(cover).__name__ == "HandoffScreen" and cover.player == "French"
        assert app.screen_stack[-2]._drawn_for != "french"  # the French view waits behind the cover
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "PlayScreen" and app.screen._drawn_for == "french"
    sides = [e.side for e in session.log[played:]]
    assert sides[0] == "british" and sides[1:] and all(s == "german" for s in sides[1:])
    assert all(e.action == {"type": "step"} for e in session.log[played + 1 :])  # one logged entry per automaton step


@pytest.mark.rules("betrayal:7.0")
@sync
async def test_t_offers_the_player_at_the_keys_his_own_part_of_an_end_by_agreement(tmp_path: Path) -> None:
    # 7.0 "earlier by agreement": either player could end the game alone; now one proposes and the
    # other answers, and t offers the player whose turn it is only what he may do in his own name.
    session = at_turn_three("french-movement")
    assert session.prompt.side == "french"
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        offered = [a for _, a in app.screen.labelled if a["type"] != "breach"]
        assert offered == [{"type": "propose-end", "side": "french"}]


@pytest.mark.rules("betrayal:7.0", "betrayal:6.2")
@sync
async def test_against_the_british_bot_the_french_player_acts_in_no_british_name(tmp_path: Path) -> None:
    # 7.0: each player proposes or answers in his own name; a bot neither proposes nor talks, so
    # neither the a list nor t offers the French player a British proposal or a British breach.
    session = at_turn_three("french-movement")
    session.seats["british"] = "bot:greedy"
    assert {"type": "propose-end", "side": "british"} in game.anytime(session.state)  # the rules list it
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        for key in ("a", "t"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ActionsScreen)
            named = [a for _, a in app.screen.labelled if isinstance(a, dict) and "british" in (a.get("side"), a.get("nation"))]
            assert named == [], key
            assert {"type": "propose-end", "side": "french"} in [a for _, a in app.screen.labelled]
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.rules("betrayal:7.0")
@sync
async def test_the_british_bot_answers_the_french_players_proposal(tmp_path: Path) -> None:
    # 7.0: the other player agrees or declines. Against the British bot the French proposal was
    # left unanswered: the bot plays only its prompts, and no one else may answer in its name.
    session = at_turn_three("french-movement")
    session.seats["british"] = "bot:greedy"
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        await pilot.press("t")
        await pilot.pause()
        choices = [a for _, a in app.screen.labelled]
        await pilot.press(*["down"] * choices.index({"type": "propose-end", "side": "french"}), "enter")
        await pilot.pause(0.3)
        assert {"type": "propose-end", "side": "french"} in [e.action for e in session.log]
        answers = [e.action for e in session.log if e.action.get("type") in ("agree-end", "decline-end")]
        # Judged now, every British unit still fighting in France is a British Major Victory (7.0).
        assert answers == [{"type": "agree-end", "side": "british"}]
        assert session.outcome() is not None and session.state.end_proposed is None
