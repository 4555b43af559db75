"""Event markers: drawing, holding, playing and returning them (springtime:6.1.1, 6.4.3-4, 11.1.5, 15.1)."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.games.springtime.data import load_board
from wargames_tui.games.springtime.morale import change_morale, update_control
from wargames_tui.games.springtime.positions import free, full
from wargames_tui.games.springtime.state import ELIMINATED, OFFMAP, REMOVED, State

GERMAN_AIR = ("air-de-1", "air-de-2")


def draw(state: State, side: str, dice: Dice, events: list[Event]) -> None:
    """Draw one marker from the cup, at the moment of drawing (springtime:6.1.1)."""
    if not state.cup:
        events.append(Event("event", f"The cup is empty: {side.capitalize()} draws nothing", {"side": side}))
        return
    eid = dice.choice(sorted(state.cup))
    state.cup.remove(eid)
    if eid == "air-supremacy" and side == "axis" and state.turn == 1 and state.cup:
        # 15.1: not held on Turn 1; draw again, then Air Supremacy goes back.
        events.append(Event("event", "Axis drew Air Supremacy on Turn 1: it goes back after a new draw", {"side": side, "marker": eid}))
        again = dice.choice(sorted(state.cup))
        state.cup.remove(again)
        state.cup = sorted(state.cup + [eid])
        eid = again
    state.hands[side] = [eid]
    state.shown[side] = False
    state.draws[side] = state.draws.get(side, 0) + 1
    events.append(Event("draw", f"{side.capitalize()} draws an Event marker", {"side": side}, commit=True))
    events.append(Event("reveal", f"You drew {load_board().events[eid].name}", {"side": side}, only=side))


def discard(state: State, side: str, events: list[Event]) -> None:
    """Back to the cup, its identity kept from the opponent (springtime:6.4.4)."""
    state.cup = sorted(state.cup + state.hands[side])  # sorted: the cup keeps no trace of what went in last
    state.hands[side] = []
    state.shown[side] = False
    events.append(Event("discard", f"{side.capitalize()} returns an Event marker to the cup", {"side": side}))


def may_play(state: State, side: str, eid: str) -> bool:
    """Only one's own side's markers (springtime:6.1.1)."""
    return load_board().events[eid].side in (side, "either")


def play_actions(state: State, side: str, in_impulse: bool) -> list[Action]:
    """The ways the held marker may be played now."""
    b = load_board()
    out: list[Action] = []
    for eid in state.hands.get(side, []):
        if not may_play(state, side, eid):
            continue
        effect = b.events[eid].effect
        if effect == "de_gaulle":
            out += [{"type": "event", "marker": eid, "area": a} for a in de_gaulle_areas(state)]
        elif effect == "dynamo":
            if bef_in_port(state):
                out.append({"type": "event", "marker": eid})
        elif effect == "plan_red":
            if in_impulse and side == state.active == "axis":
                out.append({"type": "event", "marker": eid})
        else:
            out.append({"type": "event", "marker": eid})
    return out


def de_gaulle_areas(state: State) -> list[str]:
    b = load_board()
    if state.units["fr-4dcr"]["at"] != OFFMAP:
        return []
    return [a for a in sorted(b.areas) if b.in_france(a) and free(state, a, "allied") and not full(state, a, "allied")]


def bef_in_port(state: State) -> bool:
    """The BEF stands in a port Area (springtime:3.1.3)."""
    at = state.units["bef"]["at"]
    b = load_board()
    return at in b.areas and b.areas[at].port


def play(state: State, side: str, action: dict[str, Any], in_impulse: bool, events: list[Event]) -> None:
    if action not in play_actions(state, side, in_impulse):
        raise IllegalAction("that Event marker cannot be played now", "springtime:6.1.1")
    b = load_board()
    eid = action["marker"]
    ev = b.events[eid]
    state.hands[side] = []
    state.shown[side] = False
    bef_returns = state.options.get("bef-returns") == "on"
    if ev.once and not (ev.effect == "dynamo" and bef_returns):  # 18.3: Dynamo may be played again
        state.played.append(eid)
    else:
        state.track.append(eid)
    if in_impulse:
        state.played_impulse[side] = True
    events.append(Event("event", f"{side.capitalize()} plays {ev.name}: {ev.text}", {"side": side, "marker": eid}, commit=True))
    _effect(state, side, ev.effect, ev.amount, action, events)


def _effect(state: State, side: str, effect: str, amount: int, action: dict[str, Any], events: list[Event]) -> None:
    if effect == "de_gaulle":
        state.units["fr-4dcr"].update(at=action["area"], reduced=False, oos=False)
        update_control(state, events)
    elif effect == "morale":
        change_morale(state, amount, "Cabinet Shuffle", events)
    elif effect == "dynamo":
        # 12.3.2: the BEF is gone for good, unless 18.3 lets it come back through a port.
        back = state.options.get("bef-returns") == "on"
        state.units["bef"].update(at=ELIMINATED if back else REMOVED, reduced=False, oos=False)
        state.flags["dynamo"] = True
        state.leaders["gort"]["unit"] = None
    elif effect == "new_squadrons":
        state.flags["new_squadrons"] = True
    elif effect == "halt":
        state.flags["halt"] = True
    elif effect == "billotte":
        change_morale(state, -amount, "Billotte killed", events)
        state.flags["billotte"] = True
    elif effect == "air_supremacy":
        state.air_full = sorted(set(state.air_full) | set(GERMAN_AIR))
    elif effect == "plan_red":
        state.flags["plan_red"] = True
    elif effect == "replacements":
        state.rp[side] += amount


def return_track(state: State, events: list[Event]) -> None:
    """Markers played without an asterisk go back to the cup (springtime:6.4.3)."""
    if state.track:
        events.append(Event("event", f"{len(state.track)} played Event marker(s) back to the cup", {"markers": list(state.track)}))
    state.cup = sorted(state.cup + state.track)
    state.track = []
