"""Only the prompt's actions are played, in every game (engine/legality.py).

Through random games of every scenario: every listed action passes the check, and an action made
by changing a listed one (an extra key, a changed value, a type not offered) is refused with the
position left as it was, whatever the game's `apply` would have made of it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.actionlist import form_key
from wargames_tui.engine.flow import Action, IllegalAction
from wargames_tui.engine.legality import anytime, listing, listing_form
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for

SCENARIOS = [info.id for info in all_scenarios()]
MAX_ACTIONS = 300
CHECK_EVERY = 7
SAMPLE = 6  # listed actions checked, and mutated, at each checked position


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1000
    if isinstance(value, str):
        return value + "-x"
    if isinstance(value, list):
        return [*value, "x"]
    return "x"


def mutations(action: Action, offered: set[str]) -> list[Action]:
    out: list[Action] = [{**action, "unit": "nobody"}, {**action, "extra": 1}]
    out += [{**action, k: _changed(v)} for k, v in action.items() if k != "type"]
    out += [{**action, k: None} for k in action if k != "type"]
    out += [{k: v for k, v in action.items() if k != drop} for drop in action if drop != "type"]
    out += [{"type": t} for t in ("end-phase", "pass", "no-such-type") if t not in offered]
    return out


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_only_listed_actions_are_played(scenario: str) -> None:
    game = game_for(scenario)
    form = listing_form(game)
    rng = random.Random(3)
    session = Session.start(game, scenario, seed=3)
    checked = refused = 0
    for n in range(MAX_ACTIONS):
        if session.outcome() is not None:
            break
        if n % CHECK_EVERY == 0:
            actions = [*session.prompt.actions, *anytime(game, session.state)]
            found = listing(game, session.state, session.prompt)
            every = {form_key(form(a)) for a in actions}
            offered = {a.get("type", "") for a in actions}
            before = game.dump(session.state)
            for action in rng.sample(list(actions), min(SAMPLE, len(actions))):
                assert action in found, f"action {n}: a listed action fails the check: {action}"
                checked += 1
                for wrong in mutations(action, offered):
                    if form_key(form(wrong)) in every:
                        continue
                    with pytest.raises(IllegalAction):
                        session.act(wrong)
                    assert game.dump(session.state) == before and len(session.log) == n
                    refused += 1
        session.act(random_bot(session, rng))
    assert checked and refused
