"""The Seeds of Disaster's play contract: what a side may still do before its orders are done
(this year's cards, unspent RPs) is named, and may be skipped (3.3.6, 7.3.3)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.games.randomplay import random_positions
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


@pytest.mark.rules("seeds-of-disaster:13.6", "seeds-of-disaster:13.7.1", "seeds-of-disaster:13.7.5")
def test_at_war_the_rolls_are_previewed_from_what_the_acting_side_knows() -> None:
    """Every war action that rolls dice has a preview, the same on a state where what the acting
    side may not see is drawn again; the defender's commit names the battle dice each side then
    rolls (a battle without a Mobile Forces Battle or a disrupted unit: exactly) and the table."""
    from wargames_tui.engine.contract import Preview
    from wargames_tui.engine.dice import Dice
    from wargames_tui.games.seeds_of_disaster import combat
    from wargames_tui.games.seeds_of_disaster.view import disguise

    rng, tries = random.Random(1), random.Random(2)
    session = Session.start(game, "seeds-of-disaster/1934", seed=1)
    battles = exact = ends = 0
    for _ in range(2500):
        if session.outcome() is not None:
            break
        state = session.state
        side = game.active_side(state)
        if state.war.week and side:
            for action in _a_few_of_each_type(game.prompt(state).actions, tries):
                dice = Dice(3)
                try:
                    events = game.apply(game.copy_state(state), action, dice)
                except Exception:  # noqa: BLE001 - refused here: nothing rolled
                    continue
                if not dice.rolls:
                    continue
                p = game.preview(state, action)
                assert isinstance(p, Preview) and p.odds and p.case and (p.results or p.hidden), (action, p)
                assert game.preview(disguise(state, side, random.Random(9)), action) == p
                b = state.war.battle
                if action["type"] == "commit":
                    battles += 1
                    simple = combat.fortified(state, b) and not any(combat.disrupted_in(state, b, s) for s in ("german", "allied"))
                    rolled = {e.data["side"]: len(e.data["rolls"]) for e in events if e.kind == "roll" and "total" in e.data}
                    if simple:
                        exact += 1
                        assert p.odds.startswith(f"{side.title()}: strength ") and f"+ {rolled[side]} dice;" in p.odds
                        assert p.odds.endswith(f"+ {rolled[combat.other(side)]} dice")
                else:
                    ends += action["type"] == "end-combat"
        session.act(random_bot(session, rng))
    assert battles and exact and ends


def _a_few_of_each_type(actions: list, rng: random.Random, few: int = 3) -> list:
    """Up to `few` actions of each type, drawn at random: a position lists hundreds of moves
    and rail moves, and trying each on a copy cost most of a minute a game."""
    by_type: dict[str, list] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    return [a for same in by_type.values() for a in rng.sample(same, min(few, len(same)))]


def _attacked(pieces: dict, cp: int, area: str = "LIE") -> Any:
    """G6 from AAC has attacked `area` and committed: the defender is asked to stand or retreat."""
    from tests.games.seeds_of_disaster.helpers import only
    from wargames_tui.engine.dice import Dice

    s = only(pieces, cp=cp)
    for action in ({"type": "end-movement"}, {"type": "attack", "area": area, "units": ["G6"]}, {"type": "commit"}):
        game.apply(s, action, Dice(0))
    return s


def _forced_whatever_is_hidden(state: Any) -> bool:
    """Forced here, and on every re-draw of what the acting side's enemy cannot see."""
    side = game.active_side(state)
    enemy = "allied" if side == "german" else "german"
    others = [game.disguise(state, enemy, random.Random(k)) for k in range(12)]
    return all(game.publicly_forced(s) and len(game.prompt(s).actions) == 1 for s in [state, *others])


@pytest.mark.rules("seeds-of-disaster:13.4", "seeds-of-disaster:6.2.7", "seeds-of-disaster:13.7.7")
def test_an_only_choice_is_publicly_forced_when_what_forces_it_is_public() -> None:
    # issue 27 "No handover just to pick the only option": the client takes these without one.
    # No CP at all: neither a retreat before combat (a CP a piece, 6.2.7) nor a recovery can be paid.
    broke = _attacked({"G6": ("AAC", 9), "F1": ("LIE", 5)}, cp=0)
    assert game.prompt(broke).actions == [{"type": "accept"}]
    assert _forced_whatever_is_hidden(broke)
    # One CP and one piece in LIE: what makes the retreat cost two is the corps poised with F1 (13.4),
    # which the German cannot see: asking the Allied player anyway tells him nothing.
    poised = _attacked({"G6": ("AAC", 9), "F1": ("LIE", 5), "DLM1": ("poised:F1", 2)}, cp=1)
    assert game.prompt(poised).actions == [{"type": "accept"}]
    assert not game.publicly_forced(poised)
    # A lone corps takes the step loss (13.7.7); a lone army might have poised corps to lose it instead.
    corps = _lost(_attacked({"G6": ("AAC", 9), "FIX": ("LIE", 2)}, cp=0))
    assert game.prompt(corps).actions == [{"type": "loss", "unit": "FIX"}]
    assert _forced_whatever_is_hidden(corps)
    army = _lost(_attacked({"G6": ("AAC", 9), "F1": ("LIE", 5)}, cp=0))
    assert game.prompt(army).actions == [{"type": "loss", "unit": "G6"}]
    assert not game.publicly_forced(army)


def _lost(state: Any) -> Any:
    """The defender stands and commits; the dice give the first step loss to choose."""
    from wargames_tui.engine.dice import Dice

    game.apply(state, {"type": "accept"}, Dice(0))
    game.apply(state, {"type": "commit"}, Dice.replaying([6] * 6 + [1] * 6))
    return state


@pytest.mark.rules("seeds-of-disaster:3.1.4")
def test_no_prewar_choice_is_taken_without_its_handover() -> None:
    # Before the war a side with no say by public facts is not asked at all (prewar turn.concerned);
    # one still asked with a single choice owes it to his hidden hand or RPs.
    singles = 0
    for session in random_positions(game, "seeds-of-disaster/1934", 8, 200):
        singles += len(session.prompt.actions) == 1
        assert not game.publicly_forced(session.state)
    assert singles
