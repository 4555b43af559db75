"""A play screen bound to one seat (`wargames play SAVE --seat SIDE`, or the seat chosen on the
new-game and load screens): it follows the other seats' actions as they land in the save, and says
whose turn it is while it waits. The screen draws the seat's view only (`Session.seat`); the session
lists no action of another seat's side and refuses to play one (engine/session.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from wargames_tui.engine.files import SaveError
from wargames_tui.engine.session import Session
from wargames_tui.ui.hotseat import short_name

if TYPE_CHECKING:
    from wargames_tui.engine.seats import Followed

# engine/seats (the save schema, pydantic) is imported only once a seat looks at its save: a game
# opened at one keyboard does not wait for it (docs/PERFORMANCE.md, the first frame).


class Seated(Protocol):
    """What the seat asks of the play screen (ui/screens/play.py)."""

    session: Session
    save_path: Path | None
    side_names: dict[str, str]
    app: Any

    def say(self, text: str, kind: str = "info") -> None: ...
    def notify(self, message: str, *, title: str = "", severity: Any = "information", timeout: float | None = None) -> None: ...
    def set_interval(self, interval: float, callback: Any) -> Any: ...
    def show_followed(self, followed: Followed) -> None: ...
    def over(self) -> bool: ...

POLL = 0.5  # seconds between two looks at the save (two stats each) while another seat may write
CHECK = "`wargames replay SAVE` says what (it reads the whole file, every side's secrets with it)"


class SeatWatch:
    """A seat-bound play screen's timer on the save, and its words while another seat acts."""

    def __init__(self, screen: Seated) -> None:
        self.screen = screen
        self.waited: str | None = None  # the side this seat waited for at the last look

    @property
    def side(self) -> str:
        return self.screen.session.seat or ""

    def start(self) -> None:
        self.waited = self.screen.session.waiting_for()
        self.screen.set_interval(POLL, self.look)

    def shared(self) -> bool:
        """The save is there already: another seat may be writing it (a new game is saved at once
        only by the screen that started it)."""
        path = self.screen.save_path
        return path is not None and path.exists()

    def look(self) -> None:
        """The timer: read the save only when its stats changed."""
        from wargames_tui.engine.seats import changed

        s = self.screen
        if s.session.unproven is None and s.save_path is not None and changed(s.session, s.save_path):
            self.catch_up()

    def catch_up(self) -> bool:
        """Apply here what the other seats wrote; whether anything came."""
        from wargames_tui.engine.seats import follow

        s = self.screen
        if s.save_path is None or s.session.unproven is not None:
            return False
        # What went wrong is not shown here: the loader's words quote the action it stopped at, which
        # may be the other side's secret. Any command on the save says it to whoever reads the file.
        try:
            followed = follow(s.session, s.save_path)
        except SaveError:
            s.say(f"The save's new actions cannot be played here (a damaged or edited file?): {CHECK}", "error")
            return False
        if not followed.entries and not followed.reloaded:
            return False
        if followed.notes:
            s.notify(f"Part of the save could not be proven and was set aside: {CHECK}", severity="warning", timeout=20)
        s.show_followed(followed)
        self.tell_turn()
        return True

    def before_play(self) -> bool:
        """Just before an action is played here: the save read first. False when something landed
        meanwhile (the action was chosen on a position that is gone: the player looks again)."""
        if not self.catch_up():
            return True
        self.screen.say("The other seat played meanwhile: the position changed, look again.", "error")
        return False

    def after_save(self, saved: bool) -> None:
        """A save refused (another program wrote first): the save's game stands, read again here.
        Saved: whose turn it is after this seat's own action (so that the turn coming back is told)."""
        if not saved and self.catch_up():
            self.screen.say("Another program wrote this save first: its game stands here, your last action was not kept.", "error")
        elif saved:
            self.waited = self.screen.session.waiting_for()

    def tell_turn(self) -> None:
        """Say once when this seat's turn comes back (its player may be looking at another window)."""
        waiting = self.screen.session.waiting_for()
        if waiting is None and self.waited is not None and not self.screen.over():
            self.screen.notify(f"Your turn, {self.name(self.side)}.", timeout=4)
            self.screen.app.bell()
        self.waited = waiting

    def name(self, side: str) -> str:
        return short_name(self.screen.side_names.get(side, side))

    def line(self, waiting: str) -> Text:
        """The prompt line while another seat acts: whose turn, nothing of what that side may do."""
        t = Text()
        t.append(f" {self.name(waiting)} to play at the other seat: ", "bold")
        t.append(f"waiting for their move (you play the {self.name(self.side)} side)", "dim")
        if self.screen.session.seats.get(waiting, "").startswith("bot:"):
            t.append(f"; a bot's seat: `wargames bot {self.screen.save_path} {waiting}` plays it", "#7ec8e3")
        return t

