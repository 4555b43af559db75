"""An option list a player searches by typing: letters jump to the option whose words begin with them."""

from __future__ import annotations

from time import monotonic

from textual import events
from textual.widgets import OptionList
from textual.widgets.option_list import Option

PAUSE = 1.0  # seconds without a key after which typing starts a new search


class FindList(OptionList):
    """`words` names, for each option id, the words typing finds it by (a game's title and the
    scenario's name). Typing one letter again goes on to the next option with a word of that letter."""

    def __init__(self, *options: Option | None, words: dict[str, str], id: str | None = None) -> None:
        super().__init__(*options, id=id)
        self._words = {key: text.lower().split() for key, text in words.items()}
        self._typed, self._at = "", 0.0

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        return character is not None and character.isprintable() and not character.isspace()

    def _on_key(self, event: events.Key) -> None:
        if not self.check_consume_key(event.key, event.character):
            return
        event.stop()
        event.prevent_default()
        now = monotonic()
        self._typed = (self._typed if now - self._at < PAUSE else "") + str(event.character).lower()
        self._at = now
        again = len(set(self._typed)) == 1  # "dd": the next option of a "d" word, not a "dd" word
        found = self.find(self._typed[0] if again else self._typed, after=again)
        if found is not None:
            self.highlighted = found

    def find(self, typed: str, after: bool) -> int | None:
        """The first option from the highlighted one (after it, if `after`) with a word that begins
        with `typed`, going round from the top."""
        count = self.option_count
        here = self.highlighted if self.highlighted is not None else -1
        start = here + 1 if after else max(here, 0)
        for step in range(count):
            index = (start + step) % count
            option = self.get_option_at_index(index)
            if not option.disabled and any(w.startswith(typed) for w in self._words.get(option.id or "", ())):
                return index
        return None
