"""The key bar at the foot of every screen."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.compose import compose
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from wargames_tui.ui.widgets.steady import steady

# The keys the bar lets go of first when it is wider than the window, in that order: each is in the
# help, Esc is the same everywhere, and the game saves itself after every action.
SPARE = ("save", "cancel")


@steady
class Footer(TextualFooter):
    """Textual's footer, drawn again once for however many changes of the keys come before the next
    refresh (a play screen's first frame changed them five times and more, each rebuilding the bar: a fifth of
    that frame), and without its leak: each recompose (after every action, as the keys on offer
    change) binds the new keys to the footer's `compact`, and Textual drops the old keys' bindings
    only when `compact` changes, which it never does here. A 600-action Blitzkrieg game kept every
    key it had ever shown: 20 MB a hundred actions."""

    _due = False  # a recompose waits for the next refresh
    _shown: tuple[object, ...] = ()  # what the bar holds: a recompose that would change nothing is skipped

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if self._due or not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self._due = True
            self.call_after_refresh(self._recompose_due)

    async def _recompose_due(self) -> None:
        """Rebuild the bar where the keys it would show differ from those it shows: a bot's run of
        steps offered the same keys after each (rebuilding them cost a fifth of the client's time a step)."""
        self._due = False
        if not self.is_attached:  # its screen was closed before the refresh
            return
        shown = (self.compact, *(_part(p) for p in compose(self)))
        if shown != self._shown or not self.children:
            self._shown = shown
            await self.recompose()

    def on_resize(self) -> None:
        if not self._due:
            self._due = True
            self.call_after_refresh(self._recompose_due)

    def compose(self) -> ComposeResult:
        """Textual's keys, less the spare ones, in order, while the bar is wider than the window (at
        80 columns a step with long words cut the last keys off: '? Help ^s')."""
        parts = list(super().compose())
        keys = [k for k in parts if isinstance(k, FooterKey)]
        width = sum(_width(k, self.compact) for k in keys)
        for key in sorted((k for k in keys if k.action in SPARE), key=lambda k: SPARE.index(k.action)):
            if width <= self.app.size.width:
                break
            width -= _width(key, self.compact)
            parts.remove(key)
        yield from parts

    async def recompose(self) -> None:
        await super().recompose()
        bound = getattr(self, "__watchers", {}).get("compact")  # Textual keeps them under this name
        if bound:
            bound[:] = [(node, callback) for node, callback in bound if node.is_attached]


def _part(part: Widget) -> tuple[object, ...]:
    """What one of the bar's widgets shows and does (a group of keys: with its keys), to tell two bars apart."""
    if isinstance(part, FooterKey):
        return (part.key, part.key_display, part.description, part.action, part.tooltip, tuple(sorted(part.classes)))
    return (type(part).__name__, repr(part), tuple(_part(child) for child in part._pending_children))


def _width(key: FooterKey, compact: bool) -> int:
    """The columns a key takes in the bar, by Textual's footer style: compact, its key, a space,
    its words and a margin; else its key padded on both sides and its words padded on the right."""
    words = cell_len(key.description) + 1 if key.description else 0
    return cell_len(key.key_display) + words + (1 if compact else 2)
