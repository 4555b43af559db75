"""What the strategic part still does in the weeks of war: the IP roll of every turn (3.4 "all
turns", 5.1, the SoP's Active Hostilities line on IP acquisition) on the qualitative indicators
the war records (5.1.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.seeds_of_disaster.prewar.model import PREWAR_SIDES
from wargames_tui.games.seeds_of_disaster.prewar.turn import ip_rolls

if TYPE_CHECKING:
    from wargames_tui.games.seeds_of_disaster.state import State

# 5.1.2: the kinds of activity that count, one column each
INDICATORS = (
    "activate",  # new units
    "air",  # air fleets built
    "deploy",  # new units onto the map
    "maneuver",
    "move",  # units moved on the map
    "reserve",  # posted to Poised Forces or Reserve
    "border",  # an international border crossed
    "combat",
    "aircraft",  # air fleets used
)


def note_indicator(state: State, side: str, kind: str) -> None:
    """Record that `side` did one of the 5.1.2 activities this turn (once per kind)."""
    if side not in PREWAR_SIDES or kind not in INDICATORS:
        raise IllegalAction(
            f"no qualitative indicator {kind!r} for {side!r}", "seeds-of-disaster:5.1.2"
        )
    marks = state.strategic.indicators[side]
    if kind not in marks:
        marks.append(kind)


def war_ip_rolls(state: State, dice: Dice) -> list[Event]:
    """Both sides roll on the IP table at the end of a week of war (German first), each on the
    column of the other's indicators of the week; no IP buys +2 any more (5.2.1). The week's
    indicators are then cleared."""
    s = state.strategic
    for side in PREWAR_SIDES:
        s.orders[side].items = []  # no boost at war (5.2.1)
        s.ip_blocked[side] = False  # counterespionage ends with the war (SoP)
        s.ip_drm_temp[side] = 0  # a turn's collection advantage is a prewar turn's
    events = ip_rolls(state, dice)
    for side in PREWAR_SIDES:
        s.indicators[side] = []
        s.indicator_adjust[side] = 0
    return events
