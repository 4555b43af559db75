"""What a legal action names on the map, read from its fields alone (docs/GAMES.md, "The hex
screen's vocabulary"): the hex screen plays any game's actions by keys through these readings.

- hexes: `hex`, `to` (a hex id), every hex of `hexes` (a list), the last hex of `path`;
- units: `unit`, every unit of `units`;
- a gathered group: `attackers`, or `units` in an action that also names a hex.

An action naming no hex, unit or group ("end-phase", "halt") is bare: `e` plays it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from wargames_tui.engine.flow import Action

GROUP_FIELDS = ("attackers", "units")
PLACE_FIELDS = ("hex", "to", "area", "target")  # a single place an action goes to


def hexes_named(action: Action) -> list[str]:
    named = [action[k] for k in ("hex", "to") if isinstance(action.get(k), str)]
    hexes = action.get("hexes")
    if isinstance(hexes, list):
        named += [h for h in hexes if isinstance(h, str)]
    path = action.get("path")
    if isinstance(path, list) and path and isinstance(path[-1], str):
        named.append(path[-1])
    return named


def units_named(action: Action) -> list[str]:
    named = [action["unit"]] if isinstance(action.get("unit"), str) else []
    units = action.get("units")
    if isinstance(units, list):
        named += [u for u in units if isinstance(u, str) and u not in named]
    return named


def group_field(action: Action) -> str | None:
    """The field holding a set of units the player gathers before choosing the hex."""
    if isinstance(action.get("attackers"), list):
        return "attackers"
    if isinstance(action.get("units"), list) and hexes_named(action):
        return "units"
    return None


def group_of(action: Action) -> frozenset[str]:
    field = group_field(action)
    return frozenset(action[field]) if field else frozenset()


def is_bare(action: Action) -> bool:
    return not hexes_named(action) and not units_named(action) and group_field(action) is None


def same_but_path(actions: list[Action]) -> list[Action]:
    """One action for each set of actions that differ only in their path (the first listed):
    the player chose the end hex, the rules list the ways there."""
    seen: set[str] = set()
    kept = []
    for a in actions:
        key = repr(sorted((k, repr(v)) for k, v in a.items() if k != "path"))
        if key not in seen:
            seen.add(key)
            kept.append(a)
    return kept


def with_group(action: Action, group: list[str]) -> dict[str, Any]:
    """The action with its group replaced by the gathered units (for the rules to judge)."""
    field = group_field(action)
    return {**action, field: list(group)} if field else dict(action)


def sketch_at(actions: list[Action], place: str, units: list[str] | tuple[str, ...] = ()) -> dict[str, Any] | None:
    """What the player most likely meant by pointing at a place no listed action names: an action
    of the kind most listed, of the picked `units` (or, with none picked, when all are of the same
    units), sent to `place` instead, for the rules to say why not. None when there is no such
    action (paths are judged elsewhere) or no telling whose it would be."""
    placed = [a for a in actions if any(isinstance(a.get(k), str) for k in PLACE_FIELDS) and "path" not in a]
    if units:
        mine = [a for a in placed if set(units_named(a)) & set(units)]
    else:  # nothing picked: only when every such action is of the same units (or of none)
        mine = placed if len({tuple(units_named(a)) for a in placed}) == 1 else []
    if not mine:
        return None
    kind = Counter(str(a.get("type")) for a in mine).most_common(1)[0][0]
    first = next(a for a in mine if a.get("type") == kind)
    field = next(k for k in PLACE_FIELDS if isinstance(first.get(k), str))
    return {**first, field: place}
