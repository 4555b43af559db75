"""How the client shows Betrayal!: words for the actions, the panels, the colours, help, the text view."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from wargames_tui.engine.flow import Action
from wargames_tui.games.betrayal.bot import betrayal_bot, planning_bot
from wargames_tui.games.betrayal.partner import answer
from wargames_tui.present import Presentation
from wargames_tui.present.area import (
    DEFAULT_ZONE,
    PICKED,
    AreaTerms,
    MapLook,
    Marker,
    Units,
    units_of,
    zone_listing,
    zone_name,
)

View = dict[str, Any]
NATION_BG = {"german": "#5b6068", "french": "#2b4f96", "british": "#8a6a3a", "belgian": "#1f2f6b", "dutch": "#b8651f"}
COUNTRY = {"G": "#9aa4b0", "NL": "#ffb347", "B": "#f3e9a8", "L": "#c9a0ff", "F": "#7fa8ff"}
TACTICS = {
    "hold": "Hold",
    "refit": "Refit",
    "attack": "Advance/Attack",
    "saturation": "Adv/Att/Saturation",
    "exploit": "Adv/Att/Exploit",
}
LEVELS = {-2: "German Major", -1: "German Minor", 0: "Draw", 1: "Minor", 2: "Major"}


def _unit(view: View, uid: str | None) -> str:
    u = units_of(view).get(uid or "")
    return u["name"] if u else uid or "?"


def describe(action: Action, view: View, past: bool = False) -> str:
    """The action in words, as the action list and the log of past actions show it."""
    kind = action.get("type", "")
    unit, to = _unit(view, action.get("unit")), zone_name(view, action.get("to"))
    marker = ", taking the French Republic marker" if action.get("republic") else ""
    words = {
        "step": "Next step of the automaton",
        "roll": "Roll the die",
        "assign": f"{zone_name(view, action.get('area'))}: {TACTICS.get(action.get('tactic', ''), action.get('tactic'))}",
        "drop": f"Drop {unit} on {to}",
        "move": f"Move {unit} to {to}{marker}",
        "evacuate": f"Evacuate {unit} to Britain",
        "mission": f"{unit}: mission to {zone_name(view, action.get('target'))}"
        + (" (support and bombard)" if action.get("both") else ""),
        "rebase": f"Rebase {unit} to {to}",
        "end-movement": "End the movement phase",
        "bombard": f"Resolve the air bombardment of {zone_name(view, action.get('area'))}",
        "combat": f"Resolve the combat in {zone_name(view, action.get('area'))}",
        "withdraw": f"Withdraw {unit} to {to}",
        "lose-step": f"{unit} loses a step",
        "remove": f"Remove {unit}",
        "reduce": f"Reduce {unit}",
        "exploit": f"Exploit into {to}{marker}",
        "intercept": f"Intercept over {zone_name(view, action.get('target'))} with {unit}",
        "no-intercept": f"No interception over {zone_name(view, action.get('target'))}",
        "air-return": f"{unit} lands at {to}",
        "place": f"Place {unit} in {to}",
        "return": f"Bring {unit} back in {to}",
        "enter": f"{unit} enters at {to}",
        "setup": f"Set up {unit} in {to}",
        "setup-historical": "Place all the units still waiting at their historical places (8.0), then adjust",
        "setup-lift": f"Lift your units from {zone_name(view, action.get('area'))} to place them again",
        "setup-done": "The set-up of this side is done",
        "breach": f"Record that the {str(action.get('nation', '?')).title()} player talked strategy: the next penalty (betrayal:6.3)",
        "end-by-agreement": "End the game now by agreement: victory judged as at the end (betrayal:7.0)",
        "propose-end": f"{str(action.get('side', '?')).title()}: propose to end the game now, for the other to agree (betrayal:7.0)",
        "agree-end": f"{str(action.get('side', '?')).title()}: agree to end the game now; victory judged at once (betrayal:7.0)",
        "decline-end": f"{str(action.get('side', '?')).title()}: decline to end the game now (betrayal:7.0)",
    }
    return words.get(kind, kind)


def acting(view: View) -> tuple[str | None, list[str]]:
    """A unit that owes a choice now (a withdrawal, a return to base), with its area."""
    item = (view.get("pending") or [None])[0]
    if item and item.get("unit"):
        u = units_of(view).get(item["unit"], {})
        return u.get("zone") or item.get("from"), [item["unit"]]
    return None, []


def fight_zone(view: View) -> str | None:
    item = (view.get("pending") or [None])[0]
    if item:
        return item.get("from") or item.get("area") or item.get("target")
    return None


def concerns(action: Action, zone: str, view: View) -> bool:
    if action.get("type") in ("exploit",):
        return fight_zone(view) == zone
    return False


def zone_text(view: View, zid: str, terms: AreaTerms, picked: list[str]) -> tuple[Text, list[str]]:
    zone = view["zones"][zid]
    t = Text(no_wrap=False)
    t.append(f"{zid} ", f"bold {COUNTRY.get(zone['country'], DEFAULT_ZONE)}")
    t.append(zone["name"], "bold")
    bits = [{"G": "Germany (closed to the Allies)", "NL": "Netherlands", "B": "Belgium", "L": "Luxembourg", "F": "France"}[zone["country"]]]
    if zone["terrain"] != "clear":
        bits.append(zone["terrain"])
    bits += [w for w, on in (("port", zone["port"]), ("Maginot Line", zone["maginot"]), (f"{zone['edge']} edge", zone["edge"])) if on]
    t.append("\n" + ", ".join(bits), "dim")
    if zone.get("control"):
        t.append(f"\nHeld by the {'Germans' if zone['control'] == 'german' else 'Allies'}", "dim")
    if zone.get("marker"):
        holder = (view.get("republic") or {}).get("holder")
        t.append(f"\nFrench Republic marker{' (held by the ' + holder + ')' if holder else ''}", "bold #ffd21f")
    numbered: list[str] = []
    for u in view.get("units", []):
        if u.get("zone") != zid:
            continue
        numbered.append(u["id"])
        n = len(numbered)
        t.append("\n")
        t.append(f"{n if n <= 9 else ' '} ", PICKED if u["id"] in picked else "#7ec8e3")
        values = "-".join(str(v) for v in u.get("values") or []) or u["kind"]
        t.append(f"{u['short']:<5}", f"bold white on {NATION_BG.get(u['nation'], '#444444')}")
        t.append(f" {u['name']} {values}{' (reduced)' if u.get('reduced') else ''}", "")
        if u.get("tactic"):
            t.append(f" {TACTICS.get(u['tactic'], u['tactic'])}", "dim")
    return t, numbered


def track_title(view: View) -> str:
    return f"Turn {view.get('turn')}/{view.get('turns')} · {view.get('phase_title', '')}"


def track_text(view: View, terms: AreaTerms) -> Text:
    t = Text()
    if view.get("initiative"):
        t.append(f"Initiative: {view['initiative']}", "bold")
    t.append(f"\nComm {'Yes' if view.get('communication') == 'yes' else 'No'}", "#9be29b" if view.get("communication") == "yes" else "#ff8c1a")
    for nation, turns in (view.get("penalties") or {}).items():
        if turns:
            t.append(f"\n{nation.title()} penalties: {len(turns)} (turns {', '.join(map(str, turns))})", "#ff4040")
    if view.get("orders"):
        t.append(f"\nOKW orders: {'+'.join(view['orders'])}", "")
    if view.get("tactics"):
        t.append(f"\nTactics: {', '.join(TACTICS.get(x, x) for x in view['tactics'])}", "")
    judged = view.get("victory") or {}
    for nation, level in (judged.get("levels") or {}).items():
        t.append(f"\nIf it ended now, {nation.title()}: {LEVELS.get(level, level)}", "dim")
    facts = judged.get("facts") or {}
    t.append(f"\nEvacuated {facts.get('evacuated', 0)} · Germans hold {facts.get('german_areas_in_france', 0)} areas of France", "dim")
    boxes: dict[str, int] = {}
    for u in view.get("units", []):
        if u.get("box") in ("setaside", "regroup"):
            key = f"{'German' if u['side'] == 'german' else 'Allied'} {u['box']}"
            boxes[key] = boxes.get(key, 0) + 1
    if boxes:
        t.append("\n" + " · ".join(f"{k} {n}" for k, n in sorted(boxes.items())), "dim")
    return t


def _colour(zone: dict[str, Any]) -> str:
    return COUNTRY.get(zone.get("country", ""), DEFAULT_ZONE)


def _backgrounds(zone: dict[str, Any], units: Units) -> tuple[str, ...] | None:
    german = [u for u in units if u["side"] == "german" and not u["kind"] in ("fighter", "bomber")]
    allied = [u for u in units if u["side"] != "german" and not u["kind"] in ("fighter", "bomber")]
    if german and allied:
        return NATION_BG["german"], NATION_BG[allied[0]["nation"]]
    if german:
        return (NATION_BG["german"],)
    if allied:
        return (NATION_BG[allied[0]["nation"]],)
    return None


def _markers(zone: dict[str, Any], units: Units) -> list[Marker]:
    out: list[Marker] = [("R", "#000000", "#ffd21f")] if zone.get("marker") else []
    ground = [u for u in units if u["kind"] not in ("fighter", "bomber")]
    if ground:
        out.append((str(len(ground)), "#ffffff", "#333333"))
    if any(u["kind"] in ("fighter", "bomber") for u in units):
        out.append(("✈", "#ffffff", "#333333"))
    return out


LOOK = MapLook(
    colour=_colour,
    backgrounds=_backgrounds,
    markers=_markers,
    brackets=lambda zone: "#4cbf5a" if zone.get("terrain") == "forest" else "#c08040" if zone.get("terrain") == "mountain" else None,
    underline=lambda zone: bool(zone.get("maginot")),
    link_chars={"-": "border", "|": "border", "/": "border", "\\": "border"},
    link_colours={"border": "#8f8463"},
)

TERMS = AreaTerms(
    sides={"french": "French", "british": "British", "german": "German (automaton)", "allied": "Allied"},
    player="allied",
    automatic_action="step",
    describe=describe,
    acting=acting,
    fight_zone=fight_zone,
    concerns=concerns,
    zone_text=zone_text,
    track_text=track_text,
    track_title=track_title,
    proceed={"end-movement": "End movement", "roll": "Roll", "setup-done": "Set-up done"},
    kinds={"germany": "German border area", "clear": "open ground", "forest": "forest", "mountain": "mountains"},
    zone_word="Area",
    extras=lambda view: list(view.get("breach_actions") or []),
)

KEYS = """\
## The Betrayal! map

