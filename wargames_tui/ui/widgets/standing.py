"""Where the game stands, in a side panel: the level of victory if it ended now and the result of
the last combat until the next action. `v` shows the conditions, the figures, what is still owed
and the forces in full; the prompt line says the first thing owed."""

from __future__ import annotations

from rich.text import Text

from wargames_tui.engine.contract import Owed, Preview, Standing
from wargames_tui.ui.widgets.panel import Panel


def owed_text(owed: list[Owed]) -> Text:
    """What is still owed, each with its case; the skippable ones say so."""
    t = Text()
    for item in owed:
        t.append("\n• ")
        t.append(item.text, "bold" if not item.skippable else "")
        t.append(f" ({item.case})" + (", may be left" if item.skippable else ""), "dim")
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

    def show(self, standing: Standing | None, last: list[Text]) -> None:
        """The level of victory if the game ended now and the last combat's results (v shows the
        figures, the conditions and what is owed; the prompt line says the first thing owed)."""
        t = Text()
        if standing is not None:
            t.append(standing.if_ended, "#ffd21f")
        if last:
            t.append("\nLast: " if t else "Last: ", "bold #7ec8e3")
            t.append_text(Text("\n").join(last))
        self.put(t)
