"""A plain-text area map for the CLI: the picture, then what stands in each zone."""

from __future__ import annotations

from typing import Any


def zone_lines(view: dict[str, Any]) -> list[str]:
    """One line per zone holding units or a marker: its id, name, marker and units."""
    by_zone: dict[str, list[dict]] = {}
    for u in view["units"]:
        by_zone.setdefault(u["zone"], []).append(u)
    lines = []
    for zid, z in view["zones"].items():
        units = by_zone.get(zid, [])
        if not units and not z["marker"]:
            continue
        marker = f" [{z['marker']}]" if z["marker"] else ""
        parts = []
        for u in units:
            tag = "'" if u["reduced"] else ""
            where = f" in {u['aboard']}" if u["aboard"] else ""
            parts.append(f"{u['short']}{tag}{where}" + (" (prisoner)" if u["prisoner"] else ""))
        lines.append(f"  {zid:<4} {z['name'][:40]:<40}{marker}  {', '.join(parts)}")
    return lines


def text_area(view: dict[str, Any]) -> list[str]:
    head = f"alarm {view['alarm']}/9  VP so far {view['total']}"
    return view["picture"] + ["", head, ""] + zone_lines(view)
