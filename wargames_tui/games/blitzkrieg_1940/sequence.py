"""The sequence of play (5.0) as a machine of named phases.

Before play: the Sickle Cut decision (6.1) and the German set-up (3.1F). Each turn has
two player-turn couplets (5.2, 5.3); each couplet opens with its chance events (RAF
counters 14.14D, the Roer flood 13.15D) and decisions (RAF commitment 12.6, opening the
Roer dams 13.15A, emergency units 12.4), then each side's Operations Segment: the Allied
Capitulation Check Phase in 1940 (8.6-8.8), the move-or-fight declaration (5.4) and the
two phases in the declared order. A Sickle Cut turn 1 ends with the cup's placement
(6.5). The 1940 game ends after the first couplet of turn 10, the 1939 game after the
second couplet of turn 7 (5.6).
"""

from __future__ import annotations

from collections.abc import Callable

from wargames_tui.engine.actionlist import types_of
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Outcome, Prompt
from wargames_tui.games.blitzkrieg_1940 import movement, setup, victory
from wargames_tui.games.blitzkrieg_1940 import operations as ops
from wargames_tui.games.blitzkrieg_1940.data import NEUTRALS, engine_hex, load_board, scenario_key
from wargames_tui.games.blitzkrieg_1940.position import ENEMY, GAMES, Position, basic_game
from wargames_tui.games.blitzkrieg_1940.state import State, UnitState

C = "blitzkrieg-1940:"
SIDE_NAMES = {"german": "German", "allied": "Allied"}


def new_state(scenario_id: str, options: dict[str, str]) -> State:
    b = load_board(scenario_id)
    key = scenario_key(scenario_id)
    bad = set(options) - {"dummies", "game"}
    if bad:
        raise IllegalAction(f"unknown option(s) {sorted(bad)}", C + "1.3")
    if options.get("dummies", "on") not in ("on", "off"):
        raise IllegalAction("dummies is on or off", C + "6.3")
    if options.get("game", GAMES[0]) not in GAMES:
        raise IllegalAction(f"game is one of {', '.join(GAMES)}", C + "1.3")
    basic = options.get("game") == GAMES[1]
    units: dict[str, UnitState] = {}
    z = 0
    for uid, u in b.units.items():
        status = {"map": "map", "germany": "pool", "SR": "sr", "coup": "coup", "dummy": "pool"}.get(u.setup, "pending")
        if u.dummy and (basic or options.get("dummies", "on") == "off") or u.coup and basic:
            status = "out"  # the basic game has no dummies (3.2) and no coups de main (7.0)
        units[uid] = UnitState(u.hex if status == "map" else None, status, len(u.steps), z)
        z += 1
    state = State(scenario_id, dict(options), units, next_z=z)
    if basic:
        state.violated = {c: 1 for c in NEUTRALS}  # without 8.0 there are no neutrals: all at war from the start (1.3)
    if key == "1940":
        state.phase = "sickle-cut"
    else:
        _start_couplet(state, None)
        _next_phase(state, Dice.replaying([]))  # nothing at the start of the 1939 game rolls a die
    return state


# --- the machine -----------------------------------------------------------------------------
def _start_turn(state: State) -> list[Event]:
    """Reinforcements join the SR, Britain or the emergency pool as their turn comes (12.1B)."""
    b = load_board(state.scenario)
    events = []
    for uid, st in state.units.items():
        u = b.units[uid]
        if st.status == "pending" and int(u.setup.rstrip("*")) <= state.turn:
            if u.nation == "british":
                st.status = "held" if u.setup.startswith("8") else "britain"
            else:
                st.status = "sr"
            events.append(Event("arrive", f"{u.name} becomes available", {"unit": uid, "case": C + "12.1"}))
    if state.turn >= 8 and not state.emergency:
        t = b.game.tables
        if state.capitulated or state.bef_lost > t.bef_never:
            state.emergency = True  # 12.4A
            events.append(Event("emergency", "An emergency exists: the British emergency units may come", {"case": C + "12.4"}))
    return events


