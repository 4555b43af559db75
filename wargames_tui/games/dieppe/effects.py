"""What happens to the position when something happens: alarm, losses, markers turned over.

Shared by the British actions and the German turn. Every function appends Events
saying what it did, with the rule case.
"""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.state import State
from wargames_tui.games.dieppe.tables import ALARM_MAX, activates, mine_hits, raise_alarm, revealed_infantry

ALARM_WORDS = {
    "first-landing": "first landing",
    "first-fire": "first shot fired",
    "explosion": "an explosion",
    "first-assault": "first assault",
    "first-a": "first A marker revealing Germans",
    "first-b": "first B marker revealing Germans",
    "ships-detected": "the ships are spotted",
}
REVEALED_KINDS = (("infantry", "infantry"), ("machine_guns", "machine_gun"), ("officers", "officer"))


def d10(dice: Dice) -> int:
    """A D10 read 0-9: the 0 counts as 0 (dieppe:1.1)."""
    return dice.roll(10) % 10


def alarm(state: State, event: str, dice: Dice, events: list[Event]) -> None:
    """Raise the alarm for event; at 9 every marker is turned over (dieppe:7)."""
    before = state.alarm
    seen = set(state.alarm_seen)
    state.alarm = raise_alarm(before, event, seen)
    state.alarm_seen = sorted(seen)
    if state.alarm != before:
        events.append(Event("alarm", f"Alarm {before} -> {state.alarm}: {ALARM_WORDS[event]} (dieppe:7)"))
        if state.alarm >= ALARM_MAX:
            flip_all(state, dice, events, "the alarm reaches 9")


def flip_all(state: State, dice: Dice, events: list[Event], why: str) -> None:
    """Every A and B marker still face down is turned over, the alarm goes to 9 (dieppe:7, 12)."""
    state.alarm = ALARM_MAX
    hidden = sorted(z for z, m in state.markers.items() if m in ("A", "B"))
    if hidden:
        events.append(Event("alarm", f"{why.capitalize()}: every A and B marker is turned over (dieppe:7)", commit=True))
    for zone in hidden:
        reveal(state, zone, dice, events)


