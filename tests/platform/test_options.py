"""Every option of every scenario is named on the new-game screen in words, with its rule case."""

from __future__ import annotations

import re

import pytest

from wargames_tui.games import all_scenarios, game_for
from wargames_tui.present import presentation

SCENARIOS = [info for info in all_scenarios() if info.options]


@pytest.mark.parametrize("info", SCENARIOS, ids=lambda info: info.id)
def test_every_option_has_words_and_a_case(info) -> None:  # noqa: ANN001
    words = presentation(game_for(info.id)).option_words
    for key in info.options:
        assert key in words, f"{info.id}: option {key!r} has no words"
        assert re.search(r"\(\d+(\.\d+)*[,)]", words[key]), f"{info.id}: {words[key]!r} cites no case"
