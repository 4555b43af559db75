"""The play contract on screen (issue 27): where the game stands, each side's forces, what is
still owed, the results of the last combat, the preview of the action under the cursor, and a log
that keeps its lines; for every scenario."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from tests.ui.helpers import SIZE, arrange_attack, goto, make_app, new_session, past_cover, play_screen, sync
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for
from wargames_tui.present import map_kind, presentation
from wargames_tui.ui.screens.standing import LogScreen, StandingScreen

SCENARIOS = [info.id for info in all_scenarios()]


def text_of(screen, selector: str) -> str:  # noqa: ANN001 - the play screen
    return str(screen.query_one(selector).render())


async def opened(app, pilot):  # noqa: ANN001, ANN201 - textual app and Pilot
    await past_cover(app, pilot)
    return play_screen(app)


@pytest.mark.parametrize("scenario", SCENARIOS)
@sync
async def test_every_game_shows_where_it_stands_and_keeps_five_lines_of_log(save_dir: Path, scenario: str) -> None:
    game = game_for(scenario)
    session = Session.start(game, scenario, seed=1)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        standing = game.standing(session.state, screen._drawn_for)
        shown = " ".join(text_of(screen, "#standing").split())
        assert " ".join(standing.if_ended.split())[:30] in shown
        box, panel = screen.query_one("#panels").region, screen.query_one("#standing").region
        assert box.contains_region(panel), f"the standing panel {panel} is cut by the box {box}"
        log = screen.query_one("#log")
        assert log.size.height >= 5, f"the log has {log.size.height} lines"  # Widget.size: within the border


@sync
async def test_v_shows_the_conditions_what_is_owed_and_each_sides_forces(save_dir: Path) -> None:
    from tests.ui.helpers import start

    session = start("kharkov")
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, StandingScreen)
        lines = " ".join(str(line.text) for line in app.screen.query_one("#standing-text").lines)
        assert "Victory conditions" in lines and "(kharkov:4.0)" in lines and "If the game ended now:" in lines
        for side in session.view(None)["sides"].values():
            assert side in lines
        assert lines.count("On the map (") == 2 and lines.count("To come (") == 2 and lines.count("Eliminated (") == 2
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


@sync
async def test_L_shows_the_whole_log_and_finds_lines(save_dir: Path) -> None:
    session = new_session()
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        arrange_attack(session)  # a move, in the log
        screen._rewrite_log()
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        every = len(app.screen.lines)
        assert every >= 1
        await pilot.press(*"zzzz")
        await pilot.pause()
        assert app.screen.query_one("#log-full").border_subtitle == f"0 of {every} lines with 'zzzz'"
        await pilot.press(*["backspace"] * 4)
        await pilot.pause()
        assert app.screen.query_one("#log-full").border_subtitle == f"{every} of {every} lines"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


@sync
async def test_the_combat_result_stays_in_view_until_the_players_next_action(save_dir: Path) -> None:
    session = new_session(seed=1)
    attackers, defender = arrange_attack(session)
    session.act({"type": "end-phase"})
    session.act({"type": "declare", "attackers": attackers, "defender": defender})
    session.act({"type": "end-declarations"})
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        # before the roll, the panel previews the attack under the cursor: odds, case, the table row
        await goto(pilot, app, session.state.units[defender].hex)
        preview = screen.pane.preview()
        assert preview is not None and preview.results
        assert preview.odds in " ".join(text_of(screen, "#stack").split())
        await pilot.press("r")
        await pilot.pause()
        combat = [e.text for e in session.log[-1].events if e.kind == "combat"]
        assert combat and combat[0][:30] in " ".join(text_of(screen, "#standing").split())
        # the next action a player takes clears it (a retreat, an advance or an end of phase)
        assert "Last:" in text_of(screen, "#standing")
        screen.play(session.prompt.actions[0])
        await pilot.pause()
        assert not any(e.kind in ("combat", "roll") for e in session.log[-1].events)
        assert "Last:" not in text_of(screen, "#standing")


@sync
async def test_e_with_something_skippable_still_owed_asks_once_naming_it(save_dir: Path) -> None:
    from tests.ui.helpers import start

    session = start("kharkov")  # the Soviet reinforcements: bringing them on is optional
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        owed = [o for o in session.game.owed(session.state) if o.skippable]
        assert owed
        assert owed[0].text in " ".join(text_of(screen, "#prompt").split())  # said before e is pressed
        phase = session.state.phase
        await pilot.press("e")
        await pilot.pause()
        assert session.state.phase == phase
        assert screen.message[1] == "error" and owed[0].text in screen.message[0] and owed[0].case in screen.message[0]
        await pilot.press("e")
        await pilot.pause()
        assert session.state.phase != phase


@sync
async def test_hex_ids_are_hidden_until_hash_shows_them(save_dir: Path) -> None:
    from wargames_tui.ui.widgets.hexmap import HexMap

    app = make_app(save_dir, new_session())
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        hexmap = screen.query_one(HexMap)
        empty = next(h for h, c in hexmap.data.cells.items() if not c.label and h not in hexmap.counters and hexmap.data.drawn(h))

        def upper_line() -> str:
            from wargames_tui.hexdraw import cell_origin

            x, y = cell_origin(hexmap.data, empty)
            return "".join(s.text for s in hexmap._build_line(y))[x : x + 4]

        assert upper_line() == "    "
        await pilot.press("number_sign")
        await pilot.pause()
        assert upper_line() == empty and "Hex ids shown" in screen.message[0]
        await pilot.press("number_sign")
        await pilot.pause()
        assert upper_line() == "    "


@sync
async def test_a_long_prompt_wraps_at_80_columns_instead_of_being_cut(save_dir: Path) -> None:
    app = make_app(save_dir, new_session())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        words = "Nothing is chosen here, and this sentence is long enough to need a second line at eighty columns."
        screen.say(words)
        await pilot.pause()
        prompt = screen.query_one("#prompt")
        assert prompt.size.height >= 2
        assert " ".join(str(prompt.render()).split()) == words


@pytest.mark.parametrize("size", [(80, 24), SIZE])
@sync
async def test_the_prompt_line_says_what_is_still_owed_and_where_the_standing_is(save_dir: Path, size: tuple[int, int]) -> None:
    # Khar'kov's Soviet set-up: the first unit to set up, in full with its case, and how many more;
    # at 80x24, where the standing panel has no room, the prompt line points to v.
    game = game_for("panzer-corps/kharkov")
    session = Session.start(game, "panzer-corps/kharkov", seed=1)
    owed = game.owed(session.state)
    app = make_app(save_dir, session)
    async with app.run_test(size=size) as pilot:
        screen = await opened(app, pilot)
        line = " ".join(text_of(screen, "#prompt").split())
        assert f"Still to do: {owed[0].text} ({owed[0].case}), and {len(owed) - 1} more" in line
        assert ("v: standing" in line) == (size == (80, 24))


@sync
async def test_the_prompt_line_says_the_luftwaffe_factors_owed_once(save_dir: Path) -> None:
    # Dynamo's air phase: the prompt said "3 factor(s) left to place on German units" and the owed
    # item after it said "place 3 more Luftwaffe factor(s) on German units" (dynamo:8.1).
    app = make_app(save_dir, Session.start(game_for("dynamo/campaign"), "dynamo/campaign", seed=1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        line = " ".join(text_of(screen, "#prompt").split())
        assert "Still to do: place 3 more Luftwaffe factor(s) on German units (dynamo:8.1)" in line
        assert line.count(" 3 ") == 1, line


@sync
async def test_dummies_waiting_to_be_placed_carry_no_serial_number(save_dir: Path) -> None:
    # Dynamo No Halt Order's set-up: the waiting panel listed "German dummy 1" .. "German dummy 4",
    # numbers no counter carries; dummies are alike (dynamo:11.2).
    app = make_app(save_dir, Session.start(game_for("dynamo/no-halt-order"), "dynamo/no-halt-order", seed=1))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        console = Console(width=200)
        with console.capture() as shown:
            console.print(screen.query_one("#pending").content)
        waiting = " ".join(shown.get().split())
        assert "German dummy" in waiting
        assert not re.search(r"dummy \d", waiting), waiting


@pytest.mark.parametrize("scenario", SCENARIOS)
@sync
async def test_the_prompt_line_is_shown_whole_at_80x24(save_dir: Path, scenario: str) -> None:
    # Betrayal's German movement by the French player at 80x24: the prompt, the owed item and
    # "v: standing" took four lines and the last was cut ("and 26 more  v:").
    game = game_for(scenario)
    session = Session.start(game, scenario, seed=1)
    auto = presentation(game).area.automatic_action if map_kind(game) == "area" else ""
    while auto and session.prompt.actions and session.prompt.actions[0]["type"] == auto:
        session.act(session.prompt.actions[0])  # past the steps the game plays itself, to a player's decision
    app = make_app(save_dir, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        prompt = screen.query_one("#prompt")
        assert len(prompt.render().wrap(prompt.content_region.width)) <= prompt.size.height, str(prompt.render())
