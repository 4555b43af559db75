"""Save files: a versioned JSON envelope, written atomically, checked by replay on load."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, ValidationError

from wargames_tui import __version__
from wargames_tui.engine.datafiles import describe_validation
from wargames_tui.engine.dice import Dice, ReplayExhausted
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.session import Session

FORMAT = "wargames-tui-save"
FORMAT_VERSION = 1


class SaveError(Exception):
    """A save that cannot be used: the file and the cause. The file is never touched."""


class LoggedAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: dict[str, Any]
    rolls: list[int]
    side: str | None


class SaveFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["wargames-tui-save"]
    version: int
    app_version: str
    game: str
    scenario: str
    options: dict[str, str]
    seats: dict[str, str]
    created: str
    updated: str
    turn: int | None = None
    phase: str | None = None
    side_to_move: str | None = None
    finished: bool = False
    log: list[LoggedAction]
    snapshot: dict[str, Any]


def save_dir(override: str | Path | None = None) -> Path:
    """Where autosaves go: --save-dir, else $WARGAMES_SAVE_DIR, else the platform's data dir."""
    chosen = override or os.environ.get("WARGAMES_SAVE_DIR")
    path = Path(chosen) if chosen else Path(platformdirs.user_data_dir("wargames-tui")) / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def envelope(session: Session) -> dict[str, Any]:
    view = session.view(None)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app_version": __version__,
        "game": session.game.GAME_ID,
        "scenario": session.scenario,
        "options": session.options,
        "seats": session.seats,
        "created": session.created,
        "updated": session.updated,
        "turn": view.get("turn"),
        "phase": view.get("phase_title"),
        "side_to_move": session.game.active_side(session.state),
        "finished": session.outcome() is not None,
        "log": [e.to_json() for e in session.log],
        "snapshot": session.game.dump(session.state),
    }


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside path, fsync it, then rename over path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def save(session: Session, path: Path) -> None:
    write_atomic(path, json.dumps(envelope(session), indent=1))


def read_envelope(path: Path) -> SaveFile:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path}: not a save file (corrupt JSON: {exc})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(f"{path}: not a wargames-tui save (format is {raw.get('format') if isinstance(raw, dict) else None!r})")
    version = raw.get("version")
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise SaveError(f"{path}: written by a newer wargames-tui (save format {version}; this version reads up to {FORMAT_VERSION})")
    try:
        return SaveFile.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(f"{path}: {describe_validation(exc, raw)}") from None


def replay(env: SaveFile, path: Path | str = "<save>", seed: int | None = None) -> Session:
    """Rebuild the game from its log; refuse it if the log does not lead to the snapshot."""
    from wargames_tui.games import UnknownScenario, game_for

    try:
        game = game_for(env.scenario)
    except UnknownScenario as exc:
        raise SaveError(f"{path}: {exc}") from None
    session = Session.start(game, env.scenario, env.options, seats=env.seats)
    session.created = env.created
    for i, entry in enumerate(env.log, start=1):
        session.dice = Dice.replaying(entry.rolls)
        try:
            session.act(entry.action)
        except (IllegalAction, ReplayExhausted) as exc:
            raise SaveError(f"{path}: log entry {i} ({json.dumps(entry.action)}) cannot be replayed: {exc}") from None
        if session.dice.leftover():
            raise SaveError(f"{path}: log entry {i} recorded more die rolls than the action used")
    if game.dump(session.state) != env.snapshot:
        raise SaveError(f"{path}: the action log does not reproduce the saved position (snapshot mismatch)")
    session.updated = env.updated
    session.dice = Dice(seed)
    session._undo.clear()
    return session


def load(path: Path, seed: int | None = None) -> Session:
    return replay(read_envelope(path), path, seed)
