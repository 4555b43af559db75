"""The list of every legal action: filtering by words in any order, and Enter when nothing matches."""

from __future__ import annotations

import inspect
from pathlib import Path

from textual.app import App
from textual.widgets import Input

from tests.ui.helpers import SIZE, sync
from wargames_tui.ui.app import WargamesApp
from wargames_tui.ui.screens.actions import ActionsScreen, Worded
from wargames_tui.ui.widgets.rows import Rows

ROWS = [
    ("Move Aufk (4-10) 2012 -> 2013 (1 hex)", {"type": "move", "unit": "aufk"}),
    ("Move 8Pz (6-10) 1816 -> 1716 (1 hex)", {"type": "move", "unit": "8pz"}),
    ("End the movement phase", {"type": "end-phase"}),
]


class ListApp(App):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(ActionsScreen("Pick one", ROWS), self.chosen.append)


@sync
async def test_words_in_any_order_find_the_row() -> None:
    app = ListApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"2012 aufk", "enter")
        await pilot.pause()
        assert app.chosen == [ROWS[0][1]]


@sync
async def test_enter_chooses_nothing_when_nothing_matches() -> None:
    app = ListApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"zzz", "enter")
        await pilot.pause()
        assert app.chosen == [] and isinstance(app.screen, ActionsScreen)
        assert "Nothing matches" in str(app.screen.query_one("#actions-title").render())
        await pilot.press("backspace", "backspace", "backspace")  # the filter changed: the title is the list's again
        await pilot.pause()
        assert str(app.screen.query_one("#actions-title").render()) == "Pick one"


@sync
async def test_a_second_choice_queued_before_the_list_is_gone_is_ignored() -> None:
    app = ListApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        rows = screen.query_one(Rows)
        # two Enters typed fast: both choices wait in the list's queue before it closes
        for i in (0, 1):
            screen.post_message(Rows.Chosen(rows, i))
        await pilot.pause()
        await pilot.pause()
        assert app.chosen == [ROWS[0][1]]


@sync
async def test_an_enter_on_the_map_queued_behind_the_list_it_opened_is_dropped(tmp_path) -> None:  # noqa: ANN001
    # Two Enters on the map typed fast: the first opens the list (no action names an Area in the
    # Political Phase); the second, already queued for the play screen, must not open a second list
    # over it (stacked lists left the client deaf to keys in tmux).
    from tests.ui.areahelpers import playing
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for
    from wargames_tui.ui.widgets.areamap import AreaMap

    scenario = "springtime/fall-gelb"
    session = Session.start(game_for(scenario), scenario, seed=3, seats={"allied": "human", "axis": "bot:greedy"})
    async with playing(tmp_path, session) as (app, pilot, screen):
        await pilot.pause()
        area = screen.query_one(AreaMap)
        for _ in range(2):
            area.post_message(AreaMap.Chosen(area.cursor))  # bubbles up to the pane
        await pilot.pause()
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack[-2:]] == ["PlayScreen", "ActionsScreen"]


@sync
async def test_enter_on_a_list_the_filter_emptied_says_nothing_matches() -> None:
    app = ListApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"zzz")
        await pilot.pause()
        app.screen.query_one(Rows).focus()  # back on the (empty) list, as keys typed fast can leave it
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [] and isinstance(app.screen, ActionsScreen)
        assert "Nothing matches 'zzz'" in str(app.screen.query_one("#actions-title").render())
        app.screen.query_one(Rows).focus()
        await pilot.press("backspace", "backspace", "backspace")  # typed on the list, they still clear the filter
        await pilot.pause()
        assert app.screen.query_one(Input).value == "" and app.screen.query_one(Rows).count == len(ROWS)


@sync
async def test_an_enter_on_the_map_while_the_bot_is_to_act_opens_no_list(tmp_path) -> None:  # noqa: ANN001
    # The list would offer the bot's own actions to the human at the keys.
    from tests.ui.areahelpers import area_screen
    from tests.ui.helpers import make_app
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for
    from wargames_tui.ui.widgets.areamap import AreaMap

    scenario = "springtime/fall-gelb"
    session = Session.start(game_for(scenario), scenario, seed=3, seats={"allied": "bot:greedy", "axis": "human"})
    app = make_app(tmp_path, session)
    app.bot_delay = 30  # the bot's first step waits: it is to act while the Enter comes
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = area_screen(app)
        assert screen.bot_to_act()
        area = screen.query_one(AreaMap)
        screen.post_message(AreaMap.Chosen(area.cursor))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and len(session.log) == 0


