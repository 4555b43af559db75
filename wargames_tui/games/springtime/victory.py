"""How the game ends: Axis Automatic and Operational Victory, or the Allies hold (springtime:16)."""

from __future__ import annotations

from collections import deque

from wargames_tui.engine.flow import Outcome
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.state import State

FRENCH_ZONES = tuple("ABCDE")


def linked_to_germany(state: State, area: str) -> bool:
    """A chain of Axis-controlled Areas from area to a German Area on the east edge (springtime:16.1)."""
    b = load_board()
    if state.control.get(area) != "axis":
        return False
    seen = {area}
    queue = deque([area])
    while queue:
        here = queue.popleft()
        if b.areas[here].east:
            return True
        for there in b.graph.neighbours(here):
            if there not in seen and state.control[there] == "axis":
                seen.add(there)
                queue.append(there)
    return False


def automatic_victory(state: State) -> str | None:
    """Why the Axis has won automatically, or None (springtime:16.1, 16.1.1)."""
    if state.morale <= 0:
        return f"French Morale has fallen to {state.morale} (16.1.1)"
    zones = [z for z in FRENCH_ZONES if linked_to_germany(state, z)]
    if linked_to_germany(state, "25") and len(zones) >= 3:
        return f"Paris and Zones {', '.join(zones)} are held and linked to Germany (16.1)"
    return None


def outcome(state: State) -> Outcome | None:
    if state.result is None:
        return None
    r = state.result
    # French Morale is no tally of points: it goes with the reason, not into the points the
    # victory screen would list with signs.
    reason = r["reason"] if "French Morale" in r["reason"] else f"{r['reason']}; French Morale {state.morale}"
    return Outcome(r["winner"], r["level"], reason)


def finish(state: State, winner: str, level: str, reason: str) -> None:
    state.phase, state.step = "over", ""
    state.result = {"winner": winner, "level": level, "reason": reason}
