"""The main menu, new game, save, continue and load, driven with keys."""

from __future__ import annotations

import json
from pathlib import Path

from tests.ui.helpers import (
    SCENARIO,
    SIZE,
    choose_scenario,
    first_unit_move,
    goto,
    help_source,
    make_app,
    new_session,
    play_screen,
    start,
    sync,
    wait_until,
)
from textual.widgets import DataTable, OptionList, Select
from wargames_tui.engine.saves import read_envelope
from wargames_tui.ui.screens.load_game import LoadGameScreen
from wargames_tui.ui.app import WargamesApp
from wargames_tui.ui.screens.menu import MenuScreen
from wargames_tui.ui.screens.new_game import NewGameScreen


@sync
async def test_menu_opens_without_a_session(save_dir: Path) -> None:
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        ids = [o.id for o in app.screen.query_one(OptionList).options]
        assert ids == ["new", "continue", "load", "replay", "help", "quit"]
        assert app.screen.query_one(OptionList).get_option("continue").disabled  # nothing saved yet


@sync
async def test_new_game_starts_el_alamein(save_dir: Path) -> None:
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await choose_scenario(pilot, app, SCENARIO)
        listed = [o.id for o in screen.query_one(OptionList).options if o.id]
        assert sorted(s for s in listed if s.startswith("panzer-corps/")) == [
            "panzer-corps/dunkerque",
            "panzer-corps/el-alamein",
            "panzer-corps/kharkov",
            "panzer-corps/operation-compass",
        ]
        text = str(screen.query_one("#new-description").render())
        assert "reconstruction" in text.lower()
        assert "no optional rules" in str(screen.query_one("#new-options").children[0].render())
        screen.query_one("#seat-bc", Select).value = "human"
        await pilot.click("#new-start")
        await pilot.pause()
        play = play_screen(app)
        assert play.session.scenario == SCENARIO
        assert play.session.seats == {"gi": "human", "bc": "human"}
        saved = list(save_dir.glob("panzer-corps_el-alamein-*.json"))
        assert len(saved) == 1, "a new game is saved at once"


@sync
async def test_save_then_continue_from_the_menu(save_dir: Path) -> None:
    session = new_session()
    unit, _, dest = first_unit_move(session)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await goto(pilot, app, dest)
        await pilot.press("enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        path = play_screen(app).save_path
        assert path is not None and path.parent == save_dir and path.name.startswith("panzer-corps_el-alamein-")
        env = read_envelope(path)
        assert env.snapshot["units"][unit]["hex"] == dest
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one(OptionList)
        assert not options.get_option("continue").disabled
        assert "turn 1" in str(options.get_option("continue").prompt)
        await pilot.press("c")
        await pilot.pause()
        play = play_screen(app)
        assert play.session is not session
        assert play.session.state.units[unit].hex == dest
        assert play.save_path == path


@sync
async def test_load_list_shows_unreadable_saves_without_touching_them(save_dir: Path) -> None:
    good = new_session()
    from wargames_tui.engine.saves import save

    save(good, save_dir / "good.json")
    broken = save_dir / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    alien = save_dir / "alien.json"
    alien.write_text(json.dumps({"format": "something-else"}), encoding="utf-8")
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 3
        rows = [" ".join(str(c) for c in table.get_row_at(i)) for i in range(3)]
        assert sum("unreadable" in r for r in rows) == 2
        # Loading an unreadable save reports it and stays on the list.
        bad_row = next(i for i, r in enumerate(rows) if "broken.json" in r)
        table.move_cursor(row=bad_row)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen)
        assert broken.read_text(encoding="utf-8") == "{not json"
        good_row = next(i for i, r in enumerate(rows) if "good.json" in r)
        table.move_cursor(row=good_row)
        await pilot.press("enter")
        await pilot.pause()
        assert play_screen(app).session.scenario == SCENARIO


@sync
async def test_help_screen_lists_keys_and_rules(save_dir: Path) -> None:
    app = make_app(save_dir, new_session())
    async with app.run_test(size=SIZE) as pilot:
        source = await help_source(pilot, app)
        assert "Ctrl+S" in source and "(9.5)" in source and "Sequence of play (5.0)" in source and "Highlands" in source
        assert "Khar'kov" not in source  # only the open scenario's rules
        await pilot.press("escape")
        await pilot.pause()
        play_screen(app)


