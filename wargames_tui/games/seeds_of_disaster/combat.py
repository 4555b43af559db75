"""Combat (13.0): declaration, Retreat Before Combat, the Air Fleets Subroutine, the Mobile
Forces Battle, battle dice, results by the difference, losses, retreats, advance, Breakthrough
(16.0), the Parachute Assault (17.0), fortifications (14.0) and disruption (15.0)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.games.seeds_of_disaster import data, losses
from wargames_tui.games.seeds_of_disaster.board import (
    AIR,
    army_room,
    disrupt,
    enemy_in,
    face,
    fort_dice,
    fort_strength,
    is_army,
    is_corps,
    mobile,
    other,
    pass_through,
    place,
    player_turn,
    poised_of,
    strength,
)
from wargames_tui.games.seeds_of_disaster.movement import (
    advance_reach,
    advance_route,
    may_enter_country,
)
from wargames_tui.games.seeds_of_disaster.state import Battle, State, Unit

C = "seeds-of-disaster:"
# Paid extras (cost kind, cost, case) and who may buy them.
OPTIONS: dict[str, tuple[str, int, str]] = {
    "tactical": ("ip", 1, "5.2.3"),  # +1 battle die
    "recon": ("ip", 1, "5.2.4"),  # +1 die in the Mobile Forces Battle
    "pakfront": ("cp", 1, "6.2.6"),  # +1 Mobile Forces Battle die hitting on 6
    "engineers": ("cp", 2, "6.2.5"),  # no river dice for the defender
    "airintel": ("ip", 1, "5.2.5"),  # +1 in the neutralization roll
}
FORTINT_COST = {"german": 10, "allied": 5}  # 5.2.6


def _current(state: State) -> Battle:
    if state.war.battle is None:
        raise IllegalAction("no battle under way", C + "13.1")
    return state.war.battle


def _ev(kind: str, text: str, commit: bool = False, **data_: object) -> Event:
    return Event(kind, text, dict(data_), commit=commit)


# ---- who may attack what


def defenders(state: State, area: str, attacker: str) -> list[Unit]:
    return [
        u for u in state.in_zone(area) if u.side != attacker and u.kind != "westwall"
    ]


def engaged(state: State, b: Battle, side: str) -> list[str]:
    """The ground units that fight for a side: the attacker's committed units; the defenders in
    the area but those that retreated into it before combat this segment, which only share its
    result (13.4; `fought` marks them)."""
    if side == b.attacker:
        return list(b.sides[side].units)
    return [u.id for u in defenders(state, b.area, b.attacker) if not u.fought]


def eligible_attackers(
    state: State, side: str, area: str, breakthrough: Battle | None = None
) -> list[Unit]:
    """Units that may join an attack on an area: adjacent, not yet in a battle this segment, not
    disrupted (15.1.2). In a Breakthrough segment: the Breakthrough stack and the poised corps
    that advanced from it, wherever they stand (16.1.3, 16.1.6), and with them units that have not
    fought, in an area next to both the stack and the target (16.1.5)."""
    g = data.graph()
    near = g.neighbours(area)

    def free(u: Unit) -> bool:
        return u.side == side and u.kind != "westwall" and not u.disrupted

    if breakthrough is None:
        return [u for a in near for u in state.in_zone(a) if free(u) and not u.fought]
    stack = breakthrough.exploiters
    out = [
        state.units[i]
        for i in stack
        if state.units[i].box == "map" and state.units[i].zone in near
    ]
    if breakthrough.area in near:
        out += [
            u
            for a in near
            if a in g.neighbours(breakthrough.area)
            for u in state.in_zone(a)
            if free(u) and not u.fought and u.id not in stack
        ]
    return [u for u in out if free(u)]


def attack_groups(
    state: State, side: str, area: str, breakthrough: Battle | None = None
) -> list[dict[str, object]]:
    """The attacks offered in the list (13.1.2, 13.1.4): the adjacent corps, with each army, and
    every army for 5 CP (6.2.4). Any other choice of the eligible corps is also legal."""
    units = eligible_attackers(state, side, area, breakthrough)
    armies = [u for u in units if is_army(u)]
    corps = [u.id for u in units if is_corps(u)]
    out: list[dict[str, object]] = []
    if corps:
        out.append({"units": list(corps)})
    for a in armies:
        out.append({"units": [a.id]})
        if corps:
            out.append({"units": [a.id] + corps})
    if len(armies) > 1 and state.strategic.cp[side] >= 5:
        out.append({"units": [a.id for a in armies] + corps, "overconcentration": True})
    if breakthrough:  # 16.1.5: others only join a battle of the Breakthrough stack
        out = [g for g in out if set(g["units"]) & set(breakthrough.exploiters)]  # type: ignore[arg-type]
    return out


def attack_error(
    state: State,
    side: str,
    area: str,
    units: list[str],
    over: bool,
    breakthrough: Battle | None,
) -> str:
    """Why these units may not attack this area together ("" when they may)."""
    eligible = {u.id: u for u in eligible_attackers(state, side, area, breakthrough)}
    if (
        not units
        or len(set(units)) != len(units)
        or any(u not in eligible for u in units)
    ):
        return "only adjacent units not yet in a battle may attack, each once"
    if breakthrough and not set(units) & set(breakthrough.exploiters):
        return "a Breakthrough battle is fought by the Breakthrough stack (16.1.3, 16.1.5)"
    armies = [u for u in units if is_army(eligible[u])]
    if over and (len(armies) < 2 or state.strategic.cp[side] < 5):
        return "an overconcentration takes two armies or more and 5 CP"
    if len(armies) > 1 and not over:
        return "one army an attack, unless overconcentrated"
    return ""


def targets(state: State, side: str) -> list[str]:
    g = data.graph()
    mine = {
        u.zone
        for u in state.units.values()
        if u.side == side and u.box == "map" and u.kind != "westwall"
    }
    return sorted(
        a
        for a in data.areas()
        if defenders(state, a, side)
        and a not in state.war.attacked
        and any(b in mine for b in g.neighbours(a))
    )


def declare(state: State, action: Action) -> list[Event]:
    """13.3: the attacked area and the units; the Battle starts at the attacker's support step."""
    side = state.war.player
    area = action.get("area")
    units = action.get("units")
    bt = state.war.battle
    brk = bt if (bt and bt.step == "breakthrough") else None
    if not isinstance(area, str) or area not in data.areas():
        raise IllegalAction(f"no area {area!r}", C + "13.1")
    if not isinstance(units, list) or not all(isinstance(u, str) for u in units):
        raise IllegalAction("units must be a list of unit ids", C + "13.3")
    if not brk and area in state.war.attacked:
        raise IllegalAction(f"{area} was already attacked this segment", C + "13.1.3")
    if not defenders(state, area, side):
        raise IllegalAction(f"no enemy unit in {area}", C + "13.1")
    over = action.get("overconcentration", False) is True
    why = attack_error(state, side, area, units, over, brk)
    if why:
        raise IllegalAction(why, C + ("6.2.4" if over else "13.1.2"))
    if over:
        state.strategic.cp[side] -= 5
    battle = Battle(
        area=area, attacker=side, breakthrough=bool(brk), overconcentration=over
    )
    for uid in units:
        u = state.units[uid]
        battle.origins[uid] = u.zone or ""
        battle.sides[side].units.append(uid)
        u.fought = True
        if is_army(u):
            battle.sides[side].poised += [p.id for p in poised_of(state, uid)]
    state.war.battle = battle
    if area not in state.war.attacked:
        state.war.attacked.append(area)
    _experience(state, side, "combat", "attacker")
    _experience(state, other(side), "combat")
    over_text = " (overconcentration, 5 CP, 6.2.4)" if over else ""
    return [
        _ev(
            "declare",
            f"{side.title()} attacks {area} with {', '.join(units)}{over_text}",
            area=area,
            units=units,
        )
    ]


