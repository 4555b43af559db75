"""The Movement and Combat Phases: the legal actions each offers and what each does.

Movement (13.0) holds ordinary moves, strategic movement (13.16), sea movement (13.11),
entry from the strategic reserve or Britain (12.2-12.5) and the removal of a coup (7.9).
Combat (14.0) runs battle by battle: the attack, RAF support (14.14), losses (14.10),
revealed dummies (6.3B) and the advance (14.22).
"""

from __future__ import annotations

from collections import deque

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940 import combat, movement
from wargames_tui.games.blitzkrieg_1940.data import load_board
from wargames_tui.games.blitzkrieg_1940.movement import ENTRY, room, take_control
from wargames_tui.games.blitzkrieg_1940.position import ENEMY, Position
from wargames_tui.games.blitzkrieg_1940.setup import hex_arg, place, unit_arg
from wargames_tui.games.blitzkrieg_1940.state import State

C = "blitzkrieg-1940:"
STRATEGIC_LIMIT = 6  # two divisions, in thirds (13.16A)
ENTRY_LIMIT = 6  # two divisions from the SR per couplet (12.2A, 12.3A)


def side_of(state: State) -> str:
    return state.phase.split("-")[0]


# --- the strategic reserve and other off-map units ---------------------------------------------
def entry_hexes(pos: Position, uid: str) -> list[Hex]:
    """Where a unit from off the map comes on by ordinary movement (12.2B, 12.2C, 12.3B, 12.4B)."""
    b = pos.b
    if b.units[uid].side == "german":
        return [h for h in b.german_edge if not pos.has_side(h, "allied")]
    if not pos.y1940:
        return [h for h in b.cities["Châlons-en-Champagne"] if not pos.has_side(h, "german")]
    return [h for h in b.french_edge if not pos.has_side(h, "german")]


def off_map(state: State, side: str) -> list[str]:
    """Units that may come on this phase: the SR (from the second couplet of turn 1) and Britain."""
    pos = Position(state)
    units = pos.b.units
    out = []
    moved = pos.moved
    for uid in pos.waiting(side):
        u = units[uid]
        if uid in moved:
            continue
        if state.units[uid].status == "sr":
            if not (state.turn == 1 and state.couplet == 1) and state.entered + u.stack <= ENTRY_LIMIT:
                out.append(uid)
        elif not u.eru:
            out.append(uid)
    return out


def enter_actions(pos: Position, uids: list[str]) -> list[Action]:
    actions: list[Action] = []
    cache: dict[tuple[bool, int], dict[Hex, list[Hex]]] = {}
    for uid in uids:
        u = pos.b.units[uid]
        key = (u.mech, pos.steps_of(uid)[2])
        if key not in cache:
            cache[key] = movement.destinations(pos, [uid], entry_hexes(pos, uid))
        for h, path in cache[key].items():
            if room(pos, [uid], h) is None:
                actions.append({"type": "enter", "unit": uid, "hex": h, "path": path})
    return actions


def do_enter(state: State, action: Action, dice: Dice) -> list[Event]:
    state.selected = []
    pos = Position(state)
    uid = unit_arg(pos, action, "12.2")
    if uid not in off_map(state, side_of(state)):
        raise IllegalAction(f"{uid} may not enter the map now", C + "12.2")
    path = movement.check_path(pos, [uid], action.get("path"), ENTRY)
    if action.get("hex", path[-1]) != path[-1]:
        raise IllegalAction("hex must be where the path ends", C + "12.2")
    if path[0] not in entry_hexes(pos, uid):
        raise IllegalAction(f"{pos.b.label(path[0])} is not an entry hex for this unit", C + "12.2")
    was = state.units[uid].status
    state.units[uid].status = "map"
    state.units[uid].hex = None
    events = movement.move(state, [uid], path, dice, start=ENTRY)
    if was == "sr":
        state.entered += pos.b.units[uid].stack
    return events


