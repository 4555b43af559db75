"""How good a Springtime for Hitler position is for one side, for bots that plan ahead (bots/plan.py).

The Axis wins at once when French Morale falls to 0, or when Paris and three of the Zones are
held and linked to Germany (16.1, 16.1.1), and at French Morale 5 or less on a French Armistice dr
above it in an End Phase (16.2); otherwise the Allies hold. So: French Morale lost, the Zones and
Paris linked to Germany, Areas controlled, combat strength in play (a reduced unit at its reduced
strength, one out of supply at half) and the Advantage held, the Axis's less the Allies'; and the
chance of the Axis's victory those thresholds give, at the game's whole worth. Linear in Morale
alone, the evaluation scored Paris at its 10 Morale points and 8 for holding it whether it left
Morale at 20 or at 0 (a win when the turn ends), and a point lost at 6 like one at 26. The Advantage is worth keeping: once spent it passes to the enemy (11.2), and the
Axis turns it into more impulses by Soldier On (11.1.4) beyond the one turn a plan looks ahead;
a plan that scored it at nothing spent it on every small gain. An attack already due and not yet
rolled (declared, or owed by units that entered an enemy Area, 10.1) counts at its expected
result: the planner's playout ends when the side acts again, and the enemy's impulse ends there
at its first attack (the defender names his lead, 10.4.3), so without it a stack about to be
overrun counted as safe and a plan that left it exposed looked as good as one that did not. The
impulses still to come in the game count at each side's mean gain in one: a plan ends at its
side's next impulse, and what the Axis gains by Soldier On comes after that. So does this
turn's Refit Phase, where it is still to come: the units Out of Supply surrender on a low dr and
the End Phase then checks the Axis's victories; a plan that ends the phase meets those dice in its
playout, and one that goes on (a Soldier On) must not look safe because they lie past its end. Called on
a disguised state (the held Event markers drawn anew), it reads nothing the side may not know.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from wargames_tui.games.springtime.combat import MAGINOT_AREAS, air_choices, air_value, attack_parts, defence_parts, parts_total
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.morale import lose_unit, set_control, step_loss, update_control
from wargames_tui.games.springtime.positions import cv, mf, occupied, on_map, other, side_of, units_in
from wargames_tui.games.springtime.refit import cut_off_areas
from wargames_tui.games.springtime.state import State
from wargames_tui.games.springtime.victory import FRENCH_ZONES, automatic_victory, linked_to_germany

MORALE = 1.0  # each point of French Morale below its start
ZONE = 4.0  # a Zone held and linked to Germany (16.1: three with Paris win)
PARIS = 8.0  # Paris held and linked
AREA = 0.5  # an Area controlled
STRENGTH = 0.5  # a point of combat strength in play
ADVANTAGE = 2.0  # the Advantage held, or passing to the side at the impulse's end (11.2)
AXIS_IMPULSE = 6.5  # an Axis impulse to come: the Axis's mean gain in one (greedy games)
ALLIED_IMPULSE = 2.0  # an Allied impulse to come: the Allies' mean gain in one
START_MORALE = 30
DEFEAT = 10_000.0  # the game ended at once: what bots/plan.py adds for a game won or lost (WIN)
CUT_OFF = 4  # Out of Supply units whose surrender dice are weighed, the Allied first (16 outcomes)


def evaluate(state: State, side: str) -> float:
    """Side's advantage: above 0 better for side than for its enemy."""
    axis = _standing(state) + sum(_expected(state, *attack) for attack in _due(state)) + _to_come(state)
    axis += _refit_to_come(state) + _walk_ins(state)
    return axis if side == "axis" else -axis


def _walk_ins(state: State) -> float:
    """What the Axis's next impulse takes without a fight, for the Axis, at an impulse's start: Paris
    and the French Zones the Allies hold with no unit in them that an Axis unit may walk into,
    counted as taken (their Morale, 11.1.1, and the victory it may bring). Such a unit is free to
    Assault (8.1.1: its Army Group did not assault in the Axis's last impulse; the Halt Order stops
    armour) and reaches the place within its MF over Areas no Allied unit stands in (9.1, 9.2).
    Where the Allies move first, a place one of their units stands next to can be garrisoned by a
    Regroup (8.1.2a): it is left out, and no walk goes through it. A plan is played out to its
    side's next impulse, so the Axis's walk into an emptied Paris one impulse later (Plan Red seed
    7011: the Allies marched Paris's garrison out at Morale 10, and Schmidt's panzers walked in
    when their Army Group could assault again) lay past every plan's end."""
    if state.phase != "maneuvers" or state.step != "start":
        return 0.0
    b = load_board()
    banned = set(state.last_assault.get("axis", []))
    targets = {a for a in ("25", *FRENCH_ZONES) if state.control[a] == "allied" and not occupied(state, a, "allied")}
    guarded: set[str] = set()  # reached by no walk
    if state.active == "allied":
        guarded = {a for a in targets if any(occupied(state, n, "allied") for n in b.graph.neighbours(a))}
    taken: set[str] = set()
    for uid, s in state.units.items():
        u = b.units[uid]
        if not targets or u.side != "axis" or not on_map(state, uid) or u.group in banned:
            continue
        if state.flags.get("halt") and u.kind == "armored":
            continue
        taken |= _reach(state, s["at"], mf(state, uid), guarded) & targets
    if not taken:
        return 0.0
    trial = state.copy()
    for area in sorted(taken):
        set_control(trial, area, "axis", [])
    return _standing(trial) - _standing(state)


