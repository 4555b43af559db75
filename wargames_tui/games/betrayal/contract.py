"""Betrayal!'s play contract (docs/GAMES.md): combat and bombardment previews with each result's
chance, what is owed before a step ends, the standing."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from wargames_tui.engine.contract import Modifier, Owed, Preview, Result, Standing, chances, roll_outcomes
from wargames_tui.games.betrayal import air, automaton, movement, regroup
from wargames_tui.games.betrayal.board import ground, nation_units, sc
from wargames_tui.games.betrayal.combat import assess, lookup
from wargames_tui.games.betrayal.sequence import ALLIED, apply, attackers_in, facts, may_end_movement, name, stage
from wargames_tui.games.betrayal.setup import waiting_units
from wargames_tui.games.betrayal.state import State
from wargames_tui.games.betrayal.victory import LEVELS, judge

RESULTS = {
    "AE": "attackers eliminated", "AS": "attackers lose a step", "AW": "attackers withdraw",
    "CA": "counter-attack", "EX": "exchange", "PX": "partial exchange", "DW": "defenders withdraw",
    "DSW": "defenders lose a step and withdraw", "DE": "defenders eliminated", "DSU": "defenders surrender",
}
TWO_DICE = [a + b for a in range(1, 7) for b in range(1, 7)]


def preview(state: State, action: Any) -> Preview | None:
    if not isinstance(action, dict):
        return None
    kind = action.get("type")
    if kind == "step" and state.phase in AUTOMATON:
        return AUTOMATON[state.phase](state)
    area = action.get("area") if kind != "exploit" else action.get("to")
    if not isinstance(area, str) or area not in sc().areas:
        return _rolls_after(state, action)
    if kind == "combat" and area in state.combats:
        return _combat(state, area)
    if kind == "bombard":
        return _bombard(state, area)
    if kind == "exploit" and state.pending and state.pending[0].get("kind") == "exploit":
        return _exploit(state, state.pending[0], area)
    return _rolls_after(state, action)


def _two_dice() -> dict[int, Fraction]:
    return {t: Fraction(TWO_DICE.count(t), 36) for t in set(TWO_DICE)}


def _orders(state: State) -> Preview:
    """Two dice on the Strategic Orders table; an order naming only countries with no home units
    left is rolled again until it reads ALL (betrayal:3.4.2)."""
    table = sc().tables.orders
    dice = _two_dice()
    kept: list[tuple[Fraction, str]] = []
    voided = Fraction(0)
    for total, p in dice.items():
        order = table[total]
        if "ALL" in order.countries or not automaton.void(state, order.countries):
            kept.append((p, _order_words(order)))
        else:
            voided += p
    alls = {t: p for t, p in dice.items() if "ALL" in table[t].countries}
    kept += [(voided * p / sum(alls.values()), _order_words(table[t])) for t, p in alls.items()] if voided else []
    return Preview("OKW orders: 2 dice on the Strategic Orders table", "betrayal:3.4.2", results=chances(kept),
                   note="an order for a country with no home units left is rolled again until ALL (3.4.2 a)" if voided else "")


def _order_words(order: Any) -> str:
    return f"{'+'.join(order.countries)}, {order.tactics} tactics roll{'s' if order.tactics > 1 else ''}"


def _tactics(state: State) -> Preview:
    """The tactics rolls, 2 dice each; the tactics that stand, each once, Refit cancelling every
    Advance/Attack (betrayal:3.4.3, 3.4.6): every way the rolls fall, by the table's chances."""
    t = sc().tables.tactics
    column = t.early if state.turn <= t.early_until else t.late
    one: dict[str, Fraction] = {}
    for total, p in _two_dice().items():
        one[column[total]] = one.get(column[total], Fraction(0)) + p
    outcomes: dict[tuple[str, ...], Fraction] = {(): Fraction(1)}
    for _ in range(state.tactics_rolls):
        outcomes_next: dict[tuple[str, ...], Fraction] = {}
        for rolled, p in outcomes.items():
            for tactic, q in one.items():
                key = (*rolled, tactic)
                outcomes_next[key] = outcomes_next.get(key, Fraction(0)) + p * q
        outcomes = outcomes_next
    words = [(p, " + ".join(automaton.TACTIC_NAMES[x] for x in automaton.tactics_kept(list(rolled))) or "none")
             for rolled, p in outcomes.items()]
    n = state.tactics_rolls
    return Preview(f"{n} tactics roll{'s' if n > 1 else ''}, 2 dice each ({'early' if column is t.early else 'late'} column)",
                   "betrayal:3.4.3", results=chances(words), note="a repeat counts for nothing; Refit cancels every Advance/Attack (3.4.6)")


