"""The Panzer Corps sequence of play (case 5.0 of each game) as a phase machine.

Set-up steps come first where a scenario has them (Operation Compass 3.0-3.2,
arrivals.py). Each game turn then runs, for each side in order, the scenario's
phases: a Reinforcement Phase (Khar'kov 10.0), a Movement Phase (8.0) and a Combat
Phase (9.0). The combat phase has steps: declare every attack (9.1(5)), then
resolve them one by one (9.2), each result leaving choices: exchange losses
(9.4), retreats chosen by the attacker (9.5) and advances (9.6). Victory is
checked after every action and at the end (victory.py).
"""

from __future__ import annotations

from wargames_tui.engine.actionlist import ActionList
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Outcome, Prompt
from wargames_tui.games.panzer_corps import arrivals
from wargames_tui.games.panzer_corps.board import Board, MoveList
from wargames_tui.games.panzer_corps.data import load_scenario
from wargames_tui.games.panzer_corps.state import Attack, FollowUp, State, UnitState
from wargames_tui.games.panzer_corps.victory import final_result, initial_control, instant_winner, note_entry


def new_state(scenario_id: str, options: dict[str, str]) -> State:
    sc = load_scenario(scenario_id)
    units = {uid: UnitState(hex=u.hex, status="map" if u.hex else "pending") for uid, u in sc.units.items()}
    state = State(scenario_id, dict(options), turn=1, phase="", step="", units=units)
    state.control = initial_control(sc)
    setup = sc.info.rules.setup
    if setup:
        state.step = setup[0]
        state.phase = f"{arrivals.setup_side(Board(state), setup[0])}-setup"
    else:
        state.phase = phase_order(state)[0]
        state.step = _first_step(state.phase)
    return state


def phase_order(state: State) -> list[str]:
    info = load_scenario(state.scenario).info
    return [f"{side.id}-{kind}" for side in info.sides for kind in info.rules.phases]


def _first_step(phase: str) -> str:
    return {"reinforce": "reinforce", "move": "move", "combat": "declare"}[phase.split("-")[1]]


def acting_side(state: State) -> str | None:
    """Who must act now: the phase's side, or the defender choosing its exchange loss."""
    if state.step == "over":
        return None
    if state.step == "exchange" and state.follow_up is not None:
        return state.follow_up.exchange[0]
    return state.side


def phase_title(state: State) -> str:
    return phase_title_of(state, state.phase)


PHASE_NAMES = {"setup": "set-up", "reinforce": "reinforcement", "move": "movement", "combat": "combat"}


def phase_title_of(state: State, phase: str) -> str:
    side, kind = phase.split("-")
    return f"{load_scenario(state.scenario).side_name(side)} {PHASE_NAMES[kind]}"


# --- prompts -------------------------------------------------------------------
def prompt(state: State) -> Prompt:
    b = Board(state)
    case = b.case
    name = phase_title(state)
    if state.step == "over":
        return Prompt(None, name, "The game is over.", f"{case}:4.0", [])
    if state.step == "enter-all":
        return Prompt(state.side, name, *arrivals.enter_all_words(b), arrivals.setup_actions(b))
    if state.step in SETUP_TEXT:
        text, cited = SETUP_TEXT[state.step]
        return Prompt(state.side, name, text, f"{case}:{cited}", arrivals.setup_actions(b))
    if state.step == "reinforce":
        actions = arrivals.reinforcement_actions(b) + [{"type": "end-phase"}]
        return Prompt(state.side, name, "Bring on this turn's reinforcements, or hold them back.", f"{case}:10.0", actions)
    if state.step == "overstack":
        actions = [{"type": "remove", "unit": u} for u in overstacked(b)]
        text = f"Over the stacking limit in {', '.join(over_full(b))}: remove one unit; it counts as eliminated."
        return Prompt(state.side, name, text, f"{case}:7.3", actions)
    if state.step == "move":
        actions = ActionList(arrivals.pool_actions(b), move_actions(b), [{"type": "end-phase"}])
        text = "Move units one at a time, or end the phase."  # a hex over the limit is owed (contract.owed)
        return Prompt(state.side, name, text, f"{case}:8.1", actions)
    if state.step == "declare":
        actions: list[Action] = [
            {"type": "declare", "attackers": group, "defender": d} for group, d in b.declarable()
        ]
        actions.append({"type": "end-declarations"})
        return Prompt(state.side, name, "Declare every attack of this phase, then end the declarations.", f"{case}:9.1", actions)
    if state.step == "resolve":
        actions = [
            {"type": "resolve", "defender": att.defender} for att in state.attacks if not att.resolved
        ]
        return Prompt(state.side, name, "Resolve the declared attacks in any order.", f"{case}:9.2", actions)
    follow = state.follow_up
    assert follow is not None
    if state.step == "retreat":
        uid = follow.retreating[0]
        paths = b.retreat_paths(uid, follow.distance, stack_mates(b, follow, uid))
        actions = [{"type": "retreat", "unit": uid, "path": p} for p in paths]
        text = f"Choose where {b.label(uid)} retreats ({follow.distance} hex{'es' if follow.distance > 1 else ''})."
        return Prompt(state.side, name, text, f"{case}:9.5", actions)
    if state.step == "exchange":
        side = follow.exchange[0]
        actions = [{"type": "remove", "unit": u} for u in exchange_candidates(b, follow, side)]
        text = f"{b.sc.side_name(side)}: remove one of your units that took part (exchange)."
        return Prompt(side, name, text, f"{case}:9.4", actions)
    if follow.further:
        actions = [
            {"type": "advance", "unit": t, "hex": h} for t in follow.advanced for h in further_hexes(b, t)
        ]
        actions.append({"type": "no-advance"})
        return Prompt(state.side, name, "An advancing tank may go one hex further.", f"{case}:9.6", actions)
    actions = [{"type": "advance", "unit": a} for a in follow.advancers]
    actions.append({"type": "no-advance"})
    return Prompt(state.side, name, f"Attackers may advance into {follow.vacated}.", f"{case}:9.6", actions)


