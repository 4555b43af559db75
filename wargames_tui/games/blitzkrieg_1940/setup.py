"""Setting up and the first turn's specials: Operation Sickle Cut and its cup (6.0), the
German set-up inside Germany with dummies (3.1F, 6.3), the airborne coups de main (7.0)
and the end of a Sickle Cut turn 1 (6.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import accumulate

from wargames_tui.engine.actionlist import ActionList, LazyPart
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.games.blitzkrieg_1940 import combat
from wargames_tui.games.blitzkrieg_1940.fog import hidden_units
from wargames_tui.games.blitzkrieg_1940.movement import take_control, violate
from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State

C = "blitzkrieg-1940:"
CUP_LIMITS = {"mech": 11, "leg": 22}  # 6.2A


def unit_arg(pos: Position, action: Action, case: str, key: str = "unit") -> str:
    uid = action.get(key)
    if not isinstance(uid, str) or uid not in pos.b.units:
        raise IllegalAction(f"{key} must be a unit id", C + case)
    return uid


def hex_arg(pos: Position, action: Action, case: str, key: str = "hex") -> Hex:
    h = action.get(key)
    if not isinstance(h, str) or h not in pos.b.terrain:
        raise IllegalAction(f"{key} must be a hex id", C + case)
    return h


def place(state: State, uid: str, h: Hex) -> None:
    st = state.units[uid]
    st.hex, st.status, st.z = h, "map", state.next_z
    state.next_z += 1


# --- Operation Sickle Cut ----------------------------------------------------------------------
def sickle_actions() -> list[Action]:
    return [{"type": "sickle-cut", "launch": True}, {"type": "sickle-cut", "launch": False}]


def do_sickle(state: State, action: Action) -> list[Event]:
    launch = action.get("launch")
    if not isinstance(launch, bool):
        raise IllegalAction("launch must be true or false", C + "6.1")
    state.sickle = launch
    if launch:
        violate(state, "Belgium")  # 6.1 design note
    return [Event("sickle", "Germany launches Operation Sickle Cut" if launch else "No Operation Sickle Cut",
                  {"case": C + "6.1"}, commit=True)]


# --- the German set-up --------------------------------------------------------------------------
def pool(state: State) -> list[str]:
    """German set-up units still to place, real units first so dummies have stacks to join."""
    b = Position(state).b
    waiting = [u for u, st in state.units.items() if st.status == "pool"]
    return sorted(waiting, key=lambda u: (b.units[u].dummy, u))


def cup_counts(state: State) -> dict[str, int]:
    b = Position(state).b
    out = {"mech": 0, "leg": 0}
    for u, st in state.units.items():
        if st.status == "cup":
            out["mech" if b.units[u].mech else "leg"] += 1
    return out


def setup_hexes(pos: Position, uid: str) -> list[Hex]:
    """Where a German set-up unit may go: inside Germany with room; a dummy only onto a real unit (6.3A, 7.8)."""
    b = pos.b
    u = b.units[uid]
    out = []
    for h, c in b.country.items():
        if c != "Germany" or not b.land(h) or (u.mech and b.terrain[h] == "marsh"):
            continue
        if german_room(pos, uid, h):
            out.append(h)
    return out


def german_room(pos: Position, uid: str, h: Hex) -> bool:
    """A dummy joins only a stack with a real unit that is no coup (6.3A, 7.8); others need room (11.1)."""
    b = pos.b
    if b.units[uid].dummy:
        return any(not b.units[x].dummy and not b.units[x].coup for x in pos.at.get(h, ()))
    return pos.stack_used(h, "german") + b.units[uid].stack <= b.game.stacking["limit"]


class SetupPlaces(LazyPart):
    """Every waiting unit's set-up hexes, in the pool's order, built when asked for (some 80 units
    by some 450 hexes): the player picks the unit, then its hex (3.1, 6.3A)."""

    kinds = frozenset({"place"})

    def __init__(self, pos: Position, units: list[str]) -> None:
        by_kind: dict[tuple[bool, bool, int], list[Hex]] = {}
        self.hexes: dict[str, list[Hex]] = {}
        for uid in units:  # the hexes depend only on the kind of counter (german_room, setup_hexes)
            u = pos.b.units[uid]
            key = (u.dummy, u.mech, u.stack)
            if key not in by_kind:
                by_kind[key] = setup_hexes(pos, uid)
            if by_kind[key]:
                self.hexes[uid] = by_kind[key]
        self.units = list(self.hexes)
        self.sets = {key: set(hs) for key, hs in by_kind.items()}
        self.key = {uid: (pos.b.units[uid].dummy, pos.b.units[uid].mech, pos.b.units[uid].stack) for uid in self.units}
        self._ends = list(accumulate(len(self.hexes[u]) for u in self.units))

    def _item(self, k: int, j: int) -> Action:
        uid = self.units[k]
        return {"type": "place", "unit": uid, "hex": self.hexes[uid][j]}

    def by_unit(self) -> Iterator[tuple[str, list[tuple[Hex, str]]]]:
        """Each unit's placings as (the unit, [(hex, "place"), ...]), in order, without building an
        action each (a bot weighing them all: some 36,000 at the start)."""
        ends: dict[tuple[bool, bool, int], list[tuple[Hex, str]]] = {}  # alike units, alike hexes
        for uid in self.units:
            key = self.key[uid]
            if key not in ends:
                ends[key] = [(h, "place") for h in self.hexes[uid]]
            yield uid, ends[key]

    def lists(self, action: Action, form: Callable[[Action], Action]) -> bool:
        f = form(action)
        uid, h = f.get("unit"), f.get("hex")
        return (f.get("type") == "place" and set(f) == {"type", "unit", "hex"} and isinstance(uid, str)
                and uid in self.key and isinstance(h, str) and h in self.sets[self.key[uid]])

    def __contains__(self, action: object) -> bool:
        return isinstance(action, dict) and self.lists(action, lambda a: a)


def setup_actions(state: State) -> ActionList:
    """The historical set-up (while real units wait), any waiting unit to any of its hexes, and with
    Sickle Cut launched any waiting unit into the cup, in any order (3.1, 6.2A, 6.3A)."""
    waiting = pool(state)
    if not waiting:
        return ActionList()
    pos = Position(state)
    whole: list[Action] = [{"type": "historical"}] if historical_fits(pos) and any(not pos.b.units[u].dummy for u in waiting) else []
    cups: list[Action] = [{"type": "cup", "unit": u} for u in waiting if may_cup(state, u)] if state.sickle else []
    return ActionList(whole, SetupPlaces(pos, waiting), cups)


def left_to_set_up(state: State) -> str:
    """What is left to set up and where it may go: '69 units and 15 dummies to set up inside Germany' (3.1, 6.2A)."""
    b = Position(state).b
    waiting = pool(state)
    dummies = sum(1 for u in waiting if b.units[u].dummy)
    where = "inside Germany or in the Sickle Cut cup" if state.sickle else "inside Germany"
    counts = [f"{n} {word}" for n, word in ((len(waiting) - dummies, "units"), (dummies, "dummies")) if n]
    return f"{' and '.join(counts)} to set up {where}" if counts else ""


def setup_note(state: State) -> str:
    """The set-up's prompt, with the cup so far when Sickle Cut is launched (6.2A); what is left is owed."""
    if not state.sickle:
        return "Set up the German army"
    cup = cup_counts(state)
    return f"Set up the German army (the cup holds {cup['mech']}/{CUP_LIMITS['mech']} mechanized, {cup['leg']}/{CUP_LIMITS['leg']} other)"


