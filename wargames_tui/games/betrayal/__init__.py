"""Betrayal!: the French and British players against the German automaton, May-June 1940."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.contract import Forces
from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.games.betrayal import evaluation, sequence
from wargames_tui.games.betrayal.board import ground, occupancy, on_map, sc
from wargames_tui.games.betrayal.combat import assess
from wargames_tui.games.betrayal.contract import owed, preview, standing
from wargames_tui.games.betrayal.data import Scenario, load_scenario
from wargames_tui.games.betrayal.state import State
from wargames_tui.games.betrayal.victory import judge
from wargames_tui.games.protocol import delegates

GAME_ID = "betrayal"
TITLE = "Betrayal!"
MAP_KIND = "area"
SOLITAIRE = {"german": "game"}  # the automaton; its choices fall to the initiative player (3.4.1)
HIDDEN = False  # every counter is face up; the ban on talking (6.0) is kept by the players
SIDES = {"french": "French", "british": "British (with the Belgians and the Dutch)", "german": "German (the automaton)"}
rules = sequence


def scenarios() -> list[ScenarioInfo]:
    note = (
        "Players: two people hand the keyboard over behind a cover from turn 3 (betrayal:6.0); one person "
        "taking both Allied seats plays without it. The map, counters and charts are reconstructions (see NOTES.md)."
    )
    return [
        ScenarioInfo(
            "betrayal/historical",
            TITLE,
            "10 May 1940: the historical set-up (betrayal:8.0)",
            dict(SIDES),
            "The French and British players hold France, Belgium and the Netherlands against the German "
            f"automaton, taking turns to run it, each chasing a victory of his own. {note}",
            {"players": list(sequence.OPTIONS["players"])},
        ),
        ScenarioInfo(
            "betrayal/free-setup",
            TITLE,
            "10 May 1940: a free set-up (betrayal:9.0)",
            dict(SIDES),
            "As the historical game, but every side places its units within the limits of case 9.0, and the "
            f"Belgian and Dutch frontier defences may halt the Germans on turn 1. {note}",
            {"players": list(sequence.OPTIONS["players"])},
        ),
    ]


new, prompt, apply, outcome, dump, load, copy_state = delegates(sequence, State)
listed_part = sequence.listed_part


def summary(state: State) -> dict[str, Any]:
    """The turn and the phase as the view names them, read from the state (the save's summary)."""
    return {"turn": state.turn, "phase": sequence.title(state)}


def covers(state: State) -> str:
    """From turn 3 the Allied players may not confer (betrayal:6.0): each plays behind the cover,
    which says why; empty (no cover) before."""
    if state.turn < 3 or sequence.solitaire(state):
        return ""
    return "From turn 3 the Allied players may not confer (betrayal:6.2): each plays his turn alone."


def evaluate(state: State, side: str) -> float:
    """For bots that plan: side's advantage in the position (evaluation.py)."""
    return evaluation.evaluate(state, side)


def active_side(state: State) -> str | None:
    return sequence.acting(state)


def stand_in(state: State) -> tuple[str, str] | None:
    """The automaton's side when the player to act handles it, with whose duty it is and why (3.4.1)."""
    return sequence.stand_in(state)


def stand_in_turn(state: State) -> str | None:
    """The automaton's side while its turn goes on, the players' own choices within it included."""
    return sequence.stand_in_turn(state)


def anytime(state: State) -> list[dict[str, str]]:
    """A breach of the ban on talking, recorded by either player from turn 3 (betrayal:6.2), and
    the end of the game by agreement (betrayal:7.0), once the set-up is done: one Allied player
    proposes it, the other agrees or declines; one person in both seats ends it at once."""
    if state.phase in ("over", "setup"):
        return []
    if sequence.solitaire(state):
        return [{"type": "end-by-agreement"}]
    breaches = [{"type": "breach", "nation": n} for n in sequence.ALLIED] if state.turn >= 3 else []
    if state.end_proposed is None:
        return breaches + [{"type": "propose-end", "side": n} for n in sequence.ALLIED]
    other = next(n for n in sequence.ALLIED if n != state.end_proposed)
    return breaches + [{"type": "agree-end", "side": other}, {"type": "decline-end", "side": other}]


def board(state: State) -> Scenario:
    return load_scenario()


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    """Everything is public: the same view for each seat and for onlookers."""
    s = sc()
    return {
        "view_version": 1,
        "scenario": state.scenario,
        "title": TITLE,
        "turn": state.turn,
        "turns": state.last_turn,
        "phase": state.phase,
        "phase_title": sequence.title(state),
        "case": sequence.case(state),
        "side": sequence.acting(state),
        "outcome": (lambda o: o.to_json() if o else None)(sequence.outcome(state)),
        "sides": dict(SIDES),
        "initiative": state.initiative,
        "communication": "yes" if state.turn < 3 or sequence.solitaire(state) else "no",
        "penalties": {k: list(v) for k, v in state.penalties.items()},
        "no_major": state.no_major,
        "orders": list(state.countries),
        "tactics": list(state.tactics),
        "assigned": dict(state.assigned),
        "republic": {"zone": state.republic, "holder": state.holder},
        "picture": list(s.picture),
        "zones": {
            a.id: {
                "name": a.name,
                "kind": {"G": "germany"}.get(a.country, a.terrain),
                "at": list(s.at[a.id]),
                "marker": "R" if a.id == state.republic else None,
                "country": a.country,
                "terrain": a.terrain,
                "port": a.port,
                "maginot": a.maginot,
                "edge": a.edge,
                "bracket": a.bracket,
                "control": state.control.get(a.id),
            }
            for a in s.areas.values()
        },
        "links": s.graph.link_list(),
        "units": sequence.view_units(state),
        "missions": [{"unit": m.unit, "target": m.target, "kind": m.kind} for m in state.missions],
        "combats": list(state.combats),
        "pending": [dict(p) for p in state.pending],
        "victory": judge(state),
        "breach_actions": anytime(state),
    }


def nations(state: State) -> dict[str, dict[str, str]]:
    return {
        "german": {"name": "German", "side": "german", "colour": "#6b6b6b", "text": "white"},
        "french": {"name": "French", "side": "french", "colour": "#3a5fa0", "text": "white"},
        "british": {"name": "British", "side": "british", "colour": "#b08850", "text": "black"},
        "belgian": {"name": "Belgian", "side": "british", "colour": "#1f2f6b", "text": "white"},
        "dutch": {"name": "Dutch", "side": "british", "colour": "#e08a2c", "text": "black"},
    }


def odds(state: State, attackers: list[str], defender: str) -> dict[str, Any]:
    """The odds, shifts and modifier an attack by these units on that area would have (4.4)."""
    units = [u for u in attackers if u in state.pieces and on_map(state, u)]
    if not units or defender not in sc().areas:
        return {"attack": 0, "defence": 0, "column": None, "note": ""}
    foe = "allied" if sc().units[units[0]].nation == "german" else "german"
    defenders = ground(state, defender, foe)
    if not defenders:
        return {"attack": 0, "defence": 0, "column": None, "note": "no enemy there"}
    got = assess(state, defender, units, defenders, False, 0)
    return {**got, "note": "two dice on the CRT (betrayal:4.4)"}


BOXES = {"waiting": "to_come", "reinforcements": "to_come", "eliminated": "eliminated"}


def order_of_battle(state: State, viewer: str | None) -> dict[str, Forces]:
    """By player (the British hold the Belgians and the Dutch); boxes other than these by name:
    Set Aside and Regroup units may come back, evacuated ones count for the British (7.2)."""
    forces = {side: Forces() for side in SIDES}
    for u in sorted(view(state, viewer)["units"], key=lambda u: (u["zone"] or "", u["short"])):
        f = forces[SEATS_OF[u["nation"]]]
        if u["zone"]:
            f.on_map.append(f"{u['short']} at {u['zone']}")
        elif u["box"] in BOXES:
            getattr(f, BOXES[u["box"]]).append(u["short"])
        else:
            f.other.setdefault(u["box"], []).append(u["short"])
    return forces


SEATS_OF = {"french": "french", "british": "british", "belgian": "british", "dutch": "british", "german": "german"}


def presentation() -> Any:
    """How the client shows this game (imported on first use: the rules run without it)."""
    from wargames_tui.games.betrayal.present import PRESENTATION

    return PRESENTATION


def check_invariants(state: State) -> list[str]:
    s = sc()
    problems = []
    for area, here in occupancy(state).items():
        for side in ("german", "allied"):
            n = len(here[side])
            if n > 3 and not (side == "german" and s.border(area)) and not state.pending:
                problems.append(f"{area} holds {n} {side} ground units")
        if s.border(area) and here["allied"]:
            problems.append(f"Allied units in German border area {area}")
    for uid, p in state.pieces.items():
        if p.where not in s.areas and p.where not in ("waiting", "setaside", "regroup", "eliminated", "evacuated"):
            problems.append(f"{uid} is nowhere ({p.where})")
        u = s.units[uid]
        if p.where == "evacuated" and u.nation != "british":
            problems.append(f"{uid} evacuated but is not British")
        if u.nation in ("belgian", "dutch") and p.where in ("setaside", "regroup"):
            problems.append(f"minor ally {uid} in a regroup box")
    if s.country(state.republic) != "F":
        problems.append(f"the French Republic marker left France ({state.republic})")
    if not 1 <= state.turn <= state.last_turn:
        problems.append(f"turn {state.turn}")
    return problems