def _experience(state: State, side: str, *marks: str) -> None:
    got = state.war.experience.setdefault(side, [])
    for m in marks:
        if m not in got:
            got.append(m)


# ---- the steps of a battle: what each side may add


def air_ok(state: State, b: Battle, side: str, fleet: Unit) -> bool:
    """13.5.1, 18.0: a fleet in the Reserve that has not flown this turn, over its own nation's troops
    (British fleets also over Belgians and Dutch within 2 areas of a British unit)."""
    if (
        fleet.box != "reserve"
        or fleet.kind not in AIR
        or fleet.flown
        or fleet.id in b.sides[side].air
    ):
        return False
    nations = {state.units[u].nation for u in engaged(state, b, side)}
    if fleet.nation in nations:
        return True
    if fleet.nation == "british" and nations & {"belgian", "dutch"}:
        british = {
            u.zone
            for u in state.units.values()
            if u.nation == "british" and u.box == "map" and u.zone
        }
        return any(
            data.graph().radius(b.area, z) is not None
            and (data.graph().radius(b.area, z) or 0) <= 2
            for z in british
        )
    return False


def support_actions(state: State, side: str) -> list[Action]:
    b = _current(state)
    mine = b.sides[side]
    out: list[Action] = []
    cp, ip = state.strategic.cp[side], state.strategic.ip[side]
    for f in sorted(
        u.id for u in state.units.values() if u.side == side and u.kind in AIR
    ):
        if air_ok(state, b, side, state.units[f]) and (
            not mine.air or (len(mine.air) == 1 and cp >= 1)
        ):
            out.append({"type": "air", "unit": f})
    for opt, (kind, cost, _case) in OPTIONS.items():
        have = ip if kind == "ip" else cp
        if opt in mine.options or have < cost:
            continue
        if opt == "engineers" and (side != b.attacker or not _river_dice(state, b)):
            continue
        if opt == "airintel" and not (b.neutralize and mine.air):
            continue
        if opt in ("recon", "pakfront") and not mobile_battle_held(state, b):
            continue  # a die for a Mobile Forces Battle that will not be fought
        out.append({"type": "option", "option": opt})
    if (
        "fortint" not in mine.options
        and ip >= FORTINT_COST[side]
        and fort_dice(state, b.area, other(side))
    ):
        out.append({"type": "option", "option": "fortint"})
    if side == b.attacker and _para_ok(state, b):
        out.append({"type": "paradrop"})
    if side != b.attacker and b.sides[b.attacker].air and mine.air:
        out.append({"type": "air-mode", "neutralize": not b.neutralize})
    out.append({"type": "commit"})
    return out


