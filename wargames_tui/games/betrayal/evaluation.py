"""How good a Betrayal! position is for one side, for bots that plan ahead (bots/plan.py).

Each Allied nation is judged apart against the automaton (7.0), and a nation wins the game when
it gains a victory and the other does not. So a nation's prospect is its level on the Victory
Table as if the game ended now (victory.judge: -2 German Major to +2 Allied Major), with the
facts the table counts as smaller steps towards the next level: for France, the Republic marker
held (7.2) and the areas of France the Germans hold; for Britain, ground units evacuated and those
still fighting on the map. A nation's advantage is its own prospect less half the other's: each
chases a victory of his own, and the game goes to the one who alone gains it. The automaton's side
(when the initiative player runs it in good faith, 3.4.1) gains what both nations lose.
Nothing in this game is hidden (HIDDEN is False).
"""

from __future__ import annotations

from wargames_tui.games.betrayal.state import State
from wargames_tui.games.betrayal.victory import british_counts, german_areas, judge

LEVEL = 4.0  # a level on the Victory Table
MARKER = 1.5  # the French Republic marker held by the French
AREA = 0.2  # an area of France held by the Germans
EVACUATED = 0.4  # a British ground unit brought home
FIGHTING = 0.3  # a British ground unit still on the map
RIVAL = 0.5  # how much the other nation's prospect counts against a nation's


def prospects(state: State) -> dict[str, float]:
    """Each Allied nation's prospect: its level now, and the steps towards the next."""
    levels = judge(state)["levels"]
    evacuated, saved = british_counts(state)
    french = LEVEL * levels["french"] + MARKER * (state.holder == "french") - AREA * len(german_areas(state, "F"))
    british = LEVEL * levels["british"] + EVACUATED * evacuated + FIGHTING * (saved - evacuated)
    return {"french": french, "british": british}


def evaluate(state: State, side: str) -> float:
    """Side's advantage: above 0 better for side than for its rivals."""
    p = prospects(state)
    if side == "german":
        return -(p["french"] + p["british"])
    other = "british" if side == "french" else "french"
    return p[side] - RIVAL * p[other]
