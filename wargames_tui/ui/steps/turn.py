"""The position the hex keys read, what the player has chosen in it, and what a key asks for.

Plain Python, no Textual: a step (ui/steps) reads a `Turn` and a `Selection` and answers with
results (`Play`, `Offer`, `Say`, `Refuse`, `Select`, `Jump`, `ListAll`) that the play screen carries out.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from wargames_tui.engine.actionlist import ActionList, LazyPart, sketches
from wargames_tui.engine.flow import Action, IllegalAction, Prompt
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.session import Session
from wargames_tui.present import presentation
from wargames_tui.ui import gamehooks
from wargames_tui.ui.describe import describe_action, unit_label, units_by_id

Unit = dict[str, Any]


@dataclass(frozen=True)
class Selection:
    """What the player has chosen on the map; it lasts until the step changes or Esc drops it."""

    selected: str | None = None  # the unit whose reach is lit
    attackers: tuple[str, ...] = ()  # the gathered group
    pending: str | None = None  # the waiting (or off-map) unit Enter brings on, chosen with Tab
    marked: str | None = None  # the unit of a stack marked for removal
    confirming: bool = False  # `e` pressed once to end the declarations

    def but(self, **changes: Any) -> Selection:
        return replace(self, **changes)

    @property
    def empty(self) -> bool:
        return not (self.selected or self.attackers or self.marked)


# --- what a key asks the screen to do -----------------------------------------------------------
@dataclass(frozen=True)
class Play:
    action: Action


@dataclass(frozen=True)
class Offer:
    """A list of actions to choose from (the screen words them); one alone is played at once,
    unless `listed` (an action that does much at once is taken only when chosen)."""

    actions: list[Action]
    title: str
    listed: bool = False


@dataclass(frozen=True)
class Say:
    text: str
    kind: str = "info"  # or "error"


@dataclass(frozen=True)
class Refuse:
    """The rules' reason why a probe is illegal, with their case."""

    exc: IllegalAction


@dataclass(frozen=True)
class Select:
    selection: Selection


@dataclass(frozen=True)
class Jump:
    """The cursor to the nearest of these hexes, unless it is on one already."""

    hexes: list[Hex]


@dataclass(frozen=True)
class ListAll:
    """The list of every legal action, as the `a` key opens it."""


Result = Play | Offer | Say | Refuse | Select | Jump | ListAll
Results = tuple[Result, ...]


def refused(exc: IllegalAction | None, otherwise: str) -> Results:
    """The rules' reason when a probe is refused, else an error in the client's words."""
    return (Refuse(exc),) if exc else (Say(otherwise, "error"),)


def types_of(actions: Sequence[Action]) -> set[str]:
    """The action types of a prompt, without building the actions of a lazy list: a lazy part
    of one kind is that kind; one that may hold several is read from its sketches (no paths)."""
    if not isinstance(actions, ActionList):
        return {a.get("type", "") for a in actions}
    found: set[str] = set()
    for part in actions.parts:
        if isinstance(part, LazyPart) and len(part.kinds) == 1:
            found |= part.kinds
        elif isinstance(part, LazyPart):
            found |= {part.sketch(i).get("type", "") for i in range(len(part))}
        else:
            found |= {a.get("type", "") for a in part}
    return found