def _para_ok(state: State, b: Battle) -> bool:
    """17.0: the parachute corps in the OKW Reserve, unused, within 2 areas of a German unit."""
    fj = state.units.get("FJ")
    if (
        b.attacker != "german"
        or not fj
        or fj.box != "reserve"
        or state.war.paradrop_used
        or b.parachute
    ):
        return False
    g = data.graph()
    return any(
        u.side == "german"
        and u.box == "map"
        and u.zone
        and (g.radius(b.area, u.zone) or 9) <= 2
        for u in state.units.values()
    )


def support(state: State, action: Action) -> list[Event]:
    b = _current(state)
    side = b.attacker if b.step == "support" else other(b.attacker)
    if action not in support_actions(state, side):
        raise IllegalAction(
            f"not possible now: {action}",
            C + ("13.3" if side == b.attacker else "13.5"),
        )
    t = action["type"]
    mine = b.sides[side]
    if t == "air":
        if mine.air:
            state.strategic.cp[side] -= 1
        mine.air.append(action["unit"])
        state.units[action["unit"]].flown = True
        _experience(state, side, "air")
        extra = " (1 CP, 6.2.3)" if len(mine.air) == 2 else ""
        return [_ev("air", f"{side.title()} flies {action['unit']} to {b.area}{extra}")]
    if t == "option":
        opt = action["option"]
        if opt == "fortint":
            state.strategic.ip[side] -= FORTINT_COST[side]
            case = "5.2.6"
        else:
            kind, cost, case = OPTIONS[opt]
            if kind == "ip":
                state.strategic.ip[side] -= cost
            else:
                state.strategic.cp[side] -= cost
        mine.options.append(opt)
        return [_ev("option", f"{side.title()} uses {opt} ({case})")]
    if t == "paradrop":
        fj = state.units["FJ"]
        fj.box, fj.zone, fj.fought = "map", b.area, True
        b.parachute = True
        state.war.paradrop_used = True
        mine.units.append("FJ")
        b.origins["FJ"] = b.area
        return [_ev("paradrop", f"The Parachute Corps drops into {b.area} (17.0)")]
    if t == "air-mode":
        b.neutralize = bool(action["neutralize"])
        return [
            _ev(
                "air",
                f"The defender's air will {'neutralize' if b.neutralize else 'support'} (13.5.2)",
            )
        ]
    mine.done = True
    if side == b.attacker:
        b.step = "defend"
        return [_ev("commit", f"{side.title()} commits to the attack on {b.area}")]
    b.step = "resolve"
    return [_ev("commit", f"{side.title()} accepts battle in {b.area}")]


# ---- Retreat Before Combat (13.4, 6.2.7)


def rbc_cost(state: State, b: Battle) -> int:
    units = defenders(state, b.area, b.attacker)
    return len(units) + sum(len(poised_of(state, u.id)) for u in units)


def rbc_options(state: State, b: Battle) -> list[str]:
    side = other(b.attacker)
    units = defenders(state, b.area, b.attacker)
    if not units or state.strategic.cp[side] < rbc_cost(state, b) or b.parachute:
        return []
    return rbc_areas(state, b, units)


def rbc_areas(state: State, b: Battle, units: list[Unit]) -> list[str]:
    """The areas the whole defending force could retreat into, CPs aside (13.4: stacking, movement).
    Judged on what the attacker sees too: where enemies stand, the nations and the armies on the map."""
    side = other(b.attacker)
    armies = [u for u in units if is_army(u)]
    out = []
    for a in data.graph().neighbours(b.area):
        if enemy_in(state, a, side) or not all(
            may_enter_country(state, u, a) for u in units
        ):
            continue
        if armies and (
            len(armies) > 1 and not data.areas()[a].mc or not army_room(state, a, side)
        ):
            continue
        out.append(a)
    return out


def defend_actions(state: State) -> list[Action]:
    b = _current(state)
    out: list[Action] = [{"type": "accept"}]
    out += [{"type": "retreat-before", "to": a} for a in rbc_options(state, b)]
    return out


def defend(state: State, action: Action) -> list[Event]:
    b = _current(state)
    if action not in defend_actions(state):
        raise IllegalAction(f"not possible now: {action}", C + "13.4")
    side = other(b.attacker)
    if action["type"] == "accept":
        b.step = "defend-support"
        return [_ev("accept", f"{side.title()} stands in {b.area} (13.4)")]
    cost = rbc_cost(state, b)
    state.strategic.cp[side] -= cost
    to = action["to"]
    for u in defenders(state, b.area, b.attacker):
        place(state, u, to, b.area)
        u.fought = True  # 13.4: they sit out a battle for their new area this segment
    b.advance_to = [b.area]
    b.winner = b.attacker
    b.step = "advance"
    return [
        _ev(
            "retreat",
            f"{side.title()} retreats from {b.area} to {to} before combat ({cost} CP, 6.2.7)",
        )
    ]


# ---- resolution (13.2, 13.5, 13.6, 13.7)


def fortified(state: State, b: Battle) -> bool:
    """14.3.2: a battle for an area with working fortifications has no Mobile Forces Battle."""
    return any(fort_strength(state, b.area, s) for s in ("german", "allied"))