def _start_couplet(state: State, dice: Dice | None) -> list[Event]:
    events: list[Event] = []
    b = load_board(state.scenario)
    if state.couplet == 1:
        events += _start_turn(state)
    state.order, state.checked, state.entered, state.landed = {}, [], 0, []
    if state.terror and state.terror != "used":
        state.terror = ""
    if state.terror == "used":
        state.terror = ""
    state.raf_used = 0
    if state.raf == "committed" and dice is not None:
        roll = dice.roll()
        state.raf_available = max(0, roll - 1)  # 14.14D
        events.append(Event("raf", f"RAF: rolled {roll}, {state.raf_available} support counters this couplet",
                            {"roll": roll, "case": C + "14.14"}, commit=True))
    if state.dams == "flooded" and dice is not None and state.flood_couplet != [state.turn, state.couplet]:
        roll = dice.roll()
        if roll > b.game.tables.roer_stays:
            state.dams = "receded"
        events.append(Event("roer", f"Roer flood: rolled {roll}, " + ("the waters recede" if state.dams == "receded" else "still flooded"),
                            {"roll": roll, "case": C + "13.15"}, commit=True))
    queue: list[str] = []
    y1940 = scenario_key(state.scenario) == "1940"
    if y1940 and state.turn == 1 and state.couplet == 1:
        queue.append("coups")
    if y1940 and state.turn == 5 and state.couplet == 1 and not state.raf:
        queue.append("raf-decision")
    queue.append("roer")
    if state.couplet == 1:
        queue.append("allied-emergency")
    for side in b.info.order:
        if side == "allied" and y1940 and not basic_game(state):  # the check is 8.0's, left out of the basic game (1.3)
            queue.append("allied-capitulation")
        queue.append(f"{side}-order")
    state.queue = queue
    state.phase = ""
    return events


def _end_couplet(state: State, dice: Dice) -> list[Event]:
    b = load_board(state.scenario)
    if state.turn == 1 and state.couplet == 2 and state.sickle and "sickle-done" not in state.result:
        state.result["sickle-done"] = 1
        state.queue = ["sickle-end-allied", "sickle-end-german"]
        return []
    state.result.pop("sickle-done", None)
    if state.turn == b.info.turns and state.couplet == b.info.last_couplet:
        return _final(state, dice)
    if state.couplet == 1:
        state.couplet = 2
    else:
        state.turn, state.couplet = state.turn + 1, 1
    return _start_couplet(state, dice)


def _final(state: State, dice: Dice) -> list[Event]:
    if scenario_key(state.scenario) == "1939":
        state.winner = "german"
        state.result = {"reason": "the French did not reach the Ruhr Endangered Area by the end of turn 7 (4.2B)"}
        state.phase = "over"
        return [Event("end", "Germany wins: the Ruhr is safe", {"case": C + "4.2"}, commit=True)]
    total, events, points = victory.final_points(state, dice)
    needed = load_board(state.scenario).game.vp.needed
    state.winner = "german" if total >= needed else "allied"
    state.result = {"reason": f"Germany scored {total} VPs; {needed} are needed (4.1)", "points": points, "total": total}
    state.phase = "over"
    return events + [Event("end", f"Germany scores {total} VPs: {SIDE_NAMES[state.winner]} victory",
                           {"points": points, "case": C + "4.4"}, commit=True)]


def _next_phase(state: State, dice: Dice) -> list[Event]:
    """Leave the current phase and run automatic phases until one needs a decision."""
    events = _end_phase(state)
    while True:
        if state.phase == "over":
            return events
        if not state.queue:
            events += _end_couplet(state, dice)
            continue
        state.phase = state.queue.pop(0)
        events += _enter_phase(state, dice)
        if _needs_decision(state):
            return events
        events += _end_phase(state)


