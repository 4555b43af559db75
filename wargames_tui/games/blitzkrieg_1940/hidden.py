"""Re-dealing what a viewer cannot know, for the hidden-information property test.

`disguise` swaps the places of counters hidden from the viewer among themselves, within
groups that any of them could fill (same nation, stacking value and mechanized class), so every
position it makes is one the viewer's knowledge allows and the rules accept.
"""

from __future__ import annotations

import random

from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State
from wargames_tui.games.blitzkrieg_1940.fog import hidden_units


def disguise(state: State, viewer: str | None, rng: random.Random) -> State:
    new = state.copy()
    b = Position(state).b
    groups: dict[tuple[str, int, bool, bool], list[str]] = {}
    for uid in sorted(hidden_units(state, viewer)):
        u = b.units[uid]
        groups.setdefault((u.nation, u.stack, u.mech, u.dummy), []).append(uid)
    for members in groups.values():
        places = [(new.units[u].hex, new.units[u].status, new.units[u].z) for u in members]
        rng.shuffle(places)
        for uid, (h, status, z) in zip(members, places):
            st = new.units[uid]
            st.hex, st.status, st.z = h, status, z
    return new