SETUP_TEXT = {
    "place-marked": ("Place your marked units in footholds, towns or battle positions.", "3.0"),
    "bombard": ("Naval bombardment: roll, then choose the units it disrupts.", "3.1"),
    "enter-all": ("Place every set-up unit on a hex of its entry area.", "3.0"),
}


def overstacked(b: Board) -> list[str]:
    """The phase side's units in hexes over the stacking limit (7.3)."""
    return sorted(u for h in over_full(b) for u in b.at[h])


def over_full(b: Board) -> list[str]:
    """The phase side's hexes over the stacking limit (7.1)."""
    limit = b.rules.stacking[b.state.side]
    return sorted(h for h, here in b.at.items() if len(here) > limit and b.side_of(here[0]) == b.state.side)


def exchange_candidates(b: Board, follow: FollowUp, side: str) -> list[str]:
    att = b.state.attacks[follow.attack]
    units = att.attackers if b.side_of(att.attackers[0]) == side else follow.defenders
    return [u for u in units if b.state.units[u].status == "map"]


def further_hexes(b: Board, tank: str) -> list[str]:
    """Where a tank that advanced may go on: any adjacent hex it could enter with room (9.6(3))."""
    side = b.side_of(tank)
    here = b.hex_of(tank)
    return [
        h
        for h in b.sc.grid.neighbours(here)
        if b.step_cost(side, here, h) is not None and b.has_room(side, h)
    ]


def move_actions(b: Board) -> MoveList:
    """Every move and break-off of the phase side's movable units, built lazily (board.MoveList)."""
    return MoveList(b, movable(b))


def movable(b: Board) -> list[str]:
    state = b.state
    return [
        uid
        for uid in b.units_of(state.side)
        if uid not in state.moved and uid not in state.pinned and not state.units[uid].disrupted
    ]


# --- applying actions ----------------------------------------------------------
def apply(state: State, action: Action, dice: Dice) -> list[Event]:
    if state.step == "over":
        raise IllegalAction("the game is over", f"{load_scenario(state.scenario).info.rulebook}:4.0")
    kind = action.get("type")
    handler = HANDLERS.get((state.step, kind))
    if handler is None:
        allowed = sorted(k for step, k in HANDLERS if step == state.step)
        case = prompt(state).case
        raise IllegalAction(f"{kind!r} is not an action of this step; expected one of {', '.join(allowed)}", case)
    events = handler(state, action, dice)
    if state.step in SETUP_TEXT and arrivals.setup_done(Board(state)):
        events += _next_setup(state)
    if state.step != "over":
        won = instant_winner(state)
        if won:
            events += _declare_winner(state, *won)
    return events


