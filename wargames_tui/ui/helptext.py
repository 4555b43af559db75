"""Help pages: the client's keys on a hex map, and each game's own keys and rules in brief.

A game's summaries (in its presentation) paraphrase its rulebook and cite the case numbers;
they are reminders for play, not a replacement for the rules.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Iterable

from textual.binding import Binding

if TYPE_CHECKING:
    from wargames_tui.present.area import AreaTerms

# What Enter does in each step of a hex map: the key list (from the bindings) says what each key does.
ENTER_STEPS = """\
**Enter, step by step:** select one of your units, then Enter on a green hex moves it; in combat, Enter
on your units picks the attackers and Enter on the enemy declares; Enter on a declared defender resolves;
Enter on a green hex ends a retreat; Enter on a gold attacker advances (and, for a tank allowed a second
hex, Enter on a green hex beyond). In a stack Enter takes the first unit that can act, and again the next
one. In set-up and reinforcements Tab chooses the waiting unit and Enter on a violet hex puts it there.
**In any other step** (a game's own kinds of action): the hexes the legal actions name are lit; Enter on
a lit hex takes the action there (a short list when several); Enter on a unit selects it and lights its
hexes, or takes (or lists) what it may do; a unit that may only join an attack is gathered by Enter or
its number key, and the lit hexes are then those the gathered group may attack; Tab chooses among the
units off the map.
"""

HEX_COLOURS = """\
**Colours:** green hexes are in reach or are legal ends of a retreat or an advance; violet hexes are
where the chosen waiting unit (or a face-down reinforcement) may come on; cyan hexes are where the
selected unit can break off the map; red units may be attacked, disrupted by a bombardment or removed,
or wait for their declared attack to be resolved; gold units are your chosen attackers or the selected
unit; orange units already have an attack declared on them. A counter whose lower line is red is
disrupted; faded counters have moved this phase; a **+** after the factors means more units stand
beneath (the Hex panel lists them all). Factors too long for the lower line take both lines (`8-10`
over `-6` is an 8-10-6): the unit's name is then on the Hex panel. Where cities or footholds count for victory, an empty one
shows on its lower line, in that side's colour, the short name of the side holding it (like a control
marker, e.g. `Ger`); the Hex panel says it too. The cursor is white.

**Without colour** (`NO_COLOR=1`, or a terminal without colour): units are solid blocks (reverse
video), one side's white and the other's grey, with the side's letter before the factors (`G3-8`: a
German 3-8); place names are bold, hex ids faint, terrain and lines plain. A glyph in place of the
letter gives the unit's state: `*` selected or a chosen attacker, `!` may be attacked, bombarded or
removed, `#` an attack is declared on it, `•` may move into (or retreat, advance into) that hex, `↓`
may come on there, `»` may break off there, `×` disrupted (its lower line hollow as well), `·` moved this
phase. An underlined lower line is a stack (with a `+` after short factors). Empty lit hexes carry the
glyph on their lower line (`.••.` within reach). Where the factors fill the lower line (`6-10`), the
letter or glyph goes before the name on the upper line (`B9Au`). An empty city held by a side shows
that side's short name underlined.
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

PALETTE_TIP = "command palette (save, legal actions, help, undo, back to the menu)"

# How a key is written in the help, where its name is not what is printed on it.
KEY_NAMES = {
    "enter": "Enter", "escape": "Esc", "tab": "Tab", "shift+tab": "Shift+Tab", "space": "Space",
    "up": "↑", "down": "↓", "left": "←", "right": "→", "pageup": "PgUp", "pagedown": "PgDn",
    "home": "Home", "end": "End", "backspace": "Backspace", "ctrl+s": "Ctrl+S", "ctrl+p": "Ctrl+P",
}


def key_name(binding: Binding) -> str:
    if binding.key in KEY_NAMES:
        return KEY_NAMES[binding.key]
    return binding.key_display or binding.key