def _end_phase(state: State) -> list[Event]:
    """Per-phase counts start afresh; stacks over the limit lose their excess (11.2C)."""
    events: list[Event] = []
    if state.phase.endswith("-movement") or state.phase.endswith("-combat"):
        side = state.phase.split("-")[0]
        pos = Position(state)
        limit = pos.b.game.stacking["limit"]
        for here in pos.at.values():
            mine = [u for u in here if pos.b.units[u].side == side]
            while sum(pos.b.units[u].stack for u in mine) > limit:
                gone = mine.pop()
                state.units[gone].status, state.units[gone].hex = "dead", None
                events.append(Event("eliminated", f"{pos.b.units[gone].name}: over-stacked", {"case": C + "11.2"}))
    state.moved, state.selected, state.strategic, state.sea, state.failed, state.left = [], [], 0, 0, [], {}
    state.attacked, state.fought = [], []
    state.entered = 0  # each side's own two SR divisions a couplet, in its one Movement Phase (12.2A, 12.3A)
    return events


def _enter_phase(state: State, dice: Dice) -> list[Event]:
    """What happens on entering a phase, before anyone decides anything."""
    phase = state.phase
    if phase == "allied-capitulation":
        events: list[Event] = []
        while True:
            country = _due(state)
            if country is None or _terror_targets(state, country):
                return events
            events += victory.roll_capitulation(state, country, dice)
    if phase.endswith("-order"):
        return []
    return []


def _due(state: State) -> str | None:
    pos = Position(state)
    for country in ("Holland", "Belgium", "France"):
        if victory.check_due(pos, country):
            return country
    return None


def _terror_targets(state: State, country: str) -> list[str]:
    """Allied-held city hexes of the nation Germany may terror-bomb, once a game (8.11)."""
    if state.terror_used:
        return []
    pos = Position(state)
    return [h for h, c in pos.b.city_of.items() if pos.b.city_country[c] == country and pos.control(h) == "allied"]


def _needs_decision(state: State) -> bool:
    return bool(_phase_actions(state))


# --- prompts ------------------------------------------------------------------------------------
def acting_side(state: State) -> str | None:
    phase = state.phase
    if phase == "over":
        return None
    if state.battle is not None:
        b = load_board(state.scenario)
        attacker = b.units[state.battle.attackers[0]].side
        stage = state.battle.stage
        if stage == "raf":
            return "allied"
        if stage == "dummies":
            return "german"
        if stage == "defender-loss":
            return ENEMY[attacker]
        return attacker
    return PHASE_SIDE.get(phase) or phase.split("-")[0]


def answering(state: State) -> bool:
    """Whether the side to act answers the other side's attack within that side's turn: the RAF
    flown in defence (14.14), the defender's step losses (14.10), the dummies revealed in a hex the
    Allies attacked (6.3)."""
    battle = state.battle
    if battle is None or state.phase == "over":
        return False
    return acting_side(state) != load_board(state.scenario).units[battle.attackers[0]].side


PHASE_SIDE = {
    "sickle-cut": "german", "german-setup": "german", "coups": "german", "coup-displace": "german",
    "raf-decision": "allied", "roer": "german", "allied-emergency": "allied", "allied-capitulation": "german",
    "sickle-end-allied": "allied", "sickle-end-german": "german",
}

PROMPTS: dict[str, tuple[str, str]] = {
    "sickle-cut": ("Launch Operation Sickle Cut, or not.", "6.1"),
    "german-setup": ("Set up the German army.", "3.1"),  # with the count of what is left (setup_note)
    "coups": ("Choose where the airborne coups de main drop, then roll for them.", "7.2"),
    "coup-displace": ("Move the Allied units under a landed coup into neighbouring hexes.", "7.4"),
    "raf-decision": ("Commit the RAF to a maximum effort, or not.", "12.6"),
    "roer": ("Open the Roer dams, or not.", "13.15"),
    "allied-emergency": ("Place the British emergency units, one to a hex with British units.", "12.4"),
    "allied-capitulation": ("Terror-bomb a city of the nation about to check for capitulation, or not.", "8.11"),
    "sickle-end-allied": ("Move the Belgian Ardennes units to Belgian hexes next to the forest.", "6.5"),
    "sickle-end-german": ("Set up the units from the cup in the Ardennes.", "6.5"),
}


