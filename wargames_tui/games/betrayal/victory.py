"""Separate French and British results against the automaton (betrayal:6.3, 7.0)."""

from __future__ import annotations

from typing import Any

from wargames_tui.games.betrayal.board import on_map, sc
from wargames_tui.games.betrayal.state import State

LEVELS = ("German Major Victory", "German Minor Victory", "Draw", "Minor Victory", "Major Victory")


def german_areas(state: State, country: str) -> list[str]:
    """German-held areas: the Germans were the last side alone there, Allied units come back into
    them since or not, as the map shows them (NOTES.md, reading 27)."""
    return sorted(a for a, area in sc().areas.items() if area.country == country and state.control.get(a) == "german")


def low_countries_fallen(state: State) -> bool:
    return all(state.control.get(a) == "german" for a, area in sc().areas.items() if area.country in ("B", "NL"))


def allied_arms(uid: str) -> bool:
    """An Allied air or armour unit: what the German minor victory of 5.3.2's note counts."""
    unit = sc().units[uid]
    return unit.nation != "german" and (unit.air or unit.kind == "armor")


def mobile_arms_gone(state: State) -> bool:
    """No Allied air or armour unit on the map (the German minor victory of 5.3.2's note)."""
    return not any(on_map(state, u) and allied_arms(u) for u in state.pieces)


def british_counts(state: State) -> tuple[int, int]:
    """British ground units evacuated, and evacuated plus still on the map."""
    brits = [u for u in state.pieces if sc().units[u].nation == "british" and not sc().units[u].air]
    out = sum(1 for u in brits if state.pieces[u].where == "evacuated")
    return out, out + sum(1 for u in brits if on_map(state, u))


def judge(state: State) -> dict[str, Any]:
    """Each nation's level, from -2 (German Major) to +2 (Allied Major), and the facts behind it."""
    v = sc().tables.victory
    holder = state.holder
    in_france = len(german_areas(state, "F"))
    evacuated, saved = british_counts(state)
    ports = [a for a, area in sc().areas.items() if area.port and area.country == "F"]
    # The German Minor: the loss of every Allied air and armour unit counts against both nations
    # (5.3.2's note); the fall of the Low Countries against Britain alone, whose player commands the
    # Belgian and Dutch units (1.7); territory against France alone (NOTES.md, the victory table).
    fallen, arms_gone = low_countries_fallen(state), mobile_arms_gone(state)
    facts = {
        "republic": holder,
        "german_areas_in_france": in_france,
        "evacuated": evacuated,
        "saved": saved,
        "low_countries_fallen": fallen,
        "allied_air_and_armor_gone": arms_gone,
    }
    allied = {
        "french": 2 if holder == "french" and in_france <= v.french_major_german_areas else 1 if holder == "french" else 0,
        "british": 2 if saved - evacuated >= v.british_major_on_map else 1 if evacuated >= v.british_minor_evacuated else 0,
    }
    german = {
        "french": 2 if holder == "german" or in_france >= v.german_major_french_areas
        else 1 if arms_gone or in_france >= v.german_minor_french_areas else 0,
        "british": 2
        if saved < v.german_major_british_saved and all(state.control.get(p) == "german" for p in ports)
        and saved - evacuated < v.british_major_on_map
        else 1 if fallen or arms_gone else 0,
    }
    early = state.last_turn < sc().turns  # cut short by a final penalty (betrayal:6.3.3)
    levels = {}
    for nation in ("french", "british"):
        a, g = allied[nation], german[nation]
        if state.no_major:
            a = min(a, 1)  # betrayal:6.3.3 a
        if len(state.penalties[nation]) >= 2:
            g = max(g, 1)  # betrayal:6.3.2
        if early:
            levels[nation] = 0 if a >= 1 else -2  # betrayal:6.3.3 b
        elif a == 2 or g == 2:
            levels[nation] = 2 if a == 2 else -2
        elif a == 1 and g == 1:
            levels[nation] = 0  # opposing Minor Victories draw (betrayal:7.0)
        else:
            levels[nation] = a - g
    return {"levels": levels, "facts": facts}
