"""Reading a Panzer Corps position: who stands where, zones of control, costs, odds."""

from __future__ import annotations

from collections import OrderedDict
from functools import cache, cached_property
from typing import Callable, Iterator
from itertools import combinations
from operator import attrgetter

from wargames_tui.engine.actionlist import LazyPart, form_key
from wargames_tui.engine.flow import Action, IllegalAction
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.odds import crt_column
from wargames_tui.engine.paths import Reach, movement_range
from wargames_tui.games.panzer_corps.data import Scenario, Unit, load_scenario
from wargames_tui.games.panzer_corps.state import State


class Board:
    """A scenario and a state read together. Cheap to build; build one per question."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.fixed = fixed = _fixed(state.scenario)
        self.sc: Scenario = fixed.sc
        self.case = self.sc.info.rulebook
        self.rules = self.sc.info.rules
        self.barred = fixed.barred
        self.line_pairs = fixed.line_pairs

    @cached_property
    def position(self) -> Position:
        """Occupancy and zones of the units as they stand when first asked (many questions
        need none). Kept on the state while its units stand so, for every Board of it."""
        state = self.state
        key = tuple(map(_UNIT_KEY, state.units.values()))
        uids = tuple(state.units)
        pos = state.__dict__.get("_position")
        if pos is None or pos.key != key or pos.uids != uids:
            moved = pos.moved(uids, key) if pos is not None else None
            pos = state.__dict__["_position"] = moved or Position(self.fixed, uids, key)
        return pos

    @cached_property
    def at(self) -> dict[Hex, list[str]]:
        """Hex -> the units in it. Shared: never change it."""
        return self.position.at

    # --- who is who -------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        return self.sc.units[uid]

    def side_of(self, uid: str) -> str:
        return self.fixed.side_of[uid]

    def enemy_of(self, side: str) -> str:
        return self.fixed.enemy[side]

    def hex_of(self, uid: str) -> Hex:
        h = self.state.units[uid].hex
        assert h is not None
        return h

    def units_of(self, side: str) -> list[str]:
        side_of = self.fixed.side_of
        return [uid for uid, u in self.state.units.items() if u.status == "map" and side_of[uid] == side]

    def occupant_side(self, h: Hex) -> str | None:
        here = self.at.get(h)
        return self.side_of(here[0]) if here else None

    def label(self, uid: str) -> str:
        u = self.sc.units[uid]
        return f"{u.short} ({u.strength}-{u.move})"

    # --- zones of control (6.0-6.3) ----------------------------------------
    def ezoc(self, side: str) -> frozenset[Hex]:
        """Hexes in the zone of control of side's enemies; disrupted units have none (6.3)."""
        return self.position.ezoc(self.enemy_of(side))

    def held(self, side: str) -> frozenset[Hex]:
        """The hexes side's enemies stand in: no unit of side may enter them (7.2)."""
        return self.position.held(self.enemy_of(side))

    def blocked(self, a: Hex, b: Hex) -> bool:
        """Whether a hexside feature (a cliff) stops movement, attack and ZOC between a and b."""
        return bool(self.rules.blocking_hexsides and self.sc.grid.hexsides) and bool(
            self.sc.grid.side_features(a, b) & set(self.rules.blocking_hexsides)
        )

    def sc_areas(self, names: list[str]) -> set[Hex]:
        return {h for name in names for h in self.sc.map.areas.get(name, [])}

    # --- movement (8.0) ----------------------------------------------------
    def allowance(self, uid: str) -> int:
        """MPs this phase: halved on turn 1 where the rules say (el-alamein 8.4), less any paid on entry."""
        u = self.sc.units[uid]
        move = u.move // 2 if self.state.turn == 1 and u.side in self.rules.halved_first_turn else u.move
        return move - self.state.spent.get(uid, 0)

    def enter_cost(self, side: str, h: Hex) -> int | None:
        """MPs for side to enter h, or None where it may not go (sea 8.3, enemy 7.2)."""
        if not self.sc.grid.contains(h):
            return None
        cost = self.sc.terrain_at[h].cost
        if cost is None or h in self.barred.get(side, ()):
            return None
        owner = self.occupant_side(h)
        if owner is not None and owner != side:
            return None
        return cost

    def step_cost(self, side: str, a: Hex, b: Hex) -> int | None:
        """MPs to move from a into the adjacent b: terrain, hexside features, lines moved along (8.3)."""
        owner = self.occupant_side(b)
        if owner is not None and owner != side:
            return None
        return static_costs(self.sc.info.id, side)[1].get((a, b))

    def is_empty(self, h: Hex) -> bool:
        return not self.at.get(h)

    def has_room(self, side: str, h: Hex) -> bool:
        return len(self.at.get(h, [])) < self.sc.info.rules.stacking[side]

    def steps_from(self, side: str):
        """h -> the hexes side may step into from h now, with their MP costs."""
        table = static_costs(self.sc.info.id, side)[0]
        held = self.held(side)
        return lambda h: [(b, c) for b, c in table[h] if b not in held]

    def reach(self, uid: str) -> Reach:
        return self.moves(uid).reach

    def moves(self, uid: str) -> Moves:
        """Where uid may move now (8.0, 6.1): worked out once for each start hex, allowance and
        enemy position, since a side's own moves never change its enemies' zones."""
        side = self.side_of(uid)
        known = self.position.known_moves(side)
        start, allowance = self.hex_of(uid), self.allowance(uid)
        found = known.get((start, allowance))
        if found is None:
            zone = self.ezoc(side)
            reach = movement_range(
                start,
                allowance,
                static_costs(self.sc.info.id, side)[0].__getitem__,
                stops_in=zone.__contains__,
                first_step_ok=(lambda h: h not in zone) if start in zone else (lambda h: True),
                barred=self.held(side),
            )
            found = known[(start, allowance)] = Moves(start, reach, self._move_ends(side, start, allowance, reach))
        return found

    def _move_ends(self, side: str, start: Hex, allowance: int, reach: Reach) -> list[tuple[Hex, str]]:
        """(hex, "move" or "exit") for every end of a move from start, in the order of reach:
        every hex reached but the start, and the exit edge hexes out of enemy zones from which
        breaking off is paid for (4.2). Stacking is checked when the moves are listed."""
        rule = self.rules.exit
        exits = set(self.sc.edge(rule.edge)) if rule and rule.side == side else set()
        zone = self.ezoc(side)
        ends = []
        for h, spent in reach.cost.items():
            if h != start:
                ends.append((h, "move"))
            if h in exits and h not in zone and spent + rule.cost <= allowance:
                ends.append((h, "exit"))
        return ends

    def check_path(self, uid: str, path: list[Hex]) -> int:
        """The MPs a move along path costs, or IllegalAction saying which rule it breaks. A path to
        a hex the unit cannot reach by any way is refused for that (the player named the hex; the
        way there was only a sketch), not for the sketch's first bad step."""
        try:
            return self._check_path(uid, path)
        except IllegalAction:
            goal = path[-1] if path else None
            if goal is None or not self.sc.grid.contains(goal) or goal in self.reach(uid).cost:
                raise
            raise IllegalAction(*self.out_of_reach(uid, goal)) from None

    def out_of_reach(self, uid: str, goal: Hex) -> tuple[str, str]:
        """Why no move of uid can end in goal: the hex itself (an enemy, the sea), the enemy zones
        of control, or its MPs (7.2, 8.3, 6.1, 8.2)."""
        side, start, allowance = self.side_of(uid), self.hex_of(uid), self.allowance(uid)
        if self.occupant_side(goal) not in (None, side):
            return self._why_not_enter(side, start, goal), f"{self.case}:7.2"
        ways_in = [n for n in self.sc.grid.neighbours(goal) if self.step_cost(side, n, goal) is not None]
        if not ways_in:
            return self._why_not_enter(side, start, goal), f"{self.case}:8.3"
        # Within the unit's MPs but for the zones of control? (searched no further than its MPs: cheap)
        free = movement_range(start, allowance, self.steps_from(side), stops_in=lambda h: False)
        if goal in free.cost:
            return f"enemy zones of control stop every way to {goal} within {self.label(uid)}'s {allowance} MPs", f"{self.case}:6.1"
        return f"{goal} is out of reach: no way there within {self.label(uid)}'s {allowance} MPs", f"{self.case}:{self._mp_case(uid)}"

    def _mp_case(self, uid: str) -> str:
        halved = self.state.turn == 1 and self.sc.units[uid].side in self.rules.halved_first_turn
        return "8.4" if halved else "10.0" if self.state.spent.get(uid) else "8.2"

    def _check_path(self, uid: str, path: list[Hex]) -> int:
        side = self.side_of(uid)
        zone = self.ezoc(side)
        here = self.hex_of(uid)
        spent = 0
        for i, there in enumerate(path):
            if not self.sc.grid.contains(there):
                raise IllegalAction(f"{there} is off the map", f"{self.case}:8.1")
            if there not in self.sc.grid.neighbours(here):
                raise IllegalAction(f"{there} is not adjacent to {here}", f"{self.case}:8.2")
            cost = self.step_cost(side, here, there)
            if cost is None:  # an enemy hex or the sea: the first reason to give, whatever the zones
                raise IllegalAction(self._why_not_enter(side, here, there), f"{self.case}:{'7.2' if self.occupant_side(there) else '8.3'}")
            if i > 0 and here in zone:
                raise IllegalAction(f"{here} is in an enemy zone of control: the move must stop there", f"{self.case}:6.1")
            if i == 0 and here in zone and there in zone:
                raise IllegalAction(
                    f"a unit leaving an enemy zone of control must first enter a hex outside one ({there} is in one)",
                    f"{self.case}:6.1",
                )
            spent += cost
            here = there
        allowance = self.allowance(uid)
        if spent > allowance:
            raise IllegalAction(f"the path costs {spent} MPs; {self.label(uid)} has {allowance}", f"{self.case}:{self._mp_case(uid)}")
        return spent

    def _why_not_enter(self, side: str, here: Hex, there: Hex) -> str:
        if self.occupant_side(there) not in (None, side):
            return f"{there} holds an enemy unit: no unit may enter"
        if self.blocked(here, there):
            return f"no unit may cross the {'/'.join(self.sc.grid.side_features(here, there))} between {here} and {there}"
        if there in self.barred.get(side, ()):
            return f"{self.sc.side_name(side)} units may not enter {there}"
        return f"{there} is {self.sc.terrain_at[there].name}: no unit may enter"

    # --- combat (9.0) ------------------------------------------------------
    def stack(self, uid: str) -> list[str]:
        """The units that defend with uid as one (9.1(5) where stacking is allowed).

        Once an attack is declared its defenders are fixed: a unit that retreats into
        the hex later in the phase is not attacked twice (9.1(3)).
        """
        for att in self.state.attacks:
            if uid in att.defenders:
                return [u for u in att.defenders if self.state.units[u].status == "map"]
        return sorted(self.at.get(self.hex_of(uid), []))

    def defence(self, defender: str, attackers: list[str] | None = None) -> tuple[int, str]:
        """The defending stack's combat strength and why it is doubled, if it is (9.3).

        Doublings never combine: a city across a river is doubled once.
        """
        h = self.hex_of(defender)
        stack = self.stack(defender)
        strength = sum(self.sc.units[u].strength for u in stack)
        terrain = self.sc.terrain_at[h]
        if terrain.doubles_defence:
            return strength * 2, f"doubled in {terrain.name} ({self.case}:9.3)"
        if h in self.sc.map.battle_positions and self.side_of(defender) == self.rules.battle_position_side:
            return strength * 2, f"doubled in a Battle Position ({self.case}:9.3)"
        kinds = set(self.rules.doubling_hexsides)
        if attackers and kinds and all(
            self.sc.grid.side_features(self.hex_of(a), h) & kinds for a in attackers
        ):
            return strength * 2, f"doubled: every attacker crosses a river ({self.case}:9.3)"
        return strength, ""

    def column(self, attackers: list[str], defender: str) -> str | None:
        attack = sum(self.sc.units[a].strength for a in attackers)
        defence, _ = self.defence(defender, attackers)
        return crt_column(attack, defence, self.sc.crt.columns)

    def moves_next(self, uid: str) -> bool:
        """Whether uid may move in its side's next movement phase (this one, in its own): a
        disrupted unit may not (9.7(2)) unless its own side's combat phase, which recovers it
        (9.7(3)), comes first, as when it retreated attacking in the combat phase now."""
        if not self.state.units[uid].disrupted:
            return True
        side = self.side_of(uid)
        order = [f"{s.id}-{kind}" for s in self.sc.info.sides for kind in self.rules.phases]
        start = order.index(self.state.phase) if self.state.phase in order else 0
        for phase in order[start:] + order[:start]:
            if phase in (f"{side}-move", f"{side}-combat"):
                return phase == f"{side}-combat"
        return False

    def can_attack(self, uid: str) -> bool:
        return not self.state.units[uid].disrupted and all(uid not in att.attackers for att in self.state.attacks)

    def attack_reach(self, attacker: str, defender: str) -> bool:
        """Whether the defender stands in the attacker's zone of control (6.2): adjacent, no cliff
        between, and not in an area the attacker's zone never reaches (operation-compass 3.2(3))."""
        d = self.hex_of(defender)
        return d in self.fixed.zoc_reach[self.hex_of(attacker)] and d not in self.fixed.zoc_free[self.side_of(attacker)]

    def declarable(self) -> list[tuple[list[str], str]]:
        """Legal new attacks: adjacent attackers against one enemy hex at 1:2 or better.

        Every combination while few units could join; with many (large stacks), every
        combination of whole hexes and every single unit: `act` still takes any legal set.
        """
        side = self.state.side
        targeted = {self.hex_of(att.defender) for att in self.state.attacks}
        zoc_reach = self.fixed.zoc_reach
        found = []
        for h, here in sorted(self.at.items()):
            d = sorted(here)[0]
            if h in targeted or self.side_of(d) == side:
                continue
            near = [a for n in zoc_reach[h] for a in self.at.get(n, ()) if self.side_of(a) == side]  # cliffs cut both ways
            ready = sorted(a for a in near if self.can_attack(a) and self.attack_reach(a, d))
            for group in _groups(ready, lambda a: self.hex_of(a)):
                if self.column(group, d) is not None:
                    found.append((group, d))
        return found

    # --- retreats (9.5) ----------------------------------------------------
    def retreat_paths(self, uid: str, distance: int, together: set[str] | frozenset[str] = frozenset()) -> list[list[Hex]]:
        """Every legal retreat of distance hexes, or of one more where all end on friends (9.5(2)).
        A hex holding only units of the same retreating stack (together) counts as empty (9.5(4))."""
        side = self.side_of(uid)
        zone = self.ezoc(side)
        origin = self.hex_of(uid)
        grid = self.sc.grid

        def extend(paths: list[list[Hex]], steps: int) -> list[list[Hex]]:
            for _ in range(steps):
                paths = [
                    p + [n]
                    for p in paths
                    for n in grid.neighbours(p[-1] if p else origin)
                    if n not in zone
                    and self.step_cost(side, p[-1] if p else origin, n) is not None
                    and grid.distance(origin, n) == len(p) + 1
                ]
            return paths

        # 9.5(2): end in an empty hex if possible; else in one with room; else one hex further,
        # again empty if possible.
        full = extend([[]], distance)
        longer = extend(full, 1)
        def room(h: Hex) -> bool:
            return self.has_room(side, h)

        def empty(h: Hex) -> bool:
            return all(u in together for u in self.at.get(h, []))

        for paths, test in ((full, empty), (full, room), (longer, empty), (longer, room)):
            chosen = [p for p in paths if test(p[-1])]
            if chosen:
                return chosen
        return []