def _next_setup(state: State) -> list[Event]:
    steps = load_scenario(state.scenario).info.rules.setup
    i = steps.index(state.step) + 1
    old_side = state.side
    if i < len(steps):
        state.step = steps[i]
        state.phase = f"{arrivals.setup_side(Board(state), steps[i])}-setup"
    else:
        state.phase = phase_order(state)[0]
        state.step = _first_step(state.phase)
    label = f"Set-up: {phase_title(state)}" if state.phase.endswith("setup") else f"Turn 1: {phase_title(state)} phase"
    return [Event("phase", label, {}, commit=state.side != old_side)]


def _declare_winner(state: State, side: str | None, reason: str, points: dict[str, int] | None = None) -> list[Event]:
    b = Board(state)
    state.step = "over"
    state.winner = side
    state.win_reason = reason
    state.points = dict(points or {})
    who = f"{b.sc.side_name(side)} wins" if side else "Draw"
    return [Event("victory", f"{who}: {reason}", {}, commit=True)]


def _unit_arg(b: Board, action: Action, key: str = "unit") -> str:
    uid = action.get(key)
    if not isinstance(uid, str) or uid not in b.sc.units:
        raise IllegalAction(f"no unit {uid!r} in this scenario", f"{b.case}:2.2")
    return uid


def _path_arg(b: Board, action: Action) -> list[str]:
    path = action.get("path")
    if not isinstance(path, list) or not all(isinstance(h, str) for h in path):
        raise IllegalAction("the path must be a list of hex ids", f"{b.case}:8.2")
    return path


def _check_mover(b: Board, uid: str) -> None:
    st = b.state.units[uid]
    if b.side_of(uid) != b.state.side:
        raise IllegalAction(f"{b.label(uid)} is not yours to move", f"{b.case}:8.1")
    if st.status != "map":
        raise IllegalAction(f"{b.label(uid)} is not on the map", f"{b.case}:8.1")
    if uid in b.state.moved:
        raise IllegalAction(f"{b.label(uid)} has already moved this phase", f"{b.case}:8.1")
    if uid in b.state.pinned:
        raise IllegalAction(f"{b.label(uid)} entered in an enemy zone and may not move this phase", f"{b.case}:10.0")
    if st.disrupted:
        raise IllegalAction(f"{b.label(uid)} is disrupted and may not move", f"{b.case}:9.7")


