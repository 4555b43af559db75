"""The campaign turn by turn: set-up, Blitz, Counterattack, Determination (strange-victory:6 to 10)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Outcome, Prompt
from wargames_tui.games.strange_victory import fighting
from wargames_tui.games.strange_victory.data import Campaign, load_campaign
from wargames_tui.games.strange_victory.state import Div, State
from wargames_tui.games.strange_victory.victory import campaign_result, points

HALT = 21  # Der Halt! (strange-victory:10.5.2)
OPTIONS = {"setup": ["historical", "choice"]}  # the Korps where they stood, or where the player puts them (6.0)
HISTORICAL = {"XV": "I", "XXXI": "II", "XIX": "III"}  # Rommel at Dinant, Reinhardt at Maubeuge, Guderian at Sedan (6.0)
PHASE_TITLES = {
    "setup": "Set-up: the Korps to their staging areas",
    "blitz": "Blitz Phase: movement and combat",
    "counterattack": "Counterattack Phase",
    "repairs": "Determination Phase: repairs",
    "over": "Der Halt!",
}


def new_state(scenario: str, options: dict[str, str]) -> State:
    for key, value in options.items():
        if key not in OPTIONS or value not in OPTIONS[key]:
            raise ValueError(f"unknown option {key}={value}; Strange Victory knows {OPTIONS}")
    c = load_campaign()
    state = State(scenario, {"setup": options.get("setup", "historical")})
    state.audacity = {m.id: m.audacity for m in c.commanders.values()}
    for a in c.areas.values():
        if a.kind != "staging":
            state.hidden[a.id] = a.letter
    for letter in ("A", "B", "C", "I"):
        state.pools[letter] = sorted(g for g in c.garrisons if c.allied[g].letter == letter)
    for letter in ("B", "C"):
        state.pools[f"reaction-{letter}"] = sorted(r for r in c.reactions if c.allied[r].letter == letter)
    state.pools["coastal"] = sorted(c.coastal)
    state.box = sorted(a.id for a in c.assets.values() if a.starting)
    if state.options["setup"] == "historical":
        _place(state, c, HISTORICAL, [])
    return state


# --- helpers --------------------------------------------------------------------------------
def korps_of(c: Campaign, division: str) -> str:
    return c.divisions[division].korps


def occupant(state: State, area: str) -> str | None:
    return next((d for d, s in state.divisions.items() if s.area == area), None)


def captured(state: State, area: str) -> bool:
    """German if a division is the sole occupant or nothing is left in it (strange-victory:11.0)."""
    return area not in state.hidden and not state.coastal_hidden.get(area) and not state.allied.get(area)


def captured_areas(state: State, c: Campaign) -> set[str]:
    return {a for a in c.capturable() if captured(state, a)}


def asset_kind(c: Campaign, aid: str) -> str:
    return c.assets[aid].kind if aid in c.assets else c.allied[aid].kind


def asset_name(c: Campaign, aid: str) -> str:
    return c.assets[aid].name if aid in c.assets else c.allied[aid].name


def _ready(state: State, events: list[Event]) -> None:
    """Ready Counters: divisions to their Advancing side, commanders up one (strange-victory:8.1)."""
    c = load_campaign()
    for d in state.divisions.values():
        d.resupply = False
    for m in c.commanders.values():
        state.audacity[m.id] = min(m.audacity, state.audacity[m.id] + 1)
    state.flipped, state.spent, state.korps = [], [], None
    events.append(Event("phase", f"Turn {state.turn}: {PHASE_TITLES['blitz']} (strange-victory:8.1)", commit=True))


# --- prompts --------------------------------------------------------------------------------
def prompt(state: State) -> Prompt:
    c = load_campaign()
    if state.phase == "setup":
        return Prompt("german", "setup", "Place each Korps in a staging area of its own", "strange-victory:6.0", _setups())
    if state.phase == "over":
        return Prompt(None, "over", "The campaign is over", "strange-victory:10.5", [])
    if state.combat:
        return Prompt("german", state.phase, fighting.instruction(state), "strange-victory:8.3", fighting.candidates(state))
    if state.phase == "blitz":
        return Prompt("german", "blitz", _blitz_text(state, c), "strange-victory:8.2", _blitz_actions(state, c))
    if state.phase == "counterattack":
        areas = eligible_counterattacks(state, c)
        return Prompt(
            "german", "counterattack", "Choose the division the Allies counterattack", "strange-victory:9.1",
            [{"type": "counterattack", "area": a} for a in areas],
        )
    repairs = [{"type": "repair", "division": d} for d in _repairable(state, c)]
    return Prompt("german", "repairs", "Repair damage with audacity, or end the turn", "strange-victory:10.1", repairs + [{"type": "end-turn"}])


def _setups() -> list[Action]:
    out = []
    for order in permutations(["I", "II", "III"]):
        placing = dict(zip(HISTORICAL, order))
        out.append({"type": "setup", "placement": placing})
    return out


def _blitz_text(state: State, c: Campaign) -> str:
    if state.active:
        return f"{c.divisions[state.active].name}: move on, or end its activation"
    ready = activatable(state, c)
    if state.korps and all(korps_of(c, d) == state.korps for d in ready) and len(ready) < sum(not s.resupply for s in state.divisions.values()):
        return (f"Activate a division of the {state.korps} Korps: its divisions go before another Korps'"
                f" (strange-victory:7.0); move it, or let it stand")
    return "Activate a division: move it, or let it stand"


def _blitz_actions(state: State, c: Campaign) -> list[Action]:
    out: list[Action] = []
    divisions = [state.active] if state.active else activatable(state, c)
    for d in divisions:
        for to in c.graph.neighbours(state.divisions[d].area):
            for extra in (None, "gas", "audacity"):
                action = {"type": "move", "division": d, "to": to, "extra": extra}
                if _ok(check_move, state, action):
                    out.append(action)
        if not state.active:
            out.append({"type": "stand", "division": d})
    if state.active:
        out.append({"type": "end-activation"})
    return out + [{"type": "repair", "division": d} for d in _repairable(state, c)]


def _ok(check, *args) -> bool:  # noqa: ANN001 - any check
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def activatable(state: State, c: Campaign) -> list[str]:
    """Divisions on their Advancing side, the current Korps first (strange-victory:7.0)."""
    ready = sorted(d for d, s in state.divisions.items() if not s.resupply)
    same = [d for d in ready if korps_of(c, d) == state.korps]
    return same or ready


def eligible_counterattacks(state: State, c: Campaign) -> list[str]:
    """B and C areas with an undamaged division and a reaction counter left (strange-victory:9.1.1, 9.1.4)."""
    out = []
    for d, s in sorted(state.divisions.items()):
        area = c.areas[s.area]
        if area.kind in ("regular", "strategic") and area.letter in ("B", "C") and s.damage is None:
            if state.pools[f"reaction-{area.letter}"]:
                out.append(s.area)
    return out


def _repairable(state: State, c: Campaign) -> list[str]:
    """Damaged divisions a commander may repair now: in the Determination Phase if he used no
    audacity this turn (10.1.1), or at the start of the Blitz before anyone moves (4.6)."""
    if state.phase == "blitz" and (state.active or any(d.resupply for d in state.divisions.values())):
        return []
    out = []
    for d, s in sorted(state.divisions.items()):
        boss = c.commander_of(korps_of(c, d))
        if s.damage and boss not in state.spent and state.audacity[boss] > 0:
            out.append(d)
    return out


# --- actions --------------------------------------------------------------------------------
def apply(state: State, action: Action, dice: Dice) -> list[Event]:
    kind = action.get("type", "")
    handler = HANDLERS.get(kind)
    if handler is None:
        raise IllegalAction(f"unknown action {kind!r}", "strange-victory:7.0")
    phase = PHASE_OF.get(kind)
    if state.combat and kind not in fighting.ACTIONS:
        raise IllegalAction("finish the combat first", "strange-victory:8.3")
    if phase and state.phase != phase:
        raise IllegalAction(f"{kind} belongs to the {PHASE_TITLES[phase]}", "strange-victory:7.0")
    events: list[Event] = []
    try:
        handler(state, action, dice, events)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise IllegalAction(f"malformed {kind} action: {exc!r}", "strange-victory:7.0") from None
    _after(state, events)
    return events


def _setup(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    c = load_campaign()
    placing = action.get("placement", {})
    if sorted(placing) != sorted(HISTORICAL) or sorted(placing.values()) != ["I", "II", "III"]:
        raise IllegalAction("each Korps goes whole into a staging area of its own", "strange-victory:6.0")
    _place(state, c, placing, events)


def _place(state: State, c: Campaign, placing: dict[str, str], events: list[Event]) -> None:
    staging = {a.staging: a.id for a in c.areas.values() if a.staging}
    for d in c.divisions.values():
        state.divisions[d.id] = Div(staging[placing[d.korps]])
    state.phase = "blitz"
    note = " (historical)" if placing == HISTORICAL else ""
    events.append(Event("phase", f"The Korps are in their staging areas{note}", commit=True))
    _ready(state, events)


def check_move(state: State, action: Action) -> tuple[str, Div]:
    c = load_campaign()
    d, to, extra = action.get("division", ""), action.get("to", ""), action.get("extra")
    if d not in state.divisions:
        raise IllegalAction(f"no division {d!r}", "strange-victory:8.2.3")
    s = state.divisions[d]
    if state.active and d != state.active:
        raise IllegalAction(f"{c.divisions[state.active].name} is still activating", "strange-victory:7.0")
    if not state.active:
        if s.resupply:
            raise IllegalAction("this division has already activated this turn", "strange-victory:7.0")
        if d not in activatable(state, c):
            raise IllegalAction("finish the divisions of the Korps activating now first", "strange-victory:7.0")
        if s.damage == "shocked":
            raise IllegalAction("a shocked division cannot move this turn: let it stand", "strange-victory:8.2.10")
    here = c.areas[s.area]
    if here.kind == "port":
        raise IllegalAction("a division in a port stays there to the end", "strange-victory:8.2.11")
    if to not in c.areas or c.graph.kind(s.area, to) is None:
        raise IllegalAction("the areas do not share a border or a bridge", "strange-victory:8.2.3")
    if c.areas[to].kind == "staging":
        raise IllegalAction("divisions do not go back into the staging areas", "strange-victory:3.1.1")
    if occupant(state, to):
        raise IllegalAction("one division an area, and none moves through another", "strange-victory:8.2.6")
    limit = (1 if s.damage == "disorder" else 2) if not state.active else s.limit
    moved = s.moved if state.active else 0
    if moved < limit:
        if extra:
            raise IllegalAction("gas and audacity only buy a third area", "strange-victory:8.2.7")
    else:
        if moved >= 3 or limit < 2 or s.extra:
            raise IllegalAction("no more areas for this division this turn", "strange-victory:8.2.8")
        if extra == "gas":
            if not [a for a in state.box if asset_kind(c, a) == "gas"]:
                raise IllegalAction("no Gas counter in the assets box", "strange-victory:8.2.7")
        elif extra == "audacity":
            boss = c.commander_of(korps_of(c, d))
            if state.audacity[boss] < 1:
                raise IllegalAction(f"{c.commanders[boss].name} has no audacity left", "strange-victory:5.4.3")
        else:
            raise IllegalAction("a third area needs a Gas counter or an audacity point", "strange-victory:8.2.7")
    return d, s


def _move(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    c = load_campaign()
    d, s = check_move(state, action)
    if not state.active:
        _activate(state, d)
    to, extra = action["to"], action.get("extra")
    if extra == "gas":
        gas = next(a for a in state.box if asset_kind(c, a) == "gas")
        fighting.discard(state, c, gas)
        s.extra = "gas"
    elif extra == "audacity":
        boss = c.commander_of(korps_of(c, d))
        state.audacity[boss] -= 1
        state.spent.append(boss)
        s.extra = "audacity"
    s.area, s.moved = to, s.moved + 1
    how = f", by {extra}" if extra else ""
    events.append(Event("move", f"{c.divisions[d].name} enters {c.areas[to].name}{how} (strange-victory:8.2)", {"to": to}))
    verdict = fighting.enter(state, d, to, dice, events)
    if verdict == "stop" or (verdict == "go" and not _can_go_on(state, d)):
        end_activation(state, events)


def _activate(state: State, d: str) -> None:
    c = load_campaign()
    s = state.divisions[d]
    state.active, state.korps = d, korps_of(c, d)
    s.moved, s.extra = 0, None
    s.limit = 1 if s.damage == "disorder" else 2
    if s.damage == "disorder":
        s.damage = None  # it moves one area this turn, then the counter comes off (strange-victory:8.2.9)


def _can_go_on(state: State, d: str) -> bool:
    c = load_campaign()
    s = state.divisions[d]
    return any(
        _ok(check_move, state, {"type": "move", "division": d, "to": to, "extra": extra})
        for to in c.graph.neighbours(s.area)
        for extra in (None, "gas", "audacity")
    )


def end_activation(state: State, events: list[Event]) -> None:
    """The division turns to its Resupply side (strange-victory:7.0)."""
    c = load_campaign()
    if state.active:
        state.divisions[state.active].resupply = True
        events.append(Event("move", f"{c.divisions[state.active].name} is done for this turn"))
    state.active = None


def _end_activation(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    if not state.active:
        raise IllegalAction("no division is activating", "strange-victory:7.0")
    end_activation(state, events)


def _stand(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    """Activate without moving: a shocked division recovers; one in a port fights on (8.2.10, 8.2.11)."""
    c = load_campaign()
    d = action.get("division", "")
    if state.active or d not in activatable(state, c) or state.divisions[d].resupply:
        raise IllegalAction("only a division that may activate now can stand", "strange-victory:7.0")
    _activate(state, d)
    s = state.divisions[d]
    if s.damage == "shocked":  # it only turns over: no move, no fight this turn (8.2.10)
        s.damage = None
        events.append(Event("move", f"{c.divisions[d].name} recovers from its shock (strange-victory:8.2.10)"))
    elif state.allied.get(s.area):
        fighting.start(state, d, s.area, "encounter", events)
        return
    end_activation(state, events)


def _combat_step(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    """Assets, the roll, a re-roll, and accepting the dice; then the activation goes on or ends."""
    kind = action["type"]
    if kind == "asset":
        fighting.use_asset(state, action, dice, events)
        return
    if kind == "reroll":
        fighting.reroll(state, action, dice, events)
        return
    done = fighting.roll(state, action, dice, events) if kind == "roll" else fighting.accept(state, action, dice, events)
    if done is None:
        return
    fought, goes_on = done
    if fought == "counterattack":
        to_repairs(state, events)
    elif not (goes_on and state.active and _can_go_on(state, state.active)):
        end_activation(state, events)


def _counterattack(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    c = load_campaign()
    area = action.get("area", "")
    if area not in eligible_counterattacks(state, c):
        raise IllegalAction("only a B or C area with an undamaged division and a reaction counter left", "strange-victory:9.1.1")
    if not fighting.counterattack(state, area, dice, events):
        to_repairs(state, events)


def _repair(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    c = load_campaign()
    d = action.get("division", "")
    if state.phase not in ("blitz", "repairs") or d not in _repairable(state, c):
        raise IllegalAction("repairs need damage and a commander with audacity who used none this turn", "strange-victory:10.1.1")
    boss = c.commander_of(korps_of(c, d))
    state.audacity[boss] -= 1
    state.spent.append(boss)  # one repair a turn: it uses his audacity (10.1.1)
    state.divisions[d].damage = None
    events.append(Event("move", f"{c.commanders[boss].name} spends audacity: {c.divisions[d].name} is repaired (strange-victory:10.1.2)"))


def _end_turn(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    """Coastal reinforcement, ports, panic, the end check (strange-victory:10.2 to 10.5)."""
    c = load_campaign()
    _coastal(state, c, dice, events)
    state.panic += 1
    events.append(Event("phase", f"Panic {state.panic} of {HALT} (strange-victory:10.4)"))
    if state.panic >= HALT:
        state.phase = "over"
        events.append(Event("victory", "Der Halt! Hitler stops the panzers (strange-victory:10.5.2)", commit=True))
        return
    state.turn += 1
    state.phase = "blitz"
    _ready(state, events)


def coastal_ports(state: State, c: Campaign) -> list[int]:
    """The numbered ports a coastal counter may go to at the turn's end; none once the pool is out (10.2)."""
    free = [n for n in range(1, 7) if not occupant(state, c.port_numbered(n) or "")]
    return [] if len(state.pools["coastal"]) <= sum(state.coastal_hidden.values()) else free


