"""Prewar positions for the tests: a 1934 game put at a chosen segment (not a test module)."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.games.seeds_of_disaster import prewar, rules
from wargames_tui.games.seeds_of_disaster.prewar.model import Orders
from wargames_tui.games.seeds_of_disaster.state import State


def fresh() -> State:
    return rules.new_state(rules.SCENARIO, {})


def at(
    state: State,
    segment: str,
    year: int | None = None,
    ds: str | None = None,
    month: int = 0,
) -> State:
    """Put the game at the start of a segment's orders, with no order entered."""
    s = state.strategic
    s.segment, s.step = segment, "orders"
    if year is not None:
        s.year = year
    if ds is not None:
        s.ds = ds
    s.month = month
    s.orders = {"german": Orders(), "allied": Orders()}
    return state


def act(state: State, action: dict[str, Any], *rolls: int) -> str:
    """Apply one prewar action with exactly these die rolls; the log text it wrote (every side's)."""
    dice = Dice.replaying(rolls)
    events = prewar.apply(state, action, dice)
    assert dice.leftover() == 0, "unused rolls"
    return "\n".join(e.text for e in events)


def hand(state: State, side: str, *cards: int) -> None:
    """Give a side exactly these cards, taken from wherever they are."""
    s = state.strategic
    for c in map(str, cards):
        for where in (s.deck, s.hands["german"], s.hands["allied"], s.removed):
            if c in where:
                where.remove(c)
    s.deck += s.hands[side]
    s.deck.sort(key=int)
    s.hands[side] = sorted(map(str, cards), key=int)


def kinds(state: State) -> set[str]:
    return {a["type"] for a in prewar.prompt(state).actions}


def cards_total(state: State) -> int:
    s = state.strategic
    held = sum(
        len(s.hands[x]) + len(s.played[x]) + len(s.discards[x])
        for x in ("german", "allied")
    )
    return held + len(s.deck) + len(s.removed)
