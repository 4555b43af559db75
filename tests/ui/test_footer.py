"""The key bar (ui/widgets/footer.py) with keys in a binding group: none of the game screens groups its
keys, but the bar must draw them and tell two bars apart when one does."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Label

from tests.ui.helpers import sync
from wargames_tui.ui.widgets.footer import Footer

MOVE = Binding.Group("Move")


class GroupedKeys(App):
    BINDINGS = [
        Binding("left", "noop", "Left", group=MOVE),
        Binding("right", "noop_right", "Right", group=MOVE),
        Binding("q", "noop_quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Label("x")
        yield Footer()

    def action_noop(self) -> None: ...

    def action_noop_right(self) -> None: ...

    def action_noop_quit(self) -> None: ...


@sync
async def test_a_group_of_keys_is_drawn_and_not_rebuilt_when_it_stays_the_same() -> None:
    app = GroupedKeys()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        footer = app.query_one(Footer)
        drawn = list(footer.children)
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert app._exception is None
        assert {"left", "right", "q"} <= {k.key for k in app.query("FooterKey")}
        assert list(footer.children) == drawn
