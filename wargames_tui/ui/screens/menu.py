"""The main menu: new game, continue, load, help, quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wargames_tui.ui.saving import describe, latest_unfinished, list_saves
from wargames_tui.ui.widgets.footer import Footer

BANNER = "wargames-tui"


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

    def on_mount(self) -> None:
        self.query_one("#menu-box").border_title = "Main menu"
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        latest = latest_unfinished(self.app.save_dir)  # type: ignore[attr-defined]
        self.latest = latest
        options = self.query_one(OptionList)
        highlighted = options.highlighted
        options.clear_options()
        cont = Text("Continue")
        if latest:
            for line in describe(latest).splitlines():
                cont.append(f"\n  {line}", "dim")
        else:
            cont.append("\n  no unfinished game saved", "dim")
        options.add_options(
            [
                Option(Text("New game"), id="new"),
                Option(cont, id="continue", disabled=latest is None),
                Option(Text("Load game"), id="load"),
                Option(Text("Replay a game"), id="replay"),
                Option(Text("Help"), id="help"),
                Option(Text("Quit"), id="quit"),
            ]
        )
        options.highlighted = highlighted if highlighted is not None else (1 if latest else 0)
        options.focus()
        note = self.query_one("#menu-note", Static)
        count = len(list_saves(self.app.save_dir))  # type: ignore[attr-defined]
        words = "no saved games yet" if count == 0 else f"{count} saved game{'s' if count != 1 else ''}: l to load one"
        note.update(Text(words, style="dim", justify="center"))

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
