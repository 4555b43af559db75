"""Event cards and counterespionage (seeds-of-disaster:4.x).

1935 is used where nothing else needs dice: its DS change is mandated (no check roll), then come
the two RP rolls (four dice). With rolls of 1: German 2 +2 (Opposition, the 1935 line) = 4, 18 RPs;
Allied 2 +1 = 3, 22 RPs (tables.toml)."""

import pytest

from wargames_tui.games.seeds_of_disaster import prewar
from wargames_tui.games.seeds_of_disaster.prewar import data, turn

from .helpers import act, at, cards_total, fresh, hand

RP_ROLLS = (1, 1, 1, 1)


def cards_at(year=1935, ds="peace", german=(), allied=()):
    s = at(fresh(), "cards", year=year, ds=ds)
    hand(s, "german", *german)
    hand(s, "allied", *allied)
    return s


def legal(s, side="german"):
    return turn.order_actions(s, side)


def events(s, side="german"):
    """The plays and discards open to a side now (counterespionage uses aside)."""
    return [
        a for a in legal(s, side) if a["type"] in ("play-card", "discard-card", "ready")
    ]


@pytest.mark.rules(
    "seeds-of-disaster:4.1.3",
    "seeds-of-disaster:4.1.5",
    "seeds-of-disaster:4.1.7",
    "seeds-of-disaster:3.3.6",
    "seeds-of-disaster:4.1.11",
    "seeds-of-disaster:7.5.1",
)
def test_cards_played_for_events_act_at_once_within_the_years_allowance():
    s = cards_at(german=(2, 22), allied=(3, 12))
    # a card of the year must go first (4.1.11): no undated play and no discard yet
    assert events(s) == [{"type": "play-card", "card": 2}, {"type": "ready"}]
    act(s, {"type": "play-card", "card": 2})
    assert {"type": "play-card", "card": 22} in legal(s) and {
        "type": "discard-card",
        "card": 22,
    } in legal(s)
    act(s, {"type": "play-card", "card": 22})
    assert events(s) == [{"type": "ready"}], "1935 allows two plays or discards"
    assert prewar.prompt(s).side == "german", "done is said, never guessed (3.1.4)"
    act(s, {"type": "ready"})
    act(s, {"type": "play-card", "card": 3})
    act(s, {"type": "discard-card", "card": 12})
    # both are done and revealed; with no card left free, neither side is asked for an answer: the
    # cards are carried out, the DS rises (1935, no roll) and the RP rolls are made
    text = act(s, {"type": "ready"}, *RP_ROLLS)
    assert (
        "German plays 2 Luftwaffe Unveiled" in text
        and "Allied plays 3 Rearmament White Paper" in text
    )
    assert "air" in s.strategic.unlocked["german"]
    assert s.strategic.cp["german"] == 2
    assert s.strategic.rp == {"german": 18, "allied": 10 + 22}
    assert s.strategic.segment == "mobilize"
    assert cards_total(s) == 24


@pytest.mark.rules("seeds-of-disaster:4.1.11")
def test_a_card_of_a_later_year_cannot_be_played_yet():
    s = cards_at(year=1934, german=(2, 22), allied=())
    assert {"type": "play-card", "card": 2} not in legal(s)
    assert {"type": "discard-card", "card": 2} in legal(s)
    assert {"type": "play-card", "card": 22} in legal(s)


@pytest.mark.rules("seeds-of-disaster:4.1.13")
def test_an_urgent_card_must_be_played_at_the_first_chance():
    s = cards_at(german=(1, 2, 22), allied=())
    assert {"type": "ready"} not in legal(s)
    act(s, {"type": "play-card", "card": 2})
    assert events(s) == [{"type": "play-card", "card": 1}], (
        "the urgent card before the undated one"
    )


@pytest.mark.rules("seeds-of-disaster:4.1.9", "seeds-of-disaster:4.1.12")
def test_one_time_events_leave_the_game_and_the_rest_return_to_the_deck():
    s = cards_at(german=(2, 22), allied=(3, 12))
    for a in (
        {"type": "play-card", "card": 2},
        {"type": "play-card", "card": 22},
        {"type": "ready"},
        {"type": "play-card", "card": 3},
        {"type": "discard-card", "card": 12},
    ):
        act(s, a)
    act(s, {"type": "ready"}, *RP_ROLLS)
    played = s.strategic.played
    assert played == {"german": ["2", "22"], "allied": ["3"]}, (
        "shown until the end of the turn"
    )
    from wargames_tui.games.seeds_of_disaster.prewar import cards

    cards.end_turn(s.strategic)
    assert s.strategic.removed == ["2", "3"]
    assert {"22", "12"} <= set(s.strategic.deck)
    assert cards_total(s) == 24


