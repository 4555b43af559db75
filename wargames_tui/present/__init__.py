"""What the client, the CLI and the bots ask of a game beyond the rules: its presentation.

Each game package supplies one `Presentation` from its `presentation()` function (see
docs/GAMES.md). The client picks its map widget by the view's map kind and asks the game for
everything else; nothing outside a game's package names the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from wargames_tui.present.area import AreaTerms, MapLook

View = dict[str, Any]


@dataclass(frozen=True)
class Presentation:
    """rules_help: scenario id -> the rules in brief (Markdown, our words, with the cases).
    keys_help: Markdown for the game's map legend (colours, brackets) and what its keys do beyond
    their bindings' words (the key list itself is made from the bindings); empty on hexes.
    area, look: what an area-map game needs (its words and panels, its colours); None on hexes.
    text: the view as plain lines for `wargames show` (the map picture, who stands where).
    describe: on a hex map, (action, view, column, with_start) -> words, for action types beyond the
    client's own vocabulary (ui/describe.py); area games describe through `area`.
    bots: bot name -> the game's own planner, (session, rng) -> action, overriding the generic one;
    "plans": the policy the planning bot's own choices come from, where not "greedy" (docs/GAMES.md).
    "answer": (session, side) -> the action a bot at `side` plays now in answer to another side's
    anytime action (a proposal to end the game), or None when nothing awaits its answer.
    log_styles: event kind -> a Rich style for the log, beyond the client's own.
    option_words: option key -> its name on the new-game screen (with its rule case), else the key.
    hex_steps: on a hex map, the view's `step` names of the game's own -> the kind of the client's
    step that plays them (`place`, `remove`, ...: docs/GAMES.md, "The hex screen's vocabulary")."""

    rules_help: dict[str, str]
    text: Callable[[Any, Any, View], list[str]]  # (game module, state, view) -> lines
    keys_help: str = ""
    area: AreaTerms | None = None
    look: MapLook | None = None
    describe: Callable[..., str] | None = None
    bots: dict[str, Callable[..., Any]] = field(default_factory=dict)
    log_styles: dict[str, str] = field(default_factory=dict)
    option_words: dict[str, str] = field(default_factory=dict)
    hex_steps: dict[str, str] = field(default_factory=dict)


def presentation(game: ModuleType) -> Presentation:
    """The game's presentation (imported when first asked for, so the rules load without it)."""
    return game.presentation()


def for_scenario(scenario_id: str) -> Presentation | None:
    """The presentation of the game a scenario id names, or None for an unknown game."""
    from wargames_tui.games import GAMES

    game = GAMES.get(scenario_id.split("/")[0])
    return presentation(game) if game is not None else None


def map_kind(game: ModuleType) -> str:
    """"hex" or "area": which map widget and play keys the client uses."""
    return getattr(game, "MAP_KIND", "hex")
