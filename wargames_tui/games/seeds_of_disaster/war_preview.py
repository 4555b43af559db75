"""The Seeds of Disaster's previews at war (docs/GAMES.md, the play contract).

A battle is decided by each side's strength plus its battle dice, the difference read on the
Combat Results Table (13.6, 13.7). The side that commits last (the defender, 13.5) knows its own
strength and every die either side rolls but for a disrupted enemy unit's; the enemy's strength
(its armies' steps, its corps) is hidden until the battle shows it. The end of a combat segment
and some losses set off further rolls: they are named, their results left to the dice."""

from __future__ import annotations

import random
import re
from typing import Any

from wargames_tui.engine.contract import Preview, Result
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.seeds_of_disaster import combat, data, rules
from wargames_tui.games.seeds_of_disaster.board import other
from wargames_tui.games.seeds_of_disaster.state import State
from wargames_tui.games.seeds_of_disaster.view import disguise

C = "seeds-of-disaster:"


def war_preview(state: State, action: dict[str, Any]) -> Preview | None:
    b = state.war.battle
    if action.get("type") == "commit" and b is not None and b.step == "defend-support":
        return _battle(state)
    return _rolls_after(state, action)


def _battle(state: State) -> Preview:
    b = state.war.battle
    assert b is not None
    me, them = other(b.attacker), b.attacker
    gross = {s: sum(combat.gross_dice(state, b, s, None).values()) for s in (me, them)}
    dice = dict(gross)
    if combat.disrupted_in(state, b, me):  # 15.1.4: a die fewer, or one more to the enemy
        if gross[me]:
            dice[me] -= 1
        else:
            dice[them] += 1
    strength = sum(combat.battle_strength(state, b, me, None).values())
    rows = data.tables().crt
    results = (Result("tie", "one step each (13.7.3)"),) + tuple(
        Result(f"by {r.from_}+", f"loser {r.loser} step(s), winner {r.winner}" + (", the loser retreats" if r.retreat else ""))
        for r in rows if r.from_)
    note = "" if combat.fortified(state, b) else (
        "a Mobile Forces Battle comes first where both sides have mobile units; Poised Forces of its winner add 2 dice (13.2)")
    return Preview(
        f"{me.title()}: strength {strength} + {dice[me]} dice; {them.title()}: strength unseen + {dice[them]} dice",
        C + "13.7.1", results=results, note=note,
        hidden=f"the {them.title()} strength (armies' steps, corps) and any die a disrupted {them.title()} unit costs (15.1.4)")


FIRST_NUMBER = re.compile(r"\s*\d.*$")


def _rolls_after(state: State, action: dict[str, Any]) -> Preview | None:
    """The rolls an action sets off (the week's command events and IP rolls after the combat
    segment, a battle's next step after a loss), named from a trial on what the acting side knows."""
    side = rules.acting(state)
    known = disguise(state, side, random.Random(0))
    dice = Dice(0)
    try:
        events = rules.apply(known, action, dice)
    except IllegalAction:
        return None
    if not dice.rolls:
        return None
    names: list[str] = []
    for e in events:
        if e.kind == "roll" and e.only is None:
            name = FIRST_NUMBER.sub("", e.text.split(":")[0]).strip()
            if name and name not in names:
                names.append(name)
    return Preview("then " + "; ".join(names or ["dice"]), rules.prompt(state).case,
                   hidden="what the dice bring: each roll is in the log as it falls")
