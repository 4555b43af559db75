"""An assault from start to end: the columns, the rounds, stopping, prisoners (dieppe:11.2, 12)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.games.dieppe.assault import Line, case_one, case_two, german_column, support_levels
from wargames_tui.games.dieppe.combat import assault_values
from wargames_tui.games.dieppe.effects import adjacent_tests, alarm, cut_telephone, d10, eliminate, lose_level, place
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.state import WALK_IN, Assault, State

PRISONER_KINDS = ("infantry", "machine_gun", "officer")


def start(
    state: State, units: list[str], origin: str, zone: str, dice: Dice, events: list[Event], aboard: dict[str, str] | None = None
) -> None:
    """The stack goes into zone and the assault begins (dieppe:11.2). A stack that walked in
    (aboard given) runs into it as part of its move: one action, not two (reading 32)."""
    pos = Position(state)
    for u in units:
        place(state, u, zone)
        state.units[u].halted = True
        if aboard is not None and WALK_IN not in state.units[u].actions:
            state.units[u].actions.append(WALK_IN)
    state.assault = Assault(zone, origin, {u: a for u, a in (aboard or {}).items() if a}, list(units))
    events.append(Event("combat", f"Assault on {pos.raid.zones[zone].name} (dieppe:11.2)", {"zone": zone}))
    alarm(state, "first-assault", dice, events)
    if not _commandos(state):
        withdraw(state, dice, events, "no commando to lead an assault")


def _commandos(state: State) -> list[str]:
    pos = Position(state)
    a = state.assault
    assert a is not None
    return [u for u in a.british if pos.on_map(u) and pos.kind(u) == "commando"]


def _fighters(pos: Position, units: list[str]) -> list[tuple[str, int, int]]:
    return [(u, pos.rating(u).af, pos.levels(u)) for u in units]


def lines_for(state: State, action: Action) -> list[Line]:
    """The two columns as action places them, checked against cases 1 and 2 (dieppe:11.2)."""
    pos = Position(state)
    a = state.assault
    if a is None:
        raise IllegalAction("no assault is under way", "dieppe:11.2")
    british = _commandos(state)
    germans = _fighters(pos, pos.germans(a.zone))
    contacts = list(action.get("contacts", []))
    supports = {k: list(v) for k, v in dict(action.get("supports", {})).items()}
    placed = contacts + [u for v in supports.values() for u in v]
    if sorted(placed) != sorted(british) or len(set(placed)) != len(placed):
        raise IllegalAction("place every commando of the assault exactly once", "dieppe:11.2")
    if len(british) >= len(germans):
        if set(supports) - set(contacts):
            raise IllegalAction("supports stand behind a commando in contact", "dieppe:11.2")
        try:
            return case_one(germans, contacts, supports)
        except ValueError as exc:
            raise IllegalAction(str(exc), "dieppe:11.2") from None
    if supports:
        raise IllegalAction("with more Germans than commandos every commando is in contact", "dieppe:11.2")
    return case_two(contacts, germans)


def fight_round(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    """One round: each line fights from the top down, results at once (dieppe:11.2)."""
    lines = lines_for(state, action)
    a = state.assault
    assert a is not None
    a.round += 1
    pos = Position(state)
    protection = pos.raid.zones[a.zone].protection
    levels = {u: pos.levels(u) for u in list(state.units) if pos.on_map(u)}
    names = pos.raid.counters
    events.append(Event("combat", f"Assault round {a.round} at {pos.raid.zones[a.zone].name}: {len(lines)} line(s) (dieppe:11.2)"))
    for n, line in enumerate(lines, 1):
        b, g = pos.rating(line.british).af, pos.rating(line.german).af
        d6, roll = dice.roll(6), d10(dice)
        bs, gs = support_levels(line.british_support, levels), support_levels(line.german_support, levels)
        attack, defence = assault_values(b, bs, d6, g, gs, roll, protection)
        hit = attack >= defence
        events.append(
            Event(
                "combat",
                f"Line {n}: {names[line.british].name} AF {b} +{bs} support, D6 {d6} = {attack} against "
                f"{names[line.german].name} AF {g} +{gs} support, D10 {roll}, +{protection} cover = {defence}: "
                f"{'the German is hit' if hit else 'the commando is hit'}",
                {"attack": attack, "defence": defence, "hit": hit},
            )
        )
        lose_level(state, line.german if hit else line.british, dice, events, by_assault=True)
    _after_round(state, dice, events)


def _after_round(state: State, dice: Dice, events: list[Event]) -> None:
    a = state.assault
    if a is None:  # the battery fell and every marker turned over; the assault was won
        return
    pos = Position(state)
    name = pos.raid.zones[a.zone].name
    if not pos.germans(a.zone):
        events.append(Event("combat", f"{name} is taken; the commandos stay and enjoy a cup of tea (dieppe:11.2)"))
        _won(state, a.zone, dice, events)
    elif not _commandos(state):
        lost = [u for u in a.british if pos.on_map(u)]
        for u in lost:  # officers, sniper or mortar left without commandos are taken
            eliminate(state, u, dice, events)
        events.append(Event("combat", f"The Germans hold {name} (dieppe:11.2)"))
        state.assault = None


def _won(state: State, zone: str, dice: Dice, events: list[Event]) -> None:
    """The zone is the commandos': the line may be cut here, and the zones around are tested (dieppe:10, 12)."""
    state.assault = None
    cut_telephone(state, zone, events)
    adjacent_tests(state, zone, dice, events)