def historical_fits(pos: Position) -> bool:
    """The units still waiting fit their historical hexes beside those already set up freely (11.1)."""
    b = pos.b
    adding: dict[Hex, int] = {}
    for uid in pool(pos.s):
        u = b.units[uid]
        if not u.dummy and u.hex is not None:
            adding[u.hex] = adding.get(u.hex, 0) + u.stack
    return all(pos.stack_used(h, "german") + n <= b.game.stacking["limit"] for h, n in adding.items())


def may_cup(state: State, uid: str) -> bool:
    b = Position(state).b
    u = b.units[uid]
    kind = "mech" if u.mech else "leg"
    return not u.coup and cup_counts(state)[kind] < CUP_LIMITS[kind]


def do_place(state: State, action: Action) -> list[Event]:
    pos = Position(state)
    uid = unit_arg(pos, action, "3.1")
    h = hex_arg(pos, action, "3.1")
    if state.units[uid].status != "pool":
        raise IllegalAction(f"{uid} is not waiting to be set up", C + "3.1")
    if h not in setup_hexes(pos, uid):
        raise IllegalAction(f"{pos.b.units[uid].name} may not set up in {pos.b.label(h)}", C + ("6.3" if pos.b.units[uid].dummy else "3.1"))
    place(state, uid, h)
    return [Event("setup", f"{pos.b.units[uid].name} sets up in {pos.b.label(h)}", {"case": C + "3.1"}, only="german")]