@cache
def static_costs(scenario_id: str, side: str) -> tuple[dict[Hex, tuple[tuple[Hex, int], ...]], dict[tuple[Hex, Hex], int]]:
    """Every step side's units may take on an empty map and its MP cost (8.3), worked out once.

    Terrain, hexside features (rivers cost more, cliffs forbid) and lines moved along
    (a railroad step costs 1); the units on the map are checked when moving.
    """
    sc = load_scenario(scenario_id)
    rules = sc.info.rules
    barred = {h for name in rules.barred.get(side, []) for h in sc.map.areas.get(name, [])}
    lines = sc.line_steps(rules.line_movement)
    costs: dict[tuple[Hex, Hex], int] = {}
    for a in sc.grid.all_hexes():
        for b in sc.grid.neighbours(a):
            cost = sc.terrain_at[b].cost
            features = sc.grid.side_features(a, b)
            if cost is None or b in barred or features & set(rules.blocking_hexsides):
                continue
            if frozenset((a, b)) in lines:
                costs[(a, b)] = 1
                continue
            costs[(a, b)] = cost + sum(rules.hexside_costs.get(kind, 0) for kind in features)
    table: dict[Hex, list[tuple[Hex, int]]] = {h: [] for h in sc.grid.all_hexes()}
    for (a, b), cost in costs.items():
        table[a].append((b, cost))
    return {h: tuple(v) for h, v in table.items()}, costs


