"""Event cards (4.0): draws, the plays a side may order, counterespionage (4.2-4.4), resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.seeds_of_disaster.prewar import data
from wargames_tui.games.seeds_of_disaster.prewar.model import PREWAR_SIDES, Strategic
from wargames_tui.games.seeds_of_disaster.prewar.points import (
    NAMES,
    add_ip,
    apply_effects,
    clamp_drm,
    other,
)

if TYPE_CHECKING:
    from wargames_tui.games.seeds_of_disaster.state import State

CE_USES = ("steal", "block", "raid", "collection")  # 4.3.1-4.3.4
CASE = {"steal": "4.3.1", "block": "4.3.2", "raid": "4.3.3", "collection": "4.3.4"}


def use_words(card: int, use: str) -> str:
    """What a counterespionage use does, in words, with the card's value where it counts."""
    n = data.cards()[card].ce
    return {
        "steal": "steal one card at random from the opponent's hand",
        "block": "bar the opponent from the IP table this turn",
        "raid": f"remove up to {n} of the opponent's IPs",
        "collection": f"cut the opponent's collection advantages by {n}",
    }[use]


def title(card: int) -> str:
    return f"{card} {data.cards()[card].title}"


def card_text(card: int) -> str:
    """The card's effect, with its timeframe and marks (4.1.11-4.1.13, 4.2)."""
    c = data.cards()[card]
    marks = [f"from {c.year}"] if c.year else []
    marks += ["one-time"] if c.once else []
    marks += ["play at once"] if c.urgent else []
    marks += [f"counterespionage {c.ce}"] if c.ce else []
    return c.text + (f" [{', '.join(marks)}]" if marks else "")


def draw(s: Strategic, side: str, n: int, dice: Dice) -> list[Event]:
    """Draw n cards at this moment from the cards not held or out of play (4.1.2, 4.1.10)."""
    got: list[int] = []
    for _ in range(n):
        if not s.deck:
            break
        pick = int(dice.choice([str(c) for c in sorted(int(c) for c in s.deck)]))
        s.deck.remove(str(pick))
        s.hands[side].append(str(pick))
        got.append(pick)
    s.hands[side].sort(key=int)
    events = [
        Event(
            "draw",
            f"{NAMES[side]} draws {len(got)} Event card{'s' if len(got) != 1 else ''} (4.1)",
            commit=True,
        )
    ]
    if got:
        events.append(
            Event("draw", f"You drew: {', '.join(title(c) for c in got)}", only=side)
        )
    return events


def allowance(s: Strategic) -> int:
    """Cards each side may play or discard this turn (3.3.6; none after Armed Belligerence's first draw)."""
    if s.ds == "belligerence":
        return data.chronology().belligerence.play if s.month == 1 else 0
    year = data.chronology().for_year(s.year)
    return year.play if year else 0


def draws(s: Strategic) -> int:
    if s.ds == "belligerence":
        return data.chronology().belligerence.draw if s.month == 1 else 0
    year = data.chronology().for_year(s.year)
    return year.draw if year else 0


def _ordered(s: Strategic, side: str) -> list[dict[str, Any]]:
    return s.orders[side].items


def free_cards(s: Strategic, side: str) -> list[int]:
    used = {it["card"] for it in _ordered(s, side) if "card" in it}
    return [int(c) for c in s.hands[side] if int(c) not in used]


def is_playable(s: Strategic, side: str, card: int) -> bool:
    c = data.cards()[card]
    return (
        c.side in (side, "any")
        and (c.year is None or c.year <= s.year)
        and str(card) not in s.stolen[side]
    )


def counted(s: Strategic, side: str) -> int:
    critical = any(
        it["type"] == "play-card" and it["card"] == 21 for it in _ordered(s, side)
    )
    return sum(
        1
        for it in _ordered(s, side)
        if (
            it["type"] == "discard-card"
            or (it["type"] == "ce" and it["use"] != "steal")
            or (it["type"] == "play-card" and not (critical and it["card"] != 21))
        )
    )


