import os

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(autouse=True)
def _private_save_dir(tmp_path, monkeypatch):
    """No test writes into the user's real save directory."""
    monkeypatch.setenv("WARGAMES_SAVE_DIR", str(tmp_path / "saves"))