def do_move(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    uid = _unit_arg(b, action)
    path = _path_arg(b, action)
    _check_mover(b, uid)
    if not path:
        raise IllegalAction("a move must enter at least one hex", f"{b.case}:8.2")
    spent = b.check_path(uid, path)
    start = b.hex_of(uid)
    state.units[uid].hex = path[-1]
    state.moved.append(uid)
    text = f"{b.label(uid)} {start} -> {path[-1]} ({spent} MP)"
    events = [Event("move", text, {"unit": uid, "path": [start, *path]})]
    if path[-1] in over_full(Board(state)):  # legal until the phase ends (7.1): say what 7.3 will do
        warning = f"{path[-1]} is over the stacking limit: move a unit out before the phase ends, or the excess is removed ({b.case}:7.3)"
        events.append(Event("overstack", warning, {"hex": path[-1]}))
    return events + note_entry(state, b, uid, path, moving=True)


def do_exit(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    rule = b.sc.info.rules.exit
    uid = _unit_arg(b, action)
    path = _path_arg(b, action)
    _check_mover(b, uid)
    if rule is None or rule.side != state.side:
        raise IllegalAction("no unit of this side may leave the map", f"{b.case}:8.1")
    spent = b.check_path(uid, path) + rule.cost
    last = path[-1] if path else b.hex_of(uid)
    if last not in b.sc.edge(rule.edge):
        raise IllegalAction(f"{last} is not on the {rule.edge} map edge", f"{b.case}:4.2")
    if last in b.ezoc(state.side):
        raise IllegalAction(f"{last} is in an enemy zone of control: no break from there", f"{b.case}:4.2")
    if spent > b.allowance(uid):
        raise IllegalAction(f"breaking off costs {spent} MPs with the path; {b.label(uid)} has {b.allowance(uid)}", f"{b.case}:4.2")
    state.units[uid].hex = None
    state.units[uid].status = "exited"
    state.moved.append(uid)
    state.step = "over"
    state.winner = state.side
    state.win_reason = f"{b.label(uid)} broke off the {rule.edge} map edge ({b.case}:4.2)"
    return [Event("exit", f"{b.label(uid)} breaks off the map edge at {last}: {b.sc.side_name(state.side)} wins", {"unit": uid}, commit=True)]


def do_end_phase(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    if state.step == "move" and overstacked(b):
        state.step = "overstack"
        hexes = over_full(b)
        return [Event("overstack", f"Over the stacking limit at the end of movement in {', '.join(hexes)}: remove the excess units ({b.case}:7.3)", {"hexes": hexes})]
    return _next_phase(state)


def do_declare(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    defender = _unit_arg(b, action, "defender")
    attackers = action.get("attackers")
    if not isinstance(attackers, list) or not attackers:
        raise IllegalAction("an attack needs at least one attacker", f"{b.case}:9.1")
    for a in attackers:
        _unit_arg(b, {"unit": a})
    if len(set(attackers)) != len(attackers):
        raise IllegalAction("a unit is named twice among the attackers", f"{b.case}:9.1")
    side = state.side
    if b.side_of(defender) == side or state.units[defender].status != "map":
        raise IllegalAction(f"{b.label(defender)} is not an enemy unit on the map", f"{b.case}:9.1")
    target = b.hex_of(defender)
    if any(b.hex_of(att.defender) == target for att in state.attacks if state.units[att.defender].status == "map"):
        raise IllegalAction(f"{b.label(defender)} is already the target of an attack", f"{b.case}:9.1")
    for a in attackers:
        if b.side_of(a) != side or state.units[a].status != "map":
            raise IllegalAction(f"{b.label(a)} is not one of your units on the map", f"{b.case}:9.1")
        if state.units[a].disrupted:
            raise IllegalAction(f"{b.label(a)} is disrupted and may not attack", f"{b.case}:9.7")
        if not b.can_attack(a):
            raise IllegalAction(f"{b.label(a)} already attacks this phase", f"{b.case}:9.1")
        if not b.attack_reach(a, defender):
            raise IllegalAction(f"{b.label(defender)} is not in the zone of control of {b.label(a)}", f"{b.case}:6.2")
    column = b.column(attackers, defender)
    if column is None:
        raise IllegalAction("attacks at 1:3 or worse are not allowed", f"{b.case}:9.2")
    state.attacks.append(Attack(sorted(attackers), defender, b.stack(defender)))
    names = ", ".join(b.label(a) for a in sorted(attackers))
    return [Event("declare", f"{names} will attack {b.label(defender)} at {column}", {"defender": defender})]


def do_end_declarations(state: State, action: Action, dice: Dice) -> list[Event]:
    if not state.attacks:
        return _next_phase(state)
    state.step = "resolve"
    return [Event("declare", f"{len(state.attacks)} attack(s) declared", {}, commit=True)]


def do_resolve(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    defender = action.get("defender")
    index = next((i for i, att in enumerate(state.attacks) if att.defender == defender and not att.resolved), None)
    if index is None:
        raise IllegalAction(f"no unresolved attack on {defender!r} was declared", f"{b.case}:9.1")
    att = state.attacks[index]
    column = b.column(att.attackers, att.defender)
    assert column is not None
    roll = dice.roll(6)
    result = b.sc.crt.rows[b.sc.crt.die.index(roll)][b.sc.crt.columns.index(column)]
    att.resolved, att.column, att.result, att.roll = True, column, result, roll
    attack_sum = sum(b.unit(a).strength for a in att.attackers)
    defence, why = b.defence(att.defender, att.attackers)
    defenders = b.stack(att.defender)
    names = ", ".join(b.label(d) for d in defenders)
    text = f"Attack on {names}: {attack_sum} against {defence}{' ' + why if why else ''}, {column}, die {roll}: {result}"
    events = [Event("combat", text, {"defender": att.defender, "column": column, "roll": roll, "result": result}, commit=True)]
    vacated = b.hex_of(att.defender)
    cited = f"{b.case}:9.4"
    if result == "AE":
        events += [_eliminate(state, b, a, "attacker eliminated", cited) for a in att.attackers]
    elif result == "AR":
        state.follow_up = FollowUp(index, list(att.attackers), 1)
    elif result in ("DR1", "DR2"):
        state.follow_up = FollowUp(index, list(defenders), int(result[2]), vacated, list(att.attackers))
    elif result == "DE":
        events += [_eliminate(state, b, d, "defender eliminated", cited) for d in defenders]
        state.follow_up = FollowUp(index, [], 0, vacated, list(att.attackers))
    elif result == "EX":
        sides = [state.side, b.side_of(att.defender)]
        state.follow_up = FollowUp(index, [], 0, exchange=sides, defenders=list(defenders))
    return events + _settle(state)


def do_retreat(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    follow = state.follow_up
    assert follow is not None
    uid = follow.retreating[0]
    if action.get("unit") != uid:
        raise IllegalAction(f"{b.label(uid)} is the unit to retreat now", f"{b.case}:9.5")
    path = _path_arg(b, action)
    legal = b.retreat_paths(uid, follow.distance, stack_mates(b, follow, uid))
    if path not in legal:
        raise IllegalAction(_retreat_reason(b, uid, path, follow.distance), f"{b.case}:9.5")
    start = b.hex_of(uid)
    state.units[uid].hex = path[-1]
    state.units[uid].disrupted = True
    follow.left_from[uid] = start
    follow.retreating.pop(0)
    text = f"{b.label(uid)} retreats {start} -> {path[-1]} and is disrupted"
    events = [Event("retreat", text, {"unit": uid, "path": [start, *path]})]
    return events + note_entry(state, b, uid, path, moving=False) + _settle(state)


def stack_mates(b: Board, follow: FollowUp, uid: str) -> set[str]:
    """The units that retreated from uid's hex in this combat: uid may join them (9.5(4))."""
    here = b.hex_of(uid)
    return {u for u, h in follow.left_from.items() if h == here}


def _retreat_reason(b: Board, uid: str, path: list[str], distance: int) -> str:
    side = b.side_of(uid)
    origin = b.hex_of(uid)
    for i, h in enumerate(path, start=1):
        if h in b.ezoc(side):
            return f"{h} is in an enemy zone of control"
        if b.enter_cost(side, h) is None:
            return f"{uid} may not enter {h}"
        if b.sc.grid.distance(origin, h) != i:
            return f"each step must take the unit further from {origin}"
    if len(path) == distance + 1:
        return "a retreat may go one hex further only when every shorter one ends on a friendly unit"
    return f"the retreat must be {distance} hex(es) long and end where stacking allows"


def do_advance(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    follow = state.follow_up
    assert follow is not None and follow.vacated is not None
    uid = action.get("unit")
    if follow.further:
        target = action.get("hex")
        if uid not in follow.advanced or target not in further_hexes(b, uid):
            raise IllegalAction(f"{uid!r} cannot advance on into {target!r}", f"{b.case}:9.6")
        follow.advanced.remove(uid)
    else:
        if uid not in follow.advancers:
            raise IllegalAction(f"{uid!r} did not attack {follow.vacated} or cannot advance", f"{b.case}:9.6")
        target = follow.vacated
        follow.advancers.remove(uid)
        follow.advanced.append(uid)
    start = b.hex_of(uid)
    state.units[uid].hex = target
    events = [Event("advance", f"{b.label(uid)} advances {start} -> {target}", {"unit": uid, "path": [start, target]})]
    return events + note_entry(state, b, uid, [target], moving=False) + _settle(state)


def do_no_advance(state: State, action: Action, dice: Dice) -> list[Event]:
    follow = state.follow_up
    assert follow is not None
    if follow.further:
        follow.advanced = []
    else:
        follow.advancers = []
    return [Event("advance", "No advance"), *_settle(state)]


def do_remove_overstacked(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    if action.get("unit") not in overstacked(b):
        raise IllegalAction(f"{action.get('unit')!r} is not in an over-full hex", f"{b.case}:7.3")
    events = [_eliminate(state, b, action["unit"], "over the stacking limit", f"{b.case}:7.3")]
    if not overstacked(Board(state)):
        events += _next_phase(state)
    return events


def do_remove(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    follow = state.follow_up
    assert follow is not None
    side = follow.exchange[0]
    if action.get("unit") not in exchange_candidates(b, follow, side):
        raise IllegalAction(f"{action.get('unit')!r} is not one of your units in this combat", f"{b.case}:9.4")
    follow.exchange.pop(0)
    return [_eliminate(state, b, action["unit"], "exchange", f"{b.case}:9.4")] + _settle(state)


HANDLERS = {
    ("move", "move"): do_move,
    ("move", "exit"): do_exit,
    ("move", "end-phase"): do_end_phase,
    ("declare", "declare"): do_declare,
    ("declare", "end-declarations"): do_end_declarations,
    ("resolve", "resolve"): do_resolve,
    ("retreat", "retreat"): do_retreat,
    ("advance", "advance"): do_advance,
    ("advance", "no-advance"): do_no_advance,
    ("exchange", "remove"): do_remove,
    ("overstack", "remove"): do_remove_overstacked,
    ("move", "enter"): arrivals.do_enter,
    ("reinforce", "enter"): arrivals.do_enter,
    ("reinforce", "end-phase"): do_end_phase,
    ("place-marked", "place"): arrivals.do_place,
    ("enter-all", "place"): arrivals.do_place,
    ("enter-all", "place-rest"): arrivals.do_place_rest,
    ("bombard", "bombard"): arrivals.do_bombard,
    ("bombard", "disrupt"): arrivals.do_disrupt,
}


# --- the machine between actions -------------------------------------------------
def _eliminate(state: State, b: Board, uid: str, why: str, case: str) -> Event:
    state.units[uid].hex = None
    state.units[uid].status = "eliminated"
    state.units[uid].disrupted = False
    return Event("eliminate", f"{b.label(uid)} eliminated: {why} ({case})", {"unit": uid})


def _settle(state: State) -> list[Event]:
    """Carry out what needs no choice, and find the next choice a combat result leaves.

    Exchanges first (a side with one candidate loses it at once), then retreats
    (a unit with nowhere to go is eliminated), then advances into the emptied hex
    up to the stacking limit, then a tank's second hex.
    """
    events: list[Event] = []
    follow = state.follow_up
    while follow is not None and follow.exchange:
        b = Board(state)
        candidates = exchange_candidates(b, follow, follow.exchange[0])
        if len(candidates) > 1:
            state.step = "exchange"
            return events
        follow.exchange.pop(0)
        events += [_eliminate(state, b, u, "exchange", f"{b.case}:9.4") for u in candidates]
    while follow is not None and follow.retreating:
        b = Board(state)
        uid = follow.retreating[0]
        if b.retreat_paths(uid, follow.distance, stack_mates(b, follow, uid)):
            state.step = "retreat"
            return events
        follow.retreating.pop(0)
        events.append(_eliminate(state, b, uid, "no legal retreat", f"{b.case}:9.5"))
    if follow is not None and follow.vacated is not None:
        b = Board(state)
        side = state.side
        follow.advancers = [
            a for a in follow.advancers if state.units[a].status == "map" and not state.units[a].disrupted
        ]
        room = b.has_room(side, follow.vacated) and b.occupant_side(follow.vacated) in (None, side)
        if not follow.further and follow.advancers and room:
            state.step = "advance"
            return events
        may_go_on = b.rules.tank_second_hex and (follow.further or follow.vacated not in b.ezoc(side))
        follow.advanced = [t for t in follow.advanced if b.sc.units[t].tank and further_hexes(b, t)] if may_go_on else []
        if follow.advanced:
            follow.further = True
            state.step = "advance"
            return events
    state.follow_up = None
    return events + _finish_attack(state)


def _finish_attack(state: State) -> list[Event]:
    if all(att.resolved for att in state.attacks):
        return _next_phase(state)
    state.step = "resolve"
    return []


def _next_phase(state: State) -> list[Event]:
    b = Board(state)
    events: list[Event] = []
    old_side = state.side
    if state.phase.endswith("combat"):
        for uid in b.units_of(state.side):
            state.units[uid].disrupted = False  # 9.7(3)
        events += _sudden_death(state)
        if state.step == "over":
            return events
    order = phase_order(state)
    i = order.index(state.phase) + 1
    if i == len(order):
        if state.turn == b.sc.info.turns:
            return events + _game_end(state)
        state.turn += 1
        i = 0
    if state.phase.endswith("move"):
        state.spent, state.pinned = {}, []
    state.phase = order[i]
    state.step = _first_step(state.phase)
    state.moved = []
    state.attacks = []
    state.follow_up = None
    handover = state.side != old_side
    events.append(Event("phase", f"Turn {state.turn}: {phase_title(state)} phase", {}, commit=handover))
    return events


def _sudden_death(state: State) -> list[Event]:
    b = Board(state)
    rule = b.sc.info.rules.sudden_death
    if rule is None or rule.after_phase != state.phase:
        return []
    targets = b.sc.place_hexes(rule.places)
    holders = [uid for uid in b.units_of(rule.side) if b.hex_of(uid) in targets]
    if not holders:
        return []
    return _declare_winner(state, rule.side, f"{b.label(holders[0])} holds {b.hex_of(holders[0])} ({rule.case})")


def _game_end(state: State) -> list[Event]:
    return _declare_winner(state, *final_result(state))


def outcome(state: State) -> Outcome | None:
    if state.step != "over":
        return None
    return Outcome(state.winner, "victory" if state.winner else "draw", state.win_reason, dict(state.points))
