"""How good a Dynamo position is for one side, for bots that plan ahead (bots/plan.py).

The game is won on the quotient of German over Allied victory points (22.5): the German wins
at or above the scale's lowest German level (1.5 in the campaign, 1.0 in No Halt Order, 22.6).
So the German's margin is his points less that line times the Allied points, as they would be
counted at the end (22.3: Allied units cut from the south edge and every open port count as
destroyed, those linked to the south edge as evacuated; 21.4: reinforcements never entered as
evacuated). The German gains by closing the pocket and destroying steps; the Allied by keeping
the way south open, evacuating the units the pocket holds and killing panzer steps.

Before the end the count is an estimate. A unit linked to the south edge earns only SOUTH_LINK
of its evacuation points: the line may yet be cut. The units the next Allied Sea Evacuation
Phase can lift (20.4-20.6) count as evacuated. Counted as if the game ended now, walking a unit
into a port, off the south edge or onto the map changed nothing while the pocket was linked
south, and a plan's horizon (to the side's next turn) never reached the lift its moves prepared.
Called on a disguised state, it reads the units as the side's disguise drew them.
"""

from __future__ import annotations

from typing import Any

from wargames_tui.games.dynamo.board import Board
from wargames_tui.games.dynamo.data import load_game
from wargames_tui.games.dynamo.evacuation import half_steps, rearguard_steps, threatened
from wargames_tui.games.dynamo.state import State
from wargames_tui.games.dynamo.supply import lines_of_communication
from wargames_tui.games.dynamo.victory import tally

# The share of a south-linked unit's evacuation points before the end. Greedy against greedy
# (campaign seeds 1-30, cab6121), of the steps linked south as the Allied movement phase of
# turns 3-8 began, 55-73% a turn ended evacuated or still linked south.
SOUTH_LINK = 0.6
AFTER_EVACUATION = ("allied-move", "allied-assault", "allied-dummies")  # the next lift is next turn's
WORST_FIRST = {"cut": 0, "port": 1, "south": 2}  # which units a lift takes first: those it saves most


def german_line(scenario: str) -> float:
    """The least quotient of a German victory on the scenario's scale (22.5, 22.6)."""
    g = load_game(scenario)
    return min(lv.at_least for lv in g.rules.levels[g.scenario.scale] if lv.winner == "german")


def evaluate(state: State, side: str) -> float:
    """Side's advantage: above 0 better for side than for its enemy (0 on the German victory line)."""
    points = state.final if state.over else expected(state)
    german = points["german"] - german_line(state.scenario) * points["allied"]
    return german if side == "german" else -german


def expected(state: State) -> dict[str, Any]:
    """The points as the game stands, the way south discounted and the next sea lift counted."""
    b = Board(state)
    fates = lines_of_communication(b)
    for uid in next_lift(b, fates):
        fates[uid] = "lifted"
    return tally(state, final=True, fates=fates, linked=SOUTH_LINK)


def next_lift(b: Board, fates: dict[str, str]) -> set[str]:
    """The Allied units the next Sea Evacuation Phase can lift (this one's rest, during it): those
    on coastal hexes, within the turn's allowance (three steps on turns 3-6, 20.4; from turn 7
    four from one open port and two from any coast, 20.5), a rearguard step left next to the
    German (20.6; a lone step there, which must roll, is not counted). Units cut off go first,
    then those linked to a port only, then those linked south; bigger units first."""
    s = b.state
    rules = b.g.rules.evacuation
    turn = s.turn + (s.phase in AFTER_EVACUATION)
    if s.over or not rules.first_turn <= turn <= b.g.rules.turns:
        return set()
    if s.phase == "evacuation":
        ev = s.evac
        at = {h: [u for u in us if s.units[u].where == "map" and s.units[u].hex == h and u not in s.stuck]
              for h, us in ev["start"].items()}
    else:
        ev = {"small": 0, "port": None, "port_half": 0, "other_half": 0}
        at = {h: b.real_at(h) for h in b.m.coastal if b.owner(h) == "allied"}
    lifted: set[str] = set()
    if turn < rules.big_from_turn:
        _take(b, at, fates, 2 * rules.small_steps - ev["small"], lifted)
        return lifted
    ports = [ev["port"]] if ev["port"] else [h for h in at if b.port_open(h)]
    most = 0
    for h in ports:  # the port that can send the most
        here: set[str] = set()
        taken = _take(b, {h: at.get(h, [])}, fates, 2 * rules.port_steps - ev["port_half"], here)
        if taken > most:
            most, lifted = taken, here
    _take(b, at, fates, 2 * rules.other_steps - ev["other_half"], lifted)
    return lifted


def _take(b: Board, at: dict[str, list[str]], fates: dict[str, str], room: int, lifted: set[str]) -> int:
    """Add to lifted the units of at that fit in room (half steps) and may leave their hex; the half steps taken."""
    taken = 0
    waiting = sorted(((h, u) for h, us in at.items() for u in us if u not in lifted),
                     key=lambda hu: (WORST_FIRST.get(fates.get(hu[1], "south"), 2), -half_steps(b, hu[1]), hu[1]))
    for h, u in waiting:
        need = half_steps(b, u)
        if taken + need > room:
            continue
        if threatened(b, h) and rearguard_steps(b, [x for x in at[h] if x != u and x not in lifted]) < 1:
            continue
        lifted.add(u)
        taken += need
    return taken
