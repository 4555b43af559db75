"""Strange Victory's play contract (docs/GAMES.md): the chance of each combat result before the
dice and before a re-roll, the draws a move or a counterattack makes, the standing."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

from wargames_tui.engine.contract import Forces, Owed, Preview, Result, Standing, chances
from wargames_tui.games.strange_victory import fighting
from wargames_tui.games.strange_victory.fighting import FOUND
from wargames_tui.games.strange_victory.combat import BLOODY, RESULTS, hits, result_for
from wargames_tui.games.strange_victory.data import load_campaign
from wargames_tui.games.strange_victory.rules import HALT, captured_areas, coastal_ports, outcome
from wargames_tui.games.strange_victory.state import State
from wargames_tui.games.strange_victory.victory import campaign_result, points

C = "strange-victory:"


def preview(state: State, action: Any) -> Preview | None:
    if not isinstance(action, dict):
        return None
    kind = action.get("type")
    c = load_campaign()
    combat = state.combat
    if kind == "roll" and combat is not None and combat.dice is None:
        target, n = fighting.strength(state, c), fighting.pool(state, c)
        return _combat(f"{n} dice against strength {target}", target, [None] * n)
    if kind == "reroll" and combat is not None and combat.dice and isinstance(action.get("dice"), list):
        which = set(action["dice"])
        kept = [None if i in which else d for i, d in enumerate(combat.dice)]
        target = fighting.strength(state, c)
        return _combat(f"re-roll {len(which)} of {combat.dice} against strength {target}", target, kept)
    if kind == "accept" and combat is not None and combat.dice:
        return _accepted(combat.dice, fighting.strength(state, c))
    if kind == "move" and isinstance(action.get("to"), str) and action["to"] in state.hidden:
        return _draw(state, state.hidden[action["to"]], f"entering {c.areas[action['to']].name} turns its garrison over", C + "8.2.5")
    if kind == "end-turn" and state.phase == "repairs":
        return _coastal(state, c)
    if kind == "counterattack" and action.get("area") in c.areas:
        return _draw(state, f"reaction-{c.areas[action['area']].letter}", "a reaction counter is drawn", C + "9.1.3")
    return None


def _coastal(state: State, c: Any) -> Preview | None:
    """A D6 rolled again until it names a free port: each free port as likely (10.2)."""
    free = coastal_ports(state, c)
    if not free:
        return None
    return Preview(f"coastal defence: a D6 picks one of {len(free)} free ports", C + "10.2",
                   results=chances((Fraction(1, len(free)), f"a face-down counter to {c.areas[c.port_numbered(n)].name}") for n in free),
                   note=f"then Panic {state.panic} -> {state.panic + 1} of {HALT} (10.4)")


def _combat(odds: str, target: int, dice: list[int | None]) -> Preview:
    """Each die at or above the strength hits (8.3.5); the hits give the result (8.3.6)."""
    if target >= BLOODY:
        return Preview(f"strength {target}", C + "8.3.4", results=(chances([(Fraction(1), RESULTS["bloody-firefight"].name)])),
                       note="no dice at 7 or more")
    free = [i for i, d in enumerate(dice) if d is None]
    odds_list = []
    for rolled in product(range(1, 7), repeat=len(free)):
        faces = list(dice)
        for i, r in zip(free, rolled):
            faces[i] = r
        odds_list.append((Fraction(1, 6 ** len(free)), RESULTS[result_for(target, faces)].name))  # type: ignore[arg-type]
    return Preview(odds, C + "8.3.5", results=chances(odds_list), note=f"a die of {target} or more hits")


def _accepted(dice: list[int], target: int) -> Preview:
    """The result the dice rolled give, with what it does (8.3.6): what accepting them brings."""
    result = RESULTS[result_for(target, dice)]
    effects = [f"the division {'disordered' if result.damage == 'disorder' else 'shocked'}"] if result.damage else []
    effects += [f"panic +{result.panic}"] if result.panic else []
    said = result.name + (f" ({', '.join(effects)})" if effects else "")
    return Preview("accept the dice", C + "8.3.6", results=(Result(f"{hits(dice, target)} hit(s):", said),))


def _draw(state: State, pool: str, odds: str, case: str) -> Preview | None:
    left = state.pools.get(pool, [])
    if not left:
        return None
    c = load_campaign()
    kinds = Counter(_what(c.allied[u]) for u in left)
    return Preview(f"{odds}: 1 of {len(left)} counters", case,
                   results=chances((Fraction(n, len(left)), what) for what, n in kinds.items()))


def _what(counter: Any) -> str:
    """What a drawn counter does to the division: an asset found, a breakdown, or a defender (8.2.12, 4.3.3)."""
    if counter.kind in FOUND:
        return "an asset"
    if counter.kind == "breakdown":
        return "a breakdown"
    if counter.kind in ("refugees",):
        return "refugees"
    return f"defender {counter.strength}"


def owed(state: State) -> list[Owed]:
    """A combat under way must be fought out (8.3)."""
    combat = state.combat
    if combat is None:
        return []
    c = load_campaign()
    step = "roll the dice" if combat.dice is None else "accept the dice or re-roll"
    return [Owed(f"{step} in the combat at {c.areas[combat.area].name}", C + "8.3.5")]


def standing(state: State, viewer: str | None) -> Standing:
    c = load_campaign()
    conditions = (
        (f"the campaign ends when Panic reaches {HALT} (der Halt!) or every area is taken", C + "10.5"),
        ("the victory points of the areas taken give the level", C + "11.2"),
    )
    taken = captured_areas(state, c)
    total = sum(points(c, taken).values(), Fraction(0))
    now = (("turn", str(state.turn)), ("Panic", f"{state.panic} of {HALT}"),
           ("areas taken", f"{len(taken)} of {len(c.capturable())}"), ("VP", str(float(total)).removesuffix(".0")))
    result = outcome(state)
    if result is not None:
        return Standing(conditions, now, f"{result.level}: {result.reason}")
    return Standing(conditions, now, campaign_result(total, taken == set(c.capturable())))


def order_of_battle(state: State, viewer: str | None) -> dict[str, Forces]:
    """The panzer divisions where they stand; the Allied counters turned over, the face-down ones
    by their place only, those eliminated, and what each pool still holds (by count)."""
    c = load_campaign()
    german, allied = Forces(), Forces()
    for d, s in sorted(state.divisions.items()):
        german.on_map.append(f"{c.divisions[d].name} at {s.area}" + (f" ({s.damage})" if s.damage else ""))
    for area, units in sorted(state.allied.items()):
        allied.on_map += [f"{c.allied[u].name} at {area}" for u in units]
    allied.on_map += [f"face-down garrison at {a}" for a in sorted(state.hidden)]
    allied.on_map += [f"face-down coastal counter at {a}" for a, n in sorted(state.coastal_hidden.items()) for _ in range(n)]
    allied.to_come = [f"{len(units)} in the {pool} pool" for pool, units in sorted(state.pools.items()) if units]
    return {"german": german, "allied": allied}
