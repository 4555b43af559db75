"""Springtime for Hitler in the client, driven by keys: the bids on the new-game screen, and an
attack whose units the player picks, with its values shown before it is committed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Select

from tests.ui.areahelpers import area_screen, goto
from tests.ui.helpers import SIZE, choose_scenario, make_app, sync
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import springtime
from wargames_tui.ui.screens.actions import ActionsScreen
from wargames_tui.ui.widgets.areamap import AreaMap

from .helpers import FG, assault, empty_board, fresh, put

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
HOTSEAT = {"allied": "human", "axis": "human"}


async def past_cover(pilot, app) -> None:
    """Enter on the hotseat cover, if the game shows it (HIDDEN)."""
    await pilot.pause()
    if type(app.screen).__name__ == "HandoffScreen":
        await pilot.press("enter")
        await pilot.pause()


@pytest.mark.rules("springtime:17.1")
@sync
async def test_the_bids_are_offered_on_the_new_game_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await choose_scenario(pilot, app, FG)
        bids = screen.query_one("#opt-bids", Select)
        assert [str(v) for _, v in bids._options] == ["off", "on"]
        bids.value = "on"
        await pilot.pause()
        await pilot.press("f5")
        await past_cover(pilot, app)
        session = area_screen(app).session
        assert (session.prompt.side, session.prompt.case) == ("allied", "springtime:17.1")  # the first bidder (test_bids.py)


def contested_22() -> Session:
    """Axis Army Group B assaulting with three units that began the impulse in Area 22, which the
    French 7th Army still holds: an optional attack with any of them (10.2, 10.3)."""
    state = empty_board(fresh())
    for uid in ("de-6a", "de-18a", "de-schmidt"):
        put(state, uid, "22")
    put(state, "fr-7a", "22", leader=True)
    assault(state, "axis", ["B"], 2)
    return Session(springtime, FG, {}, state, Dice(7), dict(HOTSEAT))


@pytest.mark.rules("springtime:10.2", "springtime:10.3", "springtime:10.4.2")
@sync
async def test_a_player_picks_the_attackers_and_sees_the_values_before_committing(tmp_path: Path) -> None:
    session = contested_22()
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        screen = area_screen(app)
        await goto(pilot, screen, "22")
        assert screen.pane.numbered[:3] == ["de-18a", "de-6a", "de-schmidt"]
        await pilot.press("1", "3")  # the 18th Army and Schmidt's panzers; the 6th Army stays out
        assert screen.pane.picked == ["de-18a", "de-schmidt"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        labels = [text for text, _ in app.screen.labelled]
        attacks = [text for text, a in app.screen.labelled if a["type"] == "attack"]
        assert attacks and all(" vs defence " in text for text in attacks), labels
        assert all(set(a["units"]) <= {"de-18a", "de-schmidt"} for _, a in app.screen.labelled if a["type"] == "attack")
        # Led by Schmidt [39th] (CV 4) with the 18th Army (+1), no leaders, no air: attack 5; the 7th
        # Army (CV 4) with Giraud (+2) on TEM +1 defends at 7, or 10 with the French air (+3).
        line = next(text for text, a in app.screen.labelled
                    if a["type"] == "attack" and len(a["units"]) == 2 and a["lead"] == "de-schmidt" and a["air"] is None)
        assert "attack 5 (lead CV 4) vs defence 7-10, +1 other units; 90% repulse, 5% overrun, 4% stalemate" in line
        await pilot.press(*["down"] * labels.index(line), "enter")  # down the list to that line
        await pilot.pause()
        combat = session.state.combat
        assert combat is not None and combat["attackers"] == ["de-18a", "de-schmidt"] and combat["lead"] == "de-schmidt"
        assert session.state.units["de-6a"]["at"] == "22"


def assault_from_22() -> Session:
    """Axis Army Group B assaulting with three units in Area 22 (Area 17 empty and Allied, next door)."""
    state = empty_board(fresh())
    for uid in ("de-6a", "de-18a", "de-schmidt"):
        put(state, uid, "22")
    put(state, "fr-7a", "9", leader=True)
    assault(state, "axis", ["B"], 2)
    return Session(springtime, FG, {}, state, Dice(7), dict(HOTSEAT))


async def pick_and_enter(pilot, app, keys: list[str], to: str):  # noqa: ANN001, ANN201 - textual's Pilot, App
    """Past the cover, pick units of Area 22 with these keys, then Enter on Area `to`."""
    await past_cover(pilot, app)
    screen = area_screen(app)
    await goto(pilot, screen, "22")
    await pilot.press(*keys)
    await goto(pilot, screen, to)
    await pilot.press("enter")
    await pilot.pause()
    return screen


@pytest.mark.rules("springtime:9.1")
@sync
async def test_enter_on_a_neighbouring_area_steps_every_picked_unit_there(tmp_path: Path) -> None:
    session = assault_from_22()
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pick_and_enter(pilot, app, ["1", "3"], "17")  # the 18th Army and Schmidt's panzers
        at = {u: session.state.units[u]["at"] for u in ("de-6a", "de-18a", "de-schmidt")}
        assert at == {"de-6a": "22", "de-18a": "17", "de-schmidt": "17"}
        # One at a time (9.1): the 18th Army's move ended when Schmidt's began, so the picks are dropped.
        assert [e.action for e in session.log[-2:]] == [
            {"type": "move", "unit": "de-18a", "to": "17"}, {"type": "move", "unit": "de-schmidt", "to": "17"}]
        assert screen.pane.picked == []


@pytest.mark.rules("springtime:9.2")
@sync
async def test_a_lone_picked_unit_stays_picked_and_goes_on_with_enter(tmp_path: Path) -> None:
    session = assault_from_22()
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await pick_and_enter(pilot, app, ["3"], "17")  # Schmidt's panzers (4 MF), alone
        assert session.state.units["de-schmidt"]["at"] == "17" and screen.pane.picked == ["de-schmidt"]
        await goto(pilot, screen, "24")
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units["de-schmidt"]["at"] == "24"


@pytest.mark.rules("springtime:6.1.1")
@sync
async def test_in_hotseat_the_allied_player_reads_his_marker_before_the_cover(tmp_path: Path) -> None:
    session = Session.start(springtime, FG, {}, seed=3, seats=dict(HOTSEAT))
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        screen = area_screen(app)
        screen.play({"type": "draw"})
        await pilot.pause()
        held = session.state.hands["allied"][0]
        name = springtime.load_board().events[held].name
        cover = app.screen
        assert type(cover).__name__ == "HandoffScreen"
        shown = str(cover.query_one("#handoff-box").render())
        assert "For the Allied player only" in shown and name in shown and "Axis" in shown
        assert screen._drawn_for == "allied"
        await pilot.press("enter")  # the Allied player has read it: now the cover proper
        await pilot.pause()
        shown = str(app.screen.query_one("#handoff-box").render())
        assert name not in shown and "Pass the keyboard to the Axis player" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert area_screen(app)._drawn_for == "axis"


@pytest.mark.rules("springtime:9.1")
@sync
async def test_in_hotseat_the_axis_player_sees_where_his_units_may_go(tmp_path: Path) -> None:
    from .test_snapshot import german_surprise

    session = german_surprise()
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        screen = area_screen(app)
        assert screen.pane.player_side() == "axis"
        await goto(pilot, screen, "5")
        lit = screen.query_one(AreaMap).highlights
        steps = {a["to"] for a in session.prompt.actions
                 if a["type"] == "move" and session.state.units[a["unit"]]["at"] == "5"}
        assert steps and {z for z, light in lit.items() if light == "reach"} == steps
        assert lit["5"] == "selected"


@sync
async def test_after_the_cover_the_cursor_goes_to_the_new_players_units(tmp_path: Path) -> None:
    session = Session.start(springtime, FG, {}, seed=3, seats=dict(HOTSEAT))
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        screen = area_screen(app)
        assert screen.pane.cursor in {u["zone"] for u in screen.view["units"] if u["side"] == "allied" and u["zone"]}
        screen.play({"type": "draw"})
        await pilot.press("enter", "enter")  # the Allied player's marker, then the cover
        await pilot.pause()
        axis = {u["zone"] for u in area_screen(app).view["units"] if u["side"] == "axis" and u["zone"]}
        assert screen._drawn_for == "axis" and screen.pane.cursor in axis


def test_a_contested_area_shows_the_allied_count_left_and_the_axis_count_right() -> None:
    from wargames_tui.games.springtime.present.look import LOOK
    from wargames_tui.ui.widgets.areamap import build_layout

    state = empty_board(fresh())
    for uid in ("fr-2a", "fr-6a", "fr-7a"):
        put(state, uid, "24")
    put(state, "de-guderian", "24")
    view = springtime.view(state, "axis")
    here = [u for u in view["units"] if u["zone"] == "24"]
    layout = build_layout(view["picture"], view["zones"], view["links"], LOOK.link_chars, LOOK.over_links)
    row, first, last = layout.labels["24"]
    cells = {c: m[0] for (r, c), m in zip(layout.spots["24"], LOOK.markers(view["zones"]["24"], here))}
    assert cells == {last + 1: "1", first - 1: "3"}  # "3<24}1": three Allied, one Axis
    assert LOOK.occupied(view["zones"]["24"], here, "axis") == ("<", "}")


@pytest.mark.rules("springtime:10.1")
@sync
async def test_the_defence_prompt_names_the_attack_still_owed_as_the_axiss(tmp_path: Path) -> None:
    """At 80x24 the Allied defence prompt says the attack on 9 is still to come from the Axis, not
    "Still to do" as if it were the Allied player's own task; so does the standing (v)."""
    from tests.games.springtime.test_contract import defending_22_with_9_still_owed

    session = Session(springtime, FG, {}, defending_22_with_9_still_owed(), Dice(7), dict(HOTSEAT))
    app = make_app(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_cover(pilot, app)
        screen = area_screen(app)
        line = screen._owed_line().plain
        assert line == " · Still to come from the Axis: attack French Flanders (9) with the units that entered it (springtime:10.1)"
        await pilot.press("v")
        await pilot.pause()
        body = app.screen.body
        text = "\n".join(r.plain for r in body.renderables if hasattr(r, "plain"))
        assert "Still to do" not in text, text
        assert "Still to come from the Axis:\n• attack French Flanders (9)" in text, text


@pytest.mark.rules("springtime:6.1.1", "springtime:15.1")
def test_typing_keep_at_the_event_prompt_finds_the_choice_to_hold_the_marker() -> None:
    """The rules' choice at an Event prompt is to play the marker or hold on to it (6.1.1: "a player
    may hold on to an Event marker as long as they wish"): the option not to play is named so, and
    the action list's filter finds it by "keep" or "hold" (it was "no, go on")."""
    from wargames_tui.games.springtime.present.words import describe
    from wargames_tui.ui.screens.actions import ranked

    session = Session.start(springtime, FG, {}, seed=1, seats=dict(HOTSEAT))
    for action in ({"type": "draw"}, {"type": "draw"}, {"type": "kleist", "unit": "de-guderian"}):
        session.act(action)
    p = session.prompt
    assert p.case == "springtime:15.1" and p.side == "allied"
    view = springtime.view(session.state, "allied")
    rows = [describe(a, view).lower() for a in p.actions]
    decline = p.actions.index({"type": "decline"})
    assert all(ranked(word, rows)[:1] == [decline] for word in ("keep", "hold"))


@pytest.mark.rules("springtime:10.4.3", "springtime:10.4.4")
def test_the_defender_sees_his_value_against_the_declared_attack() -> None:
    from wargames_tui.games.springtime.contract import results

    session = contested_22()
    session.act({"type": "attack", "area": "22", "units": ["de-18a", "de-schmidt"], "lead": "de-schmidt", "air": None})
    # As worked out above: attack 5 (Schmidt CV 4, the 18th Army +1); the 7th Army with Giraud on
    # TEM +1 defends at 7, or 10 with the French air (+3).
    plain = springtime.preview(session.state, {"type": "defend", "lead": "fr-7a", "air": None})
    chance = {r.result: r.rolls for r in plain.results}
    assert plain.odds.startswith("defence 7 ") and plain.odds.endswith(" vs attack 5")
    assert chance["repulse"] == f"{round(100 * results(-2)['repulse'])}%" and chance["stalemate"] == f"{round(100 * results(-2)['stalemate'])}%"
    air = next(a for a in session.prompt.actions if a["type"] == "defend" and a["air"])
    assert str(springtime.preview(session.state, air)).startswith("defence 10 ")
    assert springtime.preview(session.state, {"type": "defend", "lead": "de-6a", "air": None}) is None  # not a defender


@sync
async def test_the_bots_tag_names_its_side_and_marks_only_what_the_bot_did(tmp_path: Path) -> None:
    """The Axis bot's defence decision is logged "[Axis bot] ..." (not "[Axi bot]"); the result
    it brings on the player's own failed attack follows untagged; a unit that holds is named."""
    from wargames_tui.engine.flow import Event
    from wargames_tui.engine.session import LogEntry

    session = Session.start(springtime, "springtime/fall-gelb", seed=1, seats={"allied": "human", "axis": "bot:greedy"})
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(pilot, app)
        entry = LogEntry({"type": "stay", "unit": "de-6"}, [], "axis",
                         [Event("action", "6th Army holds its ground"), Event("morale", "French Morale -1")])
        lines = [line.plain for line in app.screen.entry_lines(entry, "allied")]
        assert lines == ["[Axis bot] 6th Army holds its ground", "French Morale -1"]


@pytest.mark.rules("springtime:10.5.3")
def test_a_unit_that_holds_its_ground_is_named() -> None:
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.games.springtime.data import load_board

    session, rng = Session.start(springtime, "springtime/fall-gelb", seed=2), random.Random(2)
    for _ in range(3000):
        stay = next((a for a in springtime.prompt(session.state).actions if a["type"] == "stay"), None)
        if stay:
            break
        session.act(random_bot(session, rng))
    assert stay, "no retreat choice met"
    events = springtime.apply(springtime.copy_state(session.state), stay, Dice(1))
    assert events[0].text == f"{load_board().units[stay['unit']].name} holds its ground"