def _regroup(state: State) -> Preview | None:
    """One die for each German unit set aside, each with its column's chance (betrayal:5.3)."""
    table = sc().tables.regroup
    rows = []
    for uid in nation_units(state, "german"):
        if state.pieces[uid].where == "setaside":
            need = getattr(table, regroup.column(uid))
            rows.append(Result(f"{round(100 * need / 6)}%", f"{name(uid)} to the Regroup box (else it stays set aside)"))
    if not rows:
        return None
    return Preview(f"a regroup test for each of {len(rows)} German unit(s) set aside, 1 die each", "betrayal:5.3", results=tuple(rows))


def _initiative(state: State) -> Preview:
    """A die each, the higher handles the automaton; a tie goes to the player who did not have it
    last turn, or is rolled again on turn 1 (betrayal:3.4.1)."""
    higher, tie = Fraction(15, 36), Fraction(6, 36)
    tie_to = ("british" if state.initiative == "french" else "french") if state.turn > 1 and state.initiative else None
    odds = {side: higher / (1 - tie) if tie_to is None else higher + (tie if side == tie_to else 0) for side in ("french", "british")}
    note = f"a tie goes to the {tie_to.title()} player, who did not have it last turn" if tie_to else "a tie is rolled again"
    return Preview("Initiative: a die each, the higher handles the Germans", "betrayal:3.4.1",
                   results=chances((p, f"the {side.title()} player handles the Germans") for side, p in odds.items()), note=note)


AUTOMATON = {
    "initiative": _initiative,
    "orders": _orders,
    "tactics": _tactics,
    "german-returns": lambda s: _rolls_after(s, {"type": "step"}),
    "german-regroup": _regroup,
}


ROLLED = re.compile(r"(rolled \d+,?\s*|^Initiative: French \d+, British \d+: )")
CASE = re.compile(r"\(?(betrayal:[\d.]+)")


def _rolls_after(state: State, action: dict[str, Any]) -> Preview | None:
    """The rolls an action sets off (the automaton's tables, the initiative, interceptions,
    returns from the Regroup box), every way the dice fall tried on a copy: every counter is
    face up (HIDDEN is False), so the position is all the acting side needs."""
    cases: list[str] = []

    def what(events: list[Any]) -> str:
        out = []
        for e in events:
            if "roll" in (e.data or {}) or "initiative" in (e.data or {}):
                cases.extend(CASE.findall(e.text)[:1])
                out.append(ROLLED.sub("", e.text) if "initiative" not in (e.data or {}) else "Initiative: " + ROLLED.sub("", e.text))
        return "; ".join(out) or "nothing"

    found = roll_outcomes(apply, State.copy, state, action, what, budget=100)
    if not found:
        return None
    heads = sorted({w.split(":")[0] for _, what in found for w in what.split("; ") if ":" in w})
    return Preview("then " + ", ".join(heads), cases[0] if cases else "betrayal:3.0", results=chances(found))


def _combat(state: State, area: str) -> Preview | None:
    attackers = attackers_in(state, area)
    if not attackers:
        return None
    support = any(m.target == area and m.kind in ("support", "both") for m in state.missions)
    bomber = sum(air.value(state, m.unit, "support") for m in state.missions if m.target == area and m.kind in ("support", "both"))
    return fight(state, area, attackers, support, bomber)


def fight(state: State, area: str, attackers: list[str], support: bool, bomber: int) -> Preview | None:
    """The odds, each shift and the modifier, and each result's chance on two dice (4.4)."""
    foe = "allied" if sc().units[attackers[0]].nation == "german" else "german"
    defenders = ground(state, area, foe)
    if not defenders:
        return None
    got = assess(state, area, attackers, defenders, support, bomber)
    mods = [Modifier(f"{n:+d} column", *_named(why)) for why, n in got["shifts"]]
    if got["drm"]:
        mods.append(Modifier(f"{got['drm']:+d} to the dice", "armour against infantry only", "betrayal:4.4.3"))
    if bomber:
        mods.append(Modifier(f"+{bomber} attack", "bomber's ground support", "betrayal:3.3.5"))
    odds = [(Fraction(1, 36), lookup(got["column"], t + got["drm"])) for t in TWO_DICE]
    results = chances((p, f"{r} ({RESULTS.get(r, r)})") for p, r in odds)
    return Preview(f"{got['attack']} vs {got['defence']} = {got['ratio']}, column {got['column']}", "betrayal:4.4",
                   tuple(mods), results, note="a counter-attack is fought at once, with new dice (4.5.4)" if any("CA" in r.result for r in results) else "")


