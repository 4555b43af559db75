"""Positions at war for the tests: the 1934 pieces moved where a test wants them."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.games.seeds_of_disaster import rules, war
from wargames_tui.games.seeds_of_disaster.state import State

# A May 1940 deployment: (an area, a box or 'poised:<army>', steps).
MAY_1940: dict[str, tuple[str, int]] = {
    "G18": ("KLE", 8),
    "G6": ("AAC", 10),
    "G4": ("EIF", 9),
    "G12": ("KOL", 8),
    "G16": ("TRI", 8),
    "G2": ("ESS", 5),
    "G9": ("FRA", 5),
    "G1": ("SAA", 8),
    "G7": ("KAR", 6),
    "XV": ("EIF", 2),
    "XIX": ("EIF", 2),
    "XXXXI": ("TRI", 2),
    "XVI": ("AAC", 2),
    "XXXIX": ("KLE", 1),
    "XIV": ("KOL", 2),
    "GI": ("MUN", 2),
    "GX": ("KLE", 2),
    "FJ": ("reserve", 2),
    "LF2": ("reserve", 2),
    "LF3": ("reserve", 2),
    "WW1": ("SAA", 2),
    "WW2": ("PFA", 1),
    "F1": ("LIL", 10),
    "F7": ("DUN", 7),
    "F9": ("MAU", 7),
    "F2": ("SED", 6),
    "F3": ("MET", 9),
    "F4": ("LAU", 7),
    "F5": ("STR", 7),
    "F8": ("COL", 5),
    "F6": ("REI", 6),
    "BEF": ("ARR", 6),
    "DLM1": ("LIL", 2),
    "DLC": ("MAU", 2),
    "DCR1": ("REI", 2),
    "FIX": ("LON", 2),
    "FX": ("AMI", 2),
    "ZOAN": ("reserve", 2),
    "AASF": ("reserve", 2),
    "NI": ("ROT", 2),
    "NII": ("UTR", 2),
    "NIII": ("GEL", 2),
    "BI": ("BRU", 4),
    "BIII": ("ANT", 4),
    "BV": ("LIE", 4),
}


def war_state(
    placements: dict[str, tuple[str, int]] | None = None, cp: int = 5, ip: int = 5
) -> State:
    """A 1934 state put at war (week 1, German movement) with the given pieces placed; the rest
    stay in their boxes. Control is the 1934 control."""
    state = rules.new_state(rules.SCENARIO, {})
    for u in state.units.values():
        if u.box == "map":
            u.box, u.zone = "mobilized", None
    for uid, (where, steps) in (MAY_1940 if placements is None else placements).items():
        u = state.units[uid]
        u.steps = steps
        if where.startswith("poised:"):
            u.box, u.army = "poised", where.split(":")[1]
        elif where in ("reserve", "mobilized", "pool", "eliminated"):
            u.box, u.zone = where, None  # type: ignore[assignment]
        else:
            u.box, u.zone = "map", where
    state.strategic.cp = {"german": cp, "allied": cp}
    state.strategic.ip = {"german": ip, "allied": ip}
    for u in state.units.values():
        if u.box == "poised" and u.army:
            u.zone = state.units[u.army].zone
    war.begin(state, Dice(0))
    state.war.entered = [
        "N",
        "B",
    ]  # the Germans are in the Low Countries: the Allies may follow (12.0)
    return state


def only(placements: dict[str, tuple[str, int]], cp: int = 5, ip: int = 5) -> State:
    """A war state holding just these pieces (every other piece stays off the map)."""
    return war_state(placements, cp, ip)


def settle(state: State, dice: Dice | None = None) -> list:
    """Take every step loss and retreat a battle asks for with the first choice offered (the
    fixed order of losses.py), as a player content with the default would, rolling the battle's
    remaining dice from `dice` once the Mobile Forces Battle's hits are taken; the events."""
    from wargames_tui.games.seeds_of_disaster import war

    events: list = []
    while state.war.battle and state.war.battle.step in ("losses", "retreat"):
        events += rules.apply(state, war.actions(state)[0], dice or Dice.replaying([]))
    return events


def resolve(state: State, rolls: list[int]) -> list:
    """The defender's commit with the battle's rolls, and the default losses and retreats."""
    dice = Dice.replaying(list(rolls))
    return rules.apply(state, {"type": "commit"}, dice) + settle(state, dice)
