"""The side column's rule (ui/panes/fit.py, docs/GAMES.md "The side column"), issue 27's layout:
the log keeps its lines, every panel shown is whole (never cut by the box or under the log), the
panels left out are named and shown by the toggle key, and a combat's result stays in view."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.ui.helpers import make_app, sync
from tests.ui.test_play_contract import opened, text_of
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for
from wargames_tui.present import presentation
from wargames_tui.ui.panes.fit import Fit, fit_side
from wargames_tui.ui.screens.play import PlayScreen

SIZES = {"120x40": (120, 40), "80x24": (80, 24)}
LOG_LINES = {"120x40": 5, "80x24": 2}  # lines of text under the log's border (a short terminal's is a top rule)


def test_nothing_is_left_out_when_every_panel_fits() -> None:
    assert fit_side(30, {"stack": 10, "standing": 7, "crt": 9, "track": 4}, ("track", "crt")) == Fit()


def test_the_panels_leave_in_the_panes_order_until_the_rest_fits() -> None:
    heights = {"stack": 10, "standing": 6, "crt": 15, "track": 8}
    assert fit_side(31, heights, ("track", "crt")) == Fit(("track",))  # 39 rows, 31 without the turn track
    assert fit_side(30, heights, ("track", "crt")) == Fit(("track", "crt"))
    assert fit_side(29, {"stack": 10, "standing": 6, "track": 8}, ("track", "crt")) == Fit()  # no table shown: none to leave


def test_the_scrolling_panel_gives_up_rows_down_to_its_floor_before_any_panel_leaves() -> None:
    heights = {"zone": 20, "standing": 4, "track": 8}
    assert fit_side(30, heights, ("track",), yields="zone", floor=8) == Fit((), most=18)
    # at 80x24: the zone would keep 8 rows beside the turn panel's 11; the turn panel leaves instead
    assert fit_side(16, {"zone": 13, "track": 11}, ("track",), yields="zone", floor=8) == Fit(("track",))
    assert fit_side(10, {"zone": 13, "track": 11}, ("track",), yields="zone", floor=8) == Fit(("track",), most=10)
    # all that may leave has left: the zone gives up more, down to its title and two lines
    assert fit_side(17, {"zone": 9, "fight": 10, "standing": 4}, ("track",), yields="zone", floor=8) == Fit((), most=3)


def whole(screen: PlayScreen) -> bool:
    box = screen.query_one("#panels").region
    return all(box.contains_region(p.region) for p in screen.query("#panels > *") if p.display)


async def laid_out(pilot, screen: PlayScreen) -> None:  # noqa: ANN001 - textual Pilot
    """The rule runs once the column is laid out, a refresh or two later: on a loaded machine that
    can take more than the 0.1 s it takes here, so the test looks again for up to 3 s."""
    for _ in range(30):
        await pilot.pause(0.1)
        if whole(screen):
            return


async def side_is_whole(pilot, screen: PlayScreen, size: str) -> None:  # noqa: ANN001 - textual Pilot
    """Every panel shown lies inside the box; the log keeps its lines; each panel left out is named
    under the log and shown whole by the toggle key, in the log's place."""
    await laid_out(pilot, screen)
    side = screen.pane.side
    box = screen.query_one("#panels").region
    for panel in screen.query("#panels > *"):
        if panel.display:
            assert box.contains_region(panel.region), f"#{panel.id} {panel.region} is cut by the box {box}"
    log = screen.query_one("#log")
    assert log.size.height >= LOG_LINES[size], f"the log has {log.size.height} lines"  # size: within the border
    if not side.left_out:
        return
    named = str(log.border_subtitle) if size == "120x40" else text_of(screen, "#prompt")  # a short log has a top rule only
    assert side.left_out_note() in " ".join(named.split()), named
    seen: set[str] = set()
    for _ in range(len(side.leave) + 1):  # as many as the column holds at each press, then the log again
        await pilot.press(side.toggle)
        await laid_out(pilot, screen)
        if log.display:
            break
        box = screen.query_one("#panels").region
        shown = [p for p in screen.query("#panels > *") if p.display]
        assert shown and all(box.contains_region(p.region) for p in shown), f"{side.toggle} cut {[p.id for p in shown]}"
        seen |= {str(p.id) for p in shown}
    assert log.display and set(side.left_out) <= seen, f"{side.toggle} showed {seen}, not all of {side.left_out}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scenario", [info.id for info in all_scenarios()])
