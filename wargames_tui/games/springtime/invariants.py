"""Facts that must hold in every position, for the playout tests."""

from __future__ import annotations

from collections import Counter

from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.positions import occupied, units_in
from wargames_tui.games.springtime.setup import SETUP
from wargames_tui.games.springtime.state import ELIMINATED, OFFMAP, REMOVED, State


def check_invariants(state: State) -> list[str]:
    b = load_board()
    problems = []
    stack = b.tables.thresholds.stack
    for aid, a in b.areas.items():
        for side in ("allied", "axis"):
            n = len(units_in(state, aid, side))
            if not a.zone and n > stack:
                problems.append(f"{n} {side} units in {aid} (7.1)")
        if state.control[aid] not in ("allied", "axis"):
            problems.append(f"{aid} controlled by {state.control[aid]!r}")
        for side in ("allied", "axis"):
            rival = "axis" if side == "allied" else "allied"
            if occupied(state, aid, side) and not occupied(state, aid, rival) and state.control[aid] != side:
                problems.append(f"{aid} held by the {side} alone but controlled by the {rival} (7.2)")
    for uid, s in state.units.items():
        if s["at"] not in b.areas and s["at"] not in (ELIMINATED, REMOVED, OFFMAP, SETUP):
            problems.append(f"{uid} at {s['at']!r}")
        if s["at"] == "F" and b.units[uid].nation != "italian":
            problems.append(f"{uid} in Italy (14.3)")
    for lid, s in state.leaders.items():
        u = s["unit"]
        if u is not None and (u not in b.leaders[lid].command or state.units[u]["at"] not in (*b.areas, SETUP)):
            problems.append(f"leader {lid} with {u}, not one of his units on the map (4.4.1)")
    tally = Counter(state.cup + state.track + state.played + [m for h in state.hands.values() for m in h])
    if tally != Counter(list(b.events)):
        problems.append(f"Event markers do not add up to the nine: {dict(tally)}")
    for side, hand in state.hands.items():
        if len(hand) > 1:
            problems.append(f"{side} holds {len(hand)} Event markers (6.1.1)")
    for side, n in state.draws.items():
        if n > 2:
            problems.append(f"{side} drew {n} markers this turn (11.1.5)")
    if any(v < 0 for v in state.rp.values()):
        problems.append(f"negative Replacement Points {state.rp}")
    if (state.phase == "over") != (state.result is not None):
        problems.append("a result without the game over, or the reverse")
    return problems