def phase_title(state: State) -> str:
    phase = state.phase
    side, _, kind = phase.partition("-")
    if kind in ("movement", "combat", "order") and side in SIDE_NAMES:
        words = {"movement": "Movement Phase", "combat": "Combat Phase", "order": "move or fight"}[kind]
        return f"{SIDE_NAMES[side]} {words}"
    return TITLES.get(phase, phase.replace("-", " "))


TITLES = {  # the phases outside the couplets' movement and combat, as the header names them
    "sickle-cut": "Operation Sickle Cut", "german-setup": "German Set-up", "coups": "Coups de Main",
    "coup-displace": "Coups de Main: Allied units displaced", "raf-decision": "RAF Decision",
    "roer": "Roer Dams", "allied-emergency": "British Emergency Units",
    "allied-capitulation": "Allied Capitulation Check Phase", "sickle-end-allied": "End of Sickle Cut: Belgian Ardennes units",
    "sickle-end-german": "End of Sickle Cut: the cup's units", "over": "game over",
}


def _phase_actions(state: State) -> list[Action]:
    phase = state.phase
    if phase == "over":
        return []
    if state.battle is not None:
        stage = state.battle.stage
        return {"raf": ops.raf_actions, "attacker-loss": ops.lose_actions, "defender-loss": ops.lose_actions,
                "dummies": ops.dummy_actions, "advance": ops.advance_actions}[stage](state)
    if phase == "sickle-cut":
        return setup.sickle_actions()
    if phase == "german-setup":
        return setup.setup_actions(state)
    if phase == "coups":
        return setup.coup_actions(state) if any(st.status == "coup" for st in state.units.values()) else []
    if phase == "coup-displace":
        return setup.displace_actions(state) if state.displace else []
    if phase == "raf-decision":
        return [{"type": "raf-commit", "commit": True}, {"type": "raf-commit", "commit": False}]
    if phase == "roer":
        pos = Position(state)
        if state.dams or not any(pos.control(h) == "german" for h in pos.b.dams):
            return []
        return [{"type": "open-dams", "open": True}, {"type": "open-dams", "open": False}]
    if phase == "allied-emergency":
        return _eru_actions(state)
    if phase == "allied-capitulation":
        country = _due(state)
        if country is None:
            return []
        targets = _terror_targets(state, country)
        return [{"type": "terror", "hex": h} for h in targets] + [{"type": "terror", "hex": None}] if targets else []
    if phase.endswith("-order"):
        return [{"type": "order", "first": "move"}, {"type": "order", "first": "fight"}]
    if phase.endswith("-movement"):
        return ops.movement_actions(state)
    if phase.endswith("-combat"):
        return ops.combat_actions(state)
    if phase == "sickle-end-allied":
        return setup.belgian_actions(state) if setup.ardennes_belgians(state) else []
    if phase == "sickle-end-german":
        return setup.cup_actions(state) if setup.cup_units(state) else []
    raise AssertionError(f"unknown phase {phase!r}")


def _eru_actions(state: State) -> list[Action]:
    if not state.emergency:
        return []
    pos = Position(state)
    waiting = [u for u, st in state.units.items() if st.status == "held" and pos.b.units[u].eru]
    if not waiting:
        return []
    limit = pos.b.game.stacking["limit"]  # stacking holds at all times (11.2A)
    hexes = [h for h, here in pos.at.items() if any(pos.b.units[x].nation == "british" and not pos.b.units[x].eru for x in here)
             and not any(pos.b.units[x].eru for x in here)
             and pos.stack_used(h, "allied") + pos.b.units[waiting[0]].stack <= limit]
    acts: list[Action] = [{"type": "place", "unit": waiting[0], "hex": h} for h in sorted(hexes)]
    return acts + [{"type": "end-phase"}]


