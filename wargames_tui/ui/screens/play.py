"""The play screen, one for every game: the header, the pane of the game's map kind (hexes or
areas: its map, its panels and its keys), the prompt line and the footer.

The screen keeps what does not depend on the map: applying an action (a refusal shows the rules'
reason and case, never a traceback), undo, the list of legal actions, the log, the end of the game,
bots and the steps of a side the game plays itself, the hotseat cover, saving. The pane draws the
position it is given and asks the screen to play, offer a list, or say something.

In replay mode (`replay=True`) the same screen shows position `at` of a finished or saved game,
read only: its keys step through the positions, nothing is played or saved, and every side's
secrets stay hidden (the public view).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from wargames_tui.bots import BOTS
from wargames_tui.engine.channels import headline, shown_to
from wargames_tui.engine.contract import Owed
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.present import map_kind, presentation
from wargames_tui.ui import gamehooks
from wargames_tui.ui.hotseat import cover_text, game_words, secret_for, short_name, wants_cover
from wargames_tui.ui.panes.base import Pane
from wargames_tui.ui.playkeys import PLAY_KEYS, REPLAY_ACTIONS, REPLAY_KEYS
from wargames_tui.ui.saving import autosave_path
from wargames_tui.ui.screens.handoff import HandoffScreen
from wargames_tui.ui.seat import SeatWatch
from wargames_tui.ui.widgets.footer import Footer
from wargames_tui.ui.widgets.header import HeaderLine
from wargames_tui.ui.widgets.log import EVENT_STYLES, LogPanel
from wargames_tui.ui.widgets.mapview import MapView
from wargames_tui.ui.widgets.panel import Panel
from wargames_tui.ui.widgets.standing import StandingPanel
from wargames_tui.ui.widgets.steady import steady

if TYPE_CHECKING:
    from textual.timer import Timer

    from wargames_tui.engine.seats import Followed
    from wargames_tui.engine.session import LogEntry, Session

# The log keeps this many lines, live and when a game is loaded alike.
LOG_LINES = 1000
# The kinds of event that are a combat's or a roll's results: they stay in view until the next action.
RESULT_KINDS = {"combat", "roll", "loss", "eliminate", "eliminated", "retreat", "reveal"}
# Seconds between two steps of the side the game plays (never more than the app's bot delay).
STEP_PAUSE = 0.3
# Seconds of pauses between a bot's actions (the app's bot delay each) in one side's run of actions
# since the player's last: Blitzkrieg's Allied first turn (about 190 moves) waited some 75 s on pauses alone.
PACED_SECONDS = 4.0
LEAST_PAUSE = 0.01  # a Textual timer of no delay fails (it divides by its interval)

def make_pane(session: Session) -> Pane:
    """The pane of the game's kind of map; only its module is imported (a cold start pays for one)."""
    if map_kind(session.game) == "area":
        from wargames_tui.ui.panes.area_pane import AreaPane

        return AreaPane(session)
    from wargames_tui.ui.panes.hex_pane import HexPane

    return HexPane(session)


