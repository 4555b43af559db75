"""The play screen on a hex map: the map, the side panels, the prompt, and the keys.

What a key means in each step of the turn is a step object (ui/steps, no Textual): it says what
to light and to hint, and what Enter, a number key, Tab and the step's own keys ask for; this
screen draws that and carries it out. The rules decide everything: the keys only pick among the
prompt's actions, and anything else is tried on a copy of the position so the player reads the
rules' own reason and case when a key does nothing.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.session import Session
from wargames_tui.hexdraw import pieces_from_view
from wargames_tui.ui import gamehooks
from wargames_tui.ui.actionfields import units_named
from wargames_tui.ui.screens.play_session import SessionScreen, short_name
from wargames_tui.ui.steps import NAMED_KEYS, STEPS, Selection, Step, Turn, step_for
from wargames_tui.ui.steps.generic import OtherStep
from wargames_tui.ui.steps.turn import Jump, ListAll, Offer, Play, Refuse, Results, Say, Select
from wargames_tui.ui.widgets.crt import CrtPanel
from wargames_tui.ui.widgets.footer import Footer
from wargames_tui.ui.widgets.hexmap import Counter, HexMap, north_note
from wargames_tui.ui.widgets.log import LogPanel
from wargames_tui.ui.widgets.panel import Panel
from wargames_tui.ui.widgets.pending import PendingPanel
from wargames_tui.ui.widgets.stack import StackPanel
from wargames_tui.ui.widgets.track import TrackPanel, short_side

# Enter's label in the footer says what it does in the step: one binding a label.
ENTER_LABELS = list(dict.fromkeys(s.label for s in [*STEPS, OtherStep]))


class PlayScreen(SessionScreen):
    BINDINGS = [
        *[Binding("enter", f"enter({i})", label, id=f"enter-{i}") for i, label in enumerate(ENTER_LABELS)],
        Binding("tab", "cycle(1)", "Next unit"),
        Binding("shift+tab", "cycle(-1)", "Previous unit", show=False),
        Binding("escape", "cancel", "Cancel"),
        *[Binding(key, f"key('{name}')", label, id=f"key-{name}") for name, (key, label) in NAMED_KEYS.items()],
        *[Binding(str(n), f"pick({n})", f"Unit {n} of the stack", show=False) for n in range(1, 10)],
        Binding("full_stop", "next_ready", "Next ready", key_display=".", show=False),
        Binding("semicolon", "last_move", "Last move", key_display=";", show=False),
        Binding("z", "toggle_side", "Map only", show=False),
        Binding("t", "toggle_tables", "Tables", show=False),
        Binding("a", "actions", "Actions"),
        Binding("u", "undo", "Undo"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("ctrl+s", "save", "Save"),
        Binding("q", "menu", "Menu"),
    ]

    def __init__(self, session: Session, save_path: Path | None = None) -> None:
        super().__init__()
        self.session = session
        self.save_path = save_path
        self.board = session.game.board(session.state)
        self.nations = gamehooks.nations(session)
        self.sel = Selection()
        self.message: tuple[str, str] | None = None  # (text, "error" | "info")
        self.last_combat: dict[str, Any] | None = None
        self.view: dict[str, Any] = {}
        self.turn: Turn | None = None
        self.stepper: Step | None = None
        self._phase_key: tuple[Any, ...] | None = None
        self._step_timer = None  # the bot's next step
        self._shown_outcome = False
        self.bot_rng = random.Random()

    # --- layout ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="header"):
            yield Panel(id="header-left")
            yield Panel(id="header-right")
        with Horizontal(id="body"):
            yield HexMap(self.board, id="map")
            with Vertical(id="side"):
                yield StackPanel(id="stack")
                yield PendingPanel(id="pending")
                yield CrtPanel(id="crt")
                yield TrackPanel(id="track")
                yield LogPanel(id="log")
        yield Panel(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.bot_rng = random.Random(getattr(self.app, "seed", None))
        for wid, title in (("stack", "Hex"), ("pending", "Waiting to come on"), ("crt", "Combat results"), ("track", "Turn"), ("log", "Log")):
            self.query_one(f"#{wid}").border_title = title
        hexmap = self.query_one(HexMap)
        hexmap.focus()
        hexmap.on_move = self._cursor_moved
        self.query_one(LogPanel).on_width = self._rewrite_log
        self._rewrite_log()
        if not self.session.log:
            # A new game shows up under Continue at once, though after the first frame (its fsyncs
            # need not hold up the first sight of the map: there is no action to lose yet).
            self.call_after_refresh(self._autosave)
        self.refresh_all()
        hexmap.set_cursor(self._start_cursor())
        self._cursor_for_step()
        self.on_resize()
        self._after_change()
        self._cover_at_start()

    def on_resize(self, event: Any = None) -> None:
        self._fit_to_window(self.query_one(HexMap).virtual_size.width + 1, 36)
        if self.view:
            self._draw_header()
        self.call_after_refresh(self.query_one(HexMap).scroll_to_cursor)

    # --- reading the position ---------------------------------------------------
    @property
    def cursor(self) -> Hex:
        return self.query_one(HexMap).cursor

    @property
    def step(self) -> str:
        """The kind of choice the keys make now ("bot" and "over" when they make none)."""
        if self.turn is None or self.turn.over:
            return "over"
        return "bot" if self.turn.bot else self.keys.kind

    @property
    def keys(self) -> Step:
        """The step object of the position and the selection."""
        if self.stepper is None or self.stepper.sel is not self.sel or self.stepper.turn is not self.turn:
            self.stepper = step_for(self.turn, self.sel)  # type: ignore[arg-type]
        return self.stepper

    def hint(self) -> str:
        """What Enter (and the other keys) would do at the cursor."""
        return self.keys.hint(self.cursor)

    def units_at(self, h: Hex) -> list[dict[str, Any]]:
        return self.turn.units_at(h) if self.turn else []

    def unit(self, uid: str) -> dict[str, Any] | None:
        return self.turn.unit(uid) if self.turn else None

    def label(self, uid: str) -> str:
        return self.turn.label(uid)  # type: ignore[union-attr]

    def played_words(self, action: Action) -> str:
        return self.turn.words(action)  # type: ignore[union-attr]

    def read_view(self) -> None:
        super().read_view()
        self.turn = Turn(self.session, self.view, self.board, self.bot_to_act())

    def _start_cursor(self) -> Hex:
        """The first unit of the side to act, else the middle of the map."""
        side = self.session.prompt.side
        for u in self.view.get("units", []):
            if u["side"] == side and u["status"] == "map" and u["hex"]:
                return u["hex"]
        cells = sorted(self.board.cells)
        return cells[len(cells) // 2]

    def _cursor_to_own_unit(self) -> None:
        if not any(u["side"] == self.prompt.side for u in self.units_at(self.cursor)):
            self.query_one(HexMap).set_cursor(self._start_cursor())

    def _cursor_for_step(self) -> None:
        """Where the cursor helps at the start of a step: on a hex where Enter does something."""
        where = self.keys.start(self.cursor)
        if where:
            self.query_one(HexMap).set_cursor(where)

    # --- drawing -------------------------------------------------------------
    def refresh_all(self) -> None:
        self.read_view()
        key = (self.view.get("turn"), self.view.get("phase"), self.view.get("step"), self.prompt.side, self.step == "generic")
        if key != self._phase_key:
            handover = self._phase_key is not None and self._phase_key[3] != key[3]
            self._phase_key = key
            self.sel = Selection()
            if handover and self.prompt.side and not self.bot_to_act():
                self.call_after_refresh(self._cursor_to_own_unit)
            if not self.bot_to_act():
                self.call_after_refresh(self._cursor_for_step)
        self._draw_map()
        self._draw_header()
        self._draw_panels()
        self._draw_prompt()
        self.refresh_bindings()

    def _counters(self) -> dict[Hex, Counter]:
        # The units being handled are drawn on top of their stacks.
        order = {uid: i for i, uid in enumerate(self.keys.on_top())}
        units = sorted(self.view.get("units", []), key=lambda u: order.get(u["id"], len(order)))
        pieces = pieces_from_view({**self.view, "units": units})
        acting = self.prompt.side
        dims = self.keys.dims_moved()
        counters = {}
        for h, piece in pieces.items():
            here = self.units_at(h)
            nation = self.nations.get(piece.nation)
            bg = nation.colour if nation else "#cccccc"
            fg = nation.text if nation else "black"
            disrupted = any(u["disrupted"] for u in here)
            dim = dims and all(u.get("moved") and u["side"] == acting for u in here)
            counters[h] = Counter(piece, bg, fg, disrupted, dim)
        return counters

    def side_colour(self, side: str) -> str:
        """The colour of a side: that of its first nation."""
        return next((n.colour for n in self.nations.values() if n.side == side), "#cccccc")

    def _held(self) -> dict[Hex, tuple[str, str]]:
        """Cities and footholds -> (colour, short name) of the side holding them."""
        sides = self.view.get("sides", {})
        return {
            h: (self.side_colour(side), short_side(sides.get(side, side)))
            for h, side in (self.view.get("control") or {}).items()
        }

    def _draw_map(self) -> None:
        self.query_one(HexMap).show(self._counters(), self.keys.lights(), self._held())

    def _draw_header(self) -> None:
        v = self.view
        wide = self.app.size.width >= 110
        t = Text(no_wrap=True, overflow="ellipsis")
        if wide:
            t.append(f" {v.get('title', self.session.scenario)} ", "bold")
        labels = v.get("turn_labels") or []
        turn = v.get("turn")
        label = f" ({labels[turn - 1]})" if turn and 0 < turn <= len(labels) else ""
        t.append(f" Turn {turn} of {v.get('turns')}{label}")
        t.append(f"  {v.get('phase_title', '')}", "bold #ffd21f")
        seats = []
        for side, name in v.get("sides", {}).items():
            seat = self.session.seats.get(side, "human")
            seats.append(f"{short_side(name)} {'bot' if seat.startswith('bot') else 'human'}")
        if seats and wide:
            t.append(f"  {' · '.join(seats)}", "dim")
        self.query_one("#header-left", Panel).put(t)
        note = north_note(self.board.bearings)
        self.query_one("#header-right", Panel).put(Text(f" {note} " if note else "", style="bold #7ec8e3"))

    def _draw_panels(self) -> None:
        h = self.cursor
        sides = self.view.get("sides", {})
        holder = (self.view.get("control") or {}).get(h)
        held = (short_name(sides.get(holder, holder)), self.side_colour(holder)) if holder else None
        self.query_one(StackPanel).show(
            h, self.board.cells[h], self.units_at(h), self.nations, sides, self.hint(),
            marks=self.keys.marks(), held=held, compact=self.has_class("short"), steady=self._phase_key,
            hex_name=self.turn.hex_name,  # type: ignore[union-attr]
        )
        self.query_one("#stack").border_title = f"Hex {self.turn.hex_name(h)}"  # type: ignore[union-attr]
        self._draw_pending()
        column, caption = self._considered()
        roll = self.last_combat.get("roll") if self.last_combat else None
        if self.last_combat:
            lc = self.last_combat
            last = f"last: {lc.get('column')}, die {lc.get('roll')} -> {lc.get('result')}"
            caption = f"{caption}\n{last}" if caption else last
            if column is None:
                column = lc.get("column")
        crt = self.query_one(CrtPanel)
        crt.display = "crt" in self.view and (self.has_class("tables") or self.keys.shows_crt())
        if "crt" in self.view:
            crt.show(self.view["crt"], column, roll, caption)
        self.query_one(TrackPanel).show(self.view)

    def _draw_pending(self) -> None:
        panel = self.query_one(PendingPanel)
        waiting = self.keys.waiting()
        panel.display = waiting is not None
        if waiting is None:
            return
        rows = 4 if self.has_class("short") else 8
        panel.border_title = waiting.title
        panel.show(waiting.units, waiting.chosen, self.nations, waiting.note, rows)

    def _considered(self) -> tuple[str | None, str]:
        """The odds column of the attack under consideration, and a caption explaining it."""
        step = self.step
        here = self.units_at(self.cursor)
        enemy = [u for u in here if u["side"] != self.prompt.side]
        if step == "declare" and enemy and self.sel.attackers:
            odds = gamehooks.odds(self.session, list(self.sel.attackers), enemy[0]["id"])
            if odds:
                return odds.column, self._odds_caption(odds)
        if step in ("declare", "resolve"):
            atts = [a for a in self.view.get("attacks", []) if not a["resolved"]]
            ids = {u["id"] for u in here}
            chosen = next((a for a in atts if a["defender"] in ids or ids & set(a["attackers"])), None)
            if chosen is None and step == "resolve" and atts:
                chosen = atts[0]
            if chosen:
                odds = gamehooks.odds(self.session, chosen["attackers"], chosen["defender"])
                if odds:
                    return chosen["column"] or odds.column, f"{self.label(chosen['defender'])}: " + self._odds_caption(odds)
                return chosen["column"], f"attack on {self.label(chosen['defender'])}"
        return None, ""

    @staticmethod
    def _odds_caption(odds: gamehooks.Odds) -> str:
        col = odds.column or "below the table"
        note = f", {odds.note}" if odds.note else ""
        return f"{odds.attack} vs {odds.defence}{note} = {col}"

    def _draw_prompt(self) -> None:
        """One line: the prompt with its rule case, or a message in its place (red when refused)."""
        p = self.prompt
        t = Text(no_wrap=True, overflow="ellipsis")
        step = self.step
        side_name = self.view.get("sides", {}).get(p.side or "", p.side or "")
        if self.message:
            text, kind = self.message
            t.append(f" {text}", "bold #ff6b6b" if kind == "error" else "bold #9be29b")
        elif step == "over":
            o = self.session.outcome()
            winner = self.view.get("sides", {}).get(o.winner, o.winner) if o else ""
            t.append(f" Game over: {winner} {o.level if o else ''}. ", "bold")
            t.append(o.reason if o else "", "dim")
        elif step == "bot":
            t.append(f" {side_name} (bot) is playing: ", "bold")
            t.append(f"{p.text} ({p.case})", "dim")
        else:
            if not p.text.startswith(f"{side_name}:"):  # some prompts name the side already
                t.append(f" {side_name}: ", "bold")
            else:
                t.append(" ")
            t.append(p.text)
            t.append(f" ({p.case})", "#7ec8e3")
        self.query_one("#prompt", Panel).put(t)

    def refuse(self, exc: IllegalAction) -> None:
        reason = exc.reason
        if "'" in reason:  # the rules name units by id: show the counters' labels instead
            for uid in re.findall(r"'([^']+)'", reason):
                if self.unit(uid):
                    reason = reason.replace(f"'{uid}'", self.label(uid))
        self.say(f"{reason} ({exc.case})", "error")

    # --- events from the map ----------------------------------------------------
    def on_hex_map_cursor_moved(self, event: HexMap.CursorMoved) -> None:
        self._cursor_moved(event.hex)

    def _cursor_moved(self, h: str) -> None:
        self._draw_panels()
        self._draw_prompt()

    def on_hex_map_clicked(self, event: HexMap.Clicked) -> None:
        if self.app.screen is self:  # a click queued before a list or cover opened over the map is dropped
            self.activate(event.hex)

    # --- keys: what the step object says, carried out ----------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        step = self.step
        idle = step in ("bot", "over")
        if action == "enter":
            return not idle and ENTER_LABELS[int(parameters[0])] == self.keys.label  # type: ignore[call-overload]
        if action == "key":
            return not idle and parameters[0] in self.keys.keys()
        if action == "cycle":
            return not idle and self.keys.cycles(self.cursor)
        if action in ("undo", "cancel", "actions") and idle:
            return False
        if action == "cancel":
            return True if (not self.sel.empty or self.message) else None
        return True

    def carry_out(self, results: Results) -> None:
        """Do what a step asked for, in order; the screen is drawn again once."""
        for r in results:
            if isinstance(r, Select):
                self.sel = r.selection
            elif isinstance(r, Say):
                self.message = (r.text, r.kind)
            elif isinstance(r, Refuse):
                self.refuse(r.exc)
            elif isinstance(r, Jump):
                self.jump_to_lit(r.hexes)
            elif isinstance(r, ListAll):
                self.action_actions()
            elif isinstance(r, Offer):
                self.offer(r.actions, r.title)
            elif isinstance(r, Play):
                self.play(r.action)
                return  # the play redraws the screen
        self.refresh_all()

    def activate(self, h: Hex) -> None:
        """Enter (or a click) on hex h: what it means depends on the step."""
        self.message = None
        self.carry_out(self.keys.enter(h))

    def action_enter(self, _label: int) -> None:
        self.activate(self.cursor)

    def action_key(self, name: str) -> None:
        self.message = None
        self.carry_out(self.keys.key(name, self.cursor))

    def action_cycle(self, by: int) -> None:
        self.message = None
        self.carry_out(self.keys.cycle(self.cursor, by))

    def action_pick(self, n: int) -> None:
        """Number key n: act on the n-th unit listed for the hex under the cursor."""
        self.message = None
        here = self.units_at(self.cursor)
        if self.step in ("bot", "over") or n <= len(here):
            self.carry_out(self.keys.pick(self.cursor, n))
        elif here:
            self.say(f"There is no unit {n} in {self.cursor}.")
        else:
            self.say("No unit here: the number keys pick a unit of a stack.")

    def jump_to_lit(self, hexes: list[Hex]) -> None:
        """Put the cursor on the lit hex nearest to it, unless it is on one already."""
        where = self.keys.nearest_of(hexes, self.cursor)
        if where:
            self.query_one(HexMap).set_cursor(where)

    def offer(self, actions: list[Action], title: str) -> None:
        """Play the one action, or let the player choose among several in the game's words."""
        if not actions:
            self.say("Nothing to do here.", "error")
        elif len(actions) == 1:
            self.message = None
            self.play(actions[0])
        else:
            words = self.turn.worded  # type: ignore[union-attr]
            self.choose([(words(a), a) for a in actions], f"{title} {self.prompt.text} ({self.prompt.case})")

    def choose(self, labelled: list[tuple[str, Action]], title: str) -> None:
        """The list of actions in words; the one picked is played."""
        from wargames_tui.ui.screens.actions import ActionsScreen

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.message = None
                self.play(action)

        self.app.push_screen(ActionsScreen(title, labelled), chosen)

    # --- finding one's way ------------------------------------------------------------------
    def ready_hexes(self) -> list[Hex]:
        """Hexes of the side to act's units that the prompt still lets act, in reading order."""
        acting = {uid for a in self.prompt.actions for uid in [*units_named(a), *(a.get("attackers") or [])]}
        hexes = {u["hex"] for u in self.view.get("units", []) if u["id"] in acting and u["status"] == "map" and u["hex"]}
        return sorted(hexes)

    def action_next_ready(self) -> None:
        """The cursor to the next hex (after the cursor, in id order) with a unit that may still act."""
        hexes = self.ready_hexes()
        if not hexes:
            self.say("No unit on the map may act now.", "error")
            return
        later = [h for h in hexes if h > self.cursor]
        self.query_one(HexMap).set_cursor((later or hexes)[0])

    def action_last_move(self) -> None:
        """The cursor to where the last action of another side happened (a bot's, or the other player's)."""
        me = self.prompt.side
        entry = next((e for e in reversed(self.session.log) if e.side not in (me, None)), None)
        where = self.action_hex(entry.action) if entry else None
        if where is None:
            self.say("The other side has not acted on the map yet.", "error")
            return
        self.query_one(HexMap).set_cursor(where)

    def action_hex(self, action: Action) -> Hex | None:
        """Where an action happened: the end of its path, its hex, or its unit's or defender's hex."""
        if action.get("path"):
            return action["path"][-1]
        if action.get("hex"):
            return action["hex"]
        u = self.unit(action.get("defender") or action.get("unit") or "")
        return u["hex"] if u and u.get("hex") else None

    def action_toggle_tables(self) -> None:
        """On a short terminal: the turn track and the combat table in the place of the log, or back."""
        self.toggle_class("tables")
        self._draw_panels()
        self.say("Turn track and combat table shown: t for the log again." if self.has_class("tables") else "Log shown.")

    def action_toggle_side(self) -> None:
        """Hide or show the side panels: the whole width for the map on a small terminal."""
        side = self.query_one("#side")
        side.display = not side.display
        self.say("Side panels hidden: z shows them again." if not side.display else "Side panels shown.")

    def action_cancel(self) -> None:
        if not self.sel.empty:
            self.sel = Selection(pending=self.sel.pending)
            self.message = ("Selection cleared.", "info")
        else:
            self.sel = self.sel.but(confirming=False)
            self.message = None
        self.refresh_all()

    def action_actions(self) -> None:
        if self.step == "bot":
            self.say("The bot is playing this side.")
            return
        actions = self.prompt.actions
        if not actions:
            self.say("There is nothing to do: the game is over.")
            return
        labelled = []
        for a in actions:
            column = None
            if a.get("type") == "declare":
                odds = gamehooks.odds(self.session, a["attackers"], a["defender"])
                column = odds.column if odds else None
            labelled.append((self.turn.words(a, column), a))  # type: ignore[union-attr]
        self.choose(labelled, f"{self.prompt.text} ({self.prompt.case})")

    def action_undo(self) -> None:
        if self.step == "bot":
            return
        if self._take_back():
            self.sel = Selection(pending=self.sel.pending)
            self.refresh_all()

    def help_legend(self) -> tuple[tuple[str, str, str], ...]:
        return self.board.legend

    # --- playing an action ---------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """Apply one action through the session; a refusal shows its reason, never a traceback."""
        before = self.keys
        self.sel = self.sel.but(confirming=False)
        events = self._apply(action)
        if events is None:
            return []
        self.sel = before.after_play(action)
        for e in events:
            if e.kind == "combat":
                self.last_combat = dict(e.data)
        self._log_newest()
        self._autosave()
        if self._hand_over():
            return events
        self.refresh_all()
        self._after_change()
        return events

    def _after_change(self) -> None:
        where = self.keys.follow(self.cursor)
        if where:
            self.query_one(HexMap).set_cursor(where)
        self._end_or_go_on()

    # --- bots ---------------------------------------------------------------------
    def _schedule_step(self) -> None:
        self._schedule_bot()

    def follow(self, action: Action) -> None:
        where = self.action_hex(action)  # the map follows the bot
        if where is not None and self.is_current:
            self.query_one(HexMap).set_cursor(where)
