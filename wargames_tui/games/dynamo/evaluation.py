"""How good a Dynamo position is for one side, for bots that plan ahead (bots/plan.py).

The game is won on the quotient of German over Allied victory points (22.5): the German wins
at or above the scale's lowest German level (1.5 in the campaign, 1.0 in No Halt Order, 22.6).
So the German's margin is his points less that line times the Allied points, as they would be
counted if the game ended now (22.3: Allied units cut from the south edge and every open port
count as destroyed, those linked to the south edge as evacuated; 21.4: reinforcements never
entered as evacuated). The German gains by closing the pocket and destroying steps; the Allied
by keeping the way south open, evacuating the units the pocket holds and killing panzer steps.
Called on a disguised state, it reads the units as the side's disguise drew them.
"""

from __future__ import annotations

from wargames_tui.games.dynamo.data import load_game
from wargames_tui.games.dynamo.state import State
from wargames_tui.games.dynamo.victory import tally


def german_line(scenario: str) -> float:
    """The least quotient of a German victory on the scenario's scale (22.5, 22.6)."""
    g = load_game(scenario)
    return min(lv.at_least for lv in g.rules.levels[g.scenario.scale] if lv.winner == "german")


def evaluate(state: State, side: str) -> float:
    """Side's advantage: above 0 better for side than for its enemy (0 on the German victory line)."""
    points = tally(state, final=True)
    german = points["german"] - german_line(state.scenario) * points["allied"]
    return german if side == "german" else -german
