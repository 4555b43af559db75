"""The play-experience contract: what a game tells the player before, during and after a decision.

Every game answers, module-level in its `__init__.py` (docs/GAMES.md, "The play contract"):

- `preview(state, action) -> Preview | None`: for every action that rolls dice or starts a combat,
  what the acting side may know before it commits (odds or totals, each modifier with its case,
  the result table row or the chance of each result);
- `owed(state) -> list[Owed]`: what the side to act must still do before the step may end;
- `standing(state, viewer) -> Standing`: the victory conditions in brief and where the game stands;
- `order_of_battle(state, viewer) -> {side: Forces}`: each side's units by where they are;
- refusals: every `IllegalAction` names its case; `refusal(state, action)` says why an action the
  player points at (possibly a sketch the prompt does not list) would be refused.

Everything here is pure data, JSON-ready through `to_json`, and built only from what the viewer
(for `preview` and `owed`: the side to act) may know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, IllegalAction


@dataclass(frozen=True)
class Modifier:
    """One shift or modifier of a combat or roll: its size in the game's words, why, and its case."""

    value: str  # "+2", "-1 column", "x2 defence", "doubled"
    why: str
    case: str

    def to_json(self) -> dict[str, str]:
        return {"value": self.value, "why": self.why, "case": self.case}


@dataclass(frozen=True)
class Result:
    """One line of the result table: the rolls that give it (or its chance) and what it does."""

    rolls: str  # "1-2", "6", or a chance such as "17%"
    result: str

    def to_json(self) -> dict[str, str]:
        return {"rolls": self.rolls, "result": self.result}


@dataclass(frozen=True)
class Preview:
    """What an action rolling dice or starting a combat would bring, as the acting side may know it.

    `odds` is the attack against the defence or the total rolled against ("14 vs 3 = 4:1 on
    clear", "2 dice, 7 or more"); `results` the table row or each result's chance; `note` what
    else the side knows (a cost); `hidden` what the side cannot know until it commits (a stack
    not all seen), in place of a row it cannot read. Printed (`str`), it is the one line the
    client shows beside the action.
    """

    odds: str
    case: str
    modifiers: tuple[Modifier, ...] = ()
    results: tuple[Result, ...] = ()
    note: str = ""
    hidden: str = ""

    def __str__(self) -> str:
        mods = " ".join(f"{m.value} {m.why}" for m in self.modifiers)
        row = ", ".join(f"{r.rolls} {r.result}" for r in self.results)
        parts = [self.odds + (f", {mods}" if mods else ""), row, self.note, self.hidden]
        return "; ".join(p for p in parts if p)

    def to_json(self) -> dict[str, Any]:
        return {
            "odds": self.odds,
            "case": self.case,
            "modifiers": [m.to_json() for m in self.modifiers],
            "results": [r.to_json() for r in self.results],
            "note": self.note,
            "hidden": self.hidden,
        }


@dataclass(frozen=True)
class Owed:
    """Something the side to act must still do before the step may end.

    `skippable`: the rules let the step end without it (units left unplaced, points unspent): the
    client asks once, naming it. Otherwise the step cannot end until it is done (a forced attack).
    `side`: whose duty it is, where that may be another side than the one to act (an attack the
    phasing side owes, still there while the defender answers within its impulse): the client shows
    it as that side's, still to come, never as the player's own task. None: the side to act's.
    """

    text: str
    case: str
    skippable: bool = False
    side: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "case": self.case, "skippable": self.skippable, "side": self.side}


@dataclass(frozen=True)
class Standing:
    """The victory conditions in brief and where the game stands for a viewer.

    `conditions`: (condition, case) pairs; `now`: (label, value) pairs (VP, objectives held,
    morale, turn); `if_ended`: the level of victory if the game ended now (or how it ended).
    """

    conditions: tuple[tuple[str, str], ...]
    now: tuple[tuple[str, str], ...]
    if_ended: str

    def to_json(self) -> dict[str, Any]:
        return {
            "conditions": [list(c) for c in self.conditions],
            "now": [list(n) for n in self.now],
            "if_ended": self.if_ended,
        }


