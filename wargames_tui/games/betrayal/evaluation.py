"""How good a Betrayal! position is for one side, for bots that plan ahead (bots/plan.py).

Each Allied nation is judged apart against the automaton (7.0), and a nation wins the game when
it gains a victory and the other does not. So a nation's prospect is its level on the Victory
Table as if the game ended now (victory.judge: -2 German Major to +2 Allied Major), with the
facts the table counts as smaller steps towards the next level: for France, the Republic marker
held (7.2) and the areas of France the Germans hold; for Britain, ground units evacuated and those
still fighting on the map. A nation's advantage is its own prospect less half the other's: each
chases a victory of his own, and the game goes to the one who alone gains it. The automaton's side
(when the initiative player runs it in good faith, 3.4.1) gains what both nations lose.

A French plan is played out only until the French act again, and they act early in the next
German turn (they withdraw, pick losses, or handle the automaton, 3.4.1): its end never shows
the German attacks its moves invite. So France's prospect also counts what those attacks would
take: the marker held where the German units in reach could attack it at good odds (lost, it is
a German Major Victory, 7.2.3), and the French army itself, its air and armour most (with no
Allied air or armour left the Germans gain a Minor Victory against both nations, 5.3.2's note).
That German Minor cancels a British Minor (evacuation) too, and so does one France never suffers:
every Belgian and Dutch area German-held (the British player commands their units, 1.7). The
British player can fight both: the Belgian and Dutch units are his, and so are the British armour
and fighter.
So Britain's prospect also counts the Low Countries not all German-held and each Belgian or Dutch
area not German-held, an Allied air or armour unit on the map, and each British air or armour
unit still in play (on the map or in a box it comes back from), above one brought home; in the
last turn a unit in a box counts less than one on the map, which alone counts at the end.
Nothing in this game is hidden (HIDDEN is False).
"""

from __future__ import annotations

from wargames_tui.games.betrayal.board import distances, ground, on_map, sc, strength
from wargames_tui.games.betrayal.state import State
from wargames_tui.games.betrayal.victory import british_counts, german_areas, judge, low_countries_fallen, mobile_arms_gone

LEVEL = 4.0  # a level on the Victory Table
MARKER = 1.5  # the French Republic marker held by the French
EXPOSED = 4.0  # the marker held where the Germans in reach attack it at 3:1 or better
AREA = 0.2  # an area of France held by the Germans
FORCE = 0.1  # a defence point of a French ground unit on the map
MOBILE = 0.75  # a French air or armour unit on the map
EVACUATED = 0.4  # a British ground unit brought home
FIGHTING = 0.3  # a British ground unit still on the map
LOWLANDS = 1.0  # one Belgian or Dutch area or more not German-held (no German Minor by them)
LOWLAND_AREA = 0.2  # a Belgian or Dutch area not German-held
ARMS = 1.0  # an Allied air or armour unit on the map (no German Minor for their loss)
BRITISH_MOBILE = 0.5  # a British air or armour unit neither lost nor evacuated
BOXED_LATE = 0.2  # the same in the Regroup or Set Aside box in the last turn, where only the map counts
RIVAL = 0.5  # how much the other nation's prospect counts against a nation's


def prospects(state: State) -> dict[str, float]:
    """Each Allied nation's prospect: its level now, and the steps towards the next."""
    levels = judge(state)["levels"]
    evacuated, saved = british_counts(state)
    held = state.holder == "french"
    french = (
        LEVEL * levels["french"]
        + (MARKER - EXPOSED * exposure(state)) * held
        - AREA * len(german_areas(state, "F"))
        + _french_army(state)
    )
    british = LEVEL * levels["british"] + EVACUATED * evacuated + FIGHTING * (saved - evacuated) + _british_minor_guard(state)
    return {"french": french, "british": british}


def exposure(state: State) -> float:
    """0 to 1: how far the German ground units that could reach the marker's area this turn (by
    their movement allowance) outweigh its defenders, from 1:1 (0) to 3:1 (1)."""
    here = state.republic
    defence = sum(strength(state, u, "defence") for u in ground(state, here, "allied"))
    attack = sum(
        strength(state, u, "attack")
        for u, p in state.pieces.items()
        if p.where in sc().areas and sc().units[u].nation == "german" and not sc().units[u].air
        and distances(p.where).get(here, 99) <= sc().units[u].move
    )
    return min(1.0, max(0.0, (attack / max(1, defence) - 1) / 2))


def _french_army(state: State) -> float:
    value = 0.0
    for u in state.pieces:
        unit = sc().units[u]
        if unit.nation == "french" and on_map(state, u):
            value += MOBILE * (unit.air or unit.kind == "armor") + (0.0 if unit.air else FORCE * strength(state, u, "defence"))
    return value


def _british_minor_guard(state: State) -> float:
    """Steps against the German Minor that cancels a British one (5.3.2's note): Low Countries
    areas kept, and air and armour kept."""
    lowlands = sum(1 for a, area in sc().areas.items() if area.country in ("B", "NL") and state.control.get(a) != "german")
    units = sc().units
    late = state.turn >= state.last_turn  # boxed, it may come back only in the British returns (3.2.2)
    mobile = sum(
        BRITISH_MOBILE if on_map(state, u) or not late else BOXED_LATE
        for u, p in state.pieces.items()
        if units[u].nation == "british" and (units[u].air or units[u].kind == "armor") and p.where not in ("eliminated", "evacuated")
    )
    return (
        LOWLANDS * (not low_countries_fallen(state)) + LOWLAND_AREA * lowlands
        + ARMS * (not mobile_arms_gone(state)) + mobile
    )


def evaluate(state: State, side: str) -> float:
    """Side's advantage: above 0 better for side than for its rivals."""
    p = prospects(state)
    if side == "german":
        return -(p["french"] + p["british"])
    other = "british" if side == "french" else "french"
    return p[side] - RIVAL * p[other]
