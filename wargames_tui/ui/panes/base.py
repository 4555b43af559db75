"""What the play screen asks of the pane of a kind of map (ui/screens/play.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget

from wargames_tui.engine.actionlist import ActionList
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.engine.session import Session
from wargames_tui.ui import gamehooks
from wargames_tui.ui.steps.turn import ListAll, Offer, Play, Refuse, Result, Results, Say
from wargames_tui.ui.panes.side import SideColumn
from wargames_tui.ui.widgets.steady import steady


class Host(Protocol):
    """What a pane asks of the play screen: play, offer, say; and what it reads of it."""

    message: tuple[str, str] | None
    replay: bool
    _covered: bool
    _drawn_for: str | None

    def play(self, action: Action) -> list[Event]: ...
    def offer(self, actions: list[Action], title: str, listed: bool = False) -> None: ...
    def choose(self, actions: Sequence[Action], title: str) -> None: ...
    def say(self, text: str, kind: str = "info") -> None: ...
    def refuse(self, exc: IllegalAction) -> None: ...
    def refresh_all(self) -> None: ...
    def refresh_bindings(self) -> None: ...
    def _draw_prompt(self) -> None: ...
    def action_actions(self) -> None: ...
    def action_cancel(self) -> None: ...
    def automatic_note(self) -> str: ...
    def automatic(self) -> bool: ...
    def over(self) -> bool: ...
    def bot_to_act(self) -> str | None: ...
    def has_class(self, *names: str) -> bool: ...
    def toggle_class(self, *names: str) -> Any: ...


@steady
class Pane(Horizontal):
    """The map and the side panels of one kind of map. The screen gives it each new position
    (`read`) and asks it for the header, the words of actions, where the cursor goes; the pane
    asks the screen (`host`) to play an action, offer a list or say something."""

    SIDE_LEAST = 34  # the side panels' least width on a wide window
    LEAVE: tuple[str, ...] = ()  # the side panels left out first when the column is short (ui/panes/fit.py)
    YIELDS: str | None = None  # the side panel whose text scrolls within it: it gives up rows before any panel leaves
    TOGGLE = ""  # the key that shows the panels left out in the place of the log
    automatic_action = ""  # the action type of one step of a side the game plays itself, if any

    def __init__(self, session: Session) -> None:
        super().__init__(id="body")
        self.session = session
        self.view: dict[str, Any] = {}

    def compose(self) -> ComposeResult:
        """The map, and beside it the side panels above the log, fitted by the side column's rule."""
        yield self.make_map()
        yield SideColumn(self.panels(), self.LEAVE, self.TOGGLE, self.YIELDS)

    @property
    def side(self) -> SideColumn:
        return self.query_one(SideColumn)

    def make_map(self) -> Widget:
        raise NotImplementedError

    def panels(self) -> list[Widget]:
        """The side panels, top to bottom."""
        raise NotImplementedError

    @property
    def host(self) -> Host:
        return self.screen  # type: ignore[return-value]

    @property
    def prompt(self):  # noqa: ANN201 - engine Prompt
        return self.session.prompt

    # --- drawing, asked by the screen -----------------------------------------------------------
    def read(self, view: dict[str, Any]) -> None:
        """A new position (or the same after a change of selection): draw the map and the panels."""
        raise NotImplementedError

    def header(self, wide: bool) -> tuple[Text, Text]:
        raise NotImplementedError

    def before_case(self) -> Text:
        """What the prompt line adds after the prompt's text, before its case."""
        return Text()

    def after_case(self) -> Text:
        return Text()

    def ends_step(self, action: dict[str, Any]) -> bool:
        """Whether the action ends the side's step (what `e` plays): then anything skippable still
        owed is asked about once."""
        return str(action.get("type", "")).startswith("end")

    def map_width(self) -> int:
        raise NotImplementedError

    def focus_map(self) -> None:
        raise NotImplementedError

    def bind_cursor(self, map_widget: Widget) -> None:
        """Redraw the panels when the map's cursor moves. Bound to the map's `cursor` reactive, not
        to its CursorMoved message: the panels then change in the same screen update as the map (a
        message is handled after the map's cells were drawn: a second update, a frame later)."""
        self.watch(map_widget, "cursor", self.cursor_moved, init=False)
        # Nothing over the pane listens to the map's CursorMoved: it is not posted at all (a message
        # handled and stopped at the pane cost every cursor key a dispatch up the tree).
        map_widget.disable_messages(map_widget.CursorMoved)  # type: ignore[attr-defined]

    def cursor_moved(self) -> None:
        """The map's cursor moved: draw what depends on it."""

    def scroll_to_cursor(self) -> None:
        raise NotImplementedError

    def key_help(self) -> str:
        """The help's key list for this pane (empty: the hex map's, the help's default)."""
        return ""

    def legend(self) -> tuple[tuple[str, str, str], ...]:
        """The map's legend for the help screen (none by default)."""
        return ()

    def victory_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view the victory screen reads the sides and the points from."""
        return view

    def side_name(self, side: str | None) -> str:
        return str(self.view.get("sides", {}).get(side or "", side or ""))

    # --- words -----------------------------------------------------------------------------------
    def words(self, action: Action) -> str:
        raise NotImplementedError

    def played_words(self, action: Action) -> str:
        return self.words(action)

    def unit_name(self, unit: dict[str, Any]) -> str:
        return str(unit.get("short", unit["id"]))

    def name_units(self, reason: str) -> str:
        """The rules name units by id (quoted or not): their counters' names instead."""
        for u in sorted(self.view.get("units", []), key=lambda u: len(u["id"]), reverse=True):
            if u["id"] in reason:
                reason = re.sub(rf"'{re.escape(u['id'])}'|(?<![\w-]){re.escape(u['id'])}(?![\w-])", self.unit_name(u), reason)
        return reason

    # --- what the keys asked for ------------------------------------------------------------------
    def carry_out(self, results: Results) -> None:
        """Do what the keys' step object asked for, in order; a play redraws the screen, else the
        pane draws what a kept position shows once."""
        host = self.host
        for r in results:
            if isinstance(r, Play):
                host.play(r.action)
                return
            if isinstance(r, Say):
                host.message = (r.text, r.kind)
            elif isinstance(r, Refuse):
                host.refuse(r.exc)
            elif isinstance(r, ListAll):
                host.action_actions()
            elif isinstance(r, Offer):
                host.offer(r.actions, r.title, r.listed)
            else:
                self.carry_own(r)
        self.kept()

    def carry_own(self, result: Result) -> None:
        """A result only this kind of map asks for."""

    def kept(self) -> None:
        """The position is the same after the keys' results: draw what they changed."""
        self.host._draw_prompt()

    # --- the screen's events ------------------------------------------------------------------------
    def start(self) -> None:
        """The first position is drawn: put the cursor where it helps."""

    def listed(self, actions: Sequence[Action]) -> Sequence[Action]:
        """The actions the `a` list offers: the prompt's, then the game's open at any time (the
        prompt's are not built here: the list builds those it shows)."""
        return ActionList(actions, gamehooks.anytime(self.session)) if actions else []

    def chosen(self) -> bool:
        """Whether the player has chosen something on the map (Esc drops it)."""
        return False

    def drop(self) -> bool:
        """Drop what the player has chosen; whether there was anything."""
        return False

    def refused(self) -> None:
        """The rules refused the action the pane asked for."""

    def played(self, action: Action, events: list[Event]) -> None:
        """An action was played (before the new position is read)."""

    def after_change(self) -> None:
        """The new position is drawn: move the cursor where the next step happens."""

    def uncovered(self) -> None:
        """The hotseat cover is down and the new side's view drawn."""

    def follow(self, action: Action) -> None:
        """Show where a bot's action happened."""