def _river_dice(state: State, b: Battle) -> int:
    """13.6: the river between the attackers and the area, cancelled by attackers on its own bank."""
    g = data.graph()
    kinds = {g.links[o][b.area] for u, o in b.origins.items() if o != b.area}
    if not kinds or "clear" in kinds:
        return 0
    return min(data.tables().border[k].dice for k in kinds)


def mobile_battle(
    state: State, b: Battle, dice: Dice
) -> tuple[list[Event], dict[str, int]]:
    """13.2: each mobile unit rolls a die, hitting on 7 minus its dots; recon and pakfront add dice."""
    events: list[Event] = []
    hits = {"german": 0, "allied": 0}
    for side in (b.attacker, other(b.attacker)):
        units = [state.units[u] for u in _mobile_units(state, b, side)]
        needs = [7 - face(u).dots for u in units if face(u).dots]
        needs += (
            [7 - max(face(u).dots for u in units)]
            if "recon" in b.sides[side].options and units
            else []
        )
        needs += [6] if "pakfront" in b.sides[side].options else []
        if not needs:
            continue
        rolls = [dice.roll() for _ in needs]
        got = sum(1 for r, n in zip(rolls, needs) if r >= n)
        hits[other(side)] += got
        events.append(
            _ev(
                "roll",
                f"{side.title()} Mobile Forces Battle: rolls {rolls} needing {needs}: {got} hit(s) (13.2.4)",
                side=side,
                rolls=rolls,
                needs=needs,
                hits=got,
                commit=True,
            )
        )
    return events, hits


def mobile_battle_held(state: State, b: Battle) -> bool:
    """A Mobile Forces Battle is fought where the area has no working fortifications (14.3.2) and
    both sides have mobile units in the battle: a side with none at all fights none, with or
    without Poised Forces opposite (13.2.1; NOTES.md)."""
    return not fortified(state, b) and all(_mobile_units(state, b, s) for s in (b.attacker, other(b.attacker)))


def _mobile_units(state: State, b: Battle, side: str) -> list[str]:
    ids = engaged(state, b, side) + _poised(state, b, side)
    return [u for u in ids if mobile(state.units[u])]


def _poised(state: State, b: Battle, side: str) -> list[str]:
    if side == b.attacker:
        return list(b.sides[side].poised)
    return [p.id for u in engaged(state, b, side) for p in poised_of(state, u)]


def resolve(state: State, dice: Dice) -> list[Event]:
    """13.1.5, 13.1.6: the Mobile Forces Battle, whose hits each owner then assigns (13.2.4 c),
    then the air, the battle dice and the result."""
    b = _current(state)
    att, dfn = b.attacker, other(b.attacker)
    events: list[Event] = []
    poised = {s: _poised(state, b, s) for s in (att, dfn)}
    winner_pf: str | None = None
    if fortified(state, b):
        events.append(
            _ev(
                "note",
                f"Fortifications in {b.area}: no Mobile Forces Battle, no Poised benefit (14.3.2)",
            )
        )
    else:
        mob = {s: _mobile_units(state, b, s) for s in (att, dfn)}
        if mob[att] and mob[dfn]:
            evs, b.hits = mobile_battle(state, b, dice)
            b.stage = "mobile"
            b.owed = {s: b.hits[s] for s in (att, dfn) if b.hits[s]}
            return events + evs + _next_loss(state, b, dice)
        # A side with no Mobile Forces at all: no Mobile Forces Battle (NOTES.md, 13.2.1)
        winner_pf = att if poised[att] else dfn if poised[dfn] else None
        if winner_pf:
            events.append(_ev("note", f"{winner_pf.title()} alone has mobile forces: Poised benefit (13.2.1)"))
    return events + _fight(state, b, dice, winner_pf)


def _after_mobile(state: State, b: Battle, dice: Dice) -> list[Event]:
    """13.2.4 d, e: the Poised Forces benefit once the hits are taken; then the battle goes on."""
    sides = (b.attacker, other(b.attacker))
    poised = {s: [p for p in _poised(state, b, s) if state.units[p].box == "poised"] for s in sides}
    winner_pf = _poised_winner(state, b.hits, poised)
    events = []
    if winner_pf:
        events.append(
            _ev("note", f"{winner_pf.title()} wins the Poised Forces benefit (13.2.4)")
        )
    b.stage, b.owed, b.taken = "crt", {}, {}
    return events + _fight(state, b, dice, winner_pf)


def _fight(state: State, b: Battle, dice: Dice, winner_pf: str | None) -> list[Event]:
    """13.5.4, 13.6, 13.7: the air, the battle dice of each side, the totals and the result."""
    att, dfn = b.attacker, other(b.attacker)
    events = _air(state, b, dice)
    totals: dict[str, int] = {}
    all_dice = battle_dice(state, b, winner_pf)
    for s in (att, dfn):
        parts = all_dice[s]
        n = sum(parts.values())
        strength_parts = battle_strength(state, b, s, winner_pf)
        rolls = [dice.roll() for _ in range(n)]
        total = sum(strength_parts.values()) + sum(rolls)
        totals[s] = total
        events.append(
            _ev(
                "roll",
                f"{s.title()}: strength {sum(strength_parts.values())} + dice {rolls} = {total} (13.7.1)",
                side=s,
                dice=parts,
                strength=strength_parts,
                rolls=rolls,
                total=total,
                commit=True,
            )
        )
    events += _result(state, b, totals, dice)
    return events


