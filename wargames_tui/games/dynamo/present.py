"""How the client shows Dynamo: the rules in brief (our words, with the cases), the text view,
words for the game's own actions, its bot and its log colours."""

from __future__ import annotations

import re
from typing import Any

from wargames_tui.games.dynamo.bot import plan
from wargames_tui.hexdraw import text_map
from wargames_tui.present import Presentation

RULES = """\
## Dynamo: Dunkirk 1940 in brief

*A summary in our own words; the numbers are the rulebook's cases. The map, the counter values,
the charts and the combat table are reconstructions (scenarios/dynamo/NOTES.md).*

**The game.** One day a turn, 20 to 31 May 1940 (12 turns; Scenario II starts with the Allied half
of turn 5). A hex is 6.5 km. The German drives on the Channel ports; the Allied player gets his
steps out by sea or over the Somme and makes the Germans pay.

**Sequence of play (4.2).** Supply check for French and Germans (5.8); German: Luftwaffe
commitment (8.1), movement and Blitz (9.0, 12.0), prepared assaults (16.0), dummies (11.0);
Allied: sea evacuation from turn 3 (20.4), movement, prepared assaults, dummies.

**Fog of war (11.0).** You see the top counter of each enemy stack and how tall it is; an
assaulted stack is shown. Dummies (no values, never alone) are placed in your dummy phase.

**Movement (9.0, 6.4).** Pick up a stack (or part of it) and move it hex by hex, then set it
down. Clear, broken and watergangs cost 1, marsh 3 (never for moto-mech), a water barrier +1
(not into or out of a town), entering or leaving an enemy zone +1 each. Out of supply: no zone to
zone, half movement and attack (5.9, 6.5). Stacking limit 14 points (7.1, 7.6).

**Blitz (12.0).** German moto-mech led by a panzer or Kampfgruppe, stacked since the phase began,
may assault the next hex while moving: 1 MP to enter (+1 over water) and 3 more (fewer at 5-1 and
better when the odds are certain), +2 to the die, losses as steps only.

**Prepared assaults (16.0).** Attackers adjacent to every defender; odds rounded for the defender,
read on the defender's terrain line; low rolls favour the attacker. Modifiers: concentric -3,
Schwerpunkt -2/+2 (13.0), Luftwaffe -1 a factor (+1 defending), village +1, water barrier +2,
Blitz +2, RAF +2 or -2 (once a game, 8.7), Franco-British +1 (10.3), counter stroke -3 (16.19).

**Results (17.0).** A number is steps lost or hexes retreated in any mix; E destroys attackers,
or costs each defender a step and a two-hex retreat. Winners may advance.

**Evacuation (20.0).** Turns 3-6: three steps a turn from the coast; from turn 7: four from one
open port and two more. A rearguard stays when Germans are next door. Units leaving over the south
edge are evacuated too.

**Victory (22.0).** German points over Allied points; 3.0 or more is a German total victory, under
0.5 an Allied one (Scenario II one notch lower).
"""

