"""Dynamo's play contract (docs/GAMES.md): what is owed before a phase may end, and the standing."""

from __future__ import annotations

from wargames_tui.engine.contract import Owed, Standing
from wargames_tui.games.dynamo import evacuation, setup
from wargames_tui.games.dynamo.board import Board
from wargames_tui.games.dynamo.phases import phase_side
from wargames_tui.games.dynamo.state import State
from wargames_tui.games.dynamo.victory import outcome, quotient_level, tally


def owed(state: State) -> list[Owed]:
    """A battle's result still to be taken, Luftwaffe factors to place; dummies left in hand, steps that could still sail."""
    b = Board(state)
    battle = state.battle
    if battle is not None:
        if battle.stage in ("defender", "attacker") and battle.owed:
            return [Owed(f"the {battle.stage} takes {battle.owed} more step loss(es) or retreat hex(es)", "dynamo:17.10")]
        return []
    if state.phase == "luftwaffe" and state.air_left and b.real(b.units_of("german")):
        return [Owed(f"place {state.air_left} more Luftwaffe factor(s) on German units", "dynamo:8.1")]
    if state.phase.endswith("-dummies") or state.phase.endswith("-setup"):
        side = phase_side(state.phase)
        can_place = any(a["type"] == "dummy" for a in setup.dummy_options(b, side or ""))
        in_hand = [d for d in setup.dummies_of(b, side or "") if d not in state.deployed and state.units[d].where != "map"]
        if can_place and in_hand:
            return [Owed(f"{len(in_hand)} dumm{'y' if len(in_hand) == 1 else 'ies'} not yet placed", "dynamo:11.2", skippable=True)]
    if state.phase == "evacuation":
        ready = evacuation.options(b)
        if ready:
            return [Owed(f"{len(ready)} unit(s) could still be evacuated this turn", "dynamo:20.4", skippable=True)]
    return []


def standing(state: State, viewer: str | None) -> Standing:
    b = Board(state)
    conditions = (
        ("German points for Allied steps eliminated, Allied points for German steps eliminated and steps evacuated", "dynamo:22.1"),
        ("the German points over the Allied points give the level of victory", "dynamo:22.5"),
    )
    result = outcome(state)
    t = state.final if state.over else tally(state)
    now = (("turn", f"{state.turn} of {b.g.rules.turns}"),
           ("points", f"German {t['german']}, Allied {t['allied']}"),
           ("evacuated", f"{t['evacuated_steps']} steps, {t['evacuated_task_force_steps']} task force steps"),
           ("sea evacuation", evacuation.summary(state)))
    if result is not None:
        return Standing(conditions, now, f"{result.level}: {result.reason}")
    winner, level, q = quotient_level(state, t["german"], t["allied"])
    shown = "no Allied points yet" if q is None else f"quotient {q:.2f}"
    return Standing(conditions, now, f"{SIDES[winner]} {level} ({shown}; lines of communication count only at the end, 22.3)")


SIDES = {"german": "German", "allied": "Allied"}
