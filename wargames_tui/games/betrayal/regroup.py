"""Salvage tests and returns from the Regroup box (betrayal:5.0, 3.2.2)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.betrayal.board import nation_units, sc
from wargames_tui.games.betrayal.losses import destroy, name
from wargames_tui.games.betrayal.state import State


def column(uid: str) -> str:
    """Allied ground, German infantry, or German armour and any air unit (betrayal:5.2)."""
    u = sc().units[uid]
    if u.air or (u.nation == "german" and u.kind == "armor"):
        return "armor_air"
    return "german_infantry" if u.nation == "german" else "allied_ground"


def salvage(state: State, player: str, dice: Dice, events: list[Event]) -> None:
    """One die for each of the player's units in the Set Aside box (betrayal:5.1, 5.3)."""
    table = sc().tables.regroup
    for uid in nation_units(state, player):
        piece = state.pieces[uid]
        if piece.where != "setaside":
            continue
        col = column(uid)
        need = getattr(table, col)
        roll = dice.roll()
        if roll <= need:
            piece.where = "regroup"
            if not sc().units[uid].air:
                piece.reduced = True
        events.append(
            Event(
                "regroup",
                f"{name(uid)}: regroup test rolled {roll} on {col.replace('_', ' ')}: "
                f"{'Y, to the Regroup box' if roll <= need else 'N, stays set aside'} (betrayal:5.3)",
                {"unit": uid, "roll": roll, "column": col, "need": need, "salvaged": roll <= need},
                commit=True,
            )
        )


def returns_roll(state: State, player: str, dice: Dice, events: list[Event]) -> None:
    """The die says how many of the player's units come back; a 6 costs a reduced air unit (3.2.2)."""
    roll = dice.roll()
    waiting = [u for u in nation_units(state, player) if state.pieces[u].where == "regroup"]
    events.append(Event("regroup", f"Returns from the Regroup box: rolled {roll}, up to {roll} unit{'s' if roll > 1 else ''} come back (betrayal:3.2.2)", {"roll": roll, "player": player}, commit=True))
    if roll == 6 and player != "german":
        lost = [u for u in nation_units(state, player) if sc().units[u].air and state.pieces[u].reduced and state.pieces[u].where in ("setaside", "regroup")]
        if lost:
            destroy(state, lost[0], events, "is lost on a returns roll of 6", "betrayal:3.2.2")
            waiting = [u for u in waiting if u != lost[0]]
    if waiting:
        state.pending.append({"kind": "return", "player": player, "left": min(roll, len(waiting))})