WORDS = {
    "pick": lambda a, v: f"Pick up {' + '.join(_short(v, u) for u in a['units'])}",
    "go": lambda a, v: f"Move the stack to {a['hex']}",
    "halt": lambda a, v: "Set the stack down",
    "blitz": lambda a, v: f"Blitz {a['hex']}",
    "leave": lambda a, v: "Leave the map (evacuation or withdrawal)",
    "air": lambda a, v: f"Luftwaffe factor on {_short(v, a['unit'])}",
    "assault": lambda a, v: (f"Assault {'/'.join(a['hexes'])} with {' + '.join(_short(v, u) for u in a['attackers'])}"
                             + (" and the RAF" if a.get("raf") else "")),
    "lose": lambda a, v: f"Lose a step from {_short(v, a['unit'])}",
    "retreat-all": lambda a, v: f"Retreat {a['hexes']} hex(es) instead",
    "end-advance": lambda a, v: "Stop advancing",
    "raf": lambda a, v: "Call the RAF (+2 to the German die)",
    "no-raf": lambda a, v: "Keep the RAF back",
    "dummy": lambda a, v: f"Put {_dummy(v, a['unit'])} {'on top of' if a['top'] else 'under'} the stack at {a['hex']}",
    "recall": lambda a, v: f"Take {_dummy(v, a['unit'])} back into your hand",
    "evacuate": lambda a, v: f"Evacuate {_short(v, a['unit'])} by sea from {_where(v, a['unit'])}",
    "counter-stroke": lambda a, v: "Launch the counter stroke",
    "force-march": lambda a, v: "Force march the 2nd Panzer" if a["korps"] == "2pz" else "Force march the 19th Panzer Korps",
    "break-down": lambda a, v: f"Break {_short(v, a['unit'])} into Kampfgruppen",
    "reform": lambda a, v: f"Reform {_name(v, a['unit'])} from its Kampfgruppen",
    "detach-recce": lambda a, v: "Detach the 3rd Division's recce",
    "rejoin-recce": lambda a, v: "Rejoin the 3rd Division's recce",
    "place": lambda a, v: f"Set up {_short(v, a['unit'])} at {a['hex']}",
    "enter": lambda a, v: f"Bring on {_short(v, a['unit'])} at {a['hex']}",
    "retreat": lambda a, v: f"Retreat {_short(v, a['unit'])} -> {' -> '.join(a['path'])}",
    "advance": lambda a, v: f"Advance {_short(v, a['unit'])} into {a['hex']}",
    "remove": lambda a, v: f"Withdraw {_short(v, a['unit'])}",
    "end-phase": lambda a, v: "End the phase",
}


def _unit(view: dict[str, Any], uid: str) -> dict[str, Any] | None:
    return next((x for x in view.get("units", []) if x["id"] == uid), None)


def _name(view: dict[str, Any], uid: str) -> str:
    u = _unit(view, uid)
    return u["name"] if u else uid


def _dummy(view: dict[str, Any], uid: str) -> str:
    """A dummy as its owner tells them apart: by where it stands; those in hand are all alike (11.2)."""
    u = _unit(view, uid) or {}
    colour = re.sub(r"\s*dummy.*$", "", str(u.get("name", "")), flags=re.I)  # "British dummy 2" -> "British"
    return f"the {colour} dummy at {u['hex']}".replace("  ", " ") if u.get("hex") else f"a {colour} dummy".replace("  ", " ")


def _where(view: dict[str, Any], uid: str) -> str:
    u = _unit(view, uid)
    return (u or {}).get("hex") or "?"


def _short(view: dict[str, Any], uid: str) -> str:
    u = _unit(view, uid)
    return f"{u['short']} ({u['factors']})" if u else uid


def describe(action: dict[str, Any], view: dict[str, Any], column: str | None = None, with_start: bool = True) -> str:
    words = WORDS.get(action.get("type", ""))
    return words(action, view) if words else str(action)


def text(game: Any, state: Any, view: dict[str, Any]) -> list[str]:
    lines = [f"{view['title']}: turn {view['turn']} ({view['turn_label']}), {view['phase_title']}"]
    lines += text_map(game.board(state), view)
    for h, st in view["stacks"].items():
        top = next((u for u in view["units"] if u["hex"] == h), None)
        name = f"{top['short']} {top['factors']}" if top else "?"
        lines.append(f"{h} {st['side']}: {name}" + (f" (+{st['height'] - 1})" if st["height"] > 1 else ""))
    points = view["points"]
    lines.append(f"Points: German {points['german']}, Allied {points['allied']}")
    return lines


PRESENTATION = Presentation(
    rules_help={"dynamo/campaign": RULES, "dynamo/no-halt-order": RULES},
    text=text,
    describe=describe,
    bots={"greedy": plan},
    log_styles={"flip": "bold yellow", "combat": "bold", "evacuation": "cyan", "supply": "dim", "dummy": "dim"},
)