def _poised_winner(
    state: State, hits: dict[str, int], poised: dict[str, list[str]]
) -> str | None:
    """13.2.4 d, e: fewer losses with Poised Forces wins; else more poised combat factors."""
    sides = list(hits)
    lost = {s: hits[s] for s in sides}  # hits suffered by each side
    if not poised[sides[0]] and not poised[sides[1]]:
        return None  # 13.2.2
    if lost[sides[0]] != lost[sides[1]]:
        better = min(sides, key=lambda s: lost[s])
        return better if poised[better] else None
    power = {s: sum(strength(state.units[p]) for p in poised[s]) for s in sides}
    if power[sides[0]] == power[sides[1]]:
        return None
    return max(sides, key=lambda s: power[s])


def _air(state: State, b: Battle, dice: Dice) -> list[Event]:
    """13.5.4: the neutralization test; the loser's fleet loses a step and the attacker's is diverted."""
    att, dfn = b.attacker, other(b.attacker)
    if not (b.neutralize and b.sides[att].air and b.sides[dfn].air):
        return []
    score = {}
    rolls = {}
    for s in (att, dfn):
        rolls[s] = dice.roll()
        score[s] = (
            rolls[s]
            + sum(face(state.units[f]).dots for f in b.sides[s].air)
            + ("airintel" in b.sides[s].options)
        )
    events = [
        _ev(
            "roll",
            f"Air neutralization: {att} {rolls[att]} -> {score[att]}, {dfn} {rolls[dfn]} -> {score[dfn]} (13.5.4)",
            rolls=rolls,
            scores=score,
            commit=True,
        )
    ]
    if score[att] == score[dfn]:
        return events
    loser = att if score[att] < score[dfn] else dfn
    fleet = state.units[b.sides[loser].air[0]]
    events += losses.step_loss(state, fleet, "13.5.4")
    _experience(state, other(loser), "air_loss")
    if loser == att:
        b.sides[att].air.remove(fleet.id)  # the one fleet diverted from its mission
    return events


def gross_dice(state: State, b: Battle, side: str, winner_pf: str | None) -> dict[str, int]:
    """13.6: the battle dice of one side, item by item, before the disruption minus."""
    att = b.attacker
    parts: dict[str, int] = {}
    if "fortint" not in b.sides[other(side)].options:  # 5.2.6, 14.3.3
        parts["forts"] = fort_dice(state, b.area, side)  # 14.3.5: attacking or defending
    if side != att:
        parts["defender"] = 1
        parts["terrain"] = data.tables().terrain[data.areas()[b.area].terrain].dice
        if "engineers" not in b.sides[att].options:
            parts["river"] = _river_dice(state, b)
        if not b.neutralize:
            parts["air"] = sum(face(state.units[f]).dots for f in b.sides[side].air)
    else:
        parts["air"] = sum(face(state.units[f]).dots for f in b.sides[side].air)
        parts["overconcentration"] = int(b.overconcentration)
        parts["parachute"] = int(b.parachute)
    if winner_pf == side:
        parts["poised"] = 2
    parts["tactical"] = int("tactical" in b.sides[side].options)
    return {k: v for k, v in parts.items() if v}


def battle_dice(
    state: State, b: Battle, winner_pf: str | None
) -> dict[str, dict[str, int]]:
    """13.6 for both sides: a disrupted army costs its side a die, or gives one to the other side
    when its side has none to lose (15.1.4)."""
    sides = (b.attacker, other(b.attacker))
    parts = {s: gross_dice(state, b, s, winner_pf) for s in sides}
    for s in sides:
        if disrupted_in(state, b, s):
            if sum(parts[s].values()) > 0:
                parts[s]["disrupted"] = -1
            else:
                parts[other(s)]["minus die"] = 1
    return parts


def disrupted_in(state: State, b: Battle, side: str) -> bool:
    """15.1.4; 15.1.5: an army recovered in the player-turn it was disrupted in still costs the die."""
    now = player_turn(state)
    return any(
        state.units[u].disrupted or state.units[u].disrupted_turn == now
        for u in engaged(state, b, side)
    )


def battle_strength(
    state: State, b: Battle, side: str, winner_pf: str | None
) -> dict[str, int]:
    """13.7.1: armies, columnar corps, fortifications (14.1, 14.2; attacking or defending, 14.3.5),
    and one poised unit for the winner of the Mobile Forces Battle (13.2.5)."""
    ids = engaged(state, b, side)
    parts = {u: strength(state.units[u]) for u in ids if state.units[u].box == "map"}
    forts = fort_strength(state, b.area, side)
    if forts:
        parts["forts"] = forts
    if winner_pf == side:
        pool = [p for p in _poised(state, b, side) if state.units[p].box == "poised"]
        if pool:
            best = max(pool, key=lambda p: (strength(state.units[p]), p))
            parts[best] = strength(state.units[best])
    return parts


