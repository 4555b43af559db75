"""RP, IP and CP tracks, collection advantages, and the effects of cards and table events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.seeds_of_disaster.prewar import data
from wargames_tui.games.seeds_of_disaster.prewar.model import (
    DS_LEVELS,
    PREWAR_SIDES,
    Strategic,
)

if TYPE_CHECKING:
    from wargames_tui.games.seeds_of_disaster.state import State

NAMES = {"german": "German", "allied": "Allied"}


def other(side: str) -> str:
    return "allied" if side == "german" else "german"


def clamp_points(n: int) -> int:
    return max(0, min(data.tables().limits.points_max, n))  # 5.1.1, 6.1


def add_ip(state: State, side: str, n: int) -> None:
    state.strategic.ip[side] = clamp_points(state.strategic.ip[side] + n)


def add_cp(state: State, side: str, n: int) -> None:
    state.strategic.cp[side] = clamp_points(state.strategic.cp[side] + n)


def spend_cp(state: State, side: str, n: int, case: str) -> None:
    """Pay n CPs for a use of 6.2 (W calls this in the war); IllegalAction if short."""
    if n < 0 or state.strategic.cp[side] < n:
        raise IllegalAction(
            f"{NAMES.get(side, side)} has {state.strategic.cp.get(side, 0)} CPs, {n} needed",
            case,
        )
    state.strategic.cp[side] -= n


def spend_ip(state: State, side: str, n: int, case: str) -> None:
    """Pay n IPs for a use of 5.2 (W calls this in the war); IllegalAction if short."""
    if n < 0 or state.strategic.ip[side] < n:
        raise IllegalAction(
            f"{NAMES.get(side, side)} has {state.strategic.ip.get(side, 0)} IPs, {n} needed",
            case,
        )
    state.strategic.ip[side] -= n


def clamp_drm(n: int) -> int:
    cap = data.tables().limits.drm_max  # 5.1.3
    return max(-cap, min(cap, n))


def collection(s: Strategic, side: str) -> int:
    """The net collection advantage of both tracks (5.1.3, 5.3.5)."""
    return clamp_drm(s.ip_drm_perm[side]) + clamp_drm(s.ip_drm_temp[side])


def rp_cap(s: Strategic, side: str) -> int | None:
    return (
        None if s.tech_level(side) == 2 else data.tables().limits.rp_cap_level1
    )  # 7.3.3, 7.3.5


def add_rp(s: Strategic, side: str, n: int) -> int:
    """Add RPs up to the Technology Level 1 stockpile cap; returns what was lost to the cap."""
    total = s.rp[side] + n
    cap = rp_cap(s, side)
    lost = max(0, total - cap) if cap is not None else 0
    s.rp[side] = total - lost
    return lost


def raise_ds(state: State, steps: int, upto: str, why: str, case: str) -> list[Event]:
    """Move the DS level by `steps` (one at most a turn, 3.1.3); Armed Belligerence waits for the next turn (3.3.5)."""
    s = state.strategic
    if steps > 0:
        if s.raised_this_turn or s.pending_belligerence:
            return [
                Event("ds", f"{why}: the DS level has already risen this turn (3.1.3)")
            ]
        target = s.level + 1
        if target > DS_LEVELS.index(upto) or target >= DS_LEVELS.index("hostilities"):
            return [
                Event(
                    "ds", f"{why}: no further rise before war from this event ({case})"
                )
            ]
        s.raised_this_turn = True
        if DS_LEVELS[target] == "belligerence":
            s.pending_belligerence = True
            return [
                Event(
                    "ds",
                    f"{why}: Armed Belligerence will begin with the next turn (3.3.5)",
                    commit=True,
                )
            ]
        s.ds = DS_LEVELS[target]
        return [
            Event(
                "ds",
                f"{why}: the DS level rises to {ds_name(s.ds)} ({case})",
                commit=True,
            )
        ]
    floor = DS_LEVELS.index("opposition")
    if s.pending_belligerence:
        s.pending_belligerence = False
        return [
            Event(
                "ds", f"{why}: Armed Belligerence is called off ({case})", commit=True
            )
        ]
    if s.level <= floor or s.level >= DS_LEVELS.index("belligerence"):
        return [Event("ds", f"{why}: the DS level cannot fall further ({case})")]
    s.ds = DS_LEVELS[s.level - 1]
    return [
        Event(
            "ds", f"{why}: the DS level falls to {ds_name(s.ds)} ({case})", commit=True
        )
    ]


def ds_name(ds: str) -> str:
    return {
        "peace": "Peace",
        "opposition": "Opposition",
        "preparations": "Military Preparations",
        "belligerence": "Armed Belligerence",
        "hostilities": "Active Hostilities",
    }[ds]


# Numeric effects: the field they change and the words of the log (5.1.3, 5.1.2, 7.1.1).
TRACKS: dict[str, tuple[str, str]] = {
    "rp_drm": ("rp_drm", "RP roll {n:+d} this turn"),
    "ip_perm": ("ip_drm_perm", "permanent collection advantage {n:+d}"),
    "ip_temp": ("ip_drm_temp", "collection advantage this turn {n:+d}"),
    "indicator": ("indicator_adjust", "IP table column {n:+d} this turn (5.1.2)"),
}
LISTS: dict[str, tuple[str, str]] = {
    "unlock": ("unlocked", "may build {unit} units from now on (7.5.1)"),
    "halve": ("halved", "{unit} steps cost half from now on (7.5.2)"),
}


def apply_effects(
    state: State, effects: list[data.Effect], actor: str, source: str, case: str
) -> list[Event]:
    """Carry out card or table effects for `actor` (the player of the card or the roller)."""
    s = state.strategic
    events: list[Event] = []
    for e in effects:
        who = e.side or (actor if e.to == "self" else other(actor))
        head = f"{source}: {NAMES[who]}"
        if e.kind in TRACKS:
            field, words = TRACKS[e.kind]
            track = getattr(s, field)
            track[who] = (
                track[who] + e.n
                if e.kind in ("rp_drm", "indicator")
                else clamp_drm(track[who] + e.n)
            )
            events.append(Event("points", f"{head} {words.format(n=e.n)}", only=who))
        elif e.kind in LISTS:
            field, words = LISTS[e.kind]
            if e.unit not in getattr(s, field)[who]:
                getattr(s, field)[who].append(e.unit)
            events.append(Event("points", f"{head} {words.format(unit=e.unit)}"))
        elif e.kind == "rp":
            lost = add_rp(s, who, e.n)
            over = f" ({lost} lost over the cap, 7.3.3)" if lost else ""
            events.append(Event("points", f"{head} gains {e.n} RPs{over}", only=who))
        elif e.kind == "ip":
            add_ip(state, who, e.n)
            events.append(Event("points", f"{head} IPs {e.n:+d}", only=who))
        elif e.kind == "cp":
            add_cp(state, who, e.n)
            events.append(Event("points", f"{head} CPs {e.n:+d}"))
        elif e.kind == "ds":
            events += raise_ds(state, e.n, "belligerence", source, case)
        elif e.kind == "flag":
            if e.flag not in s.in_force:
                s.in_force.append(e.flag)
            events.append(
                Event(
                    "points",
                    f"{source}: in force from now on ({e.flag.replace('_', ' ')})",
                )
            )
    return events


def d36(dice: Dice, drm: int) -> tuple[int, int]:
    """A base-6 roll (5.3.1): tens die then ones die; the modifier moves along 11..66. Returns (raw, result)."""
    tens, ones = dice.roll(), dice.roll()
    index = max(0, min(35, (tens - 1) * 6 + (ones - 1) + drm))
    return tens * 10 + ones, (index // 6 + 1) * 10 + index % 6 + 1


def table_row(total: int) -> int:
    return max(2, min(12, total)) - 2


def _for(text: str, side: str) -> str:
    """An event's words name the side that rolled it: both players read every roll (5.3.1)."""
    name = NAMES[side]
    for mine, named in (("Your own ", f"The {name} "), ("Your ", f"The {name} "), ("your ", f"the {name} ")):
        text = text.replace(mine, named)
    return text


