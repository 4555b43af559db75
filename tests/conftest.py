import os

import pytest

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

# Tests that share work they cache: a referee module's random games (a module-scoped fixture),
# and the random positions the hidden-information and contract checks cache per scenario. Under
# pytest-xdist (`--dist loadgroup`, pyproject.toml) each such group runs on one worker; spread
# over two, each worker played the same games again.
PER_SCENARIO = {"test_hidden.py", "test_contract.py"}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        group = _shared_work(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


def _shared_work(item: pytest.Item) -> str | None:
    if item.path.parent.name == "referees":
        return item.path.stem
    params = getattr(getattr(item, "callspec", None), "params", {})
    if item.path.name in PER_SCENARIO and item.path.parent.name == "platform" and "scenario" in params:
        return f"{item.path.stem}:{params['scenario']}"
    return None


@pytest.fixture(autouse=True)
def _private_save_dir(tmp_path, monkeypatch):
    """No test writes into the user's real save directory."""
    monkeypatch.setenv("WARGAMES_SAVE_DIR", str(tmp_path / "saves"))