def do_cup(state: State, action: Action) -> list[Event]:
    pos = Position(state)
    uid = unit_arg(pos, action, "6.2")
    if not state.sickle:
        raise IllegalAction("the cup is used only for Operation Sickle Cut", C + "6.2")
    if state.units[uid].status != "pool":
        raise IllegalAction(f"{uid} is not waiting to be set up", C + "6.2")
    if not may_cup(state, uid):
        raise IllegalAction("the cup holds at most 11 mechanized and 22 other units, no coups", C + "6.2")
    state.units[uid].status = "cup"
    return [Event("cup", f"{pos.b.units[uid].name} goes into the cup", {"case": C + "6.2"}, only="german")]


def do_historical(state: State, action: Action) -> list[Event]:
    """Every real unit still waiting goes to its historical assembly hex; the dummies stay to be
    placed on its stacks or put in the cup (6.3A): the historical set-up leaves the cup and the
    dummies to the player (those already in the cup stay there)."""
    pos = Position(state)
    if not historical_fits(pos):
        raise IllegalAction("the units still waiting would over-stack their historical hexes beside those set up already", C + "11.1")
    for uid in pool(state):
        u = pos.b.units[uid]
        if not u.dummy:
            assert u.hex is not None
            place(state, uid, u.hex)
    return [Event("setup", "The German army takes its historical assembly areas", {"case": C + "3.1"})]


# --- airborne coups de main ---------------------------------------------------------------------
def coups_waiting(state: State) -> list[str]:
    chosen = {d[0] for d in state.drops}
    return sorted(u for u, st in state.units.items() if st.status == "coup" and u not in chosen)


def drop_hexes(pos: Position) -> list[Hex]:
    """Any map hex but marsh, mountain or the Ardennes, one coup to a hex (7.2A)."""
    taken = {d[1] for d in pos.s.drops}
    return [h for h, t in pos.b.terrain.items() if pos.b.land(h) and t not in ("marsh", "mountain", "ardennes") and h not in taken]


UNSEEN = "unseen"  # a drop's fort: the first one beneath the counters Germany may identify


def fort_choices(pos: Position, h: Hex, hidden: set[str]) -> list[str]:
    """What Germany may name of the fort that dies with a coup on h (7.6), by what it sees (11.3): the
    French fort complexes there it may identify, and `unseen` when counters it may not identify stand
    there too (offered whatever they are: the offer must not tell). Empty when there is nothing to choose."""
    seen = [f for f in maginot_forts(pos, h) if f not in hidden]
    choices = seen + ([UNSEEN] if any(u in hidden for u in pos.at.get(h, ())) else [])
    return choices if len(choices) > 1 else []


def coup_actions(state: State) -> list[Action]:
    waiting = coups_waiting(state)
    actions: list[Action] = []
    if waiting:
        pos = Position(state)
        hidden = hidden_units(state, "german")
        for h in drop_hexes(pos):
            forts = fort_choices(pos, h, hidden) if maginot_forts(pos, h) else []
            actions += [{"type": "drop", "unit": waiting[0], "hex": h, "fort": f} for f in forts]
            if not forts:
                actions.append({"type": "drop", "unit": waiting[0], "hex": h})
    actions.append({"type": "end-drops"})
    return actions


def do_drop(state: State, action: Action) -> list[Event]:
    pos = Position(state)
    uid = unit_arg(pos, action, "7.2")
    h = hex_arg(pos, action, "7.2")
    if uid not in coups_waiting(state):
        raise IllegalAction(f"{uid} is not a coup de main unit waiting to drop", C + "7.2")
    if h not in drop_hexes(pos):
        raise IllegalAction("coups land one to a hex, never in marsh, mountain or the Ardennes", C + "7.2")
    fort = action.get("fort")
    choices = fort_choices(pos, h, hidden_units(state, "german")) if maginot_forts(pos, h) else []
    if fort is not None and fort not in choices:
        raise IllegalAction(
            "fort must be a Maginot fort complex Germany sees in the landing hex, or unseen for one beneath what it sees"
            if choices else "there is no fort to choose in the landing hex", C + "7.6")
    state.drops.append([uid, h] + ([fort] if fort else []))
    return [Event("drop", f"{pos.b.units[uid].name} will drop on {pos.b.label(h)}", {"case": C + "7.2"})]


