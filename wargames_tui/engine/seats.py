"""Following a save that another seat plays on: the actions it wrote, applied here as they land.

Two clients, each bound to one side (`Session.seat`), share one save: each writes its own side's
actions (saves.save, under the save's lock, refusing a file that changed since it read it) and
follows the other's. `changed` costs two stats; `follow` reads what is new: the journal's new lines
alone when only the journal grew (each proven by its digest, chained to the last line known here),
else the whole file, whose log must extend the one played here. A save that went another way (the
other seat took an action back, or this seat's last action lost the race to the lock) is read again
whole and the game here becomes it. The actions are applied here with their recorded rolls, so the
events each seat reads are made here and filtered by engine/channels, as in hotseat.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wargames_tui.engine import saves
from wargames_tui.engine.dice import ReplayExhausted
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.saves import JournalHead, JournalLine, LoggedAction, SaveError
from wargames_tui.engine.session import LogEntry, Session


@dataclass
class Followed:
    """What following the save brought: the actions applied here, in order (all of them when the
    game was read again whole), and what loading set aside."""

    entries: list[LogEntry] = field(default_factory=list)
    reloaded: bool = False
    notes: list[str] = field(default_factory=list)


def changed(session: Session, path: Path) -> bool:
    """Whether the save changed on disk since this session read or wrote it (two stats, no read).
    A save not written yet (a new game's first save is on its way) has nothing to follow."""
    target = Path(os.path.realpath(path))
    record = saves._records.get((str(target), id(session)))
    now = saves._signature(target)
    if record is None:
        return now[0] is not None
    return now != record.signature


def follow(session: Session, path: Path) -> Followed:
    """Apply here the actions written to the save since this session read or wrote it. Raises
    SaveError when the save cannot be read or its new actions cannot be played here."""
    path = Path(path)
    target = Path(os.path.realpath(path))
    with saves._lock(path, target, exclusive=False):  # no writer while it is read
        record = saves._records.get((str(target), id(session)))
        now = saves._signature(target)
        if record is not None and now == record.signature:
            return Followed()
        lines = _journal_tail(target, session, record, now) if record is not None else None
        if lines is not None and record is not None:
            return Followed(_apply_lines(session, path, record, lines, now))
        return _from_file(session, path, target)


def _journal_tail(target: Path, session: Session, record: Any, now: tuple) -> list[tuple[JournalLine, str]] | None:
    """The journal's lines after those this session knows, each with its digest proven, when only
    the journal grew; else None (the whole file is read)."""
    known = record.signature
    if not (record.clean and record.stamp and record.digest and now[0] == known[0] and now[1] is not None):
        return None
    if len(session.log) != record.count or (session.log and session.log[-1] is not record.last):
        return None  # an action played here and not saved: the file decides
    start = known[1][1] if known[1] is not None and known[1][0] == now[1][0] else 0
    try:
        data, _ = saves._read(saves.journal_path(target), start=start, size=now[1][1] - start)
    except SaveError:
        return None
    if not data.endswith(b"\n"):
        return None
    lines, digest = [], record.digest
    for k, line in enumerate(data.split(b"\n")[:-1]):
        try:
            raw = saves.parse_json(line, "not a journal line")
            if start == 0 and k == 0:
                head = JournalHead.model_validate(raw)
                if head.stamp != record.stamp or head.base != record.count:
                    return None
                continue
            entry = JournalLine.model_validate(raw)
        except (SaveError, ValueError):
            return None
        if entry.n != record.count + len(lines) or entry.digest != saves.line_digest(digest, raw):
            return None
        digest = entry.digest
        lines.append((entry, digest))
    return lines


def _apply_lines(session: Session, path: Path, record: Any, lines: list[tuple[JournalLine, str]], now: tuple) -> list[LogEntry]:
    """Apply proven journal lines and remember the journal as read up to its end."""
    for entry, digest in lines:
        _apply(session, entry, f"{path}: journaled action {entry.n + 1}")
        record.count, record.last, record.digest = len(session.log), session.log[-1], digest
    record.signature = now
    entries = session.log[len(session.log) - len(lines):]
    _note_stop(session, entries)
    return entries


def _from_file(session: Session, path: Path, target: Path) -> Followed:
    """Read the whole save: apply the actions after those played here, or, when its log does not
    extend this game's, take the game it holds."""
    stored = saves._read_stored(path, target)
    env = stored.envelope
    ours = [_key(e.to_json()) for e in session.log]
    theirs = env.log
    if len(theirs) >= len(ours) and all(_key(_plain(theirs[i])) == ours[i] for i in range(len(ours))):
        at = env._snapshot_at if env._snapshot_at is not None else len(theirs)
        for i in range(len(ours), len(theirs)):
            entry = theirs[i] if isinstance(theirs[i], LoggedAction) else saves._entry(path, theirs[i], i + 1)
            _apply(session, entry, f"{path}: log entry {i + 1}")
            if i + 1 == at:
                saves._compare(path, session.game, session, env)
        entries = session.log[len(ours):]
        _note_stop(session, entries)
        saves._remember_loaded(target, session, stored, damaged=bool(stored.notes))
        return Followed(entries, False, list(stored.notes))
    fresh = saves.replay(env, path)
    session.become(fresh)
    saves._remember_loaded(target, session, stored, damaged=bool(stored.notes or fresh.notes))
    return Followed(list(session.log), True, stored.notes + fresh.notes)


def _plain(item: Any) -> Any:
    return item.model_dump() if isinstance(item, LoggedAction) else item


def _key(entry: Any) -> str:
    """A log entry as JSON text, to compare the one played here with the one read from the file."""
    if not isinstance(entry, dict):
        return ""
    return json.dumps({k: entry.get(k) for k in ("action", "rolls", "side")}, sort_keys=True, ensure_ascii=False)


def _apply(session: Session, entry: LoggedAction, where: str) -> None:
    """Play one action written by another seat, with its recorded rolls: a seeded game's dice here
    draw alongside, so that they go on as the seed does."""
    live = session.dice
    session.dice = saves._Replaying(entry.rolls, live._rng if session.seed is not None else None)
    try:
        session.act(entry.action, undoable=False, remote=True)
    except saves.NotTheSeed:
        raise SaveError(f"{where} was not rolled with the save's seed") from None
    except (IllegalAction, ReplayExhausted) as exc:
        raise SaveError(f"{where} cannot be played here: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a malformed action must not crash the client
        raise SaveError(f"{where} cannot be played here: malformed action ({saves._one_line(exc)})") from None
    finally:
        leftover = session.dice.leftover()
        session.dice = live
    if leftover:
        raise SaveError(f"{where} recorded more die rolls than the action used")


def _note_stop(session: Session, entries: list[LogEntry]) -> None:
    """Undo here never takes back what another seat played (a followed action keeps no copy to go back to)."""
    if any(e.side != session.seat and e.side not in session.runs for e in entries):
        session.undo_stop = "the other seat's last action"
