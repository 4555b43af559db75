"""Lining up an assault (dieppe 11.2): who stands in contact and who supports.

Units are (id, assault factor, stacking levels). The Germans always line up by
decreasing AF; the British choose, within what each case requires.
"""

from __future__ import annotations

from dataclasses import dataclass

Fighter = tuple[str, int, int]  # id, AF, stacking levels


@dataclass(frozen=True)
class Line:
    """One row of the two facing columns: a unit in contact on each side and their supports."""

    british: str
    german: str
    british_support: tuple[str, ...] = ()
    german_support: tuple[str, ...] = ()


def german_column(germans: list[Fighter]) -> list[Fighter]:
    """The Germans from the highest AF down (dieppe 11.2)."""
    return sorted(germans, key=lambda g: (-g[1], g[0]))


def case_one(germans: list[Fighter], contacts: list[str], supports: dict[str, list[str]]) -> list[Line]:
    """As many commandos as Germans or more: each German faces one commando chosen by the player
    (contacts, in German column order); the other commandos support where the player puts them."""
    column = german_column(germans)
    if len(contacts) != len(column):
        raise ValueError("case 1: every German unit needs exactly one commando in contact")
    return [Line(b, g[0], tuple(supports.get(b, ()))) for b, g in zip(contacts, column)]


def case_two(british: list[str], germans: list[Fighter]) -> list[Line]:
    """More Germans than commandos: the commandos line up as the player lists them, each facing
    the next German by AF; the remaining Germans support by decreasing AF, one per line, then a
    second per line, and so on."""
    column = german_column(germans)
    if len(column) <= len(british):
        raise ValueError("case 2 needs more German units than commandos")
    fronts = column[: len(british)]
    spare = column[len(british) :]
    backing: list[list[str]] = [[] for _ in british]
    for i, g in enumerate(spare):
        backing[i % len(british)].append(g[0])
    return [Line(b, f[0], (), tuple(back)) for b, f, back in zip(british, fronts, backing)]


def support_levels(ids: tuple[str, ...], levels: dict[str, int]) -> int:
    """+1 per stacking level behind the unit in contact (dieppe 11.2)."""
    return sum(levels[i] for i in ids)
