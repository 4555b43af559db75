"""Every legal action of the prompt in words: the keyboard fallback that makes any prompt playable."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from wargames_tui.engine.flow import Action


class ActionsScreen(ModalScreen[Action | None]):
    BINDINGS = [Binding("escape", "dismiss_none", "Close")]

    def __init__(self, title: str, labelled: list[tuple[str, Action]]) -> None:
        super().__init__()
        self.title_text = title
        self.labelled = labelled
        self._answered = False

    def compose(self) -> ComposeResult:
        with Vertical(id="actions-box"):
            yield Label(Text(self.title_text), id="actions-title")
            yield Input(
                placeholder="type to filter, Enter or click to choose, Esc to close",
                id="actions-filter",
                select_on_focus=False,  # the first key typed on the list must not be selected and lost
            )
            yield OptionList(*self._options(""), id="actions-list")

    def _matches(self, needle: str) -> list[int]:
        """The rows holding every word typed, in any order ("Aufk 2012" finds "Move Aufk (4-10) 2012 ...")."""
        words = needle.lower().split()
        return [i for i, (text, _) in enumerate(self.labelled) if all(w in text.lower() for w in words)]

    def _options(self, needle: str) -> list[Option]:
        # Text, not markup: zone ids like "[OR2]" and JSON lists must show as written.
        return [Option(Text(self.labelled[i][0]), id=str(i)) for i in self._matches(needle)]

    def on_mount(self) -> None:
        self.query_one("#actions-box").border_title = f"Legal actions ({len(self.labelled)})"
        if not self.query_one(Input).value:  # keys typed before the list was up stay in the filter
            self.query_one(OptionList).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#actions-title", Label).update(Text(self.title_text))  # a "nothing matches" is out of date
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._options(event.value))
        if options.option_count:
            options.highlighted = 0

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the filter box chooses the lit row of what the filter matches now; nothing when
        nothing matches (the list may not have caught up with the last key yet)."""
        matches = self._matches(event.value)
        if not matches:
            self._nothing_matches()
            return
        options = self.query_one(OptionList)
        lit = options.get_option_at_index(options.highlighted).id if options.highlighted is not None and options.option_count else None
        self._choose(lit if lit is not None and int(lit) in matches else str(matches[0]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option.id)

    def _nothing_matches(self) -> None:
        typed = self.query_one(Input).value
        self.query_one("#actions-title", Label).update(Text(f"Nothing matches {typed!r}: change the filter or Esc.", style="bold #ff6b6b"))

    def on_key(self, event) -> None:  # noqa: ANN001 - textual Key
        box = self.query_one(Input)
        if event.key == "enter" and not box.has_focus and not self.query_one(OptionList).option_count:
            self._nothing_matches()  # Enter on a list the filter emptied: say why nothing happens
            event.stop()
            return
        if box.has_focus and event.key in ("up", "down"):
            # From the filter box the arrows walk the list from the row Enter would choose.
            options = self.query_one(OptionList)
            if options.option_count:
                step = 1 if event.key == "down" else -1
                here = options.highlighted if options.highlighted is not None else 0
                options.highlighted = max(0, min(options.option_count - 1, here + step))
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

    def _choose(self, option_id: str | None) -> None:
        if option_id is not None:
            self._answer(self.labelled[int(option_id)][1])

    def action_dismiss_none(self) -> None:
        self._answer(None)

    def _answer(self, result: Action | None) -> None:
        # Keys typed fast can queue a second choice before the list is gone: answered twice, the
        # game would get a stale action and the second pop would take the screen beneath.
        if not self._answered:
            self._answered = True
            self.dismiss(result)
