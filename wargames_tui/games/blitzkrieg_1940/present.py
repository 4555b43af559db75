"""How the client shows Blitzkrieg 1940: the rules in brief (our words, with the cases), the text
view, words for the game's actions, its bot and its log colours."""

from __future__ import annotations

from typing import Any

from wargames_tui.games.blitzkrieg_1940.bot import planning_bot, purposeful_bot
from wargames_tui.games.blitzkrieg_1940.data import printed
from wargames_tui.hexdraw import text_map
from wargames_tui.present import Presentation

RULES = """\
## Blitzkrieg 1940 in brief

*A summary in our own words; the numbers are the rulebook's cases. The map, the counters, the
terrain chart and the combat table are reconstructions (scenarios/blitzkrieg_1940/NOTES.md).*

**The game.** Two days a turn, seven miles a hex (1.2). 1940: ten turns, Germany needs 3 VPs
after the first couplet of turn 10 (4.1, 4.4). 1939: seven turns; France wins at once by entering
the Ruhr Endangered Area (4.2). Hexes are named as printed, with their map letter (W5411, E2423).

**A turn (5.2, 5.3)** is two couplets. In each, each side (Germany first in 1940, France first in
1939) declares move-first or fight-first (5.4), then plays its Movement and Combat Phases in that
order. German fight-first gains a column (1940); Allied move-first loses one ("14.2"). In 1940
the Allied segment starts with the capitulation checks (8.6-8.8).

**Moving (13.0).** Select a unit or stack (`a` lists the choices), then its destination. Enemy
zones stop a move (9.3); Allied units pay +1 to enter and +1 to leave one (9.5); German armour
ignores Allied zones (9.6). Crossing a river into an enemy hex costs half a die more (13.9). Four
divisions a hex (11.1). Strategic movement: two divisions a phase between cities (13.16); sea
movement: one division between Channel ports (13.11); two divisions a couplet from the reserve
(12.2, 12.3). Out of supply: 4 MPs, attack halved (10.3).

**Combat (14.0).** Attack adjacent hexes, each unit and hex once a phase. Volatile factors are a
die plus the printed number, never below 1 (14.8). Odds round for the defender (14.5, 14.6), then
shifts: terrain, cities, Siegfried Line 2L (14.18), field works 1L (14.19), concentric 1R (14.15),
RAF (14.14), French morale (7.7). Worse than 1:3 is 1:3; 7:1 or more is 0/3 (14.7). Results are
steps lost, attacker/defender (14.10); every unit is reduced before any dies. A cleared hex may be
occupied (14.22).

**Sickle Cut and dummies (6.0).** Germany may hide up to 11 mechanized and 22 other counters in a
cup for turn 1, when nobody enters the Ardennes; they appear in the forest at its end. Dummies ride
in German stacks and show as counters until a battle reveals them.

**Coups de main (7.0).** At the start of turn 1, up to five airborne units drop; the first survives
on 1-5, the next on 1-4 and so on. Eben Emael falls to one; a Maginot fort dies with one.

**Neutrals and capitulation (8.0).** Entering Holland or Belgium brings them in (Holland brings
Belgium). From two turns later, Germany holding six of a nation's cities rolls 4-6 for its
surrender; France checks from turn 5 by Paris hexes held. Terror bombing once a game (8.11).

**Victory points (4.4).** Holland +1, Belgium +1, France +3, Maginot Line breached +1, RAF losses
+1, BEF destroyed +1, severe German losses -2, an Allied-held German city -1.
"""

def _fort_words(fort: str | None, view: dict[str, Any]) -> str:
    """The fort Germany chooses to die with a coup on the Maginot Line (7.6), by what it sees."""
    if fort is None:
        return ""
    return f", taking {'a fort beneath what you see' if fort == 'unseen' else _name(view, fort)}"


