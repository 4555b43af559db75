"""One fire, from either side, resolved with the dice and its losses applied (dieppe:11.1)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.dieppe.combat import Value, fire_hits_target, shooter_value, target_value
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


class Fire:
    """One stack firing on a zone, before the dice: who fires, who is fired on, with what (dieppe:11.1)."""

    def __init__(self, pos: Position, shooters: list[str], zone: str, aim: str | None = None, distance: int = 1) -> None:
        front = pos.front(shooters)
        assert front is not None
        self.pos, self.shooters, self.zone, self.distance = pos, shooters, zone, distance
        self.front, self.side = front, pos.side(front)
        self.targets = targets_in(pos, zone, "german" if self.side == "british" else "british")
        target = aim or pos.front(self.targets)
        assert target is not None
        self.target = target
        self.dice = ("D6", "D10") if self.side == "british" else ("D10", "D6")  # the shooter's, the target's (dieppe:1.1)

    def values(self, roll_a: int, roll_d: int) -> tuple[Value, Value]:
        """The attack and the defence with these rolls (dieppe:11.1)."""
        pos = self.pos
        pieces = {u: pos.piece(u) for u in self.shooters + self.targets}
        special = pos.kind(self.front) in ("sniper", "mortar")
        attack = shooter_value(pieces[self.front], [pieces[u] for u in self.shooters], roll_a, self.dice[0], pos.state.turn, self.distance)
        defence = target_value(
            pieces[self.target], [pieces[u] for u in self.targets], roll_d, self.dice[1], pos.raid.zones[self.zone].protection, sniped=special
        )
        return attack, defence


def resolve_fire(
    state: State, shooters: list[str], zone: str, dice: Dice, events: list[Event], aim: str | None = None, distance: int = 1
) -> None:
    """shooters (one stack) fire on zone; the unit on top of each stack fights (dieppe:2.2, 11.1)."""
    pos = Position(state)
    fire = Fire(pos, shooters, zone, aim, distance)
    front, target, targets, side = fire.front, fire.target, fire.targets, fire.side
    roll_a = dice.roll(6) if side == "british" else d10(dice)
    roll_d = d10(dice) if side == "british" else dice.roll(6)
    attack, defence = fire.values(roll_a, roll_d)
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
