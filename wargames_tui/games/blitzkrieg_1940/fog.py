"""Fog of war (11.3, 6.2, 6.3): which counters a side may not identify. The views draw from it, and
so do the rules where a side chooses by what it sees (the fort a coup de main takes, 7.6)."""

from __future__ import annotations

from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State

SECRET_STATUS = ("cup", "pool")  # German units off the map the Allies may not see (6.2)


def revealed(state: State) -> set[str]:
    """Units shown to both sides because a battle is being resolved with them (11.3)."""
    if state.battle is None:
        return set()
    return set(state.battle.attackers) | set(state.battle.defenders)


def hidden_units(state: State, viewer: str | None) -> set[str]:
    """Every counter whose identity or place viewer may not know."""
    pos = Position(state)
    b = pos.b
    shown = revealed(state)
    out = set()
    for here in () if pos.basic else pos.at.values():  # the basic game has no fog of war (1.3 leaves out 11.3)
        for side in ("german", "allied"):
            if side == viewer:
                continue
            top = next((u for u in here if b.units[u].side == side and not b.units[u].dummy), None)
            out |= {u for u in here if b.units[u].side == side and u != top and u not in shown}
    if viewer != "german":
        out |= {u for u, st in state.units.items() if st.status in SECRET_STATUS}
    return out
