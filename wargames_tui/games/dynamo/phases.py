"""The sequence of play (4.2) as a machine of named phases, each with its prompt and actions.

I.   "supply"          French and German Mutual Supply Check Phase (5.8), automatic
II.  "luftwaffe"       Luftwaffe Commitment Phase (8.1)
     "german-move"     German Movement and Blitz Phase (9.0, 12.0); then, on turns 9 and 10,
     "german-withdrawal"  the Allied removal of a withdrawal the German did not make (20.1)
     "german-assault"  German Prepared Assault Phase (16.0)
     "german-dummies"  German Dummy Deployment Phase (11.1, 11.2)
III. "evacuation"      Allied Sea Evacuation Phase (20.4-20.6), from turn 3
     "allied-move"     Allied Movement Phase (9.0, 10.2, 15.6)
     "allied-assault"  Allied Prepared Assault Phase (16.0, 16.19)
     "allied-dummies"  Allied Dummy Deployment Phase (11.1)
Scenario II opens with "german-setup" and "allied-setup" (11.6, 24.1-24.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction, Prompt
from wargames_tui.games.dynamo import combat, evacuation, movement, setup, supply
from wargames_tui.games.dynamo.board import Board, enemy
from wargames_tui.games.dynamo.state import State
from wargames_tui.games.dynamo.victory import outcome, tally

__all__ = ["apply", "new_state", "outcome", "prompt"]

SEQUENCE = [
    "supply", "luftwaffe", "german-move", "german-assault", "german-dummies",
    "evacuation", "allied-move", "allied-assault", "allied-dummies",
]
TITLES = {
    "german-setup": ("German set-up", "11.6"),
    "allied-setup": ("Allied set-up", "24.3"),
    "supply": ("French and German Mutual Supply Check Phase", "5.8"),
    "luftwaffe": ("Luftwaffe Commitment Phase", "8.1"),
    "german-move": ("German Movement and Blitz Phase", "9.2"),
    "german-withdrawal": ("German Movement and Blitz Phase: withdrawal", "20.1"),
    "german-assault": ("German Prepared Assault Phase", "16.5"),
    "german-dummies": ("German Dummy Deployment Phase", "11.2"),
    "evacuation": ("Allied Sea Evacuation Phase", "20.4"),
    "allied-move": ("Allied Movement Phase", "9.2"),
    "allied-assault": ("Allied Prepared Assault Phase", "16.5"),
    "allied-dummies": ("Allied Dummy Deployment Phase", "11.2"),
    "over": ("Game over", "22.5"),
}


def phase_side(phase: str) -> str | None:
    if phase == "over" or phase == "supply":
        return None
    return "german" if phase.startswith("german") or phase == "luftwaffe" else "allied"


def acting_side(state: State) -> str | None:
    if state.over:
        return None
    if state.battle is not None:
        return combat.losing_side(state)
    if state.phase == "german-withdrawal":
        return "allied"
    return phase_side(state.phase)


def answering(state: State) -> bool:
    """Whether the side to act answers the other's action within that side's player-turn (4.2):
    the RAF flown in defence (8.8), the defender's losses, retreat and advance (17.10, 17.12,
    17.22), the withdrawal the Allies make for the German (20.1)."""
    if state.over:
        return False
    if state.battle is not None:
        return combat.losing_side(state) != Board(state).side_of(state.battle.attackers[0])
    return state.phase == "german-withdrawal"


def new_state(scenario_id: str, options: dict[str, str]) -> State:
    state = setup.initial(scenario_id, options)
    if state.phase == "supply":
        enter_phase(state, "supply")
    return state


# --- entering phases ------------------------------------------------------------------
def enter_phase(state: State, phase: str) -> list[Event]:
    """Set up phase and run any phase that needs no decision, until one does."""
    events: list[Event] = []
    while True:
        state.phase = phase
        state.revealed = []
        state.retreated_in = []  # 17.18 holds within one combat phase
        title = TITLES[phase][0]
        events.append(Event("phase", f"Turn {state.turn}: {title}", {"phase": phase, "turn": state.turn}, commit=True))
        b = Board(state)
        if phase == "supply":
            if state.turn == b.g.rules.edges.belgian_switch_turn:
                events += _belgian_edge_closes(state)
            events += supply.check(state)
            phase = "luftwaffe"
            continue
        if phase == "luftwaffe":
            state.air = {}
            a = b.g.rules.air
            state.air_left = a.factors_after_turn_8 if state.turn > 8 else a.factors
            if not b.units_of("german"):
                phase = "german-move"
                continue
        elif phase in ("german-move", "allied-move"):
            side = phase_side(phase)
            for uid, st in state.units.items():
                if b.side_of(uid) == side:
                    st.spent, st.done = 0, False
            if phase == "german-move":
                state.force_march = ""
                state.withdrawn_this_turn = False
            else:
                state.recce_done = False
                state.mixed_start = _mixed_stacks(b)
        elif phase in ("german-assault", "allied-assault"):
            state.attacked_with, state.attacked_units, state.retreated_in = [], [], []
        elif phase in ("german-dummies", "allied-dummies", "german-setup", "allied-setup"):
            state.deployed = []
        elif phase == "evacuation":
            if state.turn < b.g.rules.evacuation.first_turn:
                phase = "allied-move"
                continue
            evacuation.open_phase(state)
        return events


def _mixed_stacks(b: Board) -> list[str]:
    """Units that begin the Allied movement phase in a hex holding both British and French units (10.2)."""
    out = []
    for h in b.hexes_of("allied"):
        real = b.real_at(h)
        if {b.unit(u).nation for u in real} >= {"british", "french"}:
            out += real
    return out


def _belgian_edge_closes(state: State) -> list[Event]:
    """From turn 9 the Belgian stretch is German edge; Allied units held off it are destroyed (19.2)."""
    events = []
    for uid, st in state.units.items():
        if st.where == "off" and st.edge == "belgian":
            events += combat.eliminate(state, uid, "held off the Belgian edge when Belgium surrendered (19.2)")
    return events


def end_phase(state: State, dice: Dice) -> list[Event]:
    b = Board(state)
    phase = state.phase
    events: list[Event] = []
    if phase == "luftwaffe" and state.air_left and b.units_of("german"):
        raise IllegalAction("every available Luftwaffe factor must be committed", "dynamo:8.1")
    if phase == "german-move" and _withdrawal_owed(b):
        return enter_withdrawal(state)
    if phase == "allied-assault" and state.counter_stroke == "active":
        state.counter_stroke = "used"  # 16.19: never carried over
    if phase == "allied-move" and state.halved:
        state.halved = []
    if phase == "allied-setup":
        return enter_phase(state, "evacuation")
    if phase == "german-setup":
        return enter_phase(state, "allied-setup")
    if phase == "german-withdrawal":
        return enter_phase(state, "german-assault")
    if phase == "allied-dummies":
        if state.turn >= b.g.rules.turns:
            return events + game_over(state)
        state.turn += 1
        return events + enter_phase(state, "supply")
    return events + enter_phase(state, SEQUENCE[SEQUENCE.index(phase) + 1])


def _withdrawal_owed(b: Board) -> bool:
    s = b.state
    return s.turn in b.g.rules.edges.withdrawal_turns and not s.withdrawn_this_turn and bool(_withdrawal_choices(b))


def _withdrawal_choices(b: Board) -> list[str]:
    return [u for u in b.units_of("german") if movement.withdrawable(b, u)]


def enter_withdrawal(state: State) -> list[Event]:
    state.phase = "german-withdrawal"
    return [Event("phase", "The German did not withdraw a division: the Allied player removes one (20.1)", {"phase": state.phase}, commit=True)]


def game_over(state: State) -> list[Event]:
    state.over = True
    state.phase = "over"
    state.group = None
    state.final = tally(state, final=True)
    return [Event("over", f"Game over: German {state.final['german']} points, Allied {state.final['allied']}", dict(state.final), commit=True)]


# --- prompts -------------------------------------------------------------------------
def prompt(state: State) -> Prompt:
    title = TITLES[state.phase][0]
    side = acting_side(state)
    if state.over:
        return Prompt(None, title, "The game is over.", "dynamo:22.5", [])
    b = Board(state)
    if state.battle is not None:
        return _battle_prompt(state, b, title)
    handler = PROMPTS[state.phase]
    text, cited, actions = handler(state, b)
    return Prompt(side, title, text, f"dynamo:{cited}", actions)


def _battle_prompt(state: State, b: Board, title: str) -> Prompt:
    battle = state.battle
    assert battle is not None
    acts = combat.choices(state)
    side = combat.losing_side(state)
    texts = {
        "raf": ("A German assault on a British division: call the RAF to defend (+2 to the German die)?", "8.8"),
        "defender": (f"Defender: absorb {battle.owed} as step losses or retreat the rest ({battle.result}).", "17.10"),
        "attacker": (f"Attacker: absorb {battle.owed} as step losses" + (" (a Blitz takes only steps)." if battle.kind == "blitz" else " or retreat the rest."), "17.10" if battle.kind == "prepared" else "12.9"),
        "defender-retreat": (f"Retreat {b.unit(battle.retreating[0]).short if battle.retreating else ''} {battle.retreat} hex(es).", "17.12"),
        "attacker-retreat": (f"Retreat {b.unit(battle.retreating[0]).short if battle.retreating else ''} {battle.retreat} hex(es).", "17.12"),
        "advance": ("Advance after combat, or stop.", "17.20"),
    }
    text, cited = texts[battle.stage]
    return Prompt(side, title, text, f"dynamo:{cited}", acts)


def _luftwaffe_prompt(state: State, b: Board) -> tuple[str, str, list[dict[str, Any]]]:
    acts: list[dict[str, Any]] = [{"type": "air", "unit": u} for u in sorted(b.real(b.units_of("german")))] if state.air_left else []
    if not state.air_left or not acts:
        acts.append({"type": "end-phase"})
    if not state.air_left:
        return "Every Luftwaffe factor is placed: end the phase.", "8.1", acts
    return "Commit the Luftwaffe over German units, one factor at a time.", "8.1", acts


def _move_prompt(state: State, b: Board) -> tuple[str, str, list[dict[str, Any]]]:
    side = phase_side(state.phase)
    assert side is not None
    group = state.group
    if group is not None:
        acts: list[dict[str, Any]] = [{"type": "go", "hex": h} for h in sorted(movement.destinations(b, group))]
        acts += [{"type": "blitz", "hex": t} for t in movement.blitz_targets(b, group)]
        if movement.exit_kind(b, group):
            acts.append({"type": "leave"})
        acts += [a for a in movement.breakdown_options(b) if a["unit"] in group.units or a["type"] == "reform"]
        acts.append({"type": "halt"})
        left = movement.group_left(b, group)
        blitz = ", Blitz" if any(a["type"] == "blitz" for a in acts) else ""
        return f"Move {'+'.join(b.unit(u).short for u in b.real(group.units))} at {group.hex} ({left} MP left){blitz}, or set it down.", "9.1", acts
    acts = movement.force_march_options(b) if side == "german" else movement.recce_options(b)
    acts += movement.pickable(b, side) + movement.entry_options(b, side)
    if side == "german":
        acts += movement.breakdown_options(b)
    acts.append({"type": "end-phase"})
    extra = "".join(f"{_OPTION_WORDS[a['type'], a.get('korps')]}, " for a in acts if (a["type"], a.get("korps")) in _OPTION_WORDS)
    return f"Pick up a stack or unit to move, bring on reinforcements, {extra}or end the phase.", "9.2", acts


def listed_part(state: State, action: Any) -> list[dict[str, Any]] | None:
    """In a Movement Phase, the part of the prompt that would list the action, found without
    listing the rest (engine/legality.listed_quickly): the moving stack's step to one hex (its
    search stops there, not at the end of its whole reach), setting it down, the units of one hex
    to pick up, the end of the phase."""
    side = phase_side(state.phase)
    if state.over or state.battle is not None or state.phase not in ("german-move", "allied-move") or side is None:
        return None
    kind, b, group = action.get("type"), Board(state), state.group
    if group is not None:
        target = action.get("hex")
        if kind == "go" and isinstance(target, str) and target in movement.destinations(b, group, target):
            return [{"type": "go", "hex": target}]
        return [{"type": "halt"}] if kind == "halt" else None
    if kind == "end-phase":
        return [{"type": "end-phase"}]
    units = action.get("units")
    if kind != "pick" or not isinstance(units, list) or not units or not isinstance(units[0], str) or units[0] not in state.units:
        return None
    h = state.units[units[0]].hex
    return movement.pickable_at(b, h) if h in b.hexes_of(side) else None


# The options that name nothing on the map, named in the prompt so that a player knows they are open.
_OPTION_WORDS = {
    ("force-march", "2pz"): "force march the 2nd Panzer (14.2)",
    ("force-march", "19"): "force march the 19th Panzer Korps (14.3)",
    ("detach-recce", None): "detach the 3rd Division's recce (15.6)",
    ("rejoin-recce", None): "rejoin the 3rd Division's recce (15.6)",
}


def _withdrawal_prompt(state: State, b: Board) -> tuple[str, str, list[dict[str, Any]]]:
    acts: list[dict[str, Any]] = [{"type": "remove", "unit": u} for u in _withdrawal_choices(b)]
    return "Remove a full-strength German infantry division of your choice.", "20.1", acts


def assault_attackers(b: Board, side: str) -> list[str]:
    s = b.state
    out = []
    for u in b.real(b.units_of(side)):
        if u in s.attacked_with or b.attack(u) <= 0:
            continue
        if s.force_march == "2pz" and (u == "g-2pz" or b.unit(u).parent == "g-2pz"):
            continue  # 14.2
        if s.force_march == "19" and b.unit(u).korps == "19":
            continue  # 14.3
        out.append(u)
    return out


def assault_targets(b: Board, side: str) -> list[str]:
    s = b.state
    return [
        h for h in b.hexes_of(enemy(side))
        if any(u not in s.attacked_units and u not in s.retreated_in for u in b.real_at(h))
    ]


def _assault_prompt(state: State, b: Board) -> tuple[str, str, list[dict[str, Any]]]:
    side = phase_side(state.phase)
    assert side is not None
    attackers = assault_attackers(b, side)
    acts: list[dict[str, Any]] = []
    if side == "allied" and state.counter_stroke == "unused" and not state.attacked_with and not b.g.scenario.counter_stroke_used:
        acts.append({"type": "counter-stroke"})
    for h in assault_targets(b, side):
        near = [u for u in attackers if h in b.m.neighbours[state.units[u].hex]]  # type: ignore[index]
        if not near:
            continue
        groups = [near]  # every adjacent unit, and where they stand in several hexes, each hex's alone
        sources = sorted({state.units[u].hex for u in near})  # type: ignore[type-var]
        if len(sources) > 1:
            groups += [[u for u in near if state.units[u].hex == f] for f in sources]
        for group in groups:
            acts.append({"type": "assault", "attackers": group, "hexes": [h]})
            if side == "allied" and state.raf and any(b.unit(u).nation == "british" and b.unit(u).division for u in group):
                acts.append({"type": "assault", "attackers": group, "hexes": [h], "raf": True})
    targets = assault_targets(b, side)
    for i, h in enumerate(targets):  # two defending hexes in one battle (16.7, 16.13)
        for h2 in targets[i + 1 :]:
            if h2 not in b.m.neighbours[h]:
                continue
            both = [u for u in attackers if {h, h2} <= set(b.m.neighbours[state.units[u].hex])]  # type: ignore[index]
            if both:
                acts.append({"type": "assault", "attackers": both, "hexes": [h, h2]})
    acts.append({"type": "end-phase"})
    first = ", launch the counter stroke first (16.19)" if acts[0]["type"] == "counter-stroke" else ""
    return f"Declare and resolve prepared assaults one at a time{first}, or end the phase.", "16.5", acts


def _dummy_prompt(state: State, b: Board) -> tuple[str, str, list[dict[str, Any]]]:
    side = phase_side(state.phase)
    assert side is not None
    acts = setup.dummy_options(b, side)
    if state.phase == "allied-setup":
        acts = setup.placement_options(b) + acts
    acts.append({"type": "end-phase"})
    if state.phase == "allied-setup":
        return "Shift units within their groups' areas, place your dummies in secret, or end the set-up.", "24.3", acts
    return "Place your dummies in secret on or under your own units, or end the phase.", "11.2" if "setup" not in state.phase else "11.6", acts


def _evacuation_prompt(state: State, b: Board) -> tuple[str, str, list[dict[str, Any]]]:
    acts = evacuation.options(b) + [{"type": "end-phase"}]
    return evacuation.summary(state), "20.4" if state.turn < b.g.rules.evacuation.big_from_turn else "20.5", acts


PROMPTS: dict[str, Callable[[State, Board], tuple[str, str, list[dict[str, Any]]]]] = {
    "german-setup": _dummy_prompt,
    "allied-setup": _dummy_prompt,
    "luftwaffe": _luftwaffe_prompt,
    "german-move": _move_prompt,
    "german-withdrawal": _withdrawal_prompt,
    "german-assault": _assault_prompt,
    "german-dummies": _dummy_prompt,
    "evacuation": _evacuation_prompt,
    "allied-move": _move_prompt,
    "allied-assault": _assault_prompt,
    "allied-dummies": _dummy_prompt,
}


# --- applying actions ----------------------------------------------------------------
def apply(state: State, action: Any, dice: Dice) -> list[Event]:
    if state.over:
        raise IllegalAction("the game is over", "dynamo:22.5")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is a dict with a 'type'", "dynamo:4.1")
    if state.battle is not None:
        events = combat.act(state, action, dice)
    elif action["type"] == "assault" and state.phase in ("german-assault", "allied-assault"):
        events = _assault(state, action, dice)
    elif action["type"] == "pick" and state.phase in ("german-move", "allied-move") and state.group is None:
        events = movement.pick(state, action.get("units"))  # any part of a stack (7.4, 9.7)
    elif state.group is not None and action["type"] in ("go", "blitz", "halt") and set(action) <= {"type", "hex"}:
        events = _do(state, action, dice)  # each checks itself, without building the whole prompt
    else:
        current = prompt(state)
        if action not in current.actions:
            raise IllegalAction(f"{action['type']!r} with those details is not a legal action now", current.case)
        events = _do(state, action, dice)
    combat.strand_all(state)
    return events or [Event("note", f"{action['type']} done", {})]


def _do(state: State, action: dict[str, Any], dice: Dice) -> list[Event]:
    kind = action["type"]
    b = Board(state)
    if kind == "end-phase":
        return end_phase(state, dice)
    if kind == "air":
        state.air[action["unit"]] = state.air.get(action["unit"], 0) + 1
        state.air_left -= 1
        h = state.units[action["unit"]].hex
        return [Event("air", f"A Luftwaffe factor over {h}", {"hex": h}), Event("air", f"on {b.unit(action['unit']).short}", {}, only="german")]
    if kind == "pick":
        return movement.pick(state, action["units"])
    if kind == "go":
        return movement.move(state, action.get("hex"))
    if kind == "blitz":
        return movement.blitz(state, action.get("hex"), dice)
    if kind == "halt":
        return movement.halt(state)
    if kind == "leave":
        return movement.leave(state)
    if kind == "enter":
        return movement.enter(state, action["unit"], action["hex"])
    if kind in ("break-down", "reform"):
        return movement.breakdown(state, action)
    if kind in ("detach-recce", "rejoin-recce"):
        return movement.recce(state, action)
    if kind == "force-march":
        return movement.force_march(state, action["korps"])
    if kind == "remove":
        state.units[action["unit"]].where, state.units[action["unit"]].hex = "withdrawn", None
        state.withdrawn_this_turn = True
        events = [Event("withdraw", f"The Allied player withdraws {b.unit(action['unit']).short} (20.1)", {"unit": action["unit"]})]
        return events + end_phase(state, dice)
    if kind == "counter-stroke":
        state.counter_stroke = "active"
        return [Event("note", "The Allied counter stroke: -3 on the first assault, and on each after a win (16.19)", {})]
    if kind in ("dummy", "recall"):
        return setup.deploy(state, action)
    if kind == "place":
        return setup.place(state, action)
    if kind == "evacuate":
        return evacuation.evacuate(state, action["unit"], dice)
    raise IllegalAction(f"unknown action {kind!r}", "dynamo:4.1")


def _assault(state: State, action: dict[str, Any], dice: Dice) -> list[Event]:
    """A prepared assault by any attackers on any adjacent defending hexes (16.5-16.9)."""
    b = Board(state)
    side = phase_side(state.phase)
    assert side is not None
    attackers, hexes, raf = action.get("attackers"), action.get("hexes"), action.get("raf", False)
    if not isinstance(attackers, list) or not isinstance(hexes, list) or not attackers or not hexes:
        raise IllegalAction("an assault names its attackers and the defending hexes", "dynamo:16.7")
    if not all(isinstance(x, str) for x in attackers + hexes) or not isinstance(raf, bool):
        raise IllegalAction("attackers and hexes are ids", "dynamo:16.7")
    if len(set(attackers)) != len(attackers) or len(set(hexes)) != len(hexes):
        raise IllegalAction("a unit or hex is named twice", "dynamo:16.9")
    allowed = set(assault_attackers(b, side))
    bad = [u for u in attackers if u not in allowed]
    if bad:
        raise IllegalAction(f"{bad[0]!r} cannot attack in this phase (it has attacked, is not yours, or may not)", "dynamo:16.5")
    targets = set(assault_targets(b, side))
    if any(h not in targets for h in hexes):
        raise IllegalAction("every defending hex must hold enemy units not yet assaulted this phase", "dynamo:16.5")
    if any(h not in b.m.neighbours[state.units[u].hex] for u in attackers for h in hexes):  # type: ignore[index]
        raise IllegalAction("every attacker must be adjacent to every defending hex", "dynamo:16.7")
    if raf and not (side == "allied" and state.raf and any(b.unit(u).nation == "british" and b.unit(u).division for u in attackers)):
        raise IllegalAction("the RAF may intervene once, with a British division in the assault", "dynamo:8.9")
    state.attacked_with += attackers
    state.attacked_units += [u for h in hexes for u in b.real_at(h)]
    from_hexes = {u: state.units[u].hex for u in attackers}
    return combat.begin(state, "prepared", attackers, hexes, from_hexes, dice, "offensive" if raf else None)  # type: ignore[arg-type]
