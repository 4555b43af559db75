"""The area play screen with the Dieppe rules, driven with keys as a player would."""

from __future__ import annotations

from pathlib import Path

from tests.ui.areahelpers import (
    DIEPPE,
    DIEPPE_SEATS,
    area_screen,
    dieppe,
    goto,
    in_view,
    log_text,
    new_game_from_menu,
    pick_in_list,
    playing,
    save_and_reopen,
    text_of,
)
from tests.ui.helpers import SIZE, help_source, make_app, sync, wait_until
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.ui.screens.actions import ActionsScreen
from wargames_tui.ui.screens.play import PlayScreen
from wargames_tui.ui.screens.victory import VictoryScreen
from wargames_tui.ui.widgets.areamap import AreaMap


@sync
async def test_new_dieppe_game_from_the_menu_opens_the_area_map(save_dir: Path) -> None:
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        play = await new_game_from_menu(pilot, app, DIEPPE, DIEPPE_SEATS)  # the game plays the Germans
        assert play.query_one(AreaMap).cursor == "DE1"  # on the first British units
        assert list(save_dir.glob("dieppe_raid-*.json")), "a new game is saved at once"
        assert "dieppe:3.3" in text_of(play, "#prompt")


@sync
async def test_setup_transfer_with_the_list_and_undo(save_dir: Path) -> None:
    session = dieppe()
    async with playing(save_dir, session) as (app, pilot, screen):
        await goto(pilot, screen, "DE2")
        assert "Lovat" in text_of(screen, "#zone-text")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        texts = [text for text, _ in app.screen.labelled]
        assert texts and all(t.startswith("Put ") for t in texts) and any("Lovat" in t for t in texts)
        await pick_in_list(pilot, app, "Lovat")  # the LCA are full: only the officer (no level) may change
        assert session.log and session.log[-1].action["type"] == "transfer"
        assert session.log[-1].action["unit"] == "g2-lovat"
        await pilot.press("u")
        await pilot.pause()
        assert session.log == []
        assert screen.message[0].startswith("Took back: Put") and "Lovat" in screen.message[0]
        assert "aboard" not in log_text(screen)  # the log is the game's, and the transfer is gone


@sync
async def test_land_step_stop_end_turn_and_the_germans_play(save_dir: Path) -> None:
    session = dieppe(setup_done=True)
    async with playing(save_dir, session) as (app, pilot, screen):
        area = screen.query_one(AreaMap)
        await goto(pilot, screen, "DE2")
        # The units under the cursor light where they may go.
        assert area.highlights.get("OR2") == "reach" and area.highlights.get("DE2") == "selected"
        await goto(pilot, screen, "OR2")
        assert area.highlights.get("OR2") == "reach", "the reach stays lit while the cursor looks at it"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        assert all("[OR2]" in text for text, _ in app.screen.labelled)
        await pick_in_list(pilot, app, "2A1")
        assert session.state.units["g2-a1"].zone == "OR2"
        assert session.view()["move"]["zone"] == "OR2"
        assert area.cursor == "OR2" and area.highlights.get("OR2") == "party"
        assert "MP left" in text_of(screen, "#prompt")
        # One step at a time: Enter on a lit zone next door takes the step at once.
        step = next(a for a in session.prompt.actions if a["type"] == "move")
        await goto(pilot, screen, step["to"])
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units["g2-a1"].zone == step["to"]
        kinds = {a["type"] for a in session.prompt.actions}
        if "halt" in kinds:  # the step revealed barbed wire (dieppe:10): halt before it
            await pilot.press("enter")
            await pilot.pause()
            await pick_in_list(pilot, app, "Halt")
            kinds = {a["type"] for a in session.prompt.actions}
        if "stop" in kinds:
            await pilot.press("x")
            await pilot.pause()
            assert session.state.move is None
        assert "end-turn" in {a["type"] for a in session.prompt.actions}
        await pilot.press("e")  # end the British actions: the Germans play on their own
        await pilot.pause()
        await wait_until(pilot, lambda: session.state.phase == "british")
        assert session.state.phase == "british" and session.state.turn == 2
        text = log_text(screen)
        assert "D. German actions" in text and "Turn 2" in text
        assert "Turn 2/12 5:00" in text_of(screen, "#header")


