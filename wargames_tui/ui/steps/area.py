"""What the keys do on an area map, with no Textual: an `AreaKeys` reads one position (the view,
the prompt, the game's AreaTerms) and what the player has chosen (the units picked with 1-9, the
zone whose units' reach is lit) and answers what to light, which actions concern a zone, and what
Enter on a zone asks for; the area pane (ui/panes/area_pane.py) draws that and carries it out.

The rules decide everything: Enter on a zone lists the legal actions that concern it (units there,
or a move, fire, assault or counterattack going there); with units picked, the prompt's actions for
their whole stack are narrowed to them and each is tried on a copy of the position first.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.present.area import AreaTerms, zone_name
from wargames_tui.ui import gamehooks
from wargames_tui.ui.actionfields import sketch_at, units_named
from wargames_tui.ui.steps.turn import ListAll, Offer, Play, Refuse, Results, Say


def units_in(action: Action, fields: tuple[str, ...] = ()) -> list[str]:
    """Every unit an action names: `unit`, `units`, and the game's own unit fields."""
    out = list(action.get("units") or [])
    if action.get("unit"):
        out.append(action["unit"])
    for key in fields:
        value = action.get(key)
        if isinstance(value, str) and value:
            out.append(value)
        elif isinstance(value, list):
            out += value
        elif isinstance(value, dict):
            out += [u for extra in value.values() for u in extra]
    return out


def actors(action: Action, fields: tuple[str, ...] = ()) -> set[str]:
    """The units that act in an action (a stack that moves, fires or assaults; the unit a game's
    actor field names; the one unit of a move), not those it merely names (a unit carried or aimed at)."""
    out = set(action.get("units") or []) | {action[k] for k in fields if isinstance(action.get(k), str)}
    return out | ({action["unit"]} if action.get("type") == "move" and action.get("unit") else set())


@dataclass(frozen=True)
class StepEach:
    """Each picked unit steps into the zone by its own free move, one after another; the units
    stay picked while they all may go on."""

    actions: list[Action]
    units: tuple[str, ...]


def still_moving(actions: Sequence[Action], units: Sequence[str]) -> bool:
    """Whether every one of the units has a move of its own among the actions."""
    moves = {a.get("unit") for a in actions if a.get("type") == "move"}
    return all(u in moves for u in units)


