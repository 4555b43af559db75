"""Hidden means hidden, for every registered game, through random play, on every channel a side reads
(docs/GAMES.md, "Every channel is a view").

A game's `disguise(state, v, rng)` re-draws everything hidden from viewer v. Nothing v reads may
change when it does:
- its view;
- `wargames show`: the presentation's text of that view;
- for the side to act: its prompt (instruction, case, phase) and its legal actions, and what the
  client shows beside them (`preview`, `odds`); so an action never names what its side cannot see;
- the events of an action that v may read (engine/channels: those for everyone and those for v
  alone), the same action applied with the same dice to the real and the disguised state, where
  the action is legal in both and leaves v the same view; up to the first reveal (an event with
  `commit`), which shows v something it did not know. Every channel that prints events (`wargames act`, the client's log,
  the replay viewer) prints those (tests/platform/test_channels.py, tests/ui/test_replay.py).
And the state, so the save, holds no undrawn secret: what a `reveal` event shows depends on the dice
rolled at that moment, so the same action on the same state with other dice reveals other things,
somewhere in a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.channels import shown_to
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for
from wargames_tui.present import presentation

SCENARIOS = [info.id for info in all_scenarios()]
MAX_ACTIONS = 400
CHECK_EVERY = 3  # positions are checked after every third action (a different third for each seed)
REDRAWS = 6
SHOW_EVERY = 3  # a text map takes a while to draw: `show` is checked at every third position checked


@dataclass
class Position:
    """A position met in random play, and the action the bot played from it."""

    n: int
    seed: int
    state: Any
    action: dict[str, Any] | None  # None: the game is over


def _hiding(scenario: str) -> ModuleType:
    game = game_for(scenario)
    if not getattr(game, "HIDDEN", False):
        assert not hasattr(game, "disguise"), "a game that disguises must say it hides (HIDDEN = True)"
        pytest.skip("hides nothing from either side")
    assert callable(getattr(game, "disguise", None)), "a game that hides things must supply disguise()"
    return game


@lru_cache(maxsize=2)
def _positions(scenario: str) -> tuple[Position, ...]:
    """Every third position of two random games (copies), with the action played from each."""
    game = game_for(scenario)
    rng = random.Random(7)
    found = []
    for seed in (1, 2):
        session = Session.start(game, scenario, seed=seed)
        for n in range(MAX_ACTIONS):
            over = session.outcome() is not None
            action = None if over else random_bot(session, rng)
            if n % CHECK_EVERY == seed % CHECK_EVERY:
                found.append(Position(n, seed, game.copy_state(session.state), action))
            if over:
                break
            session.act(action)  # type: ignore[arg-type]
    return tuple(found)


def _viewers(game: ModuleType, state: Any) -> list[str | None]:
    return [*game.view(state, None)["sides"], None]


def _disguised(game: ModuleType, scenario: str, every: int = 1) -> Any:
    """(position, viewer, the position disguised for that viewer), for every viewer of every
    `every`th position."""
    rng = random.Random(3)
    for pos in _positions(scenario)[::every]:
        for viewer in _viewers(game, pos.state):
            yield pos, viewer, game.disguise(pos.state, viewer, rng)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_view_holds_what_is_hidden_from_its_viewer(scenario: str) -> None:
    game = _hiding(scenario)
    for pos, viewer, disguised in _disguised(game, scenario):
        assert game.view(disguised, viewer) == game.view(pos.state, viewer), (
            f"seed {pos.seed}, action {pos.n}: the view of {viewer} changes when what is hidden from it changes"
        )


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_show_prints_nothing_hidden_from_its_reader(scenario: str) -> None:
    game = _hiding(scenario)
    text = presentation(game).text
    for pos, viewer, disguised in _disguised(game, scenario, every=SHOW_EVERY):
        view = game.view(pos.state, viewer)
        assert text(game, disguised, view) == text(game, pos.state, view), (
            f"seed {pos.seed}, action {pos.n}: `wargames show` for {viewer} changes when what is hidden from it changes"
        )


def _prompt_as_read(game: ModuleType, state: Any) -> dict[str, Any]:
    """What the side to act reads of its prompt: the words, the actions, and beside them the preview
    and the odds of each attack."""
    prompt = game.prompt(state)
    read = prompt.to_json()
    preview = getattr(game, "preview", None)
    if callable(preview):
        read["previews"] = [preview(state, a) for a in read["actions"]]
    read["odds"] = [
        game.odds(state, a["attackers"], a["defender"]) for a in read["actions"] if a.get("attackers") and a.get("defender")
    ]
    return read


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_side_s_prompt_and_actions_name_nothing_hidden_from_it(scenario: str) -> None:
    game = _hiding(scenario)
    for pos, viewer, disguised in _disguised(game, scenario):
        if viewer is None or viewer != game.active_side(pos.state):
            continue
        assert _prompt_as_read(game, disguised) == _prompt_as_read(game, pos.state), (
            f"seed {pos.seed}, action {pos.n}: the prompt or the legal actions of {viewer} change when what is hidden from it changes"
        )


def _read_until_reveal(events: list[Event], reader: str | None) -> list[str]:
    """The texts of the events `reader` may read, up to the first that reveals something (a commit)."""
    read = []
    for e in shown_to(events, reader):
        if e.commit:
            break
        read.append(e.text)
    return read


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_events_a_side_reads_tell_nothing_hidden_from_it(scenario: str) -> None:
    game = _hiding(scenario)
    compared = 0
    for pos, viewer, disguised in _disguised(game, scenario):
        if pos.action is None:
            continue
        try:
            other = game.apply(disguised, pos.action, Dice(pos.n))
        except IllegalAction:
            continue  # the action used what the disguise re-drew (the other side's hand): not comparable
        after = game.copy_state(pos.state)
        real = game.apply(after, pos.action, Dice(pos.n))
        if game.view(disguised, viewer) != game.view(after, viewer):
            continue  # the action did something else there (it names a counter the disguise moved): not comparable
        compared += 1
        assert _read_until_reveal(other, viewer) == _read_until_reveal(real, viewer), (
            f"seed {pos.seed}, action {pos.n} ({pos.action}): what {viewer} reads of it changes when what is hidden from it changes"
        )
    assert compared >= len(_positions(scenario)), f"only {compared} actions compared"


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
