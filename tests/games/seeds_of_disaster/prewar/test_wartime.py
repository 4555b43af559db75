"""The IP roll in every week of war (seeds-of-disaster:3.4, 5.1, 5.1.2, 5.2.1)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.seeds_of_disaster import prewar

from .helpers import fresh


def at_war():
    s = fresh()
    s.strategic.ds, s.strategic.segment = "hostilities", "war"
    return s


@pytest.mark.rules(
    "seeds-of-disaster:5.1", "seeds-of-disaster:5.1.2", "seeds-of-disaster:3.4"
)
def test_each_side_rolls_on_the_column_of_the_others_war_indicators():
    s = at_war()
    for kind in ("move", "combat", "aircraft", "combat"):  # a kind counts once
        prewar.note_indicator(s, "allied", kind)
    s.strategic.ip = {"german": 4, "allied": 18}
    dice = Dice.replaying([4, 3, 6, 6])
    events = prewar.war_ip_rolls(s, dice)
    assert dice.leftover() == 0
    # German: 7 on column 3 (the Allied moved, fought, flew): 1; Allied: 12 on column 0: 2, capped at 19
    assert s.strategic.ip == {"german": 5, "allied": 19}
    texts = [e.text for e in events]
    assert "IP roll 4 + 3 +0 on column 3: +1 IPs (5.1.1), 5 held" in texts
    assert s.strategic.indicators == {"german": [], "allied": []}, (
        "counted again each week"
    )


@pytest.mark.rules("seeds-of-disaster:5.2.1", "seeds-of-disaster:4.3.2")
def test_no_ip_buys_two_at_war_and_no_prewar_block_carries_over():
    s = at_war()
    s.strategic.orders["german"].items = [{"type": "boost"}]
    s.strategic.ip_blocked["allied"] = True
    s.strategic.ip_drm_temp["german"] = 2
    s.strategic.ip = {"german": 3, "allied": 0}
    prewar.war_ip_rolls(s, Dice.replaying([1, 1, 1, 1]))
    assert s.strategic.ip == {
        "german": 3,
        "allied": 0,
    }  # 2 on column 0: nothing, nothing spent


@pytest.mark.rules("seeds-of-disaster:5.1.2")
def test_an_unknown_indicator_is_an_illegal_action():
    with pytest.raises(IllegalAction):
        prewar.note_indicator(at_war(), "german", "parade")
    with pytest.raises(IllegalAction):
        prewar.note_indicator(at_war(), "soviet", "move")


@pytest.mark.rules(
    "seeds-of-disaster:5.3.3", "seeds-of-disaster:4.1.6", "seeds-of-disaster:1.1"
)
def test_the_weeks_of_war_have_no_intelligence_events_nor_cards():
    import random

    import wargames_tui.games.seeds_of_disaster as game

    from ..helpers import war_state

    s = war_state()
    rng, dice, texts = random.Random(3), Dice(3), []
    for _ in range(150):
        p = game.prompt(s)
        if p.side is None:
            break
        assert not {a["type"] for a in p.actions} & {
            "play-card",
            "ce",
            "discard-card",
            "spy",
        }
        texts += [e.text for e in game.apply(s, rng.choice(p.actions), dice)]
    assert s.war.week >= 2, "the test went past a whole week"
    assert s.strategic.ds == "hostilities", "weekly turns to the end (1.1)"
    assert not [t for t in texts if "intelligence event" in t.lower()]
