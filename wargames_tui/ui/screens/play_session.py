"""What both play screens do whatever the map: the prompt line's messages, the side panels' width,
applying an action, undo, the end of the game, help, the menu and saving.

The base of PlayScreen (hex maps) and AreaPlayScreen (area maps). Each screen has its own:
- `refresh_all()`, `_draw_prompt()` and `refuse(exc)` (a refusal in the prompt line);
- `played_words(action)`: an action in words, for the log;
- `_schedule_step()`: sets `_step_timer` for the next step of a side the game plays, if one is due;
- `_victory_view()` and `help_legend()` where the defaults below do not fit.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen
from textual.widgets import Footer

from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.ui.saving import autosave_path
from wargames_tui.ui.widgets.log import LogPanel

if TYPE_CHECKING:
    from textual.timer import Timer

    from wargames_tui.engine.session import Session


class SessionScreen(Screen):
    session: Session
    save_path: Path | None
    view: dict[str, Any]
    message: tuple[str, str] | None  # (text, "error" | "info"), shown in the prompt's place
    _step_timer: Timer | None
    _shown_outcome: bool

    @property
    def prompt(self):  # noqa: ANN201 - engine Prompt
        return self.session.prompt

    def say(self, text: str, kind: str = "info") -> None:
        self.message = (text, kind)
        self._draw_prompt()

    def _fit_to_window(self, map_width: int, side_least: int) -> None:
        """Narrow and short windows get their classes and a compact footer; the side panels take
        what the map leaves, within bounds."""
        narrow = self.app.size.width < 110
        short = self.app.size.height < 32
        self.set_class(narrow, "narrow")
        self.set_class(short, "short")
        self.query_one(Footer).compact = narrow
        side = self.app.size.width - map_width
        self.query_one("#side").styles.width = max(33 if narrow else side_least, min(side, 46))

    # --- playing an action ------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event] | None:
        """Apply one action through the session: its events, or None when the rules refuse it (their
        reason and case are shown) or fail on it (the game is unchanged); never a traceback."""
        try:
            return self.session.act(action)
        except IllegalAction as exc:
            self.refuse(exc)
        except Exception as exc:  # noqa: BLE001 - a rules bug must not take the client down; the game is unchanged
            self.say(f"The rules failed on this action and left the game unchanged: {exc!r}", "error")
        return None

    def _take_back(self, stops_at: str) -> bool:
        """Undo the last action and write it to the log; False (and why) when there is nothing to take
        back. The screen then drops its own choices and redraws."""
        last = self.session.log[-1].action if self.session.log else None
        if not self.session.undo():
            self.say(f"Nothing to take back: undo stops at {stops_at}.", "error")
            return False
        self.query_one(LogPanel).write(f"↶ taken back: {self.played_words(last) if last else ''}")
        self.message = ("Took back the last action.", "info")
        self._autosave()
        return True

    # --- the end of the game, and the side the game plays --------------------------------------
    def _end_or_go_on(self) -> None:
        """After a change: the outcome, the first time the game is over; else the next step of a side
        the game plays."""
        if self.session.outcome() is not None and not self._shown_outcome:
            self._shown_outcome = True
            self._cancel_step()
            self._show_victory()
            return
        self._schedule_step()

    def _victory_view(self) -> dict[str, Any]:
        """The view the victory screen reads the sides and the points from."""
        return self.view

    def _show_victory(self) -> None:
        from wargames_tui.ui.screens.victory import VictoryScreen

        def done(choice: str | None) -> None:
            if choice == "menu":
                self.app.show_menu()  # type: ignore[attr-defined]

        self.app.push_screen(VictoryScreen(self.session.outcome(), self._victory_view()), done)

    def _cancel_step(self) -> None:
        if self._step_timer is not None:
            self._step_timer.stop()
            self._step_timer = None

    def on_screen_resume(self) -> None:
        self.refresh_all()
        if not self._shown_outcome:
            self._schedule_step()

    # --- keys -----------------------------------------------------------------------------------
    def help_legend(self) -> tuple[tuple[str, str, str], ...]:
        """The map's legend for the help screen (none by default)."""
        return ()

    def action_help(self) -> None:
        from wargames_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.session.scenario, self.help_legend()))

    def action_save(self) -> None:
        path = self._autosave()
        if path:
            self.notify(f"Saved to {path}", title="Game saved")

    def action_menu(self) -> None:
        self._autosave()
        self._cancel_step()
        self.app.show_menu()  # type: ignore[attr-defined]

    # --- saving ---------------------------------------------------------------------------------
    def _autosave(self) -> Path | None:
        if self.save_path is None:
            self.save_path = autosave_path(self.app.save_dir, self.session)  # type: ignore[attr-defined]
        return self.app.autosave(self.session, self.save_path)  # type: ignore[attr-defined]
