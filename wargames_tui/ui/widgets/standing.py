"""Where the game stands, in a side panel: the level of victory if it ended now, the game's figures
(turn, points, places held), the result of the last combat until the next action, and what the
side to act still owes before its step may end. `v` shows the conditions and the forces in full."""

from __future__ import annotations

from rich.text import Text

from wargames_tui.engine.contract import Owed, Preview, Standing
from wargames_tui.ui.widgets.panel import Panel

OWED_SHOWN = 1  # owed items in the panel; the rest are counted (v lists them all)


def owed_text(owed: list[Owed], shown: int | None = None) -> Text:
    """What is still owed, each with its case; the skippable ones say so."""
    t = Text()
    for item in owed[:shown]:
        t.append("\n• ")
        t.append(item.text, "bold" if not item.skippable else "")
        t.append(f" ({item.case})" + (", may be left" if item.skippable else ""), "dim")
    if shown is not None and len(owed) > shown:
        t.append(f"\n  and {len(owed) - shown} more (v lists all)", "dim")
    return t


def preview_text(p: Preview) -> Text:
    """A preview in full: the odds, each modifier with its case, the results row, what is hidden."""
    t = Text()
    t.append(p.odds, "bold")
    t.append(f" ({p.case})", "dim")
    for m in p.modifiers:
        t.append(f"\n  {m.value} {m.why}")
        t.append(f" ({m.case})", "dim")
    if p.results:
        t.append("\n  " + ", ".join(f"{r.rolls} {r.result}" for r in p.results), "#9be29b")
    for extra in (p.note, p.hidden):
        if extra:
            t.append(f"\n  {extra}", "italic")
    return t


class StandingPanel(Panel):
    DEFAULT_CSS = """
    StandingPanel { height: auto; }
    """

    def on_mount(self) -> None:
        self.border_title = "Standing"
        self.border_subtitle = "v: all"

    def show(self, standing: Standing | None, last: list[Text], owed: list[Owed]) -> None:
        """The level of victory if the game ended now, the last combat's results, and the first
        thing still owed (v shows the figures, the conditions and every owed item)."""
        t = Text()
        if standing is not None:
            t.append(standing.if_ended, "#ffd21f")
        if last:
            t.append("\nLast: ", "bold #7ec8e3")
            t.append_text(Text("\n").join(last))
        if owed:
            t.append("\nStill to do:", "bold #ff8c1a")
            t.append_text(owed_text(owed, OWED_SHOWN))
        self.put(t)
