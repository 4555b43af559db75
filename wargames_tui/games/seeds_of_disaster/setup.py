"""The pieces at the start of 1934 (21.2, 21.3), from counters.toml."""

from __future__ import annotations

from wargames_tui.games.seeds_of_disaster import data
from wargames_tui.games.seeds_of_disaster.state import Unit


def initial_units() -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    for c in data.counters().unit:
        u = Unit(id=c.id, kind=c.kind, side=c.side, nation=c.nation, steps=c.steps)
        if c.start in data.areas():
            u.box, u.zone = "map", c.start
        else:
            u.box = c.start  # type: ignore[assignment]
        units[c.id] = u
    return units
