"""How the client shows the Panzer Corps games: the rules of each scenario in brief (our words, with the
cases) and the text view; the hex play screen needs nothing more of them."""

from __future__ import annotations

from typing import Any

from wargames_tui.hexdraw import text_map
from wargames_tui.present import Presentation

EL_ALAMEIN = """\
## Panzer Corps: El Alamein in brief

*A summary in our own words; the case numbers point to the El Alamein rules.*

**The game (1.0, 2.0).** Four game turns of the fighting at Alam Halfa, 31 August to 1 September 1942.
One player commands the German and Italian units, the other the British Commonwealth. Every counter
shows a combat strength and a movement allowance. Hex numbers are column then row; on this map north
is to the left.

**Sequence of play (5.0).** Each turn runs four phases in order:
1. German-Italian movement
2. German-Italian combat
3. British Commonwealth movement
4. British Commonwealth combat

**Winning (4.0).**
- The German-Italian side wins at once if, when a British Commonwealth combat phase ends, one of its
  units stands in El Alamein, on the coast road east of it toward El Hammam, or in one of the two
  British Battle Positions on Alam Halfa ridge (4.1).
- The British Commonwealth wins at once if one of its units leaves the west edge during its own
  movement phase: the unit must reach an edge hex, pay one more movement point and not be in an enemy
  zone of control there (4.2(1)-(2)). A unit pushed off the edge by a retreat is lost, not escaped (4.2(3)).
- If neither happens by the end of turn 4, the British Commonwealth wins (4.2(4)).

**Zones of control (6.0).** Every unit projects a zone into the six hexes around it. A unit that
enters an enemy zone stops there (6.1). A unit that starts in one must first step to a hex outside
any enemy zone; it may never go straight from one enemy zone hex to another while moving (6.1).
Retreats may not enter enemy zones, but an advance after combat ignores them (6.2). Disrupted units
have no zone (6.3).

**Stacking (7.0).** One unit per hex, checked at the end of movement and of each combat (7.1); units
may pass through friends while moving. No unit ever enters a hex holding an enemy (7.2).

**Movement (8.0).** Move your units one at a time, each up to its movement allowance; once a unit is
done it may not move again this phase (8.1). Entering desert, coast or a village costs 1, highlands 2;
the sea is closed; roads cost what the ground beneath them costs (8.3). On turn 1 the British
Commonwealth units have half their movement allowance (8.4).

**Combat (9.0).** Attacking is optional. Each of your units attacks at most once a phase and each
enemy unit is attacked at most once; several units may join against one adjacent defender, but one
attack never targets two hexes (9.1). All attacks are declared at the start of the combat phase and
then every declared attack must be fought, in any order (9.1(5)).
- Odds (9.2): total attack strength against the defender's strength, rounded in the defender's
  favour to 1:2, 1:1, 2:1 ... 6:1 (anything above 6:1 uses 6:1; 1:3 or worse may not be attempted).
  Roll one die on the combat results table.
- Defence doubles in highlands and villages, and for British Commonwealth units in a Battle Position
  (only once, even where both apply) (9.3).
- Results (9.4): AE all attackers eliminated; AR all attackers retreat one hex; DR1/DR2 the defender
  retreats one or two hexes; DE the defender is eliminated.
- Retreats (9.5): the attacking player chooses the path. Each step must take the unit further from
  where it stood, never into an enemy zone, an enemy unit, the sea or off the map. Prefer an empty
  final hex; if only a friend's hex is possible, go one hex further. A unit with no retreat is
  eliminated.
- Advance after combat (9.6): if the defender's hex was emptied, one attacker may move into it.
- Disruption (9.7): retreated units are disrupted: no zone of control, no movement, no attacks.
  They recover at the end of their own side's combat phase.
"""