@pytest.mark.rules("seeds-of-disaster:4.1.8")
def test_a_discarded_card_is_never_shown_to_the_opponent():
    s = cards_at(german=(22, 11), allied=(12, 24))
    act(s, {"type": "discard-card", "card": 22})
    act(s, {"type": "ready"})
    act(s, {"type": "play-card", "card": 12})
    act(
        s, {"type": "ready"}
    )  # the orders are revealed: the German may answer card 12 with card 11
    seen = prewar.view_part(s, "allied")["sides"]["german"]
    assert seen["revealed"] == [{"type": "discard-card"}] and "orders" not in seen
    assert "22" not in str(seen)
    assert prewar.prompt(s).side == "german"
    act(s, {"type": "no-counter"}, *RP_ROLLS)
    seen = prewar.view_part(s, "allied")["sides"]["german"]
    assert seen["discard_count"] == 1 and "discards" not in seen
    assert all(
        c["id"] != 22 for c in prewar.view_part(s, "allied")["removed"] + seen["played"]
    )
    assert [
        c["id"] for c in prewar.view_part(s, "german")["sides"]["german"]["discards"]
    ] == [22]


@pytest.mark.rules("seeds-of-disaster:4.1.6")
def test_events_are_played_only_in_the_event_card_segment():
    s = at(fresh(), "mobilize", year=1936, ds="opposition")
    hand(s, "german", 22)
    assert all(a["type"] not in ("play-card", "discard-card") for a in legal(s))


@pytest.mark.rules("seeds-of-disaster:4.3.1", "seeds-of-disaster:4.1.4")
def test_steal_takes_a_random_card_german_first_and_it_cannot_be_played_this_turn():
    s = cards_at(german=(11, 2), allied=(12, 3, 5))
    s.strategic.hands["german"].append("22")
    act(s, {"type": "ce", "card": 11, "use": "steal"})
    assert not any(a.get("use") == "steal" for a in legal(s)), "one steal a turn"
    act(s, {"type": "play-card", "card": 2})
    act(s, {"type": "play-card", "card": 22})
    act(s, {"type": "ready"})
    act(s, {"type": "ce", "card": 12, "use": "steal"})
    act(s, {"type": "play-card", "card": 3})
    act(s, {"type": "ready"})
    # the Allied answers nothing (the German has no card left to answer with). The German steals
    # first: of the Allied cards not ordered, 5 is the only one; the Allied then finds nothing to take.
    text = act(s, {"type": "no-counter"}, 1, *RP_ROLLS)
    assert "German steals an Event card at random" in text
    assert "5" in s.strategic.hands["german"] and s.strategic.stolen["german"] == ["5"]
    assert "none can be taken" in text
    assert s.strategic.segment == "mobilize"


@pytest.mark.rules("seeds-of-disaster:4.3.1")
def test_the_steals_a_turn_are_the_table_s(monkeypatch):
    # One a turn as printed (tables.toml `steals_per_turn`): the game reads the limit from the table.
    t = data.tables()
    monkeypatch.setattr(data, "tables", lambda: t.model_copy(update={"limits": t.limits.model_copy(update={"steals_per_turn": 2})}))
    s = cards_at(german=(11, 12, 2), allied=(13, 3, 5))
    act(s, {"type": "ce", "card": 11, "use": "steal"})
    assert {"type": "ce", "card": 12, "use": "steal"} in legal(s)
    act(s, {"type": "ce", "card": 12, "use": "steal"})
    assert not any(a.get("use") == "steal" for a in legal(s))


@pytest.mark.rules("seeds-of-disaster:4.3.1")
def test_a_stolen_card_may_not_be_played_in_the_turn_it_was_taken():
    s = cards_at(german=(22,), allied=())
    s.strategic.stolen["german"] = ["22"]
    assert {"type": "play-card", "card": 22} not in legal(s)


@pytest.mark.rules(
    "seeds-of-disaster:4.3.2",
    "seeds-of-disaster:4.3.3",
    "seeds-of-disaster:4.3.4",
    "seeds-of-disaster:4.2.1",
)
def test_block_raid_and_cut_collection_advantages():
    s = cards_at(german=(24, 11), allied=())
    s.strategic.ip["allied"] = 6
    s.strategic.ip_drm_perm["allied"] = 1
    s.strategic.ip_drm_temp["allied"] = 1
    act(s, {"type": "ce", "card": 24, "use": "raid"})  # value 4
    act(s, {"type": "ce", "card": 11, "use": "collection"})  # value 3
    act(s, {"type": "ready"}, *RP_ROLLS)
    assert s.strategic.ip["allied"] == 2
    # three off: the turn's +1, then the permanent +1 down to -1 (4.3.4: into a negative DRM)
    assert (s.strategic.ip_drm_temp["allied"], s.strategic.ip_drm_perm["allied"]) == (
        0,
        -1,
    )
    s2 = cards_at(german=(22,), allied=())
    act(s2, {"type": "ce", "card": 22, "use": "block"})
    act(s2, {"type": "ready"}, *RP_ROLLS)
    assert s2.strategic.ip_blocked["allied"]