@sync
async def test_assault_rounds_from_the_zone(save_dir: Path) -> None:
    session = dieppe(setup_done=True)
    land = next(a for a in session.prompt.actions if a["type"] == "move" and "g2-a1" in a["units"] and a["to"] == "OR2")
    session.act(land)
    if "stop" in {a["type"] for a in session.prompt.actions}:
        session.act({"type": "stop"})
    target = next(a["target"] for a in session.prompt.actions if a["type"] == "assault")
    async with playing(save_dir, session) as (app, pilot, screen):
        area = screen.query_one(AreaMap)
        await goto(pilot, screen, "OR2")
        assert area.highlights.get(target) == "assault"
        await goto(pilot, screen, target)
        await pilot.press("enter")
        await pilot.pause()
        await pick_in_list(pilot, app, "Assault")
        assert session.state.assault is not None and area.cursor == target
        assert area.highlights.get(target) == "active"
        assert "Assault under way" in text_of(screen, "#zone-text")
        for _ in range(20):
            if session.state.assault is None:
                break
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ActionsScreen)
            assert any(text.startswith("Fight a round") for text, _ in app.screen.labelled)
            await pick_in_list(pilot, app, "Fight")
        assert session.state.assault is None
        assert "Assault on" in log_text(screen)


@sync
async def test_german_steps_one_at_a_time_when_paused(save_dir: Path) -> None:
    session = dieppe(setup_done=True)
    async with playing(save_dir, session) as (app, pilot, screen):
        screen.auto = False
        await pilot.press("e")
        await pilot.pause(0.05)
        assert session.state.phase == "german"
        assert "n next step" in text_of(screen, "#prompt")
        played = len(session.log)
        await pilot.press("n")
        await pilot.pause()
        assert len(session.log) == played + 1
        await pilot.press("r")  # run the rest
        await wait_until(pilot, lambda: session.state.phase == "british")
        assert session.state.turn == 2


@sync
async def test_picked_units_act_without_their_stack(save_dir: Path) -> None:
    session = dieppe(setup_done=True)
    async with playing(save_dir, session) as (app, pilot, screen):
        await goto(pilot, screen, "DE2")
        n = screen.pane.numbered.index("g2-a1") + 1
        await pilot.press(str(n))
        await pilot.pause()
        assert screen.pane.picked == ["g2-a1"]
        assert "picked: 2A1" in text_of(screen, "#prompt")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        moves = [a for _, a in app.screen.labelled if a["type"] == "move"]
        assert moves and all(a["units"] == ["g2-a1"] for a in moves)
        await pick_in_list(pilot, app, "OR2")
        assert session.state.units["g2-a1"].zone == "OR2"
        assert session.state.units["g2-a2"].zone == "DE2", "the rest of the LCA's troops stay aboard"
        assert screen.pane.picked == []


@sync
async def test_refusal_shows_the_reason_and_the_case(save_dir: Path) -> None:
    session = dieppe(setup_done=True)
    async with playing(save_dir, session) as (app, pilot, screen):
        screen.play({"type": "move", "units": ["g2-a1"], "to": "HESS"})
        await pilot.pause()
        assert screen.message and screen.message[1] == "error"
        assert "(dieppe:" in screen.message[0] and "g2-a1" not in screen.message[0]
        assert len(session.log) == 1  # only the end of the set-up
        await goto(pilot, screen, "HESS")
        await pilot.press("enter")  # the lit stack may not go there: the rules say why, no list
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen) and screen.message[1] == "error" and "(dieppe:" in screen.message[0]


@sync
async def test_save_and_resume(save_dir: Path) -> None:
    session = dieppe(setup_done=True)
    async with playing(save_dir, session) as (app, pilot, screen):
        await pilot.press("e")
        await wait_until(pilot, lambda: session.state.phase == "british")
        before = log_text(screen)
        again = await save_and_reopen(pilot, app, screen)
        assert again.session.state.turn == 2
        assert log_text(again) == before and "Turn 2" in before


