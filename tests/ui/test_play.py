"""The play screen driven with keys, as a player would: move, fight, undo, bots, the end."""

from __future__ import annotations

from pathlib import Path

from tests.ui.helpers import SIZE, goto, make_app, new_session, play_screen, sync
from wargames_tui.ui.screens.victory import VictoryScreen
from wargames_tui.ui.widgets.hexmap import HexMap


@sync
async def test_select_and_move_a_german_unit_with_keys(save_dir: Path) -> None:
    session = new_session()
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        assert screen.query_one(HexMap).cursor == "1815"  # the first German unit, 8th Panzer
        await pilot.press("enter")
        assert screen.selected == "gi-8pz"
        assert screen.query_one(HexMap).highlights.get("1814") == "reach"
        await pilot.press("up", "enter")
        await pilot.pause()
        assert session.state.units["gi-8pz"].hex == "1814"
        assert screen.selected is None
        assert "gi-8pz" in session.state.moved


@sync
async def test_refused_action_shows_reason_and_case(save_dir: Path) -> None:
    session = new_session()
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await goto(pilot, app, "1612")  # a British armoured car unit
        await pilot.press("enter")
        assert screen.message is not None
        text, kind = screen.message
        assert kind == "error"
        assert "el-alamein:8.1" in text
        assert session.log == []


@sync
async def test_declare_and_resolve_an_attack_with_keys(save_dir: Path) -> None:
    session = new_session(seed=1)
    # Arrange: two panzer regiments next to the British armoured cars in 1612.
    session.act({"type": "move", "unit": "gi-8pz", "path": ["1715", "1614", "1613"]})
    session.act({"type": "move", "unit": "gi-5pz", "path": ["1714", "1713"]})
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.press("e")  # end the German-Italian movement phase
        await pilot.pause()
        assert session.state.phase == "gi-combat" and session.state.step == "declare"
        await goto(pilot, app, "1612")
        await pilot.press("enter")  # choose every unit that may attack it
        assert sorted(screen.attackers) == ["gi-5pz", "gi-8pz"]
        column, caption = screen._considered()
        assert column == "6:1" and "12 vs 1" in caption
        await pilot.press("enter")  # declare
        await pilot.pause()
        assert [(a.attackers, a.defender) for a in session.state.attacks] == [(["gi-5pz", "gi-8pz"], "bc-armdcars")]
        await pilot.press("e")  # end the declarations
        await pilot.pause()
        assert session.state.step == "resolve"
        await pilot.press("r")
        await pilot.pause()
        attack = session.state.attacks[0] if session.state.attacks else None
        assert session.log[-1].action == {"type": "resolve", "defender": "bc-armdcars"}
        assert session.log[-1].rolls, "the die roll is recorded"
        assert screen.last_combat is not None and screen.last_combat["column"] == "6:1"
        # Whatever the result, the follow-up choices are playable from the keys.
        for _ in range(4):
            if session.state.step == "retreat":
                target = screen.dest(screen.actions_of("retreat")[0])
                await goto(pilot, app, target)
                await pilot.press("enter")
            elif session.state.step == "advance":
                await pilot.press("n")
            await pilot.pause()
        assert session.state.step in ("move", "declare", "resolve", "over")
        assert attack is None or attack.resolved
        assert not session.can_undo  # the roll is a commit point


@sync
async def test_undo_takes_back_a_move(save_dir: Path) -> None:
    session = new_session()
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "up", "enter")
        await pilot.pause()
        assert session.state.units["gi-8pz"].hex == "1814"
        await pilot.press("u")
        await pilot.pause()
        assert session.state.units["gi-8pz"].hex == "1815"
        assert session.log == []
        assert play_screen(app).message == ("Took back the last action.", "info")


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
        await pilot.press("e")  # no attacks: end the declarations
        for _ in range(400):
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
        await pilot.press("e")
        await pilot.pause()
        assert session.outcome() is not None
        assert isinstance(app.screen, VictoryScreen)
        assert session.outcome().winner == "bc"
        await pilot.press("enter")
        await pilot.pause()
        from wargames_tui.ui.screens.menu import MenuScreen

        assert isinstance(app.screen, MenuScreen)
