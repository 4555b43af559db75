"""Two seats on one save (engine/seats.py): each plays its own side, follows the other's actions as
they land in the file, and never writes for the other seat."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from wargames_tui.cli import new_session
from wargames_tui.engine import saves, seats
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.saves import SaveBusy, load, save
from wargames_tui.engine.session import SEAT, Session

SCENARIO = "seeds-of-disaster/1934"  # secret hands and orders, and a change of side every few actions


def two_seats(tmp_path: Path, seed: int = 3) -> tuple[Path, dict[str, Session]]:
    path = tmp_path / "game.json"
    save(new_session(SCENARIO, {}, seed), path)
    bound = {}
    for side in load(path).seats:
        bound[side] = load(path)
        bound[side].seat = side
    return path, bound


def to_act(bound: dict[str, Session]) -> Session:
    acting = [s for s in bound.values() if s.waiting_for() is None]
    assert len(acting) == 1, "exactly one seat may act at a time"
    return acting[0]


def play_one(session: Session, path: Path, rng: random.Random) -> None:
    session.act(rng.choice(list(session.prompt.actions)))
    save(session, path)


def test_each_seat_plays_its_side_and_follows_the_other(tmp_path: Path) -> None:
    path, bound = two_seats(tmp_path)
    rng = random.Random(5)
    handovers, last = 0, None
    for _ in range(120):
        mover = to_act(bound)
        if mover.seat != last:
            handovers, last = handovers + 1, mover.seat
        for other in bound.values():
            if other is not mover:
                assert other.prompt.actions == [] and other.prompt.case == SEAT  # nothing of the mover's options
                with pytest.raises(IllegalAction) as refused:
                    other.act(list(mover.prompt.actions)[0])
                assert refused.value.case == SEAT
        play_one(mover, path, rng)
        for other in bound.values():
            if other is not mover:
                followed = seats.follow(other, path)
                assert len(followed.entries) == 1 and not followed.reloaded
        dumps = {s.seat: s.game.dump(s.state) for s in bound.values()}
        assert len(set(map(str, dumps.values()))) == 1
    assert handovers >= 10
    assert load(path).game.dump(load(path).state) == dumps[last]  # the file proves the same game, seed and all


def test_a_grown_journal_is_read_from_where_it_was_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "JOURNAL_FROM", 0)  # journal every action, however small the file
    path, bound = two_seats(tmp_path)
    rng = random.Random(2)
    whole_reads = []
    read_stored = saves._read_stored
    monkeypatch.setattr(saves, "_read_stored", lambda *a: whole_reads.append(a) or read_stored(*a))
    for _ in range(30):
        mover = to_act(bound)
        play_one(mover, path, rng)
        (other,) = [s for s in bound.values() if s is not mover]
        assert seats.changed(other, path)
        assert len(seats.follow(other, path).entries) == 1
        assert not seats.changed(other, path)
    assert saves.journal_path(path).exists()
    assert whole_reads == []  # the journal's new lines alone, never the whole file


def undoable_step(path: Path, bound: dict[str, Session], rng: random.Random) -> Session:
    """Play on (every seat following) until an action that may be taken back: its seat."""
    for _ in range(200):
        mover = to_act(bound)
        play_one(mover, path, rng)
        for other in bound.values():
            if other is not mover:
                seats.follow(other, path)
        if mover.can_undo:
            return mover
    raise AssertionError("no action could be taken back")


def test_an_action_taken_back_at_the_other_seat_is_taken_back_here(tmp_path: Path) -> None:
    path, bound = two_seats(tmp_path)
    mover = undoable_step(path, bound, random.Random(1))
    (other,) = [s for s in bound.values() if s is not mover]
    assert len(other.log) == len(mover.log)
    assert mover.undo()
    save(mover, path)
    followed = seats.follow(other, path)
    assert followed.reloaded and len(other.log) == len(mover.log)
    assert other.game.dump(other.state) == mover.game.dump(mover.state)


def test_the_lock_decides_a_race_and_the_loser_takes_the_save(tmp_path: Path) -> None:
    path, bound = two_seats(tmp_path)
    rng = random.Random(1)
    while len(to_act(bound).prompt.actions) < 2:
        undoable_step(path, bound, rng)
    mover = to_act(bound)
    twin = load(path)  # the same seat opened twice (two tabs): both believe they may act
    twin.seat = mover.seat
    mover.act(mover.prompt.actions[0])
    save(mover, path)
    twin.act(twin.prompt.actions[-1])
    with pytest.raises(SaveBusy):
        save(twin, path)
    followed = seats.follow(twin, path)
    assert followed.reloaded and twin.log == mover.log
    assert twin.game.dump(twin.state) == mover.game.dump(mover.state)


def test_play_by_e_mail_the_file_goes_back_and_forth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each player's machine holds its own copy; after a turn the save (and its journal) is sent over
    and put in place of the other's copy: the client there follows what it brought."""
    import shutil

    monkeypatch.setattr(saves, "JOURNAL_FROM", 0)  # a journal beside the file too, sent with it
    path, bound = two_seats(tmp_path)
    homes = {side: tmp_path / side for side in bound}
    for side, home in homes.items():
        home.mkdir()
        shutil.copy(path, home / "game.json")
        bound[side] = load(home / "game.json")
        bound[side].seat = side
    rng = random.Random(3)
    for _ in range(8):  # turns
        mover = to_act(bound)
        mine = homes[mover.seat] / "game.json"
        while mover.waiting_for() is None and mover.outcome() is None:
            play_one(mover, mine, rng)
        (other,) = [s for s in bound.values() if s is not mover]
        theirs = homes[other.seat] / "game.json"
        for sent in (mine, saves.journal_path(mine)):  # "by e-mail": a copy written over the other's
            if sent.exists():
                shutil.copy(sent, theirs.with_name(sent.name))
            else:
                saves.journal_path(theirs).unlink(missing_ok=True)
        assert seats.changed(other, theirs) and seats.follow(other, theirs).entries
        assert other.game.dump(other.state) == mover.game.dump(mover.state) and not other.can_undo