WORDS = {
    "sickle-cut": lambda a, v: "Launch Operation Sickle Cut" if a["launch"] else "No Sickle Cut",
    "place": lambda a, v: f"Set up {_name(v, a['unit'])} at {_hex(a.get('hex'))}",
    "cup": lambda a, v: f"Put {_name(v, a['unit'])} in the Sickle Cut cup",
    "historical": lambda a, v: "Historical set-up: the real units still waiting to their 1940 hexes (the cup and the dummies stay yours to fill and place)",
    "drop": lambda a, v: f"Drop {_name(v, a['unit'])} on {_hex(a['hex'])}" + _fort_words(a.get("fort"), v),
    "end-drops": lambda a, v: "Roll for the coups de main",
    "displace": lambda a, v: f"Push {_name(v, a['unit'])} to {_hex(a.get('hex'))}",
    "raf-commit": lambda a, v: "Commit the RAF" if a["commit"] else "Hold the RAF back",
    "open-dams": lambda a, v: "Open the Roer dams" if a["open"] else "Keep the Roer dams shut",
    "terror": lambda a, v: f"Terror-bomb {_hex(a['hex'])}" if a.get("hex") else "No terror bombing",
    "order": lambda a, v: "Move first, then fight" if a["first"] == "move" else "Fight first, then move",
    "select": lambda a, v: "Select " + " + ".join(_name(v, u) for u in a["units"]),
    "deselect": lambda a, v: "Drop the selection",
    "move": lambda a, v: f"Move {' + '.join(_name(v, u) for u in a.get('units', [a.get('unit')]))} to {_hex(a['path'][-1])} ({len(a['path'])} hex{'es' if len(a['path']) != 1 else ''})"
    + (", and halt there to split the stack" if a.get("halt") else ""),
    "enter": lambda a, v: f"Bring on {_name(v, a['unit'])} at {_hex(a['path'][0])} to {_hex(a['path'][-1])}",
    "strategic": lambda a, v: f"Rail {_name(v, a['unit'])} to {_hex(a['to'])}",
    "sea": lambda a, v: f"Ship {_name(v, a['unit'])} to {a['to'] if a['to'] != 'off' else 'Britain / the reserve'}",
    "land": lambda a, v: f"Land {_name(v, a['unit'])} at {a['port']}",
    "withdraw": lambda a, v: f"Withdraw {_name(v, a['unit'])}",
    "attack": lambda a, v: f"Attack {_hex(a['hex'])} with {' + '.join(_name(v, u) for u in a['attackers'])}"
    + (f" and {a['raf']} RAF" if a.get("raf") else ""),
    "raf": lambda a, v: f"Fly {a['count']} RAF counter(s) in defence",
    "lose": lambda a, v: f"Take the step from {_name(v, a['unit'])}",
    "redeploy": lambda a, v: f"Send the dummy to {_hex(a['hex'])}",
    "advance": lambda a, v: f"Advance {_name(v, a['unit'])}",
    "end-advance": lambda a, v: "Stop advancing",
    "end-phase": lambda a, v: "End the phase",
    "concede": lambda a, v: f"The {v['sides'].get(a['side'], a['side'])} player concedes defeat (4.3)",
}


def _hex(h: str | None) -> str:
    return printed(h) if h else "nowhere (it is lost)"


def _name(view: dict[str, Any], uid: str) -> str:
    u = next((x for x in view.get("units", []) if x["id"] == uid), None)
    return f"{u['name']} ({u['factors']})" if u else uid


def describe(action: dict[str, Any], view: dict[str, Any], column: str | None = None, with_start: bool = True) -> str:
    words = WORDS.get(action.get("type", ""))
    return words(action, view) if words else str(action)


def text(game: Any, state: Any, view: dict[str, Any]) -> list[str]:
    lines = [f"{view['title']}: turn {view['turn']} of {view['turns']}, couplet {view['couplet']}, {view['phase_title']}"]
    lines += text_map(game.board(state), view)
    lines.append(f"German steps lost {view['german_lost']}, BEF steps lost {view['bef_lost']}; "
                 f"capitulated: {', '.join(view['capitulated']) or 'none'}")
    return lines


PRESENTATION = Presentation(
    rules_help={"blitzkrieg-1940/1940": RULES, "blitzkrieg-1940/1939": RULES},
    text=text,
    describe=describe,
    bots={"greedy": purposeful_bot, "plans": planning_bot},
    option_words={"dummies": "Dummy units (6.3)", "game": "Full game, or the Basic Game (1.3)"},
    log_styles={"flip": "bold yellow", "combat": "bold", "capitulation": "bold red", "capitulated": "bold red",
                "coup": "magenta", "river": "cyan", "raf": "blue", "select": "dim", "phase": "dim"},
)
