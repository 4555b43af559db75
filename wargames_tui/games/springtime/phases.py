"""The sequence of play as a machine of named phases and steps (springtime:6.0 to 6.4, 8.0, 15.0).

Each step waits for one side's action; `prompt` lists the legal ones and `apply` takes one, then
runs every step that needs no decision until the next one that does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wargames_tui.engine.actionlist import types_of
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Prompt
from wargames_tui.games.springtime import bids, combat, markers, movement, refit, setup
from wargames_tui.games.springtime.data import load_board, load_scenario
from wargames_tui.games.springtime.morale import lose_unit, set_control, update_control
from wargames_tui.games.springtime.positions import (
    full,
    mark_supply,
    occupied,
    on_map,
    other,
    units_in,
)
from wargames_tui.games.springtime.state import OFFMAP, REMOVED, State
from wargames_tui.games.springtime.victory import automatic_victory, finish

SIDES = {"allied": "Allied (France, Britain, Belgium, the Netherlands)", "axis": "Axis (Germany, Italy)"}

# step -> (the side that acts, the instruction, the case)
STEPS: dict[str, tuple[str, str, str]] = {
    "bid-allied": ("allied", "Bids for the Axis: first bidder, seal your bid unseen (the higher bid plays the Axis)", "17.1"),
    "bid-axis": ("axis", "Bids for the Axis: second bidder, seal your bid unseen (the higher bid plays the Axis)", "17.1"),
    "setup-allied": ("allied", "Free set-up: place your units in France, armour and reserves with the 1st or 7th Army", "18.2"),
    "setup-axis": ("axis", "Free set-up: place your units in Germany", "18.2"),
    "draw-allied": ("allied", "Political Phase: draw an Event marker, or keep the one you hold", "6.1.1"),
    "draw-axis": ("axis", "Political Phase: draw an Event marker, or keep the one you hold", "6.1.1"),
    "belgium": ("axis", "Belgium surrenders: take control of a vacant Belgian Area", "6.1.2"),
    "kleist": ("axis", "Place Kleist with one of his three units for this turn", "4.4.1"),
    "surprise-event": ("allied", "Turn 1: you may play your Event marker before the German impulse", "15.1"),
    "start": ("", "Impulse: play an Event or the Advantage, then choose Assault, Regroup, Redeploy or Pass", "8.1"),
    "assault": ("", "Assault Impulse: move and attack with the active units, then end the impulse", "8.1.1"),
    "regroup": ("", "Regroup: move any units one Area, then end the impulse", "8.1.2"),
    "redeploy": ("", "Redeploy: move the units of the chosen Area up to twice their MF, then end the impulse", "8.1.2"),
    "defend": ("", "Combat: choose the Lead Defending Unit and any Air Support", "10.4.3"),
    "advantage": ("", "Spend the Advantage to change this result, or accept it", "11.1"),
    "retreat": ("", "Retreat: move each unit back to an Area of the best priority, or hold where allowed", "10.5"),
    "logistics": ("", "The Logistics roll ends the Maneuvers Phase: spend the Advantage to Soldier On, or accept", "11.1.4"),
    "refit-allied": ("allied", "Refit Phase: spend Replacement Points, then end", "12.1"),
    "refit-axis": ("axis", "Refit Phase: spend Replacement Points, then end", "12.1"),
    "event-allied": ("allied", "End Phase: you may play your Event marker", "6.4.4"),
    "event-axis": ("axis", "End Phase: you may play your Event marker", "6.4.4"),
    "discard-allied": ("allied", "End Phase: keep your Event marker or return it to the cup", "6.4.4"),
    "discard-axis": ("axis", "End Phase: keep your Event marker or return it to the cup", "6.4.4"),
    "airlanding": ("axis", "End Phase: withdraw the Airlanding Corps from the map, or leave it", "18.1.3"),
}
PHASE_TITLES = {
    "bids": "Side Determination",
    "setup": "Limited Free Setup",
    "political": "Political Phase", "maneuvers": "Maneuvers Phase", "refit": "Refit Phase", "end": "End Phase", "over": "Game over",
}


# ---- new game ----------------------------------------------------------------------------------
OPTIONS: dict[str, list[str]] = {
    "airdrops": ["off", "on"],        # 18.1
    "free-setup": ["off", "on"],      # 18.2 (Fall Gelb)
    "bef-returns": ["off", "on"],     # 18.3
    "bids": ["off", "on"],            # 17.1
}
LEGACY_OPTIONS = {"bid"}  # saves from before the bids were made in the game: a winning bid agreed at the table


def new_state(scenario: str, options: dict[str, str]) -> State:
    for key, value in options.items():
        if key in LEGACY_OPTIONS and value.isdigit():
            continue
        if key not in OPTIONS or value not in OPTIONS[key]:
            raise ValueError(f"unknown option {key}={value}; Springtime for Hitler knows {OPTIONS}")
    opts = {k: options.get(k, v[0]) for k, v in OPTIONS.items()}
    b = load_board()
    sc = load_scenario(scenario)
    state = State(scenario, opts, turn=sc.turn, last_turn=sc.last_turn, impulse=sc.impulse, advantage=sc.advantage)
    state.morale = sc.morale + int(options.get("bid", "0"))  # 17.1, a bid settled at the table (LEGACY_OPTIONS)
    state.rp = {"allied": sc.rp_allied, "axis": sc.rp_axis}
    state.control = {a.id: a.control for a in b.areas.values()}
    for a in sc.axis_areas:
        state.control[a] = "axis"
    for uid in b.units:
        at = sc.setup.get(uid, OFFMAP)
        if uid in sc.lists.eliminated:
            at = "eliminated"
        if uid in sc.lists.removed:
            at = REMOVED
        state.units[uid] = {"at": at, "reduced": uid in sc.lists.reduced, "oos": False}
    if "operation-dynamo" in sc.played:
        state.flags["dynamo"] = True
        if opts["bef-returns"] == "on":  # 19.1.1: the BEF and Gort may come back under 18.3
            state.units["bef"]["at"] = "eliminated"
    if scenario == "springtime/plan-red" and opts["airdrops"] == "on":
        state.units["de-airlanding"]["at"] = REMOVED  # 19.1.2
    for lid, l in b.leaders.items():
        unit = sc.lists.kleist if lid == "kleist" else l.command[0]
        state.leaders[lid] = {"unit": unit if on_map(state, unit) else None, "flipped": False}
    state.air_full = list(sc.air_full)
    state.cup = sorted(e for e in b.events if e not in sc.played)
    state.played = list(sc.played)
    state.hands = {"allied": [], "axis": []}
    state.shown = {"allied": False, "axis": False}
    state.draws = {"allied": 0, "axis": 0}
    state.played_impulse = {"allied": False, "axis": False}
    state.last_assault = {"allied": [], "axis": []}
    state.flags.update(opening=True, surprise=sc.surprise, offer_plan_red=scenario == "springtime/plan-red")
    state.flags["phase_morale"] = state.morale  # French Morale as the Political Phase starts (6.1.3, 6.1.4)
    state.phase, state.step = "political", "draw-allied"
    if scenario == "springtime/plan-red":
        # 19.2: the markers stand at Turn 4, Axis Impulse 6; the first draws come in Turn 5.
        _begin_maneuvers(state, [])
    if opts["free-setup"] == "on" and scenario == "springtime/fall-gelb":
        setup.begin(state)
        state.phase, state.step = "setup", "setup-allied"
    if opts["bids"] == "on":
        bids.begin(state)  # 17.1 comes before the set-up: sides are chosen first (18.2)
    return state


# ---- who acts, and what may they do ------------------------------------------------------------
def acting_side(state: State) -> str | None:
    if state.phase == "over":
        return None
    side = STEPS[state.step][0]
    if side:
        return side
    if state.step == "defend":
        return (state.combat or {}).get("defender")
    if state.step == "retreat":
        return combat.retreat_side(state)
    if state.step in ("advantage", "logistics"):
        return state.advantage
    return state.active


def prompt(state: State) -> Prompt:
    side = acting_side(state)
    if state.phase == "over":
        return Prompt(None, "over", "The game is over", "springtime:16.0", [])
    _, text, case = STEPS[state.step]
    phase = f"{PHASE_TITLES[state.phase]}: {state.step}"
    return Prompt(side, phase, text, f"springtime:{case}", ACTIONS[state.step](state))


def _setup_actions(state: State) -> list[Action]:
    side = acting_side(state)
    assert side
    return [{"type": "place", "unit": u, "area": a} for u in setup.waiting(state, side) for a in setup.place_areas(state, u)]


def _draw_actions(state: State) -> list[Action]:
    side = acting_side(state)
    assert side
    out: list[Action] = [{"type": "keep"}, {"type": "discard_draw"}] if state.hands[side] else [{"type": "draw"}]
    if side == "axis" and state.flags.get("offer_plan_red") and "plan-red" in state.cup:
        out.append({"type": "take_plan_red"})  # 19.2
    return out


def _belgium_actions(state: State) -> list[Action]:
    return [{"type": "belgium", "area": a} for a in _belgian_vacant(state)]


def _kleist_actions(state: State) -> list[Action]:
    return [{"type": "kleist", "unit": u} for u in _kleist_choices(state)]


def _surprise_actions(state: State) -> list[Action]:
    return markers.play_actions(state, "allied", True) + [{"type": "decline"}]


def _start_actions(state: State) -> list[Action]:
    side = state.active
    out = markers.play_actions(state, side, True)
    if state.advantage == side:
        if _open_city_possible(state):
            out.append({"type": "advantage", "use": "open_city"})
        if _extra_event_possible(state, side):
            out.append({"type": "advantage", "use": "extra_event"})
    out += [{"type": "assault", "groups": g} for g in _assault_choices(state)]
    out.append({"type": "regroup"})
    out += [{"type": "redeploy", "area": a} for a in _redeploy_areas(state)]
    out.append({"type": "pass"})
    return out


def _assault_actions(state: State) -> list[Action]:
    imp = state.imp
    out: list[Action] = [{"type": "move", "unit": u, "to": a} for u, a in movement.legal_steps(state)]
    out += [{"type": "airdrop", "area": a} for a in _airdrop_areas(state)]
    b = load_board()
    for area in sorted(b.areas):
        if area in imp["attacked"] or not occupied(state, area, other(state.active)):
            continue
        cands = movement.attack_candidates(state, area)
        if not cands:
            continue
        sets: list[list[str]]
        if area in imp["must"]:
            sets = [sorted(cands)]
        else:
            sets = [sorted(cands)] + ([[u] for u in cands] if len(cands) > 1 else [])
        if imp.get("one_group"):
            sets = [s for s in sets if len({movement.group_in_impulse(state, u) for u in s} - {"R"}) <= 1]
        for units in sets:
            for lead in units:
                for air in [None, *combat.air_choices(state, state.active, lead)]:
                    out.append({"type": "attack", "area": area, "units": units, "lead": lead, "air": air})
    if not _pending_mandatory(state):
        out.append({"type": "end"})
    return out


def _move_actions(state: State, unit: object = None) -> list[Action]:
    return [{"type": "move", "unit": u, "to": a} for u, a in movement.legal_steps(state, unit)] + [{"type": "end"}]


def _defend_actions(state: State) -> list[Action]:
    c = state.combat
    assert c is not None
    return [
        {"type": "defend", "lead": u, "air": air}
        for u in combat.defender_leads(state)
        for air in [None, *combat.air_choices(state, c["defender"], u)]
    ]


def _advantage_actions(state: State) -> list[Action]:
    use = combat.advantage_offer(state)
    return [{"type": "advantage", "use": use}, {"type": "decline"}]


def _retreat_actions(state: State) -> list[Action]:
    r = state.retreats[0]
    out: list[Action] = [{"type": "retreat", "unit": r["unit"], "to": a} for a in combat.retreat_options(state, r["unit"], r["role"])]
    if not r["must"]:
        out.append({"type": "stay", "unit": r["unit"]})
    return out


def _logistics_actions(state: State) -> list[Action]:
    return [{"type": "advantage", "use": "soldier_on"}, {"type": "decline"}]


def _refit_actions(state: State) -> list[Action]:
    side = acting_side(state)
    assert side
    return refit.refit_actions(state, side) + [{"type": "end"}]


def _end_event_actions(state: State) -> list[Action]:
    side = acting_side(state)
    assert side
    return markers.play_actions(state, side, False) + [{"type": "decline"}]


def _discard_actions(state: State) -> list[Action]:
    return [{"type": "keep"}, {"type": "discard"}]


def _airlanding_actions(state: State) -> list[Action]:
    return [{"type": "withdraw"}, {"type": "decline"}]


ACTIONS: dict[str, Callable[[State], Sequence[Action]]] = {
    "bid-allied": bids.actions, "bid-axis": bids.actions,
    "setup-allied": _setup_actions, "setup-axis": _setup_actions,
    "draw-allied": _draw_actions, "draw-axis": _draw_actions, "belgium": _belgium_actions, "kleist": _kleist_actions,
    "surprise-event": _surprise_actions, "start": _start_actions, "assault": _assault_actions,
    "regroup": _move_actions, "redeploy": _move_actions, "defend": _defend_actions, "advantage": _advantage_actions,
    "retreat": _retreat_actions, "logistics": _logistics_actions, "refit-allied": _refit_actions,
    "refit-axis": _refit_actions, "event-allied": _end_event_actions, "event-axis": _end_event_actions,
    "discard-allied": _discard_actions, "discard-axis": _discard_actions, "airlanding": _airlanding_actions,
}


def _legal(state: State, action: Action) -> bool:
    """Whether the action is one of the step's legal actions; a move is looked for among its unit's
    steps only (listing every unit's steps for each move was most of a game's replay)."""
    if ACTIONS[state.step] is _move_actions and action["type"] == "move":
        return action in _move_actions(state, action.get("unit"))
    return action in ACTIONS[state.step](state)


# ---- helpers for the choices -------------------------------------------------------------------
def _belgian_vacant(state: State) -> list[str]:
    b = load_board()
    return [a for a in sorted(b.areas) if b.areas[a].nation == "belgium" and state.control[a] == "allied" and not occupied(state, a, "allied")]


def _kleist_choices(state: State) -> list[str]:
    b = load_board()
    current = state.leaders["kleist"]["unit"]
    if current is None:
        return []
    units = [u for u in b.leaders["kleist"].command if on_map(state, u)]
    if state.flags.get("opening"):  # the set-up puts Kleist in his Area (5.2.1)
        units = [u for u in units if state.units[u]["at"] == state.units[current]["at"]]
    return units


def _open_city_possible(state: State) -> bool:
    """Paris may be declared open once the Axis controls an Area next to it (springtime:11.1.1)."""
    b = load_board()
    return not state.flags.get("open_city") and any(state.control[n] == "axis" for n in b.graph.neighbours("25"))


def _extra_event_possible(state: State, side: str) -> bool:
    """springtime:11.1.5: a new marker after playing one in an earlier impulse, or in place of the one
    held; never more than two drawn in a turn."""
    if state.draws.get(side, 0) >= 2 or not state.cup:
        return False
    return bool(state.hands[side]) or state.played_impulse.get(side, False)


def _assault_choices(state: State) -> list[list[str]]:
    b = load_board()
    side = state.active
    present = sorted({b.units[u].group for u in state.units if b.units[u].side == side and on_map(state, u)} - {"R"})
    if side == "allied":
        present = [g for g in present if not movement.pinned(state, "fr-alp") or g != "4"]
    banned = set(state.last_assault.get(side, []))
    if side == "allied" and state.flags.get("billotte"):
        banned.add("1")
    singles = [[g] for g in present if g not in banned]
    out = list(singles)
    if side == "axis" and "K" in present and "K" not in banned:
        out += [sorted([g, "K"]) for g in present if g not in ("K", *banned)]  # 8.1.1: Kleist with another
    if side == "axis" and _all_groups_now(state):
        out.append(present)  # 15.3, Plan Red
    return out


def _all_groups_now(state: State) -> bool:
    return bool(state.flags.get("plan_red") or (state.flags.get("opening") and state.flags.get("surprise")))


def _redeploy_areas(state: State) -> list[str]:
    b = load_board()
    areas = {state.units[u]["at"] for u in state.units if b.units[u].side == state.active and on_map(state, u)}
    return sorted(a for a in areas if any(not state.units[u]["oos"] for u in units_in(state, a, state.active)))


def _airdrop_areas(state: State) -> list[str]:
    """springtime:18.1: within two Areas of another German unit, in an Axis Assault impulse."""
    b = load_board()
    if state.options.get("airdrops") != "on" or state.active != "axis" or state.units["de-airlanding"]["at"] != OFFMAP:
        return []
    if state.flags.get("airlanding_out") == state.turn:
        return []  # 18.1.3: back on a later turn
    german = {state.units[u]["at"] for u in state.units if b.units[u].nation == "german" and on_map(state, u)}
    near = {a for g in german for a in b.graph.within(g, 2)}
    return sorted(a for a in near if a != "F" and a not in state.imp["attacked"] and not full(state, a, "axis"))


def _pending_mandatory(state: State) -> list[str]:
    imp = state.imp
    return [a for a in imp.get("must", {}) if a not in imp["attacked"]]


# ---- applying actions --------------------------------------------------------------------------
def apply(state: State, action: Action, dice: Dice) -> list[Event]:
    if state.phase == "over":
        raise IllegalAction("the game is over", "springtime:16.0")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is a JSON object with a type", "springtime:8.2")
    # An attack may take any subset of the eligible units: combat.declare checks it (10.2).
    free_attack = state.step == "assault" and action["type"] == "attack"
    if not free_attack and not _legal(state, action):
        kinds = sorted(types_of(ACTIONS[state.step](state)))
        raise IllegalAction(f"not a legal action now; the legal kinds are {', '.join(kinds)}", f"springtime:{STEPS[state.step][2]}")
    events: list[Event] = []
    side = acting_side(state) or ""
    HANDLERS[state.step](state, action, dice, events)
    if state.phase != "over":
        update_control(state, events)  # a unit gone by surrender or evacuation may leave the enemy alone (7.2)
    if not events:
        unit = load_board().units.get(str(action.get("unit")))
        who = unit.name if unit else f"{side.capitalize()}:"  # the unit that holds, or the side that is done
        events.append(Event("action", f"{who} {QUIET.get(action['type'], action['type'])}", {"side": side}))
    return events


QUIET = {  # the words for actions that change nothing anyone else must be told about
    "keep": "keeps the Event marker held", "decline": "declines", "end": "done",
    "stay": "holds its ground", "kleist": "places Kleist",
}


def _do_place(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    side = acting_side(state)
    assert side
    setup.place(state, action["unit"], action["area"])
    events.append(Event("setup", f"{side.capitalize()} places a unit", {"side": side}))
    if setup.waiting(state, side):
        return
    if side == "allied":
        state.step = "setup-axis"
        return
    setup.reveal(state, events)
    state.phase, state.step = "political", "draw-allied"


def _do_draw(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    side = acting_side(state)
    assert side
    kind = action["type"]
    if kind == "take_plan_red":  # 19.2: openly, in place of a random draw
        if state.hands[side]:
            markers.discard(state, side, events)
        state.cup.remove("plan-red")
        state.hands[side] = ["plan-red"]
        state.shown[side] = True
        state.draws[side] += 1
        events.append(Event("draw", "Axis takes the Plan Red marker as his draw (19.2)", {"side": side, "marker": "plan-red"}))
    elif kind == "discard_draw":
        markers.discard(state, side, events)
        markers.draw(state, side, dice, events)
    elif kind == "draw":
        markers.draw(state, side, dice, events)
    if side == "allied":
        state.step = "draw-axis"
        return
    state.flags.pop("offer_plan_red", None)
    _belgian_check(state, dice, events)


def _belgian_check(state: State, dice: Dice, events: list[Event]) -> None:
    """From Turn 2, a die above the Axis-held Belgian Areas takes Belgium out (springtime:6.1.2)."""
    b = load_board()
    if state.turn >= 2 and on_map(state, "be"):
        held = sum(1 for a in b.areas.values() if a.nation == "belgium" and state.control[a.id] == "axis")
        r = dice.roll()
        if r > held:
            events.append(Event("politics", f"Belgian surrender check: {r} > {held} Axis-held Belgian Areas: King Leopold surrenders",
                                {"roll": r, "held": held}, commit=True))
            lose_unit(state, "be", events, permanent=True, why="surrenders")
            choices = _belgian_vacant(state)
            if len(choices) > 1:
                state.step = "belgium"
                return
            for a in choices:
                set_control(state, a, "axis", events)
        else:
            events.append(Event("politics", f"Belgian surrender check: {r} <= {held}: Belgium fights on", {"roll": r, "held": held}, commit=True))
    _after_belgium(state, events)


def _do_belgium(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    set_control(state, action["area"], "axis", events)
    _after_belgium(state, events)


def _after_belgium(state: State, events: list[Event]) -> None:
    th = load_board().tables.thresholds
    morale = state.flags["phase_morale"]  # as the phase began, before the Belgian roll (6.1.3, 6.1.4)
    state.flags["confidence"] = morale <= th.confidence  # 6.1.3
    if state.flags["confidence"]:
        events.append(Event("politics", f"French Morale {morale}: Command Confidence may change this turn (6.1.3)", {}))
    if morale <= th.italy and not state.flags.get("italy"):  # 6.1.4
        state.flags["italy"] = True
        state.units["it-west"].update(at="F", reduced=False, oos=False)
        state.leaders["disavoia"]["unit"] = "it-west"
        events.append(Event("politics", "Italy declares war: the Army of the West and di Savoia enter Zone F (6.1.4)", {}))
    choices = _kleist_choices(state)
    if len(choices) > 1:
        state.step = "kleist"
        return
    if choices:
        state.leaders["kleist"]["unit"] = choices[0]
        events.append(Event("leader", f"Kleist stays with {load_board().units[choices[0]].name}, his only choice (4.4.1)",
                            {"unit": choices[0]}))
    _begin_maneuvers(state, events)


def _do_kleist(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    state.leaders["kleist"]["unit"] = action["unit"]
    events.append(Event("leader", f"Kleist joins {load_board().units[action['unit']].name} for this turn", {"unit": action["unit"]}))
    _begin_maneuvers(state, events)


def _begin_maneuvers(state: State, events: list[Event]) -> None:
    """Impulse 1 is Allied, odd impulses Allied, even Axis; the opening turn starts at 6 (springtime:6.2, 15.2, 19.2)."""
    state.phase = "maneuvers"
    if not state.flags.get("opening"):
        state.impulse = 1
    state.active = "allied" if state.impulse % 2 else "axis"
    state.played_impulse = {"allied": False, "axis": False}
    events.append(Event("phase", f"Turn {state.turn}: Maneuvers Phase, impulse {state.impulse}", {"turn": state.turn, "impulse": state.impulse}))
    if state.turn == 1 and state.flags.get("opening") and markers.play_actions(state, "allied", True):
        state.step = "surprise-event"  # 15.1
        return
    _start_impulse(state)


def _start_impulse(state: State) -> None:
    state.step = "start"
    state.imp = {}


def _do_surprise(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if action["type"] == "event":
        markers.play(state, "allied", action, True, events)
    _start_impulse(state)


def _do_start(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    side = state.active
    kind = action["type"]
    if kind == "event":
        markers.play(state, side, action, True, events)
    elif kind == "advantage":
        _spend_advantage(state, side, action["use"], events)
        if action["use"] == "open_city":
            state.flags["open_city"] = True
            events.append(Event("advantage", "Paris is declared an open city (11.1.1)", {}))
        else:
            if state.hands[side]:
                markers.discard(state, side, events)
            markers.draw(state, side, dice, events)
    elif kind == "pass":
        events.append(Event("impulse", f"{side.capitalize()} passes (8.1.3)", {}))
        movement.start_impulse(state, "pass", [], None)
        _end_impulse(state, dice, events)
    elif kind == "regroup":
        movement.start_impulse(state, "regroup", [], None)
        state.step = "regroup"
        events.append(Event("impulse", f"{side.capitalize()} regroups (8.1.2a)", {}))
    elif kind == "redeploy":
        movement.start_impulse(state, "redeploy", [], action["area"])
        state.step = "redeploy"
        events.append(Event("impulse", f"{side.capitalize()} redeploys from {action['area']} (8.1.2b)", {}))
    else:
        groups = action["groups"]
        movement.start_impulse(state, "assault", groups, None)
        state.imp["one_group"] = len(groups) > 2 or (len(groups) == 2 and "K" not in groups)
        if state.imp["one_group"]:
            _fix_reserve_groups(state)
        state.step = "assault"
        events.append(Event("impulse", f"{side.capitalize()} assaults with Army Group {'+'.join(groups)} (8.1.1)", {"groups": groups}))


def _fix_reserve_groups(state: State) -> None:
    """With every Army Group active (15.3), a reserve fights beside the group it stands with."""
    b = load_board()
    imp = state.imp
    for u in imp["active_units"]:
        if b.units[u].group == "R":
            mates = [v for v in imp["active_units"] if b.units[v].group != "R" and imp["start_at"][v] == imp["start_at"][u]]
            imp.setdefault("group_of", {})[u] = b.units[mates[0]].group if mates else "R"


def _spend_advantage(state: State, side: str, use: str, events: list[Event]) -> None:
    """The Advantage belongs to nobody until this impulse or phase ends (springtime:11.2)."""
    state.advantage = None
    state.advantage_used = side
    events.append(Event("advantage", f"{side.capitalize()} spends the Advantage: {use.replace('_', ' ')}", {"side": side, "use": use}))


def _do_assault(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    kind = action["type"]
    if kind == "move":
        movement.step(state, action["unit"], action["to"], events)
        update_control(state, events)
    elif kind == "airdrop":
        _airdrop(state, action["area"], dice, events)
    elif kind == "attack":
        combat.declare(state, action, events)
        state.step = "defend"
    else:
        _end_impulse(state, dice, events)


def _airdrop(state: State, area: str, dice: Dice, events: list[Event]) -> None:
    """springtime:18.1: placed, then a dr less one per Allied unit there; 3 or less reduces it."""
    allied = len(units_in(state, area, "allied"))
    r = dice.roll()
    reduced = r - allied <= 3
    imp = state.imp
    state.units["de-airlanding"].update(at=area, reduced=reduced, oos=False)
    state.leaders["student"]["unit"] = "de-airlanding"
    imp["active_units"].append("de-airlanding")
    imp["start_at"]["de-airlanding"] = area
    imp["moved"]["de-airlanding"] = {"spent": 0, "stop": True, "from": None, "via": None}
    imp["airdrop"] = area
    if occupied(state, area, "allied"):
        imp["entered"].setdefault(area, []).append("de-airlanding")
        if area not in imp["contested_start"]:
            imp["must"].setdefault(area, []).append("de-airlanding")
    events.append(Event("airdrop", f"The Airlanding Corps drops into {area}: dr {r} - {allied} = {r - allied}, {'reduced' if reduced else 'full strength'}",
                        {"area": area, "roll": r, "allied": allied, "reduced": reduced}, commit=True))
    update_control(state, events)


def _do_move(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if action["type"] == "end":
        _end_impulse(state, dice, events)
        return
    movement.step(state, action["unit"], action["to"], events)
    update_control(state, events)


def _do_defend(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    combat.defend(state, action, dice, events)
    if combat.advantage_offer(state):
        state.step = "advantage"
        return
    _resolve(state, events)


def _do_advantage(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    c = state.combat
    assert c is not None
    if action["type"] == "advantage":
        _spend_advantage(state, acting_side(state) or "", action["use"], events)
        c["result"] = "stalemate"  # 11.1.2, 11.1.3
    _resolve(state, events)


def _resolve(state: State, events: list[Event]) -> None:
    combat.resolve(state, events)
    state.step = "retreat" if state.retreats else "assault"


def _do_retreat(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    combat.do_retreat(state, action, events)
    if not state.retreats:
        state.step = "assault"


def _end_impulse(state: State, dice: Dice, events: list[Event]) -> None:
    """Supply, the Advantage, the Logistics roll, the next impulse (springtime:13.2, 11.2, 6.2.1)."""
    b = load_board()
    side = state.active
    for uid in mark_supply(state):
        events.append(Event("supply", f"{b.units[uid].name} is out of supply (13.2)", {"unit": uid}))
    state.last_assault[side] = list(state.imp.get("groups", [])) if state.imp.get("kind") == "assault" else []
    state.imp = {}
    state.flags.pop("opening", None)
    if side == "allied":
        state.flags.pop("billotte", None)
    else:
        state.flags.pop("halt", None)
        state.flags.pop("plan_red", None)
    _shift_advantage(state)
    if side == "axis":
        r = dice.roll()
        if r >= state.impulse:
            events.append(Event("logistics", f"Logistics roll {r} >= impulse {state.impulse}: play goes on (6.2.1)", {"roll": r}, commit=True))
        else:
            events.append(Event("logistics", f"Logistics roll {r} < impulse {state.impulse}: the Maneuvers Phase ends (6.2.1)", {"roll": r}, commit=True))
            if state.advantage is not None and state.impulse < load_board().tables.impulses:  # 11.1.4, 6.2.1
                state.step = "logistics"
                return
            _end_maneuvers(state, dice, events)
            return
    _next_impulse(state, dice, events)


def _shift_advantage(state: State) -> None:
    if state.advantage_used:
        state.advantage = other(state.advantage_used)
        state.advantage_used = None


def _next_impulse(state: State, dice: Dice, events: list[Event]) -> None:
    state.impulse += 1
    if state.impulse > load_board().tables.impulses:  # 6.2.1: off the track
        _end_maneuvers(state, dice, events)
        return
    state.active = other(state.active)
    _start_impulse(state)


def _do_logistics(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if action["type"] == "advantage":
        _spend_advantage(state, acting_side(state) or "", "soldier_on", events)
        _shift_advantage(state)
        _next_impulse(state, dice, events)
    else:
        _end_maneuvers(state, dice, events)


def _end_maneuvers(state: State, dice: Dice, events: list[Event]) -> None:
    state.imp = {}
    why = automatic_victory(state)
    if why:  # 6.3: no refit after an Automatic Victory
        finish(state, "axis", "Automatic Victory", why)
        return
    if state.turn >= state.last_turn:  # 12.4
        _begin_end_phase(state, dice, events)
        return
    state.phase = "refit"
    _refit_step(state, "allied", dice, events)


def _refit_step(state: State, side: str, dice: Dice, events: list[Event]) -> None:
    """Allied first, then Axis (springtime:12.1); a side with nothing to pay for is skipped."""
    if refit.refit_actions(state, side):
        state.step = f"refit-{side}"
        return
    if side == "allied":
        _refit_step(state, "axis", dice, events)
    else:
        _end_refit(state, dice, events)


def _do_refit(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    side = acting_side(state)
    assert side
    if action["type"] != "end":
        refit.apply_refit(state, side, action, events)
        return
    if side == "allied":
        _refit_step(state, "axis", dice, events)
    else:
        _end_refit(state, dice, events)


def _end_refit(state: State, dice: Dice, events: list[Event]) -> None:
    refit.surrender_checks(state, dice, events)  # 13.2.4
    refit.cut_off_areas(state, events)  # 13.2.5
    _begin_end_phase(state, dice, events)


def _begin_end_phase(state: State, dice: Dice, events: list[Event]) -> None:
    state.phase = "end"
    why = automatic_victory(state)
    if why:
        finish(state, "axis", "Automatic Victory", why)
        return
    if state.morale <= load_board().tables.thresholds.armistice:  # 6.4.1, 16.2
        r = dice.roll()
        if r > state.morale:
            events.append(Event("armistice", f"French Armistice roll {r} > morale {state.morale}: France asks for an armistice", {"roll": r}, commit=True))
            finish(state, "axis", "Operational Victory", f"France sues for an armistice on Turn {state.turn} (16.2)")
            return
        events.append(Event("armistice", f"French Armistice roll {r} <= morale {state.morale}: France fights on", {"roll": r}, commit=True))
    _end_step(state, "event-allied", dice, events)


END_ORDER = ("event-allied", "event-axis", "discard-allied", "discard-axis", "airlanding")


def _end_step(state: State, step: str, dice: Dice, events: list[Event]) -> None:
    """6.4.4 in order: plays, Allied first; then discards, Allied first; then 18.1.3."""
    for s in END_ORDER[END_ORDER.index(step):]:
        side = STEPS[s][0]
        if s.startswith("event") and markers.play_actions(state, side, False):
            state.step = s
            return
        if s.startswith("discard") and state.hands[side]:
            state.step = s
            return
        if s == "airlanding" and state.options.get("airdrops") == "on" and on_map(state, "de-airlanding"):
            state.step = s
            return
    _close_turn(state, dice, events)


def _do_end_step(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    side = acting_side(state)
    assert side
    kind = action["type"]
    if kind == "event":
        markers.play(state, side, action, False, events)
    elif kind == "discard":
        markers.discard(state, side, events)
    elif kind == "withdraw":
        state.units["de-airlanding"].update(at=OFFMAP, oos=False)
        state.leaders["student"]["unit"] = None
        state.flags["airlanding_out"] = state.turn
        events.append(Event("airdrop", "The Airlanding Corps is withdrawn (18.1.3)", {}))
    nxt = END_ORDER.index(state.step) + 1
    if nxt < len(END_ORDER):
        _end_step(state, END_ORDER[nxt], dice, events)
    else:
        _close_turn(state, dice, events)


def _close_turn(state: State, dice: Dice, events: list[Event]) -> None:
    markers.return_track(state, events)  # 6.4.3
    state.flags.pop("new_squadrons", None)
    if state.turn >= state.last_turn:  # 6.4.5, 16.3
        finish(state, "allied", "Allied Victory", f"France still stands at the end of Turn {state.turn} (16.3)")
        return
    state.turn += 1  # 6.4.2
    state.impulse = 1
    state.phase, state.step = "political", "draw-allied"
    state.flags["phase_morale"] = state.morale
    state.draws = {"allied": 0, "axis": 0}
    events.append(Event("phase", f"Turn {state.turn}: Political Phase", {"turn": state.turn}))


def _do_bid(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    side = acting_side(state)
    assert side
    bids.place(state, side, action["amount"], dice, events)


HANDLERS: dict[str, Callable[[State, Action, Dice, list[Event]], None]] = {
    "bid-allied": _do_bid, "bid-axis": _do_bid,
    "setup-allied": _do_place, "setup-axis": _do_place,
    "draw-allied": _do_draw, "draw-axis": _do_draw, "belgium": _do_belgium, "kleist": _do_kleist,
    "surprise-event": _do_surprise, "start": _do_start, "assault": _do_assault, "regroup": _do_move,
    "redeploy": _do_move, "defend": _do_defend, "advantage": _do_advantage, "retreat": _do_retreat,
    "logistics": _do_logistics, "refit-allied": _do_refit, "refit-axis": _do_refit,
    "event-allied": _do_end_step, "event-axis": _do_end_step, "discard-allied": _do_end_step,
    "discard-axis": _do_end_step, "airlanding": _do_end_step,
}
