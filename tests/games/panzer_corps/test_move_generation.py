"""The lazily listed moves are exactly the legal ones, checked by the rules' own path check.

Over positions reached by random play in all four scenarios, every listed move's path
passes `check_path` (8.2-8.3, 6.1) and ends where stacking allows (7.1); and no hex is
left out: for a hex not listed, every one-step extension of a listed path (or a first
step from the start) is refused by `check_path`. A unit reaching a hex by any legal path
reaches it by the cheapest path to its last-but-one hex plus one step, since the rules
that stop a move depend on the hexes, not on the way there.
"""

import random

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.games.panzer_corps import rules
from wargames_tui.games.panzer_corps.board import Board

SCENARIOS = ["panzer-corps/el-alamein", "panzer-corps/dunkerque", "panzer-corps/kharkov", "panzer-corps/operation-compass"]


def legal(b: Board, uid: str, path: list[str]) -> bool:
    try:
        b.check_path(uid, path)
    except IllegalAction:
        return False
    return True


def check_moves(b: Board) -> None:
    moves = rules.move_actions(b)
    listed: dict[str, dict[str, list[str]]] = {}
    assert list(moves.sketch_all()) == [moves.sketch(i) for i in range(len(moves))]  # the walk a bot takes
    for i, a in enumerate(moves):
        assert moves.sketch(i) == {"type": a["type"], "unit": a["unit"], "to": a["path"][-1] if a["path"] else b.hex_of(a["unit"])}
        if a["type"] == "move":
            assert legal(b, a["unit"], a["path"]) and a["path"][-1] not in moves.full
            listed.setdefault(a["unit"], {})[a["path"][-1]] = a["path"]
    for uid in rules.movable(b):
        start = b.hex_of(uid)
        ways = {start: [], **listed.get(uid, {})}
        for end, path in ways.items():
            for h in b.sc.grid.neighbours(end):
                if h not in ways and h != start and h not in moves.full:
                    assert not legal(b, uid, path + [h]), f"{uid} may reach {h} but it is not listed"


# Khar'kov's game has some 500 movement positions, each dear to check: a tenth of them, spread
# over the whole game, as the others' 0.3 gives some 50 each.
@pytest.mark.parametrize("scenario,share", [(s, 0.1 if s == "panzer-corps/kharkov" else 0.3) for s in SCENARIOS])
def test_the_listed_moves_are_the_legal_ones(scenario, share):
    checked = 0
    rng = random.Random(1)
    session = Session.start(game_for(scenario), scenario, seed=1)
    while session.outcome() is None:
        if session.state.step == "move" and rng.random() < share:
            check_moves(Board(session.state))
            checked += 1
        session.act(random_bot(session, rng))
    assert checked > 10


@pytest.mark.parametrize("scenario", ["panzer-corps/kharkov", "panzer-corps/operation-compass"])
def test_a_position_derived_from_the_last_one_equals_one_worked_out_afresh(scenario, monkeypatch):
    from wargames_tui.games.panzer_corps.board import Position

    derived = []
    moved = Position.moved

    def checked(self, uids, key):
        new = moved(self, uids, key)
        if new is not None:
            fresh = Position(self.fixed, uids, key)
            assert new.at == fresh.at
            for side in self.fixed.enemy:
                assert new.ezoc(side) == fresh.ezoc(side) and new.held(side) == fresh.held(side)
            derived.append(new)
        return new

    monkeypatch.setattr(Position, "moved", checked)
    rng = random.Random(2)
    session = Session.start(game_for(scenario), scenario, seed=2)
    while session.outcome() is None:
        Board(session.state).at  # noqa: B018 - the position after each action, derived where it can be
        session.act(random_bot(session, rng))
    assert len(derived) > 100