@sync
async def test_every_panel_in_the_side_column_is_whole_and_the_log_keeps_its_lines(save_dir: Path, scenario: str, size: str) -> None:
    # Before: the box of panels took 75% of the column and cut what did not fit: Dunkerque's and
    # Dieppe's Turn panel under the log, the Seeds' turn panel (the Allied hand) below the box.
    app = make_app(save_dir, Session.start(game_for(scenario), scenario, seed=1))
    async with app.run_test(size=SIZES[size]) as pilot:
        screen = await opened(app, pilot)
        await side_is_whole(pilot, screen, size)


def springtime_fight() -> Session:
    """Fall Gelb played at random (seed 1) until a combat is under way (its panel shows)."""
    session = Session.start(game_for("springtime/fall-gelb"), "springtime/fall-gelb", seed=1)
    terms = presentation(session.game).area
    rng = random.Random(1)
    while not terms.fight_text(session.view(None), terms, {}):
        session.act(rng.choice(session.prompt.actions))
    return session


@pytest.mark.parametrize("size", SIZES)
@sync
async def test_springtimes_combat_panel_leaves_every_other_panel_whole(save_dir: Path, size: str) -> None:
    app = make_app(save_dir, springtime_fight())
    async with app.run_test(size=SIZES[size]) as pilot:
        screen = await opened(app, pilot)
        assert screen.query_one("#fight").display
        await side_is_whole(pilot, screen, size)


@sync
async def test_an_area_games_combat_result_stays_in_view_on_a_short_terminal(save_dir: Path) -> None:
    # Before: at 80x24 the standing panel (where the last results are) was hidden, and the fight
    # panel goes once the combat is over: the result was only in the log.
    session = springtime_fight()
    app = make_app(save_dir, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        rng = random.Random(1)
        while not screen.last_results:
            screen.play(rng.choice(session.prompt.actions))
            await pilot.pause()
        if not isinstance(app.screen, PlayScreen):
            await pilot.press("enter")  # the hotseat cover
        await laid_out(pilot, screen)
        standing = screen.query_one("#standing")
        assert standing.display and "Last:" in text_of(screen, "#standing")
        assert screen.query_one("#panels").region.contains_region(standing.region)


@sync
async def test_blitzkriegs_last_result_is_whole_under_a_padded_hex_panel(save_dir: Path) -> None:
    # Before: the Hex panel kept the height of its tallest text and pushed the standing panel's
    # "Last:" lines (the combat's result) out of the box.
    session = Session.start(game_for("blitzkrieg-1940/1940"), "blitzkrieg-1940/1940", seed=1)
    rng = random.Random(1)
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(app, pilot)
        while not any(e.kind == "combat" for e in (session.log[-1].events if session.log else [])):
            actions = session.prompt.actions
            historical = [a for a in actions if a.get("type") in ("historical", "place-rest")]
            screen.play(historical[0] if historical else rng.choice(actions))
            await pilot.pause()
        if not isinstance(app.screen, PlayScreen):
            await pilot.press("enter")  # the hotseat cover
        for key in ("right", "down", "left", "up"):  # the Hex panel keeps its tallest height
            await pilot.press(key)
        await side_is_whole(pilot, screen, "120x40")
        assert "Last:" in text_of(screen, "#standing")


def test_the_toggle_shows_the_first_panels_that_fit_together() -> None:
    from wargames_tui.ui.panes.side import first_that_fit

    assert first_that_fit(["track", "crt"], {"track": 6, "crt": 9}, 20) == ("track", "crt")
    assert first_that_fit(["track", "crt"], {"track": 8, "crt": 14}, 19) == ("track",)  # Dynamo at 80x24: the table next
    assert first_that_fit(["crt"], {"crt": 30}, 19) == ("crt",)  # one at least


@sync
async def test_a_grown_standing_panel_stays_whole_where_no_panel_is_left_to_leave(save_dir: Path) -> None:
    # Before: Khar'kov's German reinforcement phase after the Soviet bot's attack: the Hex panel
    # padded to its tallest text, the arrivals list and the Standing panel with the attack's
    # result took more rows than the box; nothing was left to leave out, and the Standing
    # panel's last lines lay under the log. Now the Hex panel gives up its padding.
    scenario = "panzer-corps/kharkov"
    session = Session.start(game_for(scenario), scenario, seed=4, seats={"su": "bot:greedy", "de": "human"})
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await opened(app, pilot)
        for _ in range(400):  # the bot's set-up and first turn
            if session.state.turn == 1 and session.state.side == "de":
                break
            await pilot.pause(0.05)
        for key in ("right", "down", "left", "up", "right"):
            await pilot.press(key)
        assert "Last:" in text_of(screen, "#standing") and screen.query_one("#pending").display
        await side_is_whole(pilot, screen, "120x40")
