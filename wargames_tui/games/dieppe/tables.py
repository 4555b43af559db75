"""The Dieppe rules that are small tables: alarm, activation, mines, wire, reinforcements, victory.

Pure functions of the situation and the dice rolled (dieppe 7, 8, 10, 12).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

ALARM_MAX = 9
# dieppe 7: what raises the alarm, and by how much. "first-*" events count only once.
ALARM_EVENTS = {
    "first-landing": 1,
    "first-fire": 1,
    "explosion": 1,  # mines or a Bangalore torpedo, every time
    "first-assault": 2,
    "first-a": 1,  # the first A marker revealing units
    "first-b": 2,
    "ships-detected": 1,
}


def raise_alarm(level: int, event: str, seen: set[str]) -> int:
    """The alarm after event; first-time events that already happened add nothing (dieppe 7)."""
    if event.startswith("first-") or event == "ships-detected":
        if event in seen:
            return level
        seen.add(event)
    return min(ALARM_MAX, level + ALARM_EVENTS[event])


def activates(alarm: int, d10: int) -> bool:
    """A marker next to a British unit turns over on a D10 at or under the alarm level (dieppe 10)."""
    return d10 <= alarm


def mine_hits(d10: int, levels: int) -> bool:
    """Mines reduce the front unit on D10 + stacking levels of 8 or more (dieppe 10)."""
    return d10 + levels >= 8


def bangalore_clears(d10: int) -> bool:
    """A Bangalore torpedo clears the wire on an even D10 (dieppe 10)."""
    return d10 % 2 == 0


@dataclass(frozen=True)
class Arrival:
    zone: str
    count: int


def reinforcements(alarm: int, arrival_d10: int, zone_d10: int, count_d6: int) -> Arrival | None:
    """From alarm 6: a D10 under the alarm brings 1-3 units into zone R0-R9 (dieppe 8)."""
    if alarm < 6 or arrival_d10 >= alarm:
        return None
    return Arrival(f"R{zone_d10}", (count_d6 + 1) // 2)


def next_entry_zone(zone: str) -> str:
    """Where a blocked arrival comes the next turn: the next R zone, R9 wrapping to R0 (dieppe 8)."""
    return f"R{(int(zone[1:]) + 1) % 10}"


@dataclass(frozen=True)
class Tally:
    guns_destroyed: int  # 155 mm counters eliminated, of 2
    battery_turn: int | None  # the turn the last one fell
    telephone_cut: bool
    prisoner: str | None  # None, "unit" or "officer", brought home
    levels_left_behind: int  # commando levels not in Newhaven at the end
    lost_officers: tuple[str, ...]  # "lovat", "mills-roberts"
    flak_and_pillboxes: int

    def points(self) -> dict[str, int]:
        """Each line of the victory tally (dieppe 12)."""
        lines = {
            "Hess battery guns": 10 * self.guns_destroyed,
            "battery timetable": self._timetable(),
            "telephone line": 2 if self.telephone_cut else 0,
            "prisoner": {"unit": 2, "officer": 4}.get(self.prisoner or "", 0),
            "commandos not home": -self.levels_left_behind,
            "officers lost": -sum({"lovat": 5, "mills-roberts": 3}[o] for o in self.lost_officers),
            "flak and pillboxes": self.flak_and_pillboxes,
        }
        return lines

    def _timetable(self) -> int:
        if self.guns_destroyed < 2 or self.battery_turn is None:
            return 0
        if self.battery_turn <= 5:
            return 5
        return 2 if self.battery_turn <= 8 else 0

    def outcome(self) -> tuple[int, str]:
        total = sum(self.points().values())
        if total >= 20:
            return total, "complete success"
        if total >= 10:
            return total, "semi success"
        return total, "failure"


@dataclass
class Unforeseen:
    """What the turn-1 random events do to the British (dieppe 5)."""

    alarm: int = 0
    lca_lost: list[int] = field(default_factory=list)
    delayed: dict[str, int] = field(default_factory=dict)  # group -> first turn it may land
    diverted: dict[str, str] = field(default_factory=dict)  # group -> the beach it lands on


def unforeseen(d6: int, d10: Callable[[], int]) -> Unforeseen:
    """The turn-1 random events for a D6 result; d10() rolls each further D10 the events call for."""
    result = Unforeseen()
    if d6 <= 4:  # (a) the Saint-Valery battery, or (b) a German convoy: the ships are spotted
        result.alarm += 1
        roll = d10()
        late = 2 if d6 <= 2 else 3
        if 1 <= roll <= 7:
            result.lca_lost.append(roll)
        elif roll == 8:
            result.delayed["G1"] = late
        elif roll == 9:
            result.delayed["G2"] = late
    else:  # (c) a course error
        result.diverted = {"G1": "C5"} if d6 == 5 else {"G2": "C6"}
    if d6 % 2 == 1:  # (d) a wooden landing craft breaks down: an LCA numbered 1-7 is lost
        roll = d10()
        while not 1 <= roll <= 7:
            roll = d10()
        result.lca_lost.append(roll)
    return result


TOUGHER = ("bad-luck", "alarm", "vorwarts")  # A Tougher Nut to Crack: optional rules 1, 2 and 3 (dieppe 13)
LEVELS = {"standard": 0, "green": 1, "hardened": 2, "seasoned": 3}  # a level applies the first n of them
OPTIONS = {**{k: ["off", "on"] for k in TOUGHER}, "level": list(LEVELS)}


def with_level(options: dict[str, str]) -> dict[str, str]:
    """The options with the optional rules the level of difficulty applies turned on (dieppe 13)."""
    implied = TOUGHER[: LEVELS[options.get("level", "standard")]]
    return {**options, **{k: "on" for k in implied}}


def starting_alarm(options: dict[str, str]) -> int:
    """Alarm!: the alarm starts at 2 instead of 0 (dieppe 13)."""
    return 2 if options.get("alarm") == "on" else 0


def german_mp(mp: int, options: dict[str, str]) -> int:
    """Vorwärts!: every German unit that can move has 4 MP (dieppe 13)."""
    return 4 if options.get("vorwarts") == "on" and mp > 0 else mp


def revealed_infantry(count: int, first_of_its_letter: bool, options: dict[str, str], fits: int) -> int:
    """Bad luck!: the first A and the first B marker revealing infantry show twice as many, as far
    as the zone's stacking allows (fits: how many infantry units it can still take) (dieppe 13)."""
    if options.get("bad-luck") == "on" and first_of_its_letter:
        return max(count, min(count * 2, fits))
    return count


def difficulty(options: dict[str, str]) -> str:
    """The level of difficulty the optional rules in force make (dieppe 13): standard, a named
    level, or custom for another mix."""
    on = tuple(k for k in TOUGHER if options.get(k) == "on")
    level = next((name for name, n in LEVELS.items() if TOUGHER[:n] == on), "custom")
    return level if level in ("standard", "custom") else f"{level} commando"