def _result(state: State, b: Battle, totals: dict[str, int], dice: Dice) -> list[Event]:
    att, dfn = b.attacker, other(b.attacker)
    diff = abs(totals[att] - totals[dfn])
    row = [r for r in data.tables().crt if r.from_ <= diff][-1]
    b.row = row.model_dump(by_alias=True)
    events: list[Event] = []
    if diff == 0:
        events.append(
            _ev(
                "result",
                f"Tie at {totals[att]}: one step each, nobody moves (13.7.3)",
                difference=0,
            )
        )
        b.owed = {att: 1, dfn: 1}
        _experience(state, att, "inflicted")
        _experience(state, dfn, "inflicted")
        return events + _next_loss(state, b, dice)
    winner = att if totals[att] > totals[dfn] else dfn
    loser = other(winner)
    b.winner = winner
    events.append(
        _ev(
            "result",
            f"{winner.title()} wins by {diff}: loser {row.loser} step(s), winner {row.winner} (13.7.5)",
            difference=diff,
            winner=winner,
        )
    )
    b.troops = sum(u.steps for u in defenders(state, b.area, att))
    b.owed = {loser: row.loser, winner: row.winner}
    if row.winner:
        _experience(state, loser, "inflicted")
    if row.loser:
        _experience(state, winner, "inflicted")
    return events + _next_loss(state, b, dice)


def loss_side(b: Battle) -> str | None:
    """Who chooses a step loss now: the loser, then the winner (a tie: the attacker first)."""
    return next((s for s, n in b.owed.items() if n > 0), None)


def loss_actions(state: State) -> list[Action]:
    """13.7.7: the owner picks each unit that loses a step, the first among the poised corps that
    supported the battle (9.2.4), or two steps of an army instead. 13.2.4 c: a Mobile Forces
    Battle hit falls first on a poised corps, else a columnar mobile unit; then on any unit. The
    fixed order of losses.py comes first in the list."""
    b = _current(state)
    side = loss_side(b)
    if side is None:
        return []
    units = losses.battle_units(state, b, side)
    poised = losses.supporting_poised(state, b, side)
    first = not b.taken.get(side)
    if b.stage == "mobile":  # units that retreated into the area share the result only (13.4)
        units = [u for u in units if u.id in engaged(state, b, side)]
        lead = poised or [u for u in units if mobile(u)] or units
        pool = sorted(lead, key=lambda u: (strength(u), u.id)) if first else None
        pick = losses.next_victim(units + poised)
        order = pool or sorted(units + poised, key=lambda u: (u is not pick, u.id))
        return [{"type": "loss", "unit": u.id} for u in order]
    if first and poised:
        lead = sorted(poised, key=lambda u: (strength(u), u.id))
        subs = [u for u in units if is_army(u) and u.steps >= 2]
        return [{"type": "loss", "unit": u.id} for u in lead] + [
            {"type": "loss", "unit": u.id, "substitute": True} for u in subs
        ]
    pick = losses.next_victim(units)
    order = sorted(units + poised, key=lambda u: (u is not pick, u.id))
    return [{"type": "loss", "unit": u.id} for u in order]


def take_loss(state: State, action: Action, dice: Dice) -> list[Event]:
    b = _current(state)
    if action not in loss_actions(state):
        raise IllegalAction(
            f"not possible now: {action}", C + ("13.2.4" if b.stage == "mobile" else "13.7.7")
        )
    side = loss_side(b) or ""
    u = state.units[action["unit"]]
    first = not b.taken.get(side) and losses.supporting_poised(state, b, side)
    if b.stage == "mobile":
        events = losses.step_loss(state, u, "13.2.4")
    elif action.get("substitute"):
        events = losses.step_loss(state, u, "13.7.7, two army steps for a poised loss")
        events += losses.step_loss(state, u, "13.7.7, two army steps for a poised loss")
    else:
        events = losses.step_loss(state, u, "9.2.4" if first else "13.7.7")
    b.owed[side] -= 1
    b.taken[side] = b.taken.get(side, 0) + 1
    return events + _next_loss(state, b, dice)


def _next_loss(state: State, b: Battle, dice: Dice) -> list[Event]:
    """Ask for the next step loss, or go on once all are taken (a side with nothing left owes none)."""
    for side in b.owed:
        if b.owed[side] and not _has_steps(state, b, side):
            b.owed[side] = 0
    if loss_side(b):
        b.step = "losses"
        return []
    if b.stage == "mobile":
        return _after_mobile(state, b, dice)
    return _after_losses(state, b)


def _has_steps(state: State, b: Battle, side: str) -> bool:
    """Has the side a unit left in the battle to lose a step? (Mobile Forces Battle hits: not
    those that retreated into the area, 13.4.)"""
    units = losses.battle_units(state, b, side)
    if b.stage == "mobile":
        units = [u for u in units if u.id in engaged(state, b, side)]
    return bool(units or losses.supporting_poised(state, b, side))


