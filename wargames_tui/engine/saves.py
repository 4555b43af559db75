"""Save files: a versioned JSON envelope plus a journal of the latest actions, checked by replay on load.

A save is SAVE.json, one JSON document whose first line is a summary (the header: what a list of
saves shows), then the log of every action, then the snapshot of the position. A long game's
autosave appends each new action as one line to SAVE.json.journal instead of rewriting the whole
file, and the journal is folded back into SAVE.json (compacted) once it holds as many actions as
the snapshot file. Writers lock the save (flock on .SAVE.json.lock) and refuse to overwrite a file
that changed since they read it. See docs/saves.md.
"""

from __future__ import annotations

import fcntl
import glob
import hashlib
import json
import os
import random
import re
import secrets
import stat
import sys
import threading
import time
import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StringConstraints, ValidationError

from wargames_tui import __version__
from wargames_tui.engine.datafiles import describe_validation
from wargames_tui.engine.dice import Dice, ReplayExhausted
from wargames_tui.engine.files import SaveBusy, SaveError, save_dir  # noqa: F401 - save_dir: where the commands find it
from wargames_tui.engine.files import why as _why
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.session import LogEntry, Session

FORMAT = "wargames-tui-save"
# 2: summary on the first line, compact JSON, journal, seed, stamp; 3: digests (the header's proves
# its stamp and seed, each journal line's its action, chained to the line before). 1 and 2 still load.
FORMAT_VERSION = 3
JOURNAL_FORMAT = "wargames-tui-journal"
JOURNAL_VERSION = 2  # 2: each line carries its digest
DIGEST_CHARS = 16  # hex digits of SHA-256 kept: 64 bits, against damage and edits by hand (no secret key)
MAX_BYTES = 8 * 2**20  # 100 times the longest game so far (a finished Khar'kov game: 70 KB)
HEADER_BYTES = 16 * 1024  # what a list of saves reads of each file
MAX_DEPTH = 32  # actions and snapshots nest a few levels; anything deeper is not a save
JOURNAL_FROM = 0  # the journal begins with the second save: an action costs one appended line, never the
# whole file rewritten (a rewrite costs two fsyncs and the file's bytes; a short game's 1.5-2 ms)
JOURNAL_MIN = 64  # compact once the journal holds max(JOURNAL_MIN, actions in the snapshot file)
LOCK_WAIT = 5.0  # seconds a command waits for another one to finish with the save
STALE_TEMP = 300.0  # a temporary file this old is left from a killed write

_UMASK = os.umask(0)
os.umask(_UMASK)
NEW_FILE_MODE = 0o666 & ~_UMASK


# --- the file's schema -----------------------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Roll = Annotated[int, Field(ge=1, le=1000)]  # a die result; its range is checked again on replay
# a person, a bot, or (solitaire games) the rules themselves
Seat = Annotated[str, StringConstraints(pattern=r"^(human|game|bot:[A-Za-z0-9_-]{1,40})$")]
Name = Annotated[str, StringConstraints(max_length=200)]


class LoggedAction(_Strict):
    action: dict[str, Any]
    rolls: list[Roll]
    side: Name | None


class Summary(_Strict):
    """What a list of saves shows besides the game: where the game stands."""

    updated: Name
    turn: Annotated[int, Field(ge=0, le=10_000)] | None = None
    phase: Name | None = None
    side_to_move: Name | None = None
    finished: bool = False


class SaveHeader(Summary):
    """The first line of a save: everything but the log and the snapshot."""

    format: Literal["wargames-tui-save"]
    version: Annotated[int, Field(ge=1)]
    app_version: Name
    game: Name
    scenario: Name
    options: dict[Name, Name]
    seats: dict[Name, Seat]
    seed: Annotated[int, Field(ge=-(2**63), lt=2**63)] | None = None
    created: Name
    actions: Annotated[int, Field(ge=0)] | None = None  # entries in the log (format 2)
    stamp: Name | None = None  # names this snapshot: its journal carries the same stamp (format 2)
    digest: Name | None = None  # proves the stamp and the seed, and starts the journal's chain (format 3)


class SaveFile(SaveHeader):
    log: list[LoggedAction]
    snapshot: dict[str, Any]
    # How many log entries the snapshot follows (the rest came from the journal); None: all of them.
    _snapshot_at: int | None = PrivateAttr(default=None)


class _Unchecked(SaveHeader):
    """A save whose log entries are checked one by one as they are replayed: a bad entry stops the
    load there, however long the log after it."""

    log: list[Any]
    snapshot: dict[str, Any]
    _snapshot_at: int | None = PrivateAttr(default=None)