@sync
async def test_the_end_shows_the_victory_screen(save_dir: Path) -> None:
    session = dieppe(setup_done=True)
    while session.state.turn < 12 or session.state.phase != "german":
        session.act({"type": "end-turn"} if session.state.phase == "british" else {"type": "german"})
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, VictoryScreen))
        assert isinstance(app.screen, VictoryScreen)
        text = str(app.screen.query_one("#victory-text").render())
        assert "Failure" in text and "German win" in text and "victory points" in text
        assert "commandos not home" in text and "total" in text
        await pilot.press("escape")  # look at the final position
        await pilot.pause()
        assert "Game over" in text_of(area_screen(app), "#prompt")


@sync
async def test_small_terminal_keeps_the_cursor_zone_in_view(save_dir: Path) -> None:
    async with playing(save_dir, dieppe(setup_done=True), size=(80, 24)) as (app, pilot, screen):
        area = screen.query_one(AreaMap)
        await goto(pilot, screen, "DIE")
        assert in_view(area, "DIE")
        assert area.scrollable_content_region.width >= 44, "the map keeps most of an 80-column terminal"


def test_command_palette_offers_the_play_commands() -> None:
    from wargames_tui.ui.app import WargamesApp

    screen = PlayScreen(dieppe())
    app = WargamesApp(save_dir=Path("."))
    names = [c.title for c in app.get_system_commands(screen)]
    assert {"Save game", "Legal actions", "Undo", "Rules and keys", "Quit to menu"} <= set(names)


def test_refused_actions_are_illegal_in_the_rules_too() -> None:
    # The move the refusal test plays really is refused by the rules.
    session = dieppe(setup_done=True)
    try:
        session.act({"type": "move", "units": ["g2-a1"], "to": "HESS"})
    except IllegalAction:
        return
    raise AssertionError("expected the rules to refuse")


@sync
async def test_help_has_the_area_keys_and_the_dieppe_rules(save_dir: Path) -> None:
    async with playing(save_dir, dieppe()) as (app, pilot, _):
        source = await help_source(pilot, app)
        assert "## Keys\n" in source and "The Dieppe map" in source and "Dieppe 1942 in brief" in source and "(11.2)" in source
        assert "El Alamein in brief" not in source and "Keys on the map" not in source
        await pilot.press("escape")
        await pilot.pause()
        area_screen(app)


@sync
async def test_random_events_are_rolled_with_e(save_dir: Path) -> None:
    session = dieppe(seed=2, options={"events": "on"})
    async with playing(save_dir, session) as (app, pilot, screen):
        await pilot.press("e")  # end the set-up
        await pilot.pause()
        assert session.state.phase == "events"
        assert screen.pane.check_action("play_type", ("roll-events",)) and not screen.pane.check_action("play_type", ("end-turn",))
        await pilot.press("e")  # roll the events
        await pilot.pause()
        assert session.state.phase == "british"
        assert "Unforeseen events" in log_text(screen)


def test_every_action_of_a_playout_reads_in_words() -> None:
    import random

    from wargames_tui.games.dieppe.present.words import describe_dieppe

    rng = random.Random(5)
    session = dieppe(seed=5, options={"events": "on"})
    kinds = set()
    for _ in range(400):
        if session.outcome() is not None:
            break
        view = session.view()
        for action in session.prompt.actions:
            text = describe_dieppe(action, view)
            kinds.add(action["type"])
            assert "{" not in text and "g2-" not in text and "g1-" not in text, text
        actions = session.prompt.actions
        ends = [a for a in actions if a["type"] in ("end-turn", "job-done")]
        session.act(ends[0] if ends and rng.random() < 0.3 else rng.choice(actions))
    assert {"transfer", "move", "end-turn", "german"} <= kinds


@sync
async def test_typing_on_the_action_list_keeps_every_key(save_dir: Path) -> None:
    from textual.widgets import Input

    session = dieppe()
    async with playing(save_dir, session) as (app, pilot, screen):
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        for key in ("L", "o", "v", "a", "t", "space", "u"):
            await pilot.press(key)
            await pilot.pause()
        assert app.screen.query_one(Input).value == "Lovat u"


