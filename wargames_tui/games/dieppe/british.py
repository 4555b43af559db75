"""The British player's actions (dieppe:6, 9, 10, 11): what each checks, what it does.

Every check raises IllegalAction with the reason and the rule case; the same checks
decide which actions the prompt lists, so a listed action is always legal.
"""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.games.dieppe import assaults
from wargames_tui.games.dieppe.effects import adjacent_tests, alarm, cut_telephone, d10, mines, place, reveal
from wargames_tui.games.dieppe.firing import resolve_fire, targets_in
from wargames_tui.games.dieppe.position import FOOT_LINKS, Position
from wargames_tui.games.dieppe.state import Move, State
from wargames_tui.games.dieppe.tables import bangalore_clears

LCA_CAPACITY = 8  # levels under one LCA (dieppe:3.3)
SOLO = ("sniper", "mortar")  # they fire alone, without stack or officer bonus (dieppe:11.1)
ASSAULT_KINDS = ("commando", "officer", "sniper", "mortar")  # commandos lead, the others follow (dieppe:9.2, 11.2)


def _stack_zone(pos: Position, units: list[str]) -> str:
    """The zone a group of British units stands in together; anything else is refused."""
    if not units or len(set(units)) != len(units):
        raise IllegalAction("name one or more different units", "dieppe:6")
    zones = set()
    for u in units:
        if u not in pos.state.units or pos.side(u) != "british" or not pos.on_map(u):
            raise IllegalAction(f"{u} is not a British unit on the map", "dieppe:6")
        zones.add(pos.state.units[u].zone)
    if len(zones) != 1:
        raise IllegalAction("the units must be in one zone to act together", "dieppe:2.2")
    return zones.pop()  # type: ignore[return-value]


def check_may_act(state: State, units: list[str], kind: str) -> None:
    """Two different actions per unit a turn, one stack at a time (dieppe:6, 11)."""
    for u in units:
        s = state.units[u]
        if s.done:
            raise IllegalAction(f"{u} has finished its actions this turn (Job Done)", "dieppe:6")
        if s.made(kind):
            raise IllegalAction(f"{u} has already made a {kind} action this turn", "dieppe:6")
        if s.action_count() >= 2:
            raise IllegalAction(f"{u} has made its two actions this turn", "dieppe:6")
    party = set(state.party)
    if party and not set(units) <= party and (set(units) & party or any(state.units[u].actions for u in units)):
        raise IllegalAction("a unit or stack must finish its actions before other units act", "dieppe:6")


def begin(state: State, units: list[str], kind: str) -> None:
    """Record an action: a new stack acting puts Job Done on the one before (dieppe:6)."""
    if not set(units) <= set(state.party):
        close_party(state)
        state.party = list(units)
    for u in units:
        state.units[u].actions.append(kind)


def close_party(state: State) -> None:
    for u in state.party:
        if u in state.units:
            state.units[u].done = True
    state.party = []


def settle_party(state: State) -> None:
    """A stack whose units have all made two actions is done (dieppe:6)."""
    if state.party and all(state.units[u].action_count() >= 2 for u in state.party):
        close_party(state)


# --- movement (dieppe:9) ----------------------------------------------------------------
def _mover_kind(pos: Position, units: list[str]) -> str:
    lcas = [u for u in units if pos.kind(u) == "lca"]
    if lcas and len(lcas) != len(units):
        raise IllegalAction("LCA sail on their own; their passengers ride under them", "dieppe:9")
    if lcas:
        return "maritime"
    aboard = {pos.state.units[u].aboard is not None for u in units}
    if len(aboard) != 1:
        raise IllegalAction("units aboard and ashore cannot move as one stack", "dieppe:9.2")
    return "landing" if aboard.pop() else "land"


def allowance(pos: Position, uid: str) -> int:
    """MP for a move: the counter's, +1 for infantry with an officer at the start (dieppe:9.1)."""
    mp = pos.rating(uid).mp
    if pos.kind(uid) != "commando":
        return mp
    s = pos.state.units[uid]
    with_officer = any(
        pos.kind(o) == "officer" and pos.side(o) == "british" and pos.state.units[o].zone == s.zone and pos.state.units[o].aboard == s.aboard
        for o, os in pos.state.units.items()
        if os.status == "map"
    )
    return mp + (1 if with_officer else 0)


