"""The help of an open game costs that game only: the other games are not imported for it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_help_of_a_game_imports_no_other_game() -> None:
    code = (
        "import sys; from wargames_tui.ui.helptext import help_markdown;"
        "text = help_markdown('panzer-corps/kharkov'); assert \"Khar'kov\" in text;"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('wargames_tui.games.')}))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['panzer_corps', 'protocol']"


def test_the_menu_imports_what_its_help_needs_while_the_player_reads_it() -> None:
    """The help from the menu shows every game's keys and rules: the menu imports the games (and the
    help's renderer) in a thread once it is drawn, so that the first `?` imports nothing more (it
    waited about half a second for them)."""
    code = """
import asyncio, sys, tempfile
from pathlib import Path
from wargames_tui.ui.app import WargamesApp

async def main():
    app = WargamesApp(save_dir=Path(tempfile.mkdtemp()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        before = set(sys.modules)
        await pilot.press("question_mark")
        await pilot.pause()
        print(type(app.screen).__name__, sorted(m for m in set(sys.modules) - before if m.startswith(("wargames_tui.games", "markdown_it"))))

asyncio.run(main())
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "HelpScreen []"
