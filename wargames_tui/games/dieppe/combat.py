"""Fire and assault values and results (dieppe 11.1 and 11.2), as pure functions of the counters.

The British roll a D6 and the Germans a D10 (dieppe 1.1); the caller rolls and
passes the results in, so every number in a worked example can be checked.
"""

from __future__ import annotations

from dataclasses import dataclass

INFANTRY = frozenset({"commando", "infantry"})
NO_SUPPORT = frozenset({"sniper", "mortar"})  # dieppe 11.1: no stack or officer bonus


@dataclass(frozen=True)
class Piece:
    """One counter as it stands now: its kind and current (full or reduced) ratings."""

    kind: str
    ff: int
    af: int
    levels: int
    acted: bool = False  # units that have acted lend no modifiers (dieppe 11.1)


@dataclass(frozen=True)
class Value:
    total: int
    parts: tuple[str, ...]  # each term, for the log: "FF 3", "D6 2", "+6 levels", ...


def _company(front: Piece, stack: list[Piece]) -> int:
    """Levels of fresh infantry beside the front unit, or +1 per other fresh LCA when it is an LCA."""
    others = [p for p in stack if p is not front and not p.acted]
    if front.kind == "lca":
        return sum(1 for p in others if p.kind == "lca")
    return sum(p.levels for p in others if p.kind in INFANTRY)


def light_penalty(turn: int) -> int:
    """Mortar and sniper fire in poor light: -2 from 4:45 to 5:45, -1 from 6:00 to 6:30 (dieppe 11.1)."""
    if turn <= 5:
        return -2
    if turn <= 8:
        return -1
    return 0


def shooter_value(shooter: Piece, stack: list[Piece], roll: int, die: str, turn: int, distance: int = 1) -> Value:
    """The attack value of a firing unit (dieppe 11.1)."""
    parts = [f"FF {shooter.ff}", f"{die} {roll}"]
    total = shooter.ff + roll
    if shooter.kind in NO_SUPPORT:
        penalty = light_penalty(turn) - (1 if distance == 2 else 0)
        if penalty:
            parts.append(f"{penalty} light/range")
        total += penalty
    else:
        company = _company(shooter, stack)
        # an officer leads the others: firing alone he adds nothing for himself (reading 31 in NOTES.md)
        officer = any(p.kind == "officer" and not p.acted for p in stack if p is not shooter)
        if company:
            parts.append(f"+{company} stacked")
        if officer:
            parts.append("+1 officer")
        total += company + (1 if officer else 0)
    return Value(total, tuple(parts))


def target_value(target: Piece, stack: list[Piece], roll: int, die: str, protection: int, sniped: bool = False) -> Value:
    """The defence value of the unit fired on (dieppe 11.1); no stack bonus against a sniper or mortar."""
    parts = [f"FF {target.ff}", f"{die} {roll}"]
    total = target.ff + roll
    if not sniped:
        company = _company(target, stack)
        if company:
            parts.append(f"+{company} stacked")
        total += company
    if protection:  # cover helps the target, as in an assault (reading 29 in NOTES.md)
        parts.append(f"+{protection} protection")
        total += protection
    return Value(total, tuple(parts))


def fire_hits_target(attack: Value, defence: Value) -> bool:
    """Equal or better hits the target; worse, and the shooter is hit (dieppe 11.1)."""
    return attack.total >= defence.total


def assault_values(
    british_af: int, british_support: int, d6: int, german_af: int, german_support: int, d10: int, protection: int
) -> tuple[int, int]:
    """One line of an assault: contact AF + die + 1 per supporting level, the Germans adding cover (dieppe 11.2)."""
    return british_af + british_support + d6, german_af + german_support + d10 + protection