def land_actions(state: State) -> list[Action]:
    """British turn 3 reinforcements land at Allied Channel ports that couplet (12.4A), in the
    Allied Movement Phase: no enemy moves in a friendly player-turn (13.1B)."""
    if not (state.turn == 3 and state.couplet == 1 and side_of(state) == "allied"):
        return []
    pos = Position(state)
    out = []
    for uid, st in state.units.items():
        if st.status == "britain" and pos.b.units[uid].setup == "3":
            for port in pos.b.ports:
                h = pos.b.cities[port][0]
                if pos.control(h) == "allied" and room(pos, [uid], h) is None:
                    out.append({"type": "land", "unit": uid, "port": port})
    return out


def do_land(state: State, action: Action) -> list[Event]:
    if action not in land_actions(state):
        raise IllegalAction("British reinforcements land at Allied Channel ports on turn 3", C + "12.4")
    movement.close_halted(state)  # 11.7B
    pos = Position(state)
    uid = action["unit"]
    h = pos.b.cities[action["port"]][0]
    place(state, uid, h)
    state.landed.append(uid)
    state.moved.append(uid)
    return [Event("land", f"{pos.b.units[uid].name} lands at {action['port']}", {"case": C + "12.4"})]


# --- strategic movement ---------------------------------------------------------------------------
def strategic_countries(pos: Position, side: str) -> tuple[str, ...]:
    if side == "german":
        return ("Germany",)
    return ("France", "Belgium", "Luxembourg") if pos.y1940 else ("France",)  # 13.16C, D


def strategic_cities(pos: Position, uid: str) -> list[Hex]:
    """Friendly cities the unit can reach by strategic movement this phase (13.16E-J)."""
    s = pos.s
    side = pos.b.units[uid].side
    start = s.units[uid].hex if s.units[uid].status == "map" else ENTRY
    key = (s.scenario, side, start, pos.placed(ENEMY[side]), s.terror, tuple(map(s.control.get, pos.b.city_of)),
           tuple(sorted(s.violated)), s.dams, pos.basic)
    if key not in _RAIL:
        if len(_RAIL) > 64:
            _RAIL.clear()
        _RAIL[key] = _rail_ends(pos, side, start)
    return [h for h in _RAIL[key] if room(pos, [uid], h) is None]


_RAIL: dict[tuple[object, ...], list[Hex]] = {}  # the friendly cities a rail move from a hex reaches


def _rail_ends(pos: Position, side: str, start: Hex) -> list[Hex]:
    """The friendly cities a strategic move from start reaches, room apart: it depends only on the
    enemy's pieces, city control, terror bombing, neutrality and the Roer."""
    b, s = pos.b, pos.s
    countries = strategic_countries(pos, side)
    ezoc = pos.ezoc(side)
    terror = set(b.cities[b.city_of[s.terror]]) if s.terror and s.terror != "used" else set()
    enemy = ENEMY[side]
    barred = {h for h, here in pos.at.items() if any(b.units[x].side == enemy for x in here)}
    barred |= {h for h in b.city_of if pos.control(h) == enemy} | terror
    ground = _rail_ground(pos, countries)
    edge = set(b.german_edge if side == "german" else b.french_edge)
    seen = {start}
    queue = deque([start])
    found = []
    while queue:
        h = queue.popleft()
        if h != start and h in b.city_of and pos.control(h) == side:
            found.append(h)
        if h != start and h in ezoc:
            continue  # the route between the two ends is free of enemy zones (13.16E)
        if h == ENTRY:
            nxt = [e for e in edge if e in ground and e not in barred]
        else:
            nxt = [n for n in b.grid.neighbours(h) if n in ground and n not in barred and pos.passable_side(h, n)]
            if h in edge:
                nxt += [e for e in edge if e in ground and e not in barred]  # off the map edge and back (13.16H)
        for n in nxt:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return sorted(found)


