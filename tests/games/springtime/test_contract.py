"""Springtime's play contract: a move that binds units to attack says so before it is made, and
the attack it binds is owed until it is declared (10.1)."""

from __future__ import annotations

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games import springtime
from wargames_tui.games.springtime import phases

from .helpers import act, assault, empty_board, fresh, put


@pytest.mark.rules("springtime:10.1")
def test_entering_an_enemy_area_previews_the_attack_it_binds_and_owes_it() -> None:
    s = empty_board(fresh())
    put(s, "de-6a", "13")
    put(s, "fr-7a", "22")
    assault(s, "axis", ["B"], 2)
    move = {"type": "move", "unit": "de-6a", "to": "22"}
    assert move in springtime.prompt(s).actions
    p = springtime.preview(s, move)
    assert p is not None and p.case == "springtime:10.1" and p.results
    assert p.odds.startswith("entering ") and "binds 1 unit(s) to attack it: attack 5 vs defence" in p.odds
    assert springtime.owed(s) == []
    act(s, move)
    owed = springtime.owed(s)
    assert [(o.case, o.skippable) for o in owed] == [("springtime:10.1", False)] and "(22)" in owed[0].text
    with pytest.raises(IllegalAction):
        phases.apply(s.copy(), {"type": "end"}, Dice(0))
