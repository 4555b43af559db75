"""The text beside the map: a player reads his own hand there, never the other's (4.1.8)."""

from __future__ import annotations

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games import seeds_of_disaster as game
from wargames_tui.games.seeds_of_disaster import present


@pytest.mark.rules("seeds-of-disaster:4.1.8")
def test_the_track_shows_the_viewers_own_hand_only() -> None:
    s = game.new("seeds-of-disaster/1934", {})
    game.apply(s, game.prompt(s).actions[0], Dice(1))
    for side, foe in (("german", "allied"), ("allied", "german")):
        v = game.view(s, side)
        text = present.track_text(v, present.TERMS).plain
        own = v["strategic"]["sides"][side]["hand"]
        assert own and all(c["title"] in text for c in own)
        hidden = game.view(s, foe)["strategic"]["sides"][foe]["hand"]
        assert not any(c["title"] in text for c in hidden if c["id"] not in {o["id"] for o in own})
