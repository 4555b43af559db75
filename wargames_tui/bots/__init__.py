"""Players that choose actions: AI opponents and the scripted enemies of solitaire games."""

from __future__ import annotations

import random
from typing import Callable

from wargames_tui.bots.blitzer import blitzer_bot
from wargames_tui.bots.greedy import greedy_bot
from wargames_tui.bots.raider import raider_bot
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session

Bot = Callable[[Session, random.Random], Action]


def random_bot(session: Session, rng: random.Random) -> Action:
    """Any legal action, uniformly. Ends a phase only a fifth as often as it does anything else."""
    actions = session.prompt.actions
    weights = [0.2 if a["type"].startswith("end") else 1.0 for a in actions]
    return rng.choices(actions, weights=weights)[0]


PLANNERS: dict[str, Bot] = {"dieppe": raider_bot, "strange-victory": blitzer_bot}  # greedy players of the area games


def purposeful_bot(session: Session, rng: random.Random) -> Action:
    """The greedy bot: the game's own planner for the area-map games, else the hex-map one."""
    planner = PLANNERS.get(getattr(session.game, "GAME_ID", ""), greedy_bot)
    return planner(session, rng)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": purposeful_bot}
