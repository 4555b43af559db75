"""Loading scenario data files (TOML) into pydantic models with clear errors."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

SCENARIOS_DIR = Path(__file__).resolve().parents[2] / "scenarios"


class DataFileError(Exception):
    """A scenario file that cannot be used: which file, where in it, and why."""


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
        raise DataFileError(f"{path}: {describe_validation(exc)}") from None


def describe_validation(exc: ValidationError) -> str:
    """One line per problem: the dotted place in the document and the cause."""
    parts = []
    for err in exc.errors()[:5]:
        place = ".".join(str(p) for p in err["loc"]) or "(top level)"
        parts.append(f"at {place}: {err['msg']}")
    more = len(exc.errors()) - 5
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts)
