"""How the client shows The Seeds of Disaster: words for the actions, the panels, the colours,
the rules in brief, the text view."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from wargames_tui.engine.flow import Action
from wargames_tui.games.seeds_of_disaster import prewar
from wargames_tui.games.seeds_of_disaster.bot import seeds_bot, seeds_plans
from wargames_tui.games.seeds_of_disaster.prewar.points import ds_name
from wargames_tui.present import Presentation
from wargames_tui.present.area import (
    DEFAULT_ZONE,
    PICKED,
    AreaTerms,
    Known,
    MapLook,
    Marker,
    Units,
    side_brackets,
    units_of,
    zone_listing,
    zone_name,
)

View = dict[str, Any]
NATION_BG = {
    "german": "#5b6068",
    "french": "#2b4f96",
    "british": "#8a6a3a",
    "belgian": "#1f2f6b",
    "dutch": "#b8651f",
    "polish": "#8a2f2f",
    None: "#444444",
}
COUNTRY = {"G": "#9aa4b0", "N": "#ffb347", "B": "#f3e9a8", "F": "#7fa8ff"}
OPTION_WORDS = {
    "tactical": "1 IP: a battle die (5.2.3)",
    "recon": "1 IP: a Mobile Forces Battle die (5.2.4)",
    "pakfront": "1 CP: Pakfront, a Mobile Forces Battle die hitting on 6 (6.2.6)",
    "engineers": "2 CP: combat engineers, no river dice (6.2.5)",
    "airintel": "1 IP: +1 to the neutralization roll (5.2.5)",
    "fortint": "IPs: fortification intelligence, no fort dice (5.2.6)",
}
WAR_TYPES = {
    "move",
    "sr",
    "reserve",
    "poise",
    "columnar",
    "deploy",
    "enter",
    "recover",
    "end-movement",
    "attack",
    "air",
    "option",
    "paradrop",
    "air-mode",
    "commit",
    "accept",
    "retreat-before",
    "advance",
    "no-advance",
    "end-breakthrough",
    "end-combat",
    "loss",
    "retreat",
}


def _unit(view: View, uid: Any) -> str:
    u = units_of(view).get(str(uid))
    return f"{u['name']} [{uid}]" if u and u.get("name") else str(uid)


def describe(action: Action, view: View, past: bool = False) -> str:
    kind = action.get("type", "")
    if kind not in WAR_TYPES:
        return prewar.describe(action, view)
    unit, to = _unit(view, action.get("unit")), zone_name(view, action.get("to"))
    units = ", ".join(str(u) for u in action.get("units") or [])
    words = {
        "move": f"Move {unit} to {to}"
        + (" (1 CP for the major rivers, 10.1.10)" if action.get("engineers") else ""),
        "sr": f"Strategic Redeployment of {unit} to {to} (11.0)",
        "reserve": f"{unit} into the Reserve (1 CP, 6.2.2)",
        "poise": f"{unit} joins the Poised Forces of {action.get('army')} (9.2.2)",
        "columnar": f"{unit} leaves the Poised Forces, columnar (9.1)",
        "deploy": f"Deploy {unit} from the Reserve to {to} (2.3.2)",
        "enter": f"{unit} enters the map at {to}",
        "recover": f"Recover {unit} from disruption (1 CP, 6.2.8)",
        "end-movement": "End the Movement Segment",
        "attack": f"Attack {zone_name(view, action.get('area'))} with {units}"
        + (" (overconcentration, 5 CP)" if action.get("overconcentration") else ""),
        "air": f"Fly {unit} to the battle (13.5)",
        "option": OPTION_WORDS.get(
            str(action.get("option")), str(action.get("option"))
        ),
        "paradrop": "Parachute assault into the battle area (17.0)",
        "air-mode": "Air: neutralize the attacker's air (13.5.4)"
        if action.get("neutralize")
        else "Air: direct support (13.5.3)",
        "commit": "Commit: nothing more to add",
        "accept": "Accept battle (13.4)",
        "retreat-before": f"Retreat before combat to {to} (6.2.7)",
        "advance": f"Advance {units} into {to} (13.7.9)",
        "no-advance": "Do not advance",
        "end-breakthrough": "End the Breakthrough segment (16.1.2)",
        "end-combat": "End the Combat Segment",
        "loss": f"Take the step from {unit}"
        + (": two army steps in place of a poised corps (9.2.4)" if action.get("substitute") else ""),
        "retreat": f"Retreat from {zone_name(view, action.get('from'))} by "
        + " - ".join(zone_name(view, a) for a in action.get("path") or [])
        + " (13.7.8)",
        "examine": f"Spend 1 IP to examine the enemy stack in {zone_name(view, action.get('area'))} (5.2.2)",
    }
    return words.get(kind, kind)


def acting(view: View) -> tuple[str | None, list[str]]:
    b = view.get("battle")
    if b:
        return b["area"], list(b.get("attackers") or [])
    return None, []


def fight_zone(view: View) -> str | None:
    b = view.get("battle")
    return b["area"] if b else None


def concerns(action: Action, zone: str, view: View) -> bool:
    if action.get("type") in (
        "air",
        "option",
        "paradrop",
        "air-mode",
        "commit",
        "accept",
        "no-advance",
    ):
        return fight_zone(view) == zone
    return False


def zone_text(
    view: View, zid: str, terms: AreaTerms, picked: list[str]
) -> tuple[Text, list[str]]:
    zone = view["zones"][zid]
    t = Text(no_wrap=False)
    t.append(f"{zid} ", f"bold {COUNTRY.get(zone['country'], DEFAULT_ZONE)}")
    t.append(zone["name"], "bold")
    bits = [
        {"G": "Germany", "N": "Netherlands", "B": "Belgium", "F": "France"}[
            zone["country"]
        ]
    ]
    if zone["terrain"] != "clear":
        bits.append(
            {"waterline": "Dutch Water Line"}.get(zone["terrain"], zone["terrain"])
        )
    if zone["mc"]:
        bits.append("Mobilization Center")
    if zone["objective"]:
        bits.append("starred Objective")
    if zone["forts"]:
        bits.append(
            f"Maginot forts {zone['forts']}{' (destroyed)' if zone['destroyed'] else ''}"
        )
    if zone["coast"]:
        bits.append("coast")
    if zone["axis"]:
        bits.append(f"{zone['axis']} axis")
    t.append("\n" + ", ".join(bits), "dim")
    if zone.get("control"):
        t.append(
            f"\nHeld by the {'Germans' if zone['control'] == 'german' else 'Allies'}",
            "dim",
        )
    numbered: list[str] = []
    for u in view.get("units", []):
        if u.get("zone") != zid:
            continue
        numbered.append(u["id"])
        n = len(numbered)
        t.append("\n")
        t.append(f"{n if n <= 9 else ' '} ", PICKED if u["id"] in picked else "#7ec8e3")
        t.append(
            f"{u['short']:<5}",
            f"bold white on {NATION_BG.get(u.get('nation'), '#444444')}",
        )
        t.append(" " + _unit_words(u))
    return t, numbered


def _unit_words(u: dict[str, Any]) -> str:
    if not u.get("name"):
        return "an unidentified piece"
    words = u["name"]
    if u.get("steps") is not None:
        words += f" {u.get('factors', '')} ({u['steps']} step{'s' if u['steps'] != 1 else ''})"
    if u.get("forts"):
        words += f" forts {u['forts']}, {u.get('dots', 0)} dice"
    if u.get("disrupted"):
        words += " DISRUPTED"
    if u.get("army") and u.get("box") == "poised":
        words += f" poised with {u['army']}"
    return words


def track_title(view: View) -> str:
    if view.get("week"):
        return f"Week {view['week']}/{view['turns']}"
    month = f" month {view['month']}" if view.get("month") else ""
    return f"{view.get('year')}{month} · {str(view.get('ds', '')).title()}"


def track_text(view: View, terms: AreaTerms) -> Text:
    t = Text()
    t.append(view.get("phase_title", ""), "bold")
    sides = (view.get("strategic") or {}).get("sides") or {}
    for side, entry in sides.items():
        bits = [f"{k.upper()} {entry[k]}" for k in ("rp", "ip", "cp") if k in entry]
        t.append(
            f"\n{terms.side_name(side)}: {' · '.join(bits)} · cards {entry.get('hand_count', 0)}",
            "",
        )
        if entry.get("hand"):  # only in the owner's own view (4.1.8)
            cards = ", ".join(f"{c.get('id')} {c.get('title', '')}".strip() for c in entry["hand"])
            t.append(f"\n  Hand: {cards}", "dim")
        if entry.get("orders"):  # the owner's secret orders of this segment (3.1.4)
            t.append(_orders_text(entry, view), "#7ec8e3")
    held = view.get("objectives") or {}
    t.append(
        f"\nObjectives: German {held.get('german', 0)}, Allied {held.get('allied', 0)} (20.0)",
        "dim",
    )
    if view.get("attack_plan"):
        t.append(f"\nAttack plan: {view['attack_plan']} (19.0)", "dim")
    boxes: dict[str, int] = {}
    for u in view.get("units", []):
        if u.get("box") not in ("map", "eliminated", None):
            key = f"{'German' if u['side'] == 'german' else 'Allied'} {u['box']}"
            boxes[key] = boxes.get(key, 0) + 1
    if boxes:
        t.append("\n" + " · ".join(f"{k} {n}" for k, n in sorted(boxes.items())), "dim")
    return t


def _orders_text(entry: dict[str, Any], view: View) -> str:
    """The orders entered so far this segment, and the RPs they leave (7.2), so a player sees what
    he has promised before he says he is done."""
    shown = [prewar.describe(it, view) for it in entry["orders"] if it.get("type") != "build"]
    builds: dict[str, int] = {}
    for it in entry["orders"]:
        if it.get("type") == "build":
            builds[str(it.get("unit"))] = builds.get(str(it.get("unit")), 0) + 1
    shown += [f"build {n} step{'s' if n > 1 else ''} of {uid}" for uid, n in builds.items()]
    spent = sum(int(it.get("rp", 0)) for it in entry["orders"])
    left = f" ({spent} RPs, {entry.get('rp', 0) - spent} left)" if spent else ""
    return f"\n  Your orders{left}: " + "; ".join(shown)


def fight_text(view: View, terms: AreaTerms, known: Known) -> tuple[str, Text] | None:
    """The panel of what is under way: a battle in the war, the year's Chronology before it."""
    b = view.get("battle")
    if not b:
        return chronology_text(view, terms)
    t = Text()
    t.append(
        f"{terms.side_name(b['attacker'])} attacks {zone_name(view, b['area'])}\n",
        "bold",
    )
    t.append(f"Attackers: {', '.join(b['attackers'])}\n")
    for side, air in b["air"].items():
        if air:
            t.append(f"{terms.side_name(side)} air: {', '.join(air)}\n")
    for side, opts in b["options"].items():
        if opts:
            t.append(f"{terms.side_name(side)} extras: {', '.join(opts)}\n")
    flags = [
        w
        for w, on in (
            ("Breakthrough battle", b["breakthrough"]),
            ("overconcentration", b["overconcentration"]),
            ("parachute assault", b["parachute"]),
            ("neutralization", b["neutralize"]),
        )
        if on
    ]
    if flags:
        t.append(", ".join(flags), "dim")
    return f"Battle ({b['step']})", t


