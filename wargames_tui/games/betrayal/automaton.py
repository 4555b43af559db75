"""The German automaton's orders: initiative, OKW orders, tactics, refit, assignment (betrayal:3.4)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.betrayal.board import country_ok, occupancy, on_map, sc
from wargames_tui.games.betrayal.losses import name
from wargames_tui.games.betrayal.movement import ADVANCE
from wargames_tui.games.betrayal.state import State

TACTIC_NAMES = {
    "hold": "Hold",
    "refit": "Refit",
    "attack": "Advance/Attack",
    "saturation": "Advance/Attack/Saturation Bombing",
    "exploit": "Advance/Attack/Exploit",
}


def roll_initiative(state: State, dice: Dice, events: list[Event]) -> None:
    """Each Allied player rolls; high roll handles the automaton; a tie goes to the player who did
    not have it last turn, and is rolled again on turn 1 (betrayal:3.4.1)."""
    while True:
        fr, br = dice.roll(), dice.roll()
        if fr != br:
            winner = "french" if fr > br else "british"
            break
        if state.turn > 1 and state.initiative:
            winner = "british" if state.initiative == "french" else "french"
            break
        events.append(Event("roll", f"Initiative: French {fr}, British {br}: a tie on turn 1, rolled again (betrayal:3.4.1)", {"french": fr, "british": br}))
    state.initiative = winner
    events.append(
        Event(
            "roll",
            f"Initiative: French {fr}, British {br}: the {winner.title()} player handles the Germans this turn (betrayal:3.4.1)",
            {"french": fr, "british": br, "initiative": winner},
            commit=True,
        )
    )


def void(state: State, countries: list[str]) -> bool:
    """A Low Countries order is void once a named country has none of its own units left (3.4.2 a)."""
    home = {"B": "belgian", "N": "dutch"}
    code = {"B": "B", "N": "NL"}
    for c in countries:
        if c == "ALL":
            continue
        if not any(
            sc().units[u].nation == home[c] and on_map(state, u) and sc().country(p.where) == code[c]
            for u, p in state.pieces.items()
        ):
            return True
    return False


def roll_orders(state: State, dice: Dice, events: list[Event]) -> None:
    """Two dice on the OKH Strategic Orders table (betrayal:3.4.2)."""
    table = sc().tables.orders
    a, b = dice.roll(), dice.roll()
    order = table[a + b]
    if "ALL" not in order.countries and void(state, order.countries):
        events.append(Event("roll", f"OKW orders: rolled {a + b}, {'+'.join(order.countries)} only, but no home units are left there: rolled again until ALL (betrayal:3.4.2 a)", {"dice": [a, b]}))
        while "ALL" not in order.countries:
            a, b = dice.roll(), dice.roll()
            order = table[a + b]
    state.countries = list(order.countries)
    state.tactics_rolls = order.tactics
    events.append(
        Event(
            "roll",
            f"OKW orders: rolled {a}+{b} = {a + b}: {'+'.join(order.countries)}/{order.tactics} (betrayal:3.4.2)",
            {"dice": [a, b], "countries": order.countries, "tactics": order.tactics},
            commit=True,
        )
    )


def roll_tactics(state: State, dice: Dice, events: list[Event]) -> None:
    """Roll the tactics; a repeat counts for nothing; Refit cancels every Advance/Attack (3.4.3, 3.4.6)."""
    t = sc().tables.tactics
    column = t.early if state.turn <= t.early_until else t.late
    got: list[str] = []
    for _ in range(state.tactics_rolls):
        a, b = dice.roll(), dice.roll()
        tactic = column[a + b]
        repeat = tactic in got
        if not repeat:
            got.append(tactic)
        events.append(
            Event(
                "roll",
                f"German tactics: rolled {a}+{b} = {a + b}: {TACTIC_NAMES[tactic]}{' again, no effect' if repeat else ''} (betrayal:3.4.3)",
                {"dice": [a, b], "tactic": tactic, "repeat": repeat},
                commit=True,
            )
        )
    kept = tactics_kept(got)
    cancelled = [x for x in got if x not in kept]
    if cancelled:
        events.append(Event("tactics", f"Refit cancels {', '.join(TACTIC_NAMES[x] for x in cancelled)} (betrayal:3.4.6)"))
    state.tactics = kept


def tactics_kept(rolled: list[str]) -> list[str]:
    """The tactics rolled, each once, that stand: Refit cancels every Advance/Attack (3.4.3, 3.4.6)."""
    got = list(dict.fromkeys(rolled))
    return [x for x in got if x not in ADVANCE] if "refit" in got else got


def refit(state: State, events: list[Event]) -> None:
    """Reduced German units on the map recover; the boxes empty onto the map, reduced (3.4.4 B)."""
    for uid, p in sorted(state.pieces.items()):
        if sc().units[uid].nation != "german":
            continue
        if on_map(state, uid) and p.reduced and country_ok(state, p.where):
            p.reduced = False
            events.append(Event("refit", f"{name(uid)} back to full strength (betrayal:3.4.4 B)", {"unit": uid}))
        elif p.where in ("setaside", "regroup"):
            p.reduced = True
            state.pending.append({"kind": "place", "unit": uid, "why": "refit"})


def assignable(state: State) -> list[str]:
    """German-occupied areas whose units may act under the orders (betrayal:3.4.2 b)."""
    occ = occupancy(state)
    return sorted(a for a in sc().areas if occ[a]["german"] and country_ok(state, a))


def assign_actions(state: State) -> list[dict]:
    """Every German area takes one of the rolled tactics; while areas remain, no tactic may be left
    unused, so when the free areas are as few as the unused tactics only those are offered (3.4.6)."""
    tactics = [t for t in state.tactics if t != "refit"]
    free = [a for a in assignable(state) if a not in state.assigned]
    unused = [t for t in tactics if t not in state.assigned.values()]
    offered = unused if len(free) <= len(unused) else tactics
    return [{"type": "assign", "area": a, "tactic": t} for a in free for t in offered]


def assign_the_only_tactic(state: State, events: list[Event]) -> None:
    """With one tactic to give, every German area takes it: there is nothing to choose (3.4.6)."""
    tactics = [t for t in state.tactics if t != "refit"]
    if len(tactics) != 1:
        return
    areas = assignable(state)
    for a in areas:
        state.assigned[a] = tactics[0]
    if areas:
        where = ", ".join(sc().areas[a].name for a in areas)
        events.append(Event("tactics", f"{TACTIC_NAMES[tactics[0]]}, the only tactic, for every German area: {where} (betrayal:3.4.6)", {"tactic": tactics[0], "areas": areas}))


def start_tactics(state: State) -> None:
    """Every German unit takes its area's tactic for the turn (betrayal:3.4.4)."""
    for uid, p in state.pieces.items():
        if sc().units[uid].nation == "german":
            p.tactic = state.assigned.get(p.where) if on_map(state, uid) else None
