"""A Dieppe view (version 1) built straight from the scenario data, for the widget tests.

It has the shape the rules engine returns from view(): the picture, the zones with their
markers, the links, and the units at their starting places (British aboard their LCA in the
two waiting zones, the fixed German pieces on their F, H and P zones).
"""

from __future__ import annotations

from typing import Any

from wargames_tui.games.dieppe.data import load_raid

SHORTS = {"commando": "C", "officer": "", "sniper": "Snip", "mortar": "Mort", "infantry": "Inf", "machine_gun": "MG",
          "flak": "Flak", "gun155": "155", "pillbox": "Pbox"}


def short(c: Any) -> str:
    if c.kind == "lca":
        return c.name
    if c.kind == "commando":
        return c.id.split("-")[-1].upper()  # "g2-a3" -> "A3"
    if c.kind == "officer":
        return c.name.split()[-1][:6]
    return SHORTS.get(c.kind, c.kind[:6])


def raid_view(**changes: Any) -> dict[str, Any]:
    raid = load_raid()
    zones = {}
    for z in raid.zones.values():
        marker = "A" if "A" in z.marks else "B" if "B" in z.marks else None
        zones[z.id] = {
            "name": z.name,
            "kind": z.kind,
            "protection": z.protection,
            "stacking": z.stacking,
            "marks": list(z.marks),
            "at": list(z.at),
            "marker": marker,
            "telephone": "T" in z.marks,
        }
    links = [{"a": a, "b": b, "kind": k} for a, there in raid.graph.links.items() for b, k in there.items() if a < b]
    units = []
    for c in raid.counters.values():
        if c.start.startswith("pool-"):
            continue
        units.append(
            {
                "id": c.id,
                "side": c.side,
                "kind": c.kind,
                "name": c.name,
                "short": short(c),
                "group": c.group,
                "zone": c.start,
                "aboard": c.aboard,
                "reduced": False,
                "ff": c.full.ff,
                "af": c.full.af,
                "mp": c.full.mp,
                "levels": c.full.stack,
                "actions": [],
                "done": False,
                "halted": False,
                "prisoner": False,
            }
        )
    labels = [f"{4 + (45 + 15 * i) // 60}:{(45 + 15 * i) % 60:02d}" for i in range(12)]
    view = {
        "view_version": 1,
        "scenario": "dieppe/raid",
        "title": "COMMANDO n°4: Dieppe 1942",
        "turn": 1,
        "turns": 12,
        "turn_labels": labels,
        "phase": "british",
        "phase_title": "B. British actions",
        "side": "british",
        "alarm": 0,
        "zones": zones,
        "links": links,
        "picture": list(raid.picture),
        "units": units,
        "party": None,
        "assault": None,
        "pools": {"garrison": 28, "reinforcements": 10},
        "points": {},
        "total": 0,
        "outcome": None,
    }
    view.update(changes)
    return view