def prompt(state: State) -> Prompt:
    side = acting_side(state)
    title = phase_title(state)
    if state.phase == "over":
        return Prompt(None, title, "The game is over.", C + "4.0", [])
    actions = _phase_actions(state)
    if state.battle is not None:
        text, case = BATTLE_TEXT[state.battle.stage]
    elif state.phase.endswith("-order"):
        text, case = "Declare the order of this segment's phases: move first, or fight first.", "5.4"
    elif state.phase.endswith("-movement"):
        text, case = "Move units, bring on reserves, or end the phase.", "13.1"
    elif state.phase.endswith("-combat"):
        text, case = "Attack adjacent enemy hexes, or end the phase.", "14.1"
    else:
        text, case = PROMPTS[state.phase]
    if state.phase == "german-setup":  # what is left is owed (contract.owed): said once, by the owed line
        text = f"{setup.setup_note(state)}."
    return Prompt(side, title, text, C + case, actions)


BATTLE_TEXT = {
    "raf": ("Commit RAF counters to the defence, or none.", "14.14"),
    "attacker-loss": ("Choose which attacking unit loses the next step.", "14.10"),
    "defender-loss": ("Choose which defending unit loses the next step.", "14.10"),
    "dummies": ("Redeploy the revealed dummy to another German stack, or leave it.", "6.3"),
    "advance": ("Advance into the vacated hex, one unit at a time, or stop.", "14.22"),
}


def listed_part(state: State, action: Action) -> list[Action] | None:
    """Where the Movement and Combat Phases list an action, the part of the prompt that would list
    it, found without listing the rest (engine/legality.listed_quickly): a selected stack's move to
    the end hex of its path (the path walked, not the stack's whole reach searched), a unit or
    stack to select, the end of the phase, dropping the selection."""
    kind = action.get("type")
    moving, fighting = state.phase.endswith("-movement"), state.phase.endswith("-combat")
    if state.battle is not None or not (moving or fighting):
        return None
    if kind == "end-phase" and (fighting or not state.selected):
        return [{"type": "end-phase"}]
    if not moving:
        return None
    if state.selected:
        if kind == "deselect":
            return [{"type": "deselect"}]
        return ops.listed_moves(Position(state), state.selected, printed_to_engine(action).get("path")) if kind == "move" else None
    units = action.get("units")
    if kind == "select" and isinstance(units, list) and ops.may_select(state, units):
        return [{"type": "select", "units": list(units)}]
    return None


# --- applying actions -------------------------------------------------------------------------
def apply(state: State, action: Action, dice: Dice) -> list[Event]:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is a JSON object with a type", C + "5.1")
    if state.phase == "over":
        raise IllegalAction("the game is over", C + "4.0")
    action = printed_to_engine(action)
    kind = action["type"]
    if kind == "concede":
        return _concede(state, action)
    handler = _handler(state, kind)
    if handler is None:
        allowed = sorted(types_of(_phase_actions(state)))
        raise IllegalAction(f"{kind!r} is not an action of this step; expected one of {', '.join(allowed) or 'none'}", prompt(state).case)
    events = handler(state, action, dice)
    events += _after(state, dice)
    return events


def printed_to_engine(action: Action) -> Action:
    """Hexes may be given as printed ("E2423", "W5411") as well as by the engine's numbers."""
    def one(h: object) -> object:
        if isinstance(h, str) and len(h) == 5 and h[:1] in "EW":
            try:
                return engine_hex(h)
            except ValueError:
                return h
        return h

    out = dict(action)
    for key in ("hex", "to"):
        if key in out:
            out[key] = one(out[key])
    if isinstance(out.get("path"), list):
        out["path"] = [one(h) for h in out["path"]]
    return out


def _concede(state: State, action: Action) -> list[Event]:
    side = acting_side(state)
    who = action.get("side", side)
    if who not in ("german", "allied"):
        raise IllegalAction("side must be german or allied", C + "4.3")
    state.winner = ENEMY[who]
    state.result = {"reason": f"the {SIDE_NAMES[who]} player conceded (4.3)"}
    state.phase, state.battle = "over", None
    return [Event("end", f"{SIDE_NAMES[who]} concedes", {"case": C + "4.3"}, commit=True)]


Handler = Callable[[State, Action, Dice], list[Event]]


