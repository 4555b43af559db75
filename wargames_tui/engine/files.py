"""Where saves go, and what can be wrong with a save or a data file: all that a command or the
client needs before it reads a file. Kept apart from engine/saves and engine/datafiles, whose
schemas (pydantic) cost a cold start about a tenth of a second, so that the first frame does not
wait for them."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import platformdirs


class SaveError(Exception):
    """A save that cannot be used (or written): the file and the cause. The file is never touched."""


class SaveBusy(SaveError):
    """Another process holds the save, or changed it since this one read it."""


class DataFileError(Exception):
    """A scenario file that cannot be used: which file, where in it, and why."""


def why(exc: OSError) -> str:
    """An OS error in the player's words."""
    if exc.errno == errno.ELOOP:
        return "a symbolic link that loops"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    return exc.strerror or str(exc)


def save_dir(override: str | Path | None = None) -> Path:
    """Where autosaves go: --save-dir, else $WARGAMES_SAVE_DIR, else the platform's data dir."""
    chosen = override or os.environ.get("WARGAMES_SAVE_DIR")
    path = Path(chosen) if chosen else Path(platformdirs.user_data_dir("wargames-tui")) / "saves"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise SaveError(f"{path}: the save folder is a file, not a folder") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot use it as the save folder: {why(exc)}") from None
    if not path.is_dir():
        raise SaveError(f"{path}: the save folder is not a folder")
    return path