class _LogEntries(_Strict):
    log: dict[int, LoggedAction]


class JournalHead(_Strict):
    format: Literal["wargames-tui-journal"]
    version: Literal[1, 2]
    stamp: Name
    base: Annotated[int, Field(ge=0)]


class JournalLine(LoggedAction):
    n: Annotated[int, Field(ge=0)]
    digest: Name | None = None  # journal version 2
    summary: Summary | None = None


HEADER_FIELDS = tuple(SaveHeader.model_fields)
SUMMARY_FIELDS = tuple(Summary.model_fields)


def journal_path(path: Path) -> Path:
    return Path(path).with_name(Path(path).name + ".journal")


def _lock_path(path: Path) -> Path:
    return Path(path).with_name(f".{Path(path).name}.lock")


# --- writing ---------------------------------------------------------------------------------------
def envelope(session: Session, stamp: str | None = None) -> dict[str, Any]:
    """The save as a dict, header fields first (the order of the file)."""
    env: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app_version": __version__,
        "game": session.game.GAME_ID,
        "scenario": session.scenario,
        "options": session.options,
        "seats": session.seats,
    }
    if session.seed is not None:
        env["seed"] = session.seed
    env.update(created=session.created, **_summary(session), actions=len(session.log))
    if stamp is not None:
        env["stamp"] = stamp
        env["digest"] = header_digest(stamp, session.seed)
    env["log"] = [e.to_json() for e in session.log]
    env["snapshot"] = session.game.dump(session.state)
    return env


def _digest(previous: str, text: str) -> str:
    return hashlib.sha256(f"{previous}\n{text}".encode()).hexdigest()[:DIGEST_CHARS]


def header_digest(stamp: str, seed: int | None) -> str:
    """What proves a save's stamp and seed: a seed added to a game begun without one is refused."""
    return _digest(FORMAT, _compact({"stamp": stamp, "seed": seed}))


def line_digest(previous: str, line: dict[str, Any]) -> str:
    """What proves a journal line (its n, action, rolls and side, as written) and its place: the
    digest of the line before (the header's for the first) goes into it."""
    return _digest(previous, _compact({k: line[k] for k in ("n", "action", "rolls", "side")}))


def view_summary(view: dict[str, Any]) -> dict[str, Any]:
    """The turn and the phase as a public view names them (what a game's `summary` must agree with)."""
    # a time with no turn number (turn_text) stands for the turn: it leads the phase
    when = f"{view['turn_text']}: " if view.get("turn_text") else ""
    title = view.get("phase_title")
    return {"turn": None if when else view.get("turn"), "phase": when + title if title else title}


def _summary(session: Session) -> dict[str, Any]:
    """Where the game stands, read from the state by the game's `summary` (one per autosave: it must
    be cheap); a game without it is read from its public view."""
    where = session.game.summary(session.state) if hasattr(session.game, "summary") else view_summary(session.view(None))
    return {
        "updated": session.updated,
        "turn": where["turn"],
        "phase": where["phase"],
        "side_to_move": session.game.active_side(session.state),
        "finished": session.outcome() is not None,
    }


