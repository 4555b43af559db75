"""Choices the rules owe before play goes on: withdrawals, losses, exploits, interceptions,
air returns, placements (betrayal:3.2, 3.3, 3.4.4, 4.3, 4.5)."""

from __future__ import annotations

from collections import deque
from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event
from wargames_tui.games.betrayal import air, movement
from wargames_tui.games.betrayal.board import (
    automaton_player,
    carry_republic,
    contested,
    country_ok,
    distances,
    enemy,
    ground,
    homeland_ok,
    may_carry,
    nation_units,
    neighbours,
    player_of,
    room,
    sc,
    side_of,
    update_control,
    withdraw_republic,
)
from wargames_tui.games.betrayal.combat import apply_px, fight, px_answers, px_withdraw
from wargames_tui.games.betrayal.losses import (
    destroy,
    grounded_air,
    name,
    set_aside,
    step,
    stranded_air,
)
from wargames_tui.games.betrayal.state import State

Item = dict[str, Any]
CASES = {
    "withdraw": "betrayal:4.5.2",
    "withdraw-all": "betrayal:4.5.2",
    "loss": "betrayal:4.3.1",
    "px-remove": "betrayal:4.5.5",
    "px-answer": "betrayal:4.5.5",
    "px-withdraw": "betrayal:4.5.5",
    "exploit": "betrayal:3.4.4",
    "intercept": "betrayal:3.3.3",
    "air-return": "betrayal:3.3.5",
    "place": "betrayal:3.4.4",
    "return": "betrayal:3.2.2",
    "enter": "betrayal:3.2.1",
}


def case(item: Item) -> str:
    return CASES[item["kind"]]


def chooser(state: State, item: Item) -> str:
    who = owner(state, item)
    return automaton_player(state) if who == "german" else who


def owner(state: State, item: Item) -> str:
    """Whose choice a pending item is: "german" for the automaton's (`automaton_player` makes it,
    3.4.1), else the Allied player who decides for his own units (the minor allies' are the
    British's, 1.7)."""
    kind = item["kind"]
    if kind == "intercept":
        return "british" if state.initiative == "french" else "french"  # the other Allied player (3.4.6)
    if kind == "exploit":
        return "german"
    if kind == "return":
        return item["player"]
    if kind == "px-answer":
        answers = px_answers(state, item)
        units = [answers[0]["unit"]] if answers else []
    else:
        units = [item["unit"]] if "unit" in item else item.get("units") or []
    if not units or sc().units[units[0]].nation == "german":
        return "german"
    return player_of(state, units[0])


def text(state: State, item: Item) -> str:
    kind = item["kind"]
    if kind == "withdraw":
        return f"Withdraw {name(item['unit'])} from {sc().areas[item['from']].name}"
    if kind == "loss":
        return f"Air bombardment of {sc().areas[item['area']].name}: choose the unit that loses a step"
    if kind == "px-remove":
        return "Partial exchange: choose the weakest unit to remove"
    if kind == "px-answer":
        return f"Partial exchange: match the loss of {item['value']} by removing or reducing a unit"
    if kind == "exploit":
        return f"Exploit: the armour from {sc().areas[item['from']].name} must advance one more area"
    if kind == "intercept":
        return f"The Germans fly a mission to {sc().areas[item['target']].name}: intercept with one fighter, or not"
    if kind == "air-return":
        return f"{name(item['unit'])}: choose its base after the mission"
    if kind == "place":
        return f"Refit: place {name(item['unit'])} back on the map, reduced"
    if kind == "return":
        return f"Returns: bring back {item['left']} more unit(s) from the Regroup box"
    return f"Reinforcement {name(item['unit'])}: choose where it enters"