def order_actions(s: Strategic, side: str) -> list[dict[str, Any]]:
    """The card orders open to `side` now (4.1.3, 4.1.7, 4.1.11, 4.1.13, 4.3)."""
    acts: list[dict[str, Any]] = []
    free = free_cards(s, side)
    left = allowance(s) - counted(s, side)
    critical = any(
        it["type"] == "play-card" and it["card"] == 21 for it in _ordered(s, side)
    )
    events_open = events_allowed(s)
    if events_open:
        playable = [c for c in free if is_playable(s, side, c)]
        dated = [c for c in playable if data.cards()[c].year is not None]
        for c in playable:
            if left > 0 and (not dated or c in dated) or critical and c != 21:
                acts.append({"type": "play-card", "card": c})
        if left > 0 and not dated:
            acts += [
                {"type": "discard-card", "card": c}
                for c in free
                if str(c) not in s.stolen[side]
            ]
    for c in free:
        if data.cards()[c].ce and str(c) not in s.stolen[side]:
            for use in CE_USES:
                if use == "steal":
                    steals = sum(1 for it in _ordered(s, side) if it.get("use") == "steal")
                    if steals < data.tables().limits.steals_per_turn and s.hands[other(side)]:
                        acts.append({"type": "ce", "card": c, "use": use})
                elif left > 0 or not events_open:
                    acts.append({"type": "ce", "card": c, "use": use})
    if not _urgent_unplayed(s, side, free, left):
        acts.append({"type": "ready"})
    return acts


def events_allowed(s: Strategic) -> bool:
    """Cards are played for events until the first month of Armed Belligerence (3.4, SoP)."""
    return s.ds != "belligerence" or s.month == 1


def _urgent_unplayed(s: Strategic, side: str, free: list[int], left: int) -> bool:
    return (
        events_allowed(s)
        and left > 0
        and any(data.cards()[c].urgent and is_playable(s, side, c) for c in free)
    )


def answerable(s: Strategic, side: str) -> bool:
    """Whether `side` revealed a play that a counterespionage card could answer (4.2.1)."""
    return any(
        not it.get("cancelled") and it["type"] != "discard-card"
        for it in _ordered(s, side)
    )


def respond_actions(s: Strategic, side: str) -> list[dict[str, Any]]:
    """After the reveal: one counterespionage card against one revealed play of the opponent (4.2.1, 4.4)."""
    acts: list[dict[str, Any]] = [{"type": "no-counter"}]
    mine = [
        c
        for c in free_cards(s, side)
        if data.cards()[c].ce and str(c) not in s.stolen[side]
    ]
    for i, it in enumerate(_ordered(s, other(side))):
        if it.get("cancelled") or it["type"] == "discard-card":
            continue
        need = data.cards()[it["card"]].ce if it["type"] in ("ce", "counter") else 0
        for c in mine:
            if data.cards()[c].ce > need:
                acts.append({"type": "counter", "card": c, "target": i})
    return acts


def resolve(state: State, dice: Dice) -> list[Event]:
    """Reveal both sides' card orders and carry them out (4.1.5, 4.3.1: German first)."""
    s = state.strategic
    events: list[Event] = []
    for side in reversed(
        PREWAR_SIDES
    ):  # the later answer first: it may trump the earlier (4.4)
        for it in _ordered(s, side):
            if it["type"] == "counter" and not it.get("cancelled"):
                target = _ordered(s, other(side))[it["target"]]
                target["cancelled"] = True
                events.append(
                    Event(
                        "card",
                        f"{NAMES[side]} counterespionage with {title(it['card'])} cancels {_words(target)} (4.2.1, 4.4)",
                        commit=True,
                    )
                )
    for side in PREWAR_SIDES:
        for it in _ordered(s, side):
            if it["type"] == "ce" and it["use"] == "steal" and not it.get("cancelled"):
                events += _steal(s, side, dice)
    for side in PREWAR_SIDES:
        for it in _ordered(s, side):
            card = it.get("card")
            if card is not None and str(card) in s.hands[side]:
                s.hands[side].remove(str(card))
            if it["type"] == "discard-card":
                s.discards[side].append(str(card))
                events.append(
                    Event("card", f"{NAMES[side]} discards a card face down (4.1.8)")
                )
                continue
            s.played[side].append(str(card))
            if it.get("cancelled"):
                continue
            if it["type"] == "play-card":
                events += _event(state, side, card)
            elif it["type"] == "ce" and it["use"] != "steal":
                events += _counterespionage(state, side, card, it["use"])
    return events


