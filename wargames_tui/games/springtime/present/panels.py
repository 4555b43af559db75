"""Springtime for Hitler's side panels: the Area under the cursor, the records track, the combat."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from wargames_tui.games.springtime.present.look import BG, colour
from wargames_tui.games.springtime.present.words import MARKERS, name, result_words
from wargames_tui.present.area import NOW, PICKED, AreaTerms, Known, zone_name

LINK_WORDS = {"open": "", "river": " (river)", "maginot": " (Maginot Line)"}


def zone_text(view: dict[str, Any], zid: str, terms: AreaTerms, picked: list[str]) -> tuple[Text, list[str]]:
    """An Area: nation, TEM, control, its boundaries, then every unit there with its leaders."""
    zone = view["zones"][zid]
    t = Text(no_wrap=False)
    t.append(f"{zid} ", f"bold {colour(zone)}")
    t.append(zone["name"], "bold")
    t.append(f"\n{zone['nation'].capitalize()} {zone['kind']}, TEM +{zone['tem']}")
    if zone.get("port"):
        t.append(", port")
    t.append(f"\n{terms.side_name(zone['control'])} control" + (", contested" if zone.get("contested") else ""))
    near = sorted((l["b"] if l["a"] == zid else l["a"], l["kind"]) for l in view.get("links", []) if zid in (l["a"], l["b"]))
    t.append("\nNext to: " + ", ".join(f"{n}{LINK_WORDS.get(k, '')}" for n, k in near))
    numbered: list[str] = []
    acting = set((view.get("combat") or {}).get("attackers", []))
    for u in view.get("units", []):
        if u.get("zone") != zid:
            continue
        numbered.append(u["id"])
        style = PICKED if u["id"] in picked else NOW if u["id"] in acting else f"on {BG.get(u['side'], '')}"
        t.append(f"\n{len(numbered)} ", "bold")
        t.append(f" {u['short']} ", style)
        t.append(f" {u['name']} {u.get('factors', '')}")
        if u.get("reduced"):
            t.append(" reduced", "#ffb0b0")
        if u.get("oos"):
            t.append(" out of supply", "bold #ff6060")
        for l in u.get("leaders", []):
            t.append(f"  {l['name']} {l['rating']}", "#ffd21f")
    return t, numbered


def track_title(view: dict[str, Any]) -> str:
    return f"Turn {view.get('turn')}/{view.get('turns')} · Impulse {view.get('impulse')}"


def track_text(view: dict[str, Any], terms: AreaTerms) -> Text:
    """The records: phase, impulse, Advantage, French Morale, RPs, Event markers, air."""
    t = Text(no_wrap=False)
    t.append(f"{view.get('phase_title', '')}\n", "bold")
    t.append("Impulse track ")
    for n in range(1, (view.get("impulses") or 10) + 1):
        t.append(f"{n} ", NOW if n == view.get("impulse") and view.get("phase") == "maneuvers" else "")
    t.append(f"\nAdvantage: {terms.side_name(view.get('advantage')) or 'nobody (spent)'}")
    morale = view.get("morale", 0)
    t.append("\nFrench Morale ")
    t.append(str(morale), "bold #ff6060" if morale <= 9 else "bold")
    t.append(f"   RPs Allied {view['rp']['allied']}, Axis {view['rp']['axis']}")
    ev = view.get("events", {})
    for side in ("allied", "axis"):
        hand = ev.get("hands", {}).get(side, {})
        held = ", ".join(MARKERS.get(m, m) for m in hand.get("markers", [])) if "markers" in hand else (
            f"{hand.get('count', 0)} hidden" if hand.get("count") else "none")
        t.append(f"\n{terms.side_name(side)} Event: {held or 'none'}")
    t.append(f"\nCup {ev.get('cup', 0)}; out of play: {', '.join(MARKERS.get(m, m) for m in ev.get('played', [])) or 'none'}")
    t.append("\nAir: " + ", ".join(f"{a['name']} +{a['value']}" for a in view.get("air", [])))
    flags = view.get("flags", {})
    notes = [w for k, w in (("open_city", "Paris an open city"), ("italy", "Italy at war"), ("confidence", "Command Confidence"),
                            ("halt", "Halt Order"), ("plan_red", "Plan Red")) if flags.get(k)]
    if notes:
        t.append("\n" + ", ".join(notes), "#ffd21f")
    return t


def fight_text(view: dict[str, Any], terms: AreaTerms, known: Known) -> tuple[str, Text] | None:
    """The combat: both sides' values part by part, the dice and the result (10.4)."""
    c = view.get("combat")
    if not c:
        return None
    t = Text(no_wrap=False)
    t.append(f"{terms.side_name(c['attacker'])} attacks {zone_name(view, c['area'])}\n", "bold")
    t.append(f"Lead: {name(view, c['lead'])}")
    if "attack_parts" in c:
        for label, parts, dice, total in (("Attack", c["attack_parts"], c["attack_dice"], c["attack_total"]),
                                          ("Defence", c["defence_parts"], c["defence_dice"], c["defence_total"])):
            shown = ", ".join(f"{p} {v:+d}" for p, v in parts if v)
            t.append(f"\n{label}: {shown}; dice {dice[0]}+{dice[1]} = {total}")
        t.append(f"\n{result_words(c)}", "bold #ffd21f")
    else:
        t.append("\nwaiting for the defender's lead unit and air")
    return "Combat", t