@pytest.mark.rules("seeds-of-disaster:4.2.1", "seeds-of-disaster:4.4")
def test_counterespionage_cancels_an_event_and_a_higher_value_trumps():
    s = cards_at(german=(2, 11), allied=(24, 5))
    act(s, {"type": "play-card", "card": 2})
    act(s, {"type": "ready"})
    act(s, {"type": "ready"})
    # the German has nothing to answer (the Allied played nothing); the Allied may answer card 2
    assert prewar.prompt(s).side == "allied"
    assert {"type": "counter", "card": 5, "target": 0} in legal(s, "allied")
    act(s, {"type": "counter", "card": 5, "target": 0}, *RP_ROLLS)
    assert "air" not in s.strategic.unlocked["german"], "the event is ignored"
    assert s.strategic.played["german"] == ["2"] and s.strategic.played["allied"] == [
        "5"
    ]


@pytest.mark.rules("seeds-of-disaster:4.4")
def test_only_a_higher_value_trumps_a_counterespionage_use():
    s = cards_at(german=(11,), allied=(5, 24))
    act(
        s, {"type": "ce", "card": 11, "use": "collection"}
    )  # value 3: the German has nothing else
    act(s, {"type": "ready"})
    act(s, {"type": "ready"})  # the Allied plays nothing
    answers = legal(s, "allied")
    assert {"type": "counter", "card": 24, "target": 0} in answers  # 4 beats 3
    assert {"type": "counter", "card": 5, "target": 0} not in answers  # 2 does not
    s.strategic.ip_drm_perm["allied"] = 2
    act(s, {"type": "counter", "card": 24, "target": 0}, *RP_ROLLS)
    assert s.strategic.ip_drm_perm["allied"] == 2


@pytest.mark.rules("seeds-of-disaster:4.4")
def test_the_allied_answer_may_trump_the_german_answer():
    s = cards_at(german=(2, 22), allied=(3, 24))
    act(s, {"type": "play-card", "card": 2})
    act(s, {"type": "ready"})
    act(s, {"type": "play-card", "card": 3})
    act(s, {"type": "ready"})
    act(
        s, {"type": "counter", "card": 22, "target": 0}
    )  # German Grand Maneuvers (2) cancels card 3
    act(
        s, {"type": "counter", "card": 24, "target": 1}, *RP_ROLLS
    )  # Allied Spies (4) trumps it
    assert s.strategic.rp["allied"] == 10 + 22, "card 3 took effect after all"
    assert "air" in s.strategic.unlocked["german"]


@pytest.mark.rules("seeds-of-disaster:4.0")
def test_critical_year_lets_every_other_event_be_played():
    s = cards_at(year=1934, german=(21, 22, 11, 14), allied=())
    act(s, {"type": "play-card", "card": 21})
    act(s, {"type": "play-card", "card": 22})
    act(s, {"type": "play-card", "card": 11})
    order = {"type": "play-card", "card": 14}
    assert order in legal(s), "beyond the two of 1934"
    act(s, order)
    text = act(s, {"type": "ready"}, *RP_ROLLS)
    assert "German plays 14 Panzer Doctrine" in text


@pytest.mark.rules("seeds-of-disaster:4.1.10", "seeds-of-disaster:4.1.2")
def test_the_deck_has_no_order_and_each_draw_is_rolled_when_made():
    s = fresh()
    assert s.strategic.deck == sorted(s.strategic.deck, key=int)
    act(s, {"type": "deal"}, *([24, 23, 22, 21, 20, 19] + [1] * 6 + [1] * 4))
    assert s.strategic.hands["german"][-6:] != ["1", "2", "3", "4", "5", "6"]
    assert set(s.strategic.hands["german"]) >= {"19", "20", "21", "22", "23", "24"}
    assert s.strategic.deck == sorted(s.strategic.deck, key=int)


@pytest.mark.rules("seeds-of-disaster:4.1.3")
def test_the_reveal_shows_the_cards_played_and_only_the_number_discarded():
    # 1939: one play and two discards for the German (the Chronology's numbers, chronology.toml).
    s = cards_at(year=1939, german=(2, 22, 5, 3), allied=())
    act(s, {"type": "play-card", "card": 2})
    act(s, {"type": "discard-card", "card": 22})
    act(s, {"type": "discard-card", "card": 5})
    text = "\n".join(e.text for e in turn._reveal_cards(s))
    assert "play card 2 " in text and "; 2 discarded face down" in text and "22" not in text
