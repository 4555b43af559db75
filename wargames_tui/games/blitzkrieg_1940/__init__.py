"""Blitzkrieg 1940 (Command Magazine #42): the May 1940 campaign and the 1939 French offensive."""

from __future__ import annotations

from functools import cache
from typing import Any

from wargames_tui.engine.contract import Forces, forces_from_view
from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.mapdata import HexCell, HexMapData, side_hexes
from wargames_tui.games.blitzkrieg_1940 import combat, evaluation, sequence, victory
from wargames_tui.games.blitzkrieg_1940.contract import owed, preview, standing
from wargames_tui.games.blitzkrieg_1940.data import SCENARIO_IDS, load_board, load_game
from wargames_tui.games.blitzkrieg_1940.hidden import disguise
from wargames_tui.games.blitzkrieg_1940.position import GAMES, Position
from wargames_tui.games.blitzkrieg_1940.state import State
from wargames_tui.games.blitzkrieg_1940.fog import hidden_units
from wargames_tui.games.blitzkrieg_1940.view import view
from wargames_tui.games.protocol import delegates

GAME_ID = "blitzkrieg-1940"
TITLE = "Blitzkrieg 1940"
MAP_KIND = "hex"
HIDDEN = True  # dummies, the Sickle Cut cup and stacks under their top counter (6.2, 6.3, 11.3)

__all__ = [
    "GAME_ID",
    "HIDDEN",
    "MAP_KIND",
    "TITLE",
    "active_side",
    "answering",
    "anytime",
    "apply",
    "board",
    "check_invariants",
    "copy_state",
    "disguise",
    "dump",
    "evaluate",
    "listed_form",
    "listed_part",
    "load",
    "nations",
    "new",
    "objectives",
    "odds",
    "outcome",
    "prompt",
    "scenarios",
    "view",
]


def scenarios() -> list[ScenarioInfo]:
    game = load_game()
    out = []
    for sid in SCENARIO_IDS:
        info = game.scenario[sid.split("/")[1]]
        out.append(ScenarioInfo(sid, info.title, info.subtitle, dict(game.sides), info.description,
                                {"dummies": ["on", "off"], "game": list(GAMES)}))
    return out


new, prompt, apply, outcome, dump, load, copy_state = delegates(sequence, State)
listed_form = sequence.printed_to_engine  # hexes may be given as the map prints them
listed_part = sequence.listed_part


def anytime(state: State) -> list[dict[str, str]]:
    """Either player may concede at any time before the game's end (4.3)."""
    return [] if state.phase == "over" else [{"type": "concede", "side": s} for s in ("german", "allied")]


def summary(state: State) -> dict[str, Any]:
    """The turn and the phase as the view names them, read from the state (the save's summary)."""
    return {"turn": state.turn, "phase": sequence.phase_title(state)}


def active_side(state: State) -> str | None:
    return sequence.acting_side(state)


def answering(state: State) -> bool:
    """For the planning bot's playouts (docs/GAMES.md): the defender's answers to an attack within
    the attacker's turn never end that turn (sequence.answering)."""
    return sequence.answering(state)


SIDE_FEATURE = {"river": "river", "all-sea": "major-river", "causeway": "minor-river", "blocked": "cliff"}


@cache
def _board(scenario_id: str) -> HexMapData:
    b = load_board(scenario_id)
    terrain = b.game.terrain
    special: dict[Hex, list[str]] = {}
    for name, hexes in (("Maginot Line", b.maginot_border), ("Sarreguemines Gap", b.sarreguemines),
                        ("Roer dam", b.dams), ("field fortifications", b.field_forts),
                        ("Siegfried Line", b.siegfried), ("Ruhr Endangered Area", b.endangered)):
        for h in hexes:
            special.setdefault(h, []).append(name)
    cells = {}
    for h, t in b.terrain.items():
        across = side_hexes(b.grid, h)
        sides = tuple(SIDE_FEATURE.get(b.sides.get(frozenset((h, o)), ""), None) if o else None for o in across)
        city = b.city_of.get(h)
        if t == "off":
            cells[h] = HexCell("off map", " ", "#000000", " ", across=across)
            continue
        tt = terrain[t]
        cells[h] = HexCell(
            # The map prints the printed number (without its map letter) where no place is named.
            t, tt.glyph, tt.colour, (city or "")[:4] or b.label(h)[1:], (city,) if city else (), False,
            tuple(special.get(h, ())) + (b.country[h],), sides=sides, across=across, name=b.label(h),
        )
    legend = tuple((tt.glyph, name, tt.colour) for name, tt in terrain.items())
    return HexMapData(b.grid, {"top": "N", "bottom": "S", "left": "W", "right": "E"}, cells, legend)