# --- options --------------------------------------------------------------------------------
def withdraw_options(state: State, uid: str, frm: str) -> list[str]:
    """Where a unit may withdraw: next door, away from the enemy's side of the map if it can,
    never into Germany (Allies), an enemy-held or a Combat Area; on through full areas until one
    has room (betrayal:4.5.2); minor allies stay home if they can (betrayal:1.7)."""
    side = side_of(uid)

    def open_to(a: str) -> bool:
        if side == "allied" and sc().border(a):
            return False
        return not ground(state, a, enemy(side)) and not contested(state, a)

    firsts = [n for n in neighbours(frm) if open_to(n)]
    home = [n for n in firsts if homeland_ok(uid, frm, n)]
    firsts = home or firsts
    x, y = sc().areas[frm].lonlat

    def back(a: str) -> bool:
        ax, ay = sc().areas[a].lonlat
        return ax < x or ay < y if side == "allied" else ax > x or ay > y

    firsts = [n for n in firsts if back(n)] or firsts
    out: set[str] = set()
    for first in firsts:
        if room(state, first, side):
            out.add(first)
            continue
        seen = {frm, first}
        level = deque([first])
        while level and not any(room(state, a, side) for a in level):
            nxt: deque[str] = deque()
            for here in level:
                for there in neighbours(here):
                    if there not in seen and open_to(there):
                        seen.add(there)
                        nxt.append(there)
            level = nxt
        out.update(a for a in level if room(state, a, side))
    out = {a for a in out if homeland_ok(uid, frm, a)} or out  # an open way at home keeps them home (1.7)
    return sorted([a for a in out if back(a)] or out)


def exploit_options(state: State, item: Item) -> list[str]:
    """An adjacent Allied-occupied area with room; else a vacant one nearer Paris (3.4.4 E)."""
    frm = item["from"]
    units = [u for u in item["units"] if state.pieces[u].where == frm]
    if not units:
        return []
    near = [
        n
        for n in neighbours(frm)
        if not sc().border(n) and country_ok(state, n) and room(state, n, "german", len(units))
    ]
    foes = [n for n in near if ground(state, n, "allied")]
    if foes:
        return sorted(foes)
    paris = distances(sc().republic)
    return sorted(n for n in near if not ground(state, n) and paris[n] < paris[frm])


def intercept_options(state: State, item: Item) -> list[str]:
    return air.interceptors_for_german_mission(state, item["target"])


def return_units(state: State, player: str) -> list[str]:
    return [u for u in nation_units(state, player) if state.pieces[u].where == "regroup"]


def options(state: State, item: Item) -> list[Action]:
    kind = item["kind"]
    if kind == "withdraw":
        return [{"type": "withdraw", "unit": item["unit"], "to": a} for a in withdraw_options(state, item["unit"], item["from"])]
    if kind == "loss":
        return [{"type": "lose-step", "unit": u} for u in ground(state, item["area"]) if u in item["units"]]
    if kind == "px-remove":
        return [{"type": "remove", "unit": u} for u in item["units"] if state.pieces[u].where == item["area"]]
    if kind == "px-answer":
        return px_answers(state, item)
    if kind == "exploit":
        out = []
        for a in exploit_options(state, item):
            out.append({"type": "exploit", "to": a})
            if may_carry(state, item["units"][0], item["from"], a):
                out.append({"type": "exploit", "to": a, "republic": True})  # the mover's choice (7.2.1)
        return out
    if kind == "intercept":
        return [{"type": "intercept", "target": item["target"], "unit": u} for u in intercept_options(state, item)] + [
            {"type": "no-intercept", "target": item["target"]}
        ]
    if kind == "air-return":
        return [{"type": "air-return", "unit": item["unit"], "to": a} for a in air.return_options(state, item["unit"], item["target"])]
    if kind == "place":
        return [{"type": "place", "unit": item["unit"], "to": a} for a in movement.german_release_areas(state, item["unit"])]
    if kind == "return":
        out = []
        for u in return_units(state, item["player"]):
            areas = movement.german_release_areas(state, u) if item["player"] == "german" else movement.allied_return_areas(state, u)
            out += [{"type": "return", "unit": u, "to": a} for a in areas]
        return out
    if kind == "enter":
        return [{"type": "enter", "unit": item["unit"], "to": a} for a in movement.entry_areas(state, item["unit"], item["area"])]
    return []


