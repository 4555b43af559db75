"""The main menu: new game, continue, load, help, quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wargames_tui.ui.widgets.footer import Footer

BANNER = "wargames-tui"


def import_games() -> None:
    """Every game with its scenarios and presentation, and the help's Markdown renderer, imported
    while the player reads the menu: the help (every game's keys and rules) and the new-game list
    need them all, half a second the first time (in a thread: the menu answers keys meanwhile)."""
    import rich.markdown  # noqa: F401 - imported for the help screen's first opening

    from wargames_tui.games import all_scenarios
    from wargames_tui.ui.helptext import help_markdown

    all_scenarios()
    help_markdown()


class MenuScreen(Screen):
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("c", "choose('continue')", "Continue"),
        Binding("l", "choose('load')", "Load game"),
        Binding("r", "choose('replay')", "Replay"),
        Binding("question_mark", "choose('help')", "Help", key_display="?"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Center():
            with Vertical(id="menu-box"):
                yield Static(self._banner(), id="menu-banner")
                yield OptionList(id="menu-list")
                yield Static(id="menu-note")
        yield Footer()

    @staticmethod
    def _banner() -> Text:
        t = Text(justify="center")
        t.append(f"{BANNER}\n", "bold #ffd21f")
        t.append("classic board wargames in the terminal", "italic")
        return t

    latest = None  # the latest unfinished save, once the saves are read
    _read = False  # the saves have been read: the highlighted option is the player's

    def on_mount(self) -> None:
        self.query_one("#menu-box").border_title = "Main menu"
        self._fill("looking for saved games...", None)
        # The saves are read once the menu is on the screen: reading them imports the save schema and
        # the game of the latest save (a cold start's first frame waited a tenth of a second and more).
        options = self.query_one(OptionList)

        def drawn(_screen: Screen) -> None:
            self.screen_layout_refresh_signal.unsubscribe(options)
            self.call_later(self.refresh_menu)
            self.app.run_worker(import_games, thread=True, group="import-games", exit_on_error=False)

        self.screen_layout_refresh_signal.subscribe(options, drawn, immediate=True)

    def on_screen_resume(self) -> None:
        if self._read:  # back from a game or a list: the saves may have changed
            self.refresh_menu()

    def refresh_menu(self) -> None:
        from wargames_tui.ui.saving import describe, latest_unfinished, list_saves

        latest = latest_unfinished(self.app.save_dir)  # type: ignore[attr-defined]
        self.latest = latest
        self._fill(describe(latest) if latest else "no unfinished game saved", latest is not None)
        self._read = True
        note = self.query_one("#menu-note", Static)
        count = len(list_saves(self.app.save_dir))  # type: ignore[attr-defined]
        words = "no saved games yet" if count == 0 else f"{count} saved game{'s' if count != 1 else ''}: l to load one"
        note.update(Text(words, style="dim", justify="center"))

    def _fill(self, saved: str, found: bool | None) -> None:
        """The menu's options, Continue with the words on the latest save (found: None while the
        saves are being read)."""
        options = self.query_one(OptionList)
        highlighted = options.highlighted if self._read else None
        options.clear_options()
        cont = Text("Continue")
        for line in saved.splitlines():
            cont.append(f"\n  {line}", "dim")
        options.add_options(
            [
                Option(Text("New game"), id="new"),
                Option(cont, id="continue", disabled=not found),
                Option(Text("Load game"), id="load"),
                Option(Text("Replay a game"), id="replay"),
                Option(Text("Help"), id="help"),
                Option(Text("Quit"), id="quit"),
            ]
        )
        options.highlighted = highlighted if highlighted is not None else (1 if found else 0)
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, what: str) -> None:
        app = self.app
        if what == "new":
            from wargames_tui.ui.screens.new_game import NewGameScreen

            app.push_screen(NewGameScreen())
        elif what == "continue":
            if self.latest is None:
                self.notify("No unfinished game to continue.", severity="warning")
                return
            app.open_save(self.latest.path)  # type: ignore[attr-defined]
        elif what == "load":
            from wargames_tui.ui.screens.load_game import LoadGameScreen

            app.push_screen(LoadGameScreen())
        elif what == "replay":
            from wargames_tui.ui.screens.load_game import LoadGameScreen

            app.push_screen(LoadGameScreen(replay=True))
        elif what == "help":
            from wargames_tui.ui.screens.help import HelpScreen

            app.push_screen(HelpScreen())
        elif what == "quit":
            app.exit()