class LongListApp(App):
    def __init__(self, rows: list) -> None:  # noqa: ANN001
        super().__init__()
        self.rows = rows
        self.chosen: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(ActionsScreen("Pick one", self.rows), self.chosen.append)


@sync
async def test_a_long_list_draws_only_the_rows_in_sight(monkeypatch) -> None:  # noqa: ANN001
    rows = [(f"Move unit {i} to hex {i:04d}", {"type": "move", "unit": str(i)}) for i in range(2000)]
    drawn: list[int] = []
    real = Rows.render_line

    def counted(self, y: int):  # noqa: ANN001, ANN202
        drawn.append(y)
        return real(self, y)

    monkeypatch.setattr(Rows, "render_line", counted)
    app = LongListApp(rows)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        height = screen.query_one(Rows).size.height
        assert 0 < len(drawn) <= 3 * height  # a screenful or so, not 2,000 rows
        await pilot.press("end")
        await pilot.pause()
        assert screen.query_one(Rows).lit_index == 1999
        await pilot.press("home", "down", "down", "enter")
        await pilot.pause()
        assert app.chosen == [rows[2][1]]


@sync
async def test_a_click_chooses_the_row_under_it() -> None:
    app = ListApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click(Rows, offset=(2, 1))
        await pilot.pause()
        assert app.chosen == [ROWS[1][1]]


class RowsApp(App):
    def __init__(self, rows: list[tuple[str, dict]]) -> None:
        super().__init__()
        self.rows, self.chosen = rows, []

    def on_mount(self) -> None:
        self.push_screen(ActionsScreen("Pick one", self.rows), self.chosen.append)


async def typed_and_entered(rows: list[tuple[str, dict]], typed: str) -> list[object]:
    app = RowsApp(rows)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*typed, "enter")
        await pilot.pause()
        return app.chosen


@sync
async def test_the_row_meant_comes_first_and_enter_takes_it() -> None:
    """Seeds: "Counter" takes the counterespionage, not "No counterespionage answer" listed first;
    Dunkerque: the three units typed take the three-unit attack, not the two-unit one listed first;
    "hold maneuvers" finds "hold a Military Maneuver"; Blitzkrieg: "71st E2940" takes the 71st's
    attack alone, not its stack's (both hold the words: the shorter row is meant)."""
    seeds = [("No counterespionage answer", {"type": "no-counter"}),
             ("counter the opponent's play no. 1 with card Rhineland (4.2.1)", {"type": "counter"})]
    assert await typed_and_entered(seeds, "Counter") == [{"type": "counter"}]
    dunkerque = [("Attack 1204 with III (3-3) + I (4-4) · 1:1", {"n": 2}),
                 ("Attack 1204 with III (3-3) + I (4-4) + II (2-2) · 2:1", {"n": 3})]
    assert await typed_and_entered(dunkerque, "III (3-3) + I (4-4) + II") == [{"n": 3}]
    spy = [("spy on maneuvers with card Rhineland", {"type": "spy"}), ("hold a Military Maneuver at Saar", {"type": "maneuver"})]
    assert await typed_and_entered(spy, "hold maneuvers") == [{"type": "maneuver"}]
    blitz = [("Attack E2940 with 68th Inf Div (8-10-6) + 71st Inf Div (8-10-6) + 79th Inf Div (8-10-6)", {"n": 3}),
             ("Attack E2940 with 71st Inf Div (8-10-6) · 8 vs 7-12", {"n": 1})]
    assert await typed_and_entered(blitz, "71st E2940") == [{"n": 1}]


