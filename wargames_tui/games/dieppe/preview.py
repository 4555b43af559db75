"""Dieppe's previews (docs/GAMES.md, the play contract): the chance of every roll an action makes,
from what the British player sees (the German counters on the map, the markers not yet turned
over, the alarm).

A fire or an assault line is won by the higher total of factor, modifiers and die: the British
roll a D6 (1-6), the Germans a D10 read 0-9 (dieppe:1.1, 11.1, 11.2).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from typing import Any

from wargames_tui.engine.contract import Modifier, Preview, Result, chances
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dieppe import assaults, british
from wargames_tui.games.dieppe.assault import support_levels
from wargames_tui.games.dieppe.combat import Value
from wargames_tui.games.dieppe.firing import Fire
from wargames_tui.games.dieppe.german_side import TWO_ACTIONS, fire_choices, ready_to_move
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.state import State
from wargames_tui.games.dieppe.tables import ALARM_MAX, ALARM_EVENTS, mine_hits, raise_alarm

C = "dieppe:"
D6 = range(1, 7)
D10 = range(10)


def preview(state: State, action: Any) -> Preview | None:
    if not isinstance(action, dict):
        return None
    kind = action.get("type")
    try:
        if kind == "fire":
            return _fire(state, action)
        if kind == "assault-round":
            return _round(state, action)
        if kind == "move":
            return _move(state, action)
        if kind == "bangalore":
            return Preview("Bangalore torpedo: D10", C + "10", results=(Result("even (50%)", "the wire is cleared"),
                                                                        Result("odd (50%)", "the wire holds, the stack halts")),
                           note="the explosion raises the alarm by 1 (dieppe:7)")
        if kind in ("withdraw", "take-prisoner"):
            return _tests_only(state, state.assault.origin if kind == "withdraw" and state.assault else (state.assault.zone if state.assault else ""))
        if kind == "roll-events":
            return _events()
        if kind == "german":
            return _german(state)
    except (IllegalAction, KeyError, TypeError, ValueError, AttributeError, AssertionError):
        return None
    return None


def win_chance(attack: int, defence: int, attack_die: range, defence_die: range) -> Fraction:
    """The chance that attack + its die >= defence + its die (dieppe:11.1, 11.2)."""
    won = sum(1 for a, d in product(attack_die, defence_die) if attack + a >= defence + d)
    return Fraction(won, len(attack_die) * len(defence_die))


def _base(value: Value) -> tuple[int, tuple[Modifier, ...], str]:
    """A value rolled with 0: its total without the die, its modifiers, and its factor."""
    mods = tuple(Modifier(p.split(" ", 1)[0], p.split(" ", 1)[1], C + "11.1") for p in value.parts[2:])
    return value.total, mods, value.parts[0]


def _fire_odds(fire: Fire) -> tuple[Fraction, str, tuple[Modifier, ...]]:
    attack, defence = fire.values(0, 0)
    a, a_mods, a_ff = _base(attack)
    d, d_mods, d_ff = _base(defence)
    dice = {"D6": D6, "D10": D10}
    p = win_chance(a, d, dice[fire.dice[0]], dice[fire.dice[1]])
    names = fire.pos.raid.counters
    odds = (f"{names[fire.front].name} ({a_ff}) {a} + {fire.dice[0]} against "
            f"{names[fire.target].name} ({d_ff}) {d} + {fire.dice[1]}")
    return p, odds, a_mods + tuple(Modifier(m.value, f"{m.why} (target)", m.case) for m in d_mods)


def _fire(state: State, action: dict[str, Any]) -> Preview:
    units, target, aim = list(action["units"]), action["target"], action.get("aim")
    distance = british.check_fire(state, units, target, aim)
    pos = Position(state)
    fire = Fire(pos, units, target, aim, distance)
    p, odds, mods = _fire_odds(fire)
    names = pos.raid.counters
    losses = "two losses" if pos.kind(fire.front) == "mortar" else "a loss"
    results = chances([(p, f"{names[fire.target].name} takes {losses}"), (1 - p, f"{names[fire.front].name} takes a loss")])
    zone = state.units[units[0]].zone or ""
    return Preview(odds, C + "11.1", mods, results + _tests(state, zone, _alarm_after(state, "first-fire")),
                   note=_alarm_note(state, "first-fire"))


def _round(state: State, action: dict[str, Any]) -> Preview:
    lines = assaults.lines_for(state, action)
    pos = Position(state)
    a = state.assault
    assert a is not None
    protection = pos.raid.zones[a.zone].protection
    levels = {u: pos.levels(u) for u in state.units if pos.on_map(u)}
    names = pos.raid.counters
    odds, wins = [], []
    for line in lines:
        b = pos.rating(line.british).af + support_levels(line.british_support, levels)
        g = pos.rating(line.german).af + support_levels(line.german_support, levels) + protection
        odds.append(f"{names[line.british].name} {b} + D6 against {names[line.german].name} {g} + D10")
        wins.append(win_chance(b, g, D6, D10))
    weight: dict[int, Fraction] = {}
    for hits in product((True, False), repeat=len(wins)):
        p = Fraction(1)
        for hit, w in zip(hits, wins):
            p *= w if hit else 1 - w
        n = sum(hits)
        weight[n] = weight.get(n, Fraction(0)) + p
    results = chances((p, _hits(n, len(wins))) for n, p in weight.items())
    mods = (Modifier(f"+{protection}", "cover for the Germans", C + "11.2"),) if protection else ()
    return Preview("; ".join(odds), C + "11.2", mods, results, note="each line: +1 per level in support; the loser of a line takes a loss")


def _hits(germans: int, lines: int) -> str:
    if lines == 1:
        return "the German is hit" if germans else "the commando is hit"
    return f"{germans} German{'s' if germans != 1 else ''} and {lines - germans} commando{'s' if lines - germans != 1 else ''} hit"


def _move(state: State, action: dict[str, Any]) -> Preview | None:
    units, to = list(action["units"]), action["to"]
    mover, _ = british.check_step(state, units, to)
    pos = Position(state)
    origin = state.units[units[0]].zone or ""
    name = pos.raid.zones[to].name
    raises = ("first-landing",) if mover == "landing" else ()
    if mover not in ("landing", "maritime") and pos.link(origin, to) == "landing":
        return None  # embarking: nothing rolls
    alarm = _alarm_after(state, *raises)
    results: tuple[Result, ...] = ()
    odds = f"{'landing on' if mover == 'landing' else 'entering'} {name}"
    marker = state.markers.get(to)
    if mover != "maritime" and marker in ("A", "B"):
        results += _marker(state, to, units)
        odds += f": its {marker} marker is turned over"
    elif mover != "maritime" and marker == "mines":
        results += _mines(pos, units)
        odds += ": the mines there"
    results += _tests(state, to, alarm)
    note = _alarm_note(state, *raises)
    if not results and not note:
        return None
    return Preview(odds, C + "10", results=results, note=note)


def _marker(state: State, zone: str, units: list[str]) -> tuple[Result, ...]:
    """What the marker may show: the markers of its letter not yet turned over, every one as likely (dieppe:3.1, 10)."""
    pos = Position(state)
    letter = state.markers[zone]
    pool = Counter(pos.raid.markers[m].content for m in state.marker_pools[letter])
    total = sum(pool.values())
    out = []
    for content, n in pool.items():
        p = Fraction(n, total)
        if content == "units":
            out.append((p, f"{letter} marker: Germans, an assault begins"))
        elif content == "mines":
            hit = _mine_chance(pos, units)
            out += [(p * hit, f"{letter} marker: mines, they explode (a loss)"), (p * (1 - hit), f"{letter} marker: mines, no harm")]
        else:
            out.append((p, f"{letter} marker: {content}"))
    return chances(out)


def _mine_chance(pos: Position, units: list[str]) -> Fraction:
    levels = sum(pos.levels(u) for u in units)
    return Fraction(sum(1 for r in D10 if mine_hits(r, levels)), 10)


def _mines(pos: Position, units: list[str]) -> tuple[Result, ...]:
    hit = _mine_chance(pos, units)
    return chances([(hit, "the mines explode (a loss)"), (1 - hit, "the mines do no harm")])


def _tests(state: State, zone: str, alarm: int) -> tuple[Result, ...]:
    """The activation test of each A or B marker next to zone: a D10 at or under the alarm turns it over (dieppe:10)."""
    pos = Position(state)
    p = Fraction(min(alarm + 1, 10), 10)
    return tuple(Result(f"{round(100 * p)}%", f"the {state.markers[n]} marker at {pos.raid.zones[n].name} turns over")
                 for n in pos.neighbours(zone) if state.markers.get(n) in ("A", "B"))


def _tests_only(state: State, zone: str) -> Preview | None:
    results = _tests(state, zone, state.alarm)
    return Preview(f"activation tests at alarm {state.alarm}", C + "10", results=results) if results else None


def _alarm_after(state: State, *events: str) -> int:
    seen, level = set(state.alarm_seen), state.alarm
    for e in events:
        level = raise_alarm(level, e, seen)
    return level


def _alarm_note(state: State, *events: str) -> str:
    after = _alarm_after(state, *events)
    if after == state.alarm:
        return ""
    flip = "; every A and B marker is turned over" if after >= ALARM_MAX else ""
    return f"alarm {state.alarm} -> {after} (dieppe:7){flip}"


def _events() -> Preview:
    """The unforeseen events of the crossing on a D6 (dieppe:5)."""
    return Preview("unforeseen events: D6", C + "5", results=(
        Result("1-2", "a shore battery: ships spotted (alarm +1), a D10 may sink an LCA or delay a group to turn 2"),
        Result("3-4", "a German convoy: ships spotted (alarm +1), a D10 may sink an LCA or delay a group to turn 3"),
        Result("5", "course error: Group 1 lands at C5"),
        Result("6", "course error: Group 2 lands at C6"),
    ), note=f"odd rolls also lose a wooden LCA (1-7); the first sighting raises the alarm by {ALARM_EVENTS['ships-detected']}")


def _german(state: State) -> Preview | None:
    """The German step about to be played: who fires at whom and the chances, which stack moves,
    or the reinforcement roll (dieppe:8, 9.3, 11.1)."""
    pos = Position(state)
    stage = state.german_stage
    if stage == "fire":
        choices = fire_choices(pos)
        if choices:
            return _german_fire(pos, choices)
    if stage in ("fire", "move"):
        ready = ready_to_move(pos)
        if ready:
            tied = [s for s in ready if s.levels == ready[0].levels]
            names = ", ".join(pos.raid.zones[s.zone].name for s in tied)
            return Preview(f"German movement: the stack of {ready[0].levels} levels at {names} moves next", C + "9.3",
                           results=chances((Fraction(1, len(tied)), f"{pos.raid.zones[s.zone].name} moves") for s in tied),
                           note="a die settles a tie" if len(tied) > 1 else "")
    return _reinforcements(state, pos)


def _german_fire(pos: Position, choices: list) -> Preview:
    out: list[tuple[Fraction, str]] = []
    odds: list[str] = []
    mods: tuple[Modifier, ...] = ()
    for shooter, targets in choices:
        fresh = [u for u in pos.germans(shooter.zone) if not pos.state.units[u].done]
        for target in targets:
            fire = Fire(pos, fresh, target.zone)
            p, line, mods = _fire_odds(fire)
            odds.append(line)
            share = Fraction(1, len(choices) * len(targets))
            where = pos.raid.zones[target.zone].name
            out += [(share * p, f"the British at {where} take a loss"), (share * (1 - p), f"the Germans at {pos.raid.zones[shooter.zone].name} take a loss")]
    note = "a die settles which stack fires or which target it picks" if len(odds) > 1 else ""
    return Preview("German fire: " + "; or ".join(odds), C + "11.1", mods if len(odds) == 1 else (), chances(out), note=note)


def _reinforcements(state: State, pos: Position) -> Preview | None:
    pool = [u for u, s in state.units.items() if s.status == "pool" and pos.counter(u).start == "pool-R"]
    if state.alarm < TWO_ACTIONS or not pool:
        return None
    if state.pending_arrival:
        zone = state.pending_arrival["zone"]
        return Preview(f"German reinforcements: {state.pending_arrival['count']} unit(s) come at {pos.raid.zones[zone].name}",
                       C + "8", hidden="which units come is drawn from the container")
    come = Fraction(state.alarm, 10)
    results = chances([(1 - come, "no reinforcements")] + [(come / 3, f"{n} unit{'s' if n > 1 else ''} enter") for n in (1, 2, 3)])
    return Preview(f"German reinforcements: D10 under the alarm ({state.alarm}) brings them", C + "8", results=results,
                   note="a D10 picks the entry zone R0-R9; units blocked by commandos come next turn",
                   hidden="which units come is drawn from the container")