def chronology_text(view: View, terms: AreaTerms) -> tuple[str, Text] | None:
    """The Chronology of the current year (3.3): the cards to draw and to play, the DS changes it
    mandates, its Check Dice Rolls with what a near miss brings, each side's RP roll modifier."""
    strategic = view.get("strategic") or {}
    year = strategic.get("chronology")
    if not year:
        return None
    t = Text()
    t.append(f"Cards: each side draws {year['draw']}, may play or discard up to "
             f"{strategic.get('card_allowance', year['play'])} (3.3.6)\n")
    for r in year.get("raise", []):
        t.append(f"{r['name']}: the DS rises to {ds_name(r['to'])} (3.3)\n")
    for c in year.get("check", []):
        near = " or ".join(str(total) for total in sorted(c["number"] - n for n in c.get("near", [])))
        t.append(f"Check roll, {c['name']}: 2d6 {c['number']}+ raises the DS (up to {ds_name(c['upto'])})")
        if near and c.get("near_drm"):
            t.append(f"; {near}: both {c['near_drm']:+d} on this turn's RP roll")
        t.append(" (3.3.3)\n")
    drm = ", ".join(f"{terms.side_name(side)} {n:+d}" for side, n in year.get("rp_drm", {}).items())
    t.append(f"RP roll modifiers this year: {drm} (7.1.1)", "dim")
    return f"Chronology {year['year']}", t


