"""Every legal action of the prompt in words: the keyboard fallback that makes any prompt playable.

The list draws only the rows in sight (ui/widgets/rows.py), each on one line; the lit row, if cut
to the list's width, is shown in full under it. Keys typed while it opens go to the filter, none
lost. An action is put in words when its row is first drawn or read (`Worded`): the list is up with
the words of a screenful, and the filter reads the rest behind it, a slice at a time, serving the
keys typed between slices.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from wargames_tui.engine.flow import Action
from wargames_tui.ui.widgets.rows import Rows

READ_SLICE = 0.005  # seconds the filter reads words before the keys typed meanwhile are served
READ_BATCH = 200  # rows read between two looks at the clock


class Worded(Sequence[tuple[str, Action]]):
    """(words, action) pairs, each action built and put in words when first asked for, then kept."""

    def __init__(self, actions: Sequence[Action], words: Callable[[Action], str]) -> None:
        self.actions = actions
        self.words = words
        self._pairs: list[tuple[str, Action] | None] = [None] * len(actions)

    def __len__(self) -> int:
        return len(self._pairs)

    def __getitem__(self, i):  # type: ignore[override]  # noqa: ANN001, ANN204
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        pair = self._pairs[i]
        if pair is None:
            action = self.actions[i]
            pair = self._pairs[i] = (self.words(action), action)
        return pair


class ActionsScreen(ModalScreen[Action | None]):
    BINDINGS = [Binding("escape", "dismiss_none", "Close")]

    def __init__(self, title: str, labelled: Sequence[tuple[str, Action]],
                 irreversible: Callable[[Action], str | None] | None = None, typed: str = "",
                 final: Callable[[Action], str | None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.labelled = labelled  # a list, or `Worded` to word only the rows drawn or read
        self.irreversible = irreversible  # why an action cannot be taken back, if it cannot
        self.final = final  # what an action ends for good (the game): asked whatever the filter
        self._lower: list[str] = []  # the rows' words in lower case, for the filter: those read so far
        self._last: tuple[str, list[int], int] = ("", [], 0)  # the last filter, its matches, the rows it read
        self._answered = False
        self._said_nothing = False  # the title says something else than the prompt (nothing matches, a question)
        self._confirming: int | None = None  # the row picked from a filter that Enter must confirm
        self._typed = typed  # keys read with the `a` that opened the list, before it was up

    def compose(self) -> ComposeResult:
        with Vertical(id="actions-box"):
            yield Label(Text(self.title_text), id="actions-title")
            yield Input(
                placeholder="type to filter, Enter or click to choose, Esc to close",
                id="actions-filter",
                select_on_focus=False,  # the first key typed on the list must not be selected and lost
            )
            yield Rows(len(self.labelled), self._text, id="actions-list")
            yield Label(id="actions-lit")

    def _text(self, index: int) -> str:
        return self.labelled[index][0]

    def _matches(self, needle: str) -> Sequence[int]:
        """The rows holding every word typed, in any order ("Aufk 2012" finds "Move Aufk (4-10) 2012 ..."),
        best first (`ranked`), among the rows read so far."""
        if not needle.split():
            return range(len(self.labelled))
        needle, read = needle.lower(), len(self._lower)
        last, found, upto = self._last
        # A filter typed further matches only rows the shorter one matched (or not read then): those
        # alone are looked at again.
        among = [*found, *range(upto, read)] if last.split() and needle.startswith(last) else None
        matches = ranked(needle, self._lower, among)
        self._last = (needle, matches, read)
        return matches

    def _read(self, seconds: float | None) -> bool:
        """Read the rows' words for the filter, for about `seconds` (None: to the end); whether some are left."""
        end = None if seconds is None else time.perf_counter() + seconds
        total = len(self.labelled)
        while len(self._lower) < total and (end is None or time.perf_counter() < end):
            start = len(self._lower)
            self._lower += [self.labelled[i][0].lower() for i in range(start, min(total, start + READ_BATCH))]
        return len(self._lower) < total

    async def _read_behind(self) -> None:
        """Every row's words read for the filter a slice at a time, the keys typed served between;
        then the filter typed meanwhile is applied to every row."""
        while self._read(READ_SLICE):
            await asyncio.sleep(0)
        self._filter_again()

    def _read_the_rest(self) -> None:
        """Enter: what the filter matches must be known now; the rows not read yet are read at once."""
        if len(self._lower) < len(self.labelled):
            self._read(None)
            self._filter_again()

    def _filter_again(self) -> None:
        """The filter applied again once every row is read; the lit row kept if the player moved it."""
        rows, typed = self.query_one(Rows), self.query_one(Input).value
        if typed.split():
            rows.show(self._matches(typed), lit=rows.lit_index if rows.lit else None)

    def on_mount(self) -> None:
        self.query_one("#actions-box").border_title = f"Legal actions ({len(self.labelled)})"
        if self._typed:
            self.query_one(Input).value = self._typed
        typed = self.query_one(Input).value
        if typed:  # keys typed before the list was up stay in the filter, and filter it
            self.query_one(Rows).show(self._matches(typed))
        else:
            self.query_one(Rows).focus()
        self.call_after_refresh(self.run_worker, self._read_behind, exclusive=True)  # once the list is drawn

    def on_input_changed(self, event: Input.Changed) -> None:
        self._confirming = None
        if self._said_nothing:  # a "nothing matches" or a question is out of date
            self._said_nothing = False
            self.query_one("#actions-title", Label).update(Text(self.title_text))
        if self.is_mounted:
            self.query_one(Rows).show(self._matches(event.value))

    def on_rows_lit(self, event: Rows.Lit) -> None:
        """The lit row in full under the list, where the list cuts it to its width; nothing where the
        row is whole (shown again, a short row read as a second row like it)."""
        cut = event.index is not None and event.rows.is_cut(event.index)
        lit = self.query_one("#actions-lit", Label)
        lit.update(Text(self._text(event.index), style="dim") if cut else "")
        lit.display = cut

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the filter box chooses the lit row of what the filter matches now; nothing when
        nothing matches."""
        self._read_the_rest()
        matches = self._matches(event.value)
        if not matches:
            self._nothing_matches()
            return
        lit = self.query_one(Rows).lit_index
        self._choose(lit if lit is not None and lit in matches else matches[0])

    def on_rows_chosen(self, event: Rows.Chosen) -> None:
        self._choose(event.index)

    def _nothing_matches(self) -> None:
        self._said_nothing = True
        typed = self.query_one(Input).value
        self.query_one("#actions-title", Label).update(Text(f"Nothing matches {typed!r}: change the filter or Esc.", style="bold #ff6b6b"))

    def on_key(self, event) -> None:  # noqa: ANN001 - textual Key
        box = self.query_one(Input)
        rows = self.query_one(Rows)
        if event.key == "enter" and not box.has_focus:
            self._read_the_rest()
        if event.key == "enter" and not box.has_focus and not rows.count:
            self._nothing_matches()  # Enter on a list the filter emptied: say why nothing happens
            event.stop()
            return
        if box.has_focus and event.key in ("up", "down", "pageup", "pagedown"):
            # From the filter box the arrows walk the list from the row Enter would choose.
            step = -1 if event.key in ("up", "pageup") else 1
            if event.key in ("up", "down"):
                rows.action_move(step)
            else:
                rows.action_page(step)
            event.stop()
            return
        # Printable keys and Backspace typed on the list go to the filter box.
        if not box.has_focus and (event.key == "backspace" or (event.character and event.character.isprintable())):
            box.focus()
            if event.key == "backspace":
                box.action_delete_left()
            else:
                box.insert_text_at_cursor(event.character)
            event.stop()

    def _choose(self, index: int | None) -> None:
        if index is None:
            return
        text, action = self.labelled[index]
        if self._confirming != index:
            # A row a filter put first may not be the one meant: what cannot be taken back is named
            # first; what ends the game (End picks the list's last row, a concession) always is.
            why = self.final(action) if self.final else None
            if not why and self.query_one(Input).value.strip() and self.irreversible:
                why = self.irreversible(action)
            if why:
                self._confirming = index
                self._said_nothing = True
                title = f"Enter again to take {text!r}: {why}. Or change the filter, or Esc."
                self.query_one("#actions-title", Label).update(Text(title, style="bold #ffb347"))
                return
        self._answer(action)

    def action_dismiss_none(self) -> None:
        self._answer(None)

    def _answer(self, result: Action | None) -> None:
        # Keys typed fast can queue a second choice before the list is gone: answered twice, the
        # game would get a stale action and the second pop would take the screen beneath.
        if not self._answered:
            self._answered = True
            self.dismiss(result)


def _found(word: str, text: str) -> bool:
    """A word typed is in the row, or its singular is ("maneuvers" finds "Maneuver")."""
    return word in text or (len(word) > 3 and word.endswith("s") and word[:-1] in text)


def ranked(needle: str, rows: Sequence[str], among: Iterable[int] | None = None) -> list[int]:
    """The rows holding every word typed, best first: most words typed that are whole words of
    the row, then most that begin one, then the earliest in the row, then the shortest (the words
    typed say more of it: "71st E2940" takes the 71st's attack alone, not its stack's); ties keep
    the list's order.
    "Counter" puts "Counter the opponent's play" above "No counterespionage answer", and
    "III + I + II" the row with a unit II above one with only III and I.
    `among`: only these rows (indexes) may match."""
    words = needle.lower().split()
    if not words:
        return list(range(len(rows)))
    found = []
    for i in range(len(rows)) if among is None else among:
        text = rows[i].lower()
        if not all(_found(w, text) for w in words):
            continue
        tokens = text.replace("(", " ").replace(")", " ").replace(",", " ").split()
        whole = sum(1 for w in words if w in tokens)
        begins = sum(1 for w in words if any(t.startswith(w) for t in tokens))
        first = min((j for j, t in enumerate(tokens) for w in words if t.startswith(w)), default=len(tokens))
        found.append((-whole, -begins, first, len(tokens), i))
    return [i for *_, i in sorted(found)]

