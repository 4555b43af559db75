"""Dynamo's play contract: what is owed before a phase ends, and what a die roll would bring."""

from __future__ import annotations

import pytest

from tests.games.dynamo.helpers import empty, put
from wargames_tui.games import dynamo


@pytest.mark.rules("dynamo:11.2")
def test_dummies_left_in_hand_are_owed_and_may_be_skipped() -> None:
    s = empty("allied-dummies")
    put(s, "2116", "b-tf4")
    owed = dynamo.owed(s)
    assert [o.case for o in owed] == ["dynamo:11.2"] and owed[0].skippable
    assert "not yet placed" in owed[0].text


@pytest.mark.rules("dynamo:8.1")
def test_luftwaffe_factors_must_all_be_placed() -> None:
    s = empty("luftwaffe")
    put(s, "2117", "g-10pz")
    s.air_left = 2
    owed = dynamo.owed(s)
    assert [(o.text, o.skippable) for o in owed] == [("place 2 more Luftwaffe factor(s) on German units", False)]
    assert {"type": "end-phase"} not in dynamo.prompt(s).actions
