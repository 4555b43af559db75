"""A Dieppe view for the widget tests: the one the rules give at the start of a new game (the
British aboard their LCA in the two waiting zones, the fixed German pieces on their F, H and P
zones)."""

from __future__ import annotations

from typing import Any

from wargames_tui.games.dieppe import rules


def raid_view() -> dict[str, Any]:
    return rules.view(rules.new_state("dieppe/raid", {}))