def do_end_drops(state: State, dice: Dice) -> list[Event]:
    """Roll for each coup in the order chosen; survivors land (7.2C-7.7)."""
    pos = Position(state)
    b = pos.b
    events: list[Event] = []
    for uid in coups_waiting(state):
        state.units[uid].status = "out"  # not committed: out of play (7.2A)
    table = b.game.tables.coup_survival
    paris = False
    for n, (uid, h, *fort) in enumerate(state.drops):
        if b.country[h] in ("Belgium", "Holland", "Luxembourg"):
            violate(state, b.country[h])
        roll = dice.roll()
        survives = roll <= table[n]
        events.append(Event("coup", f"{b.units[uid].name} drops on {b.label(h)}: rolled {roll}, "
                            + ("lands" if survives else "lost"), {"unit": uid, "hex": h, "roll": roll, "need": table[n], "case": C + "7.2"}, commit=True))
        if not survives:
            state.units[uid].status = "dead"
            state.german_lost += 2  # 7.2E
            continue
        events += land(state, uid, h, fort[0] if fort else None)
        paris = paris or (h in b.cities.get("Paris", ()) and state.units[uid].status == "map")
    state.drops = []
    if paris:
        roll = dice.roll()
        state.morale = b.game.tables.paris_morale[roll - 1]
        events.append(Event("morale", f"Coups in Paris: rolled {roll}, French morale: {state.morale}", {"roll": roll, "case": C + "7.7"}, commit=True))
    return events


def maginot_forts(pos: Position, h: Hex) -> list[str]:
    return [x for x in pos.at.get(h, ()) if pos.b.units[x].fort and pos.b.units[x].nation == "french"]


def land(state: State, uid: str, h: Hex, chosen: str | None = None) -> list[Event]:
    pos = Position(state)
    b = pos.b
    here = [x for x in pos.at.get(h, ()) if b.units[x].side == "allied"]
    forts = [x for x in here if b.units[x].fort]
    if chosen == UNSEEN:  # the first fort Germany may not identify, else the first it may
        hidden = hidden_units(state, "german")
        chosen = next((x for x in forts if x in hidden), None)
    if chosen in forts:
        forts.remove(chosen)
        forts.insert(0, chosen)
    if h in b.maginot_border or (forts and b.units[forts[0]].nation == "french"):
        state.units[uid].status = "dead"  # 7.6: the coup dies with one fort
        state.german_lost += 2
        events = [Event("coup", f"{b.units[uid].name} destroys a fort of {b.label(h)} and is lost", {"case": C + "7.6"}, commit=True)]
        if forts:
            events += combat.lose_step(state, forts[0])
        return events
    events: list[Event] = []
    for f in forts:  # Eben Emael (7.5)
        st = state.units[f]
        st.status, st.hex = "dead", None
        events.append(Event("coup", f"{b.units[f].name} falls to the coup de main", {"case": C + "7.5"}))
    mobile = [x for x in here if not b.units[x].fort and pos.steps_of(x)[2] > 0]
    state.displace.extend(mobile)  # 7.4
    place(state, uid, h)
    take_control(state, Position(state), h, "german")  # 7.1C
    return events


def displace_hexes(pos: Position, uid: str) -> list[Hex]:
    b = pos.b
    h = pos.s.units[uid].hex
    assert h is not None
    out = []
    for n in b.grid.neighbours(h):
        if b.land(n) and pos.passable_side(h, n) and not pos.has_side(n, "german") and not (b.terrain[n] == "marsh" and b.units[uid].mech):
            if pos.stack_used(n, "allied") + b.units[uid].stack <= b.game.stacking["limit"]:
                out.append(n)
    return out


def displace_actions(state: State) -> list[Action]:
    pos = Position(state)
    uid = state.displace[0]
    hexes = displace_hexes(pos, uid)
    if not hexes:
        return [{"type": "displace", "unit": uid, "hex": None}]
    return [{"type": "displace", "unit": uid, "hex": h} for h in hexes]


