"""Betrayal!'s play contract: what the German movement still owes is listed in full, and a free
set-up refused where the rules forbid it says why (betrayal:3.4.4, 9.0)."""

from __future__ import annotations

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.session import Session
from wargames_tui.games import betrayal
from wargames_tui.games.betrayal import movement
from wargames_tui.games.betrayal.board import sc


@pytest.mark.rules("betrayal:3.4.4")
def test_every_advance_attack_duty_is_owed_by_name() -> None:
    rng = random.Random(4)
    checked = 0
    for seed in (1, 2, 3):
        session = Session.start(betrayal, "betrayal/historical", seed=seed)
        for _ in range(400):
            if session.outcome() is not None:
                break
            s = session.state
            if s.phase == "german-movement" and not s.pending and movement.coverable(s):
                owed = [o.text for o in betrayal.owed(s) if o.case == "betrayal:3.4.4 C"]
                assert owed == [f"attack {sc().areas[a].name}" for a in movement.obligations(s)]
                assert {"type": "end-movement"} not in session.prompt.actions
                checked += 1
            session.act(random_bot(session, rng))
    assert checked


@pytest.mark.rules("betrayal:9.0")
def test_a_french_unit_set_up_outside_france_is_told_why() -> None:
    s = betrayal.new("betrayal/free-setup", {})
    with pytest.raises(IllegalAction) as refused:
        betrayal.apply(s.copy(), {"type": "setup", "unit": "fr-1c", "to": "BRA"}, Dice(0))
    assert refused.value.reason == "French units set up in France; Brabant is in the Netherlands"
    assert refused.value.case == "betrayal:9.0"
    assert [o.text for o in betrayal.owed(s)] == ["place 27 French unit(s) (26 ground, 1 air)"]


@pytest.mark.rules("betrayal:3.3.3")
def test_an_interception_previews_its_chance_of_success() -> None:
    """An interception succeeds on a die at or under its need: the preview gives that chance."""
    rng = random.Random(27)
    session = Session.start(betrayal, "betrayal/historical", seed=27)
    for _ in range(400):
        intercepts = [a for a in betrayal.prompt(session.state).actions if a["type"] == "intercept"]
        if intercepts:
            break
        session.act(random_bot(session, rng))
    else:
        pytest.fail("no interception offered in the playout")
    state, action = session.state, intercepts[0]
    events = betrayal.apply(betrayal.copy_state(state), action, Dice.replaying([1] * 10))
    need = next(e.data["need"] for e in events if e.data and "need" in e.data)
    p = betrayal.preview(state, action)
    assert p is not None and p.case == "betrayal:3.3.3"
    succeeds = sum(int(r.rolls.rstrip("%")) for r in p.results if "succeeds" in r.result)
    assert abs(succeeds - 100 * need / 6) <= len(p.results)  # whole percents, each rounded


def _at_step(phase: str, seed: int = 27) -> Session:
    rng = random.Random(seed)
    session = Session.start(betrayal, "betrayal/historical", seed=seed)
    for _ in range(600):
        if session.state.phase == phase and list(betrayal.prompt(session.state).actions) == [{"type": "step"}]:
            return session
        session.act(random_bot(session, rng))
    pytest.fail(f"no automaton step in {phase} in the playout")


def _tally(state, rolls: int, what) -> dict[str, float]:  # noqa: ANN001 - a Betrayal state, events -> words
    """Every way `rolls` dice fall, the automaton's step applied to a copy: each outcome's share."""
    from itertools import product

    seen: dict[str, int] = {}
    for faces in product(range(1, 7), repeat=rolls):
        events = betrayal.apply(betrayal.copy_state(state), {"type": "step"}, Dice.replaying(list(faces)))
        key = what(events)
        seen[key] = seen.get(key, 0) + 1
    return {k: 100 * n / 6 ** rolls for k, n in seen.items()}


@pytest.mark.rules("betrayal:3.4.1", "betrayal:3.4.2", "betrayal:3.4.3", "betrayal:3.4.6")
def test_the_automatons_steps_preview_the_chances_the_dice_give() -> None:
    """The initiative, the OKW orders and the tactics: each outcome's chance in the preview is the
    share of the ways the dice fall that bring it (applied with every face of every die)."""
    from wargames_tui.games.betrayal.automaton import TACTIC_NAMES

    def chances_of(state) -> dict[str, int]:  # noqa: ANN001
        p = betrayal.preview(state, {"type": "step"})
        assert p is not None and p.case.startswith("betrayal:3.4") and p.results
        return {r.result: 0 if r.rolls == "<1%" else int(r.rolls.rstrip("%")) for r in p.results}

    session = _at_step("initiative")
    state = session.state
    state.turn, state.initiative = 2, "british"  # a tie goes to the French player (3.4.1)
    got = _tally(state, 2, lambda ev: next(e.data["initiative"] for e in ev if "initiative" in (e.data or {})))
    assert {f"the {k.title()} player handles the Germans": round(v) for k, v in got.items()} == chances_of(state)

    state = _at_step("orders").state
    def order(ev) -> str:  # noqa: ANN001
        d = next(e.data for e in ev if "countries" in (e.data or {}))
        return f"{'+'.join(d['countries'])}, {d['tactics']} tactics roll{'s' if d['tactics'] > 1 else ''}"
    got = _tally(state, 2, order)
    merged = {k: round(v) for k, v in got.items()}
    assert merged == chances_of(state)

    state = _at_step("tactics").state
    state.tactics_rolls = 2
    got = _tally(state, 4, lambda ev: " + ".join(TACTIC_NAMES[x] for x in state_after(ev)) or "none")
    assert {k: round(v) for k, v in got.items()} == {k: v for k, v in chances_of(state).items()}


def state_after(events) -> list[str]:  # noqa: ANN001
    """The tactics that stand after the rolls, read from their events (3.4.3, 3.4.6)."""
    rolled = [e.data["tactic"] for e in events if "tactic" in (e.data or {})]
    from wargames_tui.games.betrayal.automaton import tactics_kept

    return tactics_kept(rolled)