def _after_losses(state: State, b: Battle) -> list[Event]:
    """13.7.5 on: fortifications, CP, Breakthrough, retreat, disruption, advance. The retreat comes
    before the disruption so that the corps dropped from a disrupted army's Poised Forces box
    (15.1.3) stand with it where it retreated to."""
    if b.winner is None:  # a tie: nobody moves (13.7.3)
        return _finish(state, b, None)
    att, dfn = b.attacker, other(b.attacker)
    winner, loser = b.winner, other(b.winner)
    row = next(r for r in data.tables().crt if r.from_ == b.row["from"])
    events: list[Event] = []
    if loser == dfn:
        events += _forts_fall(state, b, row.loser, b.troops)
    gain = row.cp + (1 if winner == dfn else 0)  # 13.7.6
    if gain:
        state.strategic.cp[winner] = min(19, state.strategic.cp[winner] + gain)
        events.append(_ev("cp", f"{winner.title()} gains {gain} CP (6.1.3, 13.7.6)"))
    b.beaten = [u.id for u in losses.battle_units(state, b, loser)]
    if row.breakthrough and winner == dfn:
        state.strategic.cp[att] = max(0, state.strategic.cp[att] - 3)
        events.append(
            _ev("result", "Defensive Breakthrough: the attacker loses 3 CP (16.1.7)")
        )
    still_poised = [p for p in b.sides[att].poised if state.units[p].box == "poised"]
    b.exploit = bool(row.breakthrough and winner == att and still_poised)  # 16.0
    if b.exploit:
        _experience(state, att, "breakthrough")
    if row.retreat:
        b.retreats = losses.retreat_stacks(state, b, loser)
        held = loser == dfn and fort_strength(state, b.area, loser)
        if held and losses.battle_units(state, b, loser):
            events.append(
                _ev("note", f"The defenders of {b.area} hold their fortifications (14.3.1)")
            )
    return events + _next_retreat(state, b)


def _retreat_length(b: Battle) -> int:
    return 2 if b.exploit else 1  # 16.1.1


def retreat_side(b: Battle) -> str | None:
    """Who picks the way back: the loser's owner, the winner after a Breakthrough (16.1.1)."""
    if not b.retreats or b.winner is None:
        return None
    return b.winner if b.exploit else other(b.winner)


def retreat_actions(state: State) -> list[Action]:
    b = _current(state)
    if not b.retreats:
        return []
    loser = other(b.winner or "")
    units = losses.stack_in(state, b, loser, b.retreats[0])
    paths = losses.retreat_paths(state, units, loser, _retreat_length(b), b.retreats[0])
    return [{"type": "retreat", "from": b.retreats[0], "path": p} for p in paths]


def take_retreat(state: State, action: Action) -> list[Event]:
    b = _current(state)
    if action not in retreat_actions(state):
        raise IllegalAction(f"not possible now: {action}", C + "13.7.8")
    loser = other(b.winner or "")
    start = b.retreats.pop(0)
    units = losses.stack_in(state, b, loser, start)
    events = losses.retreat_along(state, units, loser, start, action["path"], _retreat_length(b))
    return events + _next_retreat(state, b)


def _next_retreat(state: State, b: Battle) -> list[Event]:
    """13.7.8: each beaten stack in turn; a choice is asked only between two ways back or more.
    Then the loser's armies are disrupted if the CRT says so (15.0) and the winner may advance."""
    events: list[Event] = []
    loser = other(b.winner or "")
    while b.retreats:
        start = b.retreats[0]
        units = losses.stack_in(state, b, loser, start)
        paths = losses.retreat_paths(state, units, loser, _retreat_length(b), start)
        if len(paths) > 1:
            b.step = "retreat"
            return events
        b.retreats.pop(0)
        if not units:
            continue
        if paths:
            events += losses.retreat_along(
                state, units, loser, start, paths[0], _retreat_length(b)
            )
        else:
            events += losses.cannot_retreat(state, units, start)
    if b.row.get("disrupt"):
        events += _disrupt(state, b.beaten, b.winner or "")
    return events + _finish(state, b, b.winner)


def _forts_fall(state: State, b: Battle, lost: int, troops: int) -> list[Event]:
    """14.3.4: a defeat costing more steps than the fort's strength plus the steps its troops held
    when the battle was fought destroys it."""
    forts = fort_strength(state, b.area, other(b.attacker))
    if not forts:
        return []
    if lost <= forts + troops:
        return []
    if b.attacker == "german":
        state.war.destroyed_forts.append(b.area)
        return [_ev("result", f"The Maginot forts of {b.area} are destroyed (14.3.4)")]
    for u in state.in_zone(b.area):
        if u.kind == "westwall":
            u.box, u.zone = "eliminated", None
    return [_ev("result", f"The Westwall in {b.area} is destroyed (14.3.4)")]


def _disrupt(state: State, ids: list[str], winner: str) -> list[Event]:
    """15.0: the loser's armies in the battle are disrupted; their poised corps become columnar (15.1.3)."""
    events = []
    for uid in ids:
        if disrupt(state, state.units[uid]):
            events.append(_ev("disrupt", f"{uid} is disrupted (15.0)", unit=uid))
            _experience(state, winner, "disrupt")
    return events


def _finish(state: State, b: Battle, winner: str | None) -> list[Event]:
    """After the result: who may advance into which vacated area (13.7.9)."""
    events: list[Event] = []
    fj = state.units.get("FJ")
    if b.parachute and fj and fj.box == "map" and fj.zone == b.area:
        others = [
            u
            for u in state.in_zone(b.area)
            if u.side == "german" and u.id != "FJ" and u.kind != "westwall"
        ]
        if defenders(state, b.area, "german") and not others:
            events += losses.step_loss(state, fj, "17.1")
            if fj.box == "map":
                events += losses.retreat_units(state, [fj], "german", 1, None)
    b.advance_to = []
    if winner == b.attacker and not defenders(state, b.area, b.attacker):
        b.advance_to = [b.area]
    elif winner and winner != b.attacker:
        b.advance_to = sorted(
            {
                o
                for u, o in b.origins.items()
                if o != b.area and not _holds(state, o, b.attacker)
            }
        )
    b.step = "advance" if _advance_offers(state, b) else "done"
    return events