def _rail_ground(pos: Position, countries: tuple[str, ...]) -> frozenset[Hex]:
    """Land a strategic move may cross, enemies apart: the side's countries, not neutral, not marsh (13.16)."""
    key = (pos.s.scenario, countries, tuple(sorted(pos.s.violated)))
    if key not in _GROUND:
        b = pos.b
        _GROUND[key] = frozenset(h for h, c in b.country.items() if c in countries and b.land(h)
                                 and not pos.neutral(c) and b.terrain[h] != "marsh")
    return _GROUND[key]


_GROUND: dict[tuple[object, ...], frozenset[Hex]] = {}


def strategic_units(pos: Position, off: list[str] | None = None) -> list[str]:
    """Units that may still move by rail this phase; `off` is off_map's answer where the caller has it."""
    s = pos.s
    side = side_of(s)
    if s.turn == 1 and s.couplet == 1:
        return []  # 13.16A
    waiting = set(off_map(s, side) if off is None else off)
    units = pos.b.units
    out = []
    for uid in pos.memo(("rail-candidates", side), lambda: _rail_candidates(pos, side)):
        u = units[uid]
        if uid in pos.moved or uid in s.left or s.strategic + u.stack > STRATEGIC_LIMIT:
            continue
        if s.units[uid].status == "map" and movement.may_move(pos, uid) or uid in waiting:
            out.append(uid)
    return out


def _rail_candidates(pos: Position, side: str) -> list[str]:
    """Units that could go by rail as the pieces stand: in a city of a country rail movement may
    use, or off the map; never Belgians, Dutch, emergency units or dummies (13.16)."""
    b, s = pos.b, pos.s
    countries = strategic_countries(pos, side)
    out = []
    for uid, st in s.units.items():
        u = b.units[uid]
        if u.side != side or u.nation in ("belgian", "dutch") or u.eru or u.dummy:
            continue
        if st.status in ("sr", "britain") or st.status == "map" and st.hex in b.city_of and b.country[st.hex] in countries:
            out.append(uid)
    return out


def do_strategic(state: State, action: Action) -> list[Event]:
    state.selected = []
    pos = Position(state)
    uid = unit_arg(pos, action, "13.16")
    to = hex_arg(pos, action, "13.16", "to")
    if uid not in strategic_units(pos):
        raise IllegalAction(f"{uid} may not move strategically now", C + "13.16")
    if to not in strategic_cities(pos, uid):
        raise IllegalAction(f"no strategic route to {pos.b.label(to)}", C + "13.16")
    movement.close_halted(state)  # 11.7B
    st = state.units[uid]
    frm = st.hex
    if st.status == "sr":
        state.entered += pos.b.units[uid].stack
    if st.status != "map":
        place(state, uid, to)
    else:
        st.hex = to
        assert frm is not None
        movement.gather_dummies(state, frm, to)
    take_control(state, Position(state), to, pos.b.units[uid].side)
    state.strategic += pos.b.units[uid].stack
    state.moved.append(uid)
    return [Event("strategic", f"{pos.b.units[uid].name} moves by rail {pos.b.label(frm) if frm else 'from reserve'} -> {pos.b.label(to)}",
                  {"unit": uid, "to": to, "case": C + "13.16"})]


# --- sea movement -----------------------------------------------------------------------------------
def sea_actions(pos: Position, only: str | None = None) -> list[Action]:
    """Sea moves this phase (13.11), of every unit or of the one named."""
    s = pos.s
    if not pos.y1940 or side_of(s) != "allied" or s.sea >= 1:
        return []
    b = pos.b
    ports = {p: b.cities[p][0] for p in b.ports}
    open_ports = {p: h for p, h in ports.items() if pos.control(h) == "allied" and not pos.has_side(h, "german")}
    out: list[Action] = []
    for uid, st in ([(only, s.units[only])] if only else s.units.items()):
        u = b.units[uid]
        if u.nation not in ("british", "french") or u.size not in ("XX", "[XX]") or u.eru or uid in s.moved or uid in s.left:
            continue
        here = st.hex if st.status == "map" else None
        if here is not None and (here not in open_ports.values() or not movement.may_move(pos, uid)):
            continue
        if here is None and not (st.status == "sr" and u.nation == "french" or st.status == "britain"):
            continue
        for p, h in open_ports.items():
            if h != here and room(pos, [uid], h) is None:
                out.append({"type": "sea", "unit": uid, "to": p})
        if here is not None:
            out.append({"type": "sea", "unit": uid, "to": "off"})
    return out