class Moves:
    """One unit's moves from one hex: its reach, the ends of its moves, paths built on demand."""

    def __init__(self, start: Hex, reach: Reach, ends: list[tuple[Hex, str]]) -> None:
        self.start = start
        self.reach = reach
        self.ends = ends
        self._paths: dict[Hex, list[Hex]] = {}

    def path(self, h: Hex) -> list[Hex]:
        """A fresh list of the hexes entered on the cheapest way to h."""
        if h not in self._paths:
            self._paths[h] = self.reach.path_to(h)
        return list(self._paths[h])


class MoveList(LazyPart):
    """Every move and break-off of the given units, in order unit by unit; counted at once,
    each action (with its path) built only when asked for. A move is listed onto a hex
    already at the stacking limit only while a unit there may still move out (7.1, 7.3)."""

    kinds = frozenset({"move", "exit"})

    def __init__(self, b: Board, units: list[str]) -> None:
        side = b.state.side
        limit = b.rules.stacking[side]
        movers = set(units)
        side_of = b.fixed.side_of
        full = [h for h, here in b.at.items() if len(here) >= limit and side_of[here[0]] == side and movers.isdisjoint(here)]
        self.full = frozenset(full)  # where no move may end now
        self._units: list[tuple[str, Moves, set[Hex]]] = []
        self._ends: list[int] = []
        self._kept: dict[int, list[tuple[Hex, str]]] = {}
        total = 0
        for uid in units:
            moves = b.moves(uid)
            skip = {h for h in full if h in moves.reach.cost} if full else set()  # (a mover's own hex is never full)
            self._units.append((uid, moves, skip))
            total += len(moves.ends) - len(skip)
            self._ends.append(total)

    def _unit_ends(self, k: int) -> list[tuple[Hex, str]]:
        """The listed ends of unit k's moves: all of them but those onto a full hex."""
        _, moves, skip = self._units[k]
        if not skip:
            return moves.ends
        if k not in self._kept:
            self._kept[k] = [e for e in moves.ends if not (e[1] == "move" and e[0] in skip)]
        return self._kept[k]

    def _end(self, k: int, j: int) -> tuple[str, Moves, Hex, str]:
        uid, moves, _ = self._units[k]
        return (uid, moves, *self._unit_ends(k)[j])

    def _item(self, k: int, j: int) -> Action:
        uid, moves, h, kind = self._end(k, j)
        return {"type": kind, "unit": uid, "path": moves.path(h)}

    def sketch(self, i: int) -> Action:
        k, j = self._locate(i)
        uid, _, h, kind = self._end(k, j)
        return {"type": kind, "unit": uid, "to": h}

    def sketch_all(self) -> Iterator[Action]:
        """Unit by unit, without locating each index (a bot weighs them all at every move)."""
        for k, (uid, _, _) in enumerate(self._units):
            for h, kind in self._unit_ends(k):
                yield {"type": kind, "unit": uid, "to": h}

    def by_unit(self) -> Iterator[tuple[str, list[tuple[Hex, str]]]]:
        """Each unit's listed ends, (hex, type), in order (a bot weighs them all at every move)."""
        for k, (uid, _, _) in enumerate(self._units):
            yield uid, self._unit_ends(k)

    def lists(self, action: Action, form: Callable[[Action], Action]) -> bool:
        """Only the one listed action of the unit ending where `action` ends is compared (an empty
        path ends where the unit stands: a break-off from the edge hex it is on)."""
        path = action.get("path")
        if action.get("type") not in self.kinds or not isinstance(path, list):
            return False
        for uid, moves, skip in self._units:
            if uid == action.get("unit"):
                end = (path[-1] if path else moves.start, action["type"])
                if end not in moves.ends or (end[1] == "move" and end[0] in skip):
                    return False
                listed = {"type": end[1], "unit": uid, "path": moves.path(end[0])}
                return form_key(form(listed)) == form_key(form(action))
        return False