def _holds(state: State, area: str, side: str) -> bool:
    return any(u.side == side and u.kind != "westwall" for u in state.in_zone(area))


def _advancers(state: State, b: Battle) -> list[Unit]:
    if b.winner == b.attacker:
        return [
            state.units[u]
            for u in b.sides[b.attacker].units
            if state.units[u].box == "map" and state.units[u].zone != b.area
        ]
    return [state.units[u] for u in engaged(state, b, b.winner or "")]  # 13.4: not those that sat out


def _stacks(b: Battle, units: list[Unit]) -> list[list[Unit]]:
    """The groups that may advance together: all of them, or after a Breakthrough won by an
    Overconcentration the units of one attacking area (16.1.4)."""
    if not (b.exploit and b.overconcentration):
        return [units]
    by_origin: dict[str, list[Unit]] = {}
    for u in units:
        by_origin.setdefault(b.origins.get(u.id, ""), []).append(u)
    return [by_origin[o] for o in sorted(by_origin)]


def _pursuits(state: State, armies: list[str], vias: list[str]) -> list[Action]:
    """9.2.5, 13.7.9, 16.1.6: each poised corps may advance alone up to its MP, through a vacated
    area, leaving its army to go on as a columnar unit."""
    out: list[Action] = []
    for p in (p for a in armies for p in poised_of(state, a)):
        for via in vias:
            out += [
                {"type": "advance", "to": a, "units": [p.id], "poised": True, "via": via}
                for a in advance_reach(state, p, via)
            ]
    return out


def _winning_armies(state: State, b: Battle) -> list[str]:
    if b.winner == b.attacker:
        return [u for u in b.sides[b.attacker].units if is_army(state.units[u])]
    return [u for u in engaged(state, b, b.winner or "") if is_army(state.units[u])]


def _advance_offers(state: State, b: Battle) -> list[Action]:
    out: list[Action] = []
    for area in b.advance_to:
        for whole in _stacks(b, _advancers(state, b)):
            stack = [u for u in whole if may_enter_country(state, u, area)]  # 12.0, 7.2.5
            armies = [u for u in stack if is_army(u)]
            corps = [u.id for u in stack if not is_army(u)]
            if corps:
                out.append({"type": "advance", "to": area, "units": corps})
            for a in armies:
                if army_room(state, area, a.side):
                    out.append({"type": "advance", "to": area, "units": [a.id] + corps})
    if b.row and b.advance_to:  # a battle was fought and the loser is gone (not 13.4)
        out += _pursuits(state, _winning_armies(state, b), b.advance_to)
    return out


def advance_actions(state: State) -> list[Action]:
    return [{"type": "no-advance"}] + _advance_offers(state, _current(state))


def breakthrough_pursuits(state: State) -> list[Action]:
    """16.1.6: the poised corps of the Breakthrough stack may advance from its area."""
    b = _current(state)
    armies = [u for u in b.exploiters if is_army(state.units[u])]
    return _pursuits(state, armies, [b.area])


def pursue(state: State, action: Action) -> list[Event]:
    """A poised corps advances alone in a Breakthrough segment (16.1.6)."""
    if action not in breakthrough_pursuits(state):
        raise IllegalAction(f"not possible now: {action}", C + "16.1.6")
    return _advance_units(state, _current(state), action)


def advance(state: State, action: Action) -> list[Event]:
    b = _current(state)
    if action not in advance_actions(state):
        raise IllegalAction(f"not possible now: {action}", C + "13.7.9")
    if action["type"] == "no-advance":
        events = [_ev("advance", f"{b.winner} does not advance (13.7.9)")]
    else:
        events = _advance_units(state, b, action)
        if action.get("poised") and _advance_offers(state, b):
            return events  # the stack and the other poised corps may still advance
    b.step = "breakthrough" if (b.exploit and b.exploiters) else "done"
    return events


def _advance_units(state: State, b: Battle, action: Action) -> list[Event]:
    to = action["to"]
    ids: list[str] = action["units"]
    for uid in ids:
        u = state.units[uid]
        route = (
            advance_route(state, u, action["via"], to) if action.get("poised") else [to]
        )
        for a, b_ in zip([u.zone or ""] + route, route[:-1]):
            pass_through(state, u.side, a, b_)
        place(state, u, to, ([u.zone or ""] + route)[-2])
    if data.areas()[to].mc or data.areas()[to].objective:
        _experience(state, b.winner or "", "captured")
    # 16.1.3, 16.1.6: who may fight on in the Breakthrough segment. After an Overconcentration
    # only the stack that advances into the area does, with its own poised corps (16.1.4).
    lone = action.get("poised") and b.overconcentration and b.step == "advance"
    if b.exploit and (action.get("poised") or to == b.area) and not lone:
        joining = ids + [
            p.id for i in ids if is_army(state.units[i]) for p in poised_of(state, i)
        ]
        b.exploiters += [i for i in joining if i not in b.exploiters]
    case = "16.1.6" if b.step == "breakthrough" else ("9.2.5" if action.get("poised") else "13.7.9")
    return [
        _ev(
            "advance",
            f"{', '.join(ids)} advance into {to} ({case})",
            units=ids,
            to=to,
        )
    ]