def _colour(zone: dict[str, Any]) -> str:
    return COUNTRY.get(zone.get("country", ""), DEFAULT_ZONE)


def _ground(units: Units) -> Units:
    return [u for u in units if u.get("kind") != "westwall"]


def _backgrounds(zone: dict[str, Any], units: Units) -> tuple[str, ...] | None:
    german = [u for u in _ground(units) if u["side"] == "german"]
    allied = [u for u in _ground(units) if u["side"] != "german"]
    if german and allied:
        return NATION_BG["german"], NATION_BG.get(allied[0].get("nation"), "#444444")
    if german:
        return (NATION_BG["german"],)
    if allied:
        return (NATION_BG.get(allied[0].get("nation"), "#444444"),)
    return None


def _markers(zone: dict[str, Any], units: Units) -> list[Marker]:
    out: list[Marker] = []
    if zone.get("objective") or zone.get("mc"):
        out.append(("*", "#000000", "#ffd21f"))
    ground = _ground(units)
    if ground:
        out.append((str(min(len(ground), 9)), "#ffffff", "#333333"))
    if any(u.get("disrupted") for u in ground):
        out.append(("×", "#ff4040", "#333333"))
    if any(u.get("kind") == "westwall" for u in units):
        out.append(("W", "#ffffff", "#5b6068"))
    return out


