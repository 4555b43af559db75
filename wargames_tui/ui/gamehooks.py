"""What the client asks of a game beyond the five-question protocol, in one place."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from wargames_tui.engine import legality
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.contract import Forces, Owed, Preview, Standing
from wargames_tui.engine.flow import Action, IllegalAction
from wargames_tui.engine.session import Session
from wargames_tui.present import presentation

@dataclass(frozen=True)
class Nation:
    name: str
    side: str
    colour: str
    text: str = "black"


@dataclass(frozen=True)
class Odds:
    attack: int
    defence: int
    column: str | None
    note: str = ""  # why the defence is doubled, with its rule case


def nations(session: Session) -> dict[str, Nation]:
    """Nation id -> name, side and counter colours, from the scenario's data."""
    return {k: Nation(**v) for k, v in session.game.nations(session.state).items()}


def odds(session: Session, attackers: list[str], defender: str) -> Odds:
    """The odds of a possible attack as the rules compute them."""
    return Odds(**session.game.odds(session.state, attackers, defender))


def preview(session: Session, action: Action) -> Preview | None:
    """What an action would bring before it is chosen (the game's `preview(state, action)`: odds,
    modifiers with their cases, the chance of each result); printed, one line."""
    hook = getattr(session.game, "preview", None)
    return hook(session.state, action) if hook else None


def owed(session: Session) -> list[Owed]:
    """What the side to act must still do before the step may end (the game's `owed`, its own)."""
    side = session.prompt.side
    return [o for o in _all_owed(session) if o.side is None or o.side == side]


def owed_by_others(session: Session) -> list[Owed]:
    """What another side still owes while this one acts (an attack the phasing side must still make
    while the defender answers): theirs, still to come, never the player's own task."""
    side = session.prompt.side
    return [o for o in _all_owed(session) if o.side is not None and o.side != side]


def _all_owed(session: Session) -> list[Owed]:
    hook = getattr(session.game, "owed", None)
    return list(hook(session.state)) if hook else []


def standing(session: Session, viewer: str | None) -> Standing | None:
    """The victory conditions and where the game stands, as `viewer` may know it."""
    hook = getattr(session.game, "standing", None)
    return hook(session.state, viewer) if hook else None


def order_of_battle(session: Session, viewer: str | None) -> dict[str, Forces]:
    """Each side's units by where they are, as `viewer` may know them."""
    hook = getattr(session.game, "order_of_battle", None)
    return dict(hook(session.state, viewer)) if hook else {}


def stand_in(session: Session) -> tuple[str, str] | None:
    """The side the player to act plays for by the rules (a solitaire automaton whose choices fall to
    him), with whose duty it is and why; None when he plays his own (the game's optional `stand_in`)."""
    hook = getattr(session.game, "stand_in", None)
    return hook(session.state) if hook else None


def stand_in_turn(session: Session) -> str | None:
    """The side whose turn the player runs by the rules while that turn goes on, his own choices
    within it included (the game's optional `stand_in_turn`; else the side of `stand_in`)."""
    hook = getattr(session.game, "stand_in_turn", None)
    if hook:
        return hook(session.state)
    duty = stand_in(session)
    return duty[0] if duty else None


def publicly_forced(session: Session) -> bool:
    """The side to act has one legal action and the other side can tell so from what it sees (the
    game's optional `publicly_forced`): no handover is owed for it."""
    hook = getattr(session.game, "publicly_forced", None)
    return bool(hook(session.state)) if hook else False


def anytime(session: Session) -> list[Action]:
    """The game's actions open at any moment beside the prompt's (a concession, a breach), as the
    player at this keyboard may take them (`for_the_keys`)."""
    return for_the_keys(session, legality.anytime(session.game, session.state, session.seat))


def for_the_keys(session: Session, actions: list[Action], viewer: str | None = None) -> list[Action]:
    """The actions open at any time that the player at this keyboard may take: none in the name of a
    side a bot plays, or naming its nation (a bot never concedes, proposes, nor talks out of turn),
    and, with a seat bound or a viewer at the keys, none in another side's name."""
    bots = {side for side, seat in session.seats.items() if seat.startswith("bot:")}
    who = session.seat or viewer

    def named(a: Action) -> set[object]:
        return {a.get("side"), a.get("nation")} if isinstance(a, dict) else set()

    return [a for a in actions if not named(a) & bots and (who is None or not legality.for_other_seat(a, who))]


def bot_answer(session: Session) -> Action | None:
    """What a bot at some side plays now in answer to another side's anytime action (the game's
    bots' "answer": a proposal to end the game is agreed or declined), or None if no bot owes one."""
    hook = presentation(session.game).bots.get("answer")
    if hook is None or session.outcome() is not None:
        return None
    for side, seat in session.seats.items():
        action = hook(session, side) if seat.startswith("bot:") else None
        if action is not None:
            return action
    return None


def rolls_dice(session: Session, action: Action) -> bool:
    """Whether the action rolls a die (a commit point undo cannot take back), tried on a copy of the
    position as the side to act knows it (what it may not see drawn again, `disguise`)."""
    tried = _tried(session, action)
    return tried is not None and bool(tried[1].rolls)


def ends_game(session: Session, action: Action) -> bool:
    """Whether the action ends the game (a concession), tried as `rolls_dice` tries it."""
    tried = _tried(session, action)
    return tried is not None and session.game.outcome(tried[0]) is not None


def _tried(session: Session, action: Action) -> tuple[Any, Dice] | None:
    """The action applied to a copy of the position as the side to act knows it, and its dice;
    None where the rules refuse it there."""
    game, side = session.game, session.prompt.side
    hide = getattr(game, "disguise", None)
    known = hide(session.state, side, random.Random(0)) if hide and side else game.copy_state(session.state)
    dice = Dice(0)
    try:
        game.apply(known, action, dice)
    except Exception:  # noqa: BLE001 - refused or unreadable on the copy: nothing known of it
        return None
    return known, dice


def dry_run(session: Session, action: Action) -> IllegalAction | None:
    """Why the rules would refuse an action now: not one of the prompt's (engine/legality.py), or
    refused by the rules, tried on a copy of the position; else None. The session is never
    touched, so this is safe for explaining why a key did nothing."""
    game, prompt = session.game, session.prompt
    return legality.refusal(game, session.state, prompt, action) or legality.trial(game, session.state, action, prompt.case)


def bombard_left(session: Session) -> int | None:
    """How many units a set-up bombardment still disrupts, once rolled (the view's `bombard_left`)."""
    return session.view(None).get("bombard_left")
