"""What both play screens do whatever the map: the prompt line's messages, the side panels' width,
applying an action, undo, the end of the game, help, the menu and saving.

The base of PlayScreen (hex maps) and AreaPlayScreen (area maps). Each screen has its own:
- `refresh_all()`, `_draw_prompt()` and `refuse(exc)` (a refusal in the prompt line);
- `played_words(action)`: an action in words, for the log;
- `_schedule_step()`: sets `_step_timer` for the next step of a side the game plays, if one is due;
- `_victory_view()` and `help_legend()` where the defaults below do not fit.
"""

from __future__ import annotations

import random
import re
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen

from wargames_tui.bots import BOTS
from wargames_tui.engine.channels import shown_to
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.present import presentation
from wargames_tui.ui.saving import autosave_path
from wargames_tui.ui.screens.handoff import HandoffScreen
from wargames_tui.ui.widgets.footer import Footer
from wargames_tui.ui.widgets.log import EVENT_STYLES, LogPanel
from wargames_tui.ui.widgets.track import short_side

if TYPE_CHECKING:
    from textual.timer import Timer

    from wargames_tui.engine.session import LogEntry, Session

# The log keeps this many lines, live and when a game is loaded alike.
LOG_LINES = 1000


def short_name(name: str) -> str:
    """A side's name without its bracketed detail: 'Italian (10th Army)' -> 'Italian'."""
    return re.sub(r"\s*\(.*?\)", "", name).strip() or name


