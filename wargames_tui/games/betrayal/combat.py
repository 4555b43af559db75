"""Ground combat: odds, column shifts, the armour modifier, the CRT and its results (betrayal:4.4, 4.5)."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.engine.odds import odds_ratio
from wargames_tui.games.betrayal.board import (
    ground,
    owners,
    sc,
    side_of,
    strength,
)
from wargames_tui.games.betrayal.losses import (
    destroy,
    grounded_air,
    set_aside,
    step,
    stranded_air,
)
from wargames_tui.games.betrayal.state import State

SUCCESS = ("DW", "DSW", "DE", "DSU")  # a won attack, for the exploit of betrayal:3.4.4 E


def column_index(attack: int, defence: int) -> int:
    """The odds column, rounded for the defender and kept within 1:3 to 8:1 (betrayal:4.4.1, 4.4.2)."""
    a, d = odds_ratio(attack, defence)
    columns = sc().tables.crt.columns
    if a == 1 and d > 1:
        return max(0, columns.index("1:1") - min(d - 1, 2))
    return min(columns.index("1:1") + a - 1, len(columns) - 1)


def shifts(state: State, area: str, attackers: list[str], defenders: list[str], support: bool) -> list[tuple[str, int]]:
    """The column shifts in force, named, positive to the attacker's favour (betrayal:4.4.2)."""
    table = sc().tables.shifts
    german_attacks = side_of(attackers[0]) == "german"
    out: list[tuple[str, int]] = []
    if support:
        out.append(("air support (betrayal:3.3.5)", table.air_support))
    if sc().areas[area].maginot and german_attacks:
        out.append(("Maginot Line (betrayal:4.4.2)", table.maginot))
    if sc().areas[area].terrain == "mountain":
        out.append(("mountains", table.mountain))
    allies = attackers if not german_attacks else defenders
    for nation in ("french", "british"):
        if state.penalties[nation] and any(sc().units[u].nation == nation for u in allies):
            out.append((f"{nation} talked: penalty (betrayal:6.3.1)", table.penalty if german_attacks else -table.penalty))
    if state.holder == "german":
        out.append(("Germans hold the French Republic (betrayal:7.2.4)", table.republic if german_attacks else -table.republic))
    return out


def drm(attackers: list[str], defenders: list[str]) -> int:
    """Armour against infantry only: +1 attacking, -1 defending (betrayal:4.4.3)."""
    def armored(units: list[str]) -> bool:
        return any(sc().units[u].kind == "armor" for u in units)

    table = sc().tables.drm
    if armored(attackers) and not armored(defenders):
        return table.armor_attacking
    if armored(defenders) and not armored(attackers):
        return table.armor_defending
    return 0


def assess(state: State, area: str, attackers: list[str], defenders: list[str], support: bool, bomber: int) -> dict[str, Any]:
    """Everything before the dice, as the event and the odds panel show it."""
    att = {u: strength(state, u, "attack") for u in attackers}
    dfn = {u: strength(state, u, "defence") for u in defenders}
    attack = sum(att.values()) + bomber
    defence = sum(dfn.values())
    base = column_index(attack, defence)
    named = shifts(state, area, attackers, defenders, support)
    net = sum(n for _, n in named)
    columns = sc().tables.crt.columns
    final = min(max(base + net, 0), len(columns) - 1)
    a, d = odds_ratio(attack, defence)
    return {
        "area": area,
        "attackers": att,
        "defenders": dfn,
        "bomber": bomber,
        "attack": attack,
        "defence": defence,
        "ratio": f"{a}:{d}",
        "base": columns[base],
        "shifts": [[n, v] for n, v in named],
        "column": columns[final],
        "drm": drm(attackers, defenders),
    }


def lookup(column: str, total: int) -> str:
    crt = sc().tables.crt
    return crt.rows[min(max(total, 1), 13)][crt.columns.index(column)]


def fight(
    state: State,
    area: str,
    attackers: list[str],
    dice: Dice,
    events: list[Event],
    support: bool = False,
    bomber: int = 0,
    exploit: bool = False,
) -> str:
    """Resolve one combat in the area, the counter-attacks it calls for included (betrayal:4.5.4)."""
    side = side_of(attackers[0])
    defenders = ground(state, area, "allied" if side == "german" else "german")
    odds = assess(state, area, attackers, defenders, support, bomber)
    dice_rolled = [dice.roll(), dice.roll()]
    total = sum(dice_rolled) + odds["drm"]
    result = lookup(odds["column"], total)
    odds.update(dice=dice_rolled, total=total, result=result, exploit=exploit)
    who = "Germans" if side == "german" else "Allies"
    named = "".join(f", {why.partition(' (')[0]} {n:+d}" for why, n in odds["shifts"])
    events.append(
        Event(
            "combat",
            f"{sc().areas[area].name}: the {who} attack {odds['attack']} to {odds['defence']} = {odds['ratio']}{named}, "
            f"column {odds['column']}, "
            f"rolled {dice_rolled[0]}+{dice_rolled[1]}{odds['drm']:+d} = {total}: {result} (betrayal:4.4)",
            odds,
            commit=True,
        )
    )
    apply_result(state, area, result, attackers, defenders, dice, events)
    stranded_air(state, events)
    grounded_air(state, area, events)
    return result