class Position:
    """One arrangement of the units (hexes, statuses, disruption) and what it gives every
    question: who stands where, each side's zone of control and held hexes, worked out once
    however many Boards ask."""

    def __init__(self, fixed: _Fixed, uids: tuple[str, ...], key: tuple, at: dict[Hex, list[str]] | None = None) -> None:
        self.fixed, self.uids, self.key = fixed, uids, key
        if at is None:
            at = {}
            for uid, (h, status, _) in zip(uids, key):
                if h is not None and status == "map":
                    here = at.get(h)
                    if here is None:
                        at[h] = [uid]
                    else:
                        here.append(uid)
        self.at = at
        self._zones: dict[str, frozenset[Hex]] = {}
        self._held: dict[str, frozenset[Hex]] = {}
        self._moves: dict[str, dict[tuple[Hex, int], Moves]] = {}

    MOST_CHANGED = 4  # units changed beyond which a position is worked out afresh

    def moved(self, uids: tuple[str, ...], key: tuple) -> Position | None:
        """This position with a few units moved, eliminated or disrupted, derived from it: the
        hexes they left or entered redone, and the zones and moves of a side none of whose
        units changed kept. None where that would not save work (or the units differ)."""
        fixed = self.fixed
        if uids != self.uids or uids != fixed.order:
            return None
        changed = [i for i, (was, now) in enumerate(zip(self.key, key)) if was != now]
        if len(changed) > self.MOST_CHANGED:
            return None
        at = dict(self.at)
        touched: set[Hex] = set()
        for i in changed:
            for h, status, _ in (self.key[i], key[i]):
                if h is not None and status == "map":
                    touched.add(h)
        for h in touched:  # each touched hex listed again in the order units are listed
            here = sorted(
                (u for u in {*self.at.get(h, ()), *(uids[i] for i in changed)} if key[fixed.index[u]][0] == h and key[fixed.index[u]][1] == "map"),
                key=fixed.index.__getitem__,
            )
            if here:
                at[h] = here
            else:
                at.pop(h, None)
        new = Position(fixed, uids, key, at)
        sides = {fixed.side_of[uids[i]] for i in changed}
        new._zones = {o: z for o, z in self._zones.items() if o not in sides}
        new._held = {o: h for o, h in self._held.items() if o not in sides}
        new._moves = {s: m for s, m in self._moves.items() if fixed.enemy[s] not in sides}
        return new

    def ezoc(self, owner: str) -> frozenset[Hex]:
        """The zone of control of owner's units (6.0-6.3): not from disrupted units, not across
        a cliff, not into the areas owner's zone never reaches."""
        if owner not in self._zones:
            side_of, reach = self.fixed.side_of, self.fixed.zoc_reach
            zone: set[Hex] = set()
            for uid, (h, status, disrupted) in zip(self.uids, self.key):
                if h is not None and not disrupted and status == "map" and side_of[uid] == owner:
                    zone.update(reach[h])
            self._zones[owner] = frozenset(zone - self.fixed.zoc_free[owner])
        return self._zones[owner]

    def held(self, owner: str) -> frozenset[Hex]:
        if owner not in self._held:
            side_of = self.fixed.side_of
            self._held[owner] = frozenset(h for h, here in self.at.items() if side_of[here[0]] == owner)
        return self._held[owner]

    def known_moves(self, side: str) -> dict[tuple[Hex, int], Moves]:
        """side's moves already worked out for this enemy position: one side's moves never
        change the other's zones or hexes, so a whole movement phase shares them."""
        if side not in self._moves:
            enemy = self.fixed.enemy[side]
            self._moves[side] = self.fixed.known_moves(side, self.held(enemy), self.ezoc(enemy))
        return self._moves[side]