def _occupied(zone: dict[str, Any], units: Units, own: str | None) -> tuple[str, str] | None:
    return side_brackets(_ground(units), own)  # the ground pieces, by the rule of every area map


LOOK = MapLook(
    colour=_colour,
    backgrounds=_backgrounds,
    markers=_markers,
    brackets=lambda zone: (
        "#c08040"
        if zone.get("terrain") == "highland"
        else "#4cbfbf"
        if zone.get("terrain") in ("swamp", "waterline")
        else None
    ),
    underline=lambda zone: bool(zone.get("forts")),
    link_chars={
        "-": "border",
        "|": "border",
        "/": "border",
        "\\": "border",
        "~": "minor",
        "=": "major",
    },
    link_colours={"border": "#8f8463", "minor": "#4f7fb8", "major": "#2f5fd8"},
    occupied=_occupied,
)

TERMS = AreaTerms(
    sides={"german": "German", "allied": "Allied"},
    player="allied",
    automatic_action="",
    describe=describe,
    acting=acting,
    fight_zone=fight_zone,
    concerns=concerns,
    zone_text=zone_text,
    track_text=track_text,
    track_title=track_title,
    fight_text=fight_text,
    proceed={
        "end-movement": "End movement",
        "end-combat": "End combat",
        "commit": "Commit",
        "accept": "Accept battle",
        "no-advance": "No advance",
        "end-breakthrough": "End breakthrough",
        "ready": "Ready",
        "no-counter": "No answer",
        "deal": "Deal",
    },
    kinds={
        "germany": "Germany",
        "clear": "open ground",
        "highland": "highland",
        "swamp": "swamp",
        "waterline": "Dutch Water Line",
        "paris": "Paris",
    },
    zone_word="Area",
)

