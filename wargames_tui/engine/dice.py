"""All randomness goes through Dice: drawn when rolled, every outcome recorded."""

from __future__ import annotations

import random
from typing import Sequence


class ReplayExhausted(Exception):
    """A replayed action asked for more dice than its log entry recorded."""


class Dice:
    """A six-sided die (or any range) whose every roll is written to `rolls`.

    In play it draws from the system's entropy at the moment of the roll; a seed
    makes it repeatable for tests and `--seed`; `Dice.replaying(...)` hands back
    rolls recorded in a save, so replaying a log never draws anew.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self._script: list[int] | None = None
        self.rolls: list[int] = []

    @classmethod
    def replaying(cls, recorded: Sequence[int]) -> "Dice":
        dice = cls(seed=0)
        dice._script = list(recorded)
        return dice

    def roll(self, sides: int = 6) -> int:
        if self._script is not None:
            if not self._script:
                raise ReplayExhausted("the log recorded fewer die rolls than this action needs")
            value = self._script.pop(0)
            if not 1 <= value <= sides:
                raise ReplayExhausted(f"recorded roll {value} is not a d{sides} result")
        else:
            value = self._rng.randint(1, sides)
        self.rolls.append(value)
        return value

    def checkpoint(self) -> object:
        """Where a seeded generator stands (None for entropy), to go back to with `rewind`."""
        return None if isinstance(self._rng, random.SystemRandom) else self._rng.getstate()

    def rewind(self, point: object) -> None:
        """Back to a checkpoint: the draws of a refused action are not spent, so a seeded game's
        rolls are exactly its log's, and a save's seed can be checked against them."""
        if point is not None:
            self._rng.setstate(point)  # type: ignore[arg-type]

    def take_rolls(self) -> list[int]:
        """The rolls made since the last call, for the log entry of one action."""
        taken, self.rolls = self.rolls, []
        return taken

    def leftover(self) -> int:
        """How many scripted rolls remain unused (a replay check)."""
        return len(self._script or [])

    def choice(self, options: Sequence[str]) -> str:
        """Draw one of several hidden items; recorded as the 1-based roll on len(options)."""
        return options[self.roll(len(options)) - 1]


def dice_words(n: int) -> str:
    """'1 die', '3 dice': a number of dice in words for the log and the client."""
    return "1 die" if n == 1 else f"{n} dice"