def do_sea(state: State, action: Action) -> list[Event]:
    state.selected = []
    pos = Position(state)
    if action not in sea_actions(pos):
        raise IllegalAction("one British or French division moves by sea between Allied Channel ports, Britain and the SR", C + "13.11")
    movement.close_halted(state)  # 11.7B
    uid = action["unit"]
    u = pos.b.units[uid]
    st = state.units[uid]
    if action["to"] == "off":
        st.status, st.hex = ("britain" if u.nation == "british" else "sr"), None
        text = f"{u.name} sails off the map"
    else:
        if st.status == "sr":
            state.entered += u.stack
        place(state, uid, pos.b.cities[action["to"]][0])
        text = f"{u.name} sails to {action['to']}"
    state.sea += 1
    state.moved.append(uid)
    return [Event("sea", text, {"unit": uid, "case": C + "13.11"})]


# --- the Bauman Division and coups left behind ---------------------------------------------------------
def bauman_actions(pos: Position) -> list[Action]:
    s, b = pos.s, pos.b
    if "gb-bauman" not in s.units or s.units["gb-bauman"].status != "held" or not s.emergency or s.turn < 8:
        return []
    ezoc = pos.ezoc("allied")
    good = pos.supplied_hexes("bef") | pos.supplied_hexes("french")
    return [{"type": "place", "unit": "gb-bauman", "hex": h} for h in sorted(b.west_map)
            if b.land(h) and h in good and h not in ezoc and not pos.has_side(h, "german") and room(pos, ["gb-bauman"], h) is None]


def do_bauman(state: State, action: Action) -> list[Event]:
    pos = Position(state)
    if action not in bauman_actions(pos):
        raise IllegalAction("the Bauman Division is placed in a supplied west-map hex free of Germans and their zones", C + "12.5")
    movement.close_halted(state)  # 11.7B
    place(state, "gb-bauman", action["hex"])
    state.moved.append("gb-bauman")
    return [Event("place", f"the Bauman Division forms at {pos.b.label(action['hex'])}", {"case": C + "12.5"})]


def withdraw_actions(pos: Position) -> list[Action]:
    """A supplied German unit joining a coup may take it out of play (7.9)."""
    out = []
    for uid in pos.units_of("german"):
        if pos.b.units[uid].coup:
            h = pos.s.units[uid].hex
            assert h is not None
            if any(not pos.b.units[x].coup and not pos.b.units[x].dummy and pos.supplied(x) for x in pos.at[h]):
                out.append({"type": "withdraw", "unit": uid})
    return out


def do_withdraw(state: State, action: Action) -> list[Event]:
    pos = Position(state)
    if action not in withdraw_actions(pos):
        raise IllegalAction("a coup leaves play only when a supplied German unit has joined it", C + "7.9")
    st = state.units[action["unit"]]
    st.status, st.hex = "out", None
    return [Event("withdraw", f"{pos.b.units[action['unit']].name} is withdrawn", {"case": C + "7.9"})]


# --- the Movement Phase ------------------------------------------------------------------------------------
def selectable(state: State) -> list[list[str]]:
    """Units (and whole stacks) that may still move this phase, on the map or off it.

    Asked by the prompt and again by the select after it: kept with the arrangement of the
    pieces, keyed on everything else it reads."""
    pos = Position(state)
    return [list(g) for g in pos.memo(_selectable_key(state), lambda: _selectable(pos))]


