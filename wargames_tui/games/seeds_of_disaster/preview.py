"""The Seeds of Disaster's previews (docs/GAMES.md, the play contract).

Before the war an order that completes a segment (both sides done) sets off the rolls of the
segments that follow until the next decision: cards drawn, counterespionage carried out, the
Chronology's check rolls, the RP and IP tables, the Intelligence Events (3.4). The preview lists
them, with the chances of the acting side's own rolls (its modifiers are its own to know; the
other side's results are hidden from it). At war: war_preview.py.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from itertools import product
from typing import Any

from wargames_tui.engine.contract import Preview, Result, chances
from wargames_tui.engine.dice import Dice
from wargames_tui.games.seeds_of_disaster import war
from wargames_tui.games.seeds_of_disaster.prewar import cards, data, turn
from wargames_tui.games.seeds_of_disaster.prewar.model import PREWAR_SIDES
from wargames_tui.games.seeds_of_disaster.prewar.points import table_row
from wargames_tui.games.seeds_of_disaster.state import State
from wargames_tui.games.seeds_of_disaster.war_preview import war_preview

C = "seeds-of-disaster:"
TWO_DICE = [a + b for a, b in product(range(1, 7), repeat=2)]
ENDS = ("ready", "no-counter")


def preview(state: State, action: Any) -> Preview | None:
    if not isinstance(action, dict):
        return None
    if war.at_war(state):
        return war_preview(state, action)
    s = state.strategic
    side = turn.acting(state)
    if side is None:
        return None
    if action.get("type") == "deal":
        n = data.tables().limits.opening_hand
        return Preview(f"{n} Event cards dealt to each player from the deck of {len(s.deck)}", C + "4.1.1",
                       hidden="the cards are drawn at random; each player sees only his own")
    if not _completes(state, side, action):
        return None
    steps = _steps(state, side)
    if not steps:
        return None
    odds = "; then ".join(label for label, _, _ in steps)
    results = tuple(r for _, _, rs in steps for r in rs)
    hidden = "the other side's results" if any(label.startswith(("RP", "IP")) for label, _, _ in steps) else ""
    if any("draw" in label or "steal" in label for label, _, _ in steps):
        hidden = ", ".join(p for p in (hidden, "the cards drawn") if p)
    return Preview(f"ends the {turn.title(s, s.segment)} segment: {odds}", steps[0][1], results=results, hidden=hidden)


def _completes(state: State, side: str, action: dict[str, Any]) -> bool:
    """Whether this order finishes the segment: it ends the side's orders, and the others are done."""
    s = state.strategic
    ends = action.get("type") in ENDS or (s.segment == "cards" and s.step == "respond")
    others = [o for o in PREWAR_SIDES if o != side]
    return ends and all(s.orders[o].done or not turn.concerned(state, o) for o in others)


Step = tuple[str, str, tuple[Result, ...]]


def _steps(state: State, side: str) -> list[Step]:
    """What rolls from the end of this segment to the next decision, in order (3.4)."""
    s = state.strategic
    out: list[Step] = []
    if s.segment == "cards":
        out += _card_step(state, side)
    elif s.segment == "ip":
        boosted = any(it["type"] == "boost" for it in s.orders[side].items)
        out.append(_ip(state, side, boosted))
    segment, sim = s.segment, state
    while True:
        nxt = _next_segment(sim, segment)
        if nxt is None:
            if sim is not state or s.ds == "belligerence" and s.month >= turn.BELLIGERENCE_MONTHS:
                break  # one turn ahead at most; the war's own start is the war's
            sim = _next_turn(state)
            if sim is None:
                break
            out.append((f"the turn ends and {turn.date_label(sim.strategic)} begins", C + "3.3.5", ()))
            segment = "begin"
            continue
        segment = nxt
        if segment in turn.DECIDED:
            n = cards.draws(sim.strategic) if segment == "cards" else 0
            if n:
                out.append((f"each player draws {n} Event card{'s' if n > 1 else ''}", C + "4.1.2", ()))
            break
        out += ROLLS[segment](sim, side)
    return out


def _next_segment(state: State, segment: str) -> str | None:
    order = turn.ORDER
    i = order.index(segment) + 1
    while i < len(order) and not turn.applies(state.strategic, order[i]):
        i += 1
    return order[i] if i < len(order) else None


def _next_turn(state: State) -> State | None:
    """The next turn's date and segments, worked out on a copy (its draws are the copy's, unread)."""
    trial = copy.deepcopy(state)
    turn.end_turn(trial, Dice(0))
    if trial.strategic.ds == "hostilities":
        return None
    return trial


def _card_step(state: State, side: str) -> list[Step]:
    s = state.strategic
    if s.step == "orders":
        return [("the card orders are revealed; once any answers with counterespionage are in, they are carried out", C + "4.4", ())]
    # the orders are revealed now (4.4): every steal ordered is known to both
    steals = [it for o in PREWAR_SIDES for it in s.orders[o].items if it.get("type") == "ce" and it.get("use") == "steal"]
    return [("a steal takes an Event card at random from the hand stolen from", C + "4.3.1", ())] if steals else []


def _checks(state: State, side: str) -> list[Step]:
    year = data.chronology().for_year(state.strategic.year)
    if year is None:
        return []
    results = tuple(Result(_pct(Fraction(sum(t >= c.number for t in TWO_DICE), 36)), f"check roll for {c.name} (2 dice, {c.number} or more) raises the DS level")
                    for c in year.check)
    return [("the Chronology's check rolls", C + "3.3.3", results)] if results else []


def _rp(state: State, side: str) -> list[Step]:
    s = state.strategic
    drm = turn.rp_drm(s, side)
    row = getattr(data.tables().rp_table, side)[turn.rp_column(s)]
    gains = chances((Fraction(1, 36), f"+{row[table_row(t + drm)]} RPs") for t in TWO_DICE)
    return [(f"RP rolls (yours 2 dice {drm:+d})", C + "7.1.1", gains)]


def _ip(state: State, side: str, boosted: bool) -> Step:
    s = state.strategic
    if s.ip_blocked[side]:
        return ("IP rolls (yours blocked this turn)", C + "4.3.2", ())
    column, drm = turn.ip_column(s, side), turn.ip_drm(s, side, boosted)
    row = data.tables().ip_table.columns[column]
    gains = chances((Fraction(1, 36), f"+{row[table_row(t + drm)]} IPs") for t in TWO_DICE)
    return (f"IP rolls (yours 2 dice {drm:+d} on column {column})", C + "5.1.1", gains)


def _intel(state: State, side: str) -> list[Step]:
    drm = turn.collection(state.strategic, side)
    return [(f"Intelligence Events rolls (yours d36 {drm:+d})", C + "5.3", (Result("1 in 36 each", "one of the table's events"),))]


ROLLS = {"intel": _intel, "check": _checks, "rp": _rp}


def _pct(p: Fraction) -> str:
    return f"{round(100 * p)}%" if p >= Fraction(1, 200) else "<1%"
