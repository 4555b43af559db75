"""Combat as pure functions: Allied strength, the dice pool, the five results (strange-victory:8.3).

The rules name the five results but print their effects on the back page, which the text lacks;
RESULTS below is the reconstruction (scenarios/strange_victory/campaign/NOTES.md explains it).
"""

from __future__ import annotations

from dataclasses import dataclass

BLOODY = 7  # this strength or more: no dice, a Bloody Firefight (strange-victory:8.3.4)
CAP = 8  # a port stack never defends above 8 (strange-victory:8.3.2)


@dataclass(frozen=True)
class Result:
    name: str
    panic: int  # added to the Panic track
    damage: str | None  # "disorder" or "shocked" on the division
    goes_on: bool  # the division may keep moving (encounters only, strange-victory:9.1.5)
    audacity: int = 0  # regained by the commander (strange-victory:5.4.6)


RESULTS = {
    "devastating-overrun": Result("Devastating Overrun", 0, None, True, 1),
    "brutal-breakthrough": Result("Brutal Breakthrough", 1, None, True),
    "pitched-battle": Result("Pitched Battle", 1, "disorder", False),
    "desperate-victory": Result("Desperate Victory", 2, "shocked", False),
    "bloody-firefight": Result("Bloody Firefight", 3, "shocked", False),
}


def base_strength(units: list[tuple[str, int]], forest: bool, fortress: bool) -> int:
    """The defence before assets: infantry +1 in the fortress, then doubled in a forest; a port
    stack adds its infantry; never above 8 (strange-victory:3.1.5, 8.3.2)."""
    total = 0
    for kind, strength in units:
        if kind == "infantry":
            strength = (strength + (1 if fortress else 0)) * (2 if forest else 1)
        total += strength
    return min(total, CAP)


def hits(dice: list[int], strength: int) -> int:
    """Each die at or above the Allied strength is a hit (strange-victory:8.3.5)."""
    return sum(1 for d in dice if d >= strength)


def result_for(strength: int, dice: list[int]) -> str:
    """The result: Bloody Firefight at 7+, else by the hits scored (strange-victory:8.3.4, 8.3.6)."""
    if strength >= BLOODY:
        return "bloody-firefight"
    n = hits(dice, strength)
    if n >= 3:
        return "devastating-overrun"
    return {2: "brutal-breakthrough", 1: "pitched-battle"}.get(n, "desperate-victory")
