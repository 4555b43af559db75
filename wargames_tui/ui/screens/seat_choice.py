"""Which side this screen plays of a save shared between screens (the load screen's `o`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class SeatChoiceScreen(ModalScreen[str | None]):
    """The save's sides a person may play; Enter: that side's seat, Esc: back."""

    BINDINGS = [Binding("escape", "dismiss_none", "Back")]
    DEFAULT_CSS = """
    SeatChoiceScreen { align: center middle; }
    SeatChoiceScreen OptionList { width: 60; max-width: 100%; height: auto; border: round #ffd21f; }
    """

    def __init__(self, title: str, sides: dict[str, str]) -> None:
        super().__init__()
        self.title_text, self.sides = title, sides

    def compose(self) -> ComposeResult:
        yield OptionList(*(Option(f"{name}: only this side, from this screen", id=side) for side, name in self.sides.items()))

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.border_title = self.title_text
        options.border_subtitle = "Enter: this side · Esc: back"
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
