"""A save whose journal lost actions opens on the last proven position, and the client says what was lost."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.ui.helpers import SIZE, make_app, new_session, sync
from wargames_tui.bots import random_bot
from wargames_tui.engine import saves
from wargames_tui.engine.saves import journal_path, save


@pytest.fixture
def journaled(save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, int]:
    """A game autosaved action by action into a journal whose last line was then cut off."""
    monkeypatch.setattr(saves, "JOURNAL_FROM", 4096)
    session = new_session()
    path = save_dir / "game.json"
    rng = random.Random(1)
    for _ in range(120):
        session.act(random_bot(session, rng))
        save(session, path)
    journal = journal_path(path)
    journal.write_bytes(journal.read_bytes()[:-5])
    return path, len(session.log)


@sync
async def test_the_client_says_which_actions_a_damaged_journal_lost(save_dir: Path, journaled: tuple[Path, int]) -> None:
    path, played = journaled
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_save(path)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.screen.session.log) == played - 1
        assert any(f"action {played} set aside" in str(n.message) for n in app._notifications)
