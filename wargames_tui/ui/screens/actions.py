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

    def compose(self) -> ComposeResult:
        with Vertical(id="actions-box"):
            yield Label(Text(self.title_text), id="actions-title")
            yield Input(
                placeholder="type to filter, Enter or click to choose, Esc to close",
                id="actions-filter",
                select_on_focus=False,  # the first key typed on the list must not be selected and lost
            )
            yield OptionList(*self._options(""), id="actions-list")

    def _options(self, needle: str) -> list[Option]:
        needle = needle.lower()
        # Text, not markup: zone ids like "[OR2]" and JSON lists must show as written.
        return [Option(Text(text), id=str(i)) for i, (text, _) in enumerate(self.labelled) if needle in text.lower()]

    def on_mount(self) -> None:
        self.query_one("#actions-box").border_title = f"Legal actions ({len(self.labelled)})"
        self.query_one(OptionList).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._options(event.value))
        if options.option_count:
            options.highlighted = 0

    def on_input_submitted(self, event: Input.Submitted) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            index = options.highlighted or 0
            self._choose(options.get_option_at_index(index).id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option.id)

    def on_key(self, event) -> None:  # noqa: ANN001 - textual Key
        box = self.query_one(Input)
        if box.has_focus and event.key in ("up", "down"):
            # From the filter box the arrows walk the list from the row Enter would choose.
            options = self.query_one(OptionList)
            if options.option_count:
                step = 1 if event.key == "down" else -1
                here = options.highlighted if options.highlighted is not None else 0
                options.highlighted = max(0, min(options.option_count - 1, here + step))
            event.stop()
            return
        # Printable keys typed on the list go to the filter box.
        if event.character and event.character.isprintable() and not self.query_one(Input).has_focus:
            box = self.query_one(Input)
            box.focus()
            box.insert_text_at_cursor(event.character)
            event.stop()

    def _choose(self, option_id: str | None) -> None:
        if option_id is not None:
            self.dismiss(self.labelled[int(option_id)][1])

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
