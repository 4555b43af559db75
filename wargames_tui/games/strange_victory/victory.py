"""Victory points and the campaign results (strange-victory:11.1, 11.2)."""

from __future__ import annotations

from fractions import Fraction

from wargames_tui.games.strange_victory.data import Campaign

RESULTS = [  # (lowest VP, name), the last from the displaced 11.2 line (rulebooks README)
    (0, "Frantic Nightmare"),
    (15, "Dogged and Bloody Day"),
    (23, "Sea Lions Unleashed"),
    (33, "Miracle Evacuation"),
    (41, "The Crown Bows"),
    (51, "Axis Triumphant"),
]


def village_points(a: int, b: int, c: int) -> Fraction:
    """Villages: 1/2 for each A; 1/2 for each B matched with its own A; 1 for each C matched with
    its own scoring B (strange-victory:11.1)."""
    scoring_b = min(a, b)
    return Fraction(a, 2) + Fraction(scoring_b, 2) + min(scoring_b, c)


def points(campaign: Campaign, captured: set[str]) -> dict[str, Fraction]:
    lines = {"Avesnes": Fraction(0), "ports": Fraction(0), "strategic areas": Fraction(0)}
    letters = {"A": 0, "B": 0, "C": 0}
    for aid in captured:
        area = campaign.areas[aid]
        if area.kind == "fortress":
            lines["Avesnes"] += 5
        elif area.kind == "port":
            lines["ports"] += 3
        elif area.kind == "strategic":
            lines["strategic areas"] += 2
        elif area.kind == "regular":
            letters[area.letter] += 1
    lines["villages"] = village_points(letters["A"], letters["B"], letters["C"])
    return lines


def campaign_result(total: Fraction, everything: bool) -> str:
    """The result for a total; taking every area is Axis Triumphant at once (strange-victory:5.1)."""
    if everything:
        return RESULTS[-1][1]
    return [name for low, name in RESULTS if total >= low][-1]
