"""Opening a save at once on its position, its log played again behind it to prove that position.

A save holds its final position: the snapshot, then the journal's actions after it (docs/saves.md).
`open_snapshot` opens the game there without playing its whole log again, but `unproven`: nothing
may be played or saved (Session.act and saves.save refuse) until `Proof.run` has played the log
again from the start and reached the same position, as `saves.load` does before it returns, and
`Proof.finish` has handed the session the proven game. `run` touches only its own copy of the game
(a worker thread may run it); `finish` runs on the thread that owns the session.

A log that does not reproduce the position leaves the session unplayable, and says so; `fallback`
is then the last position the log proves: its actions from the start as far as the rules accept
them, the snapshot set aside. The reason given never describes the position (a side may not read
the other's secrets in a message either); the log's lines (each side's events) come with the proof,
from the replay, never from the save.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wargames_tui.engine import saves
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.saves import SaveError
from wargames_tui.engine.session import LogEntry, Session

CHECKING = "this save's log is still being played again to prove its position: play waits for it"


@dataclass
class Proof:
    session: Session  # opened on the save's position, unproven until `finish`
    path: Path
    target: Path  # the file behind path's links, where the next save goes
    stored: Any  # what was read (saves._Stored): the next save appends to it
    env: Any  # the envelope, its log as the session holds it (journal actions set aside left out)
    end: dict[str, Any]  # the position opened, as the game dumps it
    damaged: bool  # opening set journal lines aside
    replayed: Session | None = None
    failure: str | None = None
    fallback: Session | None = None  # when the log does not prove the position: what it proves

    def run(self) -> None:
        """Play the log again from the start: it must reach the snapshot, then the position opened."""
        try:
            replayed = saves.replay(self.env, self.path)
            if replayed.notes or replayed.game.dump(replayed.state) != self.end:
                raise SaveError(f"{self.path}: the action log does not reproduce the saved position")
            self.replayed = replayed
        except Exception as exc:  # noqa: BLE001 - a save that breaks the rules code is a save not proven
            self.failure = str(exc) if isinstance(exc, SaveError) else f"{self.path}: {saves._one_line(exc)}"
            try:
                self.fallback = saves.replay(self.env, self.path, compare=False)
            except Exception:  # noqa: BLE001 - nothing to offer: the log proves no position
                self.fallback = None

    @property
    def reason(self) -> str:
        """Why the save is not proven, in words that name no action and nothing of the position:
        the player at the keys may not read the other side's secrets here either (`failure` holds
        the loader's own message, which quotes the action it stopped at)."""
        if self.fallback is not None and len(self.fallback.log) < len(self.env.log):
            return f"action {len(self.fallback.log) + 1} of its {len(self.env.log)} cannot be played again"
        return "its actions do not lead to the position it holds"

    def finish(self) -> bool:
        """The session becomes the proven game (its state, its log with each action's events, its
        dice), free to play and save: True; or stays unplayable, saying why: False."""
        s, r = self.session, self.replayed
        if r is None:
            s.unproven = f"this save's log does not prove its position, so it cannot be played on: {self.reason}"
            return False
        s.state, s.log[:], s.dice, s.undo_stop = r.state, r.log, r.dice, r.undo_stop
        s._prompt, s._base = None, None
        s._undo.clear()
        s.unproven = None
        saves._remember_loaded(self.target, s, self.stored, self.damaged)
        return True


def open_snapshot(path: Path) -> Proof:
    """The game at the save's position at once, unproven, and the Proof that will prove it.
    The file is read and checked as `saves.load` reads it; the journal's actions (few, as a rule:
    a game left normally has none) are applied to the snapshot, those the rules refuse set aside."""
    path = Path(path)
    saves._check_regular(path)
    target = Path(os.path.realpath(path))
    with saves._lock(path, target, exclusive=False):
        stored = saves._read_stored(path, target)
    env = stored.envelope
    game = saves.game_of(env, path)
    at = env._snapshot_at if env._snapshot_at is not None else len(env.log)
    shown = [_shown(path, item, i) for i, item in enumerate(env.log[:at], start=1)]

    def opened(journaled: int) -> Session:
        try:
            state = game.load(env.snapshot)
        except Exception as exc:  # noqa: BLE001 - a damaged position is refused, never raised
            raise SaveError(f"{path}: the saved position cannot be read ({saves._one_line(exc)})") from None
        session = Session(game, env.scenario, dict(env.options), state, Dice(), dict(env.seats), env.seed,
                          list(shown), env.created, env.updated)
        for i in range(at, at + journaled):
            if problem := saves._replay_one(session, env.log[i], None, f"{path}: log entry {i + 1}"):
                return _set_aside(path, env, i, problem, session)
        return session

    session = opened(len(env.log) - at)
    notes = stored.notes + session.notes
    if session.notes:  # the rules refused a journaled action: the game is the position before it
        session = opened(len(session.log) - at)
    env = env.model_copy(update={"log": env.log[: len(session.log)]})
    env._snapshot_at = at
    session.dice, session.updated, session.notes = Dice(), env.updated, notes
    session.unproven = CHECKING
    end = env.snapshot if len(session.log) == at else game.dump(session.state)
    return Proof(session, path, target, stored, env, end, damaged=bool(notes))


def _set_aside(path: Path, env: Any, i: int, problem: str, session: Session) -> Session:
    lost = f"action {i + 1}" if i + 1 == len(env.log) else f"actions {i + 1} to {len(env.log)}"
    session.notes.append(f"{path}: journaled action {i + 1} ({saves._short(env.log[i].action)}) {problem}: "
                         f"{lost} set aside; the game goes on after action {i}")
    return session


def _shown(path: Path, item: Any, i: int) -> LogEntry:
    """Log entry i of the save as the player reads it until the proof brings its events: its shape
    checked cheaply (the proof checks each in full), a bad one refused as `saves.load` refuses it."""
    if isinstance(item, dict) and isinstance(item.get("action"), dict) and isinstance(item.get("rolls"), list) \
            and isinstance(item.get("side", 0), (str, type(None))):
        return LogEntry(item["action"], item["rolls"], item["side"])
    entry = saves._entry(path, item, i)
    return LogEntry(entry.action, entry.rolls, entry.side)
