"""Words for the prewar actions in the client's action list, from the acting side's own view."""

from __future__ import annotations

from math import ceil
from typing import Any

from wargames_tui.games.seeds_of_disaster.prewar import cards, data
from wargames_tui.games.seeds_of_disaster.prewar.turn import describe_order


def describe(action: dict[str, Any], view: dict[str, Any]) -> str:
    """A card played for its event says what it does; a build names the unit, its steps and price."""
    words = describe_order(action)
    kind = action.get("type")
    if kind == "play-card" and isinstance(action.get("card"), int):
        words += ": " + cards.card_text(action["card"])
    elif kind == "build":
        words = _build(action, view) or words
    elif kind == "counter":
        words = _counter(action, view) or words
    elif kind == "shift":
        unit = _unit(view, action.get("unit"))
        if unit and unit.get("name"):
            words = f"move {unit['id']} {unit['name']} to {action.get('to')}"
    return words[:1].upper() + words[1:]


def _unit(view: dict[str, Any], uid: Any) -> dict[str, Any] | None:
    return next((u for u in view.get("units", []) if u.get("id") == uid), None)


def _build(action: dict[str, Any], view: dict[str, Any]) -> str | None:
    u = _unit(view, action.get("unit"))
    if not u or u.get("steps") is None:
        return None
    entry = data.tables().cost_of(str(u.get("kind")))
    if entry is None:
        return None
    own = ((view.get("strategic") or {}).get("sides") or {}).get(u.get("side"), {})
    price = (
        ceil(entry.rp / 2) if u.get("kind") in own.get("halved", []) else entry.rp
    )  # 7.5.2
    ordered = sum(
        1 for it in own.get("orders", []) if it.get("type") == "build" and it.get("unit") == u["id"]
    )  # steps already ordered this segment are not yet on the display
    steps = int(u["steps"]) + ordered
    where = f" at {action['zone']}" if action.get("zone") else ""
    return f"build a step of {u['id']} {u.get('name', '')}{where}: {steps} -> {steps + 1} steps, {price} RPs"


def _counter(action: dict[str, Any], view: dict[str, Any]) -> str | None:
    """Name the revealed play that the card would answer (4.2.1), not only its number."""
    sides = (view.get("strategic") or {}).get("sides") or {}
    theirs = next((s for s, entry in sides.items() if "hand" not in entry), None)
    revealed = sides.get(theirs, {}).get("revealed") or []
    target = action.get("target")
    if theirs is None or not isinstance(target, int) or not 0 <= target < len(revealed):
        return None
    play = describe_order(revealed[target])
    return (
        f"counter the opponent's {play} with card {cards.title(action['card'])} (4.2.1)"
    )