def may_select(state: State, uids: list[str]) -> bool:
    """Whether uids is one of selectable's groups, found without listing them all where the
    prompt has not (a replay applies actions without asking for prompts)."""
    pos = Position(state)
    listed = pos.where.memo.get(_selectable_key(state))
    if listed is not None:
        return uids in listed  # type: ignore[operator]
    if not uids or not all(isinstance(u, str) and u in state.units for u in uids):
        return False
    if len(uids) == 1:
        off = off_map(state, side_of(state))
        return movement.may_move(pos, uids[0]) or uids[0] in off or uids[0] in strategic_units(pos, off)
    h = state.units[uids[0]].hex
    return h is not None and uids == _stack_group(pos, h, uids[0] in state.left)


def _selectable_key(state: State) -> tuple[object, ...]:
    return ("selectable", state.phase, state.turn, state.couplet, state.sickle, state.strategic, state.entered,
            tuple(state.moved), tuple(state.left.items()), tuple(state.landed))


def _selectable(pos: Position) -> list[list[str]]:
    state = pos.s
    side = side_of(state)
    groups: list[list[str]] = []
    stacks: dict[tuple[Hex, bool], None] = {}  # a halted stack apart from those that began there (11.7A)
    for uid in pos.units_of(side):
        if movement.may_move(pos, uid):
            groups.append([uid])
            h = state.units[uid].hex
            assert h is not None
            stacks.setdefault((h, uid in state.left))
    for h, halted in stacks:
        group = _stack_group(pos, h, halted)
        if group:
            groups.append(group)
    off = off_map(state, side)
    groups += [[u] for u in off]
    alone = {g[0] for g in groups if len(g) == 1}
    groups += [[u] for u in strategic_units(pos, off) if u not in alone]
    return groups


def _stack_group(pos: Position, h: Hex, halted: bool) -> list[str] | None:
    """The units in h that may move together: those that may still move, of the halted stack or
    not (11.7A), in the order of the state's units, with the dummies not yet moved (6.3C), unless
    it is the halted stack beside units that began there; None for a unit alone."""
    state = pos.s
    order = pos.memo("unit order", lambda: {u: i for i, u in enumerate(state.units)})
    movers = sorted((u for u in pos.at.get(h, ()) if movement.may_move(pos, u)), key=order.__getitem__)
    here = [u for u in movers if (u in state.left) == halted]
    if not here:
        return None
    dummies = [d for d in pos.at[h] if pos.b.units[d].dummy and d not in pos.moved]
    if halted and len(here) < len(movers):
        dummies = []
    return here + dummies if len(here) > 1 or dummies else None


def movement_actions(state: State) -> list[Action]:
    """With nothing selected: pick a unit or stack to move; then where it goes (13.2B, 11.7)."""
    pos = Position(state)
    side = side_of(state)
    if state.selected:
        return selected_actions(pos, state.selected) + [{"type": "deselect"}]
    actions: list[Action] = [{"type": "select", "units": g} for g in selectable(state)]
    actions += land_actions(state)
    actions += bauman_actions(pos) if side == "allied" else withdraw_actions(pos)
    actions.append({"type": "end-phase"})
    return actions


def selected_actions(pos: Position, uids: list[str]) -> list[Action]:
    s = pos.s
    actions: list[Action] = []
    if len(uids) == 1 and s.units[uids[0]].status != "map":
        if uids[0] in off_map(s, side_of(s)):
            actions += enter_actions(pos, uids)
    elif all(movement.may_move(pos, u) or pos.b.units[u].dummy for u in uids):
        # "unit" names the stack's first unit for clients that show one unit a move.
        paths = movement.destinations(pos, uids)
        actions += [{"type": "move", "unit": uids[0], "units": list(uids), "path": p} for p in paths.values()]
        if sum(not pos.b.units[u].dummy for u in uids) > 1:  # halt on the way to split the stack (11.7A)
            stop = halt_barred(pos, uids)
            actions += [{"type": "move", "unit": uids[0], "units": list(uids), "path": p, "halt": True}
                        for h, p in paths.items() if h not in stop]
    if len(uids) == 1:
        actions += [{"type": "strategic", "unit": uids[0], "to": h} for h in
                    (strategic_cities(pos, uids[0]) if uids[0] in strategic_units(pos) else [])]
        actions += sea_actions(pos, uids[0])
    return actions