def _exit_cost(pos: Position, zone: str) -> int:
    costs = [pos.raid.graph.kind(zone, n).cost for n in pos.neighbours(zone) if pos.link(zone, n) in ("road", "track")]
    return min((c for c in costs if c is not None), default=99)


def _embark_plan(pos: Position, units: list[str], zone: str) -> dict[str, str]:
    """Put each embarking unit under an LCA in zone with room, biggest first (dieppe:3.3, 9.2)."""
    room = {lca: LCA_CAPACITY - pos.cargo_levels(lca) for lca in pos.lcas(zone)}
    if not room:
        raise IllegalAction(f"no LCA waits in {pos.raid.zones[zone].name} to take them aboard", "dieppe:9.2")

    def size(u: str) -> int:
        return pos.levels(u) + (pos.levels(pos.state.prisoner) if pos.state.escort == u and pos.state.prisoner else 0)

    plan = {}
    for u in sorted(units, key=lambda u: (-size(u), u)):
        lca = max(sorted(room), key=lambda k: room[k])
        if room[lca] < size(u):
            raise IllegalAction("the LCA there have no room for them all (8 levels under each)", "dieppe:3.3")
        plan[u] = lca
        room[lca] -= size(u)
    return plan


def check_step(state: State, units: list[str], to: str) -> tuple[str, int]:
    """Whether units (moving now, or starting a move) may step to `to`; returns (kind, cost)."""
    pos = Position(state)
    zone = _stack_zone(pos, units)
    if state.assault or (state.move and state.move.wire):
        raise IllegalAction("finish the assault or the barbed wire first", "dieppe:10")
    if to not in pos.raid.zones:
        raise IllegalAction(f"no zone {to!r}", "dieppe:9")
    mover = _mover_kind(pos, units)
    link = pos.link(zone, to)
    where = pos.raid.zones[to]
    if state.move and set(units) <= set(state.move.units):
        mp = {u: state.move.mp[u] for u in units}
        left = [u for u in state.move.units if u not in units]
        if left and pos.is_land(zone) and pos.british_levels(zone) - _party_levels(pos, units) > pos.limit(zone):
            raise IllegalAction(f"the units left behind would overfill {pos.raid.zones[zone].name}", "dieppe:2.2")
    else:
        if state.move:
            raise IllegalAction("stop the stack that is moving before another moves", "dieppe:6")
        check_may_act(state, units, action_kind(mover, link))
        if any(state.units[u].halted for u in units):
            raise IllegalAction("a stack stopped by a marker, the enemy or wire may not move again this turn", "dieppe:9.2")
        mp = {u: allowance(pos, u) for u in units}
    if mover == "maritime":
        if link != "sea":
            raise IllegalAction("LCA move only along the sea lanes", "dieppe:9")
    elif mover == "landing":
        if link != "landing" or where.kind != "beach":
            raise IllegalAction("units aboard can only land on a beach linked to their zone", "dieppe:9.2")
        _check_landing(pos, units, to)
    else:
        if link not in FOOT_LINKS:
            raise IllegalAction(f"no way on foot from {pos.raid.zones[zone].name} to {where.name}", "dieppe:9")
        if link == "landing":
            _embark_plan(pos, units, to)
    cost = pos.raid.graph.kind(zone, to).cost or 0
    short = [u for u in units if mp[u] < cost]
    if short:
        raise IllegalAction(f"{', '.join(short)} lack the {cost} MP to go there", "dieppe:9")
    if (
        mover == "maritime"
        and len(pos.lcas(to)) + len(units) > pos.limit(to)
        and not _can_settle(pos, len(units), to, min(mp.values()) - cost, sea=True)
    ):
        raise IllegalAction(f"{where.name} may hold {pos.limit(to)} LCA and these have no MP to sail on", "dieppe:1.2")
    if mover != "maritime" and where.kind != "waiting":
        _check_entry(pos, units, to, {u: mp[u] - cost for u in units})
    return mover, cost