def _handler(state: State, kind: str) -> Handler | None:
    phase = state.phase
    if state.battle is not None:
        return {("raf", "raf"): ops.do_raf, ("attacker-loss", "lose"): ops.do_lose, ("defender-loss", "lose"): ops.do_lose,
                ("dummies", "redeploy"): ops.do_redeploy, ("advance", "advance"): ops.do_advance,
                ("advance", "end-advance"): ops.do_end_advance}.get((state.battle.stage, kind))
    table: dict[tuple[str, str], Handler] = {
        ("sickle-cut", "sickle-cut"): _done(lambda s, a, d: setup.do_sickle(s, a), "german-setup"),
        ("german-setup", "place"): _setup_step(setup.do_place),
        ("german-setup", "cup"): _setup_step(setup.do_cup),
        ("german-setup", "historical"): _setup_step(setup.do_historical),
        ("coups", "drop"): lambda s, a, d: setup.do_drop(s, a),
        ("coups", "end-drops"): _coups_end,
        ("coup-displace", "displace"): _displace,
        ("raf-decision", "raf-commit"): _raf_commit,
        ("roer", "open-dams"): _open_dams,
        ("allied-emergency", "place"): _place_eru,
        ("allied-emergency", "end-phase"): _end,
        ("allied-capitulation", "terror"): _terror,
        ("sickle-end-allied", "place"): _sickle_end("allied"),
        ("sickle-end-german", "place"): _sickle_end("german"),
    }
    if (phase, kind) in table:
        return table[(phase, kind)]
    if phase.endswith("-order") and kind == "order":
        return _order
    if phase.endswith("-movement"):
        return {"move": ops.do_move, "enter": ops.do_enter, "strategic": _wrap(ops.do_strategic), "sea": _wrap(ops.do_sea),
                "land": _wrap(ops.do_land), "place": _wrap(ops.do_bauman), "withdraw": _wrap(ops.do_withdraw),
                "select": ops.do_select, "deselect": ops.do_deselect,
                "end-phase": _end}.get(kind)
    if phase.endswith("-combat"):
        return {"attack": ops.do_attack, "end-phase": _end}.get(kind)
    return None


def _end(state: State, action: Action, dice: Dice) -> list[Event]:
    """The acting side ends its phase."""
    return [Event("phase", f"end of the {phase_title(state)}", {"case": C + "5.1"})] + _next_phase(state, dice)


def _wrap(f: Callable[[State, Action], list[Event]]) -> Handler:
    return lambda s, a, d: f(s, a)


def _done(f: Handler, nxt: str) -> Handler:
    def run(state: State, action: Action, dice: Dice) -> list[Event]:
        events = f(state, action, dice)
        state.phase = nxt
        return events
    return run


def _setup_step(f: Callable[[State, Action], list[Event]]) -> Handler:
    def run(state: State, action: Action, dice: Dice) -> list[Event]:
        events = f(state, action)
        if not setup.pool(state):
            events += _start_couplet(state, dice) + _next_phase(state, dice)
        return events
    return run


def _coups_end(state: State, action: Action, dice: Dice) -> list[Event]:
    events = setup.do_end_drops(state, dice)
    if state.displace:
        state.phase = "coup-displace"
        return events
    return events + _next_phase(state, dice)


def _displace(state: State, action: Action, dice: Dice) -> list[Event]:
    events = setup.do_displace(state, action)
    return events if state.displace else events + _next_phase(state, dice)


def _raf_commit(state: State, action: Action, dice: Dice) -> list[Event]:
    commit = action.get("commit")
    if not isinstance(commit, bool):
        raise IllegalAction("commit must be true or false", C + "12.6")
    state.raf = "committed" if commit else "declined"
    events = [Event("raf", "The RAF is committed to a maximum effort" if commit else "The RAF is held back", {"case": C + "12.6"}, commit=True)]
    if commit:
        roll = dice.roll()
        state.raf_available = max(0, roll - 1)
        events.append(Event("raf", f"RAF: rolled {roll}, {state.raf_available} support counters this couplet", {"roll": roll, "case": C + "14.14"}, commit=True))
    return events + _next_phase(state, dice)