def do_displace(state: State, action: Action) -> list[Event]:
    pos = Position(state)
    uid = unit_arg(pos, action, "7.4")
    if not state.displace or uid != state.displace[0]:
        raise IllegalAction("move aside the units named in turn", C + "7.4")
    h = action.get("hex")
    options = displace_hexes(pos, uid)
    if h is None and not options:
        state.displace.pop(0)
        return _no_room(state, uid)
    if not isinstance(h, str) or h not in options:
        raise IllegalAction("move the unit into a neighbouring hex it could occupy", C + "7.4")
    state.displace.pop(0)
    state.units[uid].hex = h
    return [Event("displace", f"{pos.b.units[uid].name} is pushed to {pos.b.label(h)}", {"case": C + "7.4"})]


def _no_room(state: State, uid: str) -> list[Event]:
    st = state.units[uid]
    st.status, st.hex = "dead", None
    return [Event("eliminated", f"{Position(state).b.units[uid].name} has nowhere to go and is eliminated", {"case": C + "7.4"})]


# --- the end of a Sickle Cut turn 1 ---------------------------------------------------------------
def ardennes_belgians(state: State) -> list[str]:
    pos = Position(state)
    return sorted(u for u in pos.units_of("allied") if pos.frozen(u) and state.units[u].hex is not None
                  and pos.b.terrain[state.units[u].hex] == "ardennes")


def border_hexes(pos: Position) -> list[Hex]:
    """Belgian hexes outside the forest next to it (6.5A)."""
    b = pos.b
    return [h for h, c in b.country.items() if c == "Belgium" and b.land(h) and b.terrain[h] != "ardennes"
            and any(b.terrain[n] == "ardennes" for n in b.grid.neighbours(h))]


def belgian_actions(state: State) -> list[Action]:
    pos = Position(state)
    uid = ardennes_belgians(state)[0]
    return [{"type": "place", "unit": uid, "hex": h} for h in border_hexes(pos)
            if not pos.has_side(h, "german") and pos.stack_used(h, "allied") + pos.b.units[uid].stack <= pos.b.game.stacking["limit"]
            and all(pos.b.units[x].nation == "belgian" for x in pos.at.get(h, ()) if not pos.b.units[x].fort)]


def interior(pos: Position, h: Hex) -> bool:
    return all(pos.b.terrain[n] == "ardennes" for n in pos.b.grid.neighbours(h))


def cup_units(state: State) -> list[str]:
    b = Position(state).b
    return sorted((u for u, st in state.units.items() if st.status == "cup"), key=lambda u: (b.units[u].dummy, u))


def cup_hexes(pos: Position, uid: str) -> list[Hex]:
    """Mechanized units go to any Ardennes hex, the rest to interior ones only (6.5B), with room (6.5C)."""
    b = pos.b
    u = b.units[uid]
    out = []
    for h, t in b.terrain.items():
        if t == "ardennes" and not pos.has_side(h, "allied") and (u.mech or interior(pos, h)) and german_room(pos, uid, h):
            out.append(h)
    return out


def cup_actions(state: State) -> list[Action]:
    pos = Position(state)
    uid = cup_units(state)[0]
    hexes = cup_hexes(pos, uid)
    if not hexes:
        return [{"type": "place", "unit": uid, "hex": None}]
    return [{"type": "place", "unit": uid, "hex": h} for h in hexes]


def do_place_end(state: State, action: Action, side: str) -> list[Event]:
    pos = Position(state)
    uid = unit_arg(pos, action, "6.5")
    legal = belgian_actions(state) if side == "allied" else cup_actions(state)
    if not any(a["unit"] == uid and a["hex"] == action.get("hex") for a in legal):
        raise IllegalAction("place the units named in turn where 6.5 allows", C + "6.5")
    h = action.get("hex")
    if h is None:
        state.units[uid].status = "out"  # nowhere left in the forest for it
        return [Event("setup", f"{pos.b.units[uid].name} finds no room in the Ardennes", {"case": C + "6.5"})]
    if side == "allied":
        state.units[uid].hex = h
        return [Event("setup", f"{pos.b.units[uid].name} falls back to {pos.b.label(h)}", {"case": C + "6.5"})]
    place(state, uid, h)
    take_control(state, Position(state), h, "german")
    return [Event("setup", f"{pos.b.units[uid].name} comes out of the cup at {pos.b.label(h)}", {"case": C + "6.5"}, only="german"),
            Event("setup", f"a German counter appears at {pos.b.label(h)}", {"case": C + "6.5"}, only="allied")]