# --- resolving ------------------------------------------------------------------------------
AUTOMATIC = ("withdraw-all", "px-withdraw")


def auto(state: State, item: Item, dice: Dice, events: list[Event]) -> bool:
    """Resolve the first pending item if it needs no choice; True if it was taken off."""
    kind = item["kind"]
    if kind == "withdraw-all":
        state.pending.pop(0)
        units = [u for u in item["units"] if state.pieces[u].where == item["area"]]
        state.pending[0:0] = [{"kind": "withdraw", "unit": u, "from": item["area"]} for u in units]
        return True
    if kind == "px-withdraw":
        state.pending.pop(0)
        px_withdraw(state, item)
        return True
    if kind == "withdraw" and state.pieces[item["unit"]].where != item["from"]:
        state.pending.pop(0)
        return True
    opts = options(state, item)
    if len(opts) > 1:
        return False
    if opts:
        resolve(state, opts[0], dice, events)
        return True
    state.pending.pop(0)
    if kind == "withdraw":
        set_aside(state, item["unit"], events, "has nowhere to withdraw", "betrayal:4.5.2")
        stranded_air(state, events)
    elif kind == "air-return":
        destroy(state, item["unit"], events, "has no friendly base in range", "betrayal:3.3.1")
    elif kind == "enter":
        destroy(state, item["unit"], events, "cannot enter on its turn", "betrayal:3.2.1")
    return True


def resolve(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    item = state.pending.pop(0)
    kind = action["type"]
    if kind == "withdraw":
        uid, to = action["unit"], action["to"]
        withdraw_republic(state, uid, item["from"], to, events)
        state.pieces[uid].where = to
        events.append(Event("withdraw", f"{name(uid)} withdraws to {sc().areas[to].name} (betrayal:4.5.2)", dict(action)))
        stranded_air(state, events)
    elif kind == "lose-step":
        step(state, action["unit"], events, "betrayal:4.3.1")
    elif kind in ("remove", "reduce"):
        apply_px(state, action, events)
        grounded_air(state, item["area"], events)
    elif kind == "exploit":
        _exploit(state, item, action, dice, events)
    elif kind == "intercept":
        air.intercept(state, item["target"], [action["unit"]], dice, events)
    elif kind == "no-intercept":
        events.append(Event("air", f"No interception over {sc().areas[item['target']].name}"))
    elif kind == "air-return":
        air.land(state, action["unit"], action["to"], events)
    elif kind in ("place", "return", "enter"):
        uid, to = action["unit"], action["to"]
        state.pieces[uid].where = to
        state.pieces[uid].moved = True
        events.append(Event("move", f"{name(uid)} appears in {sc().areas[to].name} ({CASES[item['kind']]})", dict(action)))
        if kind == "return" and item["left"] > 1 and return_units(state, item["player"]):
            state.pending.insert(0, {**item, "left": item["left"] - 1})


def _exploit(state: State, item: Item, action: Action, dice: Dice, events: list[Event]) -> None:
    frm, to = item["from"], action["to"]
    units = [u for u in item["units"] if state.pieces[u].where == frm]
    if action.get("republic") and may_carry(state, units[0], frm, to):
        carry_republic(state, units[0], to, events)
    for u in units:
        state.pieces[u].where = to
        state.pieces[u].exploited = True
    events.append(Event("move", f"Exploit: {', '.join(name(u) for u in units)} advance to {sc().areas[to].name} (betrayal:3.4.4 E)", {"units": units, "to": to}))
    update_control(state)  # the marker's holder as the advance leaves it, for the fight (7.2.3, 7.2.4)
    if ground(state, to, "allied"):
        fight(state, to, ground(state, to, "german"), dice, events, exploit=True)
        if to in state.combats:
            state.combats.remove(to)  # its combat is this one
            air.send_home(state, to)
