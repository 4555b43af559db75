"""The replay viewer: a game's map, panels and log as they were after any action, read only.

The play screens draw each position; here their keys are replaced by the replay's own, nothing
is played, nothing is saved, and every side's secrets stay hidden (the public view).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding

from wargames_tui.engine.channels import headline
from wargames_tui.engine.flow import Action, Event
from wargames_tui.engine.history import positions
from wargames_tui.engine.session import Session
from wargames_tui.ui.screens.area_play import AreaPlayScreen
from wargames_tui.ui.screens.play import PlayScreen
from wargames_tui.ui.widgets.panel import Panel

KEYS = [
    Binding("full_stop,space", "step(1)", "Next action", key_display="."),
    Binding("comma,backspace", "step(-1)", "Previous", key_display=","),
    Binding("greater_than_sign,pagedown", "step(10)", "10 on", key_display=">"),
    Binding("less_than_sign,pageup", "step(-10)", "10 back", key_display="<"),
    Binding("home", "go_to(0)", "Start"),
    Binding("end", "go_to(-1)", "End"),
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("q,escape", "menu", "Back"),
]


class ReplayMixin:
    """Mixed in before a play screen: shows position `at` of the game and steps through them."""

    session: Session

    def __init__(self, session: Session) -> None:
        self.full_log = list(session.log)
        self.positions = positions(session)
        self.at = len(self.full_log)
        super().__init__(session, None)  # type: ignore[call-arg]
        self._shown_outcome = True  # no victory screen over a replay

    def on_mount(self) -> None:
        super().on_mount()  # type: ignore[misc]
        self.go_to(self.at)

    # --- stepping ---------------------------------------------------------------------------
    def action_step(self, by: int) -> None:
        self.go_to(max(0, min(len(self.full_log), self.at + by)))

    def action_go_to(self, n: int) -> None:
        self.go_to(len(self.full_log) if n < 0 else n)

    def go_to(self, n: int) -> None:
        self.at = n
        self.session.state = self.positions[n]
        self.session.log = self.full_log[:n]
        self.session._prompt = None
        self.message = None
        self.refresh_all()  # type: ignore[attr-defined]
        self._rewrite_log()  # type: ignore[attr-defined]

    def _draw_prompt(self) -> None:
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f" Replay: action {self.at} of {len(self.full_log)} ", "bold black on #7ec8e3")
        if self.at:
            entry = self.full_log[self.at - 1]
            secret = f"{self.side_names.get(entry.side or '', entry.side)}: a choice kept secret"  # type: ignore[attr-defined]
            t.append(f" {headline(entry.events, self.viewer()) or secret}", "bold")
        t.append("   . next  , previous  < > ten  Home End  q back", "dim")
        self.query_one("#prompt", Panel).put(t)  # type: ignore[attr-defined]

    # --- nothing is played, saved or handed over ------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        self.say("This is a replay: nothing can be played here.", "error")  # type: ignore[attr-defined]
        return []

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True

    def viewer(self) -> str | None:
        return None

    def _autosave(self) -> None:
        return None

    def _schedule_step(self) -> None:
        return None

    def _cover_at_start(self) -> None:
        return None

    def action_menu(self) -> None:
        self.app.show_menu()  # type: ignore[attr-defined]


class HexReplayScreen(ReplayMixin, PlayScreen, inherit_bindings=False):
    BINDINGS = KEYS


class AreaReplayScreen(ReplayMixin, AreaPlayScreen, inherit_bindings=False):
    BINDINGS = KEYS


def replay_screen(session: Session, kind: str) -> Any:
    return {"hex": HexReplayScreen, "area": AreaReplayScreen}[kind](session)
