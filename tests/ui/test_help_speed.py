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