class Turn:
    """One position as the hex keys read it: the viewer's view, the prompt and the board. Built
    again after every change, so what it reads once (cached) stays true while it lives."""

    def __init__(self, session: Session, view: dict[str, Any], board: Any, bot: str | None = None) -> None:
        self.session = session
        self.view = view
        self.board = board
        self.prompt: Prompt = session.prompt
        self.bot = bot  # the bot to act, if one sits at the side to act
        self.over = session.outcome() is not None
        self.waiting = session.waiting_for()  # the side to act at another seat, if this screen is bound to one

    @property
    def side(self) -> str | None:
        return self.prompt.side

    @cached_property
    def hex_steps(self) -> dict[str, str]:
        """The game's own names of its steps -> the client's step kinds (its presentation's `hex_steps`)."""
        return presentation(self.session.game).hex_steps

    @cached_property
    def types(self) -> set[str]:
        return types_of(self.prompt.actions)

    @cached_property
    def units(self) -> dict[str, Unit]:
        return units_by_id(self.view)

    @cached_property
    def _on_map(self) -> dict[Hex, list[Unit]]:
        at: dict[Hex, list[Unit]] = {}
        for u in self.view.get("units", []):
            if u["status"] == "map" and u["hex"]:
                at.setdefault(u["hex"], []).append(u)
        return at

    def units_at(self, h: Hex) -> list[Unit]:
        return self._on_map.get(h, [])

    def unit(self, uid: str) -> Unit | None:
        return self.units.get(uid)

    def hex_of(self, uid: str | None) -> Hex | None:
        u = self.units.get(uid or "")
        return u["hex"] if u and u.get("hex") else None

    def label(self, uid: str) -> str:
        return unit_label(self.unit(uid), uid)

    def hex_name(self, h: str) -> str:
        """The hex as its map prints it."""
        cell = self.board.cells.get(h)
        return cell.name if cell and cell.name else h

    def words(self, action: Action, column: str | None = None) -> str:
        """An action in words: the game's own (its presentation's `describe`) where it has them."""
        own = presentation(self.session.game).describe
        return own(action, self.view, column) if own is not None else describe_action(action, self.view, column)

    def worded(self, action: Action) -> str:
        """An action in a list: its words, and what the game says it would bring (its `preview`)."""
        extra = gamehooks.preview(self.session, action)
        return f"{self.words(action)} · {extra}" if extra else self.words(action)

    def actions_of(self, kind: str) -> list[Action]:
        if kind not in self.types:
            return []
        return [a for a in self.prompt.actions if a.get("type") == kind]

    def only(self, kind: str) -> Action | None:
        found = self.actions_of(kind)
        return found[0] if found else None

    def dest(self, action: Action) -> Hex | None:
        path = action.get("path") or []
        return path[-1] if path else self.hex_of(action.get("unit"))

    @cached_property
    def _reach(self) -> dict[str, list[tuple[int, str, Hex | None]]]:
        by_unit: dict[str, list[tuple[int, str, Hex | None]]] = {}
        for i, a in enumerate(sketches(self.prompt.actions)):
            if isinstance(a.get("unit"), str):
                end = a["to"] if "to" in a and "path" not in a else self.dest(a)
                by_unit.setdefault(a["unit"], []).append((i, str(a.get("type")), end))
        return by_unit

    def reach_of(self, uid: str) -> list[tuple[int, str, Hex | None]]:
        """(index in the prompt's actions, type, end hex) of every action of unit uid, read from
        the actions' sketches: a lazy move list builds no path for it."""
        return self._reach.get(uid, [])

    @property
    def vacated(self) -> Hex | None:
        """The hex the defender left, while a combat result is being carried out."""
        return (self.view.get("follow_up") or {}).get("vacated")

    def dry_run(self, action: Action) -> IllegalAction | None:
        return gamehooks.dry_run(self.session, action)

    def enemies_next_to(self, h: Hex) -> list[Unit]:
        near = set(self.board.grid.neighbours(h))
        return [u for u in self.view.get("units", []) if u["side"] != self.side and u["status"] == "map" and u["hex"] in near]

    def own_next_to(self, h: Hex) -> list[str]:
        near = set(self.board.grid.neighbours(h))
        return [u["id"] for u in self.view.get("units", []) if u["side"] == self.side and u["status"] == "map" and u["hex"] in near]

    def first_step(self, h: Hex) -> list[Hex]:
        return list(self.board.grid.neighbours(h))[:1]

    def hex_path(self, start: Hex, goal: Hex) -> list[Hex]:
        """The hexes of a shortest line from start to goal (start excluded), to ask the rules about."""
        grid = self.board.grid
        came: dict[Hex, Hex | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                break
            for n in grid.neighbours(here):
                if n not in came:
                    came[n] = here
                    queue.append(n)
        if goal not in came:
            return [goal]
        path = [goal]
        while came[path[-1]] not in (None, start):
            path.append(came[path[-1]])  # type: ignore[arg-type]
        return path[::-1]

    def nearest(self, hexes: list[Hex], here: Hex) -> Hex:
        grid = self.board.grid
        return min(hexes, key=lambda h: (grid.distance(here, h), h))


def stack(turn: Turn, h: Hex) -> tuple[list[Unit], list[Unit], list[Unit]]:
    """The units in hex h: all, the acting side's, the others."""
    here = turn.units_at(h)
    return here, [u for u in here if u["side"] == turn.side], [u for u in here if u["side"] != turn.side]


@dataclass(frozen=True)
class Waiting:
    """What the panel of units off the map shows in a step."""

    units: list[Unit] = field(default_factory=list)
    chosen: str | None = None
    note: str = ""
    title: str = "Reinforcements"
