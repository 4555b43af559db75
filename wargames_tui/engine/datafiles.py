"""Loading scenario data files (TOML) into pydantic models with clear errors."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from wargames_tui.engine.files import DataFileError

M = TypeVar("M", bound=BaseModel)


def _scenarios_dir() -> Path:
    """The scenario data: inside the installed package, where the wheel carries it (pyproject.toml),
    else beside the package at the top of a checkout (an editable install, or a run from source)."""
    package = resources.files("wargames_tui")
    packaged = package / "scenarios"
    if packaged.is_dir():
        return Path(str(packaged))  # pip unpacks a wheel: the package is a folder on disk
    return Path(str(package)).parent / "scenarios"


SCENARIOS_DIR = _scenarios_dir()


class Strict(BaseModel):
    """A data file entry: unknown keys are errors, and loaded values do not change."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def load_toml(path: Path, model: type[M]) -> M:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataFileError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{path}: not valid TOML: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(f"{path}: {describe_validation(exc, raw)}") from None


def describe_validation(exc: ValidationError, raw: object = None) -> str:
    """One problem after another: the dotted place in the document and the cause.

    Where the place passes through a table with an `id`, the id is named, so a
    reader finds `unit 'gi-8pz'` rather than counting to the twelfth unit.
    """
    parts = []
    for err in exc.errors()[:5]:
        parts.append(f"at {_place(err['loc'], raw)}: {err['msg']}")
    more = len(exc.errors()) - 5
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts)


def _place(loc: tuple, raw: object) -> str:
    words = []
    node = raw
    for key in loc:
        try:
            node = node[key]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            node = None
        if isinstance(key, int) and isinstance(node, dict) and "id" in node:
            words[-1] = f"{words[-1]} {node['id']!r}" if words else repr(node["id"])
        else:
            words.append(str(key))
    return ".".join(words) or "(top level)"