def _compact(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def envelope_text(env: dict[str, Any]) -> str:
    """Compact JSON in three lines: the header, the log, the snapshot (a list reads line one only)."""
    head = _compact({k: v for k, v in env.items() if k not in ("log", "snapshot")})
    return f'{head[:-1]},\n"log":{_compact(env["log"])},\n"snapshot":{_compact(env["snapshot"])}}}\n'


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside path's target, fsync it, then rename it over the target.

    A symbolic link is written through (the link stays, its target gets the text); the file keeps
    its mode (a new one gets the usual mode for the umask).
    """
    path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = NEW_FILE_MODE
    fd, tmp = _mkstemp(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            os.fchmod(f.fileno(), mode)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _mkstemp(path: Path) -> tuple[int, str]:
    import tempfile

    return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)


def _fsync_dir(directory: Path) -> None:
    dir_fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def remove_stale_temp(directory: Path, name: str = "*", older_than: float = 0.0) -> None:
    """Delete temporary files left by killed writes (.NAME.*.tmp) older than `older_than` seconds."""
    pattern = f".{glob.escape(name) if name != '*' else '*'}.*.tmp"
    now = time.time()
    try:
        for tmp in Path(directory).glob(pattern):
            try:
                if now - tmp.lstat().st_mtime >= older_than and tmp.is_file():
                    tmp.unlink()
            except OSError:
                pass
    except OSError:
        pass


@dataclass
class _Record:
    """What this process last read or wrote at a path for one session."""

    count: int  # log entries on disk (snapshot file plus journal)
    last: LogEntry | None  # the session's entry at count - 1, to see that the log only grew since
    snapshot_count: int  # entries in the snapshot file
    snapshot_bytes: int
    stamp: str | None
    clean: bool  # the journal (if any) extends this snapshot and ends with a whole line
    signature: tuple
    digest: str | None = None  # the last journal line's (the header's when none): the next line chains from it
    damaged: bool = False  # loading set journal lines aside: the next rewrite keeps the journal as NAME.journal.damaged

    def new_entries(self, session: Session) -> list[LogEntry] | None:
        """The entries after the ones on disk, or None when the log changed otherwise (undo)."""
        if len(session.log) < self.count or (self.count and session.log[self.count - 1] is not self.last):
            return None
        return session.log[self.count :]


_records: dict[tuple[str, int], _Record] = {}


def _remember(target: Path, session: Session, record: _Record) -> None:
    key = (str(target), id(session))
    if key not in _records:
        weakref.finalize(session, _records.pop, key, None)
    _records[key] = record


def _signature(target: Path) -> tuple:
    """Who the file and its journal are now: a write by anyone changes it."""
    sig = []
    for p in (target, journal_path(target)):
        try:
            st = os.stat(p)
            sig.append((st.st_ino, st.st_size, st.st_mtime_ns))
        except OSError:
            sig.append(None)
    return tuple(sig)


def save(session: Session, path: Path, compact: bool = False) -> None:
    """Save the game: append its new actions to the journal, or rewrite the file (compaction).

    Refuses (SaveBusy) when another process holds the save, or changed it since this session
    read or wrote it; any other failure is a SaveError and leaves the previous save whole.
    """
    path = Path(path)
    if session.unproven is not None:
        raise SaveError(f"{path}: not saved: {session.unproven}")
    target = _write_target(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"{path}: cannot make the folder {target.parent}: {_why(exc)}") from None
    with _lock(path, target, exclusive=True):
        record = _records.get((str(target), id(session)))
        now = _signature(target)
        if record is not None and now != record.signature:
            if now[0] is not None:
                raise SaveBusy(
                    f"{path}: changed by another program since this game was loaded or saved: not overwritten "
                    "(open the save again to go on from there)"
                )
            record = None  # the file was deleted: write it anew
        new = None if compact or record is None or not record.clean else record.new_entries(session)
        try:
            if new is not None and record.snapshot_bytes >= JOURNAL_FROM and (
                record.count - record.snapshot_count + len(new) <= max(JOURNAL_MIN, record.snapshot_count)
            ):
                if new:
                    _append(target, session, new, record)
            else:
                _rewrite(target, session, damaged=record is not None and record.damaged)
        except OSError as exc:
            if record is not None:
                record.clean, record.signature = False, _signature(target)
            raise SaveError(f"{path}: could not be written: {_why(exc)} (the last good save is still there)") from None


def damaged_path(path: Path) -> Path:
    """Where a journal whose lines loading set aside is kept once the save is rewritten."""
    return Path(path).with_name(Path(path).name + ".journal.damaged")


def _rewrite(target: Path, session: Session, damaged: bool = False) -> None:
    remove_stale_temp(target.parent, target.name)
    stamp = secrets.token_hex(8)
    text = envelope_text(envelope(session, stamp))
    write_atomic(target, text)
    journal = journal_path(target)
    if damaged and journal.exists():
        os.replace(journal, damaged_path(target))
    journal.unlink(missing_ok=True)
    last = session.log[-1] if session.log else None
    size = os.stat(target).st_size
    digest = header_digest(stamp, session.seed)
    _remember(target, session, _Record(len(session.log), last, len(session.log), size, stamp, True, _signature(target), digest))


def _append(target: Path, session: Session, new: list[LogEntry], record: _Record) -> None:
    journal = journal_path(target)
    lines = []
    first = not journal.exists()
    if first:
        lines.append(_compact({"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "stamp": record.stamp, "base": record.count}))
    digest = record.digest
    assert digest is not None  # a journal is appended to only after a version 3 file was read or written
    for i, entry in enumerate(new):
        line = {"n": record.count + i, **entry.to_json()}
        line["digest"] = digest = line_digest(digest, line)
        if i == len(new) - 1:
            line["summary"] = _summary(session)
        lines.append(_compact(line))
    data = ("\n".join(lines) + "\n").encode("utf-8")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC
    fd = os.open(journal, flags, stat.S_IMODE(os.stat(target).st_mode))
    try:
        size = os.fstat(fd).st_size
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except OSError:
            _take_back(journal, fd, size, first)
            raise
    finally:
        os.close(fd)
    if first:
        _fsync_dir(target.parent)
    record.count = len(session.log)
    record.last = session.log[-1]
    record.signature = _signature(target)
    record.digest = digest


def _take_back(journal: Path, fd: int, size: int, first: bool) -> None:
    """A failed append leaves the journal as it was (the save reports that it was not written):
    cut back to its size before, or removed when this append made it. Best effort: the loader
    sets aside a torn last line in any case."""
    try:
        if first:
            journal.unlink(missing_ok=True)
        else:
            os.ftruncate(fd, size)
    except OSError:
        pass


# --- locking ------------------------------------------------------------------------------------
_held = threading.local()


@contextmanager
def _lock(path: Path, target: Path, exclusive: bool) -> Iterator[None]:
    """flock on .NAME.lock beside the target: one writer, or readers, at a time (re-entrant per thread).

    Waits up to LOCK_WAIT seconds, then refuses with SaveBusy. A reader in a folder it may not write
    to reads without a lock.
    """
    held: set[str] = _held.__dict__.setdefault("paths", set())
    key = str(target)
    if key in held:
        yield
        return
    lock = _lock_path(target)
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, NEW_FILE_MODE)
    except OSError as exc:
        try:
            fd = os.open(lock, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            if exclusive:
                raise SaveError(f"{path}: cannot write in {target.parent}: {_why(exc)}") from None
            yield
            return
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise SaveBusy(f"{path}: in use by another wargames process; nothing was done (try again)") from None
                time.sleep(0.01)
        held.add(key)
        try:
            yield
        finally:
            held.discard(key)
    finally:
        os.close(fd)


@contextmanager
def editing(path: Path) -> Iterator[Session]:
    """Load a save to change it; no other process may change it until the block ends.

    A command that had to wait for another one to finish with the save, and finds it changed, is
    refused (SaveBusy): its action was chosen for a position that is gone.
    """
    path = Path(path)
    target = _write_target(path)
    _check_regular(path, must_exist=True)
    before = _signature(target)
    with _lock(path, target, exclusive=True):
        if _signature(target) != before:
            raise SaveBusy(f"{path}: another wargames process changed this save while this one waited for it; nothing was done")
        yield load(path)


# --- reading -------------------------------------------------------------------------------------
def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _check_regular(path: Path, must_exist: bool = True) -> os.stat_result | None:
    """stat (through links) before opening: a folder, pipe or device is refused without opening it."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if must_exist:
            raise SaveError(f"{path}: no such file") from None
        return None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read: {_why(exc)}") from None
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{path}: is a folder, not a save file")
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{path}: is {_kind(st.st_mode)}, not a save file")
    return st


def _write_target(path: Path) -> Path:
    """The file a write goes to: through symbolic links; a folder or pipe is refused."""
    try:
        target = Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        target = Path(os.path.realpath(path))
    except OSError as exc:
        raise SaveError(f"{path}: cannot be written: {_why(exc)}") from None
    _check_regular(target, must_exist=False)
    return target


@contextmanager
def _opened(path: Path) -> Iterator[tuple[int, os.stat_result]]:
    """A regular file opened for reading without blocking (a pipe swapped in after the stat is refused)."""
    _check_regular(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read: {_why(exc)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{path}: is {_kind(st.st_mode)}, not a save file")
        if st.st_size > MAX_BYTES:
            raise SaveError(f"{path}: {st.st_size / 2**20:.0f} MB is far larger than any save (the limit is {MAX_BYTES // 2**20} MB)")
        yield fd, st
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read: {_why(exc)}") from None
    finally:
        os.close(fd)


def _read(path: Path, start: int = 0, size: int = MAX_BYTES) -> tuple[bytes, os.stat_result]:
    """Up to `size` bytes from `start` (negative: from the end); the whole file must be under MAX_BYTES."""
    with _opened(path) as (fd, st):
        if start < 0:
            start = max(0, st.st_size + start)
        chunks, got = [], 0
        while got < size:
            chunk = os.pread(fd, min(1 << 20, size - got), start + got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks), st


def _line_col(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    return f"line {line} column {index - (text.rfind(chr(10), 0, index) + 1) + 1}"


def no_json_constant(name: str) -> None:
    """For json.loads(parse_constant=...): NaN and Infinity are not JSON."""
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str | bytes, what: str, check_depth: bool = True) -> Any:
    """Strict JSON with the place and cause of any problem: depth, huge integers, NaN, bad UTF-8.

    check_depth=False leaves the nesting below Python's own limit to the caller to check where it
    matters (a save checks each log entry as it replays it, and its snapshot)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"{what} (not UTF-8 text: byte {exc.start} is {text[exc.start:exc.start + 1]!r})") from None
    try:
        raw = json.loads(text, parse_constant=no_json_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{what} (corrupt JSON: {exc})") from None
    except RecursionError:
        deep = re.search(r"[\[{](\s*[\[{]){%d}" % MAX_DEPTH, text)
        where = f" at {_line_col(text, deep.start())}" if deep else ""
        raise SaveError(f"{what} (JSON nested too deeply{where})") from None
    except ValueError as exc:
        huge = re.search(r"\d{%d,}" % (sys.get_int_max_str_digits() + 1), text)
        if huge:
            cause = f"an integer of {len(huge.group())} digits at {_line_col(text, huge.start())}"
        else:
            const = re.search(r"NaN|-?Infinity", text)
            cause = f"{exc}" + (f" at {_line_col(text, const.start())}" if const else "")
        raise SaveError(f"{what} ({cause})") from None
    place = _too_deep(raw) if check_depth else None
    if place is not None:
        raise SaveError(f"{what} (nested deeper than {MAX_DEPTH} levels at {place})")
    return raw


def _too_deep(obj: Any, limit: int = MAX_DEPTH) -> str | None:
    """The place of the first value nested deeper than limit, or None."""
    stack: list[tuple[Any, int]] = [(obj, 0)] if isinstance(obj, (dict, list)) else []
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return _place_of(obj, node)
        children = node.values() if isinstance(node, dict) else node
        stack.extend((v, depth + 1) for v in children if isinstance(v, (dict, list)))
    return None


def _place_of(root: Any, target: Any) -> str:
    """The dotted place of `target` inside root (for an error message; only then is it searched)."""
    stack: list[tuple[Any, tuple]] = [(root, ())]
    while stack:
        node, place = stack.pop()
        if node is target:
            return ".".join(map(str, place[:6])) + "..."
        items = node.items() if isinstance(node, dict) else enumerate(node)
        stack.extend((v, place + (k,)) for k, v in items if isinstance(v, (dict, list)))
    return "?"


def _check_version(path: Path, raw: Any) -> dict:
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        found = raw.get("format") if isinstance(raw, dict) else None
        raise SaveError(f"{path}: not a wargames-tui save (format is {str(found)[:40]!r})")
    version = raw.get("version")
    if type(version) is not int:
        raise SaveError(f"{path}: at version: the save format version must be a whole number, not {str(version)[:20]!r}")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{path}: written by a newer wargames-tui (save format {version}; this version reads up to {FORMAT_VERSION})"
        )
    return raw


def _validate(path: Path, model: type[BaseModel], raw: Any, where: str = ""):
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(f"{path}: {where}{describe_validation(exc, raw)}") from None


def read_header(path: Path) -> SaveHeader:
    """The summary of a save from the first HEADER_BYTES of the file and the journal's last line.

    Never reads more, never replays: for the menu and the load list.
    """
    path = Path(path)
    data, st = _read(path, size=HEADER_BYTES)
    cut = re.search(rb'\n ?"log": ?\[', data)
    if cut is not None:
        head = data[: cut.start()].rstrip().rstrip(b",") + b"}"
    elif st.st_size <= len(data):
        head = data
    else:
        raise SaveError(f"{path}: no save summary in the first {HEADER_BYTES // 1024} KB (load it to check it)")
    raw = _check_version(path, parse_json(head, f"{path}: not a save file"))
    header = _validate(path, SaveHeader, {k: v for k, v in raw.items() if k not in ("log", "snapshot")})
    summary = _journal_summary(Path(os.path.realpath(path)), header)
    return header.model_copy(update=summary) if summary else header


def _journal_summary(path: Path, header: SaveHeader) -> dict[str, Any] | None:
    """The summary on the journal's last whole line, if the journal extends this snapshot."""
    journal = journal_path(path)
    if header.stamp is None or not os.path.lexists(journal):
        return None
    try:
        first, _ = _read(journal, size=1024)
        head = JournalHead.model_validate(json.loads(first.split(b"\n", 1)[0]))
        if head.stamp != header.stamp:
            return None
        tail, _ = _read(journal, start=-HEADER_BYTES, size=HEADER_BYTES)
        for line in reversed(tail.split(b"\n")[:-1]):
            try:
                entry = JournalLine.model_validate(json.loads(line))
            except (ValueError, RecursionError, ValidationError):
                continue
            if entry.summary is not None:
                return entry.summary.model_dump()
    except (SaveError, OSError, ValueError, RecursionError, ValidationError):
        return None
    return None


def _one_line(exc: BaseException, limit: int = 160) -> str:
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short(action: Any, limit: int = 120) -> str:
    text = _compact(action)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class _Stored:
    envelope: _Unchecked  # the log includes the journal's actions
    snapshot_count: int
    snapshot_bytes: int
    clean: bool
    signature: tuple
    digest: str | None  # what the next journal line chains from
    notes: list[str]  # journal lines set aside, and why


def _read_stored(path: Path, target: Path) -> _Stored:
    signature = _signature(target)
    data, st = _read(path)
    raw = _check_version(path, parse_json(data, f"{path}: not a save file", check_depth=False))
    env = _validate(path, _Unchecked, raw)
    place = _too_deep(env.snapshot)
    if place is not None:
        raise SaveError(f"{path}: nested deeper than {MAX_DEPTH} levels at snapshot.{place}")
    _check_digest(path, env)
    journal = _read_journal(path, env, target)
    if journal.entries:
        last = next((j.summary for j in reversed(journal.entries) if j.summary is not None), None)
        extra = [LoggedAction(action=j.action, rolls=j.rolls, side=j.side) for j in journal.entries]
        update: dict[str, Any] = {"log": env.log + extra, "actions": len(env.log) + len(extra)}
        merged = env.model_copy(update=update | (last.model_dump() if last else {}))
    else:
        merged = env.model_copy()
    merged._snapshot_at = len(env.log)
    clean = journal.clean and env.stamp is not None and env.version >= 3  # older files are rewritten first
    return _Stored(merged, len(env.log), st.st_size, clean, signature, journal.digest, journal.notes)


def _check_digest(path: Path, env: SaveHeader) -> None:
    """A version 3 save proves its stamp and seed: a seed added to (or changed in) a game is refused."""
    if env.version < 3:
        return
    if env.stamp is None or env.digest is None:
        raise SaveError(f"{path}: at digest: a version {env.version} save carries a stamp and its digest, and this one does not")
    if env.digest != header_digest(env.stamp, env.seed):
        raise SaveError(
            f"{path}: at digest: it does not prove the save's stamp and seed (was a seed added or changed? "
            "a game begun without a seed stays unseeded)"
        )


@dataclass
class _Journal:
    """The actions a journal proves after the snapshot, and what it sets aside."""

    entries: list[JournalLine]
    clean: bool  # it may be appended to as it is
    digest: str | None  # the last proven line's, else the header's
    notes: list[str]


def _read_journal(path: Path, env: _Unchecked, target: Path) -> _Journal:
    """The journaled actions after the snapshot, each proven by its digest (journal version 2).

    A journal from before the snapshot's last rewrite (another stamp) holds nothing the file does not:
    it is ignored. A line that cannot be read or does not prove itself (damaged, changed by hand, cut
    off by a crash) ends the journal there: it and the lines after are set aside, and a note says
    which actions were lost.
    """
    jpath = journal_path(target)  # beside the file a link leads to, where the writer appends it
    if not os.path.lexists(jpath):
        return _Journal([], True, env.digest, [])
    if env.stamp is None:
        return _Journal([], False, None, [])
    data, _ = _read(jpath)
    lines = data.split(b"\n")
    torn = lines.pop()  # b"" when the last write was whole
    if torn:
        lines.append(torn)
    entries: list[JournalLine] = []
    digest, version = env.digest, 1

    def set_aside(k: int, why: str) -> _Journal:
        first = len(env.log) + len(entries) + 1
        count = len(lines) - max(k, 2) + 1
        if count <= 0:
            return _Journal(entries, False, digest, [])
        lost = f"action {first}" if count == 1 else f"actions {first} to {first + count - 1}"
        note = f"{jpath}: line {k} {why}: {lost} set aside; the game goes on after action {first - 1}"
        return _Journal(entries, False, digest, [note])

    for k, line in enumerate(lines, start=1):
        if k == len(lines) and torn:
            return set_aside(k, "was cut off (the program stopped while saving)")
        raw = None
        try:
            raw = parse_json(line, "not a journal line")
            if k == 1:
                head = JournalHead.model_validate(raw)
                if head.stamp != env.stamp:
                    return _Journal([], False, None, [])
                if head.base != len(env.log):
                    return set_aside(k, f"follows action {head.base} but the save holds {len(env.log)}")
                version = head.version
                continue
            entry = JournalLine.model_validate(raw)
        except SaveError as exc:
            return set_aside(k, f"cannot be read: {exc}")
        except ValidationError as exc:
            return set_aside(k, f"cannot be read: {describe_validation(exc, raw)}")
        if entry.n != len(env.log) + len(entries):
            return set_aside(k, f"holds action number {entry.n}, not {len(env.log) + len(entries)}")
        if version >= 2:
            if digest is None or entry.digest != line_digest(digest, raw):
                return set_aside(k, "does not match its digest (damaged, or changed by hand)")
            digest = entry.digest
        entries.append(entry)
    return _Journal(entries, bool(lines), digest if version >= 2 else None, [])


def read_envelope(path: Path) -> SaveFile:
    """The save as stored, journaled actions included; checked for shape, not yet replayed."""
    path = Path(path)
    _check_regular(path)
    target = Path(os.path.realpath(path))
    with _lock(path, target, exclusive=False):
        env = _read_stored(path, target).envelope
    entries = [e.model_dump() if isinstance(e, LoggedAction) else e for e in env.log]
    checked = _validate(path, SaveFile, env.model_dump() | {"log": entries})
    checked._snapshot_at = env._snapshot_at
    return checked


class _Replaying(Dice):
    """Hands back recorded rolls; a seeded game's generator draws alongside, to go on where play stopped."""

    def __init__(self, recorded: list[int], shadow: random.Random | None) -> None:
        super().__init__(0)
        self._script = list(recorded)
        self._shadow = shadow

    def roll(self, sides: int = 6) -> int:
        value = super().roll(sides)
        if self._shadow is not None and self._shadow.randint(1, sides) != value:
            raise NotTheSeed(f"the roll {value} is not the seed's")
        return value

    def checkpoint(self) -> object:
        return self._shadow.getstate() if self._shadow is not None else None

    def rewind(self, point: object) -> None:
        if self._shadow is not None and point is not None:
            self._shadow.setstate(point)  # type: ignore[arg-type]


class NotTheSeed(Exception):
    """A seeded game's recorded roll is not its seed's: the seed was not there when it was rolled."""


def _check_game(path: Path | str, env: SaveHeader, game: Any) -> None:
    """The envelope against the scenario: its game, its options, its sides."""
    if env.game != game.GAME_ID:
        raise SaveError(f"{path}: at game: {env.game[:40]!r} is not the game of {env.scenario} ({game.GAME_ID})")
    info = next((s for s in game.scenarios() if s.id == env.scenario), None)
    if info is None:
        return
    for key, value in env.options.items():
        if key not in info.options:
            raise SaveError(f"{path}: at options.{key[:40]}: {env.scenario} has no such option (options: {', '.join(info.options) or 'none'})")
        if value not in info.options[key]:
            raise SaveError(f"{path}: at options.{key}: {value[:40]!r} is not one of {', '.join(info.options[key])}")
    for side in env.seats:
        if side not in info.sides:
            raise SaveError(f"{path}: at seats.{side[:40]}: no such side in {env.scenario} (sides: {', '.join(info.sides)})")


class _SetAside(Exception):
    """A journaled action the rules refuse: the game goes on after the `kept` actions before it."""

    def __init__(self, kept: int, note: str) -> None:
        super().__init__(note)
        self.kept, self.note = kept, note


def replay(env: SaveFile | _Unchecked, path: Path | str = "<save>", compare: bool = True) -> Session:
    """Rebuild the game from its log; refuse it if the log does not lead to the snapshot.

    A journaled action the rules refuse is set aside with those after it (a note says so): the
    replay, which keeps no copy to go back to, is made again up to it. `compare=False` sets the
    snapshot aside: the game is what its log proves, every action the rules refuse set aside so.
    The dice of a loaded game are drawn at roll time, or, for a game started with a seed (tests,
    demos), go on from that seed: no caller picks the rolls of a live game.
    """
    try:
        return _replay(env, path, compare)
    except _SetAside as cut:
        kept = env.model_copy(update={"log": env.log[: cut.kept]})
        kept._snapshot_at = env._snapshot_at
        session = _replay(kept, path, compare)
        session.notes.append(cut.note)
        return session


def game_of(env: SaveHeader, path: Path | str) -> Any:
    """The save's game module, its scenario, options and sides checked."""
    from wargames_tui.games import UnknownScenario, game_for

    try:
        game = game_for(env.scenario)
    except UnknownScenario as exc:
        raise SaveError(f"{path}: {exc}") from None
    _check_game(path, env, game)
    return game


def _replay(env: SaveFile | _Unchecked, path: Path | str, compare: bool = True) -> Session:
    game = game_of(env, path)
    try:
        session = Session.start(game, env.scenario, env.options, seats=env.seats)
    except Exception as exc:  # noqa: BLE001 - a bad option must not crash the caller
        raise SaveError(f"{path}: the game cannot be set up: {_one_line(exc)}") from None
    session.created, session.seed = env.created, env.seed
    shadow = random.Random(env.seed) if env.seed is not None else None
    at = len(env.log) if env._snapshot_at is None else env._snapshot_at
    if not compare:
        at = -1  # no snapshot to reach: every action is checked as a journaled one
    if at == 0:
        _compare(path, game, session, env)
    for i, item in enumerate(env.log, start=1):
        entry = item if isinstance(item, LoggedAction) else _entry(path, item, i)
        problem = _replay_one(session, entry, shadow, f"{path}: log entry {i}")
        if problem is not None and i > at:  # a journaled action: the game goes on before it
            lost = f"action {i}" if i == len(env.log) else f"actions {i} to {len(env.log)}"
            what = "journaled action" if compare else "action"
            raise _SetAside(i - 1, f"{path}: {what} {i} ({_short(entry.action)}) {problem}: {lost} set aside; the game goes on after action {i - 1}")
        if problem is not None:
            raise SaveError(f"{path}: log entry {i} ({_short(entry.action)}) {problem}")
        if i == at:
            _compare(path, game, session, env)
    session.updated = env.updated
    session.dice = Dice()
    if shadow is not None:
        session.dice._rng = shadow
    session._undo.clear()
    return session


def _replay_one(session: Session, entry: LoggedAction, shadow: random.Random | None, where: str) -> str | None:
    """Play one logged action again with its rolls: None, or why the rules refuse it (the game is
    then as it was). A roll the seed does not give, or rolls left over, refuse the save."""
    session.dice = _Replaying(entry.rolls, shadow)
    try:
        session.act(entry.action, undoable=False)
    except NotTheSeed:
        raise SaveError(
            f"{where} was not rolled with the save's seed: the seed was added or changed after the game "
            "began (a game begun without a seed stays unseeded)"
        ) from None
    except (IllegalAction, ReplayExhausted) as exc:
        return f"cannot be replayed: {exc}"
    except Exception as exc:  # noqa: BLE001 - a malformed action must not crash the caller
        return f"cannot be replayed: malformed action ({_one_line(exc)})"
    if session.dice.leftover():
        raise SaveError(f"{where} recorded more die rolls than the action used")
    return None


def _entry(path: Path | str, raw: Any, i: int) -> LoggedAction:
    """Log entry i (1-based), checked as it comes to be replayed."""
    entry = _validate(Path(path), _LogEntries, {"log": {i - 1: raw}}).log[i - 1]
    place = _too_deep(entry.action)
    if place is not None:
        raise SaveError(f"{path}: nested deeper than {MAX_DEPTH} levels at log.{i - 1}.action.{place}")
    return entry


def _compare(path: Path | str, game: Any, session: Session, env: SaveFile | _Unchecked) -> None:
    if game.dump(session.state) != env.snapshot:
        raise SaveError(f"{path}: the action log does not reproduce the saved position (snapshot mismatch)")


def load(path: Path) -> Session:
    """Read, check and replay a save. Journal lines that cannot be proven are set aside, and
    `session.notes` says which actions were lost."""
    path = Path(path)
    _check_regular(path)
    target = Path(os.path.realpath(path))
    with _lock(path, target, exclusive=False):
        stored = _read_stored(path, target)
        session = replay(stored.envelope, path)
    session.notes[:0] = stored.notes
    _remember_loaded(target, session, stored, damaged=bool(session.notes))
    return session


def _remember_loaded(target: Path, session: Session, stored: _Stored, damaged: bool) -> None:
    """What the next save of a loaded game appends to: the file as read (rewritten first, its
    journal kept aside, when loading set actions aside)."""
    last = session.log[-1] if session.log else None
    record = _Record(len(session.log), last, stored.snapshot_count, stored.snapshot_bytes, stored.envelope.stamp,
                     stored.clean and not damaged, stored.signature, stored.digest, damaged)
    _remember(target, session, record)
