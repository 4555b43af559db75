"""The one check every action passes before the rules apply it: it must be one of the prompt's.

A prompt lists its legal actions; an action is playable when it is one of them, compared in
its listing form, and the rules then judge the part the listing leaves free (docs/GAMES.md):
- a `path` counts by the hex it ends in: a prompt lists one way to each end hex;
- a group (`units` or `attackers`, a list of unit ids) may be any part of a listed action's
  group, the rest of the action as listed: the player gathers some of the units offered;
- a game may declare `listed_form(action)` for spellings of its own (hexes as printed).
Any other key, value or type is refused here, whatever `apply` would have made of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any, Callable

from wargames_tui.engine.actionlist import ActionList, LazyPart, form_key, types_of
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, IllegalAction, Prompt

NOT_LISTED = "platform:prompt"  # the case cited: the prompt lists the legal actions (docs/GAMES.md)


def path_by_end(action: Action) -> Action:
    """The action with its path standing for any path to the same end hex."""
    path = action.get("path")
    if isinstance(path, list) and path:
        return {**action, "path": ["...", path[-1]]}
    return action


GROUP_FIELDS = ("attackers", "units")


def _group(action: Action) -> tuple[str, frozenset[str]] | None:
    """The action's group field and its units, when it has one of distinct unit ids."""
    for field in GROUP_FIELDS:
        units = action.get(field)
        if isinstance(units, list) and units and all(isinstance(u, str) for u in units) and len(set(units)) == len(units):
            return field, frozenset(units)
    return None


def _without_group(form: Action, field: str) -> str:
    return form_key({**form, field: "..."})


class Listing:
    """The prompt's actions, and on demand (when an action is not one of them exactly) the keys
    of their listing forms and the groups listed for each action apart from its group, built
    once per prompt; a lazy part of an ActionList answers for itself (`LazyPart.lists`)
    without building its actions."""

    def __init__(self, actions: Sequence[Action], form: Callable[[Action], Action]) -> None:
        self.form = form
        parts = actions.parts if isinstance(actions, ActionList) else [actions]
        self.lazy = [p for p in parts if isinstance(p, LazyPart)]
        self.plain = [p for p in parts if not isinstance(p, LazyPart)]
        self._keys: set[str] | None = None
        self.groups: dict[str, list[frozenset[str]]] = {}

    def __contains__(self, action: Action) -> bool:
        if any(action in p for p in self.plain):  # played as listed: no form to compute
            return True
        f = self.form(action)
        if form_key(f) in self.keys:
            return True
        group = _group(f)
        if group and any(group[1] <= g for g in self.groups.get(_without_group(f, group[0]), ())):
            return True
        return any(p.lists(action, self.form) for p in self.lazy)

    @property
    def keys(self) -> set[str]:
        if self._keys is None:
            self._keys = set()
            for a in (a for p in self.plain for a in p):
                f = self.form(a)
                self._keys.add(form_key(f))
                group = _group(f)
                if group:
                    self.groups.setdefault(_without_group(f, group[0]), []).append(group[1])
        return self._keys


def listing_form(game: ModuleType) -> Callable[[Action], Action]:
    own = getattr(game, "listed_form", None)
    if own is None:
        return path_by_end
    return lambda a: own(path_by_end(a))


def anytime(game: ModuleType, state: Any, seat: str | None = None) -> list[Action]:
    """The game's actions open at any moment beside the prompt's (its optional `anytime(state)`:
    a concession, a breach of the table's rules recorded by either player). A client bound to a
    `seat` is offered only those that name no side or its own: one seat never concedes for another."""
    hook = getattr(game, "anytime", None)
    actions = list(hook(state)) if hook else []
    return [a for a in actions if seat is None or not for_other_seat(a, seat)]


def for_other_seat(action: Any, seat: str) -> bool:
    """Whether the action is taken in the name of a side other than `seat` (its `side` field)."""
    return isinstance(action, dict) and action.get("side") not in (None, seat)


def listing(game: ModuleType, state: Any, prompt: Prompt) -> Listing:
    """The Listing of the prompt's actions and the game's anytime ones, kept on the prompt (a
    prompt is built once per position)."""
    cached: Any = prompt.__dict__.get("_listing")
    if cached is None:
        listed = prompt.actions
        parts = listed.parts if isinstance(listed, ActionList) else [listed]
        actions = ActionList(*parts, anytime(game, state))
        cached = prompt.__dict__["_listing"] = Listing(actions, listing_form(game))
    return cached


def listed_quickly(game: ModuleType, state: Any, action: Any) -> bool:
    """True when the action is listed in the part of the prompt's actions the game names as the
    one that holds every action that could be listed as it (its optional `listed_part(state,
    action)`: one unit's moves, not every unit's), without building the whole prompt. That part is
    a part of the listing: its yes is the listing's yes. Anything else (no part, not in it) is left
    to the whole listing (`refusal`), which gives the reasons."""
    part_of = getattr(game, "listed_part", None)
    if part_of is None or not isinstance(action, dict):
        return False
    part = part_of(state, action)
    return part is not None and action in Listing(part, listing_form(game))


def refusal(game: ModuleType, state: Any, prompt: Prompt, action: Any) -> IllegalAction | None:
    """Why the action is not one of the prompt's, or None when it is: the rules' own reason
    when they refuse it too (tried on a copy of the position), else that it is not listed."""
    refused = _unlisted(game, state, prompt, action)
    if refused is None or not isinstance(action, dict):
        return refused
    rules = trial(game, state, action, prompt.case)
    return rules if rules is not None and not isinstance(rules, Unreadable) else refused


class Unreadable(IllegalAction):
    """A probe the rules failed on with another error than a refusal."""


def trial(game: ModuleType, state: Any, action: Action, case: str) -> IllegalAction | None:
    """The rules' reason for refusing the action, tried on a copy of the position; None if they
    accept it. A probe they cannot read is refused with what went wrong, never raised."""
    try:
        game.apply(game.copy_state(state), action, Dice(0))
    except IllegalAction as exc:
        return exc
    except Exception as exc:  # noqa: BLE001 - a malformed probe is reported, never raised
        return Unreadable(f"the rules could not read it ({type(exc).__name__}: {exc})", case)
    return None


def _unlisted(game: ModuleType, state: Any, prompt: Prompt, action: Any) -> IllegalAction | None:
    if not isinstance(action, dict):
        return IllegalAction("an action is a JSON object with a type", NOT_LISTED)
    if prompt.side is None:
        return IllegalAction("the game is over: no action may be played", NOT_LISTED)
    if action in listing(game, state, prompt):
        return None
    kind = action.get("type")
    offered = sorted(types_of(prompt.actions))
    if kind not in offered:
        return IllegalAction(
            f"{str(kind)[:40]!r} is not offered now ({prompt.phase}); the prompt offers: {', '.join(offered) or 'nothing'}",
            prompt.case or NOT_LISTED,
        )
    return IllegalAction(
        f"this {kind} action is not one of the legal actions listed now ({prompt.phase}): "
        f"its keys or values differ from every listed one",
        prompt.case or NOT_LISTED,
    )