def intelligence_events(state: State, dice: Dice) -> list[Event]:
    """Both players roll on the Intelligence Events Table, German first (5.3)."""
    s = state.strategic
    events: list[Event] = []
    seen: list[int] = []
    for side in PREWAR_SIDES:
        drm = collection(s, side)
        raw, result = d36(dice, drm)
        entry = data.intelligence()[result]
        head = f"{NAMES[side]} intelligence event roll {raw}" + (
            f" {drm:+d} = {result}" if drm else ""
        )
        if result in seen:
            events.append(
                Event(
                    "roll",
                    f"{head}: the same event again, no event (5.3.4)",
                    commit=True,
                )
            )
            continue
        seen.append(result)
        s.intel_results[side].append(result)
        if entry.year is not None and entry.year > s.year:
            events.append(
                Event(
                    "roll",
                    f"{head}: an event of {entry.year}, no effect yet (5.3.2)",
                    commit=True,
                )
            )
            continue
        if any(e.kind == "flag" for e in entry.effects) and side != "allied":
            events.append(
                Event(
                    "roll",
                    f"{head}: {_for(entry.text, side)} Not for the German player: no effect (12.0)",
                    commit=True,
                )
            )
            continue
        events.append(Event("roll", f"{head}: {_for(entry.text, side)}", commit=True))
        events += apply_effects(
            state,
            entry.effects,
            side,
            f"Intelligence event {result}",
            "seeds-of-disaster:5.3.6",
        )
    return events


def command_events(state: State, side: str, dice: Dice) -> list[Event]:
    """One side's Command Events roll (6.3), German first then Allied (6.3.2), moved by its combat
    experience modifiers (6.4): towards 66 for the German, towards 11 for the Allied. 11 and 66 come
    once a game (6.3.3); the German's result of this turn is nothing for the Allied (6.3.4)."""
    s = state.strategic
    mods = len(set(state.war.experience.get(side, [])))
    raw, result = d36(dice, mods if side == "german" else -mods)
    text = f"{NAMES[side]} command event roll {raw}" + (
        f" moved {mods} to {result}" if mods else ""
    )
    german_result, s.command_last = s.command_last, (result if side == "german" else 0)
    if result in (11, 66) and result in state.war.command_results:
        return [
            Event(
                "roll",
                f"{text}: already happened this game, nothing happens (6.3.3)",
                commit=True,
            )
        ]
    if side == "allied" and result == german_result:
        return [
            Event(
                "roll",
                f"{text}: the same as the German result, nothing happens (6.3.4)",
                commit=True,
            )
        ]
    state.war.command_results.append(result)
    entry = data.command()[result]
    return [Event("roll", f"{text}: {entry.text}", commit=True)] + apply_effects(
        state, entry.effects, side, f"Command event {result}", "seeds-of-disaster:6.3.1"
    )
