"""Hidden means hidden, for every registered game, through random play.

- No view for one side holds a fact hidden from it: re-drawing everything hidden from a viewer
  (the game's `disguise`) leaves that viewer's view unchanged.
- The state, and so the save, holds no undrawn secret: what a `reveal` event shows depends on the
  dice rolled at that moment, so the same action on the same state with other dice reveals other
  things, somewhere in a game.
"""

from __future__ import annotations

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for

SCENARIOS = [info.id for info in all_scenarios()]
MAX_ACTIONS = 400
CHECK_EVERY = 3  # the views are compared after every third action (a different third for each seed)
REDRAWS = 6


def _viewers(session: Session) -> list[str | None]:
    return [*session.view(None)["sides"], None]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_view_holds_what_is_hidden_from_its_viewer(scenario: str) -> None:
    game = game_for(scenario)
    if not getattr(game, "HIDDEN", False):
        assert not hasattr(game, "disguise"), "a game that disguises must say it hides (HIDDEN = True)"
        pytest.skip("hides nothing from either side")
    assert callable(getattr(game, "disguise", None)), "a game that hides things must supply disguise()"
    rng = random.Random(7)
    for seed in (1, 2):
        session = Session.start(game, scenario, seed=seed)
        for n in range(MAX_ACTIONS):
            for viewer in _viewers(session) if n % CHECK_EVERY == seed % CHECK_EVERY else ():
                seen = game.view(session.state, viewer)
                assert game.view(game.disguise(session.state, viewer, rng), viewer) == seen, (
                    f"seed {seed}, action {n}: the view of {viewer} changes when what is hidden from it changes"
                )
            if session.outcome() is not None:
                break
            session.act(random_bot(session, rng))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_reveals_are_drawn_when_they_happen(scenario: str) -> None:
    game = game_for(scenario)
    rng = random.Random(11)
    reveals = varied = 0
    for seed in (1, 2, 3):
        session = Session.start(game, scenario, seed=seed)
        for _ in range(MAX_ACTIONS):
            if session.outcome() is not None:
                break
            before = game.copy_state(session.state)
            action = random_bot(session, rng)
            shown = [e.text for e in session.act(action) if e.kind == "reveal"]
            if not shown:
                continue
            reveals += 1
            for other in range(REDRAWS):
                trial = game.copy_state(before)
                again = [e.text for e in game.apply(trial, action, Dice(1000 + other)) if e.kind == "reveal"]
                if again != shown:
                    varied += 1
                    break
    if reveals == 0:
        pytest.skip("no reveal in these games")
    assert varied > 0, f"{reveals} reveals, all the same whatever the dice: the state holds what they reveal"