@sync
async def test_help_follows_the_scenario(save_dir: Path) -> None:
    app = make_app(save_dir, start("kharkov"))
    async with app.run_test(size=SIZE) as pilot:
        source = await help_source(pilot, app)
        assert "Khar'kov in brief" in source and "Soviet reinforcement" in source and "(4.5)" in source
        assert "Tab" in source and "1-9" in source and "El Alamein in brief" not in source


@sync
async def test_new_game_starts_operation_compass_with_a_bot(save_dir: Path) -> None:
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await choose_scenario(pilot, app, "panzer-corps/operation-compass")
        assert "Sidi Barrani" in str(screen.query_one("#new-description").render())
        seat = screen.query_one("#seat-it", Select)
        assert seat.value == "human"  # two people at one keyboard is the first choice
        seat.value = "bot:greedy"
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        play = play_screen(app)
        assert play.session.scenario == "panzer-corps/operation-compass"
        # The Italian bot places its marked units and the British set-up comes to the player.
        await wait_until(pilot, lambda: play.session.prompt.side == "br", tries=200)
        assert play.session.state.step == "bombard" and play.pane.step == "bombard"


@sync
async def test_the_hex_help_lists_the_keys_the_screen_binds(save_dir: Path) -> None:
    from wargames_tui.ui.panes.hex_pane import HexPane
    from wargames_tui.ui.playkeys import PLAY_KEYS
    from wargames_tui.ui.widgets.hexmap import HexMap

    app = make_app(save_dir, new_session())
    async with app.run_test(size=SIZE) as pilot:
        source = await help_source(pilot, app)
        for b in [*HexMap.BINDINGS, *HexPane.BINDINGS, *PLAY_KEYS]:
            if b.show or b.tooltip:
                assert (b.tooltip or b.description) in source, b
        assert "- **1-9**: act on one unit of a stack" in source and "- **[ ]**: " in source


