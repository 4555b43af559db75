"""Players that choose actions: AI opponents and the scripted enemies of solitaire games."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Callable

from wargames_tui.bots.greedy import greedy_bot
from wargames_tui.bots.search import search_bot
from wargames_tui.engine.actionlist import ActionList
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.present import map_kind, presentation

Bot = Callable[[Session, random.Random], Action]


def random_bot(session: Session, rng: random.Random) -> Action:
    """Any legal action, uniformly. Ends a phase only a fifth as often as it does anything else.

    A lazy action list is weighed by runs of one type, so only the chosen action is built;
    the weights add up as random.choices adds them, so a seed plays the same game either way.
    """
    actions = session.prompt.actions
    if not isinstance(actions, ActionList):
        weights = [0.2 if a["type"].startswith("end") else 1.0 for a in actions]
        return rng.choices(actions, weights=weights)[0]
    tops: list[tuple[float, int]] = []  # (cumulative weight at the end of a run, its length)
    total = 0.0
    for kinds, n in actions.runs():
        ends = {k.startswith("end") for k in kinds}
        if len(ends) > 1:
            return rng.choices(actions, weights=[0.2 if a["type"].startswith("end") else 1.0 for a in actions])[0]
        if True in ends or not total.is_integer():
            for _ in range(n):
                total += 0.2 if True in ends else 1.0
                tops.append((total, 1))
        else:  # weight 1 on a whole total: each sum is exact, so a run is one step
            total += n
            tops.append((total, n))
    x = rng.random() * total
    index = 0
    for top, n in tops:
        if x < top:
            return actions[index + min(int(x - (top - n)), n - 1)]
        index += n
    return actions[len(actions) - 1]


def purposeful_bot(session: Session, rng: random.Random) -> Action:
    """The greedy bot: the game's own planner where its presentation names one, else the hex-map one."""
    planner = presentation(session.game).bots.get("greedy", greedy_bot)
    return planner(session, rng)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": purposeful_bot, "search": search_bot}


def offered(game: ModuleType) -> list[str]:
    """The bots that play this game, by name: random plays any; greedy, the game's own planner
    or the hex-map one, which heads for the game's `objectives`; search, which weighs the
    hex-map greedy bot's choices by the same objectives, only on a hex map that names them."""
    hex_goals = map_kind(game) == "hex" and hasattr(game, "objectives")
    names = ["random"]
    if "greedy" in presentation(game).bots or hex_goals:
        names.append("greedy")
    if hex_goals:
        names.append("search")
    return names
