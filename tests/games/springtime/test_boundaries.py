"""Both sides of the French Armistice threshold: no roll above Morale 5 (springtime:6.4.1, 16.2).
The roll's own sides, the Automatic Victory's and the other Morale thresholds are in test_turn."""

import pytest

from .helpers import act, fresh, impulse


@pytest.mark.rules("springtime:6.4.1", "springtime:16.2")
@pytest.mark.parametrize(("morale", "rolls"), [(6, False), (5, True), (4, True)])
def test_the_armistice_is_rolled_at_morale_5_or_less(morale: int, rolls: bool):
    s = impulse(fresh(), "axis", 6)
    s.turn, s.morale, s.advantage = 3, morale, None
    s.units["fr-10a"]["reduced"] = False
    s.rp = {"allied": 0, "axis": 0}
    text = act(s, {"type": "pass"}, *((1, 6) if rolls else (1,)))  # logistics ends the phase; a 6 beats the Morale
    assert ("Armistice" in text) is rolls and (s.phase == "over") is rolls
