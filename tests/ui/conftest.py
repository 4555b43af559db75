"""Fixtures for the client tests: a private save folder, no animations, fast bots."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Textual reads this once, when it is first imported: set it before any test module imports it.
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(autouse=True)
def quiet_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    saves = tmp_path / "saves"
    saves.mkdir()
    monkeypatch.setenv("WARGAMES_SAVE_DIR", str(saves))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.setenv("WARGAMES_BOT_DELAY", "0.01")
    return saves


@pytest.fixture
def save_dir(quiet_env: Path) -> Path:
    return quiet_env
