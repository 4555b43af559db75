"""Words of the prewar action list (the client's describe), read from the acting side's view."""

import wargames_tui.games.seeds_of_disaster as game
from wargames_tui.games.seeds_of_disaster import prewar

from .helpers import fresh


def test_a_build_names_the_unit_its_steps_and_the_charts_price_halved_by_a_card():
    s = fresh()
    words = prewar.describe({"type": "build", "unit": "F2"}, game.view(s, "allied"))
    assert words == "Build a step of F2 2nd Army: 5 -> 6 steps, 3 RPs"
    s.strategic.halved["german"].append(
        "panzer"
    )  # panzer 6 RPs, halved: 3 (tables.toml)
    words = prewar.describe({"type": "build", "unit": "XV"}, game.view(s, "german"))
    assert words.endswith("0 -> 1 steps, 3 RPs")


def test_a_card_play_says_what_it_does():
    v = game.view(fresh(), "german")
    words = prewar.describe({"type": "play-card", "card": 14}, v)
    assert words.startswith("Play card 14 Panzer Doctrine for its event: ")
    assert "[one-time, counterespionage 1]" in words
    raid = prewar.describe({"type": "ce", "card": 11, "use": "raid"}, v)
    assert "remove up to 3 of the opponent's IPs (4.3.3)" in raid