DUNKERQUE = """\
## Panzer Corps: Dunkerque in brief

*A summary in our own words; the case numbers point to the Dunkerque rules. The map, the counter
values and the combat table are reconstructions.*

**The game (1.0-2.0).** Six turns of two days each, 14 to 25 May 1940. One player has the German
army, the other the French, British and Belgian forces. A hex is roughly 12 km; on this map north is
to the left.

**Sequence of play (5.0).** Every turn: German movement, German combat, Allied movement, Allied combat.

**Winning (4.0-4.2).** After turn 6 the Germans count points: one for each strength point of Allied
units destroyed, minus two for each strength point of their own losses. With 35 or more the Germans
win, otherwise the Allies do.
- At the end, an Allied unit that cannot trace a connecting line to the west or south map edge counts
  as destroyed (4.1). The line may be any length but may not cross a German unit, a German zone of
  control (even one with an Allied unit in it) or the sea, and the edge hex may not lie in a German zone.
- A unit cut off from the edges is still saved if it can trace such a line to a Channel port, but each
  port saves at most 5 strength points; the rest count as destroyed (4.2).

**Zones of control (6.0).** The six hexes around each unit. Entering an enemy zone ends a move; a unit
that starts in one must first step out of it, never directly into another (6.1). Retreats may not
enter enemy zones; advances ignore them (6.2). Disrupted units have none (6.3).

**Stacking (7.0).** None: one unit per hex for both sides, checked at the end of movement and of each
combat; units may pass through friends while moving (7.1). Never enter an enemy hex (7.2).

**Movement (8.0-8.3).** One unit at a time, up to its movement allowance. Clear, city, coast and port
cost 1; forest, marsh and highlands 2; the sea is closed; crossing a river costs 1 more.

**Combat (9.0-9.7).** Declare every attack of the phase first, then resolve them in any order (9.1).
Odds are total attack against the defender's strength, rounded for the defender; 1:3 or worse is not
allowed (9.2). The defender doubles in a city or port, or when every attacker attacks across a river,
but never more than once (9.3). Results (9.4): AE, AR, C (contact: nothing happens), DR1/DR2, DE.
The attacker chooses retreat paths (9.5); one attacker may advance into an emptied hex (9.6).
Retreated units are disrupted until the end of their own side's next combat phase (9.7).

**Reinforcements (10.0).** Seven Allied units arrive face down: one on turn 2 and two on each of turns
3, 4 and 5. At the start of the Allied movement phase, before any unit moves, put one on a violet hex of
the south edge (Enter there, or p): the unit is drawn at random and named in the log only then. It has
already used 1 MP (10.0(5)); it may not enter between two German units, and one placed in a German
zone may not move that phase (10.0(4)). Entry may be put off to a later turn, never brought forward (10.0(7)).
"""

KHARKOV = """\
## Panzer Corps: Khar'kov in brief

*A summary in our own words; the case numbers point to the Khar'kov rules. The map, the counter
values and the combat table are reconstructions.*

**The game (1.0-2.0).** Eight weekly turns, 19 January to 15 March 1943: the Soviet winter offensive
and the German counterstroke. On this map north is to the left.

**Sequence of play (5.0).** Every turn has six phases:
1. Soviet reinforcement
2. Soviet movement
3. Soviet combat
4. German reinforcement
5. German movement
6. German combat

**Winning (4.0-4.5).** After turn 8 the side with more victory points wins; equal points are a draw.
- Cities (4.1): 2 VP for each city hex a side holds at the end. A side holds a city hex when its unit
  stands there or was the last to enter it; the Germans hold them all at the start.
- Charges (4.2): the Soviets gain 1 VP the first time they enter each city hex, and keep it even if the
  city is retaken.
- Losses (4.3): 1 VP for each enemy unit destroyed; the Soviets get 2 for a German tank or mechanised
  unit (the dark grey counters).
- Railroads (4.4): once per turn, the Soviets gain 2 VP for entering or crossing a hex of the main
  railroad in their movement phase, or 1 VP for the Rostov branch only.
- Sudden death (4.5): the Soviets win at once when they hold Poltava (0634) or Dnepropetrovsk (1732).

**Zones of control (6.0).** As usual: entering an enemy zone ends a move, leaving one must go to a hex
outside any (6.1); retreats avoid enemy zones, advances ignore them, but a tank whose first advance hex
is in an enemy zone may not go on (6.2). Disrupted units have none (6.3).

**Stacking (7.0-7.3).** Up to three German or two Soviet units in a hex, checked at the end of movement
and of each combat. Extra units must be removed, and count as destroyed (7.3).

**Movement (8.0-8.3).** Clear, city and town cost 1; forest and marsh 2; crossing a major river costs
2 more, a minor river 1 more. Moving along a railroad costs 1 a hex whatever the ground or rivers.

**Combat (9.0-9.7).** Declare every attack first (9.1(6)). Units of one stack may attack different
hexes or stay out, but all the units in a defending hex are attacked together (9.1(5)). Odds compare
the totals (9.2). The defender doubles in forest or a city, or when every attacker crosses a major
river, once at most; minor rivers do not count (9.3). Results (9.4): AE, AR, EX (each side removes one
of its own units that fought, the defender choosing its own; no retreat or advance follows), DR1/DR2,
DE. Units of a stack may retreat different ways (9.5(4)). After a win the attackers may advance into
the emptied hex up to the stacking limit, and a tank among them may then go one hex further (9.6).

**Reinforcements (10.0).** Each side's reinforcements arrive in its own reinforcement phase, on the
map-edge hexes of their entry area. Choose the unit with Tab and press Enter on a violet hex; e ends
the phase and the rest wait. Stacking applies when they are placed; they may not enter between two
enemy units, and one placed in an enemy zone may not move in the following movement phase. They pay
nothing to enter and move with their full allowance.
"""

