"""Units arriving on the map: set-up steps before turn 1 and reinforcements.

Operation Compass 3.0-3.2 (marked units placed by their owner, the naval
bombardment, the British entry), Khar'kov 10.0 (a reinforcement phase, by entry
area and turn) and Dunkerque 10.0 (a face-down pool drawn from at entry).
"""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.state import State
from wargames_tui.games.panzer_corps.victory import note_entry


def setup_side(b: Board, step: str) -> str:
    rules = b.rules
    config = {"place-marked": rules.marked_placement, "bombard": rules.bombardment, "enter-all": rules.enter_all}[step]
    assert config is not None
    return config.side


def pending(b: Board, side: str) -> list[str]:
    return sorted(u for u, st in b.state.units.items() if st.status == "pending" and b.side_of(u) == side)


# --- set-up steps --------------------------------------------------------------
def marked_hexes(b: Board) -> list[Hex]:
    """Footholds, towns or battle positions free of the owner's units (operation-compass 3.0(3))."""
    rule = b.rules.marked_placement
    assert rule is not None
    keys = {t.glyph: k for k, t in b.sc.map.terrain.items()}
    allowed = {h for p in b.sc.map.places if p.kind in rule.place_kinds for h in p.hexes}
    allowed |= {h for h, t in b.sc.terrain_at.items() if keys[t.glyph] in rule.terrain}
    return sorted(h for h in allowed if not b.at.get(h))


def bombard_targets(b: Board) -> list[str]:
    """Target units within range of a coast hex, not yet disrupted (operation-compass 3.1(2))."""
    rule = b.rules.bombardment
    assert rule is not None
    coast = [h for h, t in b.sc.terrain_at.items() if t is b.sc.map.terrain[rule.coast]]
    grid = b.sc.grid
    return [
        u
        for u in b.units_of(rule.target)
        if not b.state.units[u].disrupted and any(grid.distance(b.hex_of(u), c) <= rule.range for c in coast)
    ]


def setup_actions(b: Board) -> list[Action]:
    step = b.state.step
    side = setup_side(b, step)
    if step == "place-marked":
        rule = b.rules.marked_placement
        assert rule is not None
        hexes = marked_hexes(b)
        units = [u for u in pending(b, side) if b.unit(u).mark == rule.mark]
        return [{"type": "place", "unit": u, "hex": h} for u in units for h in hexes]
    if step == "bombard":
        if b.state.bombard_left is None:
            return [{"type": "bombard"}]
        return [{"type": "disrupt", "unit": u} for u in bombard_targets(b)]
    actions = [{"type": "place", "unit": u, "hex": h} for u in set_up_units(b, side) for h in setup_hexes(b, side, u)]
    if len(set_up_units(b, side)) > 1 and spread(b, side) is not None:
        actions.append({"type": "place-rest"})
    return actions


def set_up_units(b: Board, side: str) -> list[str]:
    """The side's units still to set up on their entry areas (not reinforcements)."""
    return [u for u in pending(b, side) if b.unit(u).entry_turn is None and b.unit(u).entry]


def setup_hexes(b: Board, side: str, uid: str, placed: dict[Hex, int] | None = None) -> list[Hex]:
    """The hexes of the unit's entry area free of the enemy and, where stacking counts at set-up,
    with room beside the units already there and those `placed` by a spread (3.0)."""
    rule = b.rules.enter_all
    assert rule is not None
    limit = b.sc.info.rules.stacking[side]
    extra = placed or {}
    return [h for h in sorted(b.sc_areas([b.unit(uid).entry]))
            if b.occupant_side(h) in (None, side) and (not rule.stacking or len(b.at.get(h, [])) + extra.get(h, 0) < limit)]


