"""The planning bot moves the automaton for it, not for its own nation (betrayal:3.4.1, 5.1;
NOTES.md reading 26): the initiative's winner makes the German choices, and the planner leaves
them to the easy level, which plays the Germans to win, instead of planning them with its own
nation's evaluation (in twenty games it chose otherwise than the easy level in about one German
move of twenty, and the French sent the Germans into the British player's Netherlands three
times as often)."""

import random

import pytest

from wargames_tui.bots import plan as planner
from wargames_tui.engine.session import Session, standing_in
from wargames_tui.games import betrayal as game
from wargames_tui.present import presentation

EASY = presentation(game).bots["greedy"]


def standing_in_position(seed: int) -> Session:
    """A historical game played by the easy level up to the first automaton choice a player
    makes with more than one action listed."""
    session = Session.start(game, "betrayal/historical", seed=seed)
    rng = random.Random(seed)
    while not (standing_in(game, session.state) and len(session.prompt.actions) > 1):
        session.act(EASY(session, rng))
    return session


@pytest.mark.rules("betrayal:3.4.1")
def test_the_planner_makes_the_automatons_choices_as_the_easy_level_and_plans_none(monkeypatch) -> None:
    session = standing_in_position(3)
    planned: list[int] = []
    monkeypatch.setattr(planner, "plan", lambda *a, **k: planned.append(1))
    bot, met = planner.Planner(1.0), 0
    for _ in range(30):
        if not standing_in(game, session.state):
            break
        met += 1
        chosen = bot(session, random.Random(7))
        assert chosen == EASY(session, random.Random(7))
        session.act(chosen)
    assert met >= 2 and not planned


@pytest.mark.rules("betrayal:3.4.1")
def test_a_playout_leaves_the_automatons_choices_to_the_easy_level_outside_the_plan(monkeypatch) -> None:
    session = standing_in_position(5)
    side = session.prompt.side
    stood_in: list[bool] = []

    def easy(sim, rng):  # noqa: ANN001, ANN202
        stood_in.append(standing_in(game, sim.state))
        return EASY(sim, rng)

    monkeypatch.setattr(planner, "_easy", lambda g: easy)
    genome = planner.Genome(actions=[], style=0, noise=0.0)
    planner._playout(session, side, genome, planner._styles(game), seed=11)
    assert sum(stood_in) >= 2  # the automaton's moves went to the easy level...
    assert genome.actions == []  # ...and none into the plan: the side's own choices came after them


def test_the_automatons_own_phases_are_the_german_sides_not_stood_in() -> None:
    session = Session.start(game, "betrayal/historical", seed=3)
    assert session.state.phase == "initiative" and session.prompt.side == "german"
    assert not standing_in(game, session.state)


@pytest.mark.rules("betrayal:3.4.1", "betrayal:4.5.2", "betrayal:1.7")
def test_a_players_own_units_choice_in_the_german_turn_is_his_not_the_automatons() -> None:
    # In the German combat the initiative's winner withdrew his own Belgian corps under "playing the
    # Germans as the initiative's winner", with "g Game plays them" offered, and the planner left
    # the withdrawal to the easy level: the owning player decides its path (4.5.2), for himself.
    session = Session.start(game, "betrayal/historical", seed=4)
    rng, met = random.Random(4), set()
    while len(met) < 2 and session.outcome() is None:
        state = session.state
        item = state.pending[0] if state.pending else None
        if item and item["kind"] == "withdraw" and game.sequence.phasing(state) == "german":
            german = game.sc().units[item["unit"]].nation == "german"
            met.add(german)
            assert session.prompt.side == state.initiative  # the initiative's winner: his corps, and the Germans'
            assert (game.stand_in(state) is not None) == german
            assert game.stand_in_turn(state) == "german"  # the German turn goes on through his own choice
        session.act(EASY(session, rng))
    assert met == {True, False}


@pytest.mark.rules("betrayal:3.4.1")
def test_the_automatons_turn_lasts_to_its_regroup_and_ends_with_the_allied_turns() -> None:
    # The client keeps playing the Germans for the player through that turn (g), not into the next.
    session = Session.start(game, "betrayal/historical", seed=4)
    rng, phases = random.Random(4), {}
    while session.state.turn == 1 and session.outcome() is None:
        phases.setdefault(session.state.phase, set()).add(game.stand_in_turn(session.state))
        session.act(EASY(session, rng))
    assert all(sides == ({"german"} if phase in game.sequence.GERMAN_PHASES else {None}) for phase, sides in phases.items())
    assert {"german-combat", "german-regroup", "french-movement", "british-movement"} <= set(phases)
