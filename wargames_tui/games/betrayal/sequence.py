"""The sequence of play: the automaton's turn, then the French and the British (betrayal:2.0-2.2).

Each phase is named as in the rulebook. Choices the rules owe before play goes on (withdrawal
paths, partial exchanges, interceptions, exploits, returns) wait in `state.pending` and are
prompted first; dice-only steps of the automaton are prompted to the German seat (the game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Outcome, Prompt
from wargames_tui.games.betrayal import air, automaton, choices, movement
from wargames_tui.games.betrayal.board import (
    carry_republic,
    contested,
    ground,
    may_carry,
    nation_units,
    on_map,
    player_of,
    sc,
    side_of,
    update_control,
)
from wargames_tui.games.betrayal.combat import SUCCESS, fight
from wargames_tui.games.betrayal.losses import name, stranded_air
from wargames_tui.games.betrayal.regroup import returns_roll, salvage
from wargames_tui.games.betrayal.setup import free_setup_actions, historical, place_free, waiting_units, why_not_here
from wargames_tui.games.betrayal.state import Mission, Piece, State
from wargames_tui.games.betrayal.victory import LEVELS, judge

OPTIONS = {"setup": ["historical", "free"], "players": ["two", "one"]}  # one: one person takes both Allied seats
ALLIED = ("french", "british")
GERMAN_PHASES = ["initiative", "orders", "tactics", "assign", "german-returns", "german-movement", "german-combat", "german-regroup"]
PLAYER_PHASES = ["reinforcements", "returns", "movement", "combat", "regroup"]
ORDER = GERMAN_PHASES + [f"{p}-{s}" for p in ALLIED for s in PLAYER_PHASES]
CASES = {
    "setup": "betrayal:9.0",
    "initiative": "betrayal:3.4.1",
    "orders": "betrayal:3.4.2",
    "tactics": "betrayal:3.4.3",
    "assign": "betrayal:3.4.6",
    "returns": "betrayal:3.2.2",
    "reinforcements": "betrayal:3.2.1",
    "movement": "betrayal:3.0",
    "combat": "betrayal:4.0",
    "regroup": "betrayal:5.0",
    "over": "betrayal:7.0",
}
TITLES = {
    "setup": "Free set-up",
    "initiative": "Allied communication and initiative",
    "orders": "OKW strategic orders",
    "tactics": "German ground tactics",
    "assign": "German tactics to areas",
    "returns": "Returns from the Regroup box",
    "reinforcements": "Reinforcements",
    "movement": "Movement Phase",
    "combat": "Combat Phase",
    "regroup": "Regroup Phase",
    "over": "Game over",
}


def stage(phase: str) -> str:
    return phase.split("-", 1)[1] if "-" in phase else phase


def phasing(state: State) -> str:
    """The player whose turn it is: german, french or british."""
    return state.phase.split("-")[0] if "-" in state.phase else "german"


def title(state: State) -> str:
    who = {"german": "German", "french": "French", "british": "British"}[phasing(state)]
    if state.phase in ("setup", "over"):
        return TITLES[state.phase]
    return f"{who} {TITLES[stage(state.phase)]}" if "-" in state.phase else TITLES[state.phase]


def case(state: State) -> str:
    return CASES.get(stage(state.phase), "betrayal:2.0")


def new_state(scenario: str, options: dict[str, str]) -> State:
    for key, value in options.items():
        if key not in OPTIONS or value not in OPTIONS[key]:
            raise ValueError(f"unknown option {key}={value}; Betrayal! knows {OPTIONS}")
    mode = "free" if scenario.endswith("free-setup") else options.get("setup", "historical")
    s = sc()
    state = State(scenario, {"setup": mode, "players": options.get("players", "two")}, last_turn=s.turns, republic=s.republic)
    state.pieces = {u: Piece("waiting") for u in s.units}
    state.control = {a: ("german" if area.country == "G" else "allied") for a, area in s.areas.items()}
    if mode == "historical":
        historical(state)
        state.phase = "initiative"
    else:
        state.phase, state.setup_side = "setup", "french"
    update_control(state)
    return state


# --- prompts --------------------------------------------------------------------------------
def prompt(state: State) -> Prompt:
    if state.phase == "over":
        return Prompt(None, "over", "The game is over", "betrayal:7.0", [])
    if state.pending:
        item = state.pending[0]
        return Prompt(choices.chooser(state, item), state.phase, choices.text(state, item), choices.case(item), choices.options(state, item))
    actions = phase_actions(state)
    cited = "betrayal:3.2.4" if state.phase == "german-movement" and _drops(state) else case(state)
    duty = stand_in(state)
    text = f"{duty[1]}: {instruction(state)}" if duty else instruction(state)
    return Prompt(acting(state), state.phase, text, cited, actions)


def stand_in(state: State) -> tuple[str, str] | None:
    """When the player to act makes the automaton's choices: the side he plays for, and whose duty
    it is and why in a few words (the initiative's winner handles the Germans, 3.4.1)."""
    who = acting(state)
    if state.phase in ("over", "setup") or phasing(state) != "german" or who not in ALLIED:
        return None
    if state.pending and choices.owner(state, state.pending[0]) != "german":
        return None  # his own units' choice within the German turn (a withdrawal, 4.5.2): his to make
    return "german", "playing the Germans as the initiative's winner (3.4.1)"


def stand_in_turn(state: State) -> str | None:
    """The automaton's side while its turn, run by the initiative's winner (3.4.1), goes on: its
    own automatic steps and the players' own units' choices within it (4.5.2) included."""
    if state.phase in ("over", "setup") or phasing(state) != "german":
        return None
    return "german"


def acting(state: State) -> str | None:
    if state.phase == "over":
        return None
    if state.pending:
        return choices.chooser(state, state.pending[0])
    if state.phase == "setup":
        return state.setup_side if state.setup_side != "german" else "french"
    if state.phase in ("initiative", "orders", "tactics", "german-returns", "german-regroup"):
        return "german"
    if phasing(state) == "german":
        return state.initiative
    return phasing(state)


def instruction(state: State) -> str:
    p = state.phase
    if p == "setup":
        who = f"{state.setup_side.title()} units"
        if waiting_units(state):  # how many are left is said by the owed line (contract.owed)
            return f"Place the {who} in any order, or all at their 8.0 places"
        if not free_setup_actions(state) or free_setup_actions(state)[0]["type"] != "setup-done":
            return f"Place the {who}"
        return f"{who} placed: lift an area's units to redo it, or e when done"
    if p in ("initiative", "orders", "tactics", "german-returns", "german-regroup"):
        return f"The automaton: {title(state)}"
    if p == "assign":
        return f"Give each rolled tactic to at least one German area ({', '.join(automaton.TACTIC_NAMES[t] for t in state.tactics)})"
    if stage(p) == "movement":
        if p == "german-movement" and _drops(state):
            return "Drop the airborne units (turn 1, up to their drop allowance)"
        duties = movement.obligations(state) if p == "german-movement" else []
        extra = f"; must still attack {', '.join(sc().areas[a].name for a in duties)}" if duties and movement.coverable(state) else ""
        return f"{title(state)}: move, fly missions, then end the phase{extra}"
    if stage(p) == "combat":
        return f"{title(state)}: choose the next area to resolve"
    if stage(p) in ("returns", "regroup"):
        return f"{title(state)}: roll"
    return title(state)


def _drops(state: State) -> list[str]:
    return sorted(
        u for u, p in state.pieces.items() if sc().units[u].kind == "airborne" and state.turn == 1 and p.where in sc().areas and sc().border(p.where) and not p.moved
    )


def phase_actions(state: State) -> list[Action]:
    p = state.phase
    if p == "setup":
        return free_setup_actions(state)
    if p in ("initiative", "orders", "tactics", "german-returns", "german-regroup"):
        return [{"type": "step"}]
    if p == "assign":
        return automaton.assign_actions(state)
    if stage(p) in ("returns", "regroup"):
        return [{"type": "roll"}]
    if stage(p) == "movement":
        return movement_actions(state)
    if stage(p) == "combat":
        return combat_actions(state)
    return []


def movement_actions(state: State) -> list[Action]:
    player = phasing(state)
    drops = _drops(state) if player == "german" else []
    if drops:
        return [{"type": "drop", "unit": u, "to": a} for u in drops for a in movement.drop_targets(state, u)]
    if player == "german":
        out = movement.german_moves(state)
        flyers = nation_units(state, "german")
    else:
        units = nation_units(state, player)
        out = movement.allied_moves(state, player, units)
        flyers = units
        out += [
            {"type": "evacuate", "unit": u}
            for u in units
            if sc().units[u].nation == "british" and not sc().units[u].air and on_map(state, u)
            and sc().areas[state.pieces[u].where].port and not ground(state, state.pieces[u].where, "german")
        ]
    chooser = state.initiative if player == "german" else player
    for u in flyers:
        if air.can_fly(state, u, chooser or ""):
            variants = [{"both": False}, {"both": True}] if sc().units[u].kind == "bomber" else [{}]
            out += [{"type": "mission", "unit": u, "target": t, **v} for t in air.mission_targets(state, u) for v in variants]
            if not air.flying(state, u):
                out += [{"type": "rebase", "unit": u, "to": t} for t in air.rebase_targets(state, u)]
    if may_end_movement(state, out):
        out.append({"type": "end-movement"})
    return out


def _legal_move(state: State, action: Action) -> bool:
    """A ground move the prompt offers, found from the moving unit's moves alone (the whole
    prompt is asked for only when this does not settle it)."""
    part = listed_part(state, action)
    return part is not None and action in part


def listed_part(state: State, action: Action) -> list[Action] | None:
    """The ground moves of the prompt naming the action's unit, when the action is a ground move
    of the movement phase: one unit's moves, not every unit's (engine/legality.listed_quickly)."""
    uid = action.get("unit")
    if action.get("type") != "move" or state.phase == "over" or state.pending or stage(state.phase) != "movement" \
            or not isinstance(uid, str) or uid not in state.pieces:
        return None
    player = phasing(state)
    if player == "german":
        return None if _drops(state) else movement.german_moves(state, only=uid)
    return movement.allied_moves(state, player, [uid]) if uid in nation_units(state, player) else None


def may_end_movement(state: State, moves: list[Action] | None = None) -> bool:
    if phasing(state) != "german":
        return True
    if movement.coverable(state):
        return False  # an Advance/Attack duty can still be met (betrayal:3.4.4 C)
    moves = movement.german_moves(state) if moves is None else moves
    if any(a["type"] == "move" and state.pieces[a["unit"]].tactic == "hold" for a in moves):
        return False  # Hold units go forward while they can (betrayal:3.4.4 A)
    bomber = next((u for u in nation_units(state, "german") if sc().units[u].kind == "bomber"), None)
    if bomber and "saturation" in state.assigned.values() and on_map(state, bomber):
        if len(air.flying(state, bomber)) < 2 and air.mission_targets(state, bomber) and not state.pieces[bomber].moved:
            return False  # the bomber owes two missions (betrayal:3.4.4 D)
    return True


def combat_actions(state: State) -> list[Action]:
    bombs = sorted({m.target for m in state.missions if m.kind in ("bombard", "both") and not m.bombed})
    if bombs:
        return [{"type": "bombard", "area": a} for a in bombs]
    return [{"type": "combat", "area": a} for a in state.combats]


# --- actions --------------------------------------------------------------------------------
def apply(state: State, action: Action, dice: Dice) -> list[Event]:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is a JSON object with a type", "betrayal:2.0")
    if state.phase == "over":
        raise IllegalAction("the game is over", "betrayal:7.0")
    events: list[Event] = []
    if action["type"] == "breach":
        breach(state, action, dice, events)
        return events
    if action["type"] in AGREEMENT:
        return agreement(state, action)
    if not _legal_move(state, action):
        now = prompt(state)
        if action not in now.actions:
            setting_up = [a for a in now.actions if a["type"] == "setup"]
            if action["type"] == "setup" and action.get("unit") in {a["unit"] for a in setting_up}:
                raise IllegalAction(why_not_here(state, action["unit"], action.get("to")), "betrayal:9.0")
            raise IllegalAction(f"{action['type']} is not allowed now: {now.text}", now.case)
    if state.pending:
        choices.resolve(state, action, dice, events)
    else:
        HANDLERS[action["type"]](state, action, dice, events)
    settle(state, dice, events)
    return events


def settle(state: State, dice: Dice, events: list[Event]) -> None:
    """Run what needs no choice: automatic pending items, then empty phases, until someone must act."""
    while True:
        update_control(state)
        if state.pending:
            if choices.auto(state, state.pending[0], dice, events):
                continue
            return
        if state.phase == "over" or not _phase_done(state, events):
            return
        _next_phase(state, events)


def _phase_done(state: State, events: list[Event]) -> bool:
    """True if the phase has nothing left to offer (its work was done or there was none)."""
    p, st = state.phase, state.step
    if p == "setup":
        return not free_setup_actions(state)
    if p == "assign":
        left = [a for a in automaton.assignable(state) if a not in state.assigned]
        return st == "rolled" or not [t for t in state.tactics if t != "refit"] or not left
    if p == "german-returns":
        return st == "rolled" or not any(state.pieces[u].where == "regroup" for u in nation_units(state, "german"))
    if stage(p) == "returns":
        return st == "rolled" or not any(state.pieces[u].where == "regroup" for u in nation_units(state, phasing(state)))
    if stage(p) == "regroup":
        return st == "rolled" or not any(state.pieces[u].where == "setaside" for u in nation_units(state, phasing(state)))
    if stage(p) == "reinforcements":
        return st == "rolled"
    if stage(p) == "movement":
        return st == "ended"
    if stage(p) == "combat":
        if st != "fighting":
            _start_combat(state, events)
        return not combat_actions(state)
    return st == "rolled"


def _next_phase(state: State, events: list[Event]) -> None:
    if state.phase == "setup":
        state.phase = "initiative"
    elif state.phase == ORDER[-1]:
        if state.turn >= state.last_turn:
            state.phase = "over"
            events.append(Event("phase", f"End of turn {state.turn}: the game is over (betrayal:7.0)", commit=True))
            return
        state.turn += 1
        state.phase = "initiative"
    else:
        state.phase = ORDER[ORDER.index(state.phase) + 1]
    state.step = ""
    _enter(state, events)


def _enter(state: State, events: list[Event]) -> None:
    p = state.phase
    events.append(Event("phase", f"Turn {state.turn}: {title(state)} ({case(state)})", {"phase": p, "turn": state.turn}))
    if p == "initiative":
        state.bombed, state.tactics, state.assigned, state.countries = {}, [], {}, []
        for piece in state.pieces.values():
            piece.exploited, piece.tactic = False, None
    if p == "assign":
        automaton.assign_the_only_tactic(state, events)
    if stage(p) == "movement":
        for piece in state.pieces.values():
            piece.moved = False
        state.entered, state.missions, state.combats = [], [], []
        if p == "german-movement":
            automaton.start_tactics(state)
    if stage(p) == "reinforcements":
        player = phasing(state)
        for r in sc().reinforcements:
            if r.turn == state.turn and player_of(state, r.unit) == player and state.pieces[r.unit].where == "waiting":
                state.pending.append({"kind": "enter", "unit": r.unit, "area": r.area})
        state.step = "rolled"


def _start_combat(state: State, events: list[Event]) -> None:
    """The combat areas of this phase: where the phasing side moved in, or flew support (4.1)."""
    targets = set(state.entered) | {m.target for m in state.missions if m.kind in ("support", "both")}
    state.combats = sorted(a for a in targets if contested(state, a) and attackers_in(state, a))
    state.step = "fighting"


def attackers_in(state: State, area: str) -> list[str]:
    player = phasing(state)
    if player == "german":
        return ground(state, area, "german")
    return [u for u in ground(state, area, "allied") if player_of(state, u) == player]


# --- handlers -------------------------------------------------------------------------------
def _step(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    p = state.phase
    if p == "initiative":
        if state.turn == 1 and solitaire(state):
            events.append(Event("comm", "One person plays both Allied seats: no ban on conferring, no handoff cover (betrayal:6.0)"))
        elif state.turn == 3 and not solitaire(state):
            events.append(Event("comm", "Comm No: from now on the Allied players may not confer (betrayal:6.2.1)"))
        elif state.turn == 1 and not solitaire(state):
            events.append(Event("comm", "Comm Yes: the Allied players may confer on turns 1 and 2 (betrayal:6.1)"))
        automaton.roll_initiative(state, dice, events)
    elif p == "orders":
        automaton.roll_orders(state, dice, events)
    elif p == "tactics":
        automaton.roll_tactics(state, dice, events)
        if "refit" in state.tactics:
            automaton.refit(state, events)
    elif p == "german-returns":
        returns_roll(state, "german", dice, events)
    elif p == "german-regroup":
        salvage(state, "german", dice, events)
    state.step = "rolled"


def _roll(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    player = phasing(state)
    if stage(state.phase) == "returns":
        returns_roll(state, player, dice, events)
    else:
        salvage(state, player, dice, events)
    state.step = "rolled"


def _assign(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    state.assigned[action["area"]] = action["tactic"]
    events.append(Event("tactics", f"{sc().areas[action['area']].name}: {automaton.TACTIC_NAMES[action['tactic']]} (betrayal:3.4.4)", dict(action)))


def _drop(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    uid, to = action["unit"], action["to"]
    state.pieces[uid].where = to
    state.pieces[uid].moved = True
    if ground(state, to, "allied"):
        state.entered.append(to)
    events.append(Event("move", f"{name(uid)} drops on {sc().areas[to].name} (betrayal:3.2.4)", dict(action)))
    stranded_air(state, events)


def _move(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    uid, to = action["unit"], action["to"]
    piece = state.pieces[uid]
    frm = piece.where
    path = movement.reach(state, uid)[to]
    stop = to
    if side_of(uid) == "german" and state.options["setup"] == "free" and state.turn == 1:
        stop = _bracket_halt(state, uid, path, dice, events)  # betrayal:9.0
    if action.get("republic") and may_carry(state, uid, frm, stop):
        carry_republic(state, uid, stop, events)
    piece.where = stop
    piece.moved = True
    if ground(state, stop, "german" if side_of(uid) == "allied" else "allied"):
        state.entered.append(stop)
    events.append(Event("move", f"{name(uid)}: {sc().areas[frm].name} to {sc().areas[stop].name}", {"unit": uid, "from": frm, "to": stop}))
    stranded_air(state, events)


def _bracket_halt(state: State, uid: str, path: list[str], dice: Dice, events: list[Event]) -> str:
    for area in path[:-1]:
        if sc().areas[area].bracket and not ground(state, area, "allied"):
            roll = dice.roll()
            events.append(Event("roll", f"{name(uid)} passes {sc().areas[area].name}'s defences: rolled {roll}{', halted' if roll == 1 else ''} (betrayal:9.0)", {"roll": roll}, commit=True))
            if roll == 1:
                return area
    return path[-1]


def _evacuate(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    uid = action["unit"]
    state.pieces[uid].where = "evacuated"
    events.append(Event("move", f"{name(uid)} evacuates to Britain (betrayal:3.2.3)", dict(action)))


def _mission(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    state.missions.append(Mission(action["unit"], action["target"], both=action.get("both", False)))
    events.append(Event("air", f"{name(action['unit'])} flies a mission to {sc().areas[action['target']].name} (betrayal:3.3)", dict(action)))


def _rebase(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    uid = action["unit"]
    state.pieces[uid].where = action["to"]
    state.pieces[uid].moved = True
    events.append(Event("air", f"{name(uid)} rebases to {sc().areas[action['to']].name} (betrayal:3.3.1)", dict(action)))


def _end_movement(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    """Missions take their kind; the other side intercepts (betrayal:3.3.3)."""
    player = phasing(state)
    side = "german" if player == "german" else "allied"
    events.append(Event("phase", f"{title(state)} ends (betrayal:3.0)"))
    air.fix_kinds(state, side, events)
    for target in sorted({m.target for m in state.missions}):
        if side == "german":
            if air.interceptors_for_german_mission(state, target):
                state.pending.append({"kind": "intercept", "target": target})
        else:
            air.intercept(state, target, air.german_interceptors(state, target), dice, events)
    state.step = "ended"


def _bombard(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    area = action["area"]
    side = "german" if phasing(state) == "german" else "allied"
    air.bombard(state, area, side, dice, events)
    for m in state.missions:
        if m.target == area:
            m.bombed = True
    if area not in state.combats:
        air.send_home(state, area)


def _combat(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    area = action["area"]
    state.combats.remove(area)
    attackers = attackers_in(state, area)
    if contested(state, area) and attackers:
        support = any(m.target == area and m.kind in ("support", "both") for m in state.missions)
        bomber = sum(air.value(state, m.unit, "support") for m in state.missions if m.target == area and m.kind in ("support", "both"))
        result = fight(state, area, attackers, dice, events, support, bomber)
        if phasing(state) == "german" and result in SUCCESS:
            armor = [u for u in attackers if sc().units[u].kind == "armor" and state.pieces[u].tactic == "exploit" and not state.pieces[u].exploited]
            if armor:
                state.pending.append({"kind": "exploit", "units": armor, "from": area})
    air.send_home(state, area)


def solitaire(state: State) -> bool:
    """One person takes both Allied seats: the ban on conferring (6.0) has no one to bind."""
    return state.options.get("players") == "one"


AGREEMENT = ("end-by-agreement", "propose-end", "agree-end", "decline-end")


def agreement(state: State, action: Action) -> list[Event]:
    """The game ends earlier by the players' agreement (betrayal:7.0): one Allied player proposes,
    the other agrees (victory is judged as at the end) or declines. One person in both seats
    (players: one) is both players and ends it at once."""
    kind, side = action["type"], action.get("side")
    if kind == "end-by-agreement":
        if not solitaire(state):
            raise IllegalAction("the game ends early only when both Allied players agree: one proposes it, the other agrees", "betrayal:7.0")
        return end_by_agreement(state)
    if solitaire(state) or side not in ALLIED:
        raise IllegalAction("the French or the British player proposes or answers an end by agreement", "betrayal:7.0")
    name, other = side.title(), next(n for n in ALLIED if n != side).title()
    if kind == "propose-end":
        if state.end_proposed is not None:
            raise IllegalAction(f"the {state.end_proposed.title()} player's proposal awaits its answer", "betrayal:7.0")
        state.end_proposed = side
        return [Event("end", f"The {name} player proposes to end the game now, victory judged at once; "
                             f"the {other} player agrees or declines (t) (betrayal:7.0)")]
    if state.end_proposed in (None, side):
        raise IllegalAction(f"no proposal of the {other} player to answer", "betrayal:7.0")
    state.end_proposed = None
    if kind == "decline-end":
        return [Event("end", f"The {name} player declines to end the game now: play goes on (betrayal:7.0)")]
    return end_by_agreement(state)


def end_by_agreement(state: State) -> list[Event]:
    """The players agree to end the game now: victory is judged as at the end (betrayal:7.0)."""
    state.phase, state.pending = "over", []
    return [Event("end", f"The players agree to end the game on turn {state.turn}: victory is judged now (betrayal:7.0)", commit=True)]


def breach(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    """Record an Allied player talking strategy after the ban: the progressive penalties (6.3)."""
    nation = action.get("nation")
    if nation not in ALLIED:
        raise IllegalAction("name the nation whose player talked: french or british", "betrayal:6.3")
    if state.turn < 3:
        raise IllegalAction("the Allied players may confer freely on turns 1 and 2", "betrayal:6.1")
    if solitaire(state):
        raise IllegalAction("one person plays both Allied seats: there is no one to confer with", "betrayal:6.0")
    marks = state.penalties[nation]
    who = nation.title()
    if len(marks) >= 3:
        events.append(Event("comm", f"{who} talked again: every penalty is already in force (betrayal:6.3.3)"))
    elif marks and marks[-1] == state.turn:
        events.append(Event("comm", f"{who} talked again this turn: the next penalty needs a later turn (betrayal:6.3.2)"))
    elif not marks:
        marks.append(state.turn)
        events.append(Event("comm", f"{who} talked: first penalty, the Germans shift 2 columns against {who} units for the rest of the game (betrayal:6.3.1)", {"nation": nation, "penalty": 1}, commit=True))
    elif len(marks) == 1:
        marks.append(state.turn)
        events.append(Event("comm", f"{who} talked: second penalty, the Germans win at least a Minor Victory against {who} (betrayal:6.3.2)", {"nation": nation, "penalty": 2}, commit=True))
    else:
        marks.append(state.turn)
        roll = dice.roll()
        state.no_major = True
        if roll >= 2:
            state.last_turn = state.turn
        events.append(
            Event(
                "comm",
                f"{who} talked: final penalty, rolled {roll}: "
                + ("the game ends this turn; only a Minor Victory saves a draw (betrayal:6.3.3)" if roll >= 2 else "no Major Victory for either Allied player (betrayal:6.3.3 a)"),
                {"nation": nation, "penalty": 3, "roll": roll},
                commit=True,
            )
        )


def _setup(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    place_free(state, action, events)


HANDLERS: dict[str, Callable[[State, Action, Dice, list[Event]], None]] = {
    "step": _step,
    "roll": _roll,
    "assign": _assign,
    "drop": _drop,
    "move": _move,
    "evacuate": _evacuate,
    "mission": _mission,
    "rebase": _rebase,
    "end-movement": _end_movement,
    "bombard": _bombard,
    "combat": _combat,
    "setup": _setup,
    "setup-historical": _setup,
    "setup-lift": _setup,
    "setup-done": _setup,
}


# --- the result -----------------------------------------------------------------------------
def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    judged = judge(state)
    levels = judged["levels"]
    words = [f"{nation.title()}: {LEVELS[levels[nation] + 2]}" for nation in ALLIED]
    if all(lv < 0 for lv in levels.values()):
        winner: str | None = "german"
    elif levels["french"] > 0 and levels["british"] <= 0:
        winner = "french"
    elif levels["british"] > 0 and levels["french"] <= 0:
        winner = "british"
    else:
        winner = None
    level = "; ".join(words)
    return Outcome(winner, level, "Each nation is judged apart against the automaton (betrayal:7.0).", facts(state, judged))


def facts(state: State, judged: dict[str, Any]) -> dict[str, str]:
    """What decided each nation's result, as the victory screen lists it (betrayal:6.3, 7.0)."""
    f = judged["facts"]
    areas = sum(1 for area in sc().areas.values() if area.country == "F")
    yes = {True: "yes", False: "no"}
    out = {
        "France": LEVELS[judged["levels"]["french"] + 2],
        "Britain": LEVELS[judged["levels"]["british"] + 2],
        "French Republic marker held by": {"french": "the French", "german": "the Germans"}.get(f["republic"], "nobody"),
        "Areas of France German-held": f"{f['german_areas_in_france']} of {areas}",
        "British ground units evacuated": str(f["evacuated"]),
        "British ground units on the map": str(f["saved"] - f["evacuated"]),
        "Belgium and the Netherlands all German-held": yes[f["low_countries_fallen"]],
        "No Allied air or armour left on the map": yes[f["allied_air_and_armor_gone"]],
    }
    for nation in ALLIED:
        if state.penalties[nation]:
            out[f"{nation.title()} penalties for talking (6.3)"] = str(len(state.penalties[nation]))
    return out


def view_units(state: State) -> list[dict[str, Any]]:
    out = []
    for uid, p in sorted(state.pieces.items()):
        u = sc().units[uid]
        out.append(
            {
                "id": uid,
                "name": u.name,
                "short": uid.split("-", 1)[1].upper()[:4],
                "nation": u.nation,
                "side": side_of(uid),
                "kind": u.kind,
                "zone": p.where if p.where in sc().areas else None,
                "box": None if p.where in sc().areas else p.where,
                "reduced": p.reduced,
                "values": list(u.reduced) + [u.move] if p.reduced and not u.air else [u.attack, u.defence, u.move] if not u.air else [],
                "moved": p.moved,
                "tactic": p.tactic,
            }
        )
    return out

