"""Complete games between bots, checking invariants and a save/replay round trip as they go."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType

from wargames_tui.bots import BOTS
from wargames_tui.engine.dice import Dice, ReplayExhausted
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.saves import SaveError, SaveFile, envelope, replay, view_summary
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


ROUND_TRIP_EVERY = 10  # actions between checks that the position's JSON loads back unchanged
ENVELOPE_EVERY = 50  # actions between checks of the whole save as it would be written


def play_one(
    game: ModuleType,
    scenario: str,
    seed: int,
    bot: str = "random",
    check_every: int = 0,
    max_actions: int = 20000,
    seats: dict[str, str] | None = None,
) -> Session:
    """One complete game, checked as it goes.

    After every action, the game's invariants. Every ROUND_TRIP_EVERY actions, the position
    as a save would hold it goes through JSON and the game's own load and comes back
    unchanged; every ENVELOPE_EVERY actions, and at the end, the whole save as it would be
    written then is validated too. At the end, and every check_every actions if set, the
    whole log is replayed from a fresh game and the position after every action is compared
    with the one seen in play: since replay is deterministic, that is what loading each of
    those saves would check, at a linear rather than quadratic cost. `bot` plays every side
    not named in `seats`.
    """
    rng = random.Random(seed)
    seats = seats or {}
    session = Session.start(game, scenario, seed=seed)
    seen: list[dict] = []
    for n in range(1, max_actions + 1):
        action = BOTS[seats.get(session.game.active_side(session.state), bot)](session, rng)
        session.act(action)
        where = f"seed {seed}, action {n} {json.dumps(action)}"
        problems = game.check_invariants(session.state)
        if problems:
            raise SelfplayFailure(f"{where}: {'; '.join(problems)}")
        seen.append(game.dump(session.state))
        over = session.outcome() is not None
        if over or n % ROUND_TRIP_EVERY == 0:
            _round_trip(game, seen[-1], where)
        if over or n % ENVELOPE_EVERY == 0:
            _check_envelope(session, where)
        if over or (check_every and n % check_every == 0):
            _replay_all(session, seen, seed)
        if over:
            return session
    raise SelfplayFailure(f"seed {seed}: no result after {max_actions} actions")


def _round_trip(game: ModuleType, snapshot: dict, where: str) -> None:
    """The position goes through JSON and the game's own load and dump unchanged."""
    if game.dump(game.load(json.loads(json.dumps(snapshot)))) != snapshot:
        raise SelfplayFailure(f"{where}: the saved snapshot does not load back unchanged")


def _check_envelope(session: Session, where: str) -> None:
    """The whole save as it would be written now validates, its snapshot loads back, and its summary
    says what the public view says."""
    env = SaveFile.model_validate(json.loads(json.dumps(envelope(session))))
    _round_trip(session.game, env.snapshot, where)
    shown = view_summary(session.view(None))
    if (env.turn, env.phase) != (shown["turn"], shown["phase"]):
        raise SelfplayFailure(f"{where}: the save's summary (turn {env.turn}, {env.phase!r}) is not the view's "
                              f"(turn {shown['turn']}, {shown['phase']!r})")


def _replay_all(session: Session, seen: list[dict], seed: int) -> None:
    """Replay the saved log step by step; every position must match the one seen in play."""
    env = SaveFile.model_validate(json.loads(json.dumps(envelope(session))))
    game = session.game
    again = Session.start(game, env.scenario, env.options)
    for i, entry in enumerate(env.log):
        again.dice = Dice.replaying(entry.rolls)
        try:
            again.act(entry.action, undoable=False)
        except (IllegalAction, ReplayExhausted) as exc:
            raise SelfplayFailure(f"seed {seed}: log entry {i + 1} does not replay: {exc}") from None
        if game.dump(again.state) != seen[i]:
            raise SelfplayFailure(f"seed {seed}: replay differs from play after action {i + 1}")
    try:
        replay(env, f"<seed {seed}>")
    except SaveError as exc:
        raise SelfplayFailure(str(exc)) from None


def selfplay(
    game: ModuleType,
    scenario: str,
    games: int,
    seed: int,
    bot: str = "random",
    check_every: int = 0,
    seats: dict[str, str] | None = None,
) -> Summary:
    summary = Summary()
    for i in range(games):
        start = time.perf_counter()
        session = play_one(game, scenario, seed + i, bot, check_every, seats=seats)
        outcome = session.outcome()
        assert outcome is not None
        summary.games += 1
        summary.results[f"{outcome.winner} {outcome.level}" if outcome.winner else outcome.level] += 1
        summary.actions.append(len(session.log))
        summary.seconds.append(time.perf_counter() - start)
    return summary
