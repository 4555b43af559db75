"""The registry of games: scenario ids look like "<game>/<scenario>".

Adding a game is one line in PACKAGES. A game's package is imported the first time it is asked
for, so opening one game never loads the others' rules and data.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

from wargames_tui.engine.flow import ScenarioInfo

PACKAGES: dict[str, str] = {
    "panzer-corps": "wargames_tui.games.panzer_corps",
    "dieppe": "wargames_tui.games.dieppe",
    "strange-victory": "wargames_tui.games.strange_victory",
    "springtime": "wargames_tui.games.springtime",
    "dynamo": "wargames_tui.games.dynamo",
    "betrayal": "wargames_tui.games.betrayal",
    "blitzkrieg-1940": "wargames_tui.games.blitzkrieg_1940",
    "seeds-of-disaster": "wargames_tui.games.seeds_of_disaster",
}


class _Registry(Mapping[str, ModuleType]):
    """Game id -> its module, imported on first use."""

    def __getitem__(self, game_id: str) -> ModuleType:
        return importlib.import_module(PACKAGES[game_id])

    def __iter__(self) -> Iterator[str]:
        return iter(PACKAGES)

    def __len__(self) -> int:
        return len(PACKAGES)


GAMES: Mapping[str, ModuleType] = _Registry()


class UnknownScenario(Exception):
    pass


def game_for(scenario_id: str) -> ModuleType:
    game_id = scenario_id.split("/")[0]
    if game_id not in GAMES:
        raise UnknownScenario(f"unknown game {game_id!r} in scenario id {scenario_id!r}")
    if scenario_id not in {s.id for s in GAMES[game_id].scenarios()}:
        raise UnknownScenario(f"unknown scenario {scenario_id!r}; `wargames list` shows them all")
    return GAMES[game_id]


def all_scenarios() -> list[ScenarioInfo]:
    return [info for game in GAMES.values() for info in game.scenarios()]
