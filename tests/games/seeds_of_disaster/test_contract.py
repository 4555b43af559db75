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
