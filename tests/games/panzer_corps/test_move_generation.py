"""The lazy move generator lists exactly the moves the old eager one listed, in the same order.

The reference below is the generator as it was before moves were built lazily (every
unit's reach worked out afresh, every path built); it is compared with the prompt's
lazy list over many positions reached by random play in all four scenarios.
"""

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.paths import movement_range
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.games.panzer_corps import rules
from wargames_tui.games.panzer_corps.board import Board

SCENARIOS = ["panzer-corps/el-alamein", "panzer-corps/dunkerque", "panzer-corps/kharkov", "panzer-corps/operation-compass"]


def old_move_actions(b: Board, full: frozenset[str]) -> list[dict]:
    """The eager generator; full (the hexes no move may end in, a stacking rule) is the lazy list's."""
    side = b.state.side
    exit_rule = b.sc.info.rules.exit
    exit_edge = set(b.sc.edge(exit_rule.edge)) if exit_rule and exit_rule.side == side else set()
    actions = []
    for uid in rules.movable(b):
        zone = b.ezoc(side)
        start = b.hex_of(uid)
        reach = movement_range(
            start,
            b.allowance(uid),
            b.steps_from(side),
            stops_in=lambda h: h in zone,
            first_step_ok=(lambda h: h not in zone) if start in zone else (lambda h: True),
        )
        allowance = b.allowance(uid)
        for h, spent in reach.cost.items():
            if h != start and h not in full:
                actions.append({"type": "move", "unit": uid, "path": reach.path_to(h)})
            if h in exit_edge and h not in zone and spent + exit_rule.cost <= allowance:
                actions.append({"type": "exit", "unit": uid, "path": reach.path_to(h)})
    return actions


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_lazy_moves_equal_the_old_generator(scenario):
    checked = 0
    for seed in range(1, 4):
        rng = random.Random(seed)
        session = Session.start(game_for(scenario), scenario, seed=seed)
        while session.outcome() is None:
            if session.state.step == "move":
                b = Board(session.state)
                lazy = rules.move_actions(b)
                old = old_move_actions(b, lazy.full)
                assert list(lazy) == old
                assert [lazy[i] for i in range(len(lazy) - 1, -1, -1)] == old[::-1]  # indexing, any order
                checked += 1
            session.act(random_bot(session, rng))
    assert checked > 100