def enter_all_words(b: Board) -> tuple[str, str]:
    """The set-up prompt and its case. Where stacking is ignored at entry (operation-compass 3.2(1):
    22 British units, six entry hexes, two a hex), how many must leave by the end of the side's
    first Movement Phase (7.1): no placement spares those moves."""
    rule = b.rules.enter_all
    assert rule is not None
    text = "Place every set-up unit on a hex of its entry area."
    if not rule.stacking:
        side = rule.side
        limit = b.sc.info.rules.stacking[side]
        units = set_up_units(b, side) + [u for u in b.units_of(side) if b.unit(u).entry and b.unit(u).entry_turn is None]
        room = limit * len({h for u in units for h in b.sc_areas([b.unit(u).entry])})
        text += f" No stacking limit until your first movement ends, then {limit} a hex (7.1)"
        text += f": {len(units) - room} of your {len(units)} units must leave these hexes." if len(units) > room else "."
    return text, f"{b.case}:{rule.case}"


def spread(b: Board, side: str) -> dict[str, Hex] | None:
    """Every unit still to set up, in turn, on the hex of its entry area holding the fewest of
    the side's units (the first such hex in order); None when one of them finds no room."""
    placed: dict[Hex, int] = {}
    out: dict[str, Hex] = {}
    for uid in set_up_units(b, side):
        hexes = setup_hexes(b, side, uid, placed)
        if not hexes:
            return None
        h = min(hexes, key=lambda x: len(b.at.get(x, [])) + placed.get(x, 0))
        placed[h] = placed.get(h, 0) + 1
        out[uid] = h
    return out


def do_place_rest(state: State, action: Action, dice: Dice) -> list[Event]:
    """The units still to set up spread over the hexes of their entry areas, as evenly as they go."""
    b = Board(state)
    side = setup_side(b, state.step)
    where = spread(b, side) if len(set_up_units(b, side)) > 1 else None
    if where is None:
        raise IllegalAction("no even spread of the units still waiting fits their entry areas: place them one by one", f"{b.case}:3.0")
    events = [Event("place", f"{len(where)} units spread over their entry hexes: "
                    + ", ".join(f"{h} {sum(1 for x in where.values() if x == h)}" for h in sorted(set(where.values()))), {"case": f"{b.case}:3.0"})]
    for uid, h in where.items():
        state.units[uid].hex, state.units[uid].status = h, "map"
        events += note_entry(state, Board(state), uid, [h], moving=False)
    return events


