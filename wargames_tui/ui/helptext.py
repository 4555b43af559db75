"""Help pages: the client's keys, and for each game a summary of its rules in our own words.

The summaries paraphrase the rulebooks and cite their case numbers; they are
reminders for play, not a replacement for the rules.
"""

from __future__ import annotations

KEYS = """\
## Keys on the map

- **arrows** or **h j k l**: move the cursor (PgUp/PgDn jump five rows); the map scrolls to follow it
- **Enter** or a **click**: act on the hex under the cursor. Select one of your units, then Enter on a
  green hex moves it; in combat, Enter on your units picks the attackers and Enter on the enemy declares;
  Enter on a declared defender resolves; Enter on a green hex ends a retreat; Enter on a gold attacker advances
  (and, for a tank allowed a second hex, Enter on a green hex beyond)
- **1-9**: act on one unit of a stack, numbered as in the Hex panel (select it, add it to the attackers,
  advance it, remove it); Enter in a stack takes the first unit that can act, and again the next one
- **Tab** / **Shift+Tab**: choose the waiting unit to place or bring on (set-up and reinforcements);
  Enter on a violet hex puts it there
- **p**: bring on a face-down reinforcement at the cursor (a violet edge hex), as Enter does there
- **r**: resolve the next declared attack (or the one under the cursor); in a set-up bombardment, roll the die
- **Esc**: drop the selection
- **e**: end the movement or reinforcement phase, or end the attack declarations
- **n**: do not advance after combat (or stop a tank after its first hex)
- **b**: break off the map edge with the selected unit, from a cyan hex
- **a**: list every legal action in words and pick one; this plays any prompt from the keyboard
- **u**: take back your last action (never past a die roll, a revealed unit or a change of side)
- **?**: this help; **Ctrl+S**: save now (the game also saves after every action)
- **Ctrl+P**: command palette (save, legal actions, help, undo, back to the menu); **q**: back to the menu

**Colours:** green hexes are in reach or are legal ends of a retreat or an advance; violet hexes are
where the chosen waiting unit (or a face-down reinforcement) may come on; cyan hexes are where the
selected unit can break off the map; red units may be attacked, disrupted by a bombardment or removed,
or wait for their declared attack to be resolved; gold units are your chosen attackers or the selected
unit; orange units already have an attack declared on them. A counter whose lower line is red is
disrupted; faded counters have moved this phase; a **+** after the factors means more units stand
beneath (the Hex panel lists them all). Where cities or footholds count for victory, an empty one
shows on its lower line, in that side's colour, the short name of the side holding it (like a control
marker, e.g. `Ger`); the Hex panel says it too. The cursor is white.
"""

MAP_FEATURES = """\
**Hexsides and lines:** a feature on a hexside colours the edge of both hexes it divides (the corner
or the middle of the upper or lower line that faces the other hex), so it runs across the map as a band:
**rivers** and minor rivers in light blue, **major rivers** in deep blue, **cliffs** in dark brown.
The edges stay coloured under counters. Lines through an empty hex replace its terrain glyphs on the
lower line (on rough ground the glyph stays at both ends): `╪╪╪╪` a main railroad and `┼┼┼┼` a branch
line, in white; `====` a road and `----` a lane, in sand. The Hex panel names the features of the hex
under the cursor and the hexes across each one.
"""

PANZER_CORPS = """\
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

AREA_KEYS = """\
## Keys on an area map (Dieppe)

- **arrows**: move the cursor to the nearest zone in that direction; **Tab** / **Shift+Tab** visit every
  zone in reading order. The Zone panel describes the zone under the cursor; a **click** on a zone label
  does what Enter does
- **Enter**: list the legal actions that concern the zone under the cursor (your units there, or a move,
  a fire or an assault that goes there) and pick one. While a stack is on the move, Enter on a green zone
  next to it takes that step at once
- **1-9**: pick units of the zone by their number in the Zone panel (again to drop one), so that only part
  of a stack acts: the lists then offer the actions of the picked units alone; **0** drops them all
- **e**: start the raid after the set-up, roll the random events, or end the British actions of the turn
- **j**: Job Done for the units acting now; **x**: stop the stack that is moving
- **a**: every legal action in words; type to filter the list
- **n** or **space**: play the next German step; **r**: let the German steps run on their own, or pause them
  (they run by default, one every third of a second, each step written in the Log)
- **u**: take back your last action (never past a die roll or the end of a phase)
- **s** or **Ctrl+S**: save now (the game also saves after every action); **?**: this help
- **q** or **Esc**: back to the menu (Esc first drops picked units or a message)

