"""Players that choose actions: AI opponents and the scripted enemies of solitaire games."""

from __future__ import annotations

import random
from typing import Callable

from wargames_tui.engine.flow import Action, Prompt

Bot = Callable[[Prompt, random.Random], Action]


def random_bot(prompt: Prompt, rng: random.Random) -> Action:
    """Any legal action, uniformly. Ends a phase only a fifth as often as it does anything else."""
    actions = prompt.actions
    weights = [0.2 if a["type"].startswith("end") else 1.0 for a in actions]
    return rng.choices(actions, weights=weights)[0]


BOTS: dict[str, Bot] = {"random": random_bot}