def action_kind(mover: str, link: str | None) -> str:
    """Which of the six actions a first step starts: embarking is one of its own (dieppe:6)."""
    if mover == "maritime":
        return "maritime"
    return "embark" if mover == "land" and link == "landing" else "move"


def _check_landing(pos: Position, units: list[str], beach: str) -> None:
    state = pos.state
    for u in units:
        group = pos.counter(u).group
        if state.turn < state.delayed.get(group, 0):
            raise IllegalAction(f"Group {group[1]} cannot land before turn {state.delayed[group]}", "dieppe:5")
        if state.turn == 1 and group in state.diverted and beach != state.diverted[group]:
            raise IllegalAction(f"a course error puts Group {group[1]} ashore at {state.diverted[group]} on turn 1", "dieppe:5")
        if state.units[u].reembarked:
            raise IllegalAction(f"{u} has embarked again and may not land again", "dieppe:9.2")


def _check_entry(pos: Position, units: list[str], to: str, left: dict[str, int]) -> None:
    name = pos.raid.zones[to].name
    if pos.germans(to):
        raise IllegalAction(f"Germans hold {name}: only an assault goes in", "dieppe:11.2")
    marker = pos.state.markers.get(to)
    stops = marker in ("A", "B", "wire")
    if stops and pos.state.escort in units:
        raise IllegalAction("the escort stays with his prisoner: he may not walk into unknown ground", "dieppe:12")
    if marker and not any(pos.kind(u) in ("commando", "mortar") for u in units):
        raise IllegalAction("officers and the sniper may not go alone where the enemy may be", "dieppe:9.2")
    origin = pos.state.units[units[0]].zone or ""
    if stops and pos.is_land(origin) and pos.british_levels(origin) > pos.limit(origin):
        raise IllegalAction(f"the stack could not fall back to an overfull {pos.raid.zones[origin].name} from an assault", "dieppe:2.2")
    party = _party_levels(pos, units)
    if party + pos.british_levels(to) > pos.limit(to) and (stops or not _can_settle(pos, party, to, min(left.values()))):
        raise IllegalAction(f"{name} would hold too many levels (at most {pos.limit(to)}) with no room further on", "dieppe:2.2")


def _party_levels(pos: Position, units: list[str]) -> int:
    levels = sum(pos.levels(u) for u in units)
    if pos.state.escort in units and pos.state.prisoner:
        levels += pos.levels(pos.state.prisoner)
    return levels


def _can_settle(pos: Position, party: int, zone: str, mp: int, sea: bool = False) -> bool:
    """Whether a stack passing through zone over the limit can still reach a zone with room (dieppe:1.2, 2.2).

    party counts levels ashore, LCA at sea."""
    for n in pos.neighbours(zone):
        link = pos.raid.graph.kind(zone, n)
        if link.name not in (("sea",) if sea else ("road", "track")) or (link.cost or 0) > mp or pos.germans(n):
            continue
        if party + (len(pos.lcas(n)) if sea else pos.british_levels(n)) <= pos.limit(n):
            return True
        if pos.state.markers.get(n) not in ("A", "B") and _can_settle(pos, party, n, mp - (link.cost or 0), sea):
            return True
    return False


