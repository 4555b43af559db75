"""Combat (14.0): who may attack what, the odds with every halving and shift, the CRT,
step losses and the Maginot/Eben Emael and Siegfried specials.

`resolve` returns the battle's parts in its event data so that every total, odds ratio
and shift in the log can be checked from its pieces (`recompute`).
"""

from __future__ import annotations

import math
from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.engine.hexgrid import Hex, parse_hex
from wargames_tui.games.blitzkrieg_1940.movement import violate
from wargames_tui.games.blitzkrieg_1940.position import ENEMY, Position
from wargames_tui.games.blitzkrieg_1940.state import Battle, State

C = "blitzkrieg-1940:"


# --- who may fight ----------------------------------------------------------------------
def may_attack(pos: Position, uid: str) -> bool:
    s, u = pos.s, pos.b.units[uid]
    return (
        s.units[uid].status == "map" and u.side == s.phase.split("-")[0] and uid not in s.fought
        and not (u.fort or u.coup or u.eru or u.dummy) and pos.steps_of(uid)[0] != "-"
        and not pos.frozen(uid) and uid not in s.landed
    )


def attack_side_ok(pos: Position, a: Hex, d: Hex) -> bool:
    """Attacks cross any hexside but all-sea (the causeway apart) and blocked ones (13.8, 13.10, 13.13)."""
    return pos.passable_side(a, d)


def may_attack_into(pos: Position, uid: str, d: Hex) -> bool:
    h = pos.s.units[uid].hex
    assert h is not None
    return (
        d in pos.b.grid.neighbours(h) and attack_side_ok(pos, h, d)
        and pos.may_enter(uid, d) and not pos.sickle_barred(uid, d)
    )


def targets(pos: Position) -> dict[Hex, list[str]]:
    """Enemy hexes not yet attacked this phase, with every unit that may attack each (14.1-14.3)."""
    side = pos.s.phase.split("-")[0]
    out: dict[Hex, list[str]] = {}
    for uid in pos.units_of(side):
        if not may_attack(pos, uid):
            continue
        h = pos.s.units[uid].hex
        assert h is not None
        for d in pos.b.grid.neighbours(h):
            if d in pos.s.attacked or not pos.has_side(d, ENEMY[side]):
                continue
            if may_attack_into(pos, uid, d):
                out.setdefault(d, []).append(uid)
    return out


def check_attack(pos: Position, action: dict[str, Any]) -> tuple[Hex, list[str]]:
    d = action.get("hex")
    attackers = action.get("attackers")
    if not isinstance(d, str) or d not in pos.b.terrain:
        raise IllegalAction("hex must be a hex id", C + "14.2")
    if not isinstance(attackers, list) or not attackers or not all(isinstance(a, str) for a in attackers):
        raise IllegalAction("attackers must be a non-empty list of unit ids", C + "14.2")
    if len(set(attackers)) != len(attackers):
        raise IllegalAction("a unit is named twice", C + "14.3")
    side = pos.s.phase.split("-")[0]
    if d in pos.s.attacked:
        raise IllegalAction("that hex has already been attacked this phase", C + "14.3")
    if not pos.has_side(d, ENEMY[side]):
        raise IllegalAction("there is no enemy unit to attack there", C + "14.1")
    for a in attackers:
        if a not in pos.b.units:
            raise IllegalAction(f"no unit {a!r}", C + "2.4")
        if not may_attack(pos, a):
            raise IllegalAction(f"{pos.b.units[a].name} may not attack now", C + "14.3")
        if not may_attack_into(pos, a, d):
            raise IllegalAction(f"{pos.b.units[a].name} cannot attack {pos.b.label(d)}", C + "14.1")
    return d, attackers


# --- factors -------------------------------------------------------------------------------
def volatile(f: str) -> bool:
    return f == "0" or (f[:1] in "+-" and f != "-")


def factor(f: str, dice: Dice) -> tuple[int, int | None]:
    """A combat factor for one battle: fixed, or a die plus the printed modifier, never below 1 (14.8)."""
    if volatile(f):
        roll = dice.roll()
        return max(1, roll + int(f)), roll
    return int(f), None


def fort_hex(pos: Position, h: Hex) -> bool:
    return any(pos.b.units[u].fort for u in pos.at.get(h, ()))


def active_siegfried(pos: Position) -> frozenset[Hex]:
    return pos.b.siegfried if pos.y1940 else pos.b.siegfried_1939  # 14.18B, C


