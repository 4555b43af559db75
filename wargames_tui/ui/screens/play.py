"""The play screen: the map, the side panels, the prompt, and the keys that turn into actions.

The rules decide everything: the keys only pick among the prompt's enumerated
actions, and anything else is tried on a copy of the position so the player
sees the rules' own reason and case when a key does nothing.
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
from wargames_tui.ui.screens.play_generic import GenericMixin
from wargames_tui.ui.screens.play_session import short_name
from wargames_tui.ui.widgets.crt import CrtPanel
from wargames_tui.ui.widgets.footer import Footer
from wargames_tui.ui.widgets.hexmap import Counter, HexMap, north_note
from wargames_tui.ui.widgets.log import LogPanel
from wargames_tui.ui.widgets.panel import Panel
from wargames_tui.ui.widgets.pending import PendingPanel
from wargames_tui.ui.widgets.stack import StackPanel
from wargames_tui.ui.widgets.track import TrackPanel, short_side

# Each step of a turn gets its own Enter label in the footer.
ENTER_LABELS = {
    "move": "Select/move",
    "declare": "Attackers/declare",
    "resolve": "Resolve",
    "retreat": "Retreat here",
    "advance": "Advance",
    "place": "Place here",
    "reinforce": "Bring on here",
    "bombard": "Roll/disrupt",
    "remove": "Remove",
    "generic": "Act here",
}

class PlayScreen(GenericMixin):
    BINDINGS = [
        Binding("enter", "select", ENTER_LABELS["move"], id="select-move"),
        Binding("enter", "select_declare", ENTER_LABELS["declare"], id="select-declare"),
        Binding("enter", "select_resolve", ENTER_LABELS["resolve"], id="select-resolve"),
        Binding("enter", "select_retreat", ENTER_LABELS["retreat"], id="select-retreat"),
        Binding("enter", "select_advance", ENTER_LABELS["advance"], id="select-advance"),
        Binding("enter", "select_place", ENTER_LABELS["place"], id="select-place"),
        Binding("enter", "select_reinforce", ENTER_LABELS["reinforce"], id="select-reinforce"),
        Binding("enter", "select_bombard", ENTER_LABELS["bombard"], id="select-bombard"),
        Binding("enter", "select_remove", ENTER_LABELS["remove"], id="select-remove"),
        Binding("enter", "select_generic", ENTER_LABELS["generic"], id="select-generic"),
        Binding("tab", "next_pending", "Next unit"),
        Binding("shift+tab", "prev_pending", "Previous unit", show=False),
        Binding("escape", "cancel", "Cancel"),
        Binding("e", "end_phase", "End phase"),
        Binding("e", "end_declarations", "End declarations"),
        Binding("e", "finish", "End/halt"),
        Binding("r", "resolve", "Resolve next"),
        Binding("r", "bombard", "Roll"),
        Binding("p", "pool_entry", "Face-down entry"),
        Binding("n", "no_advance", "No advance"),
        Binding("b", "break_off", "Break off"),
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
        self.selected: str | None = None
        self.attackers: list[str] = []
        self.message: tuple[str, str] | None = None  # (text, "error" | "info")
        self.last_combat: dict[str, Any] | None = None
        self.chosen_pending: str | None = None  # the waiting unit that Enter brings on
        self.picked: str | None = None  # the unit of a stack marked for removal
        self.view: dict[str, Any] = {}
        self._phase_key: tuple[Any, ...] | None = None
        self._step_timer = None  # the bot's next step
        self._shown_outcome = False
        self._confirming_end = False  # `e` pressed once in the declarations
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
        seed = getattr(self.app, "seed", None)
        self.bot_rng = random.Random(seed)
        self.query_one("#stack").border_title = "Hex"
        self.query_one("#pending").border_title = "Waiting to come on"
        self.query_one("#crt").border_title = "Combat results"
        self.query_one("#track").border_title = "Turn"
        self.query_one("#log").border_title = "Log"
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

    def _cursor_to_own_unit(self) -> None:
        here = self.units_at(self.cursor)
        if not any(u["side"] == self.prompt.side for u in here):
            self.query_one(HexMap).set_cursor(self._start_cursor())

    def _cursor_for_step(self) -> None:
        """Where the cursor helps at the start of a step: on a hex where Enter does something."""
        step = self.step
        if step in ("place", "reinforce"):
            self.jump_to_lit(self.arrival_hexes(self.chosen_unit()))
        elif step == "remove":
            self.jump_to_lit([u["hex"] for u in map(self.unit, self._remove_candidates()) if u and u["hex"]])
        elif step == "bombard" and not self._only("bombard"):
            self.jump_to_lit([u["hex"] for u in map(self.unit, self._bombard_targets()) if u and u["hex"]])
        elif step == "move" and self.pool_entries() and not any(
            u["side"] == self.prompt.side for u in self.units_at(self.cursor)
        ):
            self.jump_to_lit([a["hex"] for a in self.pool_entries()])

    def _start_cursor(self) -> Hex:
        """The first unit of the side to act, else the middle of the map."""
        side = self.session.prompt.side
        for u in self.view.get("units", []):
            if u["side"] == side and u["status"] == "map" and u["hex"]:
                return u["hex"]
        cells = sorted(self.board.cells)
        return cells[len(cells) // 2]

    # --- drawing -------------------------------------------------------------
    def refresh_all(self) -> None:
        self.read_view()
        key = (self.view.get("turn"), self.view.get("phase"), self.view.get("step"), self.prompt.side, self.step == "generic")
        if key != self._phase_key:
            handover = self._phase_key is not None and self._phase_key[3] != key[3]
            self._phase_key = key
            self.selected = None
            self.attackers = []
            self.chosen_pending = None
            self.picked = None
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
        # The unit being handled is drawn on top of its stack.
        first = [self.selected] if self.selected else []
        if self.step == "advance" and self._further():
            first.append(self._tank() or "")
        first += self.attackers
        order = {uid: i for i, uid in enumerate(first)}
        units = sorted(self.view.get("units", []), key=lambda u: order.get(u["id"], len(order)))
        pieces = pieces_from_view({**self.view, "units": units})
        acting = self.prompt.side
        moving = self.step == "move"
        counters = {}
        for h, piece in pieces.items():
            here = self.units_at(h)
            nation = self.nations.get(piece.nation)
            bg = nation.colour if nation else "#cccccc"
            fg = nation.text if nation else "black"
            disrupted = any(u["disrupted"] for u in here)
            dim = moving and all(u.get("moved") and u["side"] == acting for u in here)
            counters[h] = Counter(piece, bg, fg, disrupted, dim)
        return counters

    def _highlights(self) -> dict[Hex, str]:
        lit: dict[Hex, str] = {}
        step = self.step
        if step in ("place", "reinforce"):
            for h in self.arrival_hexes(self.chosen_unit()):
                lit[h] = "entry"
        elif step == "bombard":
            for uid in self._bombard_targets():
                u = self.unit(uid)
                if u and u["hex"]:
                    lit[u["hex"]] = "target"
        elif step == "remove":
            for uid in self._remove_candidates():
                u = self.unit(uid)
                if u and u["hex"]:
                    lit[u["hex"]] = "remove"
        elif step == "move" and not self.selected:
            for a in self.pool_entries():
                lit[a["hex"]] = "entry"
        elif step == "move" and self.selected:
            for _, kind, d in self.reach_of(self.selected):
                if d and kind == "exit":
                    lit[d] = "exit"
                elif d and kind == "move":
                    lit.setdefault(d, "reach")
            u = self.unit(self.selected)
            if u and u["hex"]:
                lit[u["hex"]] = "selected"
        elif step == "declare":
            for att in self.view.get("attacks", []):
                d = self.unit(att["defender"])
                if d and d["hex"]:
                    lit[d["hex"]] = "declared"
            chosen = set(self.attackers)
            for a in self.actions_of("declare"):
                # With attackers chosen, light the defenders they may attack together (the
                # prompt lists every group while few units could join, else stacks and singles).
                if not chosen or set(a["attackers"]) == chosen or chosen < set(a["attackers"]):
                    d = self.unit(a["defender"])
                    if d and d["hex"]:
                        lit[d["hex"]] = "target"
            for uid in self.attackers:
                u = self.unit(uid)
                if u and u["hex"]:
                    lit[u["hex"]] = "attacker"
        elif step == "resolve":
            for att in self.view.get("attacks", []):
                if att["resolved"]:
                    continue
                d = self.unit(att["defender"])
                if d and d["hex"]:
                    lit[d["hex"]] = "target"
                for a in att["attackers"]:
                    u = self.unit(a)
                    if u and u["hex"]:
                        lit[u["hex"]] = "attacker"
        elif step == "retreat":
            for a in self.actions_of("retreat"):
                d = self.dest(a)
                if d:
                    lit[d] = "retreat"
                u = self.unit(a["unit"])
                if u and u["hex"]:
                    lit[u["hex"]] = "selected"
        elif step == "generic":
            lit = self.generic_lights()
        elif step == "advance" and self._further():
            tank = self._tank()
            for a in self.actions_of("advance"):
                if a["unit"] == tank:
                    lit[a["hex"]] = "advance"
            u = self.unit(tank or "")
            if u and u["hex"]:
                lit[u["hex"]] = "selected"
        elif step == "advance":
            for a in self.actions_of("advance"):
                u = self.unit(a["unit"])
                if u and u["hex"]:
                    lit[u["hex"]] = "attacker"
            if self.vacated:
                lit[self.vacated] = "advance"
        return lit

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
        self.query_one(HexMap).show(self._counters(), self._highlights(), self._held())

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
            marks=self._marks(), held=held, compact=self.has_class("short"), steady=self._phase_key,
            hex_name=self.hex_name,
        )
        self.query_one("#stack").border_title = f"Hex {self.hex_name(h)}"
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
        crt.display = "crt" in self.view and (self.has_class("tables") or self.step not in ("place", "reinforce", "bombard"))
        if "crt" in self.view:
            crt.show(self.view["crt"], column, roll, caption)
        self.query_one(TrackPanel).show(self.view)

    def _marks(self) -> dict[str, str]:
        """Tags for the units in the hex panel: what the player has picked."""
        marks = {uid: "attacker" for uid in self.attackers}
        if self.selected:
            marks[self.selected] = "selected"
        if self.picked and self.step == "remove":
            marks[self.picked] = "remove?"
        return marks

    def _draw_pending(self) -> None:
        panel = self.query_one(PendingPanel)
        step = self.step
        waiting = self.waiting_units() if step in ("place", "reinforce") else self.generic_waiting() if step == "generic" else []
        note = self.pending_note() if step in ("place", "reinforce", "move") else ""
        if step == "generic" and len(waiting) > 1:
            note = "Tab/Shift+Tab: choose · its hexes are lit"
        panel.display = bool(waiting or (note and step == "move"))
        if not panel.display:
            return
        rows = 4 if self.has_class("short") else 8
        panel.border_title = (f"Off the map ({len(waiting)})" if step == "generic" else f"Waiting to come on ({len(waiting)})") if waiting else "Reinforcements"
        chosen = (self.chosen_off_map() if step == "generic" else self.chosen_unit()) if waiting else None
        panel.show(waiting, chosen, self.nations, note, rows)

    def _considered(self) -> tuple[str | None, str]:
        """The odds column of the attack under consideration, and a caption explaining it."""
        step = self.step
        here = self.units_at(self.cursor)
        enemy = [u for u in here if u["side"] != self.prompt.side]
        if step == "declare" and enemy and self.attackers:
            odds = gamehooks.odds(self.session, self.attackers, enemy[0]["id"])
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

    # --- actions ---------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        step = self.step
        types = self.prompt_types if step not in ("bot", "over") else set()
        if action == "select":
            return step in ("move", "other")
        if action.startswith("select_"):
            return step == action.removeprefix("select_")
        if action == "end_phase":
            return "end-phase" in types and step != "generic"
        if action == "finish":
            return step == "generic" and bool(self.bare_actions())
        if action == "end_declarations":
            return "end-declarations" in types
        if action == "resolve":
            return "resolve" in types
        if action == "bombard":
            return "bombard" in types
        if action == "pool_entry":
            return bool(step == "move" and self.pool_entries())
        if action in ("next_pending", "prev_pending"):
            if step == "remove":
                return len(self.removable_here()) > 1
            if step == "generic":
                return len(self.off_map_named()) > 1
            return step in ("place", "reinforce") and bool(self.waiting_units())
        if action == "pick":
            return step not in ("bot", "over")
        if action == "no_advance":
            return "no-advance" in types
        if action == "break_off":
            return "exit" in types
        if action in ("undo", "cancel", "actions") and step in ("bot", "over"):
            return False
        if action == "undo":
            return True  # refused with the reason when there is nothing to take back
        if action == "cancel":
            return True if (self.selected or self.attackers or self.picked or self.message) else None
        return True

    def action_select(self) -> None:
        self.activate(self.cursor)

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

    action_select_declare = action_select
    action_select_resolve = action_select
    action_select_retreat = action_select
    action_select_advance = action_select
    action_select_place = action_select
    action_select_reinforce = action_select
    action_select_bombard = action_select
    action_select_remove = action_select
    action_select_generic = action_select

    def action_pick(self, n: int) -> None:
        self.pick(n)

    def action_cancel(self) -> None:
        self._confirming_end = False
        if self.selected or self.attackers or self.picked:
            self.selected = None
            self.attackers = []
            self.picked = None
            self.message = ("Selection cleared.", "info")
        else:
            self.message = None
        self.refresh_all()

    def action_end_phase(self) -> None:
        action = self._only("end-phase")
        if action:
            self.message = None
            self.play(action)

    def action_end_declarations(self) -> None:
        """The declarations bind once ended: the first `e` asks, a second one ends them."""
        action = self._only("end-declarations")
        if not action:
            return
        if not self._confirming_end:
            self._confirming_end = True
            declared = len(self.view.get("attacks") or [])
            self.say(f"{declared} attack{'s' if declared != 1 else ''} declared. Once ended, every declared attack "
                     f"must be fought and none added ({self.prompt.case}): press e again to end the declarations.")
            return
        self._confirming_end = False
        self.message = None
        if self.attackers:
            self.attackers = []
        self.play(action)

    def action_resolve(self) -> None:
        h = self.cursor
        ids = {u["id"] for u in self.units_at(h)}
        resolves = self.actions_of("resolve")
        action = next((a for a in resolves if a["defender"] in ids), None) or (resolves[0] if resolves else None)
        if action:
            self.message = None
            self.play(action)

    def action_no_advance(self) -> None:
        action = self._only("no-advance")
        if action:
            self.message = None
            self.play(action)

    def action_break_off(self) -> None:
        h = self.cursor
        exits = [a for a in self.actions_of("exit") if self.dest(a) == h]
        if self.selected:
            exits = [a for a in exits if a["unit"] == self.selected]
        else:
            own = {u["id"] for u in self.units_at(h)}
            exits = [a for a in exits if a["unit"] in own]
        if exits:
            self.message = None
            self.play(exits[0])
            return
        rule = "select a unit, put the cursor on a cyan map-edge hex in its reach, then press b"
        self.say(f"No break-off here: {rule}.", "error")

    def action_actions(self) -> None:
        if self.step in ("bot",):
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
            labelled.append((self.words(a, column), a))
        self.choose(labelled, f"{self.prompt.text} ({self.prompt.case})")

    def action_undo(self) -> None:
        if self.step == "bot":
            return
        if self._take_back():
            self.selected = None
            self.attackers = []
            self.refresh_all()

    def help_legend(self) -> tuple[tuple[str, str, str], ...]:
        return self.board.legend

    # --- playing an action ---------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """Apply one action through the session; a refusal shows its reason, never a traceback."""
        self._confirming_end = False
        waiting = [u["id"] for u in self.waiting_units()]
        events = self._apply(action)
        if events is None:
            return []
        if action.get("type") == "move" and action.get("unit") == self.selected:
            self.selected = None
        if action.get("type") == "remove":
            self.picked = None
        if action.get("attackers"):
            self.attackers = []
        if action.get("unit") and action.get("unit") == self.chosen_pending and action["unit"] in waiting:
            # The next waiting unit in the list is chosen, not the first again.
            later = waiting[waiting.index(action["unit"]) + 1 :]
            self.chosen_pending = later[0] if later else None
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
        hexmap = self.query_one(HexMap)
        step = self.step
        if step in ("place", "reinforce", "bombard", "remove"):
            self._cursor_for_step()
        elif step == "retreat":
            first = self.actions_of("retreat")
            u = self.unit(first[0]["unit"]) if first else None
            if u and u["hex"]:
                hexmap.set_cursor(u["hex"])
        elif step == "advance" and self._further():
            u = self.unit(self._tank() or "")
            if u and u["hex"]:
                hexmap.set_cursor(u["hex"])
        elif step == "advance" and self.vacated:
            hexmap.set_cursor(self.vacated)
        self._end_or_go_on()

    # --- bots ---------------------------------------------------------------------
    def _schedule_step(self) -> None:
        self._schedule_bot()

    def follow(self, action: Action) -> None:
        where = self.action_hex(action)  # the map follows the bot
        if where is not None and self.is_current:
            self.query_one(HexMap).set_cursor(where)
