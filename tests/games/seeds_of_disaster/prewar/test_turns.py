"""The year and month turns: opening hands, segments in order, simultaneous orders, the DS level
and the Chronology (seeds-of-disaster:3.x, 4.1.1, 4.1.2, 21.1)."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.seeds_of_disaster import prewar
from wargames_tui.games.seeds_of_disaster.prewar import turn

from .helpers import act, at, fresh, hand, kinds


@pytest.mark.rules(
    "seeds-of-disaster:21.1",
    "seeds-of-disaster:4.1.1",
    "seeds-of-disaster:4.1.2",
    "seeds-of-disaster:3.3.6",
)
def test_the_game_opens_in_peace_in_1934_with_six_cards_and_the_years_draw():
    s = fresh()
    assert (s.strategic.ds, s.strategic.year) == ("peace", 1934)
    assert prewar.prompt(s).actions == [{"type": "deal"}]
    # every draw takes the first of the cards left (a roll of 1): six each, then 1934's two each
    act(s, {"type": "deal"}, *[1] * 16)
    assert s.strategic.hands["german"] == ["1", "2", "3", "4", "5", "6", "13", "14"]
    assert s.strategic.hands["allied"] == ["7", "8", "9", "10", "11", "12", "15", "16"]
    assert s.strategic.segment == "cards"
    assert s.strategic.deck == [str(c) for c in range(17, 25)]


@pytest.mark.rules("seeds-of-disaster:3.1.4", "seeds-of-disaster:3.4")
def test_orders_are_entered_german_then_allied_and_carried_out_together():
    s = at(fresh(), "mobilize")
    s.strategic.rp = {"german": 10, "allied": 10}
    assert prewar.prompt(s).side == "german"
    act(s, {"type": "build", "unit": "G2"})
    assert s.units["G2"].steps == 1, "nothing is carried out before both sides are done"
    act(s, {"type": "ready"})
    assert prewar.prompt(s).side == "allied"
    act(s, {"type": "build", "unit": "F4"})
    act(
        s, {"type": "ready"}, 1, 1, 1, 1
    )  # both done: carried out; 1935 begins with its card draws
    assert s.units["G2"].steps == 2 and s.units["F4"].steps == 6
    assert s.strategic.rp == {"german": 7, "allied": 7}
    assert (s.strategic.year, s.strategic.segment) == (1935, "cards")


@pytest.mark.rules(
    "seeds-of-disaster:3.4", "seeds-of-disaster:3.2", "seeds-of-disaster:3.1.1"
)
def test_the_segments_of_each_level():
    s = fresh().strategic
    s.year = 1934
    assert [g for g in turn.ORDER if turn.applies(s, g)] == ["cards", "rp", "mobilize"]
    s.year, s.ds = 1936, "opposition"
    assert [g for g in turn.ORDER if turn.applies(s, g)] == [
        "cards",
        "check",
        "rp",
        "mobilize",
        "move",
    ]
    s.year, s.ds = 1937, "preparations"
    assert [g for g in turn.ORDER if turn.applies(s, g)] == [
        "intel",
        "cards",
        "check",
        "rp",
        "mobilize",
        "move",
        "ip",
    ]
    s.year, s.ds, s.month = 1940, "belligerence", 1
    assert [g for g in turn.ORDER if turn.applies(s, g)] == [
        "plan",
        "intel",
        "cards",
        "rp",
        "mobilize",
        "move",
        "ip",
    ]
    s.month = 2
    s.hands = {"german": [], "allied": []}
    assert [g for g in turn.ORDER if turn.applies(s, g)] == [
        "plan",
        "intel",
        "mobilize",
        "move",
        "ip",
    ]
    for month in range(3, 9):  # 3.4: the IP segment in every month until the war
        s.month = month
        assert turn.applies(s, "ip") and turn.applies(s, "intel"), month


@pytest.mark.rules("seeds-of-disaster:3.3.3", "seeds-of-disaster:3.3.2")
def test_a_check_roll_at_the_number_raises_the_ds():
    s = fresh()
    s.strategic.year, s.strategic.ds = 1936, "opposition"
    text = "\n".join(e.text for e in turn.check_rolls(s, _dice(4, 5)))
    assert "4 + 5 = 9 against 9: the DS level rises" in text
    assert s.strategic.ds == "preparations"


@pytest.mark.rules("seeds-of-disaster:3.3.3")
def test_a_near_miss_gives_both_rp_rolls_a_modifier():
    s = fresh()
    s.strategic.year, s.strategic.ds = 1936, "opposition"
    turn.check_rolls(
        s, _dice(3, 4)
    )  # 7 against 9: short by 2, one of the year's near misses
    assert s.strategic.ds == "opposition"
    assert s.strategic.rp_drm == {"german": 1, "allied": 1}
    s.strategic.rp_drm = {"german": 0, "allied": 0}
    turn.check_rolls(s, _dice(1, 2))  # 3: far short
    assert s.strategic.rp_drm == {"german": 0, "allied": 0}


@pytest.mark.rules("seeds-of-disaster:3.1.3", "seeds-of-disaster:3.3.4")
def test_two_checks_in_1938_raise_the_ds_once_at_most():
    s = fresh()
    s.strategic.year, s.strategic.ds = 1938, "peace"
    text = "\n".join(e.text for e in turn.check_rolls(s, _dice(6, 6, 6, 6)))
    assert text.count("Check roll") == 2
    assert s.strategic.ds == "opposition"
    assert "already risen this turn (3.1.3)" in text


@pytest.mark.rules(
    "seeds-of-disaster:3.3.5", "seeds-of-disaster:3.3.1", "seeds-of-disaster:3.1.2"
)
def test_armed_belligerence_starts_with_the_next_turn_in_months():
    s = fresh()
    s.strategic.year, s.strategic.ds = 1939, "preparations"
    turn.check_rolls(s, _dice(3, 2, 6, 6))
    assert s.strategic.ds == "preparations" and s.strategic.pending_belligerence
    turn.end_turn(s, _dice(*[1] * 4))  # the final draw of two cards each
    assert (s.strategic.ds, s.strategic.month) == ("belligerence", 1)
    assert s.strategic.segment == "plan"
    assert not turn.applies(s.strategic, "check"), (
        "no Chronology once at Armed Belligerence (3.3.1)"
    )


@pytest.mark.rules("seeds-of-disaster:3.1.2")
def test_1940_is_armed_belligerence_whatever_the_level():
    s = fresh()
    s.strategic.year, s.strategic.ds = 1939, "opposition"
    turn.end_turn(s, _dice(*[1] * 4))
    assert (s.strategic.year, s.strategic.ds, s.strategic.month) == (
        1940,
        "belligerence",
        1,
    )


@pytest.mark.rules("seeds-of-disaster:3.1.2", "seeds-of-disaster:3.1.5")
def test_war_comes_after_the_eighth_month():
    s = fresh()
    s.strategic.year, s.strategic.ds, s.strategic.month = 1940, "belligerence", 8
    s.strategic.hands = {"german": [], "allied": []}
    text = "\n".join(e.text for e in turn.advance(_after_last_segment(s), _dice()))
    assert "After 8 months of Armed Belligerence, war begins" in text
    assert s.strategic.ds == "hostilities" and s.war.week == 1


def _after_last_segment(s):
    at(s, "ip", ds="belligerence", month=8)
    s.strategic.orders["german"].done = s.strategic.orders["allied"].done = True
    s.strategic.ip_blocked = {"german": True, "allied": True}
    return s


@pytest.mark.rules("seeds-of-disaster:3.4")
def test_a_side_with_nothing_to_decide_is_not_asked():
    s = at(fresh(), "cards", year=1934)
    hand(s, "german")
    hand(s, "allied", 3)
    assert prewar.prompt(s).side == "allied"


@pytest.mark.rules("seeds-of-disaster:3.1.4", "seeds-of-disaster:5.2.1")
def test_who_is_asked_hangs_on_public_facts_only():
    # no RPs, no IPs: each side is still asked and says it is done, so that the other side cannot
    # tell an empty purse from a full one by who is asked
    s = at(fresh(), "mobilize")
    s.strategic.rp = {"german": 0, "allied": 0}
    assert prewar.prompt(s).actions == [{"type": "ready"}]
    assert prewar.prompt(s).side == "german"
    act(s, {"type": "ready"})
    assert prewar.prompt(s).side == "allied"
    s = at(fresh(), "ip", year=1937, ds="preparations")
    s.strategic.ip = {"german": 0, "allied": 5}
    assert prewar.prompt(s).side == "german"
    s.strategic.ip_blocked["german"] = True  # a public block (4.3.2): nothing to ask
    assert prewar.prompt(s).side == "allied"


@pytest.mark.rules("seeds-of-disaster:3.4")
def test_malformed_orders_are_illegal_actions():
    s = at(fresh(), "mobilize")
    s.strategic.rp = {"german": 10, "allied": 10}
    for bad in (
        None,
        3,
        "build",
        {},
        {"type": 5},
        {"type": "build"},
        {"type": "build", "unit": "nope"},
        {"type": "build", "unit": ["G2"]},
        {"type": "invest", "rp": 15},
        {"type": "move", "unit": "G1"},
    ):
        with pytest.raises(IllegalAction):
            prewar.apply(s, bad, _dice())
    assert "build" in kinds(s)


def _dice(*rolls):
    from wargames_tui.engine.dice import Dice

    return Dice.replaying(rolls)