_UNIT_KEY = attrgetter("hex", "status", "disrupted")


class _Fixed:
    """What a scenario never changes, worked out once: sides, barred areas, zone shapes;
    and the moves recent enemy positions allow, kept for the next question."""

    KEEP = 64  # enemy positions whose moves are kept

    def __init__(self, scenario_id: str) -> None:
        sc = self.sc = load_scenario(scenario_id)
        rules = sc.info.rules
        areas = lambda names: {h for name in names for h in sc.map.areas.get(name, [])}
        ids = [s.id for s in sc.info.sides]
        self.side_of = {uid: u.side for uid, u in sc.units.items()}
        self.enemy = {s: next(o for o in ids if o != s) for s in ids}
        self.barred = {side: areas(names) for side, names in rules.barred.items()}
        self.zoc_free = {side: frozenset(areas(rules.zoc_free.get(side, []))) for side in ids}
        self.line_pairs = sc.line_steps(rules.line_movement)
        cliffs = set(rules.blocking_hexsides) if sc.grid.hexsides else set()
        self.zoc_reach = {  # the hexes a unit's zone of control covers from h (6.0, no cliff between)
            h: tuple(n for n in sc.grid.neighbours(h) if not sc.grid.side_features(h, n) & cliffs)
            for h in sc.grid.all_hexes()
        }
        self.order = tuple(sc.units)  # units as a new state lists them
        self.index = {uid: i for i, uid in enumerate(self.order)}
        self._known: OrderedDict[tuple, dict[tuple[Hex, int], Moves]] = OrderedDict()

    def known_moves(self, side: str, held: frozenset[Hex], zone: frozenset[Hex]) -> dict[tuple[Hex, int], Moves]:
        """The moves worked out so far for side against these enemy hexes and zones; the
        least recently used enemy positions beyond KEEP are forgotten."""
        key = (side, held, zone)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = {}
            if len(self._known) > self.KEEP:
                self._known.popitem(last=False)
        else:
            self._known.move_to_end(key)
        return found


@cache
def _fixed(scenario_id: str) -> _Fixed:
    return _Fixed(scenario_id)


def _groups(units: list[str], hex_of) -> list[list[str]]:
    if len(units) <= 8:
        return [list(g) for n in range(1, len(units) + 1) for g in combinations(units, n)]
    by_hex: dict[str, list[str]] = {}
    for u in units:
        by_hex.setdefault(hex_of(u), []).append(u)
    stacks = list(by_hex.values())
    found = [[u] for u in units]
    for n in range(1, len(stacks) + 1):
        for chosen in combinations(stacks, n):
            group = sorted(u for stack in chosen for u in stack)
            if len(group) > 1:
                found.append(group)
    return found
