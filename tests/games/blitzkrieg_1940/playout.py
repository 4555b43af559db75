"""Complete games through the protocol with a quick random policy, for the playout and hidden tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import wargames_tui.games.blitzkrieg_1940 as game
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session

# The set-up lists every waiting unit's hexes (some 30,000 places): the historical set-up weighs
# enough to be taken after a few placements, as when only the next unit's 450 were listed.
QUICK = {"end-phase": 12.0, "end-advance": 3.0, "deselect": 0.5, "historical": 3000.0, "end-drops": 30.0}


def quick_policy(session: Session, rng: random.Random) -> dict:
    """Any legal action, but phases end soon so a whole game takes seconds."""
    actions = session.prompt.actions
    weights = [QUICK.get(a["type"], 1.0) for a in actions]
    return rng.choices(actions, weights=weights)[0]


def play(scenario: str, seed: int, each: Callable[[Session, list], None] | None = None, limit: int = 6000,
         finish: bool = True, options: dict[str, str] | None = None) -> Session:
    rng = random.Random(seed)
    session = Session.start(game, scenario, options or {}, seed=seed)
    for _ in range(limit):
        if session.outcome() is not None:
            return session
        events = session.act(quick_policy(session, rng))
        if each:
            each(session, events)
    if finish:
        raise AssertionError(f"no result after {limit} actions")
    return session


def replay(session: Session) -> dict:
    """Play the log again from a new game with its recorded rolls: the final position must match."""
    state = game.new(session.scenario, session.options)
    for entry in session.log:
        trial = game.copy_state(state)
        game.apply(trial, json.loads(json.dumps(entry.action)), Dice.replaying(entry.rolls))
        state = trial
    return game.dump(state)