def _coastal(state: State, c: Campaign, dice: Dice, events: list[Event]) -> None:
    free = coastal_ports(state, c)
    if not free:
        return
    while True:
        n = dice.roll(6)
        if n in free:
            break
    port = c.port_numbered(n) or ""
    state.coastal_hidden[port] = state.coastal_hidden.get(port, 0) + 1
    events.append(Event("roll", f"Coastal defence: D6 {n}, a counter goes face down to {c.areas[port].name} (strange-victory:10.2)", commit=True))


def _after(state: State, events: list[Event]) -> None:
    """Phase changes that follow from the position; the end when every area is taken (10.5.3)."""
    c = load_campaign()
    if state.phase != "over" and captured_areas(state, c) == set(c.capturable()):
        state.phase = "over"
        events.append(Event("victory", "Every area is taken (strange-victory:10.5.3)", commit=True))
        return
    if state.combat:
        return
    if state.phase == "blitz" and not state.active and not activatable(state, c):
        state.phase = "counterattack"
        events.append(Event("phase", f"Turn {state.turn}: {PHASE_TITLES['counterattack']} (strange-victory:9.0)", commit=True))
    if state.phase == "counterattack" and not eligible_counterattacks(state, c):
        to_repairs(state, events)


def to_repairs(state: State, events: list[Event]) -> None:
    state.phase = "repairs"
    events.append(Event("phase", f"Turn {state.turn}: {PHASE_TITLES['repairs']} (strange-victory:10.1)"))