def test_the_steps_the_rules_play_fall_to_one_seat(tmp_path: Path) -> None:
    """Two players against the rules' automaton (Betrayal!: the Germans): at every moment exactly one
    seat may act; the automaton's steps go to the seat that acted last (the first side before anyone
    has), and both seats see them."""
    path = tmp_path / "three.json"
    save(new_session("betrayal/historical", {}, 1), path)
    bound = {}
    for side in ("british", "french"):
        bound[side] = load(path)
        bound[side].seat = side
    rng = random.Random(1)
    automaton = 0
    for _ in range(250):
        mover = to_act(bound)
        if mover.game.active_side(mover.state) == "german":
            people = [e.side for e in reversed(mover.log) if e.side != "german"]
            first = next(side for side, seat in mover.seats.items() if seat != "game")
            assert mover.seat == (people[0] if people else first)
            automaton += 1
        play_one(mover, path, rng)
        for other in bound.values():
            if other is not mover:
                seats.follow(other, path)
    assert automaton
    assert bound["british"].game.dump(bound["british"].state) == bound["french"].game.dump(bound["french"].state)


def test_a_seat_concedes_for_its_own_side_only(tmp_path: Path) -> None:
    # blitzkrieg-1940:4.3: either player may concede; at a seat, only for the side it plays
    path = tmp_path / "game.json"
    save(new_session("blitzkrieg-1940/1940", {}, 1), path)
    german = load(path)
    german.seat = "german"
    assert german.waiting_for() is None
    from wargames_tui.engine.legality import anytime
    assert anytime(german.game, german.state, german.seat) == [{"type": "concede", "side": "german"}]
    with pytest.raises(IllegalAction) as refused:
        german.act({"type": "concede", "side": "allied"})
    assert refused.value.case == SEAT and "Allied" in str(refused.value)
    german.act({"type": "concede", "side": "german"})
    assert german.outcome() is not None
    hotseat = load(path)  # hotseat: one keyboard, either player may concede
    hotseat.act({"type": "concede", "side": "allied"})
    assert hotseat.outcome() is not None