@sync
async def test_arrows_from_the_filter_walk_the_list_from_the_chosen_row(save_dir: Path) -> None:
    session = dieppe(setup_done=True)
    async with playing(save_dir, session) as (app, pilot, screen):
        await pilot.press("a")
        await pilot.pause()
        for key in ("2", "F", "3"):
            await pilot.press(key)
        await pilot.pause()
        labels = [text for text, _ in app.screen.labelled if "2F3" in text]
        assert len(labels) == 2  # land at Quiberville beach, or at Orange II
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen._confirming is not None  # the landing rolls the dice: asked once more
        await pilot.press("enter")
        await pilot.pause()
        lovat_and_f_troop = ["g2-lovat", "g2-f3", "g2-f4", "g2-f5", "g2-f6"]
        assert session.log[-1].action == {"type": "move", "units": lovat_and_f_troop, "to": "OR2"}


@sync
async def test_esc_with_nothing_picked_stays_in_the_game(save_dir: Path) -> None:
    async with playing(save_dir, dieppe()) as (app, pilot, screen):
        await pilot.press("escape")  # an Esc after a list has closed, say
        await pilot.pause()
        assert area_screen(app) is screen and "q goes to the main menu" in str(screen.message)
        await pilot.press("escape")  # the note goes; the game stays
        await pilot.pause()
        assert area_screen(app) is screen and screen.message is None


@sync
async def test_the_help_lists_the_keys_the_screen_binds(save_dir: Path) -> None:
    # The key list is made from the bindings (the map's, the pane's built from the game's terms,
    # the screen's), not written by hand: every key with a word for the player is in it.
    async with playing(save_dir, dieppe()) as (app, pilot, screen):
        source = await help_source(pilot, app)
        pane = screen.pane
        for _, b in [*screen.query_one("#map")._bindings, *pane._bindings]:
            if b.show or b.tooltip:
                assert (b.tooltip or b.description) in source, b
        assert "- **e**: " + "; ".join(pane.terms.proceed.values()) in source


def test_no_area_game_writes_its_keys_by_hand() -> None:
    # An area game's help part (keys_help) is its map's legend and what its keys do beyond their
    # bindings' words: a key list of its own repeats the one made from the bindings, and drifts.
    from wargames_tui.games import GAMES
    from wargames_tui.present import presentation
    from wargames_tui.ui.helptext import help_markdown

    for gid, game in GAMES.items():
        own = presentation(game).keys_help
        listed = [line for line in own.splitlines() if line.startswith(("- **", "| key", "| `"))]
        assert listed == [], gid
    menu = help_markdown("")
    for game in GAMES.values():
        if presentation(game).area is not None:
            assert f"## Keys: {game.TITLE}" in menu  # from the menu, each area game's keys from its bindings


@sync
async def test_betrayal_free_setup_enter_where_the_unit_may_not_go_says_why(save_dir: Path) -> None:
    """Betrayal's free set-up: Enter on Brabant with a French unit to place gives the rules'
    reason (betrayal:9.0), not "Nothing to do at Brabant"."""
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    session = Session.start(game_for("betrayal/free-setup"), "betrayal/free-setup", seed=1)
    async with playing(save_dir, session) as (app, pilot, screen):
        screen.pane.act_on_zone("BRA")
        await pilot.pause()
        assert screen.message and screen.message[1] == "error"
        assert "Brabant is in the Netherlands" in screen.message[0] and "(betrayal:9.0)" in screen.message[0]


