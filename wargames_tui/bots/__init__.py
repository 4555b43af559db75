"""Players that choose actions: AI opponents and the scripted enemies of solitaire games."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Callable

from wargames_tui.bots.greedy import greedy_bot
from wargames_tui.bots.plan import Planner
from wargames_tui.bots.search import search_bot
from wargames_tui.bots.uniform import random_bot
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.present import map_kind, presentation

Bot = Callable[[Session, random.Random], Action]


def purposeful_bot(session: Session, rng: random.Random) -> Action:
    """The greedy bot: the game's own planner where its presentation names one, else the hex-map one."""
    planner = presentation(session.game).bots.get("greedy", greedy_bot)
    return planner(session, rng)


LEVELS = {"normal": 4.0, "hard": 10.0}  # the planning bot's CPU seconds a player-turn, by level
BOTS: dict[str, Bot] = {"random": random_bot, "greedy": purposeful_bot, "search": search_bot}
BOTS.update({name: Planner(seconds) for name, seconds in LEVELS.items()})


LABELS = {
    "random": "Random bot",
    "greedy": "Greedy bot (easy)",
    "search": "Search bot",
    "normal": f"Planning bot (normal, {LEVELS['normal']:g} s a turn)",
    "hard": f"Planning bot (hard, {LEVELS['hard']:g} s a turn)",
}


def label(name: str) -> str:
    """A bot's name as a player picks it: the level it plays at, for those that are levels."""
    return LABELS.get(name, f"{name.capitalize()} bot")


def offered(game: ModuleType) -> list[str]:
    """The bots that play this game, by name: random plays any; greedy (the easy level), the
    game's own planner or the hex-map one, which heads for the game's `objectives`; search,
    which weighs the hex-map greedy bot's choices by the same objectives, only on a hex map
    that names them; and the planning bot at its normal and hard budgets (bots/plan.py)
    wherever there is a greedy bot for its plans to start from."""
    hex_goals = map_kind(game) == "hex" and hasattr(game, "objectives")
    names = ["random"]
    if "greedy" in presentation(game).bots or hex_goals:
        names.append("greedy")
    if hex_goals:
        names.append("search")
    if "greedy" in names:
        names += list(LEVELS)
    return names
