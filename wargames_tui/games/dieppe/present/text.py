"""A plain-text area map for the CLI: the picture, then what stands in each zone."""

from __future__ import annotations

from typing import Any

from wargames_tui.present.area import zone_listing


def unit_words(u: dict[str, Any]) -> str:
    tag = "'" if u["reduced"] else ""
    where = f" in {u['aboard']}" if u["aboard"] else ""
    return f"{u['short']}{tag}{where}" + (" (prisoner)" if u["prisoner"] else "")


def text_area(view: dict[str, Any]) -> list[str]:
    head = f"alarm {view['alarm']}/9  VP so far {view['total']}"
    listing = zone_listing(view, unit_words, lambda z: f" [{z['marker']}]" if z["marker"] else "", width=40)
    return view["picture"] + ["", head, ""] + listing