class SessionScreen(Screen):
    BINDINGS = [
        Binding("left_square_bracket", "log_scroll(-1)", "Log back", show=False),
        Binding("right_square_bracket", "log_scroll(1)", "Log on", show=False),
    ]

    session: Session
    save_path: Path | None
    view: dict[str, Any]
    message: tuple[str, str] | None  # (text, "error" | "info"), shown in the prompt's place
    _step_timer: Timer | None
    _shown_outcome: bool
    _covered: bool = False  # the hotseat cover is up
    bot_rng: random.Random
    _drawn_for: str | None = None  # the viewer whose view is drawn now
    _last_person: str | None = None  # the last side a person at the keyboard played (through a game-played side's steps)

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

    def _take_back(self) -> bool:
        """Undo the last action: the log loses its lines and the prompt line says what was taken back;
        False (and why) when there is nothing to take back. The screen then drops its own choices and
        redraws."""
        last = self.session.log[-1].action if self.session.log else None
        if not self.session.undo():
            self.say(f"Nothing to take back: undo stops at {self.session.undo_stop}, which binds both sides.", "error")
            return False
        self.read_view()
        self.message = (f"Took back: {self.played_words(last) if last else ''}", "info")
        self._rewrite_log()
        self._autosave()
        return True

    # --- the log --------------------------------------------------------------------------------
    def read_view(self) -> None:
        """The view the screen draws: the viewer's, and no other side's."""
        self._drawn_for = self.viewer()
        if self._drawn_for is not None:
            self._last_person = self._drawn_for
        self.view = self.session.view(self._drawn_for)

    def viewer(self) -> str | None:
        """Whose view the screen shows: the side to move if a person plays it, else the one person
        at the keyboard, else the public view."""
        side = self.prompt.side
        if side and self.session.seats.get(side, "human") == "human":
            return side
        humans = [s for s, seat in self.session.seats.items() if seat == "human"]
        return humans[0] if len(humans) == 1 else None

    @cached_property
    def side_names(self) -> dict[str, str]:
        """The sides' names, read once: a view can take milliseconds, and a long log has thousands of entries."""
        return dict(self.session.view(None).get("sides", {}))

    def entry_lines(self, entry: LogEntry, reader: str | None = None) -> list[Text]:
        """One played action as the log shows it to `reader` (default: the viewer): the events that
        side may read, those of a bot's action tagged with the bot's side (phase headers excepted:
        they belong to nobody)."""
        seat = self.session.seats.get(entry.side or "", "human")
        name = self.side_names.get(entry.side or "", entry.side or "")
        who = f"[{short_side(name)} bot] " if seat.startswith("bot:") else ""
        mark = self.entry_mark(entry)
        styles = {**EVENT_STYLES, **presentation(self.session.game).log_styles}
        lines = []
        shown = shown_to(entry.events, self.viewer() if reader is None else reader)
        for i, e in enumerate(shown):
            # a line meant for the viewer alone (his own draw) is not the bot's, whoever's action brought it
            tag = "" if e.kind == "phase" or (e.only is not None and e.only != entry.side) else who
            lines.append(Text(f"{mark if i == 0 else ''}{tag}{e.text}", style=styles.get(e.kind, "")))
        return lines

    def entry_mark(self, entry: LogEntry) -> str:
        """A mark before an action's first line (none by default)."""
        return ""

    def _log_header(self) -> Text:
        return Text(str(self.session.view(None).get("title", self.session.scenario)), style="dim")

    def _rewrite_log(self) -> None:
        """The whole log from the session's entries (its newest LOG_LINES lines): the same after a
        reload, since loading replays every action and so makes the same events."""
        lines: list[Text] = []
        for entry in reversed(self.session.log):
            lines[:0] = self.entry_lines(entry)
            if len(lines) >= LOG_LINES:
                break
        if len(lines) < LOG_LINES:
            lines.insert(0, self._log_header())
        log = self.query_one(LogPanel)
        log.clear()
        for line in lines[-LOG_LINES:]:
            log.write(line)

    def action_log_scroll(self, pages: int) -> None:
        """[ and ]: page through the log; new lines bring it back to the newest."""
        log = self.query_one(LogPanel)
        log.scroll_relative(y=pages * max(1, log.size.height - 1), animate=False)

    def _log_newest(self) -> None:
        """The last action's lines for the player still at the keyboard (whose view is drawn): when the
        keyboard passes to another, the log is written again for him once the cover is down."""
        log = self.query_one(LogPanel)
        for line in self.entry_lines(self.session.log[-1], self._drawn_for):
            log.write(line)

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
        if self._covered:
            self._covered = False
            self._rewrite_log()  # the log as the new viewer may read it
            self.refresh_all()
            self._after_change()
        else:
            self.refresh_all()
        if not self._shown_outcome:
            self._schedule_step()

    # --- bots -----------------------------------------------------------------------------------
    def bot_to_act(self) -> str | None:
        """The name of the bot whose turn it is, if a bot sits at the side to act."""
        side = self.prompt.side
        seat = self.session.seats.get(side or "", "human")
        if self.session.outcome() is None and side is not None and seat.startswith("bot:"):
            return seat.split(":", 1)[1]
        return None

    def _schedule_bot(self) -> bool:
        """Set the timer for a bot's next action when one is to act; False when none is."""
        if not self.bot_to_act():
            return False
        if self._step_timer is None:
            self._step_timer = self.set_timer(getattr(self.app, "bot_delay", 0.5), self._bot_step)
        return True

    def _bot_step(self) -> None:
        self._step_timer = None
        if self.app.screen is not self:  # a dialog is open (is_current counts a modal's background): try again once it is closed
            self._step_timer = self.set_timer(0.5, self._bot_step)
            return
        name = self.bot_to_act()
        if not name:
            return
        bot = BOTS.get(name)
        if bot is None:
            self.say(f"No bot called {name!r}; play this side with the keys.", "error")
            return
        played = len(self.session.log)
        for _ in range(3):  # a refused choice (a rules bug) is retried, never left to stall the game
            try:
                action = bot(self.session, self.bot_rng)
            except Exception as exc:  # noqa: BLE001 - a broken bot must not take the client down
                self.say(f"The {name} bot failed: {exc!r}", "error")
                return
            self.play(action)
            if len(self.session.log) != played or self.session.outcome() is not None:
                self.follow(action)
                return

    def follow(self, action: Action) -> None:
        """Show where a bot's action happened (nothing by default)."""

    # --- hotseat: whose view is drawn ------------------------------------------------------------
    def _hand_over(self) -> bool:
        """After an action: when the keyboard passes from one person to another, cover the map if the
        game hides anything (or the cover is asked for always), else say whose turn it is. True when
        the cover is up: the new side's view is drawn only once it is taken down."""
        viewer, before = self.viewer(), self._drawn_for or self._last_person
        if viewer is None or before is None or viewer == before:
            return False
        name = self.session.view(None).get("sides", {}).get(viewer, viewer)
        if self._wants_cover():
            self._covered = True
            self._cancel_step()
            self.app.push_screen(HandoffScreen(short_name(name), self._cover_text(), self._secret_for(before)))
            return True
        self.notify(f"{short_name(name)} to play", timeout=3)
        return False

    def _secret_for(self, leaving: str) -> tuple[str, list[str]] | None:
        """What the player leaving the keyboard alone may read of his last action, when the game
        asks that he see it before the cover (its READ_BEFORE_COVER event kinds): his name and the lines."""
        kinds = getattr(self.session.game, "READ_BEFORE_COVER", ())
        last = self.session.log[-1] if self.session.log else None
        lines = [e.text for e in (last.events if last else []) if e.only == leaving and e.kind in kinds]
        if not lines:
            return None
        name = self.session.view(None).get("sides", {}).get(leaving, leaving)
        return short_name(name), lines

    def _cover_text(self) -> str:
        """Why the map is covered: the game's own words when `covers(state)` gives them."""
        covers = getattr(self.session.game, "covers", None)
        said = covers(self.session.state) if callable(covers) else None
        return said if isinstance(said, str) and said else "The map is hidden so that neither side sees the other's secrets."

    def _wants_cover(self) -> bool:
        """The game hides things (HIDDEN), or asks for the cover now (`covers(state)`, say when its
        players may no longer confer), or the player asked for it always."""
        game = self.session.game
        covers = getattr(game, "covers", None)
        asked = bool(covers(self.session.state)) if callable(covers) else False
        return bool(getattr(game, "HIDDEN", False)) or asked or bool(getattr(self.app, "cover_always", False))

    def _cover_at_start(self) -> None:
        """A hotseat game that hides things opens behind the cover too: whoever sits down may not be
        the side to move."""
        humans = [s for s, seat in self.session.seats.items() if seat == "human"]
        viewer = self.viewer()
        if len(humans) > 1 and viewer is not None and self._wants_cover() and self.session.outcome() is None:
            name = self.session.view(None).get("sides", {}).get(viewer, viewer)
            self._covered = True
            self.app.push_screen(HandoffScreen(short_name(name)))

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
