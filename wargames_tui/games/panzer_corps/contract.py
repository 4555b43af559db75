"""Panzer Corps' play contract (docs/GAMES.md): previews of every roll, what is owed, the standing
and the order of battle. Panzer Corps hides nothing but the face-down pool's draw order, so every
viewer reads the same."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from wargames_tui.engine.contract import (
    Modifier, Owed, Preview, Result, Standing, chances, die_row,
)
from wargames_tui.games.panzer_corps import arrivals, rules, victory
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.state import State

RESULTS = {"AE": "attackers eliminated", "AR": "attackers retreat 1", "C": "contact, no effect", "EX": "exchange",
           "DR1": "defenders retreat 1", "DR2": "defenders retreat 2", "DE": "defenders eliminated"}


def preview(state: State, action: Any) -> Preview | None:
    """The CRT row of a declared or possible attack, the bombardment's table, a pool's draw."""
    if not isinstance(action, dict):
        return None
    b = Board(state)
    kind = action.get("type")
    if kind == "resolve":
        att = next((a for a in state.attacks if a.defender == action.get("defender") and not a.resolved), None)
        return _attack(b, att.attackers, att.defender) if att else None
    if kind == "declare" and isinstance(action.get("attackers"), list) and action.get("defender") in state.units:
        if all(a in state.units and state.units[a].hex for a in action["attackers"]):
            return _attack(b, action["attackers"], action["defender"])
        return None
    if kind == "bombard" and b.rules.bombardment is not None:
        rule = b.rules.bombardment
        low = f"1-{rule.many_from - 1}" if rule.many_from > 2 else "1"
        return Preview("1 die", f"{b.case}:3.1", results=(
            Result(low, f"{rule.few} units disrupted"), Result(f"{rule.many_from}-6", f"{rule.many} units disrupted")))
    if kind == "enter" and action.get("pool") in b.rules.pools:
        left = [b.unit(u).name for u in arrivals.pending(b, state.side) if b.unit(u).pool == action["pool"]]
        if not left:
            return None
        n = Fraction(1, len(left))
        return Preview(f"1 of {len(left)} face-down units", f"{b.case}:10.0",
                       results=chances((n * k, name) for name, k in Counter(left).items()))
    return None


def _attack(b: Board, attackers: list[str], defender: str) -> Preview | None:
    attack = sum(b.unit(a).strength for a in attackers)
    strength = sum(b.unit(u).strength for u in b.stack(defender))
    defence, why = b.defence(defender, attackers)
    column = b.column(attackers, defender)
    if column is None:
        return None
    mods: tuple[Modifier, ...] = ()
    if defence != strength:
        text, _, case = why.rpartition(" (")
        mods = (Modifier("x2 defence", text, case.rstrip(")")),)
    crt = b.sc.crt
    row = [crt.rows[crt.die.index(d)][crt.columns.index(column)] for d in sorted(crt.die)]
    results = tuple(Result(r.rolls, f"{r.result} ({RESULTS.get(r.result, r.result)})")
                    for r in die_row(row, first=min(crt.die)))
    return Preview(f"{attack} vs {defence} = {column}", f"{b.case}:9.2", mods, results)


def owed(state: State) -> list[Owed]:
    """Attacks declared and not resolved, over-stacked units to remove (and, in the movement, hexes
    over the limit the phase's end will thin), units to set up, reinforcements held back."""
    b = Board(state)
    case = b.case
    if state.step == "resolve":
        return [Owed(f"resolve the attack on {b.label(a.defender)}", f"{case}:9.2")
                for a in state.attacks if not a.resolved]
    if state.step == "overstack":
        return [Owed(f"remove a unit from {h} (over the stacking limit)", f"{case}:7.3") for h in rules.over_full(b)]
    if state.step in ("place-marked", "enter-all"):
        waiting = sorted({a["unit"] for a in arrivals.setup_actions(b) if "unit" in a})
        cited = arrivals.enter_all_words(b)[1] if state.step == "enter-all" else f"{case}:3.0"  # the scenario's case (3.2(1))
        return [Owed(f"set up {b.label(u)}", cited) for u in waiting]
    if state.step == "bombard" and state.bombard_left is None:
        return [Owed("roll the naval bombardment", f"{case}:3.1")]
    if state.step == "bombard":
        return [Owed(f"disrupt {state.bombard_left} more unit(s)", f"{case}:3.1")] if state.bombard_left else []
    if state.step == "reinforce":
        due = sorted({a["unit"] for a in arrivals.reinforcement_actions(b)})
        return [Owed(f"{b.label(u)} may enter now", f"{case}:10.0", skippable=True) for u in due]
    if state.step == "move":
        pools = sorted({a["pool"] for a in arrivals.pool_actions(b)})
        return [Owed(f"{arrivals.pool_available(b, p)} face-down unit(s) may enter before any unit moves",
                     f"{case}:10.0", skippable=True) for p in pools] + [
            Owed(f"{h} is over the stacking limit of {b.rules.stacking[state.side]}: move units out, or the excess is"
                 " removed when the phase ends, counted as eliminated", f"{case}:7.3", skippable=True) for h in rules.over_full(b)]
    return []


def standing(state: State, viewer: str | None) -> Standing:
    b = Board(state)
    r = b.rules
    name = b.sc.side_name
    conditions: list[tuple[str, str]] = []
    if r.exit:
        conditions.append((f"{name(r.exit.side)} wins at once by taking a unit off the {r.exit.edge} edge", f"{b.case}:4.2"))
    if r.sudden_death:
        sd = r.sudden_death
        conditions.append((f"{name(sd.side)} wins at once holding {', '.join(sd.places)} after {rules.phase_title_of(state, sd.after_phase)}", sd.case))
    if r.points:
        p = r.points
        conditions.append((f"{name(p.side)} wins with {p.threshold} points: enemy strength eliminated or cut off, "
                           f"less {p.own_loss} per own strength lost; otherwise {name(b.enemy_of(p.side))}", p.case))
    if r.vp:
        conditions.append((f"most VP wins ({r.vp.city} per city held, eliminations, charges, rail cuts); a tie is a draw", f"{b.case}:4.0"))
        conditions.append((f"{name(r.vp.charge_side)} wins at once controlling {' or '.join(r.vp.sudden_death)}", f"{b.case}:4.5"))
    if r.footholds:
        f = r.footholds
        conditions.append((f"most VP wins: footholds held with a connecting line, plus half the {name(b.enemy_of(f.kills_side))} losses "
                           f"to {name(f.kills_side)}; ties to {name(f.ties)}", f"{b.case}:4.0"))
        conditions.append((f"{name(f.sudden_death_side)} wins at once holding every foothold", f"{b.case}:4.4"))
    if not (r.points or r.vp or r.footholds):
        conditions.append((f"otherwise {name(r.default_winner)} wins at the end of turn {b.sc.info.turns}", f"{b.case}:4.2"))
    now = [("turn", f"{state.turn} of {b.sc.info.turns}")]
    held = Counter(state.control.values())
    if held:
        now.append(("places held", ", ".join(f"{name(s)} {n}" for s, n in sorted(held.items()))))
    result = rules.outcome(state)
    if result is not None:
        return Standing(tuple(conditions), tuple(now), f"{result.level}: {result.reason}")
    winner, reason, points = victory.final_result(state)
    if points:
        now.append(("points", ", ".join(f"{name(s)} {p}" for s, p in points.items())))
    verdict = f"{name(winner)} would win" if winner else "a draw"
    return Standing(tuple(conditions), tuple(now), f"{verdict}: {reason}")
