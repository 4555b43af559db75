"""How good a Seeds of Disaster position is for one side, for bots that plan ahead (bots/plan.py).

Victory goes by the Objectives each side controls when the war ends (20.0: 11 or more for either
side), one level up when the Germans took an area of Paris along their attack axis (19.0); the
Germans also end the war by holding all of Paris (2.3). So: the level the game would end at now,
the Objectives held (each one nearer the next level), the Paris areas held, and the steps each
side has on the map or in its boxes and has not lost (what the battles cost). Called on a
disguised state, it reads the position as the side's disguise drew it.

Before the war every position scores 0: no playout of a prewar segment reaches a battle, and
the steps raised by the segment's end, the only thing that told its plans apart, made the
planner buy steps now where the prewar planner (prewar/bot.py, the plans' policy) invests for
the war: the planning Germans skipped Technology investments for builds, built Westwall
markers and went to war to draw 3 of 3 (seeds 101-103 at 88df0eb), while the same bot playing
only the war from the prewar planner's own prewar won seeds 101 and 1001 (13 and 14
Objectives). With every plan scored alike the planner plays its default plan, the prewar
planner's.
"""

from __future__ import annotations

from wargames_tui.games.seeds_of_disaster.state import State
from wargames_tui.games.seeds_of_disaster.war import PARIS, level_index, objectives_held

LEVEL = 6.0  # a level of victory (20.0)
OBJECTIVE = 2.0  # an Objective held
PARIS_AREA = 2.0  # an area of Paris held (2.3: all three end the war)
AXIS = 3.0  # Paris entered along the German attack axis (19.0: one level up)
STEP = 0.1  # a step raised and not lost
RAISED = ("mobilized", "reserve", "poised", "map")


def evaluate(state: State, side: str) -> float:
    """Side's advantage: above 0 better for side than for its enemy."""
    if not state.war.week:
        return 0.0
    held = objectives_held(state)
    german = LEVEL * (level_index(held) - 2) + OBJECTIVE * (held["german"] - held["allied"])
    german += PARIS_AREA * sum(state.control.get(p) == "german" for p in PARIS)
    german += AXIS * any(v and state.control.get(p) == "german" for p, v in state.war.paris_axis.items())
    for u in state.units.values():
        if u.box in RAISED:
            german += STEP * u.steps * (1 if u.side == "german" else -1)
    return german if side == "german" else -german
