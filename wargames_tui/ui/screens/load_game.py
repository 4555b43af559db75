"""Load a game: every save in the save folder, unreadable ones listed with their error."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from wargames_tui.ui.saving import SaveEntry, list_saves, scenario_title, when
from wargames_tui.ui.widgets.footer import Footer


class LoadGameScreen(Screen):
    BINDINGS = [
        Binding("enter", "load", "Load", priority=True),
        Binding("o", "load_seat", "One side only", tooltip="open the game for one side, from this screen: the other plays from his"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, replay: bool = False) -> None:
        """replay: open the chosen game in the replay viewer rather than to play on."""
        super().__init__()
        self.replay = replay

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield DataTable(id="load-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="load-note")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#load-box")
        box.border_title = "Replay a game" if self.replay else "Load game"
        box.border_subtitle = str(self.app.save_dir)  # type: ignore[attr-defined]
        table = self.query_one(DataTable)
        table.add_columns("Game", "Scenario", "Turn", "Phase", "To move", "Saved", "File")
        self.entries: list[SaveEntry] = list_saves(self.app.save_dir)  # type: ignore[attr-defined]
        for i, e in enumerate(self.entries):
            env = e.envelope
            if env is None:
                bad = Text(f"{e.path.name}: {e.error}", style="#ff6b6b")
                table.add_row("?", Text("unreadable save", style="bold #ff6b6b"), "", "", "", when(e.sort_key), bad, key=str(i))
                continue
            game_title = self._game_title(env.game)
            title = scenario_title(env.scenario).removeprefix(f"{game_title}: ")
            status = " (finished)" if env.finished else ""
            table.add_row(
                game_title,
                title + status,
                str(env.turn or ""),
                env.phase or "",
                self._side_name(env) or "",
                when(env.updated),
                e.path.name,
                key=str(i),
            )
        note = self.query_one("#load-note", Static)
        if not self.entries:
            note.update(Text("No saved games yet: start one from New game.", style="italic"))
        else:
            note.update(Text("Enter loads the highlighted game; o opens it for one side only (two screens); Esc goes back.", style="dim"))
        table.focus()

    @staticmethod
    def _game_title(game_id: str) -> str:
        from wargames_tui.games import GAMES

        module = GAMES.get(game_id)
        return getattr(module, "TITLE", game_id) if module else game_id

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        note = self.query_one("#load-note", Static)
        if not self.entries or event.cursor_row >= len(self.entries):
            return
        entry = self.entries[event.cursor_row]
        if entry.envelope is None:
            note.update(Text(f"{entry.path.name} cannot be loaded: {entry.error}", style="#ff6b6b", overflow="ellipsis", no_wrap=True))
        else:
            note.update(Text(f"{entry.path.name}: Enter loads it; Esc goes back.", style="dim", overflow="ellipsis", no_wrap=True))

    @staticmethod
    def _side_name(env) -> str:  # noqa: ANN001 - SaveFile
        side = env.side_to_move
        if side is None:
            return "-"
        from wargames_tui.games import all_scenarios

        try:
            info = next((s for s in all_scenarios() if s.id == env.scenario), None)
        except Exception:  # noqa: BLE001
            info = None
        return info.sides.get(side, side) if info else side

    def _chosen(self) -> SaveEntry | None:
        table = self.query_one(DataTable)
        if not self.entries or table.cursor_row is None:
            return None
        entry = self.entries[table.cursor_row]
        if entry.envelope is None:
            self.notify(f"{entry.path.name} cannot be loaded: {entry.error}", severity="error", timeout=8)
            return None
        return entry

    def action_load_seat(self) -> None:
        """o: the game for one of its sides only; the other sides play from other screens."""
        entry = self._chosen()
        if entry is None or entry.envelope is None or self.replay:
            return
        from wargames_tui.games import all_scenarios
        from wargames_tui.ui.screens.seat_choice import SeatChoiceScreen

        info = next((s for s in all_scenarios() if s.id == entry.envelope.scenario), None)
        seats = entry.envelope.seats
        sides = {side: name for side, name in (info.sides if info else {}).items() if seats.get(side) != "game"}

        def chosen(side: str | None) -> None:
            if side is not None:
                self.app.open_save(entry.path, seat=side)  # type: ignore[attr-defined]

        self.app.push_screen(SeatChoiceScreen(f"{entry.path.name}: play which side?", sides), chosen)

    def action_load(self) -> None:
        entry = self._chosen()
        if entry is None:
            return
        if self.replay:
            self.app.open_replay(entry.path)  # type: ignore[attr-defined]
        else:
            self.app.open_save(entry.path)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
