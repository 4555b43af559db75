"""Bot against bot: how often each side wins with each pairing, and what a turn's thinking costs.

    python benchmarks/tournament.py greedy random --games 100            # all four Panzer Corps scenarios
    python benchmarks/tournament.py normal greedy --games 40 panzer-corps/el-alamein
    python benchmarks/tournament.py normal normal --games 20 --seconds 1.0 panzer-corps/kharkov
    python benchmarks/tournament.py greedy greedy --games 20 --levels betrayal/historical   # and each level's count

For each scenario, `first` plays each side in turn against `second` (games/2 with each side,
seeds 1, 2, ...). Prints first's wins, second's wins and draws per side, first's share of all
games (a draw counts half), and the CPU seconds a player-turn took each bot (mean and most: a
side's actions in one game turn, by the game's `summary` turn where it has one, else each run of
the side's actions) and a wait (a side's actions until the others act, their answers within it
apart, as the planning bot counts its turn, `plan.turn_over`: an impulse, where a game turn has
many; what the planning bot budgets).
A side the rules play (Betrayal's automaton) is played by the bot that acted last, as the client
seats it; its turns are waits of their own (the planning bot budgets them as that side's). `--seconds` sets the planning levels' budget (normal and hard alike).
Games are played through Session, as the client plays them; no selfplay checks. Results go to
docs/PERFORMANCE.md ("Bots that play"). `--side ID` seats first on that side only (seeds
S..S+N-1); `--each` prints each game's result as it ends, so a run cut off loses one game. `--keep DIR` writes each game as a save in DIR, to watch a
lost game afterwards (`wargames replay SAVE`, `wargames play SAVE`) without playing it again.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wargames_tui.bots import BOTS, LEVELS
from wargames_tui.bots.plan import turn_over
from wargames_tui.engine import saves
from wargames_tui.engine.flow import Outcome
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for

PANZER_CORPS = ["panzer-corps/el-alamein", "panzer-corps/dunkerque", "panzer-corps/kharkov", "panzer-corps/operation-compass"]


def play(scenario: str, bots: dict[str, str], seed: int, thinking: dict[str, list[float]],
         waiting: dict[str, list[float]], keep: Path | None = None) -> Outcome:
    """One game with bots[side] playing each side; its outcome (the winner None for a draw). The
    CPU seconds of each player-turn are added to thinking[bot name], and those of each wait to
    waiting[bot name]: a side's actions until the others' end it, as the planner counts its turn
    (`plan.turn_over`: where the game tells answers apart, any action of the others but an answer
    within the side's turn; else more than the planner's ANSWERS since the wait began, so an
    exchange's loss chosen by the enemy does not end a wait and the enemy's impulse does)."""
    rng = random.Random(seed)
    game = game_for(scenario)
    session = Session.start(game, scenario, seed=seed)
    turns: dict[tuple, float] = {}
    waits: dict[tuple, float] = {}
    began: dict[str, int] = {}  # side -> the log's length when its wait began
    wait_no: dict[str, int] = {}
    run = 0
    last = None
    while session.outcome() is None:
        side = _player(session, bots)
        if side != last:
            run, last = run + 1, side
        acting = session.game.active_side(session.state) or side  # an automaton's turn is a wait of its own
        if acting not in began or turn_over(game, session.log[began[acting] :], acting):
            wait_no[acting], began[acting] = wait_no.get(acting, 0) + 1, len(session.log)
        turn = game.summary(session.state)["turn"] if hasattr(game, "summary") else run
        start = time.process_time()
        action = BOTS[bots[side]](session, rng)
        took = time.process_time() - start
        turns[(bots[side], side, turn)] = turns.get((bots[side], side, turn), 0.0) + took
        waits[(bots[side], acting, wait_no[acting])] = waits.get((bots[side], acting, wait_no[acting]), 0.0) + took
        session.act(action)
    for tally, into in ((turns, thinking), (waits, waiting)):
        for (name, _, _), seconds in tally.items():
            into.setdefault(name, []).append(seconds)
    outcome = session.outcome()
    assert outcome is not None
    if keep is not None:
        seats = "-".join(f"{side}={bot}" for side, bot in bots.items())
        saves.save(session, keep / f"{scenario.replace('/', '-')}-{seats}-seed{seed}.json")
    return outcome


def _player(session: Session, bots: dict[str, str]) -> str:
    """The side whose bot chooses now: the side to act, or for a side the rules play (a solitaire
    game's automaton) the side that acted last, as the client seats it (Session.waiting_for)."""
    side = session.game.active_side(session.state)
    if side in bots:
        return side
    return next((e.side for e in reversed(session.log) if e.side in bots), next(iter(bots)))


def _mean_most(seconds: list[float]) -> str:
    return f"{sum(seconds) / len(seconds):.2f}/{max(seconds):.2f}" if seconds else "-"


def match(scenario: str, first: str, second: str, games: int, seed: int, thinking: dict[str, list[float]],
          waiting: dict[str, list[float]], levels: Counter[tuple[str, str]] | None = None,
          keep: Path | None = None, side: str | None = None, each: bool = False) -> dict[str, list[int]]:
    """side -> [first's wins, second's wins, draws] with first playing that side; each game's
    (first's side, the outcome's level) counted in levels. With `side`, first plays only that side;
    with `each`, a line is printed as each game ends."""
    sides = _sides(scenario)
    if side is not None and side not in sides:
        raise SystemExit(f"{scenario}: no side {side!r}; its sides: {', '.join(sides)}")
    table = {s: [0, 0, 0] for s in sides}
    for i in range(games):
        mine = side or sides[i % 2]
        other = next(s for s in sides if s != mine)
        turns_before, waits_before = len(thinking.get(first, [])), len(waiting.get(first, []))
        outcome = play(scenario, {mine: first, other: second}, seed + i, thinking, waiting, keep)
        winner = outcome.winner
        table[mine][0 if winner == mine else 1 if winner == other else 2] += 1
        if levels is not None:
            levels[(mine, outcome.level)] += 1
        if each:
            result = "won" if winner == mine else "lost" if winner == other else "drew"
            turns, waits = thinking.get(first, [])[turns_before:], waiting.get(first, [])[waits_before:]
            print(f"  {scenario} seed {seed + i}: {first} as {mine} {result} ({outcome.level}); {first}'s CPU s "
                  f"a player-turn {_mean_most(turns)}, a wait {_mean_most(waits)}", flush=True)
    return table


def _sides(scenario: str) -> list[str]:
    game = game_for(scenario)
    info = next(s for s in game.scenarios() if s.id == scenario)
    played_by_game = getattr(game, "SOLITAIRE", {}) or {}
    return [s for s in info.sides if s not in played_by_game]


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("first")
    p.add_argument("second")
    p.add_argument("scenarios", nargs="*")
    p.add_argument("--games", type=int, default=20, help="games per scenario, half with each side")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seconds", type=float, help="the planning levels' CPU seconds for a turn's plan")
    p.add_argument("--levels", action="store_true", help="also count the outcomes' levels, by first's side")
    p.add_argument("--keep", type=Path, help="write each game as a save in this folder")
    p.add_argument("--side", help="first plays only this side (its id), in every game")
    p.add_argument("--each", action="store_true", help="print each game's result as it ends")
    args = p.parse_intermixed_args()
    if args.seconds is not None:
        for level in LEVELS:
            BOTS[level].budget = args.seconds  # type: ignore[attr-defined]
    for sc in args.scenarios or PANZER_CORPS:
        start = time.perf_counter()
        thinking: dict[str, list[float]] = {}
        waiting: dict[str, list[float]] = {}
        levels: Counter[tuple[str, str]] = Counter()
        table = match(sc, args.first, args.second, args.games, args.seed, thinking, waiting, levels, args.keep,
                      args.side, args.each)
        won = sum(t[0] + t[2] / 2 for t in table.values())
        cells = "; ".join(f"as {s}: {t[0]}-{t[1]}" + (f" ({t[2]} drawn)" if t[2] else "") for s, t in table.items())
        cpu = ", ".join(f"{n} {_mean_most(v)}" for n, v in thinking.items())
        wait = ", ".join(f"{n} {_mean_most(v)}" for n, v in waiting.items())
        took = time.perf_counter() - start
        print(f"{sc:<32} {args.first} v {args.second}: {cells}; {args.first} {100 * won / args.games:.0f}%  (CPU s a player-turn, mean/most: {cpu}; a wait: {wait}; {took:.0f} s)", flush=True)
        if args.levels:
            for (side, level), n in sorted(levels.items()):
                print(f"    {args.first} as {side}: {level}: {n}", flush=True)


if __name__ == "__main__":
    main()
