"""One fire, from either side, resolved with the dice and its losses applied (dieppe:11.1)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.dieppe.combat import fire_hits_target, shooter_value, target_value
from wargames_tui.games.dieppe.effects import alarm, d10, take_losses
from wargames_tui.games.dieppe.position import Position
from wargames_tui.games.dieppe.state import State


def targets_in(pos: Position, zone: str, side: str) -> list[str]:
    """The units of side that fire can hit in zone: on land the troops, at sea the LCA (dieppe:11.1 note 1)."""
    if side == "german":
        return pos.germans(zone)
    units = pos.british(zone)
    if pos.is_land(zone):
        return [u for u in units if pos.kind(u) != "lca"]
    return [u for u in units if pos.kind(u) == "lca"]


def resolve_fire(
    state: State, shooters: list[str], zone: str, dice: Dice, events: list[Event], aim: str | None = None, distance: int = 1
) -> None:
    """shooters (one stack) fire on zone; the unit on top of each stack fights (dieppe:2.2, 11.1)."""
    pos = Position(state)
    front = pos.front(shooters)
    assert front is not None
    side = pos.side(front)
    other = "german" if side == "british" else "british"
    targets = targets_in(pos, zone, other)
    target = aim or pos.front(targets)
    assert target is not None
    pieces = {u: pos.piece(u) for u in shooters + targets}
    die_a, die_d = ("D6", "D10") if side == "british" else ("D10", "D6")
    roll_a = dice.roll(6) if side == "british" else d10(dice)
    roll_d = d10(dice) if side == "british" else dice.roll(6)
    special = pos.kind(front) in ("sniper", "mortar")
    attack = shooter_value(pieces[front], [pieces[u] for u in shooters], roll_a, die_a, state.turn, distance)
    defence = target_value(
        pieces[target], [pieces[u] for u in targets], roll_d, die_d, pos.raid.zones[zone].protection, sniped=special
    )
    hit = fire_hits_target(attack, defence)
    name = pos.raid.counters
    events.append(
        Event(
            "combat",
            f"{name[front].name} fires at {name[target].name} in {pos.raid.zones[zone].name}: "
            f"{' '.join(attack.parts)} = {attack.total} against {' '.join(defence.parts)} = {defence.total}: "
            f"{'the target is hit' if hit else 'the shooter is hit'} (dieppe:11.1)",
            {
                "zone": zone,
                "from": state.units[front].zone,
                "side": side,
                "rolls": [roll_a, roll_d],
                "attack": attack.total,
                "defence": defence.total,
                "hit": hit,
            },
        )
    )
    if hit:
        losses = 2 if pos.kind(front) == "mortar" else 1
        take_losses(state, targets, losses, dice, events, by_assault=False, first=target)
    else:
        take_losses(state, shooters, 1, dice, events, by_assault=False, first=front)
    alarm(state, "first-fire", dice, events)