def _open_dams(state: State, action: Action, dice: Dice) -> list[Event]:
    opened = action.get("open")
    if not isinstance(opened, bool):
        raise IllegalAction("open must be true or false", C + "13.15")
    events = []
    if opened:
        state.dams = "flooded"
        state.flood_couplet = [state.turn, state.couplet]
        events.append(Event("roer", "Germany opens the Roer dams: the Roer floods", {"case": C + "13.15"}, commit=True))
    else:
        events.append(Event("roer", "The Roer dams stay shut", {"case": C + "13.15"}))
    return events + _next_phase(state, dice)


def _place_eru(state: State, action: Action, dice: Dice) -> list[Event]:
    if action not in _eru_actions(state):
        raise IllegalAction("an emergency unit goes alone into a hex holding British units", C + "12.4")
    setup.place(state, action["unit"], action["hex"])
    events = [Event("place", f"{load_board(state.scenario).units[action['unit']].name} placed", {"case": C + "12.4"})]
    return events if _eru_actions(state) else events + _next_phase(state, dice)


def _terror(state: State, action: Action, dice: Dice) -> list[Event]:
    country = _due(state)
    if country is None:
        raise IllegalAction("no capitulation check is due", C + "8.11")
    h = action.get("hex")
    if h is not None and h not in _terror_targets(state, country):
        raise IllegalAction("terror bombing hits an Allied-held city hex of the nation checking", C + "8.11")
    events: list[Event] = []
    if h is None:
        events.append(Event("terror", "No terror bombing", {"case": C + "8.11"}))
    else:
        state.terror, state.terror_used = h, True
        events.append(Event("terror", f"Terror bombing of {load_board(state.scenario).label(h)}", {"hex": h, "case": C + "8.11"}, commit=True))
    events += victory.roll_capitulation(state, country, dice)
    events += _enter_phase(state, dice)
    if not _phase_actions(state):
        events += _next_phase(state, dice)
    return events


def _sickle_end(side: str) -> Handler:
    def run(state: State, action: Action, dice: Dice) -> list[Event]:
        events = setup.do_place_end(state, action, side)
        if not _phase_actions(state):
            events += _next_phase(state, dice)
        return events
    return run


def _order(state: State, action: Action, dice: Dice) -> list[Event]:
    first = action.get("first")
    if first not in ("move", "fight"):
        raise IllegalAction("first must be move or fight", C + "5.4")
    side = state.phase.split("-")[0]
    state.order[side] = first
    phases = [f"{side}-movement", f"{side}-combat"]
    state.queue = (phases if first == "move" else phases[::-1]) + state.queue
    return [Event("order", f"{SIDE_NAMES[side]}: {first} first", {"side": side, "first": first, "case": C + "5.4"})] + _next_phase(state, dice)


def _after(state: State, dice: Dice) -> list[Event]:
    """Checks after every action: the Maginot Line, capitulations, sudden victory, a phase with nothing left to do."""
    if state.phase == "over":
        return []
    events: list[Event] = []
    events += movement.orphaned_dummies(state, state.battle.hex if state.battle else None)
    pos = Position(state)
    if pos.y1940 and not state.breached and victory.line_breached(pos):
        state.breached = True
        events.append(Event("maginot", "The Maginot Line is breached", {"case": C + "4.7"}, commit=True))
    fallen = victory.automatic_capitulations(state, pos)
    events += fallen
    won = victory.sudden_winner(state, None if fallen else pos)
    if won:
        state.winner, state.result = won[0], {"reason": won[1]}
        state.phase, state.battle = "over", None
        events.append(Event("end", f"Allied victory: {won[1]}", {"case": C + "4.5"}, commit=True))
        return events
    always_open = state.phase.endswith("-movement") or state.phase.endswith("-combat")  # end-phase is always there
    if state.phase != "over" and state.battle is None and not always_open and not _phase_actions(state):
        events += _next_phase(state, dice)
    return events


def outcome(state: State) -> Outcome | None:
    if state.phase != "over" or state.winner is None:
        return None
    points = state.result.get("points", {})
    level = "victory"
    return Outcome(state.winner, level, state.result.get("reason", ""), dict(points))
