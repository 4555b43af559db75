"""The key bar at the foot of every screen."""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer without its leak: each recompose (after every action, as the keys on offer
    change) binds the new keys to the footer's `compact`, and Textual drops the old keys' bindings
    only when `compact` changes, which it never does here. A 600-action Blitzkrieg game kept every
    key it had ever shown: 20 MB a hundred actions."""

    async def recompose(self) -> None:
        await super().recompose()
        bound = getattr(self, "__watchers", {}).get("compact")  # Textual keeps them under this name
        if bound:
            bound[:] = [(node, callback) for node, callback in bound if node.is_attached]