def board(state: State) -> HexMapData:
    return _board(state.scenario)


def nations(state: State) -> dict[str, dict[str, str]]:
    return {k: n.model_dump() for k, n in load_game().nations.items()}


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    """The odds of a possible attack before the dice, volatile factors at their mean (14.8).

    `defender` is the defending hex or a unit in it. Where the attacker may not see beneath the
    defending stack (11.3) the defence is 0 and there is no column.
    """
    pos = Position(state)
    b = pos.b
    h = state.units[defender].hex if defender in state.units else defender
    side = b.units[attackers[0]].side
    defenders = [u for u in pos.at.get(h, ()) if b.units[u].side != side] if h else []

    def mean(f: str) -> float:
        return max(1.0, 3.5 + int(f)) if combat.volatile(f) else float(f)

    attack = max(1, round(sum(mean(pos.steps_of(a)[0]) for a in attackers)))
    shifts = combat.shifts(pos, h, attackers, defenders, 0) if h else []
    note = "; ".join(f"{x['why']} {x['shift']:+d} ({x['case']})" for x in shifts)
    if not defenders or set(defenders) & hidden_units(state, side):
        return {"attack": attack, "defence": 0, "column": None, "note": note or "the defence is hidden (11.3)"}
    defence = max(1, round(sum(mean(pos.steps_of(u)[1]) for u in defenders if not b.units[u].dummy)))
    index = combat.column_index(attack, defence) + sum(x["shift"] for x in shifts)
    columns = b.game.crt.columns
    column = "7:1+" if index >= len(columns) else columns[max(0, index)]
    return {"attack": attack, "defence": defence, "column": column, "note": note}


def order_of_battle(state: State, viewer: str | None) -> dict[str, Forces]:
    where = {"map": "on_map", "pool": "to_come", "reinforcement": "to_come", "dead": "eliminated"}  # the cup apart (6.2)
    return forces_from_view(view(state, viewer), where)


def objectives(state: State, side: str) -> set[Hex]:
    return victory.objectives(state, side)


def evaluate(state: State, side: str) -> float:
    """For bots that plan: side's advantage in the position (evaluation.py)."""
    return evaluation.evaluate(state, side)


def check_invariants(state: State) -> list[str]:
    """Facts every position must satisfy; the playouts check them after every action."""
    pos = Position(state)
    b = pos.b
    problems = []
    limit = b.game.stacking["limit"]
    for h, here in pos.at.items():
        if not b.land(h):
            problems.append(f"{b.label(h)} is not land but holds {here}")
        sides = {b.units[u].side for u in here}
        if len(sides) > 1 and not all(b.units[u].coup for u in here if b.units[u].side == "german"):
            problems.append(f"{b.label(h)} holds both sides: {here}")
        for side in sides:
            # A river crossing that fails may leave a stack over the limit until its phase ends (13.9D, 11.2C).
            moving = state.phase == f"{side}-movement"
            if pos.stack_used(h, side) > limit and not moving:
                problems.append(f"{b.label(h)}: {side} over-stacked")
        in_battle = state.battle is not None and state.battle.hex == h
        if any(b.units[u].dummy for u in here) and not pos.real(h) and not in_battle:
            problems.append(f"{b.label(h)}: dummies alone (6.3A)")
    for uid, st in state.units.items():
        if (st.status == "map") != (st.hex is not None):
            problems.append(f"{uid}: status {st.status} with hex {st.hex}")
        if st.status == "map" and not 1 <= st.steps <= len(b.units[uid].steps):
            problems.append(f"{uid}: {st.steps} steps")
    if not 1 <= state.turn <= b.info.turns:
        problems.append(f"turn {state.turn} outside 1..{b.info.turns}")
    if state.battle is not None and state.phase.split("-")[-1] != "combat":
        problems.append(f"a battle is open in phase {state.phase}")
    return problems


def presentation() -> Any:
    """How the client shows this game (imported on first use: the rules run without it)."""
    from wargames_tui.games.blitzkrieg_1940.present import PRESENTATION

    return PRESENTATION
