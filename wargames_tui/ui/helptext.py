"""Help pages: the client's keys, and for each game a summary of its rules in our own words.

The summaries paraphrase the rulebooks and cite their case numbers; they are
reminders for play, not a replacement for the rules.
"""

from __future__ import annotations

KEYS = """\
## Keys on the map

- **arrows** or **h j k l**: move the cursor (PgUp/PgDn jump five rows)
- **Enter** or a **click**: act on the hex under the cursor. Select one of your units, then Enter on a
  green hex moves it; in combat, Enter on your units picks the attackers and Enter on the enemy declares;
  Enter on a declared defender resolves; Enter on a green hex ends a retreat; Enter on a gold attacker advances
- **Esc**: drop the selection
- **e**: end the movement phase, or end the attack declarations
- **r**: resolve the next declared attack (or the one under the cursor)
- **n**: do not advance after combat
- **b**: break off the map edge with the selected unit, from a cyan hex
- **a**: list every legal action in words and pick one; this plays any prompt from the keyboard
- **u**: take back your last action (never past a die roll or a change of side)
- **?**: this help; **Ctrl+S**: save now (the game also saves after every action)
- **Ctrl+P**: command palette (save, legal actions, help, undo, back to the menu); **q**: back to the menu

**Colours:** green hexes are in reach or are legal ends of a retreat; cyan hexes are where the
selected unit can break off the map; red units may be attacked, or wait for their declared attack to be
resolved; gold units are your chosen attackers; orange units already have an attack declared on them.
A counter whose lower line is red is disrupted; faded counters have moved this phase. The cursor is white.
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

GAME_HELP = {"panzer-corps": PANZER_CORPS}


def help_markdown(game_id: str = "", legend: tuple[tuple[str, str, str], ...] = ()) -> str:
    """The keys, the map legend when a game is open, and the rules summary of that game (or of all)."""
    parts = [KEYS]
    if legend:
        rows = ", ".join(f"`{glyph}` {name}" for glyph, name, _ in legend)
        parts.append(f"**Terrain on this map:** {rows}. Hex ids are printed on each hex's upper line.\n")
    if game_id in GAME_HELP:
        parts.append(GAME_HELP[game_id])
    else:
        parts.extend(GAME_HELP.values())
    return "\n".join(parts)