def reveal(state: State, zone: str, dice: Dice, events: list[Event]) -> str:
    """Turn over the marker in zone, drawn from its letter's hidden pool (dieppe:3.1, 10).

    Returns what it showed: "units", "mines" or "wire". Germans shown are drawn at
    random by type from the garrison container and placed in the zone.
    """
    pos = Position(state)
    letter = state.markers[zone]
    marker = pos.raid.markers[dice.choice(sorted(state.marker_pools[letter]))]
    state.marker_pools[letter].remove(marker.id)
    name = pos.raid.zones[zone].name
    if marker.content != "units":
        state.markers[zone] = marker.content
        events.append(Event("reveal", f"{letter} marker at {name}: {marker.content} (dieppe:10)", {"zone": zone}, commit=True))
        return marker.content
    del state.markers[zone]
    wanted = {"infantry": marker.infantry, "machine_guns": marker.machine_guns, "officers": marker.officers}
    if marker.infantry and letter not in state.bad_luck_used and state.options.get("bad-luck") == "on":
        state.bad_luck_used.append(letter)
        room = pos.limit(zone) - marker.machine_guns  # a machine gun takes one level, an infantry unit two
        wanted["infantry"] = revealed_infantry(marker.infantry, True, state.options, room // 2)
    placed = []
    for field, kind in REVEALED_KINDS:
        for _ in range(wanted[field]):
            pool = sorted(u for u, s in state.units.items() if s.status == "pool" and pos.raid.counters[u].start == "pool-G" and pos.kind(u) == kind)
            if not pool:
                break
            uid = dice.choice(pool)
            state.units[uid].status, state.units[uid].zone = "map", zone
            placed.append(pos.raid.counters[uid].name)
    shown = ", ".join(placed) or "nobody (the container is empty)"
    events.append(Event("reveal", f"{letter} marker at {name}: {shown} (dieppe:3.2, 10)", {"zone": zone}, commit=True))
    alarm(state, "first-a" if letter == "A" else "first-b", dice, events)
    return "units"


def adjacent_tests(state: State, zone: str, dice: Dice, events: list[Event]) -> None:
    """A British action next to A/B zones: a D10 at or under the alarm turns each over (dieppe:10)."""
    pos = Position(state)
    for n in pos.neighbours(zone):
        if state.markers.get(n) in ("A", "B"):
            roll = d10(dice)
            ok = activates(state.alarm, roll)
            word = "turned over" if ok else "stays hidden"
            events.append(Event("roll", f"Activation test at {pos.raid.zones[n].name}: D10 {roll} vs alarm {state.alarm}, {word} (dieppe:10)"))
            if ok:
                reveal(state, n, dice, events)


def cut_telephone(state: State, zone: str, events: list[Event]) -> None:
    """Commandos standing in a T zone cut the line: 2 VP, once (dieppe:12)."""
    pos = Position(state)
    if zone in state.telephone and any(pos.kind(u) == "commando" for u in pos.british(zone)) and not pos.germans(zone):
        state.telephone.remove(zone)
        state.telephone_cut = True
        events.append(Event("victory", f"The telephone line is cut at {pos.raid.zones[zone].name} (dieppe:12)"))


def mines(state: State, units: list[str], zone: str, dice: Dice, events: list[Event]) -> None:
    """Mines: D10 + the stack's levels, 8 or more reduces the unit on top (dieppe:10)."""
    pos = Position(state)
    levels = sum(pos.levels(u) for u in units)
    roll = d10(dice)
    if mine_hits(roll, levels):
        events.append(Event("combat", f"Mines at {pos.raid.zones[zone].name}: D10 {roll} + {levels} levels, they explode (dieppe:10)"))
        del state.markers[zone]
        take_losses(state, units, 1, dice, events, by_assault=False)
        alarm(state, "explosion", dice, events)
    else:
        events.append(Event("combat", f"Mines at {pos.raid.zones[zone].name}: D10 {roll} + {levels} levels, nothing happens (dieppe:10)"))


def place(state: State, uid: str, zone: str | None, aboard: str | None = None) -> None:
    """Put a unit somewhere; a prisoner goes with its escort, passengers with their LCA."""
    u = state.units[uid]
    u.zone, u.aboard = zone, aboard
    if state.escort == uid and state.prisoner:
        p = state.units[state.prisoner]
        p.zone, p.aboard = zone, aboard
    for other, s in state.units.items():
        if s.aboard == uid and s.status in ("map", "prisoner"):
            s.zone = zone


def take_losses(state: State, stack: list[str], losses: int, dice: Dice, events: list[Event], by_assault: bool, first: str | None = None) -> None:
    """losses hits on a stack, all on the unit on top (or first) while it stands, then on the one
    beneath: the mortar's two losses eliminate a full unit (dieppe:11.1)."""
    target = first
    for _ in range(losses):
        pos = Position(state)
        alive = [u for u in stack if pos.on_map(u)]
        if target not in alive:
            target = pos.front(alive)
        if target is None:
            return
        lose_level(state, target, dice, events, by_assault)


def lose_level(state: State, uid: str, dice: Dice, events: list[Event], by_assault: bool) -> None:
    """One loss: a full unit with a reduced side turns over, anything else is eliminated (dieppe:11.1)."""
    pos = Position(state)
    c = pos.raid.counters[uid]
    if c.kind == "gun155" and not by_assault:
        events.append(Event("combat", f"{c.name}: only an assault can destroy the guns (dieppe:12)"))
        return
    u = state.units[uid]
    if c.reduced is not None and not u.reduced:
        u.reduced = True
        events.append(Event("loss", f"{c.name} is reduced"))
        return
    eliminate(state, uid, dice, events)


def eliminate(state: State, uid: str, dice: Dice, events: list[Event]) -> None:
    pos = Position(state)
    c = pos.raid.counters[uid]
    cargo = pos.aboard(uid)
    u = state.units[uid]
    u.status, u.zone, u.aboard = "eliminated", None, None
    events.append(Event("loss", f"{c.name} is eliminated"))
    for passenger in cargo:
        eliminate(state, passenger, dice, events)
    if state.escort == uid:
        _hand_over_prisoner(state, uid, pos, events)
    if state.prisoner == uid:
        state.prisoner = state.escort = None
    state.party = [p for p in state.party if p != uid]
    if state.move and uid in state.move.units:
        state.move.units.remove(uid)
        state.move.mp.pop(uid, None)
    if c.kind == "gun155":
        guns = [g for g, d in pos.raid.counters.items() if d.kind == "gun155"]
        if all(state.units[g].status == "eliminated" for g in guns):
            state.battery_turn = state.turn
            events.append(Event("victory", f"Battery 813 is destroyed on turn {state.turn} (dieppe:12)", commit=True))
            flip_all(state, dice, events, "the battery has fallen")


def _hand_over_prisoner(state: State, escort: str, pos: Position, events: list[Event]) -> None:
    """The prisoner goes to another commando beside it, or is lost if left alone (dieppe:12)."""
    p = state.units[state.prisoner or ""]
    others = [
        u
        for u, s in state.units.items()
        if u != escort and s.status == "map" and pos.kind(u) == "commando" and s.zone == p.zone and s.aboard == p.aboard
    ]
    if others:
        state.escort = sorted(others)[0]
        return
    events.append(Event("loss", "The prisoner, left alone, is lost (dieppe:12)"))
    p.status, p.zone, p.aboard = "eliminated", None, None
    state.prisoner = state.escort = None
