"""Help pages: the client's keys on a hex map, and each game's own keys and rules in brief.

A game's summaries (in its presentation) paraphrase its rulebook and cite the case numbers;
they are reminders for play, not a replacement for the rules.
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
- **.**: the cursor to the next hex with a unit that may still act; **;**: to where the other side (or
  the bot) last acted (the map also follows a bot's moves); **z**: hide the side panels for the whole
  width of a small terminal, and again to show them; **t**: on a short terminal, the turn track and the
  combat table in the place of the log, and back; **[** / **]**: page back and on through the log
- **e**: end the movement or reinforcement phase, or end the attack declarations
- **n**: do not advance after combat (or stop a tank after its first hex)
- **b**: break off the map edge with the selected unit, from a cyan hex
- **a**: list every legal action in words and pick one; this plays any prompt from the keyboard
- **In any other step** (a game's own kinds of action): the hexes the legal actions name are lit;
  Enter on a lit hex takes the action there (a short list when several); Enter on a unit selects it
  and lights its hexes, or takes (or lists) what it may do; a unit that may only join an attack is
  gathered by Enter or its number key, and the lit hexes are then those the gathered group may attack;
  Tab chooses among the units off the map; **e** ends the phase, or halts, stops, finishes
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

**Without colour** (`NO_COLOR=1`, or a terminal without colour): units are solid blocks (reverse
video), one side's white and the other's grey, with the side's letter before the factors (`G3-8`: a
German 3-8); place names are bold, hex ids faint, terrain and lines plain. A glyph in place of the
letter gives the unit's state: `*` selected or a chosen attacker, `!` may be attacked, bombarded or
removed, `#` an attack is declared on it, `•` may move into (or retreat, advance into) that hex, `↓`
may come on there, `»` may break off there, `×` disrupted (its lower line hollow as well), `·` moved this
phase. An underlined lower line is a stack (with a `+` after short factors). Empty lit hexes carry the
glyph on their lower line (`.••.` within reach). Factors of four characters (`6-10`) leave no room for a
letter: the shade says the side. An empty city held by a side shows that side's short name underlined.
The cursor is underlined: a counter under it turns hollow, an empty hex solid.
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

def help_markdown(scenario: str = "", legend: tuple[tuple[str, str, str], ...] = ()) -> str:
    """The keys, the map legend when a game is open, and the rules summary of that scenario.

    scenario is a scenario id; a game id or nothing gives every summary of that game, or of all
    games. The keys and summaries of each game come from its presentation.
    """
    from wargames_tui.games import GAMES
    from wargames_tui.present import presentation

    game_id = scenario.split("/")[0]
    shown = {gid: presentation(GAMES[gid]) for gid in GAMES if not game_id or gid == game_id}  # imports only those
    own_keys = [p.keys_help for p in shown.values() if p.keys_help]
    if game_id in shown and shown[game_id].keys_help:
        parts = [shown[game_id].keys_help]
    else:
        parts = [KEYS] + ([] if scenario else own_keys)
    if legend:
        rows = ", ".join(f"`{glyph}` {name}" for glyph, name, _ in legend)
        parts.append(f"**Terrain on this map:** {rows}. Hex ids are printed on each hex's upper line.\n")
        parts.append(MAP_FEATURES)
    summaries = {sid: text for p in shown.values() for sid, text in p.rules_help.items()}
    parts.extend([summaries[scenario]] if scenario in summaries else summaries.values())
    return "\n".join(parts)