@dataclass(frozen=True)
class AreaKeys:
    """One position as the area keys read it. `side`: the side whose units the cursor takes up;
    `picked`: units picked with 1-9; `source`: the zone whose units' reach is lit; `idle`: a bot or
    the game plays, or the game is over (nothing is lit for the player)."""

    session: Session
    view: dict[str, Any]
    terms: AreaTerms
    side: str
    picked: tuple[str, ...] = ()
    source: str | None = None
    idle: bool = False

    @property
    def actions(self) -> Sequence[Action]:
        return self.session.prompt.actions

    @cached_property
    def _zones(self) -> dict[str, str | None]:
        return {u["id"]: u.get("zone") for u in self.view.get("units", [])}

    def zone_of(self, uid: str) -> str | None:
        return self._zones.get(uid)

    def own_in(self, zone: str | None) -> list[str]:
        """The player's units in the zone, in the view's order."""
        return [u["id"] for u in self.view.get("units", []) if zone and u.get("zone") == zone and u["side"] == self.side]

    def acting(self) -> tuple[str | None, list[str]]:
        """The zone and units acting now (a stack on the move, the party, the unit activating), if any."""
        return self.terms.acting(self.view)

    # --- which actions concern what ------------------------------------------------------------
    def narrowed(self, actions: Sequence[Action] | None = None) -> list[Action]:
        """With units picked, the actions for those units alone (stack actions narrowed and
        tried on a copy of the position); without, the actions as the prompt lists them."""
        actions = self.actions if actions is None else actions
        if not self.picked:
            return list(actions)
        return self._narrowed if actions is self.actions else self._narrow(actions)

    @cached_property
    def _narrowed(self) -> list[Action]:
        return self._narrow(self.actions)

    def _narrow(self, actions: Sequence[Action]) -> list[Action]:
        picked = set(self.picked)
        out: list[Action] = []
        seen: set[str] = set()
        for a in actions:
            if a.get("units"):
                units = [u for u in a["units"] if u in picked]
                if not units:
                    continue
                if len(units) < len(a["units"]):
                    a = {**a, "units": units}
                    if gamehooks.dry_run(self.session, a) is not None:
                        continue
            elif a.get("unit") and a["unit"] not in picked:
                continue
            elif any(a.get(k) and a[k] not in picked for k in self.terms.actor_fields):
                continue
            key = json.dumps(a, sort_keys=True)
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out

    def concerns(self, action: Action, zone: str) -> bool:
        if zone in (action.get("to"), action.get("target"), action.get("area")):
            return True
        if any(self.zone_of(u) == zone for u in units_in(action, self.terms.unit_fields)):
            return True
        return self.terms.concerns(action, zone, self.view)

    def zone_actions(self, zone: str) -> list[Action]:
        """The actions Enter on the zone offers: those of the lit units first, then the others."""
        actions = [a for a in self.narrowed() if self.concerns(a, zone)]
        source_units = set(self.picked) or set(self.source_units())
        return sorted(actions, key=lambda a: not (set(units_in(a, self.terms.unit_fields)) & source_units))

    def source_units(self) -> list[str]:
        """The units whose reach is lit: those acting, else those picked, else the player's in the lit zone."""
        _, acting = self.acting()
        if acting:
            return acting
        if self.picked:
            return list(self.picked)
        return self.own_in(self.source)

    def into(self, zone: str) -> list[Action]:
        """The actions of the lit units into the zone (the one the zone panel previews, when alone)."""
        units = set(self.source_units())
        return [a for a in self.narrowed() if zone in (a.get("to"), a.get("target"), a.get("area")) and actors(a, self.terms.actor_fields) & units]

    # --- drawing -------------------------------------------------------------------------------
    def lights(self) -> dict[str, str]:
        lit: dict[str, str] = {}
        fight = self.terms.fight_zone(self.view)
        if fight:
            lit[fight] = "active"
        if self.idle:
            return lit
        for zid, light in self.terms.lights(self.actions, self.view).items():
            lit.setdefault(zid, light)
        zone, acting = self.acting()
        source = zone or (self.zone_of(self.picked[0]) if self.picked else self.source)
        units = set(self.source_units())
        if not source or not units:
            return lit
        for a in self.narrowed():
            if not actors(a, self.terms.actor_fields) & units:
                continue
            kind = a.get("type")
            if kind == "move" and a.get("to"):
                lit.setdefault(a["to"], "reach")
            elif kind == "fire" and a.get("target"):
                lit[a["target"]] = "target"
            elif kind == "assault" and a.get("target"):
                lit[a["target"]] = "assault"
        lit.setdefault(source, "party" if acting else "selected")
        return lit

    def source_at(self, cursor: str) -> str | None:
        """The zone whose units' reach is lit once the cursor is on `cursor`: the cursor's zone when
        the player's units there may act; the lit zone kept while the cursor goes to look at where
        they may go, until no unit of the player's is left in it."""
        mine = set(self.own_in(cursor))
        if mine and any(actors(a, self.terms.actor_fields) & mine for a in self.actions):
            return cursor
        if self.source and not self.own_in(self.source):
            return None
        return self.source

    def ready_zones(self, order: list[str]) -> list[str]:
        """Zones of the player's units that an action of the prompt names, in reading order."""
        named = {u for a in self.actions for u in units_in(a, self.terms.unit_fields)}
        zones = {u["zone"] for u in self.view.get("units", []) if u["id"] in named and u.get("zone")}
        return [z for z in order if z in zones]

    def start_zone(self, order: list[str]) -> str:
        """Where something is going on: the units acting, a fight, a zone the prompt lights, the
        units that may act (games with a `n` key); else the first zone holding the player's units,
        else the first a unit of his may go to, else the first zone."""
        zone = self.acting()[0] or self.terms.fight_zone(self.view)
        if zone:
            return zone
        lit = self.terms.lights(self.actions, self.view)
        ready = self.ready_zones(order) if self.terms.next_key else []
        for candidates in (lit, ready):
            first = next((z for z in order if z in candidates), None)
            if first:
                return first
        for u in self.view.get("units", []):
            if u["side"] == self.side and u.get("zone"):
                return u["zone"]
        # none of the player's units on the map yet (a set-up): the first zone one may go to
        goes = {a.get("to") for a in self.actions}
        return next((z for z in order if z in goes), next(iter(self.view["zones"])))

    # --- Enter ---------------------------------------------------------------------------------
    def enter(self, zone: str) -> Results:
        """Enter on a zone: its actions in a list; a lone free step of the units on the move, or
        the one thing to do here that costs nothing and rolls no die, is taken at once."""
        actions = self.zone_actions(zone)
        if not actions:
            return self._nothing_at(zone)
        _, moving = self.acting()
        steps = [a for a in actions if a.get("type") == "move" and a.get("to") == zone]
        each = self._step_picked(steps)
        if each:
            return (each,)
        # A lone free step of the units on the move is taken at once; one that costs something
        # (a move marked `extra`, paid for with something) is offered in the list.
        free = bool(steps) and not steps[0].get("extra")
        if len(actions) == 1 and free and moving and set(units_in(steps[0], self.terms.unit_fields)) <= set(moving) and self.on_the_move():
            return (Play(steps[0]),)
        # The one thing to do here, costing nothing and rolling no die: taken at once, no list of one.
        if len(actions) == 1 and not actions[0].get("extra") and not steps and not gamehooks.rolls_dice(self.session, actions[0]):
            return (Play(actions[0]),)
        return (Offer(actions, f"{zone_name(self.view, zone)}:", listed=True),)

    def _nothing_at(self, zone: str) -> Results:
        if all(not units_in(a, self.terms.unit_fields) and not a.get("to") and not a.get("target") for a in self.actions):
            return (ListAll(),)  # nothing on the map to choose: offer the prompt's actions
        listed = self.narrowed()
        # With no units picked and the actions of several, the first unit's reason (none may go there).
        first = next((units_named(a) for a in listed if units_named(a)), [])
        sketch = sketch_at(listed, zone, self.source_units()) or sketch_at(listed, zone, first)
        exc = gamehooks.dry_run(self.session, sketch) if sketch else None
        if exc is not None:
            return (Refuse(exc),)
        name = zone_name(self.view, zone)
        return (Say(f"Nothing to do at {name}: move the cursor to your units or where they may go; a lists every action."),)

    def _step_picked(self, steps: list[Action]) -> StepEach | None:
        """Enter on a zone every picked unit may step into, each by a free move of its own."""
        own: dict[str, list[Action]] = {}
        for a in steps:
            if a.get("unit") and not a.get("extra") and not a.get("units"):
                own.setdefault(a["unit"], []).append(a)
        if not self.picked or any(len(own.get(u, [])) != 1 for u in self.picked):
            return None
        return StepEach([own[u][0] for u in self.picked], self.picked)

    def on_the_move(self) -> bool:
        """A stack is moving (the view's `move`) or a unit is activating (`active`): its next step
        may be taken with a single Enter."""
        return bool(self.view.get("move")) or any(u.get("active") for u in self.view.get("units", []))

    def play_type(self, kind: str) -> Results:
        """A key of the game's own (`e`, AreaTerms.keys): the first action of its type."""
        action = next((a for a in self.actions if a.get("type") == kind), None)
        if action is None:
            return (Say(f"{self.terms.describe({'type': kind}, self.view)}: not possible now.", "error"),)
        return (Play(action),)

    def next_zone(self, order: list[str], cursor: str) -> str | None:
        """`n`: the next zone (after the cursor, in reading order) holding a unit that may act."""
        zones = self.ready_zones(order)
        if not zones:
            return None
        here = order.index(cursor) if cursor in order else -1
        later = [z for z in zones if order.index(z) > here]
        return (later or zones)[0]

    def pick(self, uid: str) -> tuple[str, ...]:
        """Number key on a unit of the zone panel: picked with those of its zone, or dropped."""
        same_zone = [u for u in self.picked if self.zone_of(u) == self.zone_of(uid)]
        return tuple(u for u in same_zone if u != uid) if uid in same_zone else (*same_zone, uid)


__all__ = ["AreaKeys", "StepEach", "actors", "still_moving", "units_in"]
