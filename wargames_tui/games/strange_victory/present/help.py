"""Strange Victory's help: its keys and colours, and its rules in brief (our words, with the cases)."""

from wargames_tui.games.strange_victory.combat import RESULTS
from wargames_tui.games.strange_victory.present.words import result_effects

KEYS = """\
## The Strange Victory map

The Area panel describes the area under the cursor: its letter and worth, what lies face down there,
the divisions and Allied counters. While a division is activating, Enter on a green area next to it
moves there at once (a list when Gas or audacity would pay for a third area). In a combat, **c**
accepts the dice as they fell; Enter lists the assets and the re-rolls.

**Colours:** an area's id is pale yellow, gold or orange for the garrison letters A, B and C, blue for a
port, red for Avesnes and grey for a staging area; a strategic area's id is underlined, and green brackets
mark a forest. A grey label holds a division (darker once it has activated this turn), a blue one revealed
Allied counters (half and half during a combat); an empty captured area is dark green. The letter after a
label is the area's face-down garrison; a white digit on blue counts the face-down coastal counters of a
port. Lit areas: **gold** the division activating or under the cursor, **green** where it may move,
**cyan** the combat, **red** the areas you may choose for the Allied counterattack, **violet** the
divisions that may be repaired (and the staging areas during the set-up). The cursor is white. Lines:
`-|/\\` borders, white `==` and `#` the Meuse bridges, blue `~` the Meuse and the sea.

**Brackets:** a label's brackets say who stands in the area, in colour too: `<DIN>` a division, `(FLO)`
a division that has activated this turn, `{AMI}` revealed Allied counters, `<AMI}` both (a combat),
`|CAL|` an empty captured area. **Without colour** (`NO_COLOR=1`, or a terminal without colour) an
occupied area also has a solid label, and a lit area's brackets are the light's glyph: `*` the division
activating, `•` where it may move, `~` the combat, `!` an area you may choose for the counterattack, `↓`
a division to repair (or a staging area in the set-up). A marker with no room beside its label takes the
place of the `]`. The cursor's id is underlined and the other way round (solid on an empty area, hollow
on a solid one).
"""

RULES = """\
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
    said = [
        ("three hits or more", "devastating-overrun"),
        ("two", "brutal-breakthrough"),
        ("one", "pitched-battle"),
        ("none", "desperate-victory"),
        ("no roll at strength 7 or more", "bloody-firefight"),
    ]
    return "; ".join(f"{when}, a {RESULTS[key].name} ({result_effects(key)})" for when, key in said)


# The combat results come from the rules' table, so the help never disagrees with it.
RULES = RULES.replace("{results}", sv_results())
