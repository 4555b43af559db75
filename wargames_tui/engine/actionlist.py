"""A prompt's legal actions as a lazy sequence: counted at once, each built when asked for.

A hex game can offer a thousand moves at a prompt, each with its path; a player or a bot
looks at a few. `ActionList` joins parts (plain lists of actions, or lazy parts that know
their length and build the action at an index) and behaves like a read-only list: len,
indexing, iteration, `in`, equality with a list. `list(actions)` builds them all, as the
client's action list does.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, Callable, Iterator

Action = dict[str, Any]


def form_key(form: Action) -> str:
    """An action (or its listing form, engine/legality.py) as a string, equal for equal ones."""
    return json.dumps(form, sort_keys=True, separators=(",", ":"), default=repr)


class Blocks(Sequence):
    """A read-only sequence made of consecutive blocks: `_ends` holds the running totals of
    their lengths, `_item(k, j)` builds item j of block k."""

    _ends: list[int]

    def _item(self, k: int, j: int) -> Any:
        raise NotImplementedError

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self._item(*self._locate(i))

    def _locate(self, i: int) -> tuple[int, int]:
        """(block, index in it) of item i."""
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("action index out of range")
        k = bisect_right(self._ends, i)
        return k, i - (self._ends[k - 1] if k else 0)


class LazyPart(Blocks):
    """A part whose actions are built on demand; `kinds` names the action types it may hold."""

    kinds: frozenset[str] = frozenset()

    def sketch(self, i: int) -> Action:
        """Action i, or a cheaper stand-in with its type and what a chooser needs to weigh it
        (a move: its unit and where it goes, "to", without its path); index self for the action."""
        return self[i]

    def sketch_all(self) -> Iterator[Action]:
        """Every sketch in order: a part that can walk them faster than by index says so here."""
        return (self.sketch(i) for i in range(len(self)))

    def lists(self, action: Action, form: Callable[[Action], Action]) -> bool:
        """Whether one of its actions has the same listing form (engine/legality.py) as `action`.
        This builds them all; a part that can find the candidates at once says so here."""
        wanted = form_key(form(action))
        return any(form_key(form(a)) == wanted for a in self)


class ActionList(Blocks):
    def __init__(self, *parts: Sequence[Action]) -> None:
        self.parts = [p for p in parts if len(p)]
        self._ends = []
        total = 0
        for p in self.parts:
            total += len(p)
            self._ends.append(total)

    def _item(self, k: int, j: int) -> Action:
        return self.parts[k][j]

    def __iter__(self) -> Iterator[Action]:
        for p in self.parts:
            yield from p

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ActionList({len(self)} actions)"

    def runs(self) -> list[tuple[frozenset[str], int]]:
        """The actions as (types, count) runs, in order, without building the lazy ones: a
        plain action is a run of one, a lazy part one run of its `kinds`. Lets a chooser
        weigh actions by their type."""
        out: list[tuple[frozenset[str], int]] = []
        for p in self.parts:
            if isinstance(p, LazyPart):
                out.append((p.kinds, len(p)))
            else:
                out += [(frozenset([a.get("type", "")]), 1) for a in p]
        return out


def sketches(actions: Sequence[Action]) -> Iterator[Action]:
    """The actions in order, lazy ones as their sketches (LazyPart.sketch): for weighing
    them all cheaply; the chosen one is then taken from `actions` by its index."""
    if not isinstance(actions, ActionList):
        yield from actions
        return
    for p in actions.parts:
        if isinstance(p, LazyPart):
            yield from p.sketch_all()
        else:
            yield from p


def types_of(actions: Sequence[Action]) -> set[str]:
    """The types of the actions listed; a lazy part of one kind counts as that kind, unbuilt (a
    set-up's thousands of placements are not sketched to say that placements are offered)."""
    parts = actions.parts if isinstance(actions, ActionList) else [actions]
    found: set[str] = set()
    for part in parts:
        if not isinstance(part, LazyPart):
            found |= {a.get("type", "") for a in part}
        elif len(part.kinds) == 1:
            found |= part.kinds
        else:
            found |= {a.get("type", "") for a in part.sketch_all()}
    return found
