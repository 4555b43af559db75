"""The registry of games: scenario ids look like "<game>/<scenario>"."""

from __future__ import annotations

from types import ModuleType

from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.games import dieppe, panzer_corps, strange_victory

GAMES: dict[str, ModuleType] = {
    panzer_corps.GAME_ID: panzer_corps,
    dieppe.GAME_ID: dieppe,
    strange_victory.GAME_ID: strange_victory,
}


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
