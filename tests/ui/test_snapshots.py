"""Snapshots of the key screens at 120x40 (review snapshot_report.html before --snapshot-update)."""

from __future__ import annotations

from pathlib import Path

from tests.ui.helpers import SIZE, make_app, new_session


def test_menu_snapshot(snap_compare, save_dir: Path) -> None:  # noqa: ANN001 - pytest-textual-snapshot fixture
    assert snap_compare(make_app(save_dir), terminal_size=SIZE)


def test_play_screen_snapshot(snap_compare, save_dir: Path) -> None:  # noqa: ANN001
    # 8th Panzer selected: its reachable hexes lit, the prompt and the panels filled in.
    app = make_app(save_dir, new_session(seed=1))
    assert snap_compare(app, press=["enter"], terminal_size=SIZE)
