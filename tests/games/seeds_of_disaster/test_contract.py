"""The Seeds of Disaster's play contract: what a side may still do before its orders are done
(this year's cards, unspent RPs) is named, and may be skipped (3.3.6, 7.3.3)."""

from __future__ import annotations

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import seeds_of_disaster as game
from wargames_tui.games.seeds_of_disaster.prewar import cards, mobilize


@pytest.mark.rules("seeds-of-disaster:3.3.6", "seeds-of-disaster:7.3.3")
def test_the_years_cards_and_unspent_rps_are_owed_and_skippable() -> None:
    rng = random.Random(5)
    session = Session.start(game, "seeds-of-disaster/1934", seed=5)
    seen = set()
    for _ in range(200):
        s = session.state.strategic
        side = game.active_side(session.state)
        owed = {o.case: o for o in game.owed(session.state)}
        if s.segment == "cards" and s.step != "respond" and side:
            left = cards.allowance(s) - cards.counted(s, side)
            if left > 0 and cards.free_cards(s, side):
                o = owed["seeds-of-disaster:3.3.6"]
                assert o.skippable and o.text == f"may still play or discard {left} of this year's {cards.allowance(s)} cards"
                seen.add("cards")
        if s.segment == "mobilize" and side and not s.orders[side].done:
            left = s.rp[side] - mobilize.committed(s, side)
            if left > 0 and any(a["type"] in ("build", "invest") for a in mobilize.build_actions(session.state, side)):
                o = owed["seeds-of-disaster:7.3.3"]
                assert o.skippable and o.text.startswith(f"{left} RPs unspent")
                seen.add("rp")
        session.act(random_bot(session, rng))
    assert seen == {"cards", "rp"}


@pytest.mark.rules("seeds-of-disaster:7.1.1")
def test_ending_the_card_segment_previews_the_acting_sides_rp_roll_as_the_rules_make_it() -> None:
    """The answer that ends the 1934 card segment sets off both RP rolls (German first): the preview
    gives the acting side's gains with the chance each has, as every roll of its two dice makes them."""
    from collections import Counter
    from fractions import Fraction

    from wargames_tui.engine.dice import Dice

    rng = random.Random(5)
    session = Session.start(game, "seeds-of-disaster/1934", seed=5)
    while not (session.state.strategic.segment == "cards" and session.state.strategic.step == "respond"):
        session.act(random_bot(session, rng))
    if game.active_side(session.state) == "german":
        session.act({"type": "no-counter"})  # the Germans answer first; the Allied answer ends the segment
    state = session.state
    assert state.strategic.step == "respond"
    side = game.active_side(state)
    end = next(a for a in game.prompt(state).actions if a["type"] == "no-counter")
    p = game.preview(state, end)
    assert p is not None and p.case == "seeds-of-disaster:7.1.1"
    gains: Counter[str] = Counter()
    for a in range(1, 7):
        for b in range(1, 7):
            rolls = [a, b, 1, 1] if side == "german" else [1, 1, a, b]
            events = game.apply(game.copy_state(state), end, Dice.replaying(rolls + [1] * 20))
            [mine] = [e for e in events if e.data and e.data.get("side") == side and "gain" in e.data]
            gains[f"+{mine.data['gain']} RPs"] += 1
    expected = {what: f"{round(100 * Fraction(n, 36))}%" for what, n in gains.items()}
    assert {r.result: r.rolls for r in p.results} == expected
    assert "the other side's results" in p.hidden


def test_a_prewar_save_is_listed_by_its_date_not_as_turn_0(tmp_path) -> None:  # noqa: ANN001
    """The menu's Continue read "turn 0 · Event Cards" for a game in 1936: before the war there
    is no week, and the date leads the phase."""
    from wargames_tui.engine.saves import save
    from wargames_tui.ui.saving import describe, list_saves

    rng = random.Random(5)
    session = Session.start(game, "seeds-of-disaster/1934", seed=5)
    while session.state.strategic.year < 1936:
        session.act(random_bot(session, rng))
    save(session, tmp_path / "seeds.json")
    [entry] = list_saves(tmp_path)
    line = describe(entry).splitlines()[0]
    assert "turn 0" not in line and "1936 · " in line, line