def apply_result(
    state: State, area: str, result: str, attackers: list[str], defenders: list[str], dice: Dice, events: list[Event]
) -> None:
    hit = attackers if result.startswith("A") else defenders
    if result in ("AE", "DE"):
        for u in hit:
            set_aside(state, u, events, "is eliminated", "betrayal:4.5.7")
    elif result == "DSU":
        for u in hit:
            destroy(state, u, events, "surrenders", "betrayal:4.5.8")
    elif result in ("AS", "DSW"):
        for u in hit:
            step(state, u, events, "betrayal:4.5.3")
    elif result == "EX":
        for u in attackers + defenders:
            set_aside(state, u, events, "is lost in the exchange", "betrayal:4.5.6")
    if result in ("AW", "DW", "DSW"):
        withdraw_all(state, area, [u for u in hit if state.pieces[u].where == area])
    elif result == "PX":
        partial_exchange(state, area, attackers, defenders)
    elif result == "CA":
        events.append(Event("combat", f"{sc().areas[area].name}: the defenders counter-attack (betrayal:4.5.4)"))
        fight(state, area, [u for u in defenders if state.pieces[u].where == area], dice, events)


def withdraw_all(state: State, area: str, units: list[str]) -> None:
    """Each unit withdraws on its own, its owner choosing the way (betrayal:4.5.2)."""
    state.pending[0:0] = [{"kind": "withdraw", "unit": u, "from": area} for u in units]


def partial_exchange(state: State, area: str, attackers: list[str], defenders: list[str]) -> None:
    """The weakest unit goes; the other side matches its loss; then the defender withdraws (4.5.5)."""
    att = {u: strength(state, u, "attack") for u in attackers}
    dfn = {u: strength(state, u, "defence") for u in defenders}
    low_a, low_d = min(att.values()), min(dfn.values())
    items: list[dict[str, Any]] = []

    def weakest(values: dict[str, int], low: int) -> list[str]:
        return owners(state, [u for u, v in values.items() if v == low])[0]

    if low_a == low_d:
        items.append({"kind": "px-remove", "units": weakest(att, low_a), "area": area})
        items.append({"kind": "px-remove", "units": weakest(dfn, low_d), "area": area})
    else:
        low, other, value = (att, dfn, low_a) if low_a < low_d else (dfn, att, low_d)
        role = "attack" if other is att else "defence"
        items.append({"kind": "px-remove", "units": weakest(low, value), "area": area})
        items.append({"kind": "px-answer", "units": sorted(other), "value": value, "role": role, "area": area})
    items.append({"kind": "px-withdraw", "area": area, "attackers": attackers, "defenders": defenders})
    state.pending[0:0] = items


def px_answers(state: State, item: dict[str, Any]) -> list[dict[str, Any]]:
    """The ways to match a partial-exchange loss: remove a unit worth as much, or reduce one that
    loses as much (betrayal:4.5.5), among the units of one owner (see `owners`). If nothing
    matches, any unit is removed (our reading)."""
    groups = owners(state, [u for u in item["units"] if state.pieces[u].where == item["area"]])
    value, role = item["value"], item["role"]
    for units in groups:
        out = [{"type": "remove", "unit": u} for u in units if strength(state, u, role) >= value]
        for u in units:
            if not state.pieces[u].reduced:
                c = sc().units[u]
                full, back = (c.attack, c.reduced[0]) if role == "attack" else (c.defence, c.reduced[1])
                if full - back >= value:
                    out.append({"type": "reduce", "unit": u})
        if out:
            return out
    return [{"type": "remove", "unit": u} for u in groups[0]] if groups else []


def apply_px(state: State, action: dict[str, Any], events: list[Event]) -> None:
    uid = action["unit"]
    if action["type"] == "reduce":
        step(state, uid, events, "betrayal:4.5.5")
    else:
        set_aside(state, uid, events, "is removed in the partial exchange", "betrayal:4.5.5")


def px_withdraw(state: State, item: dict[str, Any]) -> None:
    area = item["area"]
    if any(state.pieces[u].where == area for u in item["attackers"]):
        withdraw_all(state, area, [u for u in item["defenders"] if state.pieces[u].where == area])

