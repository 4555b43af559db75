"""A snapshot of the Springtime for Hitler map with its units (review the report before --snapshot-update)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.ui.helpers import SIZE, make_app
from wargames_tui.engine.session import Session
from wargames_tui.games import springtime

from .helpers import FG

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


def german_surprise() -> Session:
    """Turn 1 in hotseat, seed 1: both markers drawn, Kleist with Guderian, the Allies decline to play
    theirs, and the Axis assaults with every Army Group (15.3)."""
    session = Session.start(springtime, FG, {}, seed=1, seats={"allied": "human", "axis": "human"})
    for action in ({"type": "draw"}, {"type": "draw"}, {"type": "kleist", "unit": "de-guderian"}, {"type": "decline"},
                   {"type": "assault", "groups": ["A", "B", "C", "K"]}):
        session.act(action)
    return session


def test_the_map_shows_each_sides_units_and_the_picked_units_reach(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    # Past the cover, the Axis view: beside each label the units of each side there (Allied on
    # blue, Axis on grey; the brackets < > the Axis's, at the keys, { } the Allies'); the cursor on the first Axis Area (3, the
    # Eifel), its first unit (the 12th Army) picked with 1, the Areas it may enter (4, 5, 11, 12) lit green.
    app = make_app(tmp_path, german_surprise())
    assert snap_compare(app, press=["enter", "1"], terminal_size=SIZE)
