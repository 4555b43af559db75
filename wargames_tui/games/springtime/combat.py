"""Combat: attack and defence values, the dice, results and retreats (springtime:9.4, 10, 11.1.2-3)."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.morale import lose_unit, step_loss, update_control
from wargames_tui.games.springtime.movement import attack_candidates, group_in_impulse
from wargames_tui.games.springtime.positions import (
    contested,
    cv,
    free,
    full,
    leader_rating,
    leaders_with,
    occupied,
    other,
    units_in,
)
from wargames_tui.games.springtime.state import State

MAGINOT_AREAS = ("18", "19", "20")


def air_value(state: State, air: str) -> int:
    """Full face after Air Supremacy or, for the Allies, New Squadrons this turn (springtime:9.4.2)."""
    a = load_board().air[air]
    is_full = air in state.air_full or (a.side == "allied" and state.flags.get("new_squadrons"))
    return a.full if is_full else a.reduced


def air_choices(state: State, side: str, lead: str) -> list[str]:
    """Air markers that may support this lead unit: same nation, not yet placed this impulse (springtime:9.4.1)."""
    b = load_board()
    nation = b.units[lead].nation
    return [a.id for a in b.air.values() if a.side == side and a.nation == nation and a.id not in state.imp.get("air_used", [])]


def parts_total(parts: list[list[Any]]) -> int:
    return sum(p[1] for p in parts)


def attack_parts(state: State, units: list[str], lead: str, air: str | None) -> list[list[Any]]:
    """Attack Value Table (springtime:10.4.2; reconstructed, tables.toml)."""
    t = load_board().tables.attack
    parts: list[list[Any]] = [["lead CV", cv(state, lead)], ["other units", t.per_unit * (len(units) - 1)]]
    leaders = sum(leader_rating(state, lid) for u in units for lid in leaders_with(state, u))
    parts.append(["leaders", leaders])
    parts.append(["air", air_value(state, air) if air else 0])
    parts.append(["out of supply", t.out_of_supply * sum(1 for u in units if state.units[u]["oos"])])
    return parts


def defence_parts(state: State, area: str, units: list[str], lead: str, air: str | None, attackers: list[str]) -> list[list[Any]]:
    """Defense Value Table (springtime:10.4.3; reconstructed, tables.toml)."""
    b = load_board()
    t = b.tables.defence
    parts: list[list[Any]] = [["lead CV", cv(state, lead)], ["other units", t.per_unit * (len(units) - 1)], ["TEM", b.areas[area].tem]]
    parts.append(["leaders", sum(leader_rating(state, lid) for u in units for lid in leaders_with(state, u))])
    parts.append(["air", air_value(state, air) if air else 0])
    parts.append(["out of supply", t.out_of_supply * sum(1 for u in units if state.units[u]["oos"])])
    moved, entered = state.imp.get("moved", {}), state.imp.get("entered", {}).get(area, [])
    crossed = [moved.get(u, {}).get("via") if u in entered else None for u in attackers]
    river = t.river if crossed and all(c == "river" for c in crossed) and state.imp.get("airdrop") != area else 0
    parts.append(["river", river])  # 18.1.1: the Airlanding Corps cancels it where it landed
    parts.append(["Maginot Line", t.maginot if crossed and all(c == "maginot" for c in crossed) else 0])
    return parts


def declare(state: State, action: dict[str, Any], events: list[Event]) -> None:
    """The Attacker names the Area, the attacking units, the lead unit and his air (springtime:10.2, 10.4.2, 9.4.1)."""
    imp = state.imp
    area, units, lead, air = action.get("area"), action.get("units"), action.get("lead"), action.get("air")
    if not isinstance(area, str) or not isinstance(units, list) or not all(isinstance(u, str) for u in units):
        raise IllegalAction("an attack names an area and a list of units", "springtime:10.2")
    if area in imp["attacked"]:
        raise IllegalAction("that Area has been attacked already this impulse", "springtime:9.2.1")
    if not occupied(state, area, other(state.active)):
        raise IllegalAction("no enemy units to attack there", "springtime:9.1")
    eligible = attack_candidates(state, area)
    if not units or len(set(units)) != len(units) or any(u not in eligible for u in units):
        raise IllegalAction("only active units that began in the Contested Area or entered it may attack", "springtime:10.3")
    missing = [u for u in imp["must"].get(area, []) if u not in units]
    if missing:
        raise IllegalAction("every unit that entered an enemy-occupied Area must attack", "springtime:10.1")
    if imp.get("one_group"):
        groups = {group_in_impulse(state, u) for u in units} - {"R"}
        if len(groups) > 1:
            raise IllegalAction("units of different Army Groups may not attack the same Area together", "springtime:15.3")
    if lead not in units:
        raise IllegalAction("the Lead Attacking Unit must be one of the attackers", "springtime:10.4.2")
    if air is not None and air not in air_choices(state, state.active, lead):
        raise IllegalAction("Air Support must match the lead unit's nation and be placed once an impulse", "springtime:9.4.1")
    state.combat = {
        "area": area, "attackers": sorted(units), "lead": lead, "air": air,
        "mandatory": area in imp["must"], "contested_start": area in imp["contested_start"],
        "attacker": state.active, "defender": other(state.active),
    }
    if air:
        imp["air_used"].append(air)
    imp["attacked"].append(area)
    if imp["mover"]:
        imp["moved"][imp["mover"]]["stop"] = True  # its move ended before the attack (9.1)
        imp["mover"] = None
    for u in units:
        imp["moved"].setdefault(u, {"spent": 0})["stop"] = True
    b = load_board()
    events.append(Event("attack", f"{state.active.capitalize()} attacks {area} with {', '.join(b.units[u].name for u in units)}",
                        {"area": area, "units": sorted(units), "lead": lead, "air": air}))


def defend(state: State, action: dict[str, Any], dice: Dice, events: list[Event]) -> None:
    """The Defender names his lead unit and air; both sides roll (springtime:10.4.1, 10.4.3, 10.4.4)."""
    c = state.combat
    assert c is not None
    defenders = units_in(state, c["area"], c["defender"])
    lead, air = action.get("lead"), action.get("air")
    if lead not in defenders:
        raise IllegalAction("the Lead Defending Unit must be one of the units in the Area", "springtime:10.4.3")
    if air is not None and air not in air_choices(state, c["defender"], lead):
        raise IllegalAction("Air Support must match the lead unit's nation and be placed once an impulse", "springtime:9.4.1")
    if air:
        state.imp["air_used"].append(air)
    apart = attack_parts(state, c["attackers"], c["lead"], c["air"])
    dpart = defence_parts(state, c["area"], defenders, lead, air, c["attackers"])
    ra = [dice.roll(), dice.roll()]
    rd = [dice.roll(), dice.roll()]
    at, dt = parts_total(apart) + sum(ra), parts_total(dpart) + sum(rd)
    armored = load_board().units[c["lead"]].kind == "armored"
    result = "repulse" if at < dt else "stalemate" if at == dt else "overrun" if armored else "success"
    c.update(defenders=defenders, dlead=lead, dair=air, attack_parts=apart, defence_parts=dpart,
             attack_dice=ra, defence_dice=rd, attack_total=at, defence_total=dt, result=result, rolled=result)
    events.append(Event(
        "combat",
        f"Attack {parts_total(apart)}+{sum(ra)}={at} against defence {parts_total(dpart)}+{sum(rd)}={dt}: {result}",
        {k: c[k] for k in ("area", "attack_parts", "defence_parts", "attack_dice", "defence_dice", "attack_total", "defence_total", "result", "lead", "dlead")},
        commit=True,
    ))


def advantage_offer(state: State) -> str | None:
    """Heroic Defense or Maximum Attack, if the side that may use it holds the Advantage (springtime:11.1.2, 11.1.3)."""
    c = state.combat
    if c is None or state.advantage is None or state.phase != "maneuvers":
        return None
    if c["result"] in ("success", "overrun") and state.advantage == c["defender"]:
        return "heroic"
    if c["result"] == "repulse" and state.advantage == c["attacker"]:
        return "maximum"
    return None


def resolve(state: State, events: list[Event]) -> None:
    """Apply the result and queue the retreats (springtime:10.4.4, 10.5, 6.1.3)."""
    b = load_board()
    c = state.combat
    assert c is not None
    th = b.tables.thresholds
    result, area = c["result"], c["area"]
    dsum = sum(c["defence_dice"])
    if result == "repulse":
        step_loss(state, c["lead"], events, "repulsed")
    elif result == "stalemate":
        step_loss(state, c["lead"], events, "stalemate")
        step_loss(state, c["dlead"], events, "stalemate")
    else:
        if result == "overrun":
            lose_unit(state, c["dlead"], events, why="overrun")
        else:
            step_loss(state, c["dlead"], events, "defeated")
        if dsum >= (th.overrun_hit if result == "overrun" else th.success_hit):
            step_loss(state, c["lead"], events, f"the defender rolled {dsum}")
        if state.flags.get("confidence") and c["attacker"] == "axis":
            _confidence(state, c, events)
    retreats: list[dict[str, Any]] = []
    defenders = [u for u in units_in(state, area, c["defender"]) if u in c["defenders"]]
    attackers = [u for u in c["attackers"] if state.units[u]["at"] == area]
    if result in ("success", "overrun"):
        for u in defenders:
            exempt = c["defender"] == "allied" and (area in MAGINOT_AREAS or (area == "25" and not state.flags.get("open_city")))
            retreats.append({"unit": u, "must": not exempt, "role": "defender"})  # 10.5.4
    else:
        retreats += [{"unit": u, "must": False, "role": "defender"} for u in defenders]  # 10.5.3
        if result == "repulse" and c["mandatory"]:
            retreats += [{"unit": u, "must": True, "role": "attacker"} for u in attackers]  # 10.1
        elif result == "stalemate" and not c["contested_start"]:
            retreats += [{"unit": u, "must": False, "role": "attacker"} for u in attackers]  # 10.4.4
    state.retreats = retreats
    update_control(state, events)
    settle_retreats(state, events)


def _confidence(state: State, c: dict[str, Any], events: list[Event]) -> None:
    """Command Confidence: German leaders of the attack to their stronger face, the defending
    Allied leaders to their weaker face, for good (springtime:6.1.3)."""
    b = load_board()
    for lid, s in sorted(state.leaders.items()):
        if s["flipped"] or s["unit"] is None:
            continue
        if (b.leaders[lid].side == "axis" and s["unit"] in c["attackers"]) or (
            b.leaders[lid].side == "allied" and s["unit"] in c["defenders"]
        ):
            s["flipped"] = True
            events.append(Event("leader", f"{b.leaders[lid].name} now rates {leader_rating(state, lid)} (6.1.3)", {"leader": lid}))


def retreat_options(state: State, uid: str, role: str) -> list[str]:
    """Where a unit may retreat, best priority first (springtime:10.5.2, 10.5.6, 14.3)."""
    b = load_board()
    c = state.combat
    assert c is not None
    side = b.units[uid].side
    area = c["area"]
    if role == "attacker":
        back = state.imp["moved"].get(uid, {}).get("from")
        if back and not full(state, back, side) and (free(state, back, side) or contested(state, back)):
            return [back]
    nation = b.units[uid].nation
    cands = []
    for n in b.graph.neighbours(area):
        if n == "F" and nation != "italian":
            continue
        if nation == "belgian" and b.areas[n].nation != "belgium":
            continue
        if nation == "dutch" and b.areas[n].nation != "netherlands":
            continue
        if full(state, n, side):
            continue
        cands.append(n)
    free_ones = [n for n in cands if free(state, n, side)]
    if free_ones:
        def hostile(n: str) -> int:
            return sum(1 for m in b.graph.neighbours(n) if state.control[m] != side)
        least = min(hostile(n) for n in free_ones)
        return [n for n in free_ones if hostile(n) == least]
    for controller in (side, other(side)):
        tier = [n for n in cands if contested(state, n) and state.control[n] == controller]
        if tier:
            return tier
    return []


def settle_retreats(state: State, events: list[Event]) -> None:
    """Eliminate units that must retreat and cannot (10.5.6); end the combat when no retreat is left."""
    while state.retreats:
        r = state.retreats[0]
        uid = r["unit"]
        if state.units[uid]["at"] != (state.combat or {}).get("area"):
            state.retreats.pop(0)
            continue
        if retreat_options(state, uid, r["role"]):
            return
        if r["must"]:
            lose_unit(state, uid, events, why="could not retreat")
        state.retreats.pop(0)
    finish_combat(state, events)


def retreat_side(state: State) -> str | None:
    """Who decides the next retreat: the defender first, then the attacker (springtime:10.4.4)."""
    if not state.retreats:
        return None
    return load_board().units[state.retreats[0]["unit"]].side


def do_retreat(state: State, action: dict[str, Any], events: list[Event]) -> None:
    r = state.retreats[0]
    uid = r["unit"]
    b = load_board()
    if action.get("type") == "stay":
        if r["must"]:
            raise IllegalAction("this unit must retreat", "springtime:10.4.4")
        state.retreats.pop(0)
    else:
        to = action.get("to")
        if action.get("unit") != uid or to not in retreat_options(state, uid, r["role"]):
            raise IllegalAction("retreat the named unit to an Area of the best priority open to it", "springtime:10.5.2")
        here = state.units[uid]["at"]
        state.units[uid]["at"] = to
        events.append(Event("retreat", f"{b.units[uid].name} retreats {here} -> {to}", {"unit": uid, "from": here, "to": to}))
        state.retreats.pop(0)
        update_control(state, events)
    settle_retreats(state, events)


def finish_combat(state: State, events: list[Event]) -> None:
    if state.combat is not None:
        update_control(state, events)
        state.combat = None


def defender_leads(state: State) -> list[str]:
    c = state.combat
    assert c is not None
    return units_in(state, c["area"], c["defender"])
