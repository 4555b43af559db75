"""How good a Springtime for Hitler position is for one side, for bots that plan ahead (bots/plan.py).

The Axis wins at once when French Morale falls to 0, or when Paris and three of the Zones are
held and linked to Germany (16.1, 16.1.1); otherwise the Allies hold. So: French Morale lost,
the Zones and Paris linked to Germany, Areas controlled, combat strength in play (a reduced
unit at its reduced strength, one out of supply at half) and the Advantage held, the Axis's less
the Allies'. The Advantage is worth keeping: once spent it passes to the enemy (11.2), and the
Axis turns it into more impulses by Soldier On (11.1.4) beyond the one turn a plan looks ahead;
a plan that scored it at nothing spent it on every small gain. Called on
a disguised state (the held Event markers drawn anew), it reads nothing the side may not know.
"""

from __future__ import annotations

from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.positions import other
from wargames_tui.games.springtime.state import State
from wargames_tui.games.springtime.victory import FRENCH_ZONES, linked_to_germany

MORALE = 1.0  # each point of French Morale below its start
ZONE = 4.0  # a Zone held and linked to Germany (16.1: three with Paris win)
PARIS = 8.0  # Paris held and linked
AREA = 0.5  # an Area controlled
STRENGTH = 0.5  # a point of combat strength in play
ADVANTAGE = 2.0  # the Advantage held, or passing to the side at the impulse's end (11.2)
START_MORALE = 30


def evaluate(state: State, side: str) -> float:
    """Side's advantage: above 0 better for side than for its enemy."""
    axis = MORALE * (START_MORALE - state.morale)
    axis += ZONE * sum(linked_to_germany(state, z) for z in FRENCH_ZONES)
    axis += PARIS * linked_to_germany(state, "25")
    axis += AREA * sum(1 if owner == "axis" else -1 for owner in state.control.values() if owner)
    holder = state.advantage or (other(state.advantage_used) if state.advantage_used else None)
    axis += ADVANTAGE * (1 if holder == "axis" else -1 if holder == "allied" else 0)
    units = load_board().units
    for uid, s in state.units.items():
        u = units[uid]
        if s.get("at") in ("eliminated", "removed", "offmap"):
            continue
        strength = (u.rcv if s.get("reduced") else u.cv) * (0.5 if s.get("oos") else 1.0)
        axis += STRENGTH * strength * (1 if u.side == "axis" else -1)
    return axis if side == "axis" else -axis