def direction(pos: Position, centre: Hex, n: Hex) -> int:
    """Which of the six sides of centre n lies on, counted round the hex (0 = above)."""
    def xy(h: Hex) -> tuple[float, float]:
        col, row = parse_hex(h)
        return col * 0.866, row + (0.5 if pos.b.grid.lowered(col) else 0.0)

    (x0, y0), (x1, y1) = xy(centre), xy(n)
    angle = math.degrees(math.atan2(x1 - x0, -(y1 - y0))) % 360
    return int(((angle + 30) % 360) // 60)


def concentric(dirs: set[int]) -> bool:
    """Opposite hexes, three alternate hexes, or more than three hexes (14.15A)."""
    return (
        len(dirs) > 3 or any((d + 3) % 6 in dirs for d in dirs)
        or {0, 2, 4} <= dirs or {1, 3, 5} <= dirs
    )


def column_index(attack: int, defence: int) -> int:
    """The odds on an open-ended scale where 1:3 is 0 and 6:1 is 7 (14.5, 14.6)."""
    if attack >= defence:
        return attack // defence + 1
    return 3 - -(-defence // attack)


def ratio_label(attack: int, defence: int) -> str:
    if attack >= defence:
        return f"{attack // defence}:1"
    return f"1:{-(-defence // attack)}"


# --- a battle ----------------------------------------------------------------------------------
def shifts(pos: Position, d: Hex, attackers: list[str], defenders: list[str], raf: int) -> list[dict[str, Any]]:
    """Every column shift of the battle, positive to the attacker's right (14.12B)."""
    b, s = pos.b, pos.s
    side = b.units[attackers[0]].side
    out: list[dict[str, Any]] = []
    real_def = [u for u in defenders if not b.units[u].dummy]
    def_side = ENEMY[side]
    t = b.game.terrain[b.terrain[d]]
    if t.shift:
        out.append({"why": f"{b.terrain[d]} hex", "shift": -t.shift, "case": C + "14.12"})
    if d in b.city_of:
        out.append({"why": "city hex", "shift": -b.game.city.shift, "case": C + "14.12"})
    if def_side == "german" and d in active_siegfried(pos):
        out.append({"why": "Siegfried Line", "shift": -2, "case": C + "14.18"})
    if def_side == "allied" and d in b.field_forts:
        out.append({"why": "field fortifications", "shift": -1, "case": C + "14.19"})
    if side == "german" and pos.y1940 and s.order.get("german") == "fight":
        out.append({"why": "German fight/move sequence", "shift": 1, "case": C + "14.2"})
    if side == "allied" and s.order.get("allied") == "move":
        out.append({"why": "Allied move/fight sequence", "shift": -1, "case": C + "14.2"})
    hexes = {s.units[a].hex for a in attackers}
    dirs = {direction(pos, d, h) for h in hexes if h is not None}
    siegfried = def_side == "german" and d in active_siegfried(pos)
    if concentric(dirs) and not fort_hex(pos, d) and not siegfried:
        out.append({"why": "concentric assault", "shift": 1, "case": C + "14.15"})
    if raf:
        out.append({"why": f"RAF support x{raf}", "shift": raf if side == "allied" else -raf, "case": C + "14.14"})
    if s.morale in ("rally", "defeatism"):
        sign = 1 if s.morale == "rally" else -1
        if any(b.units[a].nation == "french" for a in attackers):
            out.append({"why": f"French morale ({s.morale})", "shift": sign, "case": C + "7.7"})
        if any(b.units[u].nation == "french" for u in real_def):
            out.append({"why": f"French morale ({s.morale})", "shift": -sign, "case": C + "7.7"})
    return out


def attack_factors(pos: Position, d: Hex, attackers: list[str], dice: Dice) -> list[dict[str, Any]]:
    """Each attacker's factor and the halvings it suffers (10.3B, 14.13, 14.17, 14.21)."""
    b = pos.b
    out = []
    fortified = fort_hex(pos, d)
    for a in attackers:
        u = b.units[a]
        att, dfn, _mf = pos.steps_of(a)
        printed_f = dfn if u.type == "panzer" and fortified else att  # 14.16E
        value, roll = factor(printed_f, dice)
        h = pos.s.units[a].hex
        assert h is not None
        halvings = []
        if not pos.supplied(a):
            halvings.append("out of supply (10.3B)")
        if pos.side_kind(h, d) in ("river", "causeway"):
            halvings.append("across a river or the causeway (14.13)")
        if h in b.sarreguemines:
            halvings.append("from the Sarreguemines Gap (14.17)")
        if u.mech and b.terrain[d] in ("marsh", "watergangs"):
            halvings.append("mechanized into marsh or watergangs (14.21)")
        out.append({"unit": a, "printed": printed_f, "roll": roll, "value": value, "halvings": halvings})
    return out


def defence_factors(pos: Position, defenders: list[str], dice: Dice) -> list[dict[str, Any]]:
    out = []
    for u in defenders:
        if pos.b.units[u].dummy:
            out.append({"unit": u, "printed": "dummy", "roll": None, "value": 0})
            continue
        printed_f = pos.steps_of(u)[1]
        value, roll = factor(printed_f, dice)
        out.append({"unit": u, "printed": printed_f, "roll": roll, "value": value})
    return out


def total_attack(parts: list[dict[str, Any]]) -> int:
    """Units halved for the same number of reasons are totalled and halved together, rounding down,
    never below 1 (10.3B, 14.13); a unit halved twice is quartered with its group."""
    groups: dict[int, int] = {}
    for p in parts:
        groups[len(p["halvings"])] = groups.get(len(p["halvings"]), 0) + p["value"]
    total = 0
    for k, v in groups.items():
        total += max(1, v >> k) if k else v
    return max(1, total)


def total_defence(parts: list[dict[str, Any]], gap: bool) -> int:
    v = sum(p["value"] for p in parts)
    if gap:
        v = v // 2  # 14.17
    return max(1, v)


def result_of(pos: Position, index: int, dice: Dice) -> tuple[str, int | None, str]:
    crt = pos.b.game.crt
    if index >= len(crt.columns):
        return crt.automatic, None, "7:1+"  # 14.7
    index = max(0, index)  # 1:4 and worse is fought at 1:3 (14.7)
    roll = dice.roll()
    return crt.rows[crt.die.index(roll)][index], roll, crt.columns[index]


def resolve(state: State, d: Hex, attackers: list[str], raf: int, dice: Dice) -> list[Event]:
    pos = Position(state)
    b = pos.b
    side = b.units[attackers[0]].side
    defenders = [u for u in pos.at[d] if b.units[u].side != side]
    if side == "german" and pos.neutral(b.country[d]):
        violate(state, b.country[d])  # attacking a neutral brings it in (3.5B, 8.2A)
    state.attacked.append(d)
    state.fought.extend(attackers)
    a_parts = attack_factors(pos, d, attackers, dice)
    d_parts = defence_factors(pos, defenders, dice)
    attack = total_attack(a_parts)
    gap = d in b.sarreguemines
    defence = total_defence(d_parts, gap)
    shift_list = shifts(pos, d, attackers, defenders, raf)
    raw = column_index(attack, defence)
    net = sum(x["shift"] for x in shift_list)
    result, roll, column = result_of(pos, raw + net, dice)
    a_loss, d_loss = (int(x) for x in result.split("/"))
    dummies = [u for u in defenders if b.units[u].dummy]
    data = {
        "hex": d, "attackers": a_parts, "defenders": d_parts, "attack": attack, "defence": defence,
        "defence_halved": gap, "ratio": ratio_label(attack, defence), "raw_index": raw, "shifts": shift_list,
        "net_shift": net, "column": column, "roll": roll, "result": result, "case": C + "14.9",
    }
    words = (
        f"{b.label(d)}: {attack} vs {defence} = {ratio_label(attack, defence)}, shifts {net:+d} -> {column}"
        + (f", rolled {roll}" if roll else "") + f": {result}"
    )
    events = [Event("combat", words, data, commit=True)]
    if dummies:
        events.append(Event("flip", f"{len(dummies)} dummy counter(s) revealed in {b.label(d)}",
                            {"hex": d, "count": len(dummies), "case": C + "6.3"}))
    state.battle = Battle(d, list(attackers), defenders, a_loss, d_loss, dummies=dummies)
    return events


def recompute(data: dict[str, Any], columns: int = 8) -> dict[str, Any]:
    """Work a logged battle out again from its parts: what an audit compares with the log."""
    for p in data["attackers"] + data["defenders"]:
        if p["roll"] is not None:
            assert p["value"] == max(1, p["roll"] + int(p["printed"])), p
    attack = total_attack(data["attackers"])
    defence = total_defence(data["defenders"], data["defence_halved"])
    raw = column_index(attack, defence)
    net = sum(x["shift"] for x in data["shifts"])
    return {"attack": attack, "defence": defence, "ratio": ratio_label(attack, defence), "raw_index": raw,
            "net_shift": net, "automatic": raw + net >= columns}


# --- step losses (14.10) ----------------------------------------------------------------------
def loss_candidates(pos: Position, units: list[str]) -> list[str]:
    """No unit is eliminated before every other involved unit is down to one step (14.10B)."""
    alive = [u for u in units if pos.s.units[u].status == "map" and not pos.b.units[u].dummy]
    multi = [u for u in alive if pos.s.units[u].steps > 1]
    return multi or alive


def lose_step(state: State, uid: str) -> list[Event]:
    """Take one step from a unit; count it for the BEF (4.9) or German (4.10) losses."""
    b = Position(state).b
    u = b.units[uid]
    st = state.units[uid]
    st.steps -= 1
    if u.side == "german":
        state.german_lost += 2 if u.coup else 1  # 7.1C
    elif u.nation == "british" and not u.eru:
        state.bef_lost += 1  # 4.9B
    if st.steps > 0:
        return [Event("step", f"{u.name} loses a step", {"unit": uid, "case": C + "14.10"})]
    st.status, st.hex = "dead", None
    return [Event("eliminated", f"{u.name} is eliminated", {"unit": uid, "case": C + "14.10"})]