def _reach(state: State, start: str, steps: int, guarded: set[str]) -> set[str]:
    """The Areas a unit may walk to within steps over Areas no Allied unit stands in or will
    (guarded), not Italy."""
    graph = load_board().graph
    seen, edge = {start}, {start}
    for _ in range(steps):
        edge = {n for a in edge for n in graph.neighbours(a)
                if n not in seen and n != "F" and n not in guarded and not occupied(state, n, "allied")}
        seen |= edge
    return seen - {start}


def _standing(state: State) -> float:
    """The position as it stands, for the Axis."""
    zones = sum(linked_to_germany(state, z) for z in FRENCH_ZONES)
    paris = linked_to_germany(state, "25")
    axis = MORALE * (START_MORALE - state.morale) + DEFEAT * _victory_chance(state, paris and zones >= 3)
    axis += ZONE * zones
    axis += PARIS * paris
    axis += AREA * sum(1 if owner == "axis" else -1 for owner in state.control.values() if owner)
    holder = _holder(state)
    axis += ADVANTAGE * (1 if holder == "axis" else -1 if holder == "allied" else 0)
    units = load_board().units
    for uid, s in state.units.items():
        u = units[uid]
        if s.get("at") in ("eliminated", "removed", "offmap"):
            continue
        strength = (u.rcv if s.get("reduced") else u.cv) * (0.5 if s.get("oos") else 1.0)
        axis += STRENGTH * strength * (1 if u.side == "axis" else -1)
    return axis


def _victory_chance(state: State, paris_and_zones: bool) -> float:
    """The chance of the Axis's victory by the thresholds, with the position as it stands: 1 where
    an Automatic Victory is met (16.1: Paris and three Zones linked to Germany; 16.1.1: Morale 0 or
    less), else at Morale 5 or less the chance that one of the French Armistice drs still to come
    (one each End Phase, 6.4.1) is above Morale (16.2). Before the turn ends the Allies may still
    undo a victory met (Paris retaken); a Morale only falls further as a rule, so the chance is
    counted at the position's Morale. A game over scores nothing here: the planner adds its
    result."""
    if state.phase == "over":
        return 0.0
    if paris_and_zones or state.morale <= 0:
        return 1.0
    if state.morale > load_board().tables.thresholds.armistice:
        return 0.0
    rolls = state.last_turn - state.turn + (state.phase != "end")  # this turn's is rolled as its End Phase begins
    return 1.0 - (state.morale / 6) ** rolls


def _holder(state: State) -> str | None:
    """The side the Advantage is with, or passes to at the impulse's end (11.2)."""
    return state.advantage or (other(state.advantage_used) if state.advantage_used else None)


def _to_come(state: State) -> float:
    """The impulses still to come in the game, each at its side's mean gain, over the Logistics
    dr that ends a phase after an Axis impulse (6.2.1), the Axis Soldiering On where it holds the
    Advantage then (11.1.4). A plan is played out only to its side's next impulse, so an impulse
    the Axis wins by Soldier On lay beyond every plan's end: without this the Allies spent the
    Advantage on any small gain and the Axis hardly ever Soldiered On. The later turns' phases
    count too, so that a plan ending in the Refit Phase is not scored as if the war were over
    (counting this phase alone, the Allies Soldiered On and passed)."""
    axis_holds = _holder(state) == "axis"
    later = max(0, state.last_turn - state.turn)  # turns after this one
    phase = _impulses(1, False)
    if state.phase == "political":
        return _impulses(1, axis_holds) + later * phase
    if state.phase != "maneuvers":  # this turn's phase is over
        return _impulses(1, axis_holds) + (later - 1) * phase if later else 0.0
    if state.step == "logistics":  # the dr has ended the phase unless the holder Soldiers On
        this = _impulses(state.impulse + 1, False) if axis_holds else 0.0
    elif state.step == "start":
        this = _impulses(state.impulse, axis_holds)
    else:
        this = _impulses_after(state.impulse, axis_holds)
    return this + later * phase


@cache
def _impulses(number: int, axis_holds: bool) -> float:
    """What the impulses from this one on are worth to the Axis (the Axis's are the even ones)."""
    if number > load_board().tables.impulses:
        return 0.0
    gain = AXIS_IMPULSE if number % 2 == 0 else -ALLIED_IMPULSE
    return gain + _impulses_after(number, axis_holds)


@cache
def _impulses_after(number: int, axis_holds: bool) -> float:
    """What the impulses after this one are worth to the Axis."""
    if number % 2:
        return _impulses(number + 1, axis_holds)
    goes_on = max(0, 7 - number) / 6  # the dr of 1-6 at least the impulse's number
    return goes_on * _impulses(number + 1, axis_holds) + (1 - goes_on) * (_impulses(number + 1, False) if axis_holds else 0.0)