def _event(state: State, side: str, card: int) -> list[Event]:
    s = state.strategic
    c = data.cards()[card]
    s.events_played.append(str(card))
    s.history.append(str(card))
    played = Event("card", f"{NAMES[side]} plays {title(card)}: {c.text}", commit=True)
    return [played] + apply_effects(
        state, c.effects, side, title(card), "seeds-of-disaster:4.1.5"
    )


def _words(it: dict[str, Any]) -> str:
    if it["type"] == "play-card":
        return f"the event {title(it['card'])}"
    if it["type"] == "ce":
        return f"the counterespionage ({it['use']}) of {title(it['card'])}"
    return f"the counterespionage of {title(it['card'])}"


def _steal(s: Strategic, side: str, dice: Dice) -> list[Event]:
    victim = other(side)
    ordered = {str(it["card"]) for it in s.orders[victim].items if "card" in it}
    pool = sorted(
        (c for c in s.hands[victim] if c not in ordered and c not in s.stolen[victim]),
        key=int,
    )
    if not pool:
        return [
            Event(
                "card",
                f"{NAMES[side]} tries to steal a card: none can be taken (4.3.1)",
            )
        ]
    card = dice.choice(pool)
    s.hands[victim].remove(card)
    s.hands[side].append(card)
    s.hands[side].sort(key=int)
    s.stolen[side].append(card)
    s.lost[victim].append(card)
    return [
        Event(
            "card",
            f"{NAMES[side]} steals an Event card at random from the {NAMES[victim]} hand (4.3.1)",
            commit=True,
        ),
        Event("card", f"The stolen card is {title(int(card))}", only=side),
        Event("card", f"You lost {title(int(card))}", only=victim),
    ]


def _counterespionage(state: State, side: str, card: int, use: str) -> list[Event]:
    s = state.strategic
    value = data.cards()[card].ce
    victim = other(side)
    head = f"{NAMES[side]} uses {title(card)} for counterespionage ({CASE[use]})"
    if use == "block":
        s.ip_blocked[victim] = True
        return [
            Event(
                "card",
                f"{head}: no {NAMES[victim]} roll on the IP table this turn",
                commit=True,
            )
        ]
    if use == "raid":
        lost = min(value, s.ip[victim])
        add_ip(state, victim, -lost)
        return [Event("card", f"{head}: {NAMES[victim]} loses {lost} IPs", commit=True)]
    cut = value
    take = min(cut, max(0, s.ip_drm_temp[victim]))
    s.ip_drm_temp[victim] -= take
    s.ip_drm_perm[victim] = clamp_drm(s.ip_drm_perm[victim] - (cut - take))
    return [
        Event(
            "card",
            f"{head}: {NAMES[victim]} collection advantages cut by {cut}",
            commit=True,
        )
    ]


def end_turn(s: Strategic) -> None:
    """Played and discarded cards leave the table: one-time events out of the game, the rest back to the deck (4.1.9, 4.1.12)."""
    for side in PREWAR_SIDES:
        for c in s.played[side]:
            once_event = data.cards()[int(c)].once and c in s.events_played
            (s.removed if once_event else s.deck).append(c)
        s.deck += s.discards[side]
        s.played[side], s.discards[side], s.stolen[side], s.lost[side] = [], [], [], []
    s.events_played = []
    s.deck.sort(key=int)
