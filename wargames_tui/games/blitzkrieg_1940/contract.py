"""Blitzkrieg 1940's play contract (docs/GAMES.md): the chance of every battle result before the
attack, river-crossing rolls, what is owed, the standing.

A battle's factors marked + or - (and 0) are a die plus the printed number, at least 1 (14.8):
the preview works out every way the dice may fall, so the chances are exact. A defending stack
the attacker may not see beneath (11.3) gives only what does not depend on it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from wargames_tui.engine.contract import Modifier, Owed, Preview, Result, Standing, chances, die_row, roll_outcomes
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940 import combat, hidden, sequence, setup, victory
from wargames_tui.games.blitzkrieg_1940.data import load_board
from wargames_tui.games.blitzkrieg_1940.movement import ENTRY
from wargames_tui.games.blitzkrieg_1940.position import ENEMY, Position
from wargames_tui.games.blitzkrieg_1940.state import State
from wargames_tui.games.blitzkrieg_1940.view import hidden_units

C = "blitzkrieg-1940:"
Dist = dict[int, Fraction]
SIXTH = Fraction(1, 6)


def preview(state: State, action: Any) -> Preview | None:
    if not isinstance(action, dict) or state.phase == "over":
        return None
    kind = action.get("type")
    pos = Position(state)
    if kind == "attack" and isinstance(action.get("hex"), str) and isinstance(action.get("attackers"), list):
        attackers = [a for a in action["attackers"] if a in state.units and state.units[a].hex]
        raf = action.get("raf", 0)
        if attackers and len(attackers) == len(action["attackers"]) and isinstance(raf, int) and action["hex"] in pos.b.terrain:
            return battle(pos, action["hex"], attackers, raf)
    if kind == "raf" and state.battle is not None and isinstance(action.get("count"), int):
        return battle(pos, state.battle.hex, state.battle.attackers, action["count"])
    if kind == "end-drops" and state.drops:
        return _drops(pos)
    if kind == "move" and isinstance(action.get("path"), list):
        return _river(pos, action)
    if kind == "end-phase":
        return _rolls_after(state, action)
    return None


ROLLED = re.compile(r",?\s*rolled \d+( [-+]1 \(terror bombing\))?")


def _rolls_after(state: State, action: Any) -> Preview | None:
    """The rolls the end of a phase sets off before the next decision (the RAF's support, the Roer
    flood, capitulations, the end of the game's losses), every way the dice fall tried on a copy
    of what the ending side knows (the other side's hidden units drawn again)."""
    side = sequence.acting_side(state)
    known = hidden.disguise(state, side, random.Random(0)) if side else state
    cases: list[str] = []

    def what(events: list[Any]) -> str:
        out = []
        for e in events:
            if "roll" in (e.data or {}) and not e.only:
                cases.append(str(e.data.get("case", "")))
                out.append(re.sub(r":[,:]", ":", ROLLED.sub("", e.text)))
        return "; ".join(out) or "nothing"

    found = roll_outcomes(sequence.apply, State.copy, known, action, what)
    if not found:
        return None
    named = sorted({w.split(":")[0] for _, w in found for w in w.split("; ")})
    return Preview("then " + ", ".join(named) + " rolled", cases[0] if cases else C + "5.1", results=chances(found))


def battle(pos: Position, d: Hex, attackers: list[str], raf: int) -> Preview | None:
    b, s = pos.b, pos.s
    side = b.units[attackers[0]].side
    defenders = [u for u in pos.at.get(d, ()) if b.units[u].side != side]
    if not defenders:
        return None
    shifts = combat.shifts(pos, d, attackers, defenders, raf)
    known = [x for x in shifts if "morale" not in x["why"]] if set(defenders) & hidden_units(s, side) else shifts
    mods = tuple(Modifier(f"{x['shift']:+d} column", x["why"], x["case"]) for x in known)
    attack = _attack(pos, d, attackers)
    low, high = min(attack), max(attack)
    total = str(low) if low == high else f"{low}-{high}"
    if set(defenders) & hidden_units(s, side):
        return Preview(f"attack {total} vs a stack of {len(defenders)}, not all seen", C + "14.5", mods,
                       hidden="the defence and French morale beneath the top counter; shown when attacked (11.3)")
    defence = _defence(pos, d, defenders)
    net = sum(x["shift"] for x in shifts)
    crt = b.game.crt
    results: list[tuple[Fraction, str]] = []
    for a, pa in attack.items():
        for df, pd in defence.items():
            index = combat.column_index(a, df) + net
            if index >= len(crt.columns):
                results.append((pa * pd, f"{crt.automatic} (7:1+, no roll)"))  # 14.7
                continue
            for i, _ in enumerate(crt.die):
                results.append((pa * pd / len(crt.die), crt.rows[i][max(0, index)]))
    d_low, d_high = min(defence), max(defence)
    dtotal = str(d_low) if d_low == d_high else f"{d_low}-{d_high}"
    return Preview(f"{total} vs {dtotal}, shifts {net:+d}", C + "14.9", mods, chances(results),
                   note="results are attacker/defender steps lost")


def _attack(pos: Position, d: Hex, attackers: list[str]) -> Dist:
    """The attack total's distribution: each halving group totalled and halved, never below 1 (14.13)."""
    fortified = combat.fort_hex(pos, d)
    groups: dict[int, list[str]] = {}
    for a in attackers:
        u = pos.b.units[a]
        att, dfn, _ = pos.steps_of(a)
        printed = dfn if u.type == "panzer" and fortified else att  # 14.16E
        parts = combat.attack_factors(pos, d, [a], _Fixed())[0]
        groups.setdefault(len(parts["halvings"]), []).append(printed)
    total: Dist = {0: Fraction(1)}
    for k, printed in groups.items():
        group = _sum(_factor(f) for f in printed)
        halved: Dist = {}
        for v, p in group.items():
            key = max(1, v >> k) if k else v
            halved[key] = halved.get(key, Fraction(0)) + p
        total = _add(total, halved)
    return {max(1, v) if v == 0 else v: p for v, p in total.items()}


def _defence(pos: Position, d: Hex, defenders: list[str]) -> Dist:
    real = [pos.steps_of(u)[1] for u in defenders if not pos.b.units[u].dummy]
    gap = d in pos.b.sarreguemines  # 14.17
    total = _sum(_factor(f) for f in real)
    out: Dist = {}
    for v, p in total.items():
        key = max(1, v // 2 if gap else v)
        out[key] = out.get(key, Fraction(0)) + p
    return out


class _Fixed:
    """A stand-in die for working out halvings without rolling."""

    def roll(self, sides: int = 6) -> int:
        return 1


def _factor(printed: str) -> Dist:
    if combat.volatile(printed):
        out: Dist = {}
        for roll in range(1, 7):
            v = max(1, roll + int(printed))
            out[v] = out.get(v, Fraction(0)) + SIXTH
        return out
    return {int(printed): Fraction(1)}


def _add(x: Dist, y: Dist) -> Dist:
    out: Dist = {}
    for a, pa in x.items():
        for b, pb in y.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return out


def _sum(parts: Iterable[Dist]) -> Dist:
    total: Dist = {0: Fraction(1)}
    for p in parts:
        total = _add(total, p)
    return total


def _drops(pos: Position) -> Preview:
    """Each coup de main rolls in the order chosen: the n-th lands on the table's n-th number or less (7.2)."""
    table = pos.b.game.tables.coup_survival
    rows = tuple(Result(f"1-{table[n]}" if table[n] > 1 else "1", f"{pos.b.units[uid].name} lands on {pos.b.label(h)}, else it is lost")
                 for n, (uid, h, *_) in enumerate(pos.s.drops))
    return Preview(f"{len(rows)} coup(s) de main, 1 die each", C + "7.2", results=rows,
                   note="coups landing in Paris roll for French morale (7.7)" if any(h in pos.b.cities.get("Paris", ()) for _, h, *_ in pos.s.drops) else "")


def _river(pos: Position, action: dict[str, Any]) -> Preview | None:
    """A stack crossing a river into an enemy-controlled hex rolls for the extra MPs (13.9)."""
    uids = action.get("units") or ([action["unit"]] if isinstance(action.get("unit"), str) else [])
    if not uids or not all(isinstance(u, str) and u in pos.s.units for u in uids):
        return None
    side = pos.b.units[uids[0]].side
    here = action.get("start") or pos.s.units[uids[0]].hex
    for h in action["path"]:
        if not isinstance(h, str) or h not in pos.b.terrain:
            return None
        if here not in (None, ENTRY) and pos.side_kind(here, h) == "river" and pos.control(h) == ENEMY[side]:
            return Preview(f"river crossing into {pos.b.label(h)}: 1 die, half the roll in extra MPs", C + "13.9",
                           results=die_row([f"+{r // 2} MP" for r in range(1, 7)]), note="the stack stops before the river if it has too few MPs left")
        here = h
    return None


def owed(state: State) -> list[Owed]:
    """Steps owed in a battle; units still to set up or place."""
    pos = Position(state)
    battle = state.battle
    if battle is not None and battle.stage in ("attacker-loss", "defender-loss"):
        n = battle.attacker_loss if battle.stage == "attacker-loss" else battle.defender_loss
        return [Owed(f"{n} step(s) to lose in {pos.b.label(battle.hex)}", C + "14.10")] if n else []
    if state.phase == "german-setup" and (left := setup.left_to_set_up(state)):
        return [Owed(left, C + "3.1")]
    return []


def standing(state: State, viewer: str | None) -> Standing:
    pos = Position(state)
    b = pos.b
    game = load_board(state.scenario)
    now: list[tuple[str, str]] = [("turn", f"{state.turn} of {game.info.turns}, couplet {state.couplet}")]
    if not pos.y1940:
        conditions = (("the Allies win by entering the Ruhr Endangered Area with a French unit", C + "4.2"),
                      ("otherwise Germany wins at the end of turn 7", C + "4.2"))
    else:
        vp = game.game.vp
        conditions = (
            ("the Allies win at once by entering a Ruhr city hex with a British or French unit", C + "4.5"),
            (f"Germany needs {vp.needed} VP at the end: {vp.holland} Holland, {vp.belgium} Belgium, {vp.france} France "
             f"capitulated, {vp.maginot} Maginot breached, {vp.bef} BEF destroyed, {vp.raf} RAF losses; "
             f"{vp.german_losses} and {vp.german_city} count against", C + "4.1"),
        )
        sure = [c for c in ("Holland", "Belgium", "France") if c in state.capitulated]
        now.append(("capitulated", ", ".join(sure) or "none"))
        now.append(("steps lost", f"BEF {state.bef_lost}, German {state.german_lost}"))
        if state.morale:
            now.append(("French morale", str(state.morale)))
    result = state.result if state.phase == "over" else None
    if result is not None:
        return Standing(conditions, tuple(now), f"{state.winner} victory: {result.get('reason', '')}")
    sudden = victory.sudden_winner(state, pos)
    if sudden:
        return Standing(conditions, tuple(now), f"Allied victory: {sudden[1]}")
    if not pos.y1940:
        return Standing(conditions, tuple(now), "German victory: no French unit in the Ruhr Endangered Area (4.2B)")
    certain = sum(getattr(game.game.vp, c.lower()) for c in sure)
    return Standing(conditions, tuple(now), f"Germany has {certain} VP from capitulations of the {game.game.vp.needed} needed; "
                    "the Maginot Line, the BEF, the RAF and the losses are judged at the end (4.4)")