OPERATION_COMPASS = """\
## Panzer Corps: Operation Compass in brief

*A summary in our own words; the case numbers point to the Operation Compass rules. The map, the
counter values and the combat table are reconstructions.*

**The game (1.0-2.0).** Five half-day turns, 9 to 11 December 1940, around Sidi Barrani: the British
Western Desert Force against the Italian 10th Army.

**Set-up (3.0-3.2), played in the client before turn 1:**
1. The Italian player places the four tank battalions marked S, each in a foothold, a town or a battle
   position where no other Italian unit stands (3.0(3)). Tab chooses the unit, Enter on a violet hex places it.
2. Naval bombardment (3.1): the British player rolls (r or Enter). On 1-3 three Italian units are
   disrupted, on 4-6 four; the British player picks them (Enter on red units) among those within two
   hexes of a coast hex (counting the unit's hex but not the coast hex).
3. The British player places every unit in the six British entry hexes, with no stacking limit (3.2).
   From then on Italian units may not enter those hexes, and Italian zones do not reach into them.

**Sequence of play (5.0).** Every turn: British movement, British combat, Italian movement, Italian combat.

**Winning (4.0-4.4).** After turn 5 the side with more victory points wins; the Italians win ties.
- Footholds (4.1): 1702 and 0904 are worth 1 VP, 0107 and 0115 2 VP, to the side holding them at the
  end (its unit is there or was last to enter); the Italians hold all four at the start.
- A held foothold scores only if a connecting line runs from it to the side's supply edge (British: the
  east edge, Italian: the west edge), through no enemy unit, no enemy zone unless a friendly unit stands
  there, and not across a cliff (4.3).
- The Italians also score half the number of British units destroyed, rounded down (4.2).
- The British win at once when they hold all four footholds, lines or not (4.4).

**Zones of control (6.0-6.4).** As usual, but no zone crosses a cliff (6.4); a tank whose first advance
hex is in an enemy zone may not go on (6.2).

**Stacking (7.0-7.3).** Two units a hex for each side; extra units are removed and count as destroyed.

**Movement (8.3).** Clear, coast, road, lane and foothold hexes cost 1, hills 2; cliffs cannot be
crossed. Moving along a road or lane costs 1 a hex.

**Combat (9.0-9.7).** As in Khar'kov: declare first, a defending stack is attacked as a whole, units of
a stack may attack different hexes (9.1). The defender doubles on hills or in a battle position;
nobody attacks across a cliff (9.3). Results (9.4): AE, AR, C (contact: nothing happens), EX (each side
removes one of its units that fought), DR1/DR2, DE. Attackers may advance up to the stacking limit and
a tank may go one hex further (9.6). Disrupted units defend at full strength (9.7(4)).
"""


def text(game: Any, state: Any, view: dict[str, Any]) -> list[str]:
    """The hex map as characters, then every unit of each side with its factors and place."""
    lines = text_map(game.board(state), view)
    for side, name in view["sides"].items():
        lines += ["", f"{name}:"]
        for u in view["units"]:
            if u["side"] == side:
                where = u["hex"] if u["status"] == "map" else u["status"]
                flags = " disrupted" if u["disrupted"] else ""
                lines.append(f"  {u['id']:<10} {u['short']:<4} {u['strength']}-{u['move']}  {where}{flags}  {u['name']}")
    return lines


PRESENTATION = Presentation(
    rules_help={
        "panzer-corps/el-alamein": EL_ALAMEIN,
        "panzer-corps/dunkerque": DUNKERQUE,
        "panzer-corps/kharkov": KHARKOV,
        "panzer-corps/operation-compass": OPERATION_COMPASS,
    },
    text=text,
    log_styles={"eliminate": "#ff6b6b", "charge": "#ffd21f", "rail-cut": "#ffd21f", "overstack": "#ff6b6b"},
    # The set-up and the arrivals are placed, an exchange's and an overstack's losses removed, by keys.
    hex_steps={"place-marked": "place", "enter-all": "place", "exchange": "remove", "overstack": "remove"},
)