def do_place(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    if action not in setup_actions(b):
        raise IllegalAction(f"{action.get('unit')!r} may not be placed in {action.get('hex')!r} now", f"{b.case}:3.0")
    uid, h = action["unit"], action["hex"]
    state.units[uid].hex, state.units[uid].status = h, "map"
    events = [Event("place", f"{b.label(uid)} placed in {h}", {"unit": uid, "hex": h})]
    return events + note_entry(state, b, uid, [h], moving=False)


def do_bombard(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    rule = b.rules.bombardment
    assert rule is not None
    if state.bombard_left is not None:
        raise IllegalAction("the bombardment die has already been rolled", f"{b.case}:3.1")
    roll = dice.roll(6)
    state.bombard_left = rule.many if roll >= rule.many_from else rule.few
    text = f"Naval bombardment: die {roll}, {state.bombard_left} units to disrupt ({b.case}:3.1)"
    return [Event("bombard", text, {"roll": roll}, commit=True)]


def do_disrupt(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    uid = action.get("unit")
    if not state.bombard_left:
        raise IllegalAction("roll the bombardment die first", f"{b.case}:3.1")
    if uid not in bombard_targets(b):
        raise IllegalAction(f"{uid!r} is not a unit within range of the coast", f"{b.case}:3.1")
    state.units[uid].disrupted = True
    state.bombard_left -= 1
    return [Event("disrupt", f"{b.label(uid)} disrupted by the bombardment ({b.case}:3.1)", {"unit": uid})]


def setup_done(b: Board) -> bool:
    step = b.state.step
    if step == "bombard":
        left = b.state.bombard_left
        return left is not None and (left <= 0 or not bombard_targets(b))
    return not setup_actions(b)


# --- reinforcements ------------------------------------------------------------
def sandwiched(b: Board, side: str, h: Hex) -> bool:
    """Whether h lies between two enemy units on opposite sides of it (dunkerque 10(4), kharkov 10(4))."""
    enemy = b.enemy_of(side)
    return any(b.occupant_side(x) == enemy and b.occupant_side(y) == enemy for x, y in b.sc.grid.opposite_pairs(h))


def entry_hexes(b: Board, side: str, area: str) -> list[Hex]:
    return sorted(
        h
        for h in b.sc_areas([area])
        if b.enter_cost(side, h) is not None and b.has_room(side, h) and not sandwiched(b, side, h)
    )


def reinforcement_actions(b: Board) -> list[Action]:
    """Units due by this turn and the hexes of their entry area they may take (kharkov 10.0)."""
    side = b.state.side
    due = [u for u in pending(b, side) if (b.unit(u).entry_turn or 99) <= b.state.turn and b.unit(u).entry]
    return [{"type": "enter", "unit": u, "hex": h} for u in due for h in entry_hexes(b, side, b.unit(u).entry or "")]


def pool_available(b: Board, pool: str) -> int:
    rule = b.rules.pools[pool]
    due = sum(n for turn, n in rule.schedule.items() if int(turn) <= b.state.turn)
    left = [u for u in pending(b, rule.side) if b.unit(u).pool == pool]
    return min(due - b.state.entered_from.get(pool, 0), len(left))


def pool_actions(b: Board) -> list[Action]:
    """Face-down reinforcements enter before any unit of the side moves (dunkerque 10(3))."""
    if b.state.moved:
        return []
    actions = []
    for name, rule in sorted(b.rules.pools.items()):
        if rule.side == b.state.side and pool_available(b, name) > 0:
            actions += [{"type": "enter", "pool": name, "hex": h} for h in entry_hexes(b, rule.side, rule.area)]
    return actions


def do_enter(state: State, action: Action, dice: Dice) -> list[Event]:
    b = Board(state)
    legal = reinforcement_actions(b) if state.step == "reinforce" else pool_actions(b)
    if action not in legal:
        raise IllegalAction(_why_no_entry(b, action), f"{b.case}:10.0")
    h = action["hex"]
    events = []
    if "pool" in action:
        pool = action["pool"]
        uid = dice.choice([u for u in pending(b, state.side) if b.unit(u).pool == pool])
        state.entered_from[pool] = state.entered_from.get(pool, 0) + 1
        events.append(Event("reveal", f"A face-down reinforcement is revealed: {b.unit(uid).name}", {"unit": uid}, commit=True))
    else:
        uid = action["unit"]
    state.units[uid].hex, state.units[uid].status = h, "map"
    if b.rules.entry_cost:
        state.spent[uid] = b.rules.entry_cost
    zone = b.ezoc(state.side)
    if h in zone:
        state.pinned.append(uid)
    pinned = " in an enemy zone: it may not move this phase" if h in zone else ""
    events.append(Event("enter", f"{b.label(uid)} enters at {h}{pinned}", {"unit": uid, "hex": h}))
    return events + note_entry(state, b, uid, [h], moving=False)


def _why_no_entry(b: Board, action: Action) -> str:
    h = action.get("hex")
    side = b.state.side
    if isinstance(h, str) and b.sc.grid.contains(h):
        if b.occupant_side(h) not in (None, side):
            return f"{h} holds an enemy unit"
        if not b.has_room(side, h):
            return f"{h} is full: reinforcements observe stacking when placed"
        if sandwiched(b, side, h):
            return f"{h} lies between two enemy units"
    if b.state.moved:
        return "reinforcements enter at the start of the movement phase, before any unit moves"
    return f"no reinforcement may enter at {h!r} now"