def test_the_menu_is_drawn_before_the_saves_are_read(save_dir: Path) -> None:
    """`wargames` draws its menu before it imports the save schema (pydantic), a game or the bots:
    the saves are read once the menu is on the screen (a cold start's first frame waited for them,
    and for every game when a save was there to describe), then Continue names the latest."""
    import os
    import subprocess
    import sys

    from wargames_tui.cli import new_session as start_game
    from wargames_tui.engine.saves import save

    save(start_game(SCENARIO, {}, 1), save_dir / "g.json")
    code = """
import os, sys
from textual.app import App
from textual.screen import Screen
from wargames_tui.ui.screens.menu import MenuScreen
update, run = Screen._compositor_refresh, App.run
def first_frame(self):
    update(self)
    if isinstance(self, MenuScreen):
        options = self.query_one("#menu-list").get_option("continue").prompt
        print(sorted(m for m in ("pydantic", "wargames_tui.engine.saves", "wargames_tui.bots") if m in sys.modules))
        print(str(options).splitlines()[1].strip())
        sys.stdout.flush()
        os._exit(0)
Screen._compositor_refresh = first_frame
App.run = lambda self, *a, **k: run(self, headless=True, size=(120, 40))
from wargames_tui.cli import main
main(["--save-dir", sys.argv[1]])
"""
    done = subprocess.run([sys.executable, "-c", code, str(save_dir)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert done.stdout.splitlines() == ["[]", "looking for saved games..."], done.stderr[-2000:]


@sync
async def test_the_menu_names_the_latest_save_once_it_has_read_them(save_dir: Path) -> None:
    from wargames_tui.engine.saves import save

    save(new_session(), save_dir / "g.json")
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert not options.get_option("continue").disabled
        assert options.highlighted == 1  # Continue
        assert "looking for" not in str(options.get_option("continue").prompt)


@sync
async def test_s_starts_the_game_even_while_a_seat_list_has_the_focus(save_dir: Path) -> None:
    # s went into the focused Select (its type-to-search) instead of starting the game.
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await choose_scenario(pilot, app, SCENARIO)
        screen.query_one("#seat-bc", Select).focus()
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert play_screen(app).session.scenario == SCENARIO


def _client(monkeypatch, *argv: str) -> WargamesApp:  # noqa: ANN001 - pytest's monkeypatch
    """The app `wargames ARGV` would run, caught before it runs."""
    from wargames_tui.cli import main

    made: list[WargamesApp] = []
    monkeypatch.setattr(WargamesApp, "run", lambda self: made.append(self))
    assert main(list(argv)) == 0
    (app,) = made
    app.bot_delay = 0.01
    return app


@sync
async def test_play_scenario_opens_the_new_game_screen_with_it_chosen(monkeypatch) -> None:  # noqa: ANN001
    # issue 27 "Starting a game": `wargames play SCENARIO` started hotseat at once, so a bot could be had
    # only from the menu or --bot; now who plays is chosen there, and s starts it (options and seed kept)
    app = _client(monkeypatch, "play", "blitzkrieg-1940/1939", "--seed", "7", "--option", "game=basic")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.current is not None and screen.current.id == "blitzkrieg-1940/1939"
        assert screen.query_one(OptionList).highlighted == screen.query_one(OptionList).get_option_index("blitzkrieg-1940/1939")
        assert screen.query_one("#opt-game", Select).value == "basic"
        assert "seed 7" in " ".join(str(s.render()) for s in screen.query("#new-here Static"))
        assert app.focused is screen.query_one("#seat-german", Select)  # who plays is what is left to choose
        screen.query_one("#seat-allied", Select).value = "bot:normal"
        await pilot.press("f5")
        await pilot.pause()
        play = play_screen(app)
        assert play.session.scenario == "blitzkrieg-1940/1939" and play.session.seed == 7
        assert play.session.options["game"] == "basic"
        assert play.session.seats == {"german": "human", "allied": "bot:normal"}
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


@sync
async def test_play_scenario_with_hotseat_or_a_bot_starts_at_once(monkeypatch) -> None:  # noqa: ANN001
    for flags, seats in ((["--hotseat"], {"ge": "human", "al": "human"}), (["--bot", "al=greedy"], {"ge": "human", "al": "bot:greedy"})):
        app = _client(monkeypatch, "play", "panzer-corps/dunkerque", "--seed", "1", *flags)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert play_screen(app).session.seats == seats


@sync
async def test_a_long_option_or_side_name_is_shown_whole_at_80x24(monkeypatch) -> None:  # noqa: ANN001
    # the rows were three lines high, so at 80 columns "The Belgian corps at the" was all of Seeds' option
    app = _client(monkeypatch, "play", "seeds-of-disaster/1934")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = list(app.screen.query(".new-label"))
        for label in labels:  # the label's row is as high as the label, so no line of it is cut off
            assert label.outer_size.height <= label.parent.size.height, str(label.render())
        belgian = next(label for label in labels if "Belgian corps" in str(label.render()))
        assert belgian.outer_size.height > 3  # it wraps at this width


@sync
async def test_this_screens_choice_shows_its_value_at_80x24(monkeypatch) -> None:  # noqa: ANN001
    # Its row sat in a box of the scroll's leftover height: at 80x24 the select showed only its top
    # edge, so whom this screen plays could not be read.
    app = _client(monkeypatch, "play", "betrayal/historical")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        here = app.screen.query_one("#new-seat", Select)
        box = app.screen.query_one("#new-here")
        assert box.outer_size.height >= here.outer_size.height == 3  # its edges and the value between them


@sync
async def test_typing_on_the_scenario_list_finds_a_scenario_and_starts_nothing(save_dir: Path, monkeypatch) -> None:  # noqa: ANN001
    # "s" started the highlighted game from any field: a player typing "se" for Seeds began Dunkerque.
    from wargames_tui.ui.widgets import findlist

    clock = [100.0]  # the keys' time stands still unless the test moves it: a loaded machine's pilot is slow
    monkeypatch.setattr(findlist, "monotonic", lambda: clock[0])
    app = make_app(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.press("s", "e")
        await pilot.pause()
        assert app.screen is screen and screen.current is not None
        assert screen.current.id.startswith("seeds-of-disaster/")
        await pilot.press("s", "p")  # a new search only after a pause: "sesp" finds nothing, the list stays
        await pilot.pause()
        assert screen.current.id.startswith("seeds-of-disaster/")
        clock[0] += findlist.PAUSE  # a pause: the next letter starts a new search
        await pilot.press("d")
        await pilot.pause()
        first = screen.current.id
        await pilot.press("d")  # the same letter again: the next scenario with a word of that letter
        await pilot.pause()
        assert app.screen is screen and screen.current.id != first
        assert {first.split("/")[0], screen.current.id.split("/")[0]} <= {"dynamo", "panzer-corps", "dieppe"}
        await pilot.press("f5")
        await pilot.pause()
        assert play_screen(app).session.scenario == screen.current.id
