"""Side determination by secret bids for the Axis (springtime:17.1), before the game.

The two players both want the Axis. The first bidder takes the Allied seat and the second the
Axis seat while they bid, each unseen by the other (the hotseat cover comes between: the side to
act changes). The bids are revealed together; the higher bid plays the Axis, and French Morale
starts that much higher; equal bids go to a die roll each, the higher roll taking the Axis.
A bid is one sealed action, any whole number from 0 (the book sets no upper limit).
"""

from __future__ import annotations

from collections.abc import Callable

from wargames_tui.engine.actionlist import LazyPart
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event
from wargames_tui.games.springtime.state import State

FIRST, SECOND = "allied", "axis"  # the seats the bidders keep until the bids are revealed
BIDDER = {FIRST: "the first bidder", SECOND: "the second bidder"}
SHOWN = 100  # the bids the client lists (0-99); the rules take any whole number


class Bids(LazyPart):
    """Every bid from 0: the first SHOWN listed, any whole number accepted."""

    kinds = frozenset({"bid"})

    def __init__(self) -> None:
        self._ends = [SHOWN]

    def _item(self, k: int, j: int) -> Action:
        return {"type": "bid", "amount": j}

    def lists(self, action: Action, form: Callable[[Action], Action]) -> bool:
        return isinstance(action, dict) and set(action) == {"type", "amount"} and action["type"] == "bid" and valid(action["amount"])

    def __contains__(self, action: object) -> bool:
        return isinstance(action, dict) and self.lists(action, lambda a: a)


def valid(amount: object) -> bool:
    return isinstance(amount, int) and not isinstance(amount, bool) and amount >= 0


def begin(state: State) -> None:
    """Bidding comes before everything else; the game's first step waits until it is done."""
    state.flags["after_bids"] = [state.phase, state.step]
    state.phase, state.step = "bids", "bid-allied"


def actions(state: State) -> Bids:
    return Bids()


def place(state: State, side: str, amount: int, dice: Dice, events: list[Event]) -> None:
    """Seal one bid; the second reveals both and settles who plays the Axis."""
    state.bids[side] = amount
    events.append(Event("bid", f"Your sealed bid: {amount} (17.1)", {"side": side, "amount": amount}, only=side))
    if side == FIRST:
        events.append(Event("bid", "The first bidder has sealed a bid (17.1)", {"side": side}))
        state.step = "bid-axis"
        return
    _reveal(state, dice, events)


def _reveal(state: State, dice: Dice, events: list[Event]) -> None:
    first, second = state.bids[FIRST], state.bids[SECOND]
    events.append(Event("reveal", f"Bids revealed (17.1): the first bidder {first}, the second bidder {second}",
                        {"first": first, "second": second}, commit=True))
    if first != second:
        winner = FIRST if first > second else SECOND
    else:
        winner = _roll_off(dice, events)
    bid = state.bids[winner]
    state.flags["bid_winner"] = winner
    state.morale += bid
    state.flags["phase_morale"] = state.morale  # French Morale as the first Political Phase starts (6.1.3, 6.1.4)
    seats = ("the players change seats: the first bidder now plays the Axis, the second the Allies"
             if winner == FIRST else "the second bidder plays the Axis and the first the Allies, in the seats they bid from")
    events.append(Event("bid", f"French Morale starts at {state.morale} (+{bid}); {seats} (17.1)",
                        {"winner": winner, "bid": bid, "morale": state.morale}))
    state.phase, state.step = state.flags.pop("after_bids")


def cover(state: State) -> str | None:
    """What the hotseat cover says while the players bid: the seats are the bidders' for now."""
    if state.phase != "bids":
        return None
    who = "first" if state.step == "bid-allied" else "second"
    return f"Bids for the Axis (17.1): the {who} bidder bids at this seat, unseen; the seats are settled when both bids are revealed."


def _roll_off(dice: Dice, events: list[Event]) -> str:
    """Equal bids: a die each, the higher taking the Axis; equal rolls are rolled again (17.1)."""
    while True:
        first, second = dice.roll(), dice.roll()
        events.append(Event("roll", f"Equal bids: the first bidder rolls {first}, the second {second} (17.1)",
                            {"first": first, "second": second}))
        if first != second:
            return FIRST if first > second else SECOND