def withdraw(state: State, dice: Dice, events: list[Event], why: str = "the player stops the assault") -> None:
    """The commandos left go back where they came from (dieppe:11.2)."""
    a = state.assault
    if a is None:
        raise IllegalAction("no assault is under way", "dieppe:11.2")
    pos = Position(state)
    for u in a.british:
        if pos.on_map(u):
            lca = a.aboard.get(u)
            back = lca if lca and pos.on_map(lca) and state.units[lca].zone == a.origin else None
            place(state, u, a.origin, back)
    events.append(Event("combat", f"{why.capitalize()}: back to {pos.raid.zones[a.origin].name} (dieppe:11.2)"))
    state.assault = None
    if any(pos.on_map(u) for u in a.british):
        adjacent_tests(state, a.origin, dice, events)


def check_prisoner(state: State, escort: str) -> str:
    a = state.assault
    if a is None or a.round < 1:
        raise IllegalAction("a prisoner is taken at the end of an assault round", "dieppe:11.2")
    if state.prisoner_taken:
        raise IllegalAction("only one prisoner may be taken in a game", "dieppe:12")
    pos = Position(state)
    left = pos.germans(a.zone)
    if len(left) != 1 or pos.levels(left[0]) > 1 or pos.kind(left[0]) not in PRISONER_KINDS:
        raise IllegalAction("only a last German unit of one level (reduced infantry, machine gun, officer) surrenders", "dieppe:12")
    if escort not in _commandos(state):
        raise IllegalAction("a commando of the assault must take the prisoner", "dieppe:12")
    if pos.british_levels(a.zone) + pos.levels(left[0]) > pos.limit(a.zone):
        raise IllegalAction("the prisoner counts for stacking and there is no room for him", "dieppe:12")
    return left[0]


def take_prisoner(state: State, escort: str, dice: Dice, events: list[Event]) -> None:
    uid = check_prisoner(state, escort)
    pos = Position(state)
    a = state.assault
    assert a is not None
    s = state.units[uid]
    s.status, s.zone, s.aboard = "prisoner", a.zone, None
    state.prisoner, state.escort, state.prisoner_taken = uid, escort, True
    events.append(Event("victory", f"{pos.raid.counters[uid].name} surrenders to {pos.raid.counters[escort].name} (dieppe:12)"))
    _won(state, a.zone, dice, events)


def candidates(state: State) -> list[Action]:
    """Ways to line up the next round, and stopping or taking a prisoner once a round is fought."""
    a = state.assault
    assert a is not None
    pos = Position(state)
    out = [{"type": "assault-round", **lineup} for lineup in lineups(pos, _commandos(state), pos.germans(a.zone))]
    if a.round >= 1:
        out.append({"type": "withdraw"})
        for escort in _commandos(state):
            try:
                check_prisoner(state, escort)
            except IllegalAction:
                break
            out.append({"type": "take-prisoner", "escort": escort})
    return out


def lineups(pos: Position, british: list[str], germans: list[str]) -> list[dict]:
    """A few sensible placements: the player may name any other (dieppe:11.2)."""
    strong = sorted(british, key=lambda u: (-pos.rating(u).af, -pos.levels(u), u))
    column = [g[0] for g in german_column(_fighters(pos, germans))]
    if len(strong) < len(column):
        orders = [strong, strong[::-1]] if len(strong) > 1 else [strong]
        return [{"contacts": order, "supports": {}} for order in orders]
    contacts, spare = strong[: len(column)], strong[len(column) :]
    spread: dict[str, list[str]] = {}
    for i, u in enumerate(spare):
        spread.setdefault(contacts[i % len(contacts)], []).append(u)
    out = [{"contacts": contacts, "supports": spread}]
    if spare and len(contacts) > 1:  # massed behind one line; one spare commando is spread already
        out += [m for m in ({"contacts": contacts, "supports": {c: spare}} for c in contacts) if m not in out]
    return out
