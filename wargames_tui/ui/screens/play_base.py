"""What the hex play screen and its key handlers share: reading the position the screen shows.

The chain is HexScreenBase <- ArrivalsMixin (play_arrivals) <- EnterMixin (play_enter) <-
GenericMixin (play_generic) <- PlayScreen (play), each module importing only the one before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargames_tui.engine.actionlist import ActionList, LazyPart, sketches
from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.present import presentation
from wargames_tui.ui.describe import describe_action, unit_label, units_by_id
from wargames_tui.ui.screens.play_session import SessionScreen
from wargames_tui.ui.widgets.hexmap import HexMap

# The rules' step (view["step"]) -> the kind of choice the keys make in it.
STEPS = {
    "move": "move",
    "declare": "declare",
    "resolve": "resolve",
    "retreat": "retreat",
    "advance": "advance",
    "place-marked": "place",
    "enter-all": "place",
    "bombard": "bombard",
    "reinforce": "reinforce",
    "exchange": "remove",
    "overstack": "remove",
}


# The action types the classic steps above are made of; a prompt with any other type is played
# through the fields its actions name (play_generic, actionfields).
CLASSIC = {
    "move", "exit", "end-phase", "declare", "end-declarations", "resolve", "retreat", "advance",
    "no-advance", "place", "enter", "bombard", "disrupt", "remove",
}


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


def step_of(actions: list[Action]) -> str:
    """Which kind of choice the prompt asks for, from its actions' types."""
    types = {a.get("type") for a in actions}
    if "place" in types:
        return "place"
    if types & {"bombard", "disrupt"}:
        return "bombard"
    if "remove" in types:
        return "remove"
    if any(a.get("type") == "enter" and "unit" in a for a in actions):
        return "reinforce"
    if types & {"move", "exit", "end-phase"}:
        return "move"
    if types & {"declare", "end-declarations"}:
        return "declare"
    if "resolve" in types:
        return "resolve"
    if "retreat" in types:
        return "retreat"
    if types & {"advance", "no-advance"}:
        return "advance"
    return "other"


class HexScreenBase(SessionScreen):
    """The position as the hex screen reads it; PlayScreen adds the drawing and the keys."""

    view: dict[str, Any]
    selected: str | None
    attackers: list[str]
    chosen_pending: str | None
    picked: str | None

    def play(self, action: Action) -> Any:
        raise NotImplementedError

    # --- reading the position ----------------------------------------------
    @property
    def step(self) -> str:
        if self.session.outcome() is not None:
            return "over"
        if self.bot_to_act():
            return "bot"
        if not self.prompt_types <= CLASSIC:
            return "generic"
        return STEPS.get(self.view.get("step", ""), "") or step_of(self.prompt.actions)

    @property
    def prompt_types(self) -> set[str]:
        """The prompt's action types, read once per prompt (every key asks, for every binding)."""
        cached = getattr(self, "_types", None)
        if cached is None or cached[0] is not self.prompt:
            cached = self._types = (self.prompt, types_of(self.prompt.actions))
        return cached[1]

    @property
    def vacated(self) -> Hex | None:
        """The hex the defender left, while a combat result is being carried out."""
        return (self.view.get("follow_up") or {}).get("vacated")

    def units_at(self, h: Hex) -> list[dict[str, Any]]:
        return [u for u in self.view.get("units", []) if u["status"] == "map" and u["hex"] == h]

    def unit(self, uid: str) -> dict[str, Any] | None:
        cached = getattr(self, "_units_of", None)
        if cached is None or cached[0] is not self.view:
            cached = self._units_of = (self.view, units_by_id(self.view))
        return cached[1].get(uid)

    def label(self, uid: str) -> str:
        return unit_label(self.unit(uid), uid)

    def hex_name(self, h: str) -> str:
        """The hex as its map prints it."""
        cell = self.board.cells.get(h)  # type: ignore[attr-defined]
        return cell.name if cell and cell.name else h

    def played_words(self, action: Action) -> str:
        return self.words(action)

    def words(self, action: Action, column: str | None = None) -> str:
        """An action in words: the game's own (its presentation's `describe`) where it has them."""
        own = presentation(self.session.game).describe
        return own(action, self.view, column) if own is not None else describe_action(action, self.view, column)

    def actions_of(self, kind: str) -> list[Action]:
        return [a for a in self.prompt.actions if a.get("type") == kind]

    def dest(self, action: Action) -> Hex | None:
        path = action.get("path") or []
        if path:
            return path[-1]
        u = self.unit(action.get("unit", ""))
        return u["hex"] if u else None

    def reach_of(self, uid: str) -> list[tuple[int, str, Hex | None]]:
        """(index in the prompt's actions, type, end hex) of every action of unit uid, read from
        the actions' sketches: a lazy move list builds no path for it (read once per prompt)."""
        cached = getattr(self, "_reach", None)
        if cached is None or cached[0] is not self.prompt:
            by_unit: dict[str, list[tuple[int, str, Hex | None]]] = {}
            for i, a in enumerate(sketches(self.prompt.actions)):
                if isinstance(a.get("unit"), str):
                    end = a["to"] if "to" in a and "path" not in a else self.dest(a)
                    by_unit.setdefault(a["unit"], []).append((i, str(a.get("type")), end))
            cached = self._reach = (self.prompt, by_unit)
        return cached[1].get(uid, [])

    @property
    def cursor(self) -> Hex:
        return self.query_one(HexMap).cursor

    def _only(self, kind: str) -> Action | None:
        return next((a for a in self.prompt.actions if a.get("type") == kind), None)

