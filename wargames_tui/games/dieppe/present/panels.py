"""Dieppe's side panels: the zone under the cursor and the turn track."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from wargames_tui.games.dieppe.present.look import SIDE_BG, zone_colour
from wargames_tui.present.area import NOW, PICKED, AreaTerms, ratings, short


def british_order(units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Units ashore first, then each landing craft followed by what it carries."""
    ashore = [u for u in units if not u.get("aboard") and u.get("kind") != "lca"]
    craft = [u for u in units if u.get("kind") == "lca"]
    out = list(ashore)
    for lca in craft:
        out.append(lca)
        out.extend(u for u in units if u.get("aboard") == lca["id"])
    listed = {u["id"] for u in out}
    out.extend(u for u in units if u["id"] not in listed)  # aboard a craft that is elsewhere
    return out


def levels(units: list[dict[str, Any]]) -> int:
    """Stacking levels in use: units aboard a landing craft travel under it and do not count."""
    return sum(int(u.get("levels") or 0) for u in units if not u.get("aboard"))


def front_of(view: dict[str, Any], zone: str, side: str, units: list[dict[str, Any]]) -> str | None:
    fronts = view.get("fronts")
    if isinstance(fronts, dict):
        front = fronts.get(zone)
        if isinstance(front, dict):
            front = front.get(side)
        if isinstance(front, str) and any(u["id"] == front for u in units):
            return front
    fighting = [u for u in units if not u.get("aboard")]
    if side != "german" or not fighting:
        return None
    return max(fighting, key=lambda u: (u.get("ff") or 0, not u.get("reduced")))["id"]



def dieppe_zone(view: dict[str, Any], zid: str, terms: AreaTerms, picked: list[str]) -> tuple[Text, list[str]]:
    zone = view["zones"][zid]
    t = Text(no_wrap=False)
    t.append(f"{zid} ", f"bold {zone_colour(zone)}")
    t.append(zone["name"], "bold")
    kind = terms.kinds.get(zone["kind"], zone["kind"])
    protection = terms.protection.get(zone["protection"], str(zone["protection"]))
    t.append(f"\n{kind} · protection {zone['protection']}", "dim")
    if zone["kind"] not in ("sea", "waiting", "newhaven"):
        t.append(f" ({protection})", "dim")
    here = [u for u in view.get("units", []) if u.get("zone") == zid]
    notes = []
    if zone.get("marker"):
        notes.append(terms.markers.get(zone["marker"], zone["marker"]))
    if zone.get("telephone"):
        notes.append("telephone line (T)")
    if notes:
        t.append("\n" + " · ".join(notes), "#b48cff")
    assault = view.get("assault") or {}
    if assault.get("zone") == zid:
        t.append(f"\nAssault under way, round {assault.get('round', 1)}", "bold #ff8c1a")
    numbered: list[str] = []
    for side in terms.sides:
        mine = [u for u in here if (u["side"] == side) != bool(u.get("prisoner"))]  # a prisoner stands with his captors
        if not mine:
            continue
        limit = zone.get("stacking")
        t.append("\n")
        t.append(f" {terms.side_name(side)} ", f"bold white on {SIDE_BG.get(side, '#444444')}")
        if limit is not None:
            water = zone["kind"] in ("sea", "waiting", "newhaven")
            used = sum(1 for u in mine if u.get("kind") == "lca") if water else levels(mine)
            t.append(f" {used}/{limit} {'LCA' if water else 'levels'}", "dim")
        front = front_of(view, zid, side, mine)
        order = british_order(mine) if side == terms.player else sorted(mine, key=lambda u: u["id"] != front)
        for u in order:
            t.append("\n")
            if side == terms.player:
                numbered.append(u["id"])
                n = len(numbered)
                tag = f"{n}" if n <= 9 else " "
                t.append(f"{tag} ", PICKED if u["id"] in picked else "#7ec8e3")
            else:
                t.append("  ")
            indent = "└ " if u.get("aboard") and any(o["id"] == u["aboard"] for o in mine) else ""
            t.append(indent, "dim")
            t.append(f"{u['short']:<{8 - len(indent)}} ", "bold" if not u.get("done") else "dim")
            t.append(ratings(u), "italic #ff8c8c" if u.get("reduced") else "")
            flags = []
            if u.get("reduced"):
                flags.append(("red.", "#ff8c8c"))
            if u["id"] == front:
                flags.append(("front", "#ffd21f"))
            for a in u.get("actions") or []:
                flags.append((a, "#9be29b"))
            if u.get("done"):
                flags.append((terms.done_mark.get(side, "done"), "bold #ffd21f"))
            if u.get("halted"):
                flags.append(("halted", "#ff8c1a"))
            if u.get("prisoner"):
                flags.append(("prisoner", "#b48cff"))
            for text, style in flags:
                t.append(f" {text}", style)
    if not here:
        t.append("\nNo units here.", "dim italic")
    return t, numbered



def dieppe_track(view: dict[str, Any], terms: AreaTerms) -> Text:
    t = Text()
    turn, turns = view.get("turn", 0), view.get("turns", 0)
    labels = view.get("turn_labels") or []
    time = labels[turn - 1] if 0 < turn <= len(labels) else ""
    t.append("Turn ", "dim")
    t.append(f" {turn}/{turns} ", NOW)
    if time:
        t.append(f" {time}", "italic")
    t.append(f"\n{view.get('phase_title', '')}", "bold")
    alarm = view.get("alarm")
    if alarm is not None:
        t.append("\nAlarm ", "dim")
        for n in range(10):
            style = NOW if n == alarm else ("#ff6b6b" if n >= 6 else "#9aa4b0")
            t.append(f"{n}", style)
            t.append(" " if n < 9 else "")
    points = view.get("points") or {}
    total = view.get("total")
    if total is not None:
        t.append("\nVP ", "dim")
        t.append(f"{total}", "bold #ffd21f")
        scored = [(k, v) for k, v in points.items() if v]
        if scored:
            t.append(" (" + ", ".join(f"{k} {v:+d}" if isinstance(v, int) else f"{k} {v}" for k, v in scored) + ")", "dim")
    move = view.get("move") or {}
    acting = move.get("units") or (view.get("party") or {}).get("units") or []
    if acting:
        units = {u["id"]: u for u in view.get("units", [])}
        zone = move.get("zone") or next((units[u]["zone"] for u in acting if u in units), "")
        mp = move.get("mp")
        if isinstance(mp, dict):
            mp = min(mp.values()) if mp else None
        left = f", {mp} MP left" if mp is not None and move else ""
        t.append("\nMoving: " if move else "\nActing: ", "dim")
        t.append(" ".join(short(view, u) for u in acting), "#ffd21f")
        t.append(f" in {zone}{left}", "dim")
    pools = view.get("pools") or {}
    if pools:
        t.append("\nIn reserve: " + ", ".join(f"{k} {v}" for k, v in pools.items()), "dim")
    return t