KEYS = """\
## The Seeds of Disaster map

The **a** list holds the prewar decisions too (cards, builds, moves, the plan).

**Colours:** an area's id is grey for Germany, orange for the Netherlands, pale yellow for Belgium,
blue for France; brown brackets mark highland, teal swamp and the Dutch Water Line; areas with
Maginot forts are underlined. A gold `*` marks an Objective (an MC or a starred area, 20.0); then
the number of pieces there, a red `×` for a disrupted army, `W` for a Westwall marker. As on every
area map, a label's brackets say whose ground pieces stand there, in colour and without: `< >` your
own (the side whose view is shown), `{ }` the other side's, `< }` both. Borders: `-|/\\`, minor rivers
`~`, major rivers `=`.

**Hidden:** you see your own pieces fully; of the enemy only his army counters on the map (not
their strength) and how many other pieces stand in each area (5.2.2), never his boxes, hand or orders.
"""

RULES = """\
## The Seeds of Disaster in brief

*Our summary, with the case numbers of The Seeds of Disaster in Four Roads to Paris. The map, the
counters and the charts are reconstructions (see the scenario's NOTES.md).*

- **Two games in one** (1.1, 3.1): year turns (Peace, Opposition, Military Preparations) and month
  turns (Armed Belligerence) played as simultaneous secret orders, then up to ten weekly turns of
  war (Active Hostilities), the Germans first (3.1.5).
- **Before the war** (3.3-7.0): the Chronology's check rolls raise the diplomatic status; Event
  cards, intelligence and command points; RPs buy army steps, corps, air fleets and Westwalls;
  technology level 2 lets corps and fleets reach full strength. Poland takes most German forces
  away in the first month of Armed Belligerence (21.5). A German crossing of a border starts the war (12.0).
- **Stacking** (8.0): one army an area except in MCs; any number of corps. Mobile corps are
  columnar on the map or poised with an army (9.0).
- **Movement** (10.0, 11.0): armies 3 MP, corps their MP; highland, swamp and the Water Line cost
  2, rivers 1 or 2 more; never into the enemy. One free Strategic Redeployment a turn, more for 1
  CP; Reserve (2.3.2) for 1 CP; the Allies enter Belgium and the Netherlands only after the Germans.
- **Combat** (13.0): one army (more for 5 CP) and any adjacent corps attack an area once a turn.
  Mobile Forces Battle for the Poised benefit (+2 dice and a poised unit's strength); Retreat
  Before Combat for CPs; air fleets support or neutralize; battle dice for the defender (1, terrain,
  rivers, forts), air, poised, parachute, IP and CP options. Strength plus dice: the difference
  sets the losses, retreats, disruption, CPs and the Breakthrough (16.0) on the CRT.
- **Forts** (14.0): Maginot forts give the French strength and dice; Westwall markers the Germans.
- **Victory** (20.0): Objectives (MCs, Paris's three areas, Dunkirk) held after week 10, or Paris
  taken: German 11/12/13+, Allied 11/12; taking Paris along the chosen axis adds a level (19.0).
"""


def text(game: Any, state: Any, view: View) -> list[str]:
    lines = list(view["picture"])
    lines += ["", f"{track_title(view)}  {view.get('phase_title', '')}", ""]
    return lines + zone_listing(
        view,
        lambda u: (u.get("short") or "?") + ("×" if u.get("disrupted") else ""),
        lambda z: " *" if (z.get("mc") or z.get("objective")) else "",
        width=18,
    )


PRESENTATION = Presentation(
    rules_help={"seeds-of-disaster/1934": RULES},
    text=text,
    keys_help=KEYS,
    area=TERMS,
    look=LOOK,
    bots={"greedy": seeds_bot, "plans": seeds_plans},
    option_words={"belgian-corps": "The Belgian corps at the start (21.2): Brussels (BRU) or Antwerp (ANT)"},
)
