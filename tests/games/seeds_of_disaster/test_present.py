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


@pytest.mark.rules("seeds-of-disaster:2.2.2", "seeds-of-disaster:15.0", "seeds-of-disaster:14.3.4")
def test_markers_show_the_same_status_and_game_facts_to_both_sides() -> None:
    # a disruption marker on an army, a Westwall marker, area control and a destroyed fort are on the
    # table for both players to read, whoever owns the piece they sit on
    from tests.games.seeds_of_disaster.helpers import only

    s = only({"G6": ("AAC", 5), "WW1": ("SAA", 2), "F3": ("MET", 5)})
    s.units["G6"].disrupted = True
    s.war.destroyed_forts = ["MET"]
    s.control["LIE"] = "german"
    for viewer in ("german", "allied"):
        v = game.view(s, viewer)
        units = {u["id"]: u for u in v["units"]}
        assert units["G6"]["disrupted"] is True
        assert units["WW1"]["zone"] == "SAA" and units["WW1"]["kind"] == "westwall"
        assert v["zones"]["MET"]["destroyed"] and not v["zones"]["LON"]["destroyed"]
        assert v["zones"]["LIE"]["control"] == "german"
        at_aac = [u for u in v["units"] if u.get("zone") == "AAC"]
        marks = [m[0] for m in present._markers(v["zones"]["AAC"], at_aac)]
        assert "×" in marks  # the map draws the disruption marker
        at_saa = [u for u in v["units"] if u.get("zone") == "SAA"]
        assert "W" in [m[0] for m in present._markers(v["zones"]["SAA"], at_saa)]
    s.units["G6"].disrupted = False
    v = game.view(s, "allied")
    at_aac = [u for u in v["units"] if u.get("zone") == "AAC"]
    assert "×" not in [m[0] for m in present._markers(v["zones"]["AAC"], at_aac)]


@pytest.mark.rules("seeds-of-disaster:13.7.7", "seeds-of-disaster:13.7.8")
def test_loss_and_retreat_choices_name_the_unit_and_the_way() -> None:
    from tests.games.seeds_of_disaster.helpers import war_state

    v = game.view(war_state(), "german")
    loss = present.describe({"type": "loss", "unit": "G6"}, v)
    assert "G6" in loss and "6th Army" in loss
    sub = present.describe({"type": "loss", "unit": "G6", "substitute": True}, v)
    assert "two army steps" in sub
    back = present.describe({"type": "retreat", "from": "AAC", "path": ["KOL", "ESS"]}, v)
    assert "AAC" in back and back.index("KOL") < back.index("ESS")