def _named(why: str) -> tuple[str, str]:
    """'Maginot Line (betrayal:4.4.2)' -> ('Maginot Line', 'betrayal:4.4.2'); the shift table's case otherwise."""
    text, _, case = why.partition(" (")
    return text, case.rstrip(")") or "betrayal:4.4.2"


def _bombard(state: State, area: str) -> Preview | None:
    flyers = [m.unit for m in state.missions if m.target == area and m.kind in ("bombard", "both")]
    if not flyers:
        return None
    side = "german" if sc().units[flyers[0]].nation == "german" else "allied"
    table = sc().tables.bombardment
    total = sum(air.value(state, u, "bombard") for u in flyers)
    mod = table.allied_drm if side == "allied" else 0
    row = table.rows[min(total, max(table.rows))]
    results = chances((Fraction(1, 6), row[min(max(r + mod, 0), 6)] or "no effect") for r in range(1, 7))
    mods = (Modifier(f"{mod:+d} to the die", "Allied bombardment", "betrayal:4.3"),) if mod else ()
    return Preview(f"bombardment value {total}, 1 die", "betrayal:4.3", mods, results)


def _exploit(state: State, item: dict[str, Any], to: str) -> Preview | None:
    """Exploiting armour that advances into an Allied-held area fights there at once (3.4.4 E)."""
    if not ground(state, to, "allied"):
        return None
    trial = state.copy()
    for u in item["units"]:
        if trial.pieces[u].where == item["from"]:
            trial.pieces[u].where = to
    return fight(trial, to, ground(trial, to, "german"), False, 0)


def owed(state: State) -> list[Owed]:
    """Set-up units still off the map; in the German movement every Advance/Attack duty that can
    still be met, Hold units that can go forward, the Saturation bomber's missions (3.4.4); combats
    and bombardments still to resolve. A pending choice is the prompt itself."""
    if state.pending or state.phase == "over":
        return []
    if state.phase == "setup":
        waiting = waiting_units(state) if state.setup_side else []
        air = sum(1 for u in waiting if sc().units[u].air)
        return ([Owed(f"place {len(waiting)} {state.setup_side.title()} unit(s) ({len(waiting) - air} ground, {air} air)",
                      "betrayal:8.0")] if waiting else [])
    if stage(state.phase) == "combat":
        bombs = sorted({m.target for m in state.missions if m.kind in ("bombard", "both") and not m.bombed})
        return ([Owed(f"bombard {sc().areas[a].name}", "betrayal:4.3") for a in bombs]
                + [Owed(f"resolve the combat in {sc().areas[a].name}", "betrayal:4.0") for a in state.combats])
    if state.phase != "german-movement":
        return []
    out: list[Owed] = []
    if movement.coverable(state):
        out += [Owed(f"attack {sc().areas[a].name}", "betrayal:3.4.4 C") for a in movement.obligations(state)]
    holds = sorted({a["unit"] for a in movement.german_moves(state) if a["type"] == "move" and state.pieces[a["unit"]].tactic == "hold"})
    out += [Owed(f"{name(u)} (Hold) goes forward while it can", "betrayal:3.4.4 A") for u in holds]
    if not out and not may_end_movement(state):
        out.append(Owed("the Saturation bomber flies its two missions", "betrayal:3.4.4 D"))
    return out


def standing(state: State, viewer: str | None) -> Standing:
    v = sc().tables.victory
    conditions = (
        ("each Allied player is judged apart against the automaton; opposing Minor Victories draw", "betrayal:7.0"),
        (f"French: Major holding the French Republic with at most {v.french_major_german_areas} German-held areas of France, "
         "Minor holding it", "betrayal:7.2"),
        (f"British: Major with {v.british_major_on_map} ground units still on the map, Minor with {v.british_minor_evacuated} evacuated", "betrayal:7.0"),
        (f"German: Major over France with the Republic or {v.german_major_french_areas} areas of France, Minor with "
         f"{v.german_minor_french_areas}; Minor over Britain with the Low Countries fallen; Minor over both with no Allied "
         "air and armour left", "betrayal:7.0"),
    )
    judged = judge(state)
    now = tuple((k, v_) for k, v_ in facts(state, judged).items() if k not in ("France", "Britain"))
    now = (("turn", f"{state.turn} of {state.last_turn}"),) + now
    words = "; ".join(f"{n.title()}: {LEVELS[judged['levels'][n] + 2]}" for n in ALLIED)
    return Standing(conditions, now, ("ended: " + words) if state.phase == "over" else words)