@sync
async def test_the_list_is_up_with_the_words_of_the_rows_drawn_alone(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Blitzkrieg 1940's German set-up lists every waiting unit at every hex it may set up on (about
    31,000 actions): before the list is first drawn, only the rows in sight were put in words (all of
    them were, taking seconds on a loaded machine: issue 23)."""
    from tests.ui.helpers import make_app
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for
    from wargames_tui.ui.screens.play import PlayScreen

    scenario = "blitzkrieg-1940/1940"
    session = Session.start(game_for(scenario), scenario, seed=3)
    session.act({"type": "sickle-cut", "launch": True})
    assert len(session.prompt.actions) > 30_000
    worded: list[object] = []
    real_worded, real_render = PlayScreen.worded, Rows.render_line
    at_first_draw: list[int] = []

    def counted(self, action):  # noqa: ANN001, ANN202
        worded.append(action)
        return real_worded(self, action)

    def drawn(self, y: int):  # noqa: ANN001, ANN202
        if not at_first_draw:
            at_first_draw.append(len(worded))
        return real_render(self, y)

    monkeypatch.setattr(PlayScreen, "worded", counted)
    monkeypatch.setattr(Rows, "render_line", drawn)
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        height = app.screen.query_one(Rows).size.height
        assert at_first_draw and at_first_draw[0] <= height + 1  # the rows in sight and the lit one


class SyntheticListApp(App):
    """A list of 30,000 actions worded when asked, as the play screen gives it."""

    def __init__(self, n: int = 30_000) -> None:
        super().__init__()
        self.actions = [{"type": "move", "unit": f"u{i}", "hex": f"{i:05d}"} for i in range(n)]
        self.chosen: list[object] = []

    def on_mount(self) -> None:
        words = lambda a: f"Move unit {a['unit']} to hex {a['hex']}"  # noqa: E731
        self.push_screen(ActionsScreen("Pick one", Worded(self.actions, words)), self.chosen.append)


@sync
async def test_keys_typed_while_a_long_list_opens_filter_every_row() -> None:
    app = SyntheticListApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"u2999")  # at once: the list is still reading its rows' words
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(Input).value == "u2999"
        rows = screen.query_one(Rows)
        assert sorted(rows.shown) == [2999] + list(range(29990, 30000))  # found among the last rows read too
        assert rows.lit_index == 2999  # the whole word first
        await pilot.press("backspace", *"98", "enter")  # "u29998"
        await pilot.pause()
        assert app.chosen == [app.actions[29998]]


@sync
async def test_enter_typed_before_the_list_has_read_every_row_takes_the_row_meant() -> None:
    app = SyntheticListApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"hex 29999", "enter")  # no pause: Enter may come before the last row is read
        await pilot.pause()
        assert app.chosen == [app.actions[29999]]


class LongWordsApp(App):
    CSS_PATH = Path(inspect.getfile(WargamesApp)).parent / WargamesApp.CSS_PATH  # the client's own layout
    TITLE_TEXT = ("Impulse: play an Event or the Advantage, then choose Assault, Regroup, Redeploy or Pass "
                  "(springtime:8.1)")
    ROW = ("2nd Army to Champagne [24] · entering Champagne binds 1 unit(s) to attack it: attack 5 vs "
           "defence 11-15; 100% repulse, <1% stalemate; without air, led by the strongest; others may "
           "follow (springtime:10.1)")

    def on_mount(self) -> None:
        self.push_screen(ActionsScreen(self.TITLE_TEXT, [(self.ROW, {"type": "move"}), *ROWS]))


@sync
async def test_the_prompt_and_the_lit_rows_preview_are_shown_whole() -> None:
    # Springtime's list at 120x40 cut its prompt at '(spr' and the lit row's preview after two
    # lines ('... led by the strongest; others may'): the odds of an attack must be readable whole.
    app = LongWordsApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        title, lit = screen.query_one("#actions-title"), screen.query_one("#actions-lit")
        for widget, words in ((title, LongWordsApp.TITLE_TEXT), (lit, LongWordsApp.ROW)):
            shown = [str(line.text).rstrip() for line in widget.render_lines(widget.content_region.reset_offset)]
            assert widget.size.width <= screen.query_one("#actions-box").content_region.width, widget.id
            assert " ".join(" ".join(shown).split()) == words


@sync
async def test_the_lit_row_is_shown_again_in_full_only_where_the_list_cuts_it() -> None:
    # A short lit row repeated under the list read as a second row like it ("Move 25T (5-8) 0801 ->
    # 0802 (1 hex)" twice, Khar'kov at 80x24).
    app = LongWordsApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lit = app.screen.query_one("#actions-lit")
        assert lit.display and "springtime:10.1" in str(lit.render())  # the long row, cut in the list
        await pilot.press("down")
        await pilot.pause()
        assert not lit.display  # a short row, whole in the list


@sync
async def test_keys_pasted_after_a_go_to_the_list_it_opens(tmp_path) -> None:  # noqa: ANN001
    # "a8Pz 2016" pasted (one terminal read) on El Alamein's map: the list opened with an empty
    # filter, the keys after the a were gone.
    from textual import events

    from tests.ui.helpers import make_app, new_session

    app = make_app(tmp_path, new_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for ch in "a8Pz":
            app.post_message(events.Key(ch, ch))  # one read: every key queued before the first is handled
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        assert app.screen.query_one(Input).value == "8Pz"
