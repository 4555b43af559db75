"""Finding, naming and describing save files for the menu, the load list and autosave."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from wargames_tui.engine.files import SaveError
from wargames_tui.engine.session import Session

if TYPE_CHECKING:  # the save schema is imported where a save is read: a cold start's first frame does not wait for it
    from wargames_tui.engine.saves import SaveHeader


@dataclass
class SaveEntry:
    path: Path
    envelope: SaveHeader | None
    error: str | None = None

    @property
    def sort_key(self) -> str:
        if self.envelope is not None:
            return self.envelope.updated
        try:
            return datetime.fromtimestamp(self.path.stat().st_mtime).astimezone().isoformat()
        except OSError:
            return ""


def autosave_path(directory: Path, session: Session) -> Path:
    """<scenario id with / as _>-<created timestamp>.json, safe on every file system."""
    stamp = session.created.replace(":", "").replace("+0000", "Z").replace("+00:00", "Z")
    return Path(directory) / f"{session.scenario.replace('/', '_')}-{stamp}.json"


def list_saves(directory: Path) -> list[SaveEntry]:
    """Every *.json in directory, newest first, from the summary at the start of each file (nothing is
    replayed); unreadable ones carry their error. Temporary files left by a killed write go."""
    from wargames_tui.engine.saves import STALE_TEMP, read_header, remove_stale_temp

    entries = []
    try:
        paths = sorted(Path(directory).glob("*.json"))
    except OSError:
        return []
    remove_stale_temp(directory, older_than=STALE_TEMP)
    for path in paths:
        try:
            entries.append(SaveEntry(path, read_header(path)))
        except SaveError as exc:
            entries.append(SaveEntry(path, None, str(exc).removeprefix(f"{path}: ")))
        except OSError as exc:
            entries.append(SaveEntry(path, None, f"cannot read: {exc.strerror or exc}"))
    entries.sort(key=lambda e: e.sort_key, reverse=True)
    return entries


def latest_unfinished(directory: Path) -> SaveEntry | None:
    return next((e for e in list_saves(directory) if e.envelope is not None and not e.envelope.finished), None)


def when(iso: str) -> str:
    """A saved time as the player reads it: local time, to the minute."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def scenario_title(scenario_id: str) -> str:
    from wargames_tui.games import GAMES

    try:  # that game's scenarios alone: asking every game imports them all (half a second)
        return next((s.title for s in GAMES[scenario_id.split("/")[0]].scenarios() if s.id == scenario_id), scenario_id)
    except Exception:  # noqa: BLE001 - a broken scenario must not hide the other saves
        return scenario_id


def describe(entry: SaveEntry) -> str:
    """Two lines: scenario, turn and phase; then when it was saved."""
    env = entry.envelope
    if env is None:
        return f"{entry.path.name}: {entry.error}"
    turn = f"turn {env.turn}" if env.turn is not None else ""
    bits = [scenario_title(env.scenario), turn, env.phase or "", "finished" if env.finished else ""]
    return " · ".join(b for b in bits if b) + f"\nsaved {when(env.updated)}"
