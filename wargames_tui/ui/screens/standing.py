"""Full-screen views of the play screen: the standing with each side's forces (v), and the whole
log, searchable (L). Each shows only what the viewer may read."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog

from wargames_tui.engine.contract import Forces, Owed, Standing
from wargames_tui.ui.hotseat import short_name
from wargames_tui.ui.widgets.footer import Footer
from wargames_tui.ui.widgets.standing import owed_text


def standing_text(standing: Standing | None, forces: dict[str, Forces], sides: dict[str, str], owed: list[Owed],
                  others_owe: Sequence[Owed] = ()) -> RenderableType:
    """The victory conditions with their cases, where the game stands, what is owed (by the side to
    act; what another side still owes, as theirs), and each side's units on the map, to come,
    eliminated and elsewhere."""
    parts: list[RenderableType] = []
    if standing is not None:
        t = Text("Victory conditions\n", "bold #ffd21f")
        for condition, case in standing.conditions:
            t.append(f"• {condition}")
            t.append(f" ({case})\n", "dim")
        t.append("\nNow: ", "bold #ffd21f")
        t.append(" · ".join(f"{label} {value}" for label, value in standing.now))
        t.append("\nIf the game ended now: ", "bold #ffd21f")
        t.append(standing.if_ended)
        parts.append(t)
    if owed:
        parts.append(Text("\nStill to do before the step may end:", "bold #ff8c1a") + owed_text(owed))
    for side in dict.fromkeys(o.side for o in others_owe):
        theirs = [o for o in others_owe if o.side == side]
        parts.append(Text(f"\nStill to come from the {short_name(sides.get(side or '', side or ''))}:", "bold #ff8c1a") + owed_text(theirs))
    for side, f in forces.items():
        t = Text(f"\n{sides.get(side, side)}\n", "bold #7ec8e3")
        rows = [("On the map", f.on_map), ("To come", f.to_come), ("Eliminated", f.eliminated), *f.other.items()]
        for title, units in rows:
            t.append(f"{str(title).capitalize()} ({len(units)}): ", "bold")
            t.append(", ".join(units) if units else "none", "" if units else "dim")
            t.append("\n")
        parts.append(t)
    return Group(*parts)


class Pages(RichLog):
    """A full-screen page drawn once and scrolled as lines."""

    def __init__(self, id: str) -> None:
        super().__init__(id=id, wrap=True, min_width=20, auto_scroll=False, markup=False)


class StandingScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,v", "close", "Close")]

    def __init__(self, body: RenderableType) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        yield Pages(id="standing-text")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one(Pages)
        box.border_title = "Standing and forces"
        box.border_subtitle = "Esc closes · arrows/PgUp/PgDn scroll"
        box.write(self.body, scroll_end=False)
        box.focus()

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None]):
    """The whole log as the viewer may read it; typing filters its lines (any case)."""

    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, lines: list[Text]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Input(placeholder="type to find lines (Esc closes)", id="log-find")
        yield Pages(id="log-full")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Pages).border_title = "Log"
        self.show("")
        self.query_one(Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show(event.value)

    def show(self, words: str) -> None:
        box = self.query_one(Pages)
        box.clear()
        found = [line for line in self.lines if words.lower() in line.plain.lower()]
        for line in found:
            box.write(line)
        box.border_subtitle = f"{len(found)} of {len(self.lines)} lines" + (f" with '{words}'" if words else "")

    def action_close(self) -> None:
        self.dismiss(None)
