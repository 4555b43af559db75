"""A searching player: Monte Carlo playouts over the engine choose how to play each phase.

At the first decision of each of its movement or combat phases (moves, declarations,
arrivals), the bot plays the position out several times in a copy of the game for each
of a few styles of the greedy bot (bolder or warier attacks, guards or none, straight or
around enemy zones), the opponent answering with the plain greedy bot. The same dice
serve every style in a round, so styles are compared on equal luck. Each playout runs
until the opponent has had its turn and play comes back (or the game ends), and the
position is then scored: a result outright, else material on the map, units on their
objectives and places held. The style with the best mean plays the rest of the phase.
The search stops when its time (BUDGET seconds a decision) is spent, using only
complete rounds; it needs only the protocol: prompt, act, a copy of the state, view,
objectives and the outcome.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from wargames_tui.bots.greedy import DEFAULT, Style, greedy_bot
from wargames_tui.engine.actionlist import sketches
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session

STYLES: dict[str, Style] = {
    "steady": DEFAULT,
    "bold": Style(worth_attacking=0.0, in_the_way=0.8),
    "wary": Style(worth_attacking=0.8, in_the_way=0.3),
    "massed": Style(guards=False),
    "direct": Style(zone_steps=1),
}
BUDGET = float(os.environ.get("WARGAMES_SEARCH_SECONDS", "2.0"))  # seconds a decision may take
HANDOVERS = 2  # a playout ends when the side to act has changed this often: the opponent has replied
MAX_PLAYOUT_ACTIONS = 2000
PLANNED = {"move", "enter", "place", "declare"}  # kinds of action at which a phase is planned
WIN = 1000.0


def search_bot(session: Session, rng: random.Random) -> Action:
    prompt = session.prompt
    actions = prompt.actions
    if len(actions) == 1:
        return actions[0]
    if not {a["type"] for a in sketches(actions)} & PLANNED:
        return greedy_bot(session, rng)
    key = (session.view(None).get("turn"), prompt.phase, prompt.side)
    plans = session.__dict__.setdefault("_search_plans", {})
    if key not in plans:
        plans[key] = choose_style(session, rng, time.perf_counter() + BUDGET)
    return greedy_bot(session, rng, STYLES[plans[key]])


def choose_style(session: Session, rng: random.Random, deadline: float) -> str:
    """The style whose playouts score best for the side to act, over complete rounds."""
    side = session.prompt.side
    totals = {name: 0.0 for name in STYLES}
    rounds = 0
    while time.perf_counter() < deadline:
        seed = rng.randrange(1 << 30)
        scores = {}
        for name, style in STYLES.items():
            score = playout(session, side, style, seed, deadline)
            if score is None:
                break
            scores[name] = score
        if len(scores) < len(STYLES):
            break
        for name, score in scores.items():
            totals[name] += score
        rounds += 1
    if not rounds:
        return "steady"
    return max(totals, key=lambda name: (totals[name], name == "steady"))


def playout(session: Session, side: str | None, style: Style, seed: int, deadline: float) -> float | None:
    """Play a copy of the game on: side in the given style, the opponent plain greedy, until
    the opponent has replied (HANDOVERS) or the game ends; the score for side, or None if
    the deadline came first."""
    game = session.game
    sim = Session(game, session.scenario, dict(session.options), game.copy_state(session.state), Dice(seed))
    rng = random.Random(seed)
    acting = game.active_side(sim.state)
    handovers = 0
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if sim.outcome() is not None or time.perf_counter() > deadline:
            break
        now = game.active_side(sim.state)
        if now != acting:
            acting = now
            handovers += 1
            if handovers >= HANDOVERS:
                break
        sim.act(greedy_bot(sim, rng, style if now == side else DEFAULT))
    if time.perf_counter() > deadline and sim.outcome() is None:
        return None
    return score(sim, side)


def score(session: Session, side: str | None) -> float:
    """How good the position is for side: the result if the game is over; else strength on
    the map against the enemy's, units on their side's objectives, places held."""
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
    return value
