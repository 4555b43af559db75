"""The play screen driven with keys, as a player would: move, fight, undo, bots, the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.ui.helpers import (
    SIZE,
    arrange_attack,
    arrange_exit,
    first_unit_move,
    goto,
    make_app,
    new_session,
    past_cover,
    play_screen,
    pressed_at_opening,
    seed_giving,
    sync,
    wait_until,
)
from tests.ui.test_play_contract import opened
from wargames_tui.engine.session import Session
from wargames_tui.ui.screens.victory import VictoryScreen
from wargames_tui.ui.widgets.hexmap import HexMap


@sync
async def test_select_and_move_a_german_unit_with_keys(save_dir: Path) -> None:
    session = new_session()
    unit, start, dest = first_unit_move(session)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        assert screen.query_one(HexMap).cursor == start  # the cursor starts on the first German-Italian unit
        await pilot.press("enter")
        assert screen.pane.sel.selected == unit
        assert screen.query_one(HexMap).highlights.get(dest) == "reach"
        await goto(pilot, app, dest)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units[unit].hex == dest
        assert screen.pane.sel.selected is None
        assert unit in session.state.moved


@sync
async def test_refused_action_shows_reason_and_case(save_dir: Path) -> None:
    session = new_session()
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        enemy = next(u for u in session.view(None)["units"] if u["side"] == "bc")
        await goto(pilot, app, enemy["hex"])
        await pilot.press("enter")
        assert screen.message is not None
        text, kind = screen.message
        assert kind == "error"
        assert "el-alamein:8.1" in text
        assert session.log == []


@sync
async def test_declare_and_resolve_an_attack_with_keys(save_dir: Path) -> None:
    session = new_session(seed=1)
    attackers, defender = arrange_attack(session)  # one German-Italian unit moved next to a British one
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.press("e")  # end the German-Italian movement phase
        await pilot.pause()
        assert session.state.phase == "gi-combat" and session.state.step == "declare"
        target = session.state.units[defender].hex
        await goto(pilot, app, target)
        await pilot.press("enter")  # choose every unit that may attack it
        chosen = sorted(screen.pane.sel.attackers)
        assert set(attackers) <= set(chosen)
        column, caption = screen.pane._considered()
        assert column is not None and column in caption
        await pilot.press("enter")  # declare
        await pilot.pause()
        assert [(a.attackers, a.defender) for a in session.state.attacks] == [(chosen, defender)]
        await pilot.press("e")  # the declarations bind: the first e asks
        await pilot.pause()
        assert session.state.step == "declare" and "e again ends the declarations" in screen.message[0]
        await pilot.press("e")  # end the declarations
        await pilot.pause()
        assert session.state.step == "resolve"
        await pilot.press("r")
        await pilot.pause()
        attack = session.state.attacks[0] if session.state.attacks else None
        assert session.log[-1].action == {"type": "resolve", "defender": defender}
        assert session.log[-1].rolls, "the die roll is recorded"
        assert screen.pane.last_combat is not None and screen.pane.last_combat["column"] == column
        # Whatever the result, the follow-up choices are playable from the keys.
        for _ in range(4):
            if session.state.step == "retreat":
                target = screen.pane.turn.dest(screen.pane.turn.actions_of("retreat")[0])
                await goto(pilot, app, target)
                await pilot.press("enter")
            elif session.state.step == "advance":
                await pilot.press("n")
            await pilot.pause()
        assert session.state.step in ("move", "declare", "resolve", "over")
        assert attack is None or attack.resolved
        assert not session.can_undo  # the roll is a commit point
        played = len(session.log)
        await pilot.press("u")
        await pilot.pause()
        assert len(session.log) == played and screen.message[1] == "error"
        assert screen.message[0].startswith("Nothing to take back: undo stops at")


@sync
async def test_undo_takes_back_a_move(save_dir: Path) -> None:
    session = new_session()
    unit, start, dest = first_unit_move(session)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await goto(pilot, app, dest)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units[unit].hex == dest
        await pilot.press("u")
        await pilot.pause()
        assert session.state.units[unit].hex == start
        assert session.log == []
        text, kind = play_screen(app).message
        assert kind == "info" and text.startswith("Took back: Move") and f"{start} -> {dest}" in text


@sync
async def test_actions_list_plays_any_prompt(save_dir: Path) -> None:
    session = new_session()
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        from wargames_tui.ui.screens.actions import ActionsScreen

        assert isinstance(app.screen, ActionsScreen)
        await pilot.press("E", "n", "d", " ", "t", "h", "e", " ", "p")  # filter: "End the p(hase)"
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[-1].action == {"type": "end-phase"}
        assert session.state.phase == "gi-combat"


@sync
async def test_bot_plays_its_side(save_dir: Path) -> None:
    session = new_session(seed=3, seats={"gi": "human", "bc": "bot:random"})
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")  # end German-Italian movement
        await pilot.pause()
        await pilot.press("e", "e")  # no attacks: end the declarations
        for _ in range(1500):
            await pilot.pause(0.01)
            if session.outcome() is not None or (session.prompt.side == "gi" and session.state.turn == 2):
                break
        assert any(entry.side == "bc" for entry in session.log), "the bot acted"
        assert session.outcome() is not None or session.prompt.side == "gi"


@sync
async def test_victory_screen_when_the_game_ends(save_dir: Path) -> None:
    session = new_session()
    # Pass every phase to the last one of turn 4; British Commonwealth wins at its end (4.2(4)).
    while not (session.state.turn == 4 and session.state.phase == "bc-combat"):
        kind = "end-phase" if session.state.step == "move" else "end-declarations"
        session.act({"type": kind})
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "e")  # the declarations bind: e twice
        await pilot.pause()
        assert session.outcome() is not None
        assert isinstance(app.screen, VictoryScreen)
        assert session.outcome().winner == "bc"
        await pilot.press("enter")
        await pilot.pause()
        from wargames_tui.ui.screens.menu import MenuScreen

        assert isinstance(app.screen, MenuScreen)


@sync
async def test_retreat_and_advance_with_keys(save_dir: Path) -> None:
    session = new_session(seed=seed_giving("retreat"))
    attackers, defender = arrange_attack(session)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.press("e")
        await goto(pilot, app, session.state.units[defender].hex)
        await pilot.press("enter", "enter", "e", "e", "r")
        await pilot.pause()
        assert session.state.step == "retreat"
        vacated = screen.pane.turn.vacated
        hexmap = screen.query_one(HexMap)
        assert hexmap.cursor == vacated  # the cursor jumps to the unit that must retreat
        ends = sorted({a["path"][-1] for a in screen.pane.turn.actions_of("retreat")})
        assert all(hexmap.highlights.get(h) == "retreat" for h in ends)
        await goto(pilot, app, ends[0])
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units[defender].hex == ends[0]
        assert session.state.units[defender].disrupted
        assert screen.pane._counters()[ends[0]].disrupted  # drawn as disrupted
        if session.state.step == "advance":
            assert hexmap.cursor == vacated
            await pilot.press("enter")
            await pilot.pause()
            assert session.state.units[attackers[0]].hex == vacated


@sync
async def test_break_off_the_map_edge_with_b(save_dir: Path) -> None:
    session = new_session()
    exit_action = arrange_exit(session)
    unit = exit_action["unit"]
    edge = exit_action["path"][-1] if exit_action["path"] else session.state.units[unit].hex
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await goto(pilot, app, session.state.units[unit].hex)
        await pilot.press("enter")
        assert screen.pane.sel.selected == unit
        assert screen.query_one(HexMap).highlights.get(edge) == "exit"
        await goto(pilot, app, edge)
        await pilot.press("b")
        await pilot.pause()
        assert session.log[-1].action["type"] == "exit"
        assert session.outcome() is not None and session.outcome().winner == "bc"
        assert isinstance(app.screen, VictoryScreen)


@sync
async def test_mouse_click_selects_and_moves(save_dir: Path) -> None:
    from wargames_tui.hexdraw import cell_origin

    session = new_session()
    unit, start, dest = first_unit_move(session)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        hexmap = screen.query_one(HexMap)

        async def click(h: str) -> None:
            x, y = cell_origin(hexmap.data, h)
            sx, sy = hexmap.scroll_offset
            await pilot.click(HexMap, offset=(x - sx + 1, y - sy))
            await pilot.pause()

        await click(start)
        assert screen.pane.sel.selected == unit
        await click(dest)
        assert session.state.units[unit].hex == dest
        assert hexmap.cursor == dest


@sync
async def test_command_palette_offers_the_less_frequent_things(save_dir: Path) -> None:
    app = make_app(save_dir, new_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("Save game", "Legal actions", "Undo", "Rules and keys", "Quit to menu"):
            assert wanted in titles


@sync
async def test_the_hex_panel_does_not_offer_an_attack_the_rules_refuse(save_dir: Path) -> None:
    from tests.games.panzer_corps.helpers import cleared, nbrs, open_hex, unit

    weak, strong = unit("gi", 1, 8), unit("bc", 4, 8)
    big = [unit("gi", 6, 10), unit("gi", 6, 10, skip=(unit("gi", 6, 10),))]
    c = open_hex(3)
    enemy = nbrs(c)[0]
    beside = [h for h in nbrs(enemy) if h != c][:2]
    state = cleared(phase="gi-combat", **{weak: c, strong: enemy, big[0]: beside[0], big[1]: beside[1]})
    session = new_session()
    session.state = state
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        screen = play_screen(pilot.app)
        screen.pane.sel = screen.pane.sel.but(attackers=(weak,))
        await goto(pilot, pilot.app, enemy)
        assert any(a["defender"] == strong for a in screen.pane.turn.actions_of("declare"))  # an attack on it may be declared
        hint = screen.pane.hint()
        assert hint.startswith(screen.pane.label(weak)) and "may not attack" in hint and "9.2" in hint  # el-alamein:9.2 odds


@sync
async def test_keys_find_the_next_unit_that_may_act_and_the_last_enemy_move(save_dir: Path) -> None:
    session = new_session(seats={"gi": "human", "bc": "bot:random"})
    async with make_app(save_dir, session).run_test(size=(80, 24)) as pilot:
        screen = play_screen(pilot.app)
        ready = screen.pane.ready_hexes()
        assert ready
        seen = []
        for _ in range(len(ready)):
            await pilot.press("full_stop")
            seen.append(screen.pane.cursor)
        assert sorted(seen) == ready  # each hex with a unit that may still move, once
        await pilot.press("semicolon")
        assert "not acted" in screen.message[0]
        await pilot.press("e", "e", "e")  # end movement, then the declarations: the bot plays
        for _ in range(300):
            await pilot.pause(0.01)
            if session.prompt.side == "gi" and any(e.side == "bc" for e in session.log):
                break
        bot_entry = next(e for e in reversed(session.log) if e.side == "bc" and screen.pane.action_hex(e.action))
        await pilot.press("semicolon")
        assert screen.pane.cursor == screen.pane.action_hex(bot_entry.action)
        await pilot.press("z")
        assert not screen.query_one("#side").display
        await pilot.press("z")
        assert screen.query_one("#side").display


@sync
async def test_t_shows_the_turn_track_and_the_table_on_a_short_terminal(save_dir: Path) -> None:
    async with make_app(save_dir, new_session()).run_test(size=(80, 24)) as pilot:
        screen = play_screen(pilot.app)
        await pilot.pause()
        assert not screen.query_one("#track").display or screen.query_one("#track").styles.display == "none"
        await pilot.press("t")
        await pilot.pause()
        assert screen.query_one("#track").styles.display == "block" and screen.query_one("#crt").display
        assert screen.query_one("#log").styles.display == "none"
        await pilot.press("t")
        await pilot.pause()
        assert screen.query_one("#log").styles.display == "block"


@sync
async def test_a_loaded_game_shows_the_log_it_had_before_quitting(save_dir: Path) -> None:
    from wargames_tui.ui.widgets.log import LogPanel

    session = new_session(seats={"gi": "human", "bc": "bot:random"})
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.press("e", "e", "e")  # end the movement and the declarations: the bot plays its turn
        for _ in range(300):
            await pilot.pause(0.01)
            if session.prompt.side == "gi" and any(e.side == "bc" for e in session.log):
                break
        before = [line.text for line in screen.query_one(LogPanel).lines]
        assert any("[British Commonwealth bot]" in line for line in before) and any("phase" in line for line in before)
        path = screen.save_path
        await pilot.press("q")
        await pilot.pause()
        app.open_save(path)
        await pilot.pause()
        again = play_screen(app)
        assert again is not screen
        assert [line.text for line in again.query_one(LogPanel).lines] == before


def test_a_wide_combat_table_shows_the_columns_around_the_odds() -> None:
    from wargames_tui.ui.widgets.crt import CrtPanel

    crt = {"columns": [f"{n}:1" for n in range(1, 11)], "die": [1, 2], "rows": [[f"a{n}" for n in range(10)], [f"b{n}" for n in range(10)]]}
    columns, rows = CrtPanel._window(crt, "8:1", 3 + 4 * 5)
    assert columns == ["6:1", "7:1", "8:1", "9:1", "10:1"] and rows[0] == ["a5", "a6", "a7", "a8", "a9"]
    assert CrtPanel._window(crt, None, 3 + 4 * 5)[0] == ["1:1", "2:1", "3:1", "4:1", "5:1"]
    assert CrtPanel._window(crt, "3:1", 200)[0] == crt["columns"]


def _played(session, actions: int) -> None:  # noqa: ANN001 - a Session
    import random

    from wargames_tui.bots import random_bot

    rng = random.Random(3)
    for _ in range(actions):
        session.act(random_bot(session, rng))


@sync
async def test_a_save_opens_at_once_and_is_played_once_its_log_proves_it(save_dir: Path, monkeypatch) -> None:  # noqa: ANN001
    import threading

    from wargames_tui.engine.opening import Proof
    from wargames_tui.engine.saves import load, save
    from wargames_tui.ui.screens.menu import MenuScreen
    from wargames_tui.ui.screens.unproven import UnprovenScreen

    session = new_session()
    _played(session, 30)
    path = save_dir / "long.json"
    save(session, path)
    checking = threading.Event()
    real_run = Proof.run

    def held(proof: Proof) -> None:  # the proof waits until the test lets it go
        checking.wait(10)
        real_run(proof)

    monkeypatch.setattr(Proof, "run", held)
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        app.open_save(path)
        await pilot.pause()
        screen = play_screen(app)  # at once, on the saved position
        assert [e.action for e in screen.session.log] == [e.action for e in session.log]
        screen.play(session.prompt.actions[0])  # play waits for the proof
        assert len(screen.session.log) == 30 and "still being played again" in screen.message[0]
        checking.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.unproven is None and screen.session.log[-1].events
        screen.play(screen.session.prompt.actions[0])
        assert len(screen.session.log) == 31
        # a save whose log does not reproduce its position: reported, never saved over, what its log proves offered
        app.show_menu()
        await pilot.pause()
        env = json.loads(path.read_text())
        env["snapshot"]["turn"] += 1
        path.write_text(json.dumps(env))
        forged = path.read_bytes()
        app.open_save(path)
        await pilot.pause()
        await pilot.press("q")  # leaving the game unproven saves nothing
        await pilot.pause()
        app.open_save(path)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, UnprovenScreen) and "do not lead to the position" in app.screen.reason
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen) and path.read_bytes() == forged
        app.open_save(path)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")  # the game its log proves, saved beside the forged save
        screen = play_screen(app)
        assert screen.session.unproven is None and len(screen.session.log) == 31
        screen.play(screen.session.prompt.actions[0])
        assert screen.save_path == save_dir / "long-proven.json" and len(load(screen.save_path).log) == 32
        assert path.read_bytes() == forged


@sync
async def test_leaving_a_game_folds_its_journal_into_the_save(save_dir: Path, monkeypatch) -> None:  # noqa: ANN001
    """The next opening then starts from the snapshot alone, with no journaled actions to apply."""
    from wargames_tui.engine import saves

    monkeypatch.setattr(saves, "JOURNAL_FROM", 1024)
    session = new_session()
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = play_screen(app)
        for _ in range(3):
            screen.play(session.prompt.actions[0])
        path = screen.save_path
        assert saves.journal_path(path).exists()
        await pilot.press("q")
        await pilot.pause()
        assert not saves.journal_path(path).exists() and len(saves.load(path).log) == 3


@sync
async def test_the_log_of_a_long_game_is_written_without_a_view_per_entry(save_dir: Path) -> None:
    session = new_session()
    _played(session, 200)
    views = 0
    real_view = session.view

    def counted(viewer=None):  # noqa: ANN001, ANN202
        nonlocal views
        views += 1
        return real_view(viewer)

    session.view = counted  # type: ignore[method-assign]
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = views
        play_screen(app)._rewrite_log()
        assert views - before <= 2


@sync
async def test_the_footer_is_drawn_once_for_the_keys_changed_before_a_refresh(save_dir: Path, monkeypatch) -> None:  # noqa: ANN001
    """The play screen's first frame changed its keys five times, each rebuilding the footer."""
    from wargames_tui.ui.widgets.footer import Footer

    drawn = []
    real = Footer.recompose

    async def counted(self) -> None:  # noqa: ANN001
        drawn.append(self)
        await real(self)

    monkeypatch.setattr(Footer, "recompose", counted)
    app = make_app(save_dir, new_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = play_screen(app).query_one(Footer)
        assert 1 <= drawn.count(footer) <= 3
        assert [k.key for k in footer.query("FooterKey")]  # drawn with the screen's keys


@sync
async def test_the_footer_is_rebuilt_only_when_its_keys_change(save_dir: Path) -> None:
    """A bot's run of steps asked for the footer after each one with the same keys, and rebuilding it
    was a fifth of the client's time a step; a change of keys (here of width: the spare keys go in a
    narrow window) still rebuilds it."""
    from wargames_tui.ui.widgets.footer import Footer

    app = make_app(save_dir, new_session())
    async with app.run_test(size=(200, 40)) as pilot:
        await past_cover(app, pilot)
        screen = play_screen(app)
        footer = screen.query_one(Footer)
        keys = list(footer.children)
        screen.refresh_bindings()  # as after every action: the footer asked again
        await pilot.pause()
        await pilot.pause()
        assert list(footer.children) == keys  # the same widgets: not rebuilt
        await pilot.resize_terminal(50, 24)
        await wait_until(pilot, lambda: list(footer.children) != keys)
        assert "save" in [k.action for k in keys] and "save" not in [k.action for k in footer.query("FooterKey")]


@sync
async def test_the_footer_keeps_only_the_keys_it_shows(save_dir: Path) -> None:
    # Textual binds each recomposed footer key to the footer's `compact` and let go of the old ones
    # only when `compact` changed: a long game kept every key it had ever shown.
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.ui.widgets.footer import Footer

    session = new_session()
    app = make_app(save_dir, session)
    rng = random.Random(2)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        for _ in range(40):
            screen.play(random_bot(session, rng))
            await pilot.pause()
        footer = screen.query_one(Footer)

        def bound() -> list:
            return getattr(footer, "__watchers", {}).get("compact", [])

        for _ in range(20):  # under load the last recompose may still be under way: let it end
            if 0 < len(bound()) <= len(footer.children):
                break
            await pilot.pause(0.1)
        assert 0 < len(bound()) <= len(footer.children)


@sync
async def test_the_hex_panel_names_a_blitzkrieg_hex_as_its_map_prints_it(save_dir: Path) -> None:
    # Blitzkrieg's two maps number their hexes apart (W and E): the grid's own id means nothing to a player.
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for
    from wargames_tui.games.blitzkrieg_1940.data import engine_hex
    from wargames_tui.ui.widgets.stack import StackPanel

    scenario = "blitzkrieg-1940/1939"
    session = Session.start(game_for(scenario), scenario, seed=1)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the hotseat cover
        await pilot.pause()
        screen = play_screen(app)
        h = engine_hex("E2034")
        assert h != "E2034" and h != "2034"
        screen.query_one(HexMap).set_cursor(h)
        await pilot.pause()
        assert screen.query_one("#stack").border_title == "Hex E2034"
        river = next(h for h in screen.pane.board.cells if "river" in dict(screen.pane.board.cells[h].side_list()))
        screen.query_one(HexMap).set_cursor(river)
        await pilot.pause()
        across = dict(screen.pane.board.cells[river].side_list())["river"]
        shown = str(screen.query_one(StackPanel).render())
        assert all(screen.pane.turn.hex_name(n).startswith(("E", "W")) and screen.pane.turn.hex_name(n) in shown for n in across)


@sync
async def test_a_cursor_key_moves_the_map_and_the_hex_panel_in_one_screen_update(save_dir: Path) -> None:
    # The pane is bound to the map's cursor reactive: the panel is drawn in the same update as the
    # map's two cells (a handler of the map's CursorMoved would draw it a frame later).
    app = make_app(save_dir, new_session())
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.pause(0.3)
        updates: list[int] = []
        refresh = screen._compositor_refresh

        def counted() -> None:
            updates.append(1)
            refresh()

        screen._compositor_refresh = counted  # type: ignore[method-assign]
        await pilot.press("right", "down", "left", "up")  # the hex panel takes the height of the tallest hex seen
        for key in ("right", "down", "left", "up"):
            updates.clear()
            await pilot.press(key)
            await pilot.pause(0.1)
            cursor = screen.query_one(HexMap).cursor
            assert screen.query_one("#stack").border_title == f"Hex {cursor}"
            assert len(updates) == 1, key


@sync
async def test_the_hex_map_posts_cursor_moved_when_its_cursor_changes() -> None:
    from textual.app import App, ComposeResult

    session = new_session()
    board = session.game.board(session.state)
    moved: list[str] = []

    class MapApp(App):
        def compose(self) -> ComposeResult:
            yield HexMap(board)

        def on_hex_map_cursor_moved(self, event: HexMap.CursorMoved) -> None:
            moved.append(event.place)

    app = MapApp()
    async with app.run_test(size=SIZE) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.focus()
        start = hexmap.cursor
        await pilot.press("down")
        await pilot.pause()
        hexmap.set_cursor(start)  # set from code: the same message
        hexmap.set_cursor(start)  # the same hex again: nothing moved
        await pilot.pause()
        assert len(moved) == 2 and moved[0] != start and moved[1] == start


@sync
async def test_a_named_key_with_nothing_to_do_says_so(save_dir: Path) -> None:
    """El Alamein: r during the declarations says attacks are resolved once e has ended them; p
    with no face-down reinforcement waiting says it has nothing to do (both said nothing)."""
    session = new_session(seed=1)
    arrange_attack(session)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.press("p")
        await pilot.pause()
        assert screen.message and screen.message[0].startswith("p (Face-down entry): nothing to do")
        await pilot.press("e")  # end the movement phase: the declarations
        await pilot.pause()
        assert session.state.step == "declare"
        await pilot.press("r")
        await pilot.pause()
        assert screen.message and "resolved once e has ended the declarations" in screen.message[0]
        assert session.state.step == "declare"


@sync
async def test_e_in_a_set_up_says_what_is_still_owed(save_dir: Path) -> None:
    """Operation Compass's Italian set-up ends by itself once every marked unit is placed: e says
    so and names the units still to set up (it said nothing) (operation-compass:3.0)."""
    from wargames_tui.games import game_for

    game = game_for("panzer-corps/operation-compass")
    session = Session.start(game, "panzer-corps/operation-compass", seed=1)
    async with pressed_at_opening(save_dir, session, "e") as (app, _pilot, played):
        screen = play_screen(app)
        assert len(session.log) == played
        assert screen.message and screen.message[0].startswith("e: nothing to end; this step ends by itself once this is done: set up ")
        assert "(operation-compass:3.0)" in screen.message[0]


@pytest.mark.parametrize("scenario", ["panzer-corps/kharkov", "panzer-corps/operation-compass"])
@sync
async def test_e_spreads_the_units_still_waiting_over_their_entry_hexes(save_dir: Path, scenario: str) -> None:
    """A set-up on entry hexes (Khar'kov's Soviets, Compass's British, 3.0/3.2): the first e says
    what it does, the second places every unit still waiting, spread as evenly as they go (22
    Enters and one stack of them before); each unit on a hex of its own entry area."""
    from wargames_tui.games import game_for

    game = game_for(scenario)
    session = Session.start(game, scenario, seed=1)
    while session.state.step != "enter-all":
        session.act(session.prompt.actions[0])
    waiting = {a["unit"] for a in session.prompt.actions if a["type"] == "place"}
    allowed = {u: {a["hex"] for a in session.prompt.actions if a.get("unit") == u} for u in waiting}
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(app, pilot)
        assert "e spreads the rest" in screen.pane.hint()  # in the hex panel at any size (no room in the footer)
        played = len(session.log)
        await pilot.press("e")
        await pilot.pause()
        assert len(session.log) == played and screen.message and screen.message[0].startswith(f"e again places the {len(waiting)} units")
        await pilot.press("e")
        await pilot.pause()
        assert session.log[played].action == {"type": "place-rest"}
    at = {u: session.state.units[u].hex for u in waiting}
    assert all(at[u] in allowed[u] for u in waiting)
    counts = [list(at.values()).count(h) for h in set(at.values())]
    assert max(counts) - min(counts) <= 1


@sync
async def test_at_80_columns_the_footer_lets_the_spare_keys_go_before_it_cuts_any(save_dir: Path) -> None:
    # Khar'kov's Soviet reinforcement step: its keys' words ran past 80 columns ('? Help ^s', Menu cut)
    from textual.widgets._footer import FooterKey

    from wargames_tui.cli import new_session as start
    from wargames_tui.ui.widgets.footer import Footer

    app = make_app(save_dir, session=start("panzer-corps/kharkov", {}, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("enter", "e", "e"):
            await pilot.press(key)
            await pilot.pause(0.2)
        await pilot.pause(0.3)
        assert "reinforcement" in play_screen(app).session.prompt.phase.lower()
        keys = list(play_screen(app).query_one(Footer).query(FooterKey))
        assert max(k.region.right for k in keys) <= 80
        assert {"help", "menu", "undo", "actions"} <= {k.action for k in keys}
        assert "save" not in {k.action for k in keys}  # let go first: the game saves itself


@sync
async def test_e_without_sickle_cut_lists_the_historical_set_up_before_taking_it(save_dir: Path) -> None:
    """Blitzkrieg 1940 without Sickle Cut: e took the historical set-up of 69 units at once, with
    no question; now a list of that one row comes first, Enter takes it (blitzkrieg-1940:3.1)."""
    from wargames_tui.games import game_for
    from wargames_tui.ui.screens.actions import ActionsScreen

    game = game_for("blitzkrieg-1940/1940")
    session = Session.start(game, "blitzkrieg-1940/1940", seed=1)
    session.act(next(a for a in session.prompt.actions if a["type"] == "sickle-cut" and not a.get("launch", True)))
    assert session.state.phase == "german-setup"
    async with pressed_at_opening(save_dir, session, "e") as (app, pilot, played):
        assert len(session.log) == played and isinstance(app.screen, ActionsScreen)
        assert [a["type"] for _, a in app.screen.labelled] == ["historical"]
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[-1].action == {"type": "historical"}


@sync
async def test_in_play_the_maps_cursor_moved_is_not_posted(save_dir: Path) -> None:
    # The pane draws from the map's cursor reactive; nothing over it listens to CursorMoved, and a
    # message handled and stopped at the pane cost each cursor key a dispatch (issue 22, key latency).
    app = make_app(save_dir, new_session())
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.pause()
        hexmap = screen.query_one(HexMap)
        assert not hexmap.post_message(HexMap.CursorMoved(hexmap.cursor))


@sync
async def test_a_cursor_key_renders_again_only_what_it_changed(save_dir: Path) -> None:
    # Textual's partial update renders every widget crossing the rectangle around the changed
    # regions: the map's cells and the Hex panel at the top of the side column span the whole
    # height, so every panel and container between them was rendered again at every key (issue 22,
    # key latency). Those whose lines did not change now give their last lines again.
    from textual._styles_cache import StylesCache

    app = make_app(save_dir, new_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right", "left", "right", "left")  # both hexes seen: the Hex panel keeps its height
        await pilot.pause()
        rendered: set[str] = set()
        render_widget = StylesCache.render_widget

        def counted(cache: StylesCache, widget, crop):  # noqa: ANN001, ANN202 - Textual's own signature
            rendered.add(type(widget).__name__)
            return render_widget(cache, widget, crop)

        StylesCache.render_widget = counted  # type: ignore[method-assign]
        try:
            for key in ("right", "left", "right"):
                await pilot.press(key)
                await pilot.pause()
        finally:
            StylesCache.render_widget = render_widget  # type: ignore[method-assign]
        assert rendered and rendered <= {"HexMap", "StackPanel", "ScrollBar"}, rendered
