"""Springtime for Hitler's help: the rules in brief, in our own words, and the keys."""

RULES = """\
# Springtime for Hitler

Two players: the **Axis** attacks France and the Low Countries, the **Allies** must keep France in
the war to the end of Turn 7 (16.3). Map, counters, tables and Event markers are reconstructions
(see `scenarios/springtime/NOTES.md`).

## A turn (6.0)
1. **Political Phase** (6.1): each side draws an Event marker (Allies first; at most one held,
   hidden from the other side). From Turn 2 the Belgian surrender roll (6.1.2); at French Morale
   19 or less Command Confidence (6.1.3); at 9 or less Italy enters Zone F (6.1.4). The Axis puts
   Kleist with one of his units (4.4.1).
2. **Maneuvers Phase** (6.2): impulses alternate, Allies first (Turn 1 opens with Axis Impulse 6,
   every Army Group active, 15.2-15.3). In an impulse play an Event, then **Assault** with one Army
   Group (Kleist may join another; reserves go with a unit of the group in their Area; not the same
   group twice running, 8.1.1), **Regroup** (every unit one Area, not into enemy Areas, 8.1.2a),
   **Redeploy** (one Area's units at double MF, 8.1.2b) or **Pass**. After each Axis impulse a
   Logistics die below the impulse number ends the phase (6.2.1).
3. **Refit Phase** (12): Replacement Points flip or rebuild units; Out of Supply units may surrender (13.2.4).
4. **End Phase** (6.4): Automatic Victory; at Morale 5 or less the armistice roll; Event plays and discards.

## Movement and combat (9, 10)
Each Area entered costs 1 MF; stop on entering an enemy Area or crossing the Maginot Line. Five
units a side an Area (7.1). Entering an enemy Area forces an attack (10.1). Each side picks a lead
unit and may add Air Support of the lead's nation (9.4). Attack total = the Attack Value + 2 dice
against the Defence Value (with the TEM) + 2 dice (10.4): lower is a **Repulse** (the lead attacker
loses a step), equal a **Stalemate** (both leads), higher a **Success** (the lead defender loses a
step, the rest retreat) or with an armoured lead an **Overrun** (the lead defender is destroyed).

## The Advantage (11)
One side holds it; spending it declares Paris open (11.1.1), turns a lost attack or a lost defence
into a Stalemate (11.1.2-3), ignores a Logistics roll (11.1.4) or draws an extra Event (11.1.5).
Then it passes to the other side (11.2).

## Victory (16)
The Axis wins at once holding Paris and three French Zones linked to Germany, or with French
Morale at 0 (16.1); or when the armistice die beats a Morale of 5 or less (16.2).
"""

KEYS = """\
## The Springtime map

**Picked units** (`1`-`9`): Enter on a neighbouring Area moves them there one after another (9.1; a
lone unit stays picked to go on); Enter on their own Area offers the attack of the picked units
alone (10.2, 10.3).

Identifiers are coloured by nation (yellow Belgium, blue France, grey Germany, green Italy, orange
the Netherlands, violet Luxembourg). Beside each label, the number of units each side has there:
on blue the Allied, on grey the Axis; a contested Area shows the Allied count on the left and the
Axis count on the right. As on every area map, your own units (the side whose view is shown) put
the label in `< >`, the other side's in `{ }`, both sides in `< }` (`3<12}2`), so it reads without
colour too. A `+` marks an
Area the Axis controls outside Germany where no Axis unit stands, a `~` a BEF evacuation port.
On the map double lines are rivers, `#` the Maginot Line.

Each attack in the action list ends with its Attack Value against the Defence Values the
defender may choose (his lead unit and air) and the chance to win against the best of them,
before the dice (10.4).
"""