def step(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    units, to = list(action["units"]), action["to"]
    mover, cost = check_step(state, units, to)
    pos = Position(state)
    origin = state.units[units[0]].zone or ""
    before = {u: state.units[u].aboard or "" for u in units}
    if not (state.move and set(units) <= set(state.move.units)):
        begin(state, units, action_kind(mover, pos.link(origin, to)))
        state.move = Move(units, origin, {u: allowance(pos, u) for u in units})
    move = state.move
    assert move is not None
    move.units = units
    move.mp = {u: move.mp[u] - cost for u in units}
    move.zone = to
    name = pos.raid.zones[to].name
    if mover == "landing":
        for u in units:
            place(state, u, to)
        events.append(Event("move", f"{_names(pos, units)} land on {name} ({cost} MP) (dieppe:9.2)"))
        alarm(state, "first-landing", dice, events)
    elif pos.link(origin, to) == "landing":
        for u, lca in _embark_plan(pos, units, to).items():
            place(state, u, to, lca)
            state.units[u].reembarked = True
        events.append(Event("move", f"{_names(pos, units)} embark at {name} (dieppe:9.2)"))
        state.move = None
        return
    else:
        for u in units:
            place(state, u, to, state.units[u].aboard if mover == "maritime" else None)
        events.append(Event("move", f"{_names(pos, units)} move to {name} ({cost} MP)"))
    if mover == "maritime":
        adjacent_tests(state, to, dice, events)  # sailing next to a marker is an action there too (dieppe:10)
        return
    _arrive(state, units, origin, to, before, dice, events)


def _arrive(
    state: State, units: list[str], origin: str, to: str, aboard: dict[str, str], dice: Dice, events: list[Event]
) -> None:
    """Telephone, markers, mines, wire and the activation tests on entering a zone (dieppe:9.2, 10, 12)."""
    marker = state.markers.get(to)
    if marker in ("A", "B"):
        for u in units:
            state.units[u].halted = True
        marker = reveal(state, to, dice, events)
        if marker == "units":
            state.move = None
            assaults.start(state, units, origin, to, dice, events, aboard)
            return
        if marker == "mines":
            mines(state, units, to, dice, events)
            state.move = None
    elif marker == "mines":
        mines(state, units, to, dice, events)
    if state.markers.get(to) == "wire" and state.move:
        state.move.wire = True
        events.append(Event("move", "Barbed wire: halt here, or try a Bangalore torpedo (dieppe:10)"))
    cut_telephone(state, to, events)
    adjacent_tests(state, to, dice, events)
    if state.move and not state.move.wire and not _can_go_on(state):
        state.move = None


def _can_go_on(state: State) -> bool:
    move = state.move
    assert move is not None
    pos = Position(state)
    if not move.units or any(state.units[u].halted for u in move.units):
        return False
    return min(move.mp.values()) >= min(_exit_cost(pos, move.zone), 2)


def check_stop(state: State) -> None:
    """A stack may end its move only where stacking allows (dieppe:1.2, 2.2)."""
    move = state.move
    if move is None:
        return
    pos = Position(state)
    zone = move.zone
    if pos.is_land(zone) and not _legal_steps(state, pos, move.units, zone):
        return  # Germans turned up on the only way on: the excess stays until the stack moves again
    if pos.is_land(zone) and pos.british_levels(zone) > pos.limit(zone):
        raise IllegalAction(f"{pos.raid.zones[zone].name} holds {pos.british_levels(zone)} levels, at most {pos.limit(zone)}: move on", "dieppe:2.2")
    if not pos.is_land(zone) and len(pos.lcas(zone)) > pos.limit(zone):
        raise IllegalAction(f"{pos.raid.zones[zone].name} may hold {pos.limit(zone)} LCA: sail on", "dieppe:1.2")


def stop(state: State) -> None:
    """End the movement under way."""
    check_stop(state)
    state.move = None


def wire(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    """Halt at the wire, or blow it with a Bangalore torpedo: an even D10 clears it (dieppe:10)."""
    move = state.move
    if not move or not move.wire:
        raise IllegalAction("no barbed wire stops a stack now", "dieppe:10")
    move.wire = False
    if action["type"] == "halt":
        for u in move.units:
            state.units[u].halted = True
        state.move = None
        events.append(Event("move", "The stack halts at the wire for this turn (dieppe:10)"))
        return
    roll = d10(dice)
    zone = move.zone
    alarm(state, "explosion", dice, events)
    if bangalore_clears(roll):
        state.markers.pop(zone, None)
        for u in move.units:
            state.units[u].halted = False  # through the gap, the stack may go on
        events.append(Event("combat", f"Bangalore torpedo: D10 {roll}, the wire is cleared (dieppe:10)"))
        if state.move and not _can_go_on(state):
            state.move = None
    else:
        for u in move.units:
            state.units[u].halted = True
        state.move = None
        events.append(Event("combat", f"Bangalore torpedo: D10 {roll}, the wire holds; the stack halts for this turn (dieppe:10)"))


# --- fire and assault (dieppe:11) -------------------------------------------------------
def check_fire(state: State, units: list[str], target: str, aim: str | None) -> int:
    """Whether units may fire on target; returns the range (dieppe:11, 11.1)."""
    pos = Position(state)
    zone = _stack_zone(pos, units)
    if state.move or state.assault:
        raise IllegalAction("finish the movement or assault under way first", "dieppe:6")
    if any(state.units[u].aboard for u in units):
        raise IllegalAction("units aboard an LCA cannot fire", "dieppe:11")
    check_may_act(state, units, "fire")
    solo = [u for u in units if pos.kind(u) in SOLO]
    if solo and len(units) > 1:
        raise IllegalAction("the sniper and the mortar fire on their own", "dieppe:11.1")
    if target not in pos.raid.zones:
        raise IllegalAction(f"no zone {target!r}", "dieppe:11.1")
    distance = pos.raid.graph.radius(zone, target)
    reach = 2 if solo and pos.kind(solo[0]) == "mortar" else 1
    if distance is None or not 1 <= distance <= reach:
        raise IllegalAction(f"{pos.raid.zones[target].name} is out of range (R = {reach})", "dieppe:11")
    if state.markers.get(target) in ("A", "B"):
        raise IllegalAction("no fire on a zone whose marker has not been turned over", "dieppe:11.1")
    germans = pos.germans(target)
    if not [g for g in germans if pos.kind(g) != "gun155"]:
        raise IllegalAction("no German there that fire can hit (the guns fall only to an assault)", "dieppe:12")
    if aim is not None:
        if not solo or pos.kind(solo[0]) != "sniper":
            raise IllegalAction("only the sniper picks his target in a stack", "dieppe:11.1")
        if aim not in germans or pos.kind(aim) == "gun155":
            raise IllegalAction(f"{aim} is not a target in {pos.raid.zones[target].name}", "dieppe:11.1")
    return distance


def fire(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    units, target, aim = list(action["units"]), action["target"], action.get("aim")
    distance = check_fire(state, units, target, aim)
    zone = state.units[units[0]].zone or ""
    begin(state, units, "fire")
    resolve_fire(state, units, target, dice, events, aim, distance)
    adjacent_tests(state, zone, dice, events)
    settle_party(state)


def check_assault(state: State, units: list[str], target: str) -> None:
    pos = Position(state)
    zone = _stack_zone(pos, units)
    if state.move or state.assault:
        raise IllegalAction("finish the movement or assault under way first", "dieppe:6")
    if any(pos.kind(u) not in ASSAULT_KINDS or state.units[u].aboard for u in units):
        raise IllegalAction("only units ashore may go into an assault", "dieppe:11.2")
    if not any(pos.kind(u) == "commando" for u in units):
        raise IllegalAction("only commandos lead an assault; officers, the sniper and the mortar go in with them", "dieppe:9.2")
    if state.escort in units:
        raise IllegalAction("the escort stays with his prisoner", "dieppe:12")
    check_may_act(state, units, "assault")
    if any(state.units[u].halted for u in units):
        raise IllegalAction("a stack stopped this turn may not move into another zone", "dieppe:9.2")
    if target not in pos.raid.zones or pos.link(zone, target) not in ("road", "track"):
        raise IllegalAction("an assault goes in along a road or track to the next zone", "dieppe:11.2")
    if not pos.germans(target):
        raise IllegalAction(f"no German unit in {pos.raid.zones[target].name} to assault", "dieppe:11.2")
    levels = _party_levels(pos, units)
    if levels > pos.limit(target):
        raise IllegalAction(f"{levels} levels may not go in: at most {pos.limit(target)} a side", "dieppe:1.2")


def assault(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    units, target = list(action["units"]), action["target"]
    check_assault(state, units, target)
    zone = state.units[units[0]].zone or ""
    begin(state, units, "assault")
    assaults.start(state, units, zone, target, dice, events)


def _names(pos: Position, units: list[str]) -> str:
    names = [pos.raid.counters[u].name for u in units]
    return names[0] if len(names) == 1 else f"{len(names)} units"


# --- what the prompt offers ---------------------------------------------------------------
def candidates(state: State) -> list[Action]:
    """The legal British actions, for whole stacks (the player may name part of a stack)."""
    if state.assault:
        return assaults.candidates(state)
    if state.move and state.move.wire:
        return [{"type": "bangalore"}, {"type": "halt"}]
    pos = Position(state)
    out: list[Action] = []
    if state.move:
        move = state.move
        out += _legal_steps(state, pos, move.units, move.zone)
        if _ok(check_stop, state):
            out.append({"type": "stop"})
        return out
    for zone in pos.british_zones():
        for group in _groups(pos, pos.british(zone)):
            out += _legal_steps(state, pos, group, zone)
            out += _legal_fires(state, pos, group, zone)
            out += _legal_assaults(state, pos, group, zone)
        for lca in pos.lcas(zone):
            for group in _groups(pos, pos.aboard(lca)):
                out += _legal_steps(state, pos, group, zone)
    return out


def _groups(pos: Position, units: list[str]) -> list[list[str]]:
    """The stacks that may act: the units acting now, and the fresh ones (dieppe:6)."""
    state = pos.state
    party = [u for u in units if u in state.party and state.units[u].action_count() < 2]
    fresh = [u for u in units if not state.units[u].actions and not state.units[u].done]
    groups = [g for g in (party, fresh) if g]
    lcas = [u for u in fresh if pos.kind(u) == "lca"]
    if lcas and len(lcas) < len(fresh):
        groups = [g for g in groups if g is not fresh] + [lcas, [u for u in fresh if u not in lcas]]
    return groups


def ok_to_stop(state: State) -> bool:
    return _ok(check_stop, state)


def _ok(check, *args) -> bool:  # noqa: ANN001 - any check function
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def _legal_steps(state: State, pos: Position, units: list[str], zone: str) -> list[Action]:
    return [{"type": "move", "units": units, "to": n} for n in pos.neighbours(zone) if _ok(check_step, state, units, n)]


def _legal_assaults(state: State, pos: Position, group: list[str], zone: str) -> list[Action]:
    """The stack goes in with its officers, sniper and mortar, or its commandos alone (dieppe:9.2, 11.2)."""
    stack = [u for u in group if pos.kind(u) in ASSAULT_KINDS and u != state.escort and not state.units[u].aboard]
    commandos = [u for u in stack if pos.kind(u) == "commando"]
    parties = [stack, commandos] if commandos and stack != commandos else [commandos] if commandos else []
    out: list[Action] = []
    for n in pos.neighbours(zone) if parties else []:
        if pos.germans(n):
            out += [{"type": "assault", "units": p, "target": n} for p in parties if _ok(check_assault, state, p, n)]
    return out


def _legal_fires(state: State, pos: Position, group: list[str], zone: str) -> list[Action]:
    out: list[Action] = []
    main = [u for u in group if pos.kind(u) not in SOLO and not state.units[u].aboard]
    solos = [[u] for u in group if pos.kind(u) in SOLO]
    for shooters in ([main] if main else []) + solos:
        reach = 2 if pos.kind(shooters[0]) == "mortar" else 1
        for target in sorted(pos.raid.graph.within(zone, reach)):
            if target != zone and pos.germans(target) and _ok(check_fire, state, shooters, target, None):
                out.append({"type": "fire", "units": shooters, "target": target})
                if pos.kind(shooters[0]) == "sniper":
                    for g in targets_in(pos, target, "german"):
                        if pos.kind(g) != "gun155" and g != pos.german_front(target):
                            out.append({"type": "fire", "units": shooters, "target": target, "aim": g})
    return out