def listed_moves(pos: Position, uids: list[str], path: object) -> list[Action] | None:
    """The moves selected_actions lists for the selected stack to path's end hex, found by
    walking path (movement.walks_to_reach) instead of searching every hex the stack may reach; None
    when the walk does not settle it (any other path or stack: the whole listing judges it)."""
    s = pos.s
    if s.units[uids[0]].status != "map" or not all(movement.may_move(pos, u) or pos.b.units[u].dummy for u in uids):
        return None
    if not isinstance(path, list) or not path or not all(isinstance(h, str) and h in pos.b.terrain for h in path):
        return None
    end = path[-1]
    if not movement.walks_to_reach(pos, uids, path) or not movement.may_end(pos, uids, end, movement.fits(pos, uids, [])):
        return None
    move: Action = {"type": "move", "unit": uids[0], "units": list(uids), "path": path}
    if sum(not pos.b.units[u].dummy for u in uids) > 1 and end not in halt_barred(pos, uids):
        return [move, {**move, "halt": True}]
    return [move]


def halt_barred(pos: Position, uids: list[str]) -> set[Hex]:
    """Where a stack may not halt to split (11.7A): in an enemy zone (9.3A) or the gap (13.14A)."""
    return set(pos.b.sarreguemines) | (set() if movement.exempt_from_ezoc(pos, uids) else pos.ezoc(pos.b.units[uids[0]].side))


def do_select(state: State, action: Action, dice: Dice) -> list[Event]:
    uids = action.get("units")
    if state.selected:
        raise IllegalAction("finish or drop the selected move first", C + "13.2")
    if not isinstance(uids, list) or not may_select(state, uids):
        raise IllegalAction("select a unit or stack that may still move this phase", C + "13.2")
    state.selected = list(uids)
    b = Position(state).b
    names = ", ".join(b.units[u].name for u in uids)
    return [Event("select", f"{names} selected to move", {"units": list(uids), "case": C + "13.2"}, only=side_of(state))]


def do_deselect(state: State, action: Action, dice: Dice) -> list[Event]:
    state.selected = []
    return [Event("select", "selection dropped", {"case": C + "13.2"}, only=side_of(state))]


def do_move(state: State, action: Action, dice: Dice) -> list[Event]:
    pos = Position(state)
    uids = movement.check_stack(pos, action.get("units", [action.get("unit")] if "unit" in action else None))
    start = state.units[uids[0]].hex
    assert start is not None
    path = movement.check_path(pos, uids, action.get("path"), start)
    halt = action.get("halt", False)
    if not isinstance(halt, bool):
        raise IllegalAction("halt must be true or false", C + "11.7")
    state.selected = []
    return movement.move(state, uids, path, dice, halt=halt)


# --- the Combat Phase -----------------------------------------------------------------------------------
def combat_actions(state: State) -> list[Action]:
    pos = Position(state)
    side = side_of(state)
    actions: list[Action] = []
    raf = state.raf_available - state.raf_used if side == "allied" else 0
    for d, attackers in combat.targets(pos).items():
        groups = [attackers]
        by_hex: dict[Hex, list[str]] = {}
        for a in attackers:
            h = state.units[a].hex
            assert h is not None
            by_hex.setdefault(h, []).append(a)
        if len(by_hex) > 1:
            groups += list(by_hex.values())
        # a unit out of a stack may attack alone too: attacking is voluntary, unit by unit (14.1B, 14.2A)
        groups += [[a] for here in by_hex.values() if len(here) > 1 for a in here]
        for g in groups:
            actions.append({"type": "attack", "hex": d, "attackers": g})
            if raf > 0 and g is attackers:
                actions.append({"type": "attack", "hex": d, "attackers": g, "raf": raf})
    actions.append({"type": "end-phase"})
    return actions


