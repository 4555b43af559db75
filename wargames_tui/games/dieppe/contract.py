"""Dieppe's play contract (docs/GAMES.md): the standing and the order of battle (previews in
preview.py); nothing the British owe blocks a step's end."""

from __future__ import annotations

from wargames_tui.engine.contract import Forces, Owed, Standing
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.rules import outcome, tally
from wargames_tui.games.dieppe.state import State

WHERE = {"map": "on_map", "pool": "to_come", "eliminated": "eliminated"}


def owed(state: State) -> list[Owed]:
    return []


def standing(state: State, viewer: str | None) -> Standing:
    conditions = (("at 7:30 the British victory points give the result: 20 or more a complete success, "
                   "10 or more a semi success, else a failure", "dieppe:12"),)
    t = tally(state)
    total, level = t.outcome()
    now = (("turn", str(state.turn)), ("victory points", ", ".join(f"{k} {v}" for k, v in t.points().items() if v) or "none"))
    result = outcome(state)
    if result is not None:
        return Standing(conditions, now, f"{result.level}: {result.reason}")
    return Standing(conditions, now, f"{level} with {total} VP if the raid ended now")


def order_of_battle(state: State, viewer: str | None) -> dict[str, Forces]:
    """Both sides' counters by status; a prisoner is kept under its own name."""
    counters = Position(state).raid.counters
    forces = {"british": Forces(), "german": Forces()}
    for uid, s in sorted(state.units.items()):
        c = counters[uid]
        label = c.name + (f" at {s.zone}" if s.status == "map" and s.zone else "")
        f = forces[c.side]
        if s.status in WHERE:
            getattr(f, WHERE[s.status]).append(label)
        else:
            f.other.setdefault(s.status, []).append(label)
    return forces