@steady
class PlayScreen(Screen):
    BINDINGS = [*REPLAY_KEYS, *PLAY_KEYS, Binding("q,escape", "back", "Back")]

    def __init__(self, session: Session, save_path: Path | None = None, replay: bool = False) -> None:
        super().__init__()
        self.session = session
        self.save_path = save_path
        self.replay = replay
        self.pane = make_pane(session)
        self.view: dict[str, Any] = session.view(None)
        self.message: tuple[str, str] | None = None  # (text, "error" | "info"), shown in the prompt's place
        self.auto = True  # the game's own side plays its steps without a key
        self.standing_in: str | None = None  # the side the game plays for the player (g), until its turn ends
        self.bot_rng = random.Random()
        self._step_timer: Timer | None = None  # the next step of a bot or of the game's own side
        self._paced: tuple[str | None, float] = (None, 0.0)  # the side a bot plays and its pauses since the player acted
        self._thinking = False  # a thinking bot is choosing, on its own thread
        self._shown_outcome = replay  # no victory screen over a replay
        self._covered = False  # the hotseat cover is up
        self._drawn_for: str | None = None  # the viewer whose view is drawn now
        self._last_person: str | None = None  # the last side a person at the keyboard played
        self.last_results: list[Event] = []  # the last combat's results, shown until the player's next action
        self._asked_end: tuple[int, str] | None = None  # an end of step asked about once (position, type)
        self.owed_now: list[Owed] = []  # what the side to act still owes in the position drawn
        self.others_owe_now: list[Owed] = []  # what another side still owes there (theirs, still to come)
        self.replay_side: str | None = None  # whose view a replay shows: the public one until the game is over
        # Bound to one seat: the other seats' actions are followed from the save (ui/seat.py).
        self.seat = SeatWatch(self) if session.seat is not None and not replay else None
        if replay:
            from wargames_tui.engine.history import positions

            self.full_log = list(session.log)
            self.positions = positions(session)
            self.at = len(self.full_log)
            self.replay_over = session.game.outcome(self.positions[-1]) is not None

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield HeaderLine(id="header")
        yield self.pane
        yield Panel(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.bot_rng = random.Random(getattr(self.app, "seed", None))
        self.query_one(LogPanel).on_width = self._rewrite_log
        self._rewrite_log()
        if not self.session.log and not self.replay and not (self.seat and self.seat.shared()):
            # A new game shows up under Continue at once, though after the first frame (its fsyncs
            # need not hold up the first sight of the map: there is no action to lose yet).
            self.call_after_refresh(self._autosave)
        self.pane.focus_map()
        self.refresh_all()
        self.pane.start()
        self.on_resize()
        self._after_change()
        if self.replay:
            self.go_to(self.at)
        else:
            self._cover_at_start()
        if self.seat is not None:
            self.seat.start()
        if self.session.unproven:
            self.say(f"Opened at once; {self.session.unproven}.")

    def proven(self) -> None:
        """The save's log has proven its position: its lines are read in the log, and play goes on."""
        self.message = None
        self._rewrite_log()
        self.refresh_all()
        self._after_change()

    def on_resize(self, event: Any = None) -> None:
        """Narrow and short windows get their classes and a compact footer; the side panels take
        what the map leaves, within bounds."""
        narrow = self.app.size.width < 110
        self.set_class(narrow, "narrow")
        self.set_class(self.app.size.height < 32, "short")
        footer = self.query_one(Footer)
        footer.compact = narrow
        footer.show_command_palette = not narrow  # its room for the keys (^p still opens it; the help says so)
        side = self.app.size.width - self.pane.map_width()
        self.query_one("#side").styles.width = max(33 if narrow else self.pane.SIDE_LEAST, min(side, 46))
        self.pane.side.fit()  # a short window leaves the log fewer lines
        self._draw_header()
        self.call_after_refresh(self.pane.scroll_to_cursor)

    # --- reading the position ----------------------------------------------------------------
    @property
    def prompt(self):  # noqa: ANN201 - engine Prompt
        return self.session.prompt

    def viewer(self) -> str | None:
        """Whose view the screen shows: the side to move if a person plays it, else the one person
        at the keyboard, else the public view (always, in a replay)."""
        if self.replay:
            return self.replay_side
        if self.session.seat is not None:
            return self.session.seat
        side = self.prompt.side
        if side and self.session.seats.get(side, "human") == "human":
            return side
        humans = [s for s, seat in self.session.seats.items() if seat == "human"]
        return humans[0] if len(humans) == 1 else None

    def read_view(self) -> None:
        """The view the screen draws: the viewer's, and no other side's."""
        self._drawn_for = self.viewer()
        if self._drawn_for is not None:
            self._last_person = self._drawn_for
        self.view = self.session.view(self._drawn_for)

    @cached_property
    def side_names(self) -> dict[str, str]:
        """The sides' names, read once: a view can take milliseconds, and a long log has thousands of entries."""
        return dict(self.session.view(None).get("sides", {}))

    def over(self) -> bool:
        return self.session.outcome() is not None

    def bot_to_act(self) -> str | None:
        """The name of the bot whose turn it is, if a bot sits at the side to act."""
        side = self.prompt.side
        seat = self.session.seats.get(side or "", "human")
        if not self.over() and side is not None and seat.startswith("bot:") and self.session.waiting_for() is None:
            return seat.split(":", 1)[1]
        return None

    def automatic(self) -> bool:
        """The game's own side is to act (a presentation's `automatic_action`): every action is one of its steps."""
        kind, actions = self.pane.automatic_action, self.prompt.actions
        return bool(kind) and bool(actions) and all(a.get("type") == kind for a in actions)

    # --- drawing -------------------------------------------------------------------------------
    def refresh_all(self) -> None:
        self.read_view()
        self.owed_now = self.owed()  # read once a position: the prompt line is drawn at every cursor key
        self.others_owe_now = self.owed_by_others()
        self.pane.read(self.view)
        self._draw_header()
        self._draw_prompt()
        self._draw_standing()
        self.refresh_bindings()

    def owed(self) -> list[Owed]:
        """What the side to act still owes (none while a bot or the game plays it, or in a replay)."""
        return gamehooks.owed(self.session) if self._player_to_act() else []

    def owed_by_others(self) -> list[Owed]:
        """What another side still owes while the player acts (the attack whose defence he chooses)."""
        return gamehooks.owed_by_others(self.session) if self._player_to_act() else []

    def _player_to_act(self) -> bool:
        return not (self.replay or self.over() or self.bot_to_act() or self.automatic() or self.session.waiting_for())

    def _draw_standing(self) -> None:
        if not self.is_mounted:
            return
        viewer = self._drawn_for
        last = [Text(e.text) for e in shown_to(self.last_results, viewer)]
        short = self.has_class("short")  # no room for it whole (v shows it): the last results only, while there are any
        self.pane.query_one("#standing", StandingPanel).show(None if short else gamehooks.standing(self.session, viewer), last)
        self.pane.side.show_panel("standing", not short or bool(last))

    def _draw_header(self) -> None:
        if not self.is_mounted:
            return
        left, right = self.pane.header(self.app.size.width >= 110)
        if self.automatic() and not self.over():
            right.append("· running " if self.auto else "· paused ", "#7ec8e3")
        self.query_one(HeaderLine).show(left, right)

    def _draw_prompt(self) -> None:
        """One line: the prompt with its rule case, or a message in its place (red when refused)."""
        if self.replay:
            self.query_one("#prompt", Panel).put(self._replay_line())
            return
        p = self.prompt
        t = Text()  # wrapped, never cut: the prompt line grows to three lines (a narrow window)
        side = self.pane.side_name(p.side)
        if self.message:
            text, kind = self.message
            t.append(f" {text}", "bold #ff6b6b" if kind == "error" else "bold #9be29b")
        elif self.over():
            o = self.session.outcome()
            winner = self.pane.side_name(o.winner) if o and o.winner else "Nobody"
            t.append(f" Game over: {winner}, {o.level if o else ''}. ", "bold")
            t.append(o.reason if o else "", "dim")
        elif self.seat is not None and (waiting := self.session.waiting_for()):
            t = self.seat.line(waiting)
        elif self.bot_to_act() or self.automatic():
            who = "bot" if self.bot_to_act() else "the game"
            t.append(f" {side} ({who}) is playing: ", "bold")
            t.append(f"{p.text} ({p.case})", "dim")
            if self.automatic():
                t.append("  r pause" if self.auto else "  n next step · r run", "#7ec8e3")
        else:
            # some prompts name the side already
            t.append(" " if p.text.startswith(f"{side}:") else f" {side}: ", "bold")
            t.append(p.text)
            t.append_text(self.pane.before_case())
            t.append(f" ({p.case})", "#7ec8e3")
            t.append_text(self.pane.after_case())
            t.append_text(self._owed_line())
            if self.has_class("short"):  # the standing panel has no room: say where it is
                t.append("  v: standing", "dim")
                if left := self.pane.side.left_out_note():  # the log's border has no room for it either
                    t.append(f" · {left}", "dim")
        self.query_one("#prompt", Panel).put(t)

    def _owed_line(self) -> Text:
        """The first thing still owed, in full with its case; how many more (v lists them). Where the
        player owes nothing, the first thing another side still owes, as that side's."""
        owed = self.owed_now or self.others_owe_now
        if not owed:
            return Text()
        first, more = owed[0], len(owed) - 1
        title = "Still to do" if self.owed_now else f"Still to come from the {short_name(self.side_names.get(first.side or '', first.side or ''))}"
        t = Text(f" · {title}: ", "bold #ff8c1a")
        t.append(f"{first.text} ({first.case})" + (", may be left" if first.skippable else ""))
        if more:
            t.append(f", and {more} more", "dim")
        return t

    def on_side_column_fitted(self) -> None:
        self._draw_prompt()
        self.refresh_bindings()

    def say(self, text: str, kind: str = "info") -> None:
        self.message = (text, kind)
        self._draw_prompt()

    def refuse(self, exc: IllegalAction) -> None:
        """The rules' reason and case, the units they name by id named as their counters are."""
        self.say(f"{self.pane.name_units(exc.reason)} ({exc.case})", "error")

    # --- the log --------------------------------------------------------------------------------
    def entry_lines(self, entry: LogEntry, reader: str | None = None) -> list[Text]:
        """One played action as the log shows it to `reader` (default: the viewer): the events that
        side may read, those of a bot's action tagged with the bot's side (phase headers excepted:
        they belong to nobody); a step of the side the game plays starts with a mark."""
        seat = self.session.seats.get(entry.side or "", "human")
        name = self.side_names.get(entry.side or "", entry.side or "")
        who = f"[{short_name(name)} bot] " if seat.startswith("bot:") else ""
        mark = "» " if self.pane.automatic_action and entry.action.get("type") == self.pane.automatic_action else ""
        styles = {**EVENT_STYLES, **presentation(self.session.game).log_styles}
        lines = []
        tagged = False
        for i, e in enumerate(shown_to(entry.events, self.viewer() if reader is None else reader)):
            # The bot's tag goes on the first line its action wrote, what it did: the lines after it
            # are what followed (a combat's result may be the other side's attack failing), and a
            # line meant for the viewer alone (his own draw) is not the bot's either.
            tag = "" if tagged or e.kind == "phase" or (e.only is not None and e.only != entry.side) else who
            tagged = tagged or bool(tag)
            lines.append(Text(f"{mark if i == 0 else ''}{tag}{e.text}", style=styles.get(e.kind, "")))
        return lines

    def _rewrite_log(self) -> None:
        """The whole log from the session's entries (its newest LOG_LINES lines): the same after a
        reload, since loading replays every action and so makes the same events."""
        lines: list[Text] = []
        for entry in reversed(self.session.log):
            lines[:0] = self.entry_lines(entry)
            if len(lines) >= LOG_LINES:
                break
        if len(lines) < LOG_LINES:
            lines.insert(0, Text(str(self.session.view(None).get("title", self.session.scenario)), style="dim"))
        log = self.query_one(LogPanel)
        log.clear()
        for line in lines[-LOG_LINES:]:
            log.write(line)

    def _log_newest(self) -> None:
        """The last action's lines for the player still at the keyboard (whose view is drawn): when the
        keyboard passes to another, the log is written again for him once the cover is down."""
        log = self.query_one(LogPanel)
        for line in self.entry_lines(self.session.log[-1], self._drawn_for):
            log.write(line)

    def action_focus_map(self) -> None:
        self.pane.focus_map()

    def action_log_scroll(self, pages: int) -> None:
        """[ and ]: page through the log; new lines bring it back to the newest."""
        log = self.query_one(LogPanel)
        log.scroll_relative(y=pages * max(1, log.size.height - 1), animate=False)

    # --- keys ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.replay:
            if action == "replay_viewer":  # each side's secrets only once the game is over
                return self.replay_over
            return action in REPLAY_ACTIONS or action in ("log_scroll", "focus_map")
        if action == "replay_viewer":
            return False
        if action == "hand_back":
            return bool(self.standing_in)
        if action == "stand_in":  # the automaton's turn falls to the player: the game may play it
            return gamehooks.stand_in(self.session) is not None and not (self.standing_in or self.bot_to_act() or self.over())
        if action in ("step", "go_to", "back"):
            return False
        if action in ("help", "save", "menu", "log_scroll", "cancel", "focus_map", "standing", "full_log"):
            return True
        if self.over() or self.bot_to_act() or self.session.waiting_for():
            return False
        if action == "step_once" or action == "run":
            return self.automatic()
        if self.automatic() and action in ("actions", "undo"):
            return False
        return True

    def action_actions(self) -> None:
        """a: every legal action in words (and the game's own open at any time), to pick one."""
        typed = self.query_one("#map", MapView).take_typed()  # keys read with the a: for the list's filter
        if self.automatic():
            self.say(self.automatic_note())
            return
        if self.seat is not None and (waiting := self.session.waiting_for()):
            self.say(f"The {self.seat.name(waiting)} side is to play, at the other seat: wait for their move.")
            return
        actions = self.pane.listed(self.prompt.actions)
        if not actions:
            self.say("There is nothing to do: the game is over." if self.over() else "No legal action for the picked units.")
            return
        self.choose(actions, f"{self.prompt.text} ({self.prompt.case})", typed)

    def worded(self, action: Action) -> str:
        """An action in a list: the pane's words, and what the game says it would bring (its `preview`)."""
        extra = gamehooks.preview(self.session, action)
        words = self.pane.words(action)
        return f"{words} · {extra}" if extra else words

    def choose(self, actions: Sequence[Action], title: str, typed: str = "") -> None:
        """The list of actions in words (each worded when its row is drawn or read); the one picked is played."""
        from wargames_tui.ui.screens.actions import ActionsScreen, Worded

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.message = None
                self.play(action)

        def irreversible(action: Action) -> str | None:
            """What a pick from a filter does that cannot be taken back, or leaves undone (then the
            list's question stands for the end's own: it is not asked again)."""
            why = ["it rolls the dice, and undo cannot take a roll back"] if gamehooks.rolls_dice(self.session, action) else []
            left = self._left_by_ending(action)
            if left:
                self._asked_end = (len(self.session.log), str(action.get("type", "")))
                why.append(f"still to do: {left}")
            return "; ".join(why) or None

        def final(action: Action) -> str | None:
            """What an action open at any moment ends (a concession: the game)."""
            weighty = action in gamehooks.anytime(self.session) and gamehooks.ends_game(self.session, action)
            return "it ends the game, and undo cannot take it back" if weighty else None

        self.app.push_screen(ActionsScreen(title, Worded(actions, self.worded), irreversible, typed, final), chosen)

    def offer(self, actions: list[Action], title: str, listed: bool = False) -> None:
        """Play the one action (unless `listed`), or let the player choose among several in the game's words."""
        if not actions:
            self.say("Nothing to do here.", "error")
        elif len(actions) == 1 and not listed:
            self.message = None
            self.play(actions[0])
        else:
            self.choose(actions, f"{title} {self.prompt.text} ({self.prompt.case})")

    def action_cancel(self) -> None:
        """Esc: drop what the pane has chosen, else the note on the prompt line; never leaves the game."""
        if self.pane.drop():
            self.message = ("Selection cleared.", "info")
        elif self.message:
            self.message = None
        else:
            self.message = ("Nothing is chosen. q goes to the main menu.", "info")
        self.refresh_all()

    def action_undo(self) -> None:
        """Undo the last action: the log loses its lines and the prompt line says what was taken back;
        refused (and why) when there is nothing to take back."""
        last = self.session.log[-1].action if self.session.log else None
        if not self.session.undo():
            self.say(f"Nothing to take back: undo stops at {self.session.undo_stop}, which binds both sides.", "error")
            return
        self.pane.drop()
        self.refresh_all()
        self.say(f"Took back: {self.pane.played_words(last) if last else ''}")
        self._rewrite_log()
        self._autosave()

    def action_help(self) -> None:
        from wargames_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.session.scenario, self.pane.legend(), self.pane.key_help()))

    def action_save(self) -> None:
        path = self._autosave(compact=True)  # asked for: one file holding the whole game, the journal folded in
        if path:
            self.notify(f"Saved to {path}", title="Game saved")

    def action_menu(self) -> None:
        self._autosave(compact=True)  # the journal folded in: the game opens again on its snapshot alone
        self._cancel_step()
        self.app.show_menu()  # type: ignore[attr-defined]

    def action_back(self) -> None:
        if self.replay and getattr(self.app, "initial_replay", None) is self.session:
            self.app.exit()  # a replay opened from the command line: q leaves it
            return
        self.app.show_menu()  # type: ignore[attr-defined]

    # --- playing an action ------------------------------------------------------------------
    def play(self, action: Action, by_game: bool = False) -> list[Event]:
        """Apply one action through the session: its events, or none when the rules refuse it (their
        reason and case are shown) or fail on it (the game is unchanged); never a traceback. `by_game`:
        a step the game plays for the player (g), which is not his own act."""
        if self.replay:
            self.say("This is a replay: nothing can be played here.", "error")
            return []
        if self._ask_before_ending(action):
            return []
        if self.seat is not None and not self.seat.before_play():
            return []
        by_person = not by_game and self.session.seats.get(self.prompt.side or "", "human") == "human" and not self.automatic()
        if by_person:
            self._paced = (None, 0.0)
        try:
            events = self.session.act(action)
        except IllegalAction as exc:
            self.pane.refused()
            self.refuse(exc)
            return []
        except Exception as exc:  # noqa: BLE001 - a rules bug must not take the client down; the game is unchanged
            self.say(f"The rules failed on this action and left the game unchanged: {exc!r}", "error")
            return []
        self.message = None
        self._keep_results(events, by_person)
        self.pane.played(action, events)
        self._log_newest()
        saved = self._autosave()
        if self.seat is not None:
            self.seat.after_save(saved is not None)
        forced = self._forced_at_handover()
        if forced is not None:
            return events + self.play(forced)
        if self._hand_over():
            return events
        self.refresh_all()
        self._after_change()
        return events

    def _forced_at_handover(self) -> Action | None:
        """The next person's one legal action when the other side can see it is his only one (the
        game's `publicly_forced`): taken at once, without a handover for no choice."""
        viewer, before = self.viewer(), self._drawn_for or self._last_person
        if self.session.seat is not None or viewer is None or before is None or viewer == before:
            return None
        actions = self.prompt.actions
        return actions[0] if len(actions) == 1 and gamehooks.publicly_forced(self.session) else None

    def _ask_before_ending(self, action: Action) -> bool:
        """An end of the step with something skippable still owed (units unplaced, points unspent):
        the first time, say what is left and end nothing; the same end again ends the step."""
        asked = (len(self.session.log), str(action.get("type", "")))
        left = self._left_by_ending(action)
        if not left or self._asked_end == asked:
            return False
        self._asked_end = asked
        self.say(f"Still to do: {left}. The same key again ends anyway.", "error")
        return True

    def _left_by_ending(self, action: Action) -> str:
        """The skippable things still owed that ending the step with this action leaves undone."""
        left = [o for o in self.owed() if o.skippable] if self.pane.ends_step(action) else []
        return "; ".join(f"{o.text} ({o.case})" for o in left)

    def _keep_results(self, events: list[Event], by_person: bool) -> None:
        """The results of a combat or a roll stay in view until the player's next action (a bot's
        or the game's own step without a combat leaves them)."""
        results = [e for e in events if e.kind in RESULT_KINDS]
        if results or by_person:
            self.last_results = results

    def action_standing(self) -> None:
        """v: the victory conditions, where the game stands, what is owed and every side's forces."""
        from wargames_tui.ui.screens.standing import StandingScreen, standing_text

        viewer = self._drawn_for
        body = standing_text(
            gamehooks.standing(self.session, viewer), gamehooks.order_of_battle(self.session, viewer),
            self.side_names, self.owed(), self.owed_by_others(),
        )
        self.app.push_screen(StandingScreen(body))

    def action_full_log(self) -> None:
        """L: the whole log as the viewer may read it, full screen, searchable."""
        from wargames_tui.ui.screens.standing import LogScreen

        lines = [line for entry in self.session.log for line in self.entry_lines(entry, self._drawn_for)]
        self.app.push_screen(LogScreen(lines))

    def _after_change(self) -> None:
        """After a change: the cursor where the pane wants it; the outcome, the first time the game
        is over; else the next step of a side the game plays."""
        self.pane.after_change()
        if self.over() and not self._shown_outcome:
            self._shown_outcome = True
            self._cancel_step()
            self._show_victory()
            return
        self._schedule_step()

    def _show_victory(self) -> None:
        from wargames_tui.ui.screens.victory import VictoryScreen

        def done(choice: str | None) -> None:
            if choice == "menu":
                self.app.show_menu()  # type: ignore[attr-defined]

        self.app.push_screen(VictoryScreen(self.session.outcome(), self.pane.victory_view(self.view)), done)

    # --- a side the game or a bot plays ------------------------------------------------------------
    def _cancel_step(self) -> None:
        if self._step_timer is not None:
            self._step_timer.stop()
            self._step_timer = None

    def _schedule_step(self) -> None:
        """Set the timer for the next step of a bot, or of the game's own side while it runs."""
        if self.standing_in and (self.over() or gamehooks.stand_in_turn(self.session) != self.standing_in):
            self._stand_in(None)  # that side's turn is over
        if self.replay or self._step_timer is not None or self._thinking or self.session.unproven:
            return
        if self.session.seat is None and gamehooks.bot_answer(self.session) is not None:
            self._step_timer = self.set_timer(getattr(self.app, "bot_delay", 0.5), self._answer_step)
        elif self.bot_to_act():
            self._step_timer = self.set_timer(self._bot_pause(), self._bot_step)
        elif self.standing_in and gamehooks.stand_in(self.session) and not self.over():
            self._step_timer = self.set_timer(self._bot_pause(), self._stand_in_step)
        elif self.auto and self.automatic() and not self.over():
            pause = min(STEP_PAUSE, float(getattr(self.app, "bot_delay", STEP_PAUSE)))
            self._step_timer = self.set_timer(pause, self._auto_step)

    def _bot_pause(self) -> float:
        """The pause before a bot's next action, or the game's for the player (g): the app's bot delay,
        so the player sees the first moves one by one, until PACED_SECONDS of them in this side's run
        since he acted; then the least."""
        delay = float(getattr(self.app, "bot_delay", 0.5))
        side, paced = self._paced
        if side != self.prompt.side:
            side, paced = self.prompt.side, 0.0
        pause = delay if paced < PACED_SECONDS else 0.0
        self._paced = (side, paced + pause)
        return max(pause, LEAST_PAUSE)

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
        if getattr(bot, "thinks", False):  # seconds of planning: on a thread, so the screen keeps drawing
            self._thinking = True
            self.run_worker(lambda: self._think(name, bot), thread=True, group="bot")
            return
        for _ in range(3):  # a refused choice (a rules bug) is retried, never left to stall the game
            try:
                action = bot(self.session, self.bot_rng)
            except Exception as exc:  # noqa: BLE001 - a broken bot must not take the client down
                self.say(f"The {name} bot failed: {exc!r}", "error")
                return
            if self._bot_played(action):
                return

    def _answer_step(self) -> None:
        """A bot answers another side's anytime action (a proposal to end the game) out of turn."""
        self._step_timer = None
        if self.app.screen is not self:
            self._step_timer = self.set_timer(0.5, self._answer_step)
            return
        action = gamehooks.bot_answer(self.session)
        if action is not None:
            self.play(action)

    def _think(self, name: str, bot: Any) -> None:
        """A thinking bot's choice, made off the screen's thread and played on it (retried twice
        if refused, as the others are)."""
        try:
            for _ in range(3):
                try:
                    action = bot(self.session, self.bot_rng)
                except Exception as exc:  # noqa: BLE001 - a broken bot must not take the client down
                    self.app.call_from_thread(self.say, f"The {name} bot failed: {exc!r}", "error")
                    return
                if self.app.call_from_thread(self._bot_played, action):
                    return
        finally:
            self._thinking = False
            self.app.call_from_thread(self._schedule_step)

    def _bot_played(self, action: Action) -> bool:
        """Play a bot's action; whether it was played (or the game is over)."""
        played = len(self.session.log)
        self.play(action)
        if len(self.session.log) != played or self.over():
            if self.is_current:
                self.pane.follow(action)
            return True
        return False

    def action_stand_in(self) -> None:
        """g: the game plays the side the player stands in for, in good faith, with the game's
        purposeful bot, a step at a time in the log."""
        duty = gamehooks.stand_in(self.session)
        if duty is None:
            return
        self._stand_in(duty[0])
        self.say(f"The game plays the {self._short_side(duty[0])}s for you this turn, step by step in the log: g takes the keys back.")
        self._schedule_step()

    def action_hand_back(self) -> None:
        """g while the game plays that side: the player takes the keys back."""
        side = self.standing_in
        self._stand_in(None)
        self._cancel_step()
        self._schedule_step()  # a bot's step the cancel took, where one was due
        if side:
            self.say(f"You play the {self._short_side(side)}s by hand again.")

    def _short_side(self, side: str) -> str:
        return short_name(self.side_names.get(side, side))

    def _stand_in(self, side: str | None) -> None:
        self.standing_in = side
        self.refresh_bindings()  # the footer's g: "Game plays them" or "Play by hand"

    def _stand_in_step(self) -> None:
        self._step_timer = None
        if self.app.screen is not self:
            self._step_timer = self.set_timer(0.5, self._stand_in_step)
            return
        if not self.standing_in or gamehooks.stand_in(self.session) is None:
            return  # nothing of that side's to play now: `_schedule_step` ends the stand-in with its turn
        try:
            action = BOTS["greedy"](self.session, self.bot_rng)
        except Exception as exc:  # noqa: BLE001 - a broken bot must not take the client down
            self._stand_in(None)
            self.say(f"The game could not play this step ({exc!r}): play it by hand.", "error")
            return
        self.play(action, by_game=True)
        if self.standing_in and gamehooks.stand_in(self.session) is None and self._player_to_act():
            side = self._short_side(self.standing_in)
            self.say(f"Yours within the {side}s' turn, then the game goes on with them: {self.prompt.text} ({self.prompt.case})")

    def _auto_step(self, once: bool = False) -> None:
        self._step_timer = None
        if not self.is_current and not once:
            self._step_timer = self.set_timer(0.5, self._auto_step)  # wait for the dialog to close
            return
        action = next((a for a in self.prompt.actions if a.get("type") == self.pane.automatic_action), None)
        if action is not None:
            self.play(action)

    def automatic_note(self) -> str:
        side = self.pane.side_name(self.prompt.side)
        return f"The {side}s are acting: n plays the next step, r runs or pauses them."

    def action_step_once(self) -> None:
        if self.automatic():
            self._cancel_step()
            self._auto_step(once=True)

    def action_run(self) -> None:
        self.auto = not self.auto
        side = self.pane.side_name(self.prompt.side)
        if self.auto:
            self.say(f"The {side} steps run on their own (r pauses them).")
            self._schedule_step()
        else:
            self._cancel_step()
            self.say(f"{side} steps paused: n plays the next one, r runs them again.")
        self._draw_header()

    # --- hotseat: whose view is drawn ------------------------------------------------------------
    def _hand_over(self) -> bool:
        """After an action: when the keyboard passes from one person to another, cover the map if the
        game hides anything (or the cover is asked for always), else say whose turn it is. True when
        the cover is up: the new side's view is drawn only once it is taken down."""
        viewer, before = self.viewer(), self._drawn_for or self._last_person
        if viewer is None or before is None or viewer == before:
            return False
        name = short_name(self.side_names.get(viewer, viewer))
        if wants_cover(self.session, bool(getattr(self.app, "cover_always", False))):
            self._covered = True
            self._cancel_step()
            self.app.push_screen(HandoffScreen(name, cover_text(self.session), secret_for(self.session, before, self.side_names)))
            return True
        self.notify(f"{name} to play", timeout=3)
        return False

    def show_followed(self, followed: Followed) -> None:
        """Actions another seat played, applied here (or the game read again whole): their lines in
        the log as this seat may read them, the new position drawn."""
        if followed.reloaded:
            self.last_results = []
            self._rewrite_log()
        else:
            log = self.query_one(LogPanel)
            for entry in followed.entries:
                self._keep_results(entry.events, False)
                for line in self.entry_lines(entry):
                    log.write(line)
        self.message = None
        self.refresh_all()
        self._after_change()

    def _cover_at_start(self) -> None:
        """A hotseat game that hides things opens behind the cover too: whoever sits down may not be
        the side to move."""
        if self.session.seat is not None:
            return  # one seat at this screen: nobody else sits down here
        humans = [s for s, seat in self.session.seats.items() if seat == "human"]
        viewer = self.viewer()
        always = bool(getattr(self.app, "cover_always", False))
        if len(humans) > 1 and viewer is not None and wants_cover(self.session, always) and not self.over():
            self._covered = True
            self.app.push_screen(HandoffScreen(short_name(self.side_names.get(viewer, viewer)), game_words(self.session)))

    def on_screen_resume(self) -> None:
        if self._covered:
            self._covered = False
            self._rewrite_log()  # the log as the new viewer may read it
            self.refresh_all()
            self.pane.uncovered()
            self._after_change()
        else:
            self.refresh_all()
        if not self._shown_outcome:
            self._schedule_step()

    # --- saving ---------------------------------------------------------------------------------
    def _autosave(self, compact: bool = False) -> Path | None:
        if self.replay:
            return None
        if self.save_path is None:
            self.save_path = autosave_path(self.app.save_dir, self.session)  # type: ignore[attr-defined]
        return self.app.autosave(self.session, self.save_path, compact)  # type: ignore[attr-defined]

    # --- the replay --------------------------------------------------------------------------------
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
        self.refresh_all()
        self._rewrite_log()

    def action_replay_viewer(self) -> None:
        """v, once the game is over: the public view, then each side's in turn."""
        order = [None, *self.side_names]
        self.replay_side = order[(order.index(self.replay_side) + 1) % len(order)]
        self.refresh_all()
        self._rewrite_log()

    def _replay_line(self) -> Text:
        t = Text(no_wrap=True, overflow="ellipsis")
        t.append(f" Replay: action {self.at} of {len(self.full_log)} ", "bold black on #7ec8e3")
        if self.at:
            entry = self.full_log[self.at - 1]
            secret = f"{self.side_names.get(entry.side or '', entry.side)}: a choice kept secret"
            t.append(f" {headline(entry.events, self.viewer()) or secret}", "bold")
        if self.replay_over:
            who = short_name(self.side_names[self.replay_side]) if self.replay_side else "public"
            t.append(f"   view: {who} (v)", "bold #7ec8e3")
        t.append("   . next  , previous  < > ten  Home End  q back", "dim")
        return t
