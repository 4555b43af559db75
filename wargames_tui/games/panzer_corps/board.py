"""Reading a Panzer Corps position: who stands where, zones of control, costs, odds."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.engine.odds import crt_column
from wargames_tui.engine.paths import Reach, movement_range
from wargames_tui.games.panzer_corps.data import Scenario, Unit, load_scenario
from wargames_tui.games.panzer_corps.state import State


class Board:
    """A scenario and a state read together. Cheap to build; build one per question."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.sc: Scenario = load_scenario(state.scenario)
        self.case = self.sc.info.rulebook
        self.at: dict[Hex, list[str]] = {}
        for uid, u in state.units.items():
            if u.status == "map" and u.hex is not None:
                self.at.setdefault(u.hex, []).append(uid)
        self._ezoc: dict[str, frozenset[Hex]] = {}
        self.rules = self.sc.info.rules
        self.barred = {side: self.sc_areas(names) for side, names in self.rules.barred.items()}
        self.line_pairs = self.sc.line_steps(self.rules.line_movement)

    # --- who is who -------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        return self.sc.units[uid]

    def side_of(self, uid: str) -> str:
        return self.sc.units[uid].side

    def enemy_of(self, side: str) -> str:
        return next(s.id for s in self.sc.info.sides if s.id != side)

    def hex_of(self, uid: str) -> Hex:
        h = self.state.units[uid].hex
        assert h is not None
        return h

    def units_of(self, side: str) -> list[str]:
        return [
            uid
            for uid, u in self.state.units.items()
            if u.status == "map" and self.sc.units[uid].side == side
        ]

    def occupant_side(self, h: Hex) -> str | None:
        here = self.at.get(h)
        return self.side_of(here[0]) if here else None

    def label(self, uid: str) -> str:
        u = self.sc.units[uid]
        return f"{u.short} ({u.strength}-{u.move})"

    # --- zones of control (6.0-6.3) ----------------------------------------
    def ezoc(self, side: str) -> frozenset[Hex]:
        """Hexes in the zone of control of side's enemies; disrupted units have none (6.3)."""
        if side not in self._ezoc:
            enemy = self.enemy_of(side)
            zone: set[Hex] = set()
            for uid in self.units_of(enemy):
                if not self.state.units[uid].disrupted:
                    here = self.hex_of(uid)
                    zone.update(n for n in self.sc.grid.neighbours(here) if not self.blocked(here, n))
            zone -= self.sc_areas(self.rules.zoc_free.get(enemy, []))
            self._ezoc[side] = frozenset(zone)
        return self._ezoc[side]

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
        enemy = self.enemy_of(side)
        held = {h for h, here in self.at.items() if self.side_of(here[0]) == enemy}
        return lambda h: [(b, c) for b, c in table[h] if b not in held]

    def reach(self, uid: str) -> Reach:
        side = self.side_of(uid)
        zone = self.ezoc(side)
        start = self.hex_of(uid)
        return movement_range(
            start,
            self.allowance(uid),
            self.steps_from(side),
            stops_in=lambda h: h in zone,
            first_step_ok=(lambda h: h not in zone) if start in zone else (lambda h: True),
        )

    def check_path(self, uid: str, path: list[Hex]) -> int:
        """The MPs a move along path costs, or IllegalAction saying which rule it breaks."""
        side = self.side_of(uid)
        zone = self.ezoc(side)
        here = self.hex_of(uid)
        spent = 0
        for i, there in enumerate(path):
            if not self.sc.grid.contains(there):
                raise IllegalAction(f"{there} is off the map", f"{self.case}:8.1")
            if there not in self.sc.grid.neighbours(here):
                raise IllegalAction(f"{there} is not adjacent to {here}", f"{self.case}:8.2")
            if i > 0 and here in zone:
                raise IllegalAction(f"{here} is in an enemy zone of control: the move must stop there", f"{self.case}:6.1")
            if i == 0 and here in zone and there in zone:
                raise IllegalAction(
                    f"a unit leaving an enemy zone of control must first enter a hex outside one ({there} is in one)",
                    f"{self.case}:6.1",
                )
            cost = self.step_cost(side, here, there)
            if cost is None:
                raise IllegalAction(self._why_not_enter(side, here, there), f"{self.case}:{'7.2' if self.occupant_side(there) else '8.3'}")
            spent += cost
            here = there
        allowance = self.allowance(uid)
        if spent > allowance:
            u = self.sc.units[uid]
            halved = self.state.turn == 1 and u.side in self.rules.halved_first_turn
            case = "8.4" if halved else "10.0" if self.state.spent.get(uid) else "8.2"
            raise IllegalAction(f"the path costs {spent} MPs; {self.label(uid)} has {allowance}", f"{self.case}:{case}")
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

    def can_attack(self, uid: str) -> bool:
        used = {a for att in self.state.attacks for a in att.attackers}
        return not self.state.units[uid].disrupted and uid not in used

    def attack_reach(self, attacker: str, defender: str) -> bool:
        """Whether the defender stands in the attacker's zone of control (6.2): adjacent, no cliff
        between, and not in an area the attacker's zone never reaches (operation-compass 3.2(3))."""
        a, d = self.hex_of(attacker), self.hex_of(defender)
        side = self.side_of(attacker)
        if d in self.sc_areas(self.rules.zoc_free.get(side, [])):
            return False
        return d in self.sc.grid.neighbours(a) and not self.blocked(a, d)

    def declarable(self) -> list[tuple[list[str], str]]:
        """Legal new attacks: adjacent attackers against one enemy hex at 1:2 or better.

        Every combination while few units could join; with many (large stacks), every
        combination of whole hexes and every single unit: `act` still takes any legal set.
        """
        side = self.state.side
        targeted = {self.hex_of(att.defender) for att in self.state.attacks}
        found = []
        for h, here in sorted(self.at.items()):
            d = sorted(here)[0]
            if h in targeted or self.side_of(d) == side:
                continue
            ready = sorted(a for a in self.units_of(side) if self.can_attack(a) and self.attack_reach(a, d))
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
