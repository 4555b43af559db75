"""Dieppe's help: its keys and colours, and its rules in brief (our words, with the cases)."""

AREA_KEYS = """\
## The Dieppe map

**Colours:** a zone's id is blue at sea and in the LCA waiting zones, sand on a beach, and yellow, orange
or red on land with protection 0, 1 or 3. A brown label holds British units, a grey one German units (half
and half during an assault). A letter after a label is an unrevealed **A** or **B** marker, **M** revealed
mines and **W** barbed wire (where there is no room for the letter, the label's brackets take its colour).
An underlined id still has its telephone line marker. With your units under the cursor, **green** zones are
where they may move, **red** what they may fire at, **orange** what they may assault; the acting units'
zone is **gold** and an assault under way **cyan**. The cursor is white. Lines: sand `-|/\\` roads (1 MP),
dim dots tracks (2 MP), blue dots landing and embarking (2 MP), blue `~` sea lanes for the LCA, red `:`
fire only.

**Brackets:** a label's brackets say who stands in the zone, in colour too: `<DE1>` British, `{HESS}`
German, `<HESS}` both (an assault). **Without colour** (`NO_COLOR=1`, or a terminal without colour) a
zone with units also has a solid label, and a lit zone's brackets are the light's glyph: `•` your units
may move there, `!` fire at it, `#` assault it, `*` the acting units, `↓` a landing or transfer goes
there, `~` an assault under way. A marker with no room beside its label takes the place of the `]`
(`[C6A`). The cursor's id is underlined and the other way round (solid on an empty zone, hollow on a
solid one).
"""

RULES = """\
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