def _refit_to_come(state: State) -> float:
    """What this turn's Refit Phase still to come is worth to the Axis, at the position as it
    stands: each Out of Supply unit surrenders on a dr of the table's number or less (13.2.4), and
    empty Areas their holder cannot supply change hands (13.2.5); where surrenders bring the Axis
    an Automatic Victory the End Phase would then find (16.1, 16.1.1: Paris lost with its cut-off
    garrison, Morale at 0) or bring Morale within the Armistice roll (16.2), the standing counts
    that chance at the game's whole worth. A plan that declined a Soldier On met those dice in its
    playout, one that Soldiered On did not, and was chosen for it. Where the position meets an
    Automatic Victory as it stands, the Maneuvers Phase's end finds it and no Refit Phase follows
    (6.3, 16.1)."""
    if state.phase != "maneuvers" or automatic_victory(state):  # a Political Phase has a whole Maneuvers Phase to mend it
        return 0.0
    tables = load_board().tables
    cut = sorted((u for u, s in state.units.items() if s["oos"] and on_map(state, u)), key=lambda u: (side_of(u) != "allied", u))[:CUT_OFF]
    surrenders = tables.surrender.surrenders / 6
    before = _standing(state)
    value = 0.0
    for lost in product((False, True), repeat=len(cut)):
        chance = 1.0
        trial = state.copy()
        for uid, gone in zip(cut, lost):
            chance *= surrenders if gone else 1 - surrenders
            if gone:
                lose_unit(trial, uid, [], permanent=True)
        update_control(trial, [])
        cut_off_areas(trial, [])
        value += chance * (_standing(trial) - before)
    return value


Attack = tuple[str, list[str], str, "str | None"]


def _due(state: State) -> list[Attack]:
    """The attacks due and not yet rolled: (Area, attackers, lead, air), the one declared as it
    was declared, those owed (10.1) led by the strongest unit with the best air it may have."""
    if state.phase != "maneuvers" or not state.imp:
        return []
    due: list[Attack] = []
    c = state.combat
    if c is not None and "result" not in c:
        due.append((c["area"], c["attackers"], c["lead"], c["air"]))
    b = load_board()
    for area, entered in state.imp.get("must", {}).items():
        units = [u for u in entered if state.units[u]["at"] == area]
        if area in state.imp.get("attacked", []) or not units or not occupied(state, area, other(side_of(units[0]))):
            continue
        lead = max(units, key=lambda u: (b.units[u].kind == "armored", cv(state, u)))
        air = max(air_choices(state, side_of(lead), lead), key=lambda a: air_value(state, a), default=None)
        due.append((area, units, lead, air))
    return due


def _expected(state: State, area: str, attackers: list[str], lead: str, air: str | None) -> float:
    """What an attack due is worth to the Axis, over the dice (10.4.4): the defender's best lead
    and air against the attack's value; a win costs the lead defender a step (an armoured lead:
    the unit) and, where the defenders must retreat (10.5.4), the Area; a repulse costs the lead
    attacker a step, a stalemate both leads. The Advantage's answers are left out."""
    attacker = side_of(lead)
    defenders = units_in(state, area, other(attacker))
    if not defenders:
        return 0.0
    defence, dlead = max(
        (parts_total(defence_parts(state, area, defenders, d, a, attackers)), d)
        for d in defenders for a in [None, *air_choices(state, other(attacker), d)]
    )
    margin = parts_total(attack_parts(state, attackers, lead, air)) - defence
    win = sum(p for d, p in _dice_difference().items() if d > -margin)
    tie = _dice_difference().get(-margin, 0.0)
    before = _standing(state)
    armoured = load_board().units[lead].kind == "armored"
    return (win * (_after_win(state, area, dlead, attacker, armoured) - before)
            + tie * (_after(state, [lead, dlead]) - before)
            + (1 - win - tie) * (_after(state, [lead]) - before))


def _after(state: State, losers: list[str]) -> float:
    trial = state.copy()
    for uid in losers:
        step_loss(trial, uid, [], "expected")
    return _standing(trial)


def _after_win(state: State, area: str, dlead: str, attacker: str, armoured: bool) -> float:
    trial = state.copy()
    step_loss(trial, dlead, [], "expected")
    if armoured and trial.units[dlead]["at"] == area:
        step_loss(trial, dlead, [], "expected")  # an Overrun eliminates the lead defender
    exempt = attacker == "axis" and (area in MAGINOT_AREAS or (area == "25" and not state.flags.get("open_city")))
    if not exempt:
        set_control(trial, area, attacker, [])  # the defenders retreat out (10.5.4)
    return _standing(trial)


@cache
def _dice_difference() -> dict[int, float]:
    """The attacker's 2d6 less the defender's 2d6: each difference's chance."""
    two = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}
    return {a - d: sum(two[x] * two[y] for x in two for y in two if x - y == a - d) for a in two for d in two}
