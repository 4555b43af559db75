"""Dynamo in the client, by keys: before a Blitz or prepared assault is committed, the hex panel
says what it would be (the game's `preview`), from what the attacker may know (11.2)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.games.dynamo.helpers import act, empty, put
from tests.ui.helpers import goto, make_app, play_screen, sync
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import dynamo

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
HOTSEAT = {"german": "human", "allied": "human"}


def panel_text(screen) -> str:  # noqa: ANN001 - the play screen
    return str(screen.query_one("#stack").render())


async def opened(pilot, app):  # noqa: ANN001, ANN201 - textual Pilot and screen
    await pilot.pause()
    if type(app.screen).__name__ == "HandoffScreen":
        await pilot.press("enter")
        await pilot.pause()
    return play_screen(app)


@pytest.mark.rules("dynamo:16.2", "dynamo:11.2")
@sync
async def test_the_odds_of_a_prepared_assault_are_shown_before_it_is_committed(tmp_path: Path) -> None:
    state = empty("german-assault")
    state.raf = False
    put(state, "2116", "f-1na")  # a lone 4-6: the German knows it
    put(state, "2316", "f-2na", "f-dummy1")  # a dummy on a 4-6: he does not
    put(state, "2216", "g-12id")  # 6-8, next to both
    session = Session(dynamo, "dynamo/campaign", {}, state, Dice(1), dict(HOTSEAT))
    app = make_app(tmp_path, session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot, app)
        await goto(pilot, app, "2216")
        await pilot.press("enter")  # gather the 12th Infantry
        assert screen.pane.sel.attackers == ("g-12id",)
        await goto(pilot, app, "2116")
        assert screen.pane.hint().endswith("with 1 gathered")
        assert str(screen.pane.preview()) == "6 vs 6 = 1-1 on clear; 1 ./1, 2-3 1/1, 4 2/1, 5 ./., 6 1/."
        assert "6 vs 6 = 1-1 on clear" in panel_text(screen) and "1 ./1, 2-3 1/1, 4 2/1, 5 ./., 6 1/." in panel_text(screen)
        await goto(pilot, app, "2316")
        shown = str(screen.pane.preview())
        assert "attack 6 vs a stack of 2, not all seen" in shown
        assert "4-6" not in shown and " = " not in shown


@pytest.mark.rules("dynamo:12.4")
@sync
async def test_a_blitz_shows_its_odds_and_cost_on_the_target(tmp_path: Path) -> None:
    state = empty("german-move")
    put(state, "2116", "b-tf4")  # 1-2
    put(state, "2117", "g-10pz")  # 12-7
    act(state, {"type": "pick", "units": ["g-10pz"]})
    session = Session(dynamo, "dynamo/campaign", {}, state, Dice(1), dict(HOTSEAT))
    app = make_app(tmp_path, session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot, app)
        await goto(pilot, app, "2116")
        assert screen.pane.hint() == "Enter: Blitz 2116 here"  # the action in the game's words
        assert str(screen.pane.preview()) == "12 vs 2 = 6-1 on clear, +2 Blitz; 1 1/3, 2 ./2, 3 1/2, 4 ./1, 5-6 1/1; costs 2 MP (12.3-12.7)"
        assert "+2 Blitz (" in panel_text(screen)  # the modifier on its own line, with its case
        before = len(session.log)
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[before].action == {"type": "blitz", "hex": "2116"}


@pytest.mark.rules("dynamo:14.2")
def test_the_movement_prompt_names_the_force_march_when_it_is_open() -> None:
    state = dynamo.new("dynamo/campaign", {})
    while state.phase == "luftwaffe":
        p = dynamo.prompt(state)
        if not state.air_left:
            assert p.text == "Every Luftwaffe factor is placed: end the phase."
        dynamo.apply(state, p.actions[0], Dice(1))
    assert "force march the 2nd Panzer (14.2)" in dynamo.prompt(state).text
    dynamo.apply(state, {"type": "force-march", "korps": "2pz"}, Dice(1))
    assert "force march" not in dynamo.prompt(state).text


@pytest.mark.rules("dynamo:16.19")
def test_the_assault_prompt_names_the_counter_stroke_before_the_first_assault() -> None:
    state = empty("allied-assault")
    put(state, "2116", "g-12id")
    put(state, "2115", "b-1")
    assert "counter stroke first (16.19)" in dynamo.prompt(state).text
    state.counter_stroke = "used"
    assert "counter stroke" not in dynamo.prompt(state).text


@pytest.mark.rules("dynamo:9.1")
@sync
async def test_enter_beyond_the_picked_stacks_reach_says_the_rules_reason(tmp_path: Path) -> None:
    # issue 27 "A reason for every refusal": a move beyond reach got "No legal action names 2608:
    # Enter on a lit hex or on a unit that can act; a lists them all" (no reason, no case).
    state = empty("german-move")
    put(state, "2117", "g-10pz")  # 12-7
    act(state, {"type": "pick", "units": ["g-10pz"]})
    session = Session(dynamo, "dynamo/campaign", {}, state, Dice(1), dict(HOTSEAT))
    app = make_app(tmp_path, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot, app)
        await goto(pilot, app, "2608")
        before = len(session.log)
        await pilot.press("enter")
        await pilot.pause()
        said = " ".join(str(app.screen.query_one("#prompt").render()).split())
        assert "(dynamo:9.1)" in said and "2608" in said and "No legal action names" not in said, said
        assert len(session.log) == before