@sync
async def test_betrayal_the_game_plays_the_automatons_turn_for_the_initiative_player(save_dir: Path) -> None:
    """Betrayal: the player who won the initiative reads that the Germans are his to run and why
    (betrayal:3.4.1); g lets the game play them, step by step, until the German turn ends; by hand stays."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import betrayal

    session, rng = Session.start(betrayal, "betrayal/historical", seed=1), random.Random(1)
    while betrayal.stand_in(session.state) is None:
        session.act(random_bot(session, rng))
    player = session.prompt.side
    assert session.prompt.text.startswith("playing the Germans as the initiative's winner (3.4.1): ")
    async with playing(save_dir, session) as (app, pilot, screen):
        played = len(session.log)
        await pilot.pause()
        await pilot.press("g")
        await wait_until(pilot, lambda: betrayal.stand_in_turn(session.state) is None, tries=20000)
        assert len(session.log) > played + 1 and not screen.standing_in
        assert session.prompt.side != "german" and betrayal.stand_in(session.state) is None
        assert all(e.side == player for e in session.log[played:])  # the player's, done for him by the game


@sync
async def test_betrayal_the_game_goes_on_with_the_germans_after_the_players_own_choice_within_their_turn(save_dir: Path) -> None:
    """Betrayal: once g lets the game play the Germans, a withdrawal of the player's own unit in the
    German combat is his to choose (betrayal:4.5.2) and the game waits for it; after it the game
    goes on with the German turn without a second g (it stopped there and offered g again)."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import betrayal

    session, rng = Session.start(betrayal, "betrayal/historical", seed=4), random.Random(4)
    while betrayal.stand_in(session.state) is None:
        session.act(random_bot(session, rng))
    player = session.prompt.side

    def own_choice() -> bool:
        return betrayal.stand_in(session.state) is None and session.prompt.side == player

    async with playing(save_dir, session) as (app, pilot, screen):
        screen.bot_rng = rng  # the game's German steps as seed 4 plays them: a British withdrawal comes
        await pilot.pause()
        await pilot.press("g")
        await wait_until(pilot, own_choice, tries=20000)
        assert betrayal.stand_in_turn(session.state) == "german" and session.state.pending[0]["kind"] == "withdraw"
        assert screen.standing_in == "german" and screen.message[0].startswith("Yours within the Germans' turn, then the game goes on with them: ")
        played = len(session.log)
        await pilot.pause(0.3)
        assert len(session.log) == played  # the game waits for the player's own choice
        screen.play(session.prompt.actions[0])
        await wait_until(pilot, lambda: len(session.log) > played + 1, tries=2000)
        assert session.log[played + 1].side == player and screen.standing_in == "german"
        await wait_until(pilot, lambda: betrayal.stand_in_turn(session.state) is None, tries=20000)
        assert not screen.standing_in