**Colours:** a zone's id is blue at sea and in the LCA waiting zones, sand on a beach, and yellow, orange
or red on land with protection 0, 1 or 3. A brown label holds British units, a grey one German units (half
and half during an assault). A letter after a label is an unrevealed **A** or **B** marker, **M** revealed
mines and **W** barbed wire (where there is no room for the letter, the label's brackets take its colour).
An underlined id still has its telephone line marker. With your units under the cursor, **green** zones are
where they may move, **red** what they may fire at, **orange** what they may assault; the acting units'
zone is **gold** and an assault under way **cyan**. The cursor is white. Lines: sand `-|/\\` roads (1 MP),
dim dots tracks (2 MP), blue dots landing and embarking (2 MP), blue `~` sea lanes for the LCA, red `:`
fire only.
"""

DIEPPE = """\
## COMMANDO n°4: Dieppe 1942 in brief

*A summary in our own words; the case numbers point to the Dieppe rules. The zone map and the counter
values are reconstructions.*

**The game (1.3, 1.5).** A solitaire game of twelve quarter-hour turns, 4:45 to 7:30 on 19 August 1942.
You command No. 4 Commando; the game plays the German garrison by the rules' fixed priorities. Victory
points come from the objectives of chapter 12.

**Set-up (3.3).** Each group starts in its landing and embarkation zone, its troops shared among its own
LCA with at most 8 stacking levels under each; you may reshuffle them before the raid starts.

**Turn (4).** A: random events, turn 1 only and only if that option is on (5). B: your actions. C: Job Done
markers come off. D: the German actions: fire, then movement, then reinforcements from alarm 6. E: the
turn ends. F: after turn 12 the points are counted.

**Your actions (6).** Each unit or stack may make two *different* actions a turn (land, embark, move on
land, fire, assault, sail), and must finish with them before another stack acts: starting another stack
puts Job Done on the first. Stacking (1.2, 2.2): 10 levels a side in a land or beach zone, 4 LCA at sea.

**Movement (9).** Roads cost 1 MP, tracks 2, landing or embarking 2; the LCA sail the sea lanes at 1 MP a
lane, and red lines carry only fire. An officer starting with infantry gives it +1 MP (9.1). A unit that
enters a zone with an unrevealed marker or Germans stops there for the turn; officers, the sniper and the
mortar may not go alone where the enemy may be (9.2). Units that embark again may not land again.

**The alarm (7).** From 0 to 9: the first landing, fire, assault and markers turned over raise it, and so
does every mine or torpedo explosion. At 6 and above the Germans both fire and move and reinforcements may
arrive (8); at 9, or once both 155 mm guns are gone, every marker is turned over.

**Markers (10).** Entering a marked zone turns it over; acting next to one turns it over on a D10 at or
under the alarm. It may hide German units (an assault follows at once), mines (a D10 plus the stack's
levels of 8 or more costs the top unit a step) or barbed wire (halt, or blow a Bangalore torpedo: even, the
wire is gone; odd, the stack is stuck this turn).

**Fire (11.1).** One zone fires at one adjacent zone (the mortar also at two links, with -1). Each side adds
its front unit's FF, its die (D6 British, D10 German) and +1 per level of infantry with it; an officer adds
1 to the shooter; the target adds its zone's protection (reading 29 in the data's NOTES.md). If the shooter's total reaches the target's,
the target takes a hit, otherwise the shooter does. A hit turns a unit to its reduced side or eliminates a
reduced one; a mortar hit counts twice. The sniper picks his target and fires alone, without bonuses; in
the dim light sniper and mortar take -2 until 5:45 and -1 from 6:00 to 6:30.

