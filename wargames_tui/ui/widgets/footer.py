"""The key bar at the foot of every screen."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer, drawn again once for however many changes of the keys come before the next
    refresh (a play screen's first frame changed them five times and more, each rebuilding the bar: a fifth of
    that frame), and without its leak: each recompose (after every action, as the keys on offer
    change) binds the new keys to the footer's `compact`, and Textual drops the old keys' bindings
    only when `compact` changes, which it never does here. A 600-action Blitzkrieg game kept every
    key it had ever shown: 20 MB a hundred actions."""

    _due = False  # a recompose waits for the next refresh

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if self._due or not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self._due = True
            self.call_after_refresh(self._recompose_due)

    async def _recompose_due(self) -> None:
        self._due = False
        await self.recompose()

    async def recompose(self) -> None:
        await super().recompose()
        bound = getattr(self, "__watchers", {}).get("compact")  # Textual keeps them under this name
        if bound:
            bound[:] = [(node, callback) for node, callback in bound if node.is_attached]
