"""The pane of a hex map: the map, the hex, reinforcement, combat-table, turn and log panels, and
the keys.

What a key means in each step of the turn is a step object (ui/steps, no Textual): it says what
to light and to hint, and what Enter, a number key, Tab and the step's own keys ask for; the pane
draws that and carries it out. The rules decide everything: the keys only pick among the
prompt's actions, and anything else is tried on a copy of the position so the player reads the
rules' own reason and case when a key does nothing.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive
from textual.widget import Widget

from wargames_tui.engine.contract import Preview
from wargames_tui.engine.flow import Action, Event
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.session import Session
from wargames_tui.hexdraw import pieces_from_view
from wargames_tui.ui import gamehooks
from wargames_tui.ui.actionfields import units_named
from wargames_tui.ui.hotseat import short_name
from wargames_tui.ui.panes.base import Pane
from wargames_tui.ui.playkeys import CANCEL_TIP
from wargames_tui.ui.steps import NAMED_KEYS, STEPS, Selection, Step, Turn, step_for
from wargames_tui.ui.steps.generic import OtherStep
from wargames_tui.ui.steps.turn import Jump, Result, Select
from wargames_tui.ui.widgets.crt import CrtPanel
from wargames_tui.ui.widgets.hexmap import Counter, HexMap, north_note
from wargames_tui.ui.widgets.log import LogPanel
from wargames_tui.ui.widgets.panel import Panel
from wargames_tui.ui.widgets.pending import PendingPanel
from wargames_tui.ui.widgets.stack import HexInfo, StackPanel
from wargames_tui.ui.widgets.standing import StandingPanel
from wargames_tui.ui.widgets.track import TrackPanel, short_side

# Enter's label in the footer says what it does in the step: one binding a label.
ENTER_LABELS = list(dict.fromkeys(s.label for s in [*STEPS, OtherStep]))
ENTER_TIP = "act on the hex under the cursor (what it does in each step: below); a click does the same"
# What the named keys do, for the help (the footer shows their labels).
CYCLE_TIP = "choose the waiting unit to place or bring on (set-up and reinforcements), or the next unit of a stack"
PICK_TIP = (
    "act on one unit of a stack, numbered as in the Hex panel (select it, add it to the attackers, advance it, remove it)"
)
NAMED_TIPS = {
    "e": "end the movement or reinforcement phase, or the attack declarations; in a game's own step, end the phase, or halt, stop, finish",
    "r": "resolve the next declared attack (or the one under the cursor); in a set-up bombardment, roll the die",
    "p": "bring on a face-down reinforcement at the cursor (a violet edge hex), as Enter does there",
    "n": "do not advance after combat (or stop a tank after its first hex)",
    "b": "break off the map edge with the selected unit, from a cyan hex",
}


class HexPane(Pane):
    BINDINGS = [
        Binding("tab", "cycle(1)", "Next unit", tooltip=CYCLE_TIP),
        Binding("shift+tab", "cycle(-1)", "Previous unit", show=False, tooltip=CYCLE_TIP),
        *[Binding("enter", f"enter({i})", label, id=f"enter-{i}", tooltip=ENTER_TIP) for i, label in enumerate(ENTER_LABELS)],
        Binding("escape", "cancel", "Cancel", tooltip=CANCEL_TIP),
        *[
            Binding(key, f"key('{name}')", label, id=f"key-{name}", tooltip=NAMED_TIPS[key], show=bool(label))
            for name, (key, label) in NAMED_KEYS.items()
        ],
        # A named key the step does not answer now says so, rather than nothing (after the named ones).
        *[Binding(key, f"unanswered('{key}')", show=False) for key in sorted({k for k, _ in NAMED_KEYS.values()})],
        *[
            Binding(str(n), f"pick({n})", f"Unit {n} of the stack", show=False, tooltip=PICK_TIP)
            for n in range(1, 10)
        ],
        Binding("full_stop", "next_ready", "Next ready", key_display=".", show=False,
                tooltip="the cursor to the next hex with a unit that may still act"),
        Binding("semicolon", "last_move", "Last move", key_display=";", show=False,
                tooltip="the cursor to where the other side (or the bot) last acted; the map also follows a bot's moves"),
        Binding("z", "toggle_side", "Map only", show=False,
                tooltip="hide the side panels for the whole width of a small terminal, and again to show them"),
        Binding("number_sign", "toggle_ids", "Hex ids", key_display="#", show=False,
                tooltip="show the hex ids on the map, or hide them again (the Hex panel names the hex under the cursor)"),
        Binding("t", "toggle_tables", "Tables", show=False,
                tooltip="the turn track and the combat table in the place of the log (where the column is short, one after the other), then the log again"),
    ]
    SIDE_LEAST = 36
    LEAVE = ("track", "crt")  # the header says the turn and phase; the combat panel's odds are in the Hex panel's preview
    TOGGLE = "t"
    # What the player has chosen on the map: a new one redraws the lights and the panels.
    sel: reactive[Selection] = reactive(Selection(), init=False)

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.board = session.game.board(session.state)
        self.nations = gamehooks.nations(session)
        self.last_combat: dict[str, Any] | None = None
        self.turn: Turn | None = None
        self.stepper: Step | None = None
        self._phase_key: tuple[Any, ...] | None = None
        self._cursors: dict[str, Hex] = {}  # the cursor each side left at its last handover

    def make_map(self) -> HexMap:
        return HexMap(self.board, id="map")

    def panels(self) -> list[Widget]:
        # Where the game stands before the combat table: a tall table would push it out of the box.
        return [StackPanel(id="stack"), PendingPanel(id="pending"), StandingPanel(id="standing"), CrtPanel(id="crt"), TrackPanel(id="track")]

    def on_mount(self) -> None:
        for wid, title in (("stack", "Hex"), ("pending", "Waiting to come on"), ("crt", "Combat results"), ("track", "Turn"), ("log", "Log")):
            self.query_one(f"#{wid}").border_title = title
        self.bind_cursor(self.query_one(HexMap))

    # --- reading the position ---------------------------------------------------
    @property
    def cursor(self) -> Hex:
        return self.query_one(HexMap).cursor

    @property
    def step(self) -> str:
        """The kind of choice the keys make now ("idle" and "over" when they make none: a bot or
        another seat plays, or the game is over)."""
        if self.turn is None or self.turn.over:
            return "over"
        return self.keys.kind

    @property
    def keys(self) -> Step:
        """The step object of the position and the selection."""
        if self.stepper is None or self.stepper.sel is not self.sel or self.stepper.turn is not self.turn:
            self.stepper = step_for(self.turn, self.sel)  # type: ignore[arg-type]
        return self.stepper

    def hint(self) -> str:
        """What Enter (and the other keys) would do at the cursor."""
        return self.keys.hint(self.cursor)

    def preview(self) -> Preview | None:
        """What the action Enter would take at the cursor would bring (the game's preview), if it fights or rolls."""
        action = self.keys.pending(self.cursor)
        return gamehooks.preview(self.session, action) if action else None

    def units_at(self, h: Hex) -> list[dict[str, Any]]:
        return self.turn.units_at(h) if self.turn else []

    def unit(self, uid: str) -> dict[str, Any] | None:
        return self.turn.unit(uid) if self.turn else None

    def label(self, uid: str) -> str:
        return self.turn.label(uid)  # type: ignore[union-attr]

    def unit_name(self, unit: dict[str, Any]) -> str:
        return self.turn.label(unit["id"]) if self.turn else unit["id"]

    def words(self, action: Action) -> str:
        column = None
        if action.get("type") == "declare":  # an attack in the list says its odds column
            odds = gamehooks.odds(self.session, action["attackers"], action["defender"])
            column = odds.column if odds else None
        return self.turn.words(action, column)  # type: ignore[union-attr]

    def legend(self) -> tuple[tuple[str, str, str], ...]:
        return self.board.legend

    def map_width(self) -> int:
        return self.query_one(HexMap).virtual_size.width + 1

    def focus_map(self) -> None:
        self.query_one(HexMap).focus()

    def scroll_to_cursor(self) -> None:
        self.query_one(HexMap).scroll_to_cursor()

    def set_cursor(self, h: Hex | None) -> None:
        if h:
            self.query_one(HexMap).set_cursor(h)

    def _start_cursor(self) -> Hex:
        """The first unit of the side to act, else the middle of the map."""
        for u in self.view.get("units", []):
            if u["side"] == self.prompt.side and u["status"] == "map" and u["hex"]:
                return u["hex"]
        cells = sorted(self.board.cells)
        return cells[len(cells) // 2]

    def _cursor_to_own_unit(self) -> None:
        """At a handover: where this side left off, else on one of its units."""
        kept = self._cursors.get(self.prompt.side or "")
        if kept:
            self.set_cursor(kept)
        elif not any(u["side"] == self.prompt.side for u in self.units_at(self.cursor)):
            self.set_cursor(self._start_cursor())

    def _cursor_for_step(self) -> None:
        """Where the cursor helps at the start of a step: on a hex where Enter does something."""
        self.set_cursor(self.keys.start(self.cursor))

    def start(self) -> None:
        self.set_cursor(self._start_cursor())
        self._cursor_for_step()

    # --- drawing -------------------------------------------------------------
    def read(self, view: dict[str, Any]) -> None:
        self.view = view
        bot = self.host.bot_to_act()
        self.turn = Turn(self.session, view, self.board, bot)
        key = (view.get("turn"), view.get("phase"), view.get("step"), self.prompt.side, self.step == "generic")
        if key != self._phase_key:
            handover = self._phase_key is not None and self._phase_key[3] != key[3]
            if handover and self._phase_key is not None and self._phase_key[3]:
                self._cursors[self._phase_key[3]] = self.cursor  # where that side left off
            self._phase_key = key
            self.set_reactive(HexPane.sel, Selection())  # drawn below, with the new position
            if handover and self.prompt.side and not bot:
                self.call_after_refresh(self._cursor_to_own_unit)
            if not bot:
                self.call_after_refresh(self._cursor_for_step)
        self.redraw()

    def watch_sel(self) -> None:
        if self.turn is not None:
            self.redraw()

    def redraw(self) -> None:
        self.query_one(HexMap).show(self._counters(), self.keys.lights(), self._held())
        self._draw_panels()

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


    def _draw_panels(self) -> None:
        self._draw_hex()
        self._draw_pending()
        self._draw_crt()
        self.query_one(TrackPanel).show(self.view)

    def _draw_hex(self) -> None:
        h = self.cursor
        sides = self.view.get("sides", {})
        holder = (self.view.get("control") or {}).get(h)
        held = (short_name(sides.get(holder, holder)), self.side_colour(holder)) if holder else None
        info = HexInfo(
            h, self.board.cells[h], self.units_at(h), self.nations, sides, self.hint(),
            marks=self.keys.marks(), held=held, hex_name=self.turn.hex_name,  # type: ignore[union-attr]
            preview=self.preview(),
        )
        self.query_one(StackPanel).show(info, compact=self.host.has_class("short"), steady=self._phase_key)
        self.query_one("#stack").border_title = f"Hex {self.turn.hex_name(h)}"  # type: ignore[union-attr]

    def _draw_crt(self) -> None:
        """The combat table, its column lit for the attack under consideration (at the cursor)."""
        column, caption = self._considered()
        roll = self.last_combat.get("roll") if self.last_combat else None
        if self.last_combat:
            lc = self.last_combat
            last = f"last: {lc.get('column')}, die {lc.get('roll')} -> {lc.get('result')}"
            caption = f"{caption}\n{last}" if caption else last
            if column is None:
                column = lc.get("column")
        self.side.show_panel("crt", "crt" in self.view and (self.host.has_class("tables") or self.keys.shows_crt()))
        if "crt" in self.view:
            self.query_one(CrtPanel).show(self.view["crt"], column, roll, caption)


    def _draw_pending(self) -> None:
        panel = self.query_one(PendingPanel)
        waiting = self.keys.waiting()
        self.side.show_panel("pending", waiting is not None)
        if waiting is None:
            return
        rows = 3 if self.host.has_class("short") else 6  # 80x24: beside a Hex panel of ten rows, above the log
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

    def header(self, wide: bool) -> tuple[Text, Text]:
        v = self.view
        t = Text(no_wrap=True, overflow="ellipsis")
        if wide:
            t.append(f" {v.get('title', self.session.scenario)} ", "bold")
        labels = v.get("turn_labels") or []
        turn = v.get("turn")
        label = f" ({labels[turn - 1]})" if turn and 0 < turn <= len(labels) else ""
        t.append(f" Turn {turn} of {v.get('turns')}{label}")
        t.append(f"  {v.get('phase_title', '')}", "bold #ffd21f")
        seats = [
            f"{short_side(name)} {'bot' if self.session.seats.get(side, 'human').startswith('bot') else 'human'}"
            for side, name in v.get("sides", {}).items()
        ]
        if seats and wide:
            t.append(f"  {' · '.join(seats)}", "dim")
        note = north_note(self.board.bearings)
        return t, Text(f" {note} " if note else "", style="bold #7ec8e3")

    # --- events from the map ----------------------------------------------------
    def cursor_moved(self) -> None:
        # What depends on the cursor: the waiting units and the turn track do not.
        self._draw_hex()
        self._draw_crt()
        self.host._draw_prompt()

    def on_hex_map_clicked(self, event: HexMap.Clicked) -> None:
        if self.app.screen is self.screen:  # a click queued before a list or cover opened over the map is dropped
            self.activate(event.place)

    # --- keys: what the step object says, carried out ----------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.host.replay:
            return False
        idle = self.step in ("idle", "over")
        if action == "enter":
            return not idle and ENTER_LABELS[int(parameters[0])] == self.keys.label  # type: ignore[call-overload]
        if action == "key":
            return not idle and parameters[0] in self.keys.keys()
        if action == "unanswered":
            return not idle
        if action == "cycle":
            return not idle and self.keys.cycles(self.cursor)
        if action == "cancel":  # while a bot or another seat plays, nothing to cancel: not shown
            return False if idle else True if self.chosen() or self.host.message else None
        return True

    def carry_own(self, result: Result) -> None:
        if isinstance(result, Select):
            self.sel = result.selection
        elif isinstance(result, Jump):
            self.set_cursor(self.keys.nearest_of(result.hexes, self.cursor))

    def kept(self) -> None:
        # The position is the same: a new selection has redrawn the map and panels (watch_sel).
        self._draw_panels()
        self.host._draw_prompt()
        self.host.refresh_bindings()

    def activate(self, h: Hex) -> None:
        """Enter (or a click) on hex h: what it means depends on the step."""
        self.host.message = None
        self.carry_out(self.keys.enter(h))

    def action_enter(self, _label: int) -> None:
        self.activate(self.cursor)

    def action_key(self, name: str) -> None:
        self.host.message = None
        self.carry_out(self.keys.key(name, self.cursor))

    def action_unanswered(self, key: str) -> None:
        """A named key with nothing to do in this step: what it is for, and why not now."""
        names = [name for name, (k, _) in NAMED_KEYS.items() if k == key]
        labels = " / ".join(NAMED_KEYS[n][1] for n in names if NAMED_KEYS[n][1])
        owed = self.host.owed() if key == "e" else []
        if owed:  # a step that ends by itself once what is owed is done (a set-up)
            more = f"; and {len(owed) - 3} more" if len(owed) > 3 else ""
            done = "; ".join(f"{o.text} ({o.case})" for o in owed[:3]) + more
            self.host.say(f"e: nothing to end; this step ends by itself once this is done: {done}.")
            return
        if "resolve" in names and "end_declarations" in self.keys.keys():
            why = "attacks are resolved once e has ended the declarations"
        else:
            why = "nothing to do with it in this step"
        self.host.say(f"{key} ({labels}): {why}.")

    def action_cycle(self, by: int) -> None:
        self.host.message = None
        self.carry_out(self.keys.cycle(self.cursor, by))

    def action_pick(self, n: int) -> None:
        """Number key n: act on the n-th unit listed for the hex under the cursor."""
        self.host.message = None
        here = self.units_at(self.cursor)
        if self.step in ("idle", "over") or n <= len(here):
            self.carry_out(self.keys.pick(self.cursor, n))
        elif here:
            self.host.say(f"There is no unit {n} in {self.cursor}.")
        else:
            self.host.say("No unit here: the number keys pick a unit of a stack.")

    def action_cancel(self) -> None:
        self.host.action_cancel()

    def chosen(self) -> bool:
        return not self.sel.empty

    def drop(self) -> bool:
        dropped = not self.sel.empty
        self.sel = Selection(pending=self.sel.pending)
        return dropped

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
            self.host.say("No unit on the map may act now.", "error")
            return
        later = [h for h in hexes if h > self.cursor]
        self.set_cursor((later or hexes)[0])

    def action_last_move(self) -> None:
        """The cursor to where the last action of another side happened (a bot's, or the other player's)."""
        me = self.prompt.side
        entry = next((e for e in reversed(self.session.log) if e.side not in (me, None)), None)
        where = self.action_hex(entry.action) if entry else None
        if where is None:
            self.host.say("The other side has not acted on the map yet.", "error")
            return
        self.set_cursor(where)

    def action_hex(self, action: Action) -> Hex | None:
        """Where an action happened: the end of its path, its hex, or its unit's or defender's hex."""
        if action.get("path"):
            return action["path"][-1]
        if action.get("hex"):
            return action["hex"]
        u = self.unit(action.get("defender") or action.get("unit") or "")
        return u["hex"] if u and u.get("hex") else None

    def action_toggle_tables(self) -> None:
        """The turn track and the combat table in the place of the other panels and the log (as
        many as the column holds, t again for the next), then the log again."""
        self.side.show_panel("crt", "crt" in self.view)  # the table, outside a combat too
        shown = self.side.flip()
        self._draw_panels()
        self.host.say(f"{shown} shown in the place of the log: t again for what did not fit, then the log." if shown else "Log shown.")

    def action_toggle_ids(self) -> None:
        hexmap = self.query_one(HexMap)
        hexmap.toggle_ids()
        self.host.say("Hex ids shown: # hides them." if hexmap.ids else "Hex ids hidden: # shows them.")

    def action_toggle_side(self) -> None:
        """Hide or show the side panels: the whole width for the map on a small terminal."""
        side = self.query_one("#side")
        side.display = not side.display
        self.host.say("Side panels hidden: z shows them again." if not side.display else "Side panels shown.")

    # --- playing an action ---------------------------------------------------
    def refused(self) -> None:
        self.set_reactive(HexPane.sel, self.sel.but(confirming=False))

    def played(self, action: Action, events: list[Event]) -> None:
        self.set_reactive(HexPane.sel, self.keys.after_play(action))  # drawn with the new position
        for e in events:
            if e.kind == "combat":
                self.last_combat = dict(e.data)

    def after_change(self) -> None:
        self.set_cursor(self.keys.follow(self.cursor))

    def follow(self, action: Action) -> None:
        self.set_cursor(self.action_hex(action))  # the map follows the bot
