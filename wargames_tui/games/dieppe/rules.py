"""The raid turn by turn: set-up, the phases A to F, and the result (dieppe:3, 4, 5, 12)."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Outcome, Prompt
from wargames_tui.games.dieppe import assaults, british, german_side
from wargames_tui.games.dieppe.data import load_raid
from wargames_tui.games.dieppe.effects import alarm, d10, eliminate
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.state import State, Unit
from wargames_tui.games.dieppe.tables import OPTIONS, Tally, difficulty, starting_alarm, unforeseen, with_level

TURNS = 12  # 4:45 to 7:30 (dieppe:1.3)
ALL_OPTIONS = {"events": ["off", "on"], **OPTIONS}  # random events are off for a first game (dieppe:5)
PHASE_TITLES = {
    "setup": "Set-up: load the landing craft",
    "events": "A. Unforeseen events",
    "british": "B. British actions",
    "german": "D. German actions",
    "over": "F. Victory",
}
OFFICERS = {"g2-lovat": "lovat", "g1-mills-roberts": "mills-roberts"}


def turn_label(turn: int) -> str:
    minutes = 4 * 60 + 45 + 15 * (turn - 1)
    return f"{minutes // 60}:{minutes % 60:02d}"


def new_state(scenario: str, options: dict[str, str]) -> State:
    for key, value in options.items():
        if key not in ALL_OPTIONS or value not in ALL_OPTIONS[key]:
            raise ValueError(f"unknown option {key}={value}; Dieppe knows {ALL_OPTIONS}")
    raid = load_raid()
    options = with_level({k: options.get(k, ALL_OPTIONS[k][0]) for k in ALL_OPTIONS})
    state = State(scenario, options, alarm=starting_alarm(options))
    for uid, c in raid.counters.items():
        if c.start.startswith("pool-"):
            state.units[uid] = Unit(status="pool")
        else:
            state.units[uid] = Unit(zone=c.start, aboard=c.aboard)
    for z in raid.zones.values():
        for letter in ("A", "B"):
            if letter in z.marks:
                state.markers[z.id] = letter
        if "T" in z.marks:
            state.telephone.append(z.id)
    state.marker_pools = {L: sorted(m.id for m in raid.markers.values() if m.letter == L) for L in ("A", "B")}
    return state


# --- prompts ------------------------------------------------------------------------------
def prompt(state: State) -> Prompt:
    if state.phase == "setup":
        return Prompt("british", "setup", "Share out each group's troops among its LCA, 8 levels under each", "dieppe:3.3", _transfers(state) + [{"type": "end-setup"}])
    if state.phase == "events":
        return Prompt("british", "events", "Roll for the unforeseen events of the crossing", "dieppe:5", [{"type": "roll-events"}])
    if state.phase == "german":
        return Prompt("german", "german", "The Germans act: fire, movement, reinforcements", "dieppe:4", [{"type": "german"}])
    if state.phase == "over":
        return Prompt(None, "over", "The raid is over", "dieppe:12", [])
    actions = british.candidates(state)
    if state.assault:
        text = "Assault: line up the next round, or stop" if state.assault.round else "Assault: line up the first round"
        return Prompt("british", "british", text, "dieppe:11.2", actions)
    if state.move and state.move.wire:
        return Prompt("british", "british", "Barbed wire: halt, or blow it with a Bangalore torpedo", "dieppe:10", actions)
    if not state.move or british.ok_to_stop(state):
        if state.party:
            actions.append({"type": "job-done"})
        actions.append({"type": "end-turn"})
    text = "Move on, or stop" if state.move else "British actions: two different actions per unit or stack"
    return Prompt("british", "british", text, "dieppe:9.2" if state.move else "dieppe:6", actions)


def acting_side(state: State) -> str | None:
    return None if state.phase == "over" else ("german" if state.phase == "german" else "british")


def _transfers(state: State) -> list[Action]:
    pos = Position(state)
    out = []
    for uid, s in sorted(state.units.items()):
        if s.aboard and s.status == "map":
            for lca in _group_lcas(pos, pos.counter(uid).group):
                if lca != s.aboard and pos.cargo_levels(lca) + pos.levels(uid) <= british.LCA_CAPACITY:
                    out.append({"type": "transfer", "unit": uid, "lca": lca})
    return out


def _group_lcas(pos: Position, group: str) -> list[str]:
    return sorted(u for u, c in pos.raid.counters.items() if c.kind == "lca" and c.group == group and pos.on_map(u))


# --- actions ------------------------------------------------------------------------------
def apply(state: State, action: Action, dice: Dice) -> list[Event]:
    kind = action.get("type")
    handler = HANDLERS.get(kind or "")
    if handler is None:
        raise IllegalAction(f"unknown action {kind!r}", "dieppe:4")
    phase, case = PHASE_OF[kind]
    if state.phase != phase:
        raise IllegalAction(f"{kind} is not an action of the {PHASE_TITLES.get(state.phase, state.phase)} phase", case)
    events: list[Event] = []
    try:
        handler(state, action, dice, events)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise IllegalAction(f"malformed {kind} action: {exc!r}", case) from None
    return events


def _transfer(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if action not in _transfers(state):
        raise IllegalAction("a unit may only go under another LCA of its own group with room for it", "dieppe:3.3")
    state.units[action["unit"]].aboard = action["lca"]
    counters = Position(state).raid.counters
    events.append(Event("transfer", f"{counters[action['unit']].name} goes aboard {counters[action['lca']].name}"))


def _end_setup(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    state.phase = "events" if state.options.get("events") == "on" else "british"
    events.append(Event("phase", f"Turn 1 ({turn_label(1)}): {PHASE_TITLES[state.phase]}", commit=True))


def _roll_events(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    roll = dice.roll(6)
    result = unforeseen(roll, lambda: d10(dice))
    events.append(Event("roll", f"Unforeseen events: D6 {roll} (dieppe:5)", commit=True))
    if result.alarm:
        alarm(state, "ships-detected", dice, events)
    for n in result.lca_lost:
        lca = f"lca{n}"
        if Position(state).on_map(lca):
            eliminate(state, lca, dice, events)
    for group, turn in result.delayed.items():
        state.delayed[group] = turn
        events.append(Event("phase", f"Group {group[1]} cannot land before turn {turn} ({turn_label(turn)}) (dieppe:5)"))
    for group, beach in result.diverted.items():
        state.diverted[group] = beach
        events.append(Event("phase", f"A course error: Group {group[1]} lands at {beach} on turn 1 (dieppe:5 c)"))
    state.phase = "british"


def _stop(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if state.move is None:
        raise IllegalAction("no stack is moving", "dieppe:9.2")
    if state.move.wire:
        raise IllegalAction("at the wire: halt, or try a Bangalore torpedo", "dieppe:10")
    zone = state.move.zone
    british.stop(state)
    british.settle_party(state)
    events.append(Event("stop", f"The stack stops in {zone}"))


def _assault(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    british.assault(state, action, dice, events)
    british.settle_party(state)


def _round(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    assaults.fight_round(state, action, dice, events)
    british.settle_party(state)


def _withdraw(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if state.assault is None or state.assault.round < 1:
        raise IllegalAction("an assault is fought for at least one round before the player may stop it", "dieppe:11.2")
    assaults.withdraw(state, dice, events)
    british.settle_party(state)


def _prisoner(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    assaults.take_prisoner(state, action.get("escort", ""), dice, events)
    british.settle_party(state)


def _finish_actions(state: State) -> None:
    if state.assault or (state.move and state.move.wire):
        raise IllegalAction("finish the assault or the barbed wire first", "dieppe:6")
    british.stop(state)


def _job_done(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if not state.party:
        raise IllegalAction("no stack is acting", "dieppe:6")
    _finish_actions(state)
    british.close_party(state)
    events.append(Event("job-done", "Job Done: the stack has finished its actions"))


def _end_turn(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    """Phase C: the Job Done markers come off; the German phase D begins (dieppe:4)."""
    _finish_actions(state)
    british.close_party(state)
    for uid, s in state.units.items():
        if Position(state).side(uid) == "british":
            s.actions, s.done, s.halted = [], False, False
    state.phase, state.german_stage, state.german_moved = "german", "fire", []
    events.append(Event("phase", f"Turn {state.turn} ({turn_label(state.turn)}): {PHASE_TITLES['german']}", commit=True))


def _german(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if not german_side.step(state, dice, events):
        return
    # Phase E: the Alles gemacht markers come off and the turn marker moves on (dieppe:4).
    for s in state.units.values():
        s.actions, s.done = [], False
    if state.turn >= TURNS:
        state.phase = "over"
        total, level = tally(state).outcome()
        events.append(Event("victory", f"7:30: the raid is over with {total} VP, a {level} (dieppe:12)", commit=True))
        return
    state.turn += 1
    state.phase = "british"
    events.append(Event("phase", f"Turn {state.turn} ({turn_label(state.turn)}): {PHASE_TITLES['british']}", commit=True))


HANDLERS = {
    "transfer": _transfer,
    "end-setup": _end_setup,
    "roll-events": _roll_events,
    "move": british.step,
    "stop": _stop,
    "bangalore": british.wire,
    "halt": british.wire,
    "fire": british.fire,
    "assault": _assault,
    "assault-round": _round,
    "withdraw": _withdraw,
    "take-prisoner": _prisoner,
    "job-done": _job_done,
    "end-turn": _end_turn,
    "german": _german,
}
PHASE_OF = {
    "transfer": ("setup", "dieppe:3.3"),
    "end-setup": ("setup", "dieppe:3.3"),
    "roll-events": ("events", "dieppe:5"),
    "german": ("german", "dieppe:4"),
    **{k: ("british", "dieppe:6") for k in HANDLERS if k not in ("transfer", "end-setup", "roll-events", "german")},
}


# --- victory (dieppe:12) -------------------------------------------------------------------
def tally(state: State) -> Tally:
    pos = Position(state)
    counters = pos.raid.counters

    def home(uid: str) -> bool:
        s = state.units[uid]
        return s.status in ("map", "prisoner") and s.zone == "NEW" and s.aboard is not None

    left = 0
    for uid, c in counters.items():
        if c.kind == "commando":
            left += c.full.stack - (pos.levels(uid) if home(uid) else 0)
    prisoner = None
    if state.prisoner and home(state.prisoner):
        prisoner = "officer" if pos.kind(state.prisoner) == "officer" else "unit"
    return Tally(
        guns_destroyed=sum(1 for u, c in counters.items() if c.kind == "gun155" and state.units[u].status == "eliminated"),
        battery_turn=state.battery_turn,
        telephone_cut=state.telephone_cut,
        prisoner=prisoner,
        levels_left_behind=left,
        lost_officers=tuple(name for u, name in OFFICERS.items() if state.units[u].status == "eliminated"),
        flak_and_pillboxes=sum(
            1 for u, c in counters.items() if c.kind in ("flak", "pillbox") and state.units[u].status == "eliminated"
        ),
    )


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    t = tally(state)
    total, level = t.outcome()
    winner = "german" if level == "failure" else "british"
    return Outcome(winner, level, f"{total} victory points at 7:30 (dieppe:12)", t.points())


def _level_title(options: dict[str, str]) -> str:
    level = difficulty(options)
    return "" if level == "standard" else f" · {level.capitalize()}" + (" level" if level == "custom" else "")


def view(state: State) -> dict[str, Any]:
    pos = Position(state)
    raid = pos.raid
    units = []
    for uid, s in state.units.items():
        if s.status not in ("map", "prisoner"):
            continue
        c, r = raid.counters[uid], pos.rating(uid)
        units.append(
            {
                "id": uid,
                "side": c.side,
                "kind": c.kind,
                "name": c.name,
                "short": short_name(uid, c.kind),
                "group": c.group,
                "zone": s.zone,
                "aboard": s.aboard,
                "reduced": s.reduced,
                "ff": r.ff,
                "af": r.af,
                "mp": r.mp,
                "levels": r.stack,
                "actions": list(s.actions),
                "done": s.done,
                "halted": s.halted,
                "prisoner": s.status == "prisoner",
            }
        )
    t = tally(state)
    result = outcome(state)
    return {
        "view_version": 1,
        "scenario": state.scenario,
        "title": "COMMANDO n°4: Dieppe 1942" + _level_title(state.options),
        "turn": state.turn,
        "turns": TURNS,
        "turn_labels": [turn_label(n) for n in range(1, TURNS + 1)],
        "phase": state.phase,
        "phase_title": PHASE_TITLES[state.phase],
        "side": acting_side(state),
        "sides": {"british": "British (No. 4 Commando)", "german": "German (played by the game)"},
        "alarm": state.alarm,
        "zones": {
            z.id: {
                "name": z.name,
                "kind": z.kind,
                "protection": z.protection,
                "stacking": z.stacking,
                "marks": list(z.marks),
                "at": list(z.at),
                "marker": state.markers.get(z.id),
                "telephone": z.id in state.telephone,
            }
            for z in raid.zones.values()
        },
        "links": raid.graph.link_list(),
        "picture": list(raid.picture),
        "units": units,
        "fronts": {
            z: {side: u for side, u in (("british", pos.front(pos.british(z))), ("german", pos.german_front(z))) if u}
            for z in raid.zones
            if pos.british(z) or pos.germans(z)
        },
        "party": {"units": list(state.party)} if state.party else None,
        "move": {"units": list(state.move.units), "zone": state.move.zone, "mp": dict(state.move.mp)} if state.move else None,
        "assault": (
            {
                "zone": state.assault.zone,
                "from": state.assault.origin,
                "british": [u for u in state.assault.british if pos.on_map(u)],
                "germans": pos.germans(state.assault.zone),
                "round": state.assault.round,
            }
            if state.assault
            else None
        ),
        "pools": {
            "garrison": sum(1 for u, s in state.units.items() if s.status == "pool" and raid.counters[u].start == "pool-G"),
            "reinforcements": sum(1 for u, s in state.units.items() if s.status == "pool" and raid.counters[u].start == "pool-R"),
        },
        "points": t.points(),
        "total": sum(t.points().values()),
        "options": dict(state.options),
        "outcome": result.to_json() if result else None,
    }


SHORT = {"infantry": "Inf", "machine_gun": "MG", "officer": "Off", "flak": "Flak", "gun155": "155", "pillbox": "Pbox"}


def short_name(uid: str, kind: str) -> str:
    """A counter's label of at most six characters: 1C1 (Group 1, C Troop, section 1), Lovat, LCA 7, MG."""
    if kind == "lca":
        return f"LCA {uid[3:]}"
    if uid in OFFICERS:
        return {"lovat": "Lovat", "mills-roberts": "M-R"}[OFFICERS[uid]]
    if uid.startswith("g1-") or uid.startswith("g2-"):
        return uid[3:].capitalize() if kind in ("sniper", "mortar") else uid[1] + uid[3:].upper()
    return SHORT.get(kind, kind[:6])