**Assault (11.2).** Only commandos assault. The two sides line up in columns (Germans by falling AF), each
German facing at least one commando when you have as many, the rest in support. Line by line, each side
adds its AF, its die and +1 per supporting level (the Germans also the zone's protection); if the commando's
total reaches the German's, the German takes a step, otherwise the commando does. Rounds go on until the Germans are gone or you break off back to where you came from. The last
lone German may be taken prisoner (12).

**The Germans (9.3, 10, 11.1).** Pillboxes and guns are always active (the 155 mm guns never fire); the
other Germans act once their marker is turned. Below alarm 6 each active unit fires or moves, from 6 both.
The biggest German stack fires first, at the smallest British stack next to it. Below alarm 6 they gather
toward their nearest friends, from 6 they close on the nearest British stack, always around markers, mines
and wire.

**Victory points (12).** 10 for each 155 mm gun destroyed by assault, plus 5 if the battery falls by turn 5
(2 by turn 8); 2 for cutting the telephone line (a commando moving into a T zone); 2 for a prisoner taken
home (4 for an officer); 1 per flak gun or pillbox; -5 if Lord Lovat falls, -3 for Major Mills-Roberts; -1 for
every commando level not back at Newhaven at the end. 20 or more: a complete success; 10-19: a partial
success; under 10: a failure. Optional rules (13) make it harder: more infantry in the first markers, the
alarm starting at 2, faster Germans.
"""

SV_KEYS = """\
## Keys on an area map (Strange Victory)

- **arrows**: move the cursor to the nearest area in that direction; **Tab** / **Shift+Tab** visit every
  area in reading order; a **click** on a label does what Enter does. The Area panel describes the area
  under the cursor: its letter and worth, what lies face down there, the divisions and Allied counters
- **Enter**: list the legal actions that concern the area under the cursor (its divisions, a move into it,
  the combat fought there, a counterattack on it) and pick one. While a division is activating, Enter on a
  green area next to it moves there at once (a list when Gas or audacity would pay for a third area)
- **n**: put the cursor on the next area with a division that may act
- **1-9**: pick one division of a staging area by its number in the Area panel, so that only its moves are
  lit and listed; **0** drops the pick
- **e**: end the activation of the division moving now; in the Determination Phase, end the turn
- **r**: roll the combat dice; **c**: accept the dice as they fell (Enter lists the assets and re-rolls)
- **a**: every legal action in words (the set-up among them); type to filter the list
- **u**: take back your last action (never past a die roll or a counter turned over)
- **s** or **Ctrl+S**: save now (the game also saves after every action); **?**: this help
- **q** or **Esc**: back to the menu

**Colours:** an area's id is pale yellow, gold or orange for the garrison letters A, B and C, blue for a
port, red for Avesnes and grey for a staging area; a strategic area's id is underlined, and green brackets
mark a forest. A grey label holds a division (darker once it has activated this turn), a blue one revealed
Allied counters (half and half during a combat); an empty captured area is dark green. The letter after a
label is the area's face-down garrison; a white digit on blue counts the face-down coastal counters of a
port. Lit areas: **gold** the division activating or under the cursor, **green** where it may move,
**cyan** the combat, **red** the areas you may choose for the Allied counterattack, **violet** the
divisions that may be repaired (and the staging areas during the set-up). The cursor is white. Lines:
`-|/\\` borders, white `==` and `#` the Meuse bridges, blue `~` the Meuse and the sea.
"""

STRANGE_VICTORY = """\
## Strange Victory in brief

*A summary in our own words; the case numbers point to the Strange Victory rules in Four Roads to Paris.
The map, the counters and the effects of the combat results are reconstructions (see the scenario's
NOTES.md).*

**The game (1.0, 5.1).** A solitaire campaign: you lead seven panzer divisions in three Korps
(Guderian's XIX, Reinhardt's XXXI, Rommel's XV) from the Meuse to the Channel; the game turns over the
Allied garrisons and draws their reactions. It ends at the end of the turn in which Hitler's panic reaches
21 (10.5.2), or at once when every area is captured (10.5.3).

**Set-up (6.0).** Each Korps goes whole into a staging area of its own; the historical choice puts Rommel
at Dinant (I), Reinhardt at Maubeuge (II) and Guderian at Sedan (III). Every other area holds a face-down
garrison of its own letter; the seven starting assets are in the box and each commander has his full
audacity.

**The turn (7.0).** Blitz Phase: the divisions turn back to their Advancing side and each commander gains
an audacity point (8.1), then the divisions activate one by one (8.2, 8.3). Counterattack Phase (9).
Determination Phase: repairs, a coastal reinforcement, ports, panic +1, the end check (10).

**Activation (7.0).** One division at a time: move it, or let it stand. Once you start on a Korps, its
other divisions go before another Korps. A division that has activated turns to its Resupply side, which
shows fewer dice, until the next turn.

**Movement (8.2).** Up to two areas; a third for a Gas counter or one of the commander's audacity points,
never both and never with damage (8.2.7, 8.2.8). Out of a staging area only across its bridges, and never
back into one (3.1.1). One division to an area, and none moves through another (8.2.6). Entering an area
with a face-down garrison stops the division and turns the counter over (8.2.5, 8.2.12): a recon, gas or
Giraud counter joins the assets box and the division may go on; a breakdown shocks it; infantry or armour
means a combat at once. A division that enters a port stays there for the rest of the game (8.2.11). A
disordered division moves one area at most; a shocked one cannot move, and standing clears the shock
(8.2.9, 8.2.10).

**Combat (8.3).** The division rolls the dice its face shows. The Allied strength: infantry doubles in a
forest, at Avesnes it gains 1 before doubling, and the counters of a port add up, to 8 at most (8.3.2).
Before the roll you may spend one asset of each kind (8.3.3): Stuka -2, Guns -1 and one more die, Giraud
-1 (or a re-roll later), Gas -1 against armour only, Recon one more die and a used starting asset back to
the box. At strength 7 or more there is no roll: a Bloody Firefight (8.3.4). Every die at or above the
strength is a hit (8.3.5). Once a turn a commander may spend a point to roll some dice again, and Giraud
may be spent for the same (8.3.7). The hits give the result (8.3.6): {results}. Each combat removes one
Allied counter, the weakest of a port (8.3.8); the assets used are discarded.

**Counterattack (9.1).** Choose one undamaged division in a B or C area: a reaction counter of that letter
is drawn. Recon joins your box, refugees cancel the counterattack, armour fights the division, which rolls
its Resupply dice and does not move on (9.1.5). The phase is skipped when no division or counter qualifies
(9.1.4).

**Determination (10).** A commander who spent no audacity this turn may spend a point to take the damage
off one of his divisions (10.1). A die roll sends a face-down coastal counter to the port of that number,
never to one a division holds (10.2). A port is yours only when nothing Allied is left in it (10.3). The
panic rises by one (10.4).

**Audacity (5.4).** Never more than a commander's starting points; spent on his own Korps only, for a
re-roll (once a turn), a third area or a repair.

**Victory (11).** An area is yours when your division is alone in it or nothing is left there. Avesnes is
worth 5 VP, each port 3, each strategic area 2; villages: ½ for each A, ½ for each B matched with an A, 1
for each C matched with a scoring B (11.1). Results (11.2): under 15 Frantic Nightmare, 15-22 Dogged and
Bloody Day, 23-32 Sea Lions Unleashed, 33-40 Miracle Evacuation, 41-50 The Crown Bows; everything taken,
Axis Triumphant (5.1).
"""

def sv_results() -> str:
    """The five combat results and their effects, read from the rules' own (reconstructed) table."""
    from wargames_tui.ui.areawords import result_effects

    said = [
        ("three hits or more", "devastating-overrun"),
        ("two", "brutal-breakthrough"),
        ("one", "pitched-battle"),
        ("none", "desperate-victory"),
        ("no roll at strength 7 or more", "bloody-firefight"),
    ]
    from wargames_tui.games.strange_victory.combat import RESULTS

    return "; ".join(f"{when}, a {RESULTS[key].name} ({result_effects(key)})" for when, key in said)


# Rules summaries by scenario id; a game id picks every summary of that game.
SCENARIO_HELP = {
    "panzer-corps/el-alamein": PANZER_CORPS,
    "panzer-corps/dunkerque": DUNKERQUE,
    "panzer-corps/kharkov": KHARKOV,
    "panzer-corps/operation-compass": OPERATION_COMPASS,
    "dieppe/raid": DIEPPE,
    "strange-victory/campaign": STRANGE_VICTORY,
}

# Games drawn on zones rather than hexes: their help starts with their own area-map keys.
AREA_GAMES = {"dieppe": AREA_KEYS, "strange-victory": SV_KEYS}


def help_markdown(scenario: str = "", legend: tuple[tuple[str, str, str], ...] = ()) -> str:
    """The keys, the map legend when a game is open, and the rules summary of that scenario.

    scenario is a scenario id ("panzer-corps/kharkov"); a game id ("panzer-corps") or nothing
    gives every summary of that game, or of all games.
    """
    game_id = scenario.split("/")[0]
    if game_id in AREA_GAMES:
        parts = [AREA_GAMES[game_id]]
    else:
        parts = [KEYS, *AREA_GAMES.values()] if not scenario else [KEYS]
    if legend:
        rows = ", ".join(f"`{glyph}` {name}" for glyph, name, _ in legend)
        parts.append(f"**Terrain on this map:** {rows}. Hex ids are printed on each hex's upper line.\n")
        parts.append(MAP_FEATURES)
    if scenario in SCENARIO_HELP:
        parts.append(SCENARIO_HELP[scenario])
    else:
        game = scenario.split("/")[0]
        chosen = [text for sid, text in SCENARIO_HELP.items() if not game or sid.split("/")[0] == game]
        parts.extend(chosen or SCENARIO_HELP.values())
    # Strange Victory's combat results come from the rules' table, so the help never disagrees with it.
    return "\n".join(parts).replace("{results}", sv_results())