def do_attack(state: State, action: Action, dice: Dice) -> list[Event]:
    pos = Position(state)
    d, attackers = combat.check_attack(pos, action)
    side = side_of(state)
    raf = action.get("raf", 0)
    if not isinstance(raf, int) or isinstance(raf, bool) or raf < 0:
        raise IllegalAction("raf must be a whole number of RAF counters", C + "14.14")
    if raf and (side != "allied" or raf > state.raf_available - state.raf_used):
        raise IllegalAction("only RAF counters available this couplet may fly", C + "14.14")
    state.raf_used += raf
    if side == "german" and state.raf_available - state.raf_used > 0:
        state.attacked.append(d)
        state.fought.extend(attackers)
        state.battle = combat_battle(d, attackers, pos)
        return [Event("declare", f"Germany attacks {pos.b.label(d)}", {"hex": d, "case": C + "14.14"})]
    return combat.resolve(state, d, attackers, raf, dice) + settle(state, dice)


def combat_battle(d: Hex, attackers: list[str], pos: Position) -> combat.Battle:
    battle = combat.Battle(d, list(attackers), [])
    battle.stage = "raf"
    return battle


def raf_actions(state: State) -> list[Action]:
    free = state.raf_available - state.raf_used
    return [{"type": "raf", "count": n} for n in range(free + 1)]


def do_raf(state: State, action: Action, dice: Dice) -> list[Event]:
    battle = state.battle
    assert battle is not None
    n = action.get("count")
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= state.raf_available - state.raf_used:
        raise IllegalAction("count must be between 0 and the RAF counters left this couplet", C + "14.14")
    state.raf_used += n
    state.attacked.remove(battle.hex)
    for a in battle.attackers:
        state.fought.remove(a)
    state.battle = None
    return combat.resolve(state, battle.hex, battle.attackers, n, dice) + settle(state, dice)


def loss_side(state: State) -> str | None:
    battle = state.battle
    if battle is None:
        return None
    pos = Position(state)
    attacker = pos.b.units[battle.attackers[0]].side
    return attacker if battle.stage == "attacker-loss" else ENEMY[attacker]


def settle(state: State, dice: Dice) -> list[Event]:
    """Take every loss that leaves no choice; stop at the first that does, or move on."""
    events: list[Event] = []
    battle = state.battle
    while battle is not None:
        pos = Position(state)
        if battle.stage in ("", "attacker-loss", "defender-loss"):
            for stage, units, attr in (("defender-loss", battle.defenders, "defender_loss"),
                                       ("attacker-loss", battle.attackers, "attacker_loss")):
                while getattr(battle, attr) > 0:
                    cands = combat.loss_candidates(Position(state), units)
                    if not cands:
                        setattr(battle, attr, 0)
                        break
                    alive = [u for u in units if state.units[u].status == "map" and not pos.b.units[u].dummy]
                    total = sum(state.units[u].steps for u in alive)
                    if len(cands) > 1 and getattr(battle, attr) < total:
                        battle.stage = stage
                        return events
                    events += combat.lose_step(state, cands[0])
                    setattr(battle, attr, getattr(battle, attr) - 1)
            battle.stage = "dummies"
            pos = Position(state)
            battle.advance = not pos.real(battle.hex) or all(
                pos.b.units[x].side == pos.b.units[battle.attackers[0]].side for x in pos.real(battle.hex))
        if battle.stage == "dummies":
            live = [d for d in battle.dummies if state.units[d].status == "map"]
            battle.dummies = live
            if live:
                if not redeploy_targets(Position(state), battle.hex):
                    for d in live:  # nowhere to go: the dummy leaves the map
                        state.units[d].status, state.units[d].hex = "out", None
                    battle.dummies = []
                else:
                    return events
            battle.stage = "advance"
        if battle.stage == "advance":
            if battle.advance and advance_actions(state)[:-1]:
                return events
            state.battle = None
            battle = None
    return events