def keys_markdown(bindings: Iterable[Binding], title: str) -> str:
    """The key list of a screen, from its bindings: one line for the keys that share an
    explanation (a binding's tooltip, else its footer label), in the order they are bound."""
    rows: dict[str, list[str]] = {}
    for b in bindings:
        if not (b.show or b.tooltip):
            continue  # a key the player need not know (Tab keeping the focus on the map)
        for key in b.key.split(","):
            one = dataclasses.replace(b, key=key.strip())
            names = rows.setdefault(b.tooltip or b.description, [])
            if key_name(one) not in names:
                names.append(key_name(one))
    by_keys: dict[str, list[str]] = {}  # keys -> what they do (one key, several steps: "e")
    for text, names in rows.items():
        digits = [n for n in names if n.isdigit()]
        if len(digits) > 2:  # 1, 2, ..., 9 -> 1-9
            names = [f"{digits[0]}-{digits[-1]}" if n == digits[0] else n for n in names if n not in digits[1:]]
        by_keys.setdefault(" ".join(names), []).append(text)
    lines = [f"## {title}", ""] + [f"- **{keys}**: {'; '.join(texts)}" for keys, texts in by_keys.items()]
    return "\n".join(lines) + "\n"


def play_keys(own: Iterable[Binding], title: str) -> str:
    """The key list of the play screen: a pane's own keys (its map's first), then the screen's."""
    from wargames_tui.ui.playkeys import PLAY_KEYS

    return keys_markdown([*own, *PLAY_KEYS, palette_binding()], title)


def hex_keys() -> str:
    """The keys of a hex map's play screen (the map's, the pane's, the screen's), from their bindings."""
    from wargames_tui.ui.panes.hex_pane import HexPane
    from wargames_tui.ui.widgets.hexmap import HexMap

    return play_keys([*HexMap.BINDINGS, *HexPane.BINDINGS], "Keys on the map")


def area_keys(terms: AreaTerms, title: str) -> str:
    """The keys of an area game's map and pane (its own from its terms), from their bindings."""
    from wargames_tui.ui.panes.area_pane import bindings_for
    from wargames_tui.ui.widgets.areamap import AreaMap

    return keys_markdown([*AreaMap.BINDINGS, *bindings_for(terms)], title)


def palette_binding() -> Binding:
    """Textual's command palette key, as the help lists it."""
    from textual.app import App

    return Binding(App.COMMAND_PALETTE_BINDING, "command_palette", "Palette", tooltip=PALETTE_TIP)


def help_markdown(scenario: str = "", legend: tuple[tuple[str, str, str], ...] = (), keys: str = "") -> str:
    """The keys, the map legend when a game is open, and the rules summary of that scenario.

    scenario is a scenario id; a game id or nothing gives every summary of that game, or of all
    games. `keys` is the open game's key list (keys_markdown of its screen's bindings); the hex
    map's by default. The summaries and any word on a game's own keys come from its presentation.
    """
    from wargames_tui.games import GAMES
    from wargames_tui.present import presentation

    game_id = scenario.split("/")[0]
    shown = {gid: presentation(GAMES[gid]) for gid in GAMES if not game_id or gid == game_id}  # imports only those
    own_keys = [
        (area_keys(p.area, f"Keys: {GAMES[gid].TITLE}") if p.area else "") + p.keys_help
        for gid, p in shown.items()
        if p.keys_help
    ]
    if game_id in shown and shown[game_id].keys_help:
        parts = [keys, shown[game_id].keys_help] if keys else [shown[game_id].keys_help]
    else:
        parts = [keys or hex_keys(), ENTER_STEPS, HEX_COLOURS] + ([] if scenario else own_keys)
    if legend:
        rows = ", ".join(f"`{glyph}` {name}" for glyph, name, _ in legend)
        parts.append(f"**Terrain on this map:** {rows}. `#` prints the hex ids on the map (the Hex panel names the hex under the cursor).\n")
        parts.append(MAP_FEATURES)
    summaries = {sid: text for p in shown.values() for sid, text in p.rules_help.items()}
    parts.extend([summaries[scenario]] if scenario in summaries else summaries.values())
    return "\n".join(parts)
