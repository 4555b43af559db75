"""Springtime's play contract (docs/GAMES.md): attack and defence previews with the chance of each
result, the chances of an Event marker draw as the drawer may reckon them, what is owed, the
standing."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from wargames_tui.engine.contract import Modifier, Owed, Preview, Standing, chances, roll_outcomes
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.springtime import combat, phases
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.movement import attack_candidates
from wargames_tui.games.springtime.positions import other, units_in
from wargames_tui.games.springtime.state import State
from wargames_tui.games.springtime.view import disguise
from wargames_tui.games.springtime.victory import FRENCH_ZONES, automatic_victory, linked_to_germany, outcome

TWO_DICE = [a + b for a in range(1, 7) for b in range(1, 7)]


def preview(state: State, action: Any) -> Preview | None:
    if not isinstance(action, dict):
        return None
    kind = action.get("type")
    if kind == "attack" and state.step == "assault":
        return _attack(state, action)
    if kind == "defend" and state.step == "defend":
        return _defence(state, action)
    if kind == "move" and state.imp.get("kind") == "assault" and isinstance(action.get("to"), str):
        return _entering(state, action)
    drawer = phases.acting_side(state)  # the side at the draw, not the side whose impulse it is
    extra = kind == "advantage" and action.get("use") == "extra_event"  # an Event marker drawn at once (11.1)
    if (kind in ("draw", "discard_draw") or extra) and drawer in state.hands:
        return _draw(state, drawer, discard=kind == "discard_draw")
    return _rolls_after(state, action)


# The rolls that end an impulse or a phase, by the kind of event that reports them (6.1.2, 6.2.1, 13.2.4, 16.2).
ROLLS = {
    "logistics": ("the Logistics roll (a die at or above the impulse goes on)", "springtime:6.2.1"),
    "politics": ("the Belgian surrender check (a die above the Axis-held Belgian Areas)", "springtime:6.1.2"),
    "supply": ("each unit out of supply rolls to surrender", "springtime:13.2.4"),
    "armistice": ("the French Armistice roll (a die above the morale)", "springtime:16.2"),
}
DR = re.compile(r" \(dr \d+\)")


def _rolls_after(state: State, action: dict[str, Any]) -> Preview | None:
    """The rolls an action sets off as its impulse or phase ends, each way the dice fall tried on
    a copy of what the acting side knows (the other hand drawn again)."""
    side = phases.acting_side(state)
    known = disguise(state, side, random.Random(0)) if side else state
    kinds: set[str] = set()

    def what(events: list[Any]) -> str:
        out = []
        for e in events:
            rolled = "roll" in (e.data or {}) or "(dr " in e.text
            if rolled and (e.kind in ROLLS or e.kind == "loss"):
                kinds.add("supply" if e.kind == "loss" else e.kind)
                out.append(DR.sub("", e.text.rsplit(": ", 1)[-1] if "roll" in (e.data or {}) else e.text))
        return "; ".join(out) or "nothing"

    found = roll_outcomes(phases.apply, State.copy, known, action, what)
    if not found:
        return None
    named = [ROLLS[k] for k in ROLLS if k in kinds]
    if not named:
        return None
    return Preview("then " + ", then ".join(n for n, _ in named), named[0][1], results=chances(found))


def results(margin: int) -> dict[str, Fraction]:
    """The attacker's total (value + 2d6) against the defender's, the attack ahead by margin:
    the chance of a win, a stalemate (equal) and a repulse (lower) (10.4.1, 10.4.4)."""
    out = {"win": Fraction(0), "stalemate": Fraction(0), "repulse": Fraction(0)}
    for x in TWO_DICE:
        for y in TWO_DICE:
            out["win" if margin + x > y else "stalemate" if margin + x == y else "repulse"] += Fraction(1, 36 * 36)
    return out


def _results(lead: str, margin: int) -> tuple[Any, ...]:
    """A win is a success, or an overrun with an armored lead (10.4.4)."""
    win = "overrun" if load_board().units[lead].kind == "armored" else "success"
    return chances((p, win if r == "win" else r) for r, p in results(margin).items())


def _mods(parts: list[list[Any]], case: str) -> tuple[Modifier, ...]:
    return tuple(Modifier(f"{v:+d}", str(name), case) for name, v in parts[1:] if v)


def _attack(state: State, action: dict[str, Any]) -> Preview | None:
    area, units, lead, air = action.get("area"), action.get("units"), action.get("lead"), action.get("air")
    if not isinstance(units, list) or lead not in units or not all(isinstance(u, str) for u in units):
        return None
    if not isinstance(area, str) or any(u not in attack_candidates(state, area) for u in units):
        return None
    if air is not None and air not in combat.air_choices(state, state.active, lead):
        return None
    parts = combat.attack_parts(state, units, lead, air)
    av = combat.parts_total(parts)
    defender = other(state.active)
    defenders = units_in(state, area, defender)
    dvs = [combat.parts_total(combat.defence_parts(state, area, defenders, d, dair, units))
           for d in defenders for dair in [None, *combat.air_choices(state, defender, d)]]
    low, high = min(dvs), max(dvs)
    span = f"{low}" if low == high else f"{low}-{high}"
    return Preview(f"attack {av} (lead CV {parts[0][1]}) vs defence {span}", "springtime:10.4.2", _mods(parts, "springtime:10.4.2"),
                   _results(lead, av - high), note="each side adds 2 dice; the chances are against the best defence")


def _entering(state: State, action: dict[str, Any]) -> Preview | None:
    """A move into an enemy-held Area in an assault commits its units to attack it (10.1): the best
    attack the units bound to it could then make, against the best defence."""
    to = action["to"]
    defender = other(state.active)
    if not units_in(state, to, defender) or to in state.imp.get("contested_start", []):
        return None
    trial = state.copy()
    try:
        phases.apply(trial, action, Dice(0))
    except IllegalAction:
        return None
    units = trial.imp.get("must", {}).get(to, [])
    if not units:
        return None
    av, lead = max((combat.parts_total(combat.attack_parts(trial, units, u, None)), u) for u in units)
    defenders = units_in(trial, to, defender)
    dvs = [combat.parts_total(combat.defence_parts(trial, to, defenders, d, dair, units))
           for d in defenders for dair in [None, *combat.air_choices(trial, defender, d)]]
    low, high = min(dvs), max(dvs)
    span = f"{low}" if low == high else f"{low}-{high}"
    return Preview(f"entering {load_board().areas[to].name} binds {len(units)} unit(s) to attack it: attack {av} vs defence {span}",
                   "springtime:10.1", results=_results(lead, av - high),
                   note="without air, led by the strongest; others may still join; chances against the best defence")


def _defence(state: State, action: dict[str, Any]) -> Preview | None:
    c = state.combat
    lead, air = action.get("lead"), action.get("air")
    if c is None or lead not in combat.defender_leads(state) or (air is not None and air not in combat.air_choices(state, c["defender"], lead)):
        return None
    av = combat.parts_total(combat.attack_parts(state, c["attackers"], c["lead"], c["air"]))
    parts = combat.defence_parts(state, c["area"], units_in(state, c["area"], c["defender"]), lead, air, c["attackers"])
    dv = combat.parts_total(parts)
    return Preview(f"defence {dv} (lead CV {parts[0][1]}) vs attack {av}", "springtime:10.4.3", _mods(parts, "springtime:10.4.3"),
                   _results(c["lead"], av - dv), note="each side adds 2 dice")


def _draw(state: State, side: str, discard: bool) -> Preview | None:
    """One marker from the cup: the drawer counts the markers he has not seen, one of which the
    other side may hold unseen (6.1.1, 6.4.4)."""
    b = load_board()
    enemy = other(side)
    unseen_enemy = [] if state.shown.get(enemy) else list(state.hands.get(enemy, []))
    own = list(state.hands.get(side, [])) if discard else []
    cup = len(state.cup) + len(own)
    if cup == 0:
        return None
    unknown = [m for m in state.cup if m not in own] + unseen_enemy  # the drawer cannot tell these apart
    in_cup = Fraction(len(unknown) - len(unseen_enemy), len(unknown)) if unknown else Fraction(0)
    odds = [(in_cup / cup, b.events[m].name) for m in unknown] + [(Fraction(1, cup), b.events[m].name) for m in own]
    note = "the Axis's Air Supremacy on Turn 1 goes back after a new draw (15.1)" if side == "axis" and state.turn == 1 else ""
    return Preview(f"1 of {cup} Event markers in the cup", "springtime:6.1.1", results=chances(odds), note=note)


def owed(state: State) -> list[Owed]:
    """Areas entered that must still be attacked in this impulse (10.1): the phasing side's duty, also
    while the defender answers an attack within its impulse (his lead, the Advantage)."""
    if state.phase != "maneuvers" or not state.imp:
        return []
    must = state.imp.get("must", {})
    attacked = state.imp.get("attacked", [])
    b = load_board()
    return [Owed(f"attack {b.areas[a].name} ({a}) with the units that entered it", "springtime:10.1", side=state.active)
            for a in sorted(must) if must[a] and a not in attacked and units_in(state, a, other(state.active))]


def standing(state: State, viewer: str | None) -> Standing:
    t = load_board().tables.thresholds
    conditions = (
        ("the Axis wins at once when French Morale falls to 0, or holds Paris and 3 French Zones linked to Germany", "springtime:16.1"),
        (f"at French Morale {t.armistice} or less, France may ask for an armistice in the End Phase (a die above Morale)", "springtime:16.2"),
        ("the Allies win if France still stands at the end of the last turn", "springtime:16.3"),
    )
    zones = [z for z in FRENCH_ZONES if linked_to_germany(state, z)]
    now = (("turn", f"{state.turn} of {state.last_turn}"),
           ("French Morale", str(state.morale)),
           ("Paris linked to Germany", "yes" if linked_to_germany(state, "25") else "no"),
           ("French Zones linked to Germany", ", ".join(zones) or "none"))
    result = outcome(state)
    if result is not None:
        return Standing(conditions, now, f"{result.level}: {result.reason}")
    why = automatic_victory(state)
    if why:
        return Standing(conditions, now, f"Axis Automatic Victory: {why}")
    return Standing(conditions, now, "Allied Victory: France still stands (16.3)")