@sync
async def test_betrayal_the_footer_says_what_g_does_and_g_again_takes_the_keys_back(save_dir: Path) -> None:
    """While the game plays the Germans for the initiative's winner (betrayal:3.4.1) the footer's g
    reads "Play by hand", not "Game plays them"; pressed, it stops the game's steps and reads the
    offer again. The footer read "Game plays them" all along, and a second g silently took back."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import betrayal
    from wargames_tui.ui.widgets.footer import Footer

    session, rng = Session.start(betrayal, "betrayal/historical", seed=1), random.Random(1)
    while betrayal.stand_in(session.state) is None:
        session.act(random_bot(session, rng))

    def g_reads() -> list[str]:
        return [k.description for k in screen.query_one(Footer).query("FooterKey") if k.key == "g"]

    async with playing(save_dir, session) as (app, pilot, screen):
        app.bot_delay = 30  # the game's first step waits: the keys are taken back before it
        await pilot.pause()
        assert g_reads() == ["Game plays them"]
        await pilot.press("g")
        await pilot.pause()
        assert screen.standing_in and g_reads() == ["Play by hand"]
        played = len(session.log)
        await pilot.press("g")
        await pilot.pause()
        assert not screen.standing_in and g_reads() == ["Game plays them"]
        assert len(session.log) == played and betrayal.stand_in(session.state) is not None
        assert "by hand again" in screen.message[0]


@sync
async def test_a_cursor_key_on_an_area_map_is_one_screen_update_without_a_layout(save_dir: Path) -> None:
    # The zone panel keeps the height of the tallest zone it has shown: once the zones on the way have
    # been seen, a key redraws the map's two labels and the panel in place. A panel that took each
    # zone's height laid the side column out again on two keys of three of The Seeds of Disaster's map.
    from wargames_tui.cli import new_session

    app = make_app(save_dir, new_session("seeds-of-disaster/1934", {}, 1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        if not isinstance(app.screen, PlayScreen):
            await pilot.press("enter")  # the hotseat cover
            await pilot.pause(0.3)
        screen = area_screen(app)
        keys = ["right"] * 4 + ["down"] * 4 + ["left"] * 4 + ["up"] * 4
        start = screen.query_one(AreaMap).cursor
        await pilot.press(*keys)  # the zones on the way, seen once
        screen.query_one(AreaMap).set_cursor(start)
        await pilot.pause(0.2)
        seen: list[str] = []
        refresh, layout = screen._compositor_refresh, screen._refresh_layout

        def counted_refresh() -> None:
            seen.append("update")
            refresh()

        def counted_layout(*args, **kwargs) -> None:  # noqa: ANN002, ANN003
            seen.append("layout")
            layout(*args, **kwargs)

        screen._compositor_refresh = counted_refresh  # type: ignore[method-assign]
        screen._refresh_layout = counted_layout  # type: ignore[method-assign]
        moved = 0
        for key in keys:
            before = screen.query_one(AreaMap).cursor
            seen.clear()
            await pilot.press(key)
            await pilot.pause(0.1)
            if screen.query_one(AreaMap).cursor != before:
                moved += 1
                assert seen == ["update"], key
        assert moved >= 8


@sync
async def test_betrayal_free_setup_any_unit_in_any_order_and_no_list_of_one(save_dir: Path) -> None:
    """Betrayal's free set-up: the owed line counts the units left, once; Enter on an area lists every unit
    that may go there, any of them taken (not one fixed order); with one unit left, Enter places it
    at once, no list of one to confirm (betrayal:9.0)."""
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    session = Session.start(game_for("betrayal/free-setup"), "betrayal/free-setup", seed=1)
    async with playing(save_dir, session) as (app, pilot, screen):
        line = " ".join(str(screen.query_one("#prompt").render()).split())
        assert "Still to do: place 27 French unit(s) (26 ground, 1 air) (betrayal:8.0)" in line and line.count("27") == 1
        screen.pane.act_on_zone("PAR")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        offered = [a for _, a in app.screen.labelled]
        assert len({a["unit"] for a in offered}) > 1 and all(a["to"] == "PAR" for a in offered)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert session.log[-1].action == offered[2]
        assert session.game.owed(session.state)[0].text.startswith("place 26 French unit(s) (")
    while len({a["unit"] for a in session.prompt.actions if a["type"] == "setup"}) > 1:
        session.act(next(a for a in session.prompt.actions if a["type"] == "setup"))
    last = next(a for a in session.prompt.actions if a["type"] == "setup")
    async with playing(save_dir, session) as (app, pilot, screen):
        played = len(session.log)
        screen.pane.act_on_zone(last["to"])
        await pilot.pause()
        assert not isinstance(app.screen, ActionsScreen)
        assert session.log[played].action == last


@sync
async def test_a_set_up_with_no_unit_on_the_map_starts_the_cursor_where_one_may_go(save_dir: Path) -> None:
    """Betrayal's free set-up: no French unit stands on the map yet; the cursor starts on an area a
    French unit may set up in, not on Border Area 1, where Enter met a refusal (betrayal:9.0)."""
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    session = Session.start(game_for("betrayal/free-setup"), "betrayal/free-setup", seed=1)
    async with playing(save_dir, session) as (app, pilot, screen):
        assert screen.pane.cursor in {a.get("to") for a in session.prompt.actions}


@sync
async def test_the_zone_panel_shows_the_preview_of_the_lit_units_move_into_the_zone(save_dir: Path) -> None:
    # Springtime: a German army beside a French one during an Axis assault; the cursor on its zone
    # lights its reach, and on the French zone the panel shows what entering it binds, in full
    # with its case, as the hex panel shows the preview of Enter's action (springtime:10.1).
    from tests.games.springtime.helpers import assault, empty_board, fresh, put
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    state = empty_board(fresh())
    put(state, "de-6a", "13")
    put(state, "fr-7a", "22")
    assault(state, "axis", ["B"], 2)
    session = Session.start(game_for("springtime/fall-gelb"), "springtime/fall-gelb", seed=1,
                            seats={"allied": "bot:random", "axis": "human"})  # one person: no cover
    session.state = state
    preview = session.game.preview(state, {"type": "move", "unit": "de-6a", "to": "22"})
    async with playing(save_dir, session) as (app, pilot, screen):
        await pilot.pause()
        await goto(pilot, screen, "13")
        await goto(pilot, screen, "22")
        await pilot.pause()
        shown = " ".join(text_of(screen, "#zone-text").split())
        assert " ".join(preview.odds.split()) in shown and f"({preview.case})" in shown
        await goto(pilot, screen, "13")
        assert preview.odds.split()[0] not in text_of(screen, "#zone-text")  # its own zone: no move into it
