"""Complete games between bots, checking invariants and a save/replay round trip as they go."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType

from wargames_tui.bots import BOTS
from wargames_tui.engine.saves import SaveError, SaveFile, envelope, replay
from wargames_tui.engine.session import Session


class SelfplayFailure(Exception):
    pass


@dataclass
class Summary:
    games: int = 0
    results: Counter = field(default_factory=Counter)
    actions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    def lines(self) -> list[str]:
        per_game = sum(self.seconds) / max(1, self.games)
        acts = self.actions or [0]
        out = [f"games: {self.games}"]
        out += [f"  {k}: {v}" for k, v in sorted(self.results.items())]
        out.append(f"actions per game: mean {sum(acts) / len(acts):.1f}, min {min(acts)}, max {max(acts)}")
        out.append(f"seconds per game: {per_game:.3f}")
        return out


def play_one(
    game: ModuleType,
    scenario: str,
    seed: int,
    bot: str = "random",
    check_every: int = 1,
    max_actions: int = 20000,
) -> Session:
    """One complete game; every check_every actions, invariants and a full save round trip."""
    rng = random.Random(seed)
    choose = BOTS[bot]
    session = Session.start(game, scenario, seed=seed)
    for n in range(1, max_actions + 1):
        if session.outcome() is not None:
            return session
        action = choose(session.prompt, rng)
        session.act(action)
        problems = game.check_invariants(session.state)
        if problems:
            raise SelfplayFailure(f"seed {seed}, action {n} {json.dumps(action)}: {'; '.join(problems)}")
        if n % check_every == 0 or session.outcome() is not None:
            _round_trip(session, seed, n)
    raise SelfplayFailure(f"seed {seed}: no result after {max_actions} actions")


def _round_trip(session: Session, seed: int, n: int) -> None:
    text = json.dumps(envelope(session))
    try:
        again = replay(SaveFile.model_validate(json.loads(text)), f"<seed {seed} action {n}>")
    except SaveError as exc:
        raise SelfplayFailure(str(exc)) from None
    if again.game.dump(again.state) != session.game.dump(session.state):
        raise SelfplayFailure(f"seed {seed}, action {n}: replay differs from play")


def selfplay(game: ModuleType, scenario: str, games: int, seed: int, bot: str = "random", check_every: int = 1) -> Summary:
    summary = Summary()
    for i in range(games):
        start = time.perf_counter()
        session = play_one(game, scenario, seed + i, bot, check_every)
        outcome = session.outcome()
        assert outcome is not None
        summary.games += 1
        summary.results[f"{outcome.winner} {outcome.level}"] += 1
        summary.actions.append(len(session.log))
        summary.seconds.append(time.perf_counter() - start)
    return summary