def lose_actions(state: State) -> list[Action]:
    battle = state.battle
    assert battle is not None
    units = battle.attackers if battle.stage == "attacker-loss" else battle.defenders
    return [{"type": "lose", "unit": u} for u in combat.loss_candidates(Position(state), units)]


def do_lose(state: State, action: Action, dice: Dice) -> list[Event]:
    battle = state.battle
    assert battle is not None
    if action not in lose_actions(state):
        raise IllegalAction("take the step from a unit still above one step first", C + "14.10")
    attr = "attacker_loss" if battle.stage == "attacker-loss" else "defender_loss"
    events = combat.lose_step(state, action["unit"])
    setattr(battle, attr, getattr(battle, attr) - 1)
    battle.stage = ""
    return events + settle(state, dice)


def redeploy_targets(pos: Position, from_hex: Hex) -> list[Hex]:
    """Other German stacks with a real unit that is no coup (6.3A, 6.3B, 7.8)."""
    return sorted(h for h in pos.at if h != from_hex and any(
        pos.b.units[x].side == "german" and not pos.b.units[x].dummy and not pos.b.units[x].coup for x in pos.at[h]))


def dummy_actions(state: State) -> list[Action]:
    battle = state.battle
    assert battle is not None
    pos = Position(state)
    d = battle.dummies[0]
    out: list[Action] = [{"type": "redeploy", "unit": d, "hex": h} for h in redeploy_targets(pos, battle.hex)]
    if any(not pos.b.units[x].dummy and pos.b.units[x].side == "german" for x in pos.at.get(battle.hex, ())):
        out.append({"type": "redeploy", "unit": d, "hex": battle.hex})  # leave it where it is
    return out


def do_redeploy(state: State, action: Action, dice: Dice) -> list[Event]:
    battle = state.battle
    assert battle is not None
    if action not in dummy_actions(state):
        raise IllegalAction("a revealed dummy goes to another German stack or stays with real units", C + "6.3")
    state.units[action["unit"]].hex = action["hex"]
    battle.dummies.pop(0)
    return [Event("redeploy", "Germany redeploys a revealed dummy", {"case": C + "6.3"})] + settle(state, dice)


def advance_actions(state: State) -> list[Action]:
    battle = state.battle
    assert battle is not None
    pos = Position(state)
    out: list[Action] = []
    for a in battle.attackers:
        if state.units[a].status != "map" or state.units[a].hex == battle.hex:
            continue
        if room(pos, [a], battle.hex) is None and movement.enterable(pos, [a], battle.hex, stop=True) is None:
            out.append({"type": "advance", "unit": a})
    return out + [{"type": "end-advance"}]


def do_advance(state: State, action: Action, dice: Dice) -> list[Event]:
    battle = state.battle
    assert battle is not None
    if action not in advance_actions(state)[:-1]:
        raise IllegalAction("only a surviving attacker with room may advance into the vacated hex", C + "14.22")
    pos = Position(state)
    uid = action["unit"]
    origin = state.units[uid].hex
    assert origin is not None
    state.units[uid].hex = battle.hex
    movement.gather_dummies(state, origin, battle.hex)
    state.units[uid].z = state.next_z
    state.next_z += 1
    take_control(state, Position(state), battle.hex, pos.b.units[uid].side)
    return [Event("advance", f"{pos.b.units[uid].name} advances into {pos.b.label(battle.hex)}", {"case": C + "14.22"})] + settle(state, dice)


def do_end_advance(state: State, action: Action, dice: Dice) -> list[Event]:
    state.battle = None
    return [Event("advance", "no further advance", {"case": C + "14.22"})]