@dataclass
class Forces:
    """One side's units as a viewer may know them, by where they are (names as that viewer sees them)."""

    on_map: list[str] = field(default_factory=list)
    to_come: list[str] = field(default_factory=list)
    eliminated: list[str] = field(default_factory=list)
    other: dict[str, list[str]] = field(default_factory=dict)  # e.g. "evacuated", "in the cup"

    def to_json(self) -> dict[str, Any]:
        return {"on_map": self.on_map, "to_come": self.to_come, "eliminated": self.eliminated, "other": self.other}


def forces_from_view(view: dict[str, Any], where: dict[str, str], place: str = "hex") -> dict[str, Forces]:
    """Each side's units from a viewer's view (the one channel already safe for that viewer), by
    status: `where` maps a status to `on_map`, `to_come` or `eliminated`; any other status is
    kept under its own name in `other`. A unit reads as the view names it, with its place."""
    forces = {side: Forces() for side in view["sides"]}
    for u in sorted(view["units"], key=lambda u: (str(u.get(place) or ""), str(u.get("short") or u.get("name")))):
        f = forces.get(u.get("side"))
        if f is None:
            continue
        label = str(u.get("short") or u.get("name") or "?") + (f" at {u[place]}" if u.get(place) else "")
        bucket = where.get(str(u.get("status")), "")
        if bucket:
            getattr(f, bucket).append(label)
        else:
            f.other.setdefault(str(u.get("status")), []).append(label)
    return forces


def chances(results: Iterable[tuple[Fraction, str]]) -> tuple[Result, ...]:
    """Results with their chance in whole percents ("17%", "<1%"), the same results merged, likeliest first."""
    merged: dict[str, Fraction] = {}
    for p, what in results:
        merged[what] = merged.get(what, Fraction(0)) + p
    ordered = sorted(merged.items(), key=lambda kv: (-kv[1], kv[0]))
    return tuple(Result(f"{round(100 * p)}%" if p >= Fraction(1, 200) else "<1%", what) for what, p in ordered if p > 0)


def die_row(row: Sequence[str], first: int = 1) -> tuple[Result, ...]:
    """A CRT column read down the die: consecutive rolls with the same result run together ("1-2")."""
    results: list[Result] = []
    start = first
    for i, what in enumerate(row, start=first):
        last = i == first + len(row) - 1
        if last or row[i - first + 1] != what:
            results.append(Result(str(start) if start == i else f"{start}-{i}", what))
            start = i + 1
    return tuple(results)


def refused(apply: Callable[[Any, Action, Dice], Any], copy: Callable[[Any], Any], state: Any,
            action: Action) -> IllegalAction | None:
    """The rules' refusal of an action tried on a copy of the state, or None if they accept it."""
    trial = copy(state)
    try:
        apply(trial, action, Dice(0))
    except IllegalAction as exc:
        return exc
    return None


class _NeedRoll(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Script(Dice):
    """A die that gives the rolls of a prefix, then stops the action to be tried with each next face."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        super().__init__(seed=0)
        self.prefix = prefix

    def roll(self, sides: int = 6) -> int:
        if len(self.rolls) == len(self.prefix):
            raise _NeedRoll(sides)
        value = self.prefix[len(self.rolls)]
        self.rolls.append(value)
        return value


def roll_outcomes(apply: Callable[[Any, Action, Dice], Any], copy: Callable[[Any], Any], state: Any, action: Action,
                  label: Callable[[list[Any]], str], budget: int = 40) -> list[tuple[Fraction, str]] | None:
    """Every way the dice of an action can fall, tried on copies of the state, as (chance, what
    happens) with `label` saying in public words what the action's events bring. None when the
    action rolls nothing, is refused, or would need more than `budget` trials (then the caller
    says less). The caller passes a state holding only what the acting side may know."""
    out: list[tuple[Fraction, str]] = []
    trials = 0

    def walk(prefix: tuple[int, ...], p: Fraction) -> bool:
        nonlocal trials
        trials += 1
        if trials > budget:
            return False
        try:
            events = apply(copy(state), action, _Script(prefix))
        except _NeedRoll as need:
            return all(walk(prefix + (face,), p / need.sides) for face in range(1, need.sides + 1))
        except IllegalAction:
            return False
        if prefix:
            out.append((p, label(events)))
        return True

    return out if walk((), Fraction(1)) and out else None
