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


def _opening(snap_compare, save_dir: Path, scenario: str) -> bool:  # noqa: ANN001
    from tests.ui.helpers import start

    return snap_compare(make_app(save_dir, start(scenario)), terminal_size=SIZE)


def test_dunkerque_opening_snapshot(snap_compare, save_dir: Path) -> None:  # noqa: ANN001
    # German movement of turn 1 on the 22x25 map, the cursor on the first German unit.
    assert _opening(snap_compare, save_dir, "dunkerque")


def test_kharkov_opening_snapshot(snap_compare, save_dir: Path) -> None:  # noqa: ANN001
    # The Soviet reinforcement phase: the waiting units listed, their entry hexes violet,
    # the cities marked as German-held.
    assert _opening(snap_compare, save_dir, "kharkov")


def test_operation_compass_opening_snapshot(snap_compare, save_dir: Path) -> None:  # noqa: ANN001
    # The Italian set-up: the four S units waiting, the footholds, towns and battle positions lit.
    assert _opening(snap_compare, save_dir, "operation-compass")


def test_dieppe_setup_snapshot(snap_compare, save_dir: Path) -> None:  # noqa: ANN001
    # The Dieppe set-up: the zone map, Group 1's landing craft and troops in the Zone panel.
    from tests.ui.areahelpers import dieppe

    assert snap_compare(make_app(save_dir, dieppe()), terminal_size=SIZE)


def test_dieppe_landing_snapshot(snap_compare, save_dir: Path) -> None:  # noqa: ANN001
    # Turn 1: the cursor on Group 2's waiting zone (gold), 2A1 picked (2), the beaches it may land on green.
    from tests.ui.areahelpers import dieppe

    app = make_app(save_dir, dieppe(setup_done=True))
    assert snap_compare(app, press=["shift+tab", "2"], terminal_size=SIZE)


def test_strange_victory_first_blitz_snapshot(snap_compare, save_dir: Path) -> None:  # noqa: ANN001
    # Turn 1 after the historical set-up: the garrison letters beside the areas, the cursor on
    # Rommel's divisions at Dinant (gold) with the areas across the bridges lit green, the panic
    # track, the commanders' audacity and the assets box.
    from tests.ui.areahelpers import strange_victory

    assert snap_compare(make_app(save_dir, strange_victory(seed=1)), terminal_size=SIZE)