**Free set-up** (9.0): Enter on an area places the unit the prompt names there; in the **a** list,
"historical places" puts all the side's waiting units where 8.0 has them at once, after which each
area's units can be lifted (**a**, or Enter on the area) and placed again before **e**.

**Colours:** an area's id is grey for Germany, orange for the Netherlands, pale yellow for Belgium,
violet for Luxembourg, blue for France; green brackets mark forest, brown mountains; Maginot areas
are underlined. The label's background is the colour of who stands there (grey German, blue French,
tan British, dark blue Belgian, orange Dutch; half and half in a fight). After it: the number of
ground units, ✈ for aircraft, and a gold **R** for the French Republic marker.

**Talking:** from turn 3 the Allied players may not confer (betrayal:6.2). **t** lists the breaches
a player may own up to (the French or the British player talked strategy); each one recorded brings
the next penalty of 6.3. They are also at the end of the **a** list. A game started with the
option *players: one* (one person takes both Allied seats) has no cover and no breaches.
**t** also ends the game early when the players agree (betrayal:7.0): one Allied player proposes it,
the other agrees (victory is judged at once) or declines; with *players: one* it ends at once.
"""

RULES = """\
## Betrayal! in brief

*Our summary, with the case numbers of the Betrayal! rules in Four Roads to Paris. The map, the
counters and the charts are reconstructions (see the scenario's NOTES.md).*

- **Sides** (1.0, 1.7): a French and a British player; the British also move the Belgians and the
  Dutch, who stay home unless forced out. The Germans are an automaton run by the Allied player who
  wins the initiative each turn (3.4.1); in an Allied turn the other Allied player decides for them.
- **Turn** (2.1, 2.2): the automaton (initiative, OKW orders, tactics, movement, combat, regroup),
  then the French, then the British (arrivals, returns, movement, combat, regroup). 12 turns.
- **Orders and tactics** (3.4.2-3.4.6): two dice give the countries the Germans may act in and how
  many tactics rolls follow. Each German area takes one rolled tactic, each tactic at least one
  area: Hold (forward while it can, never into the Allies), Refit (stand, recover, release the boxes),
  Advance/Attack (enter every adjacent Allied area), with Saturation (the bomber flies twice) or
  Exploit (winning armour attacks once more).
- **Movement** (1.5, 3.0-3.2): 1 area for 1-MA units; 2-MA units pay 2 for forest and mountains;
  entering the enemy stops a unit; 3 ground units a side in an area (no limit in Germany). The
  British evacuate at ports (3.2.3). Turn 1: the German airborne drop up to their allowance (3.2.4).
- **Air** (3.3, 4.3): missions to enemy-occupied areas in range: support (one column right, the
  bomber adds its value) or bombardment (one die on the table; Allies -1). The other side
  intercepts: every German fighter in range, or one Allied fighter of a nation with units there.
- **Combat** (4.0-4.5): in every area the phasing side entered. Odds rounded for the defender,
  1:3 to 8:1; shifts for air, the Maginot Line (5 left), mountains, talking penalties, the French
  Republic; armour against infantry only ±1 on two dice. W withdraw, S step, CA counter-attack,
  PX partial exchange, EX all lost, E eliminated, SU surrender (for good).
- **Regroup** (5.0): each set-aside unit rolls to reach the Regroup box; each player turn a die
  says how many come back near Paris (a 6 costs a reduced air unit). Belgians and Dutch never return.
- **Talking** (6.0): free on turns 1-2; afterwards each breach a player records costs more: two
  columns against his units, a German Minor Victory, then the end of the game.
- **Victory** (7.0): France and Britain each judged against the Germans. The French need the
  Republic marker; the British score by evacuating and by still fighting. The areas of France the
  Germans hold count against France, the fall of every Belgian and Dutch area against Britain, the
  loss of all Allied air and armour against both.
"""


def text(game: Any, state: Any, view: View) -> list[str]:
    lines = list(view["picture"])
    lines += ["", f"Turn {view['turn']}/{view['turns']}  {view['phase_title']}  initiative {view.get('initiative') or '-'}", ""]
    return lines + zone_listing(
        view,
        lambda u: u["short"] + ("'" if u.get("reduced") else ""),
        lambda z: " [Republic]" if z.get("marker") else "",
        width=24,
    )


PRESENTATION = Presentation(
    rules_help={"betrayal/historical": RULES, "betrayal/free-setup": RULES},
    text=text,
    keys_help=KEYS,
    area=TERMS,
    look=LOOK,
    bots={"greedy": betrayal_bot, "plans": planning_bot, "answer": answer},
    option_words={"players": "Allied players (6.0): two, or one person in both seats"},
)
