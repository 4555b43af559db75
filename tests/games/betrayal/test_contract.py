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
    assert [o.text for o in betrayal.owed(s)] == ["place 27 French unit(s)"]


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
