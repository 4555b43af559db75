"""Odds ratios: attack against defence, rounded in the defender's favour, as odds-based CRTs read them."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence


def odds_ratio(attack: int, defence: int) -> tuple[int, int]:
    """Reduce attack:defence to n:1 or 1:n, rounding in the defender's favour both ways.

    11:4 is 2.75:1, rounded down to 2:1; 2:3 is 1:1.5, rounded up to 1:2.
    """
    if attack <= 0 or defence <= 0:
        raise ValueError("both strengths must be positive")
    if attack >= defence:
        return attack // defence, 1
    return 1, -(-defence // attack)


def odds_label(ratio: tuple[int, int]) -> str:
    return f"{ratio[0]}:{ratio[1]}"


def crt_column(
    attack: int, defence: int, columns: Sequence[str], shift: int = 0
) -> str | None:
    """The CRT column for attack against defence, or None if the odds are below the table.

    Odds above the last column use the last column; `shift` moves right (positive)
    or left (negative) after the clamp.
    """
    value = _value(odds_ratio(attack, defence))
    thresholds = _thresholds(tuple(columns))
    if value < thresholds[0]:
        return None
    index = max(i for i, least in enumerate(thresholds) if least <= value)
    index += shift
    if index < 0:
        return None
    return columns[min(index, len(columns) - 1)]


@lru_cache(maxsize=64)
def _thresholds(columns: tuple[str, ...]) -> tuple[float, ...]:
    """Each column's least odds as a number (bots ask for columns thousands of times a second)."""
    return tuple(_value(_parse(c)) for c in columns)


def _parse(label: str) -> tuple[int, int]:
    a, d = label.split(":")
    return int(a), int(d)


def _value(ratio: tuple[int, int]) -> float:
    return ratio[0] / ratio[1]