HANDLERS = {
    "setup": _setup,
    "move": _move,
    "stand": _stand,
    "end-activation": _end_activation,
    "counterattack": _counterattack,
    "repair": _repair,
    "end-turn": _end_turn,
    **{k: _combat_step for k in fighting.ACTIONS},
}
PHASE_OF = {
    "setup": "setup",
    "move": "blitz",
    "stand": "blitz",
    "end-activation": "blitz",
    "counterattack": "counterattack",
    "end-turn": "repairs",
}


# --- the result -----------------------------------------------------------------------------
def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    c = load_campaign()
    taken = captured_areas(state, c)
    lines = points(c, taken)
    total = sum(lines.values(), Fraction(0))
    everything = taken == set(c.capturable())
    level = campaign_result(total, everything)
    shown = {k: float(v) for k, v in lines.items()}
    return Outcome("german", level, f"{_vp(total)} VP, {len(taken)} of {len(c.capturable())} areas taken (strange-victory:11.2)", shown)


def _vp(total: Fraction) -> str:
    whole = int(total)
    if total.denominator == 2:
        return f"{whole}½" if whole else "½"
    return str(whole)


def view(state: State) -> dict[str, Any]:
    c = load_campaign()
    taken = captured_areas(state, c)
    lines = points(c, taken)
    result = outcome(state)
    return {
        "view_version": 1,
        "scenario": state.scenario,
        "title": "Strange Victory",
        "turn": state.turn,
        "phase": state.phase,
        "phase_title": PHASE_TITLES[state.phase],
        "side": None if state.phase == "over" else "german",
        "sides": {"german": "German (the panzer divisions)", "allied": "Allied (played by the game)"},
        "panic": state.panic,
        "halt": HALT,
        "audacity": {m: {"name": c.commanders[m].name, "korps": c.commanders[m].korps, "points": p, "max": c.commanders[m].audacity, "rerolled": m in state.flipped} for m, p in state.audacity.items()},
        "zones": {
            a.id: {
                "name": a.name,
                "kind": a.kind,
                "letter": a.letter,
                "forest": a.forest,
                "port": a.port,
                "staging": a.staging,
                "at": list(a.at),
                "marker": state.hidden.get(a.id),
                "coastal": state.coastal_hidden.get(a.id, 0),
                "captured": a.id in taken,
            }
            for a in c.areas.values()
        },
        "links": c.graph.link_list(),
        "picture": list(c.picture),
        "units": [
            {
                "id": d,
                "side": "german",
                "kind": "division",
                "name": c.divisions[d].name,
                "short": c.divisions[d].name.split(".")[0] + ". Pz",
                "korps": c.divisions[d].korps,
                "zone": s.area,
                "dice": c.divisions[d].resupply if s.resupply else c.divisions[d].advancing,
                "resupply": s.resupply,
                "damage": s.damage,
                "active": d == state.active,
                "moved": s.moved if d == state.active else 0,
                "limit": s.limit,
                "extra": s.extra,
            }
            for d, s in state.divisions.items()
        ]
        + [
            {"id": u, "side": "allied", "kind": c.allied[u].kind, "name": c.allied[u].name, "short": c.allied[u].name[:6], "zone": area, "strength": c.allied[u].strength}
            for area, units in state.allied.items()
            for u in units
        ],
        "assets": [{"id": a, "kind": asset_kind(c, a), "name": asset_name(c, a)} for a in state.box],
        "discarded": [{"id": a, "kind": asset_kind(c, a), "name": asset_name(c, a)} for a in state.discarded],
        "korps": state.korps,
        "may_activate": [] if state.active or state.phase != "blitz" else activatable(state, c),
        "combat": fighting.combat_view(state),
        "pools": {k: len(v) - (sum(state.coastal_hidden.values()) if k == "coastal" else 0) for k, v in state.pools.items()},
        "points": {k: float(v) for k, v in lines.items()},
        "total": float(sum(lines.values(), Fraction(0))),
        "outcome": result.to_json() if result else None,
    }
