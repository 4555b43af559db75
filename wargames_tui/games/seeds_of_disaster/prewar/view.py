"""What each side may see of the strategic part (4.1.8, 5.1.2), and disguise for the hidden test."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from wargames_tui.games.seeds_of_disaster.prewar import cards, data, turn
from wargames_tui.games.seeds_of_disaster.prewar.model import PREWAR_SIDES, Orders
from wargames_tui.games.seeds_of_disaster.prewar.points import (
    collection,
    ds_name,
)

if TYPE_CHECKING:
    from wargames_tui.games.seeds_of_disaster.state import State


def card_json(card: str | int) -> dict[str, Any]:
    c = data.cards()[int(card)]
    return {
        "id": c.id,
        "title": c.title,
        "text": c.text,
        "side": c.side,
        "year": c.year,
        "ce": c.ce,
        "once": c.once,
        "urgent": c.urgent,
    }


def _public_order(it: dict[str, Any]) -> dict[str, Any]:
    if it["type"] == "discard-card":
        return {"type": "discard-card"}  # face down (4.1.8)
    return {k: v for k, v in it.items() if k != "rp"}


def view_part(state: State, viewer: str | None) -> dict[str, Any]:
    s = state.strategic
    revealed = s.segment == "cards" and s.step == "respond"
    sides: dict[str, Any] = {}
    for side in PREWAR_SIDES:
        own = viewer == side
        entry: dict[str, Any] = {
            "cp": s.cp[side],
            "hand_count": len(s.hands[side]),
            "played": [card_json(c) for c in s.played[side]],
            "discard_count": len(s.discards[side]),
            "indicators": list(s.indicators[side]),
            "orders_done": s.orders[side].done,
            "ip_blocked": s.ip_blocked[side],
        }
        if own:
            entry.update(
                rp=s.rp[side],
                ip=s.ip[side],
                tech=s.tech[side],
                tech_level=s.tech_level(side),
                rp_drm=s.rp_drm[side],
                collection_permanent=s.ip_drm_perm[side],
                collection_turn=s.ip_drm_temp[side],
                collection=collection(s, side),
                indicator_adjust=s.indicator_adjust[side],
                hand=[card_json(c) for c in s.hands[side]],
                stolen=list(s.stolen[side]),
                discards=[card_json(c) for c in s.discards[side]],
                orders=[dict(it) for it in s.orders[side].items],
                unlocked=list(s.unlocked[side]),
                halved=list(s.halved[side]),
                maneuvers=s.maneuvers[side],
            )
        if revealed:  # both sides' card orders, shown once both are in (3.1.4, 4.4)
            entry["revealed"] = [_public_order(it) for it in s.orders[side].items]
        sides[side] = entry
    year = data.chronology().for_year(s.year)
    return {
        "ds": s.ds,
        "ds_name": ds_name(s.ds),
        "year": s.year,
        "month": s.month,
        "date": turn.date_label(s),
        "segment": s.segment,
        "segment_title": turn.title(s, s.segment),
        "step": s.step,
        "pending_belligerence": s.pending_belligerence,
        "deck_count": len(s.deck),
        "removed": [card_json(c) for c in s.removed],
        "in_force": list(s.in_force),
        "history": [card_json(c) for c in s.history],
        "chronology": year.model_dump(by_alias=True)
        if year and s.ds != "belligerence"
        else None,
        "card_allowance": cards.allowance(s),
        "intel_results": {k: list(v) for k, v in s.intel_results.items()},
        "poland": {k: list(v) for k, v in s.poland.items()},
        "poland_return": dict(s.poland_return),
        "sides": sides,
    }


def disguise_part(state: State, viewer: str | None, rng: random.Random) -> None:
    """Re-draw in place what `viewer` cannot know: the other hands and face-down discards (dealt again
    from the unseen cards), the other side's RPs, IPs, technology and secret orders (4.1.8)."""
    s = state.strategic
    hidden = [side for side in PREWAR_SIDES if side != viewer]
    revealed = s.segment == "cards" and s.step == "respond"
    pool = list(s.deck)
    keep: dict[str, list[str]] = {}
    for side in hidden:
        ordered = {
            str(it["card"])
            for it in s.orders[side].items
            if "card" in it and (revealed and it["type"] != "discard-card")
        }
        known = set(s.stolen[side]) | ordered | _known_to(s, viewer, side)
        keep[side] = [c for c in s.hands[side] if c in known]
        pool += [c for c in s.hands[side] if c not in known] + list(s.discards[side])
    rng.shuffle(pool)
    for side in hidden:
        n_hand = len(s.hands[side]) - len(keep[side])
        n_disc = len(s.discards[side])
        fresh_hand, pool = pool[:n_hand], pool[n_hand:]
        s.discards[side], pool = pool[:n_disc], pool[n_disc:]
        old_free = [c for c in s.hands[side] if c not in keep[side]]
        renumber = dict(zip(old_free, fresh_hand))
        s.hands[side] = sorted(keep[side] + fresh_hand, key=int)
        for it in s.orders[side].items:
            if "card" in it and str(it["card"]) in renumber:
                it["card"] = int(renumber[str(it["card"])])
        s.rp[side] = rng.randint(0, 100)
        s.ip[side] = rng.randint(0, 19)
        s.tech[side] = rng.choice([0, 10, 20, 30, 40, 50])
        s.rp_drm[side] = rng.randint(-1, 3)
        s.ip_drm_perm[side] = rng.randint(-2, 2)
        s.ip_drm_temp[side] = rng.randint(-2, 2)
        s.indicator_adjust[side] = rng.randint(-1, 2)
        if not revealed:  # what was ordered is secret until the reveal; that it is done is not (3.1.4)
            s.orders[side] = Orders(done=s.orders[side].done)
    s.deck = sorted(pool, key=int)


def _known_to(s: Any, viewer: str | None, side: str) -> set[str]:
    """Cards of `side`'s hand the viewer knows: the one stolen from the viewer this turn (4.3.1)."""
    if viewer is None:
        return set()
    return {c for c in s.lost[viewer] if c in s.hands[side]}
