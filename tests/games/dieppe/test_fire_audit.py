"""Every German fire of real games, recomputed from its parts (dieppe 11.1).

Random raids are played through the session; before each German step the position is kept,
and each German shot the step logs is summed again from that position: the shooter's FF, the
die, +1 per level of fresh infantry beside him, +1 for a fresh officer with him, against the
target's FF, the die, +1 per level of fresh commandos (or per other LCA) beside it and the zone's
protection.
"""

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import dieppe
from wargames_tui.games.dieppe.firing import targets_in
from wargames_tui.games.dieppe.position import Position

GAMES = 12  # some 250 German shots, half of them with a bonus: well past what the audit needs
INFANTRY = ("infantry", "commando")


def _company(pos: Position, front: str, stack: list[str]) -> int:
    """+1 a level of fresh infantry beside front; an LCA counts +1 a fresh LCA beside it instead."""
    others = [u for u in stack if u != front and not pos.state.units[u].done]
    if pos.kind(front) == "lca":
        return sum(1 for u in others if pos.kind(u) == "lca")
    return sum(pos.levels(u) for u in others if pos.kind(u) in INFANTRY)


def _expected(before, shot: dict) -> tuple[int, int, int]:
    """(attack, defence, bonus) of one German shot, from the position before it was fired."""
    pos = Position(before)
    stack = [u for u in pos.germans(shot["from"]) if not before.units[u].done]
    shooter = pos.front(stack)
    officer = any(pos.kind(u) == "officer" for u in stack if u != shooter)
    bonus = _company(pos, shooter, stack) + (1 if officer else 0)
    attack = pos.rating(shooter).ff + shot["rolls"][0] + bonus
    targets = targets_in(pos, shot["zone"], "british")
    target = pos.front(targets)
    defence = pos.rating(target).ff + shot["rolls"][1] + _company(pos, target, targets)
    return attack, defence + pos.raid.zones[shot["zone"]].protection, bonus


@pytest.mark.rules("dieppe:11.1", "dieppe:6")
def test_every_german_shot_of_random_raids_adds_its_stack_and_officer():
    shots = with_bonus = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        session = Session.start(dieppe, dieppe.SCENARIO, seed=seed)
        while session.outcome() is None:
            german = session.state.phase == "german"
            before = session.state.copy()
            events = session.act(random_bot(session, rng))
            for e in events:
                if not german or e.kind != "combat" or e.data.get("side") != "german":
                    continue
                attack, defence, bonus = _expected(before, e.data)
                assert (e.data["attack"], e.data["defence"]) == (attack, defence), f"seed {seed}: {e.text}"
                assert e.data["hit"] == (attack >= defence)
                shots += 1
                with_bonus += bonus > 0
    assert shots >= 20 and with_bonus >= 5, (shots, with_bonus)  # the audit saw stacks with modifiers
