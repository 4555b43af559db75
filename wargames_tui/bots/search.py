"""A searching player: Monte Carlo playouts over the engine pick among the greedy bot's choices.

At each decision, the bot asks what the greedy bot would do in each of a few styles
(bolder or warier attacks, more guards or none, straight at its goals or around enemy
zones). When they disagree, it plays each candidate in copies of the game and plays on,
its own side in the candidate's style and the opponent as the plain greedy bot, until
the opponent has replied and play comes back (or the game ends), then scores the position: the result outright, else material on the
map, units on their side's objectives and places held. The same dice serve every
candidate in a round, so they are compared on equal luck; rounds go on while the time
(BUDGET seconds a decision) lasts and only complete rounds count. This is one step of
policy improvement by rollouts over the greedy policy: it needs only the protocol
(prompt, act, a copy of the state, view, objectives, outcome) and a fast engine.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from wargames_tui.bots.greedy import DEFAULT, Style, greedy_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session

STYLES: dict[str, Style] = {  # each but the plain one pulls back the outposts a game names (`fall_back`) and blocks the enemy's win at once (`blocks`)
    "steady": DEFAULT,
    "bold": Style(worth_attacking=0.0, in_the_way=0.8, falls_back=True, blocks=True),
    "wary": Style(worth_attacking=0.8, in_the_way=0.3, falls_back=True, blocks=True),
    "massed": Style(guards=0, falls_back=True, blocks=True),
    "direct": Style(zone_steps=1, falls_back=True, blocks=True),
    "screen": Style(guards=2, guard_turns=2, falls_back=True, blocks=True),
    "aloof": Style(keep_off=2, worth_attacking=0.8, falls_back=True, blocks=True),
}
BUDGET = float(os.environ.get("WARGAMES_SEARCH_SECONDS", "2.0"))  # seconds a decision may take
HANDOVERS = 2  # a playout ends when the side to act has changed this often: the opponent has replied
MAX_PLAYOUT_ACTIONS = 2000
WIN = 1000.0
STANDING = 5.0  # weight of a point of the game's own standing (see score)


def search_bot(session: Session, rng: random.Random) -> Action:
    prompt = session.prompt
    actions = prompt.actions
    if len(actions) == 1:
        return actions[0]
    seed = rng.randrange(1 << 30)
    candidates: list[tuple[Action, Style]] = []
    for style in STYLES.values():  # what each style would do here, each choosing as it would alone
        choice = greedy_bot(session, random.Random(seed), style)
        if all(choice != c for c, _ in candidates):
            candidates.append((choice, style))
    if len(candidates) == 1:
        return candidates[0][0]
    return best_of(session, candidates, rng, time.perf_counter() + BUDGET)


def best_of(session: Session, candidates: list[tuple[Action, Style]], rng: random.Random, deadline: float) -> Action:
    """The candidate whose playouts score best for the side to act, over complete rounds
    (the first, the plain greedy choice, when no round completes or on a tie). If a first
    round looking HANDOVERS ahead does not fit in half the time, the playouts stop when the
    opponent's turn begins instead (a long game)."""
    side = session.prompt.side
    totals = [0.0] * len(candidates)
    horizon, rounds = HANDOVERS, 0
    half = time.perf_counter() + (deadline - time.perf_counter()) / 2
    while time.perf_counter() < deadline:
        seed = rng.randrange(1 << 30)
        limit = half if rounds == 0 and horizon > 1 else deadline
        scores = []
        for action, style in candidates:
            value = playout(session, side, action, style, seed, limit, horizon)
            if value is None:
                break
            scores.append(value)
        if len(scores) < len(candidates):
            if rounds == 0 and horizon > 1:
                horizon = 1
                continue
            break
        totals = [t + v for t, v in zip(totals, scores)]
        rounds += 1
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best][0]


def playout(
    session: Session, side: str | None, first: Action, style: Style, seed: int, deadline: float, horizon: int = HANDOVERS
) -> float | None:
    """Play first in a copy of the game, then the greedy bot for both sides (side in style,
    the opponent plain) until the opponent has replied (HANDOVERS) or the game ends; the
    score for side, or None if the deadline came first."""
    game = session.game
    sim = Session(game, session.scenario, dict(session.options), game.copy_state(session.state), Dice(seed))
    rng = random.Random(seed)
    acting = game.active_side(sim.state)
    handovers = 0
    sim.act(first)
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if sim.outcome() is not None:
            break
        if time.perf_counter() > deadline:
            return None
        now = game.active_side(sim.state)
        if now != acting:
            acting = now
            handovers += 1
            if handovers >= horizon:
                break
        sim.act(greedy_bot(sim, rng, style if now == side else DEFAULT))
    return score(sim, side)


def score(session: Session, side: str | None) -> float:
    """How good the position is for side: the result if the game is over; else strength on
    the map against the enemy's, units on their side's objectives, places held, and the
    game's own points as if it ended now where it offers them (`points_now`)."""
    outcome = session.outcome()
    if outcome is not None:
        return 0.0 if outcome.winner is None else WIN if outcome.winner == side else -WIN
    game, state = session.game, session.state
    view: dict[str, Any] = session.view(None)
    enemy = next((s for s in view["sides"] if s != side), None)
    goals = {s: set(game.objectives(state, s)) for s in (side, enemy)}
    value = 0.0
    for u in view["units"]:
        if u["status"] != "map":
            continue
        sign = 1.0 if u["side"] == side else -1.0
        value += sign * (u["strength"] + (3.0 if u["hex"] in goals.get(u["side"], ()) else 0.0))
    for owner in view.get("control", {}).values():
        value += 2.0 if owner == side else -2.0
    points_now = getattr(game, "points_now", None)  # the game's own points, if it offers them
    if points_now is not None:
        value += STANDING * points_now(state, side)
    return value
