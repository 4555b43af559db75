"""The Seeds of Disaster's play contract (docs/GAMES.md): what a side still owes or may still do
before its orders are done (cards this year, RPs), the standing (objectives held, the level if
the war ended now), and which only choices the other side can see are forced."""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.contract import Owed, Standing
from wargames_tui.games.seeds_of_disaster import combat, losses, war
from wargames_tui.games.seeds_of_disaster.board import is_army
from wargames_tui.games.seeds_of_disaster.prewar import cards, mobilize
from wargames_tui.games.seeds_of_disaster.prewar.points import rp_cap
from wargames_tui.games.seeds_of_disaster.rules import acting
from wargames_tui.games.seeds_of_disaster.state import State

C = "seeds-of-disaster:"


def owed(state: State) -> list[Owed]:
    side = acting(state)
    if side is None or war.at_war(state):
        return []
    s = state.strategic
    if s.segment == "cards" and s.step != "respond" and side in s.orders and not s.orders[side].done:
        return _cards(s, side)
    if s.segment == "mobilize" and side in s.orders and not s.orders[side].done:
        left = s.rp[side] - mobilize.committed(s, side)
        if left > 0 and any(a["type"] in ("build", "invest") for a in mobilize.build_actions(state, side)):
            cap = rp_cap(s, side)
            kept = f"kept up to the stockpile cap of {cap}" if cap is not None else "kept"
            return [Owed(f"{left} RPs unspent ({kept})", C + "7.3.3", skippable=True)]
    return []


def _cards(s: Any, side: str) -> list[Owed]:
    """The year's play allowance and any urgent card (3.3.6, 4.1.3, 4.1.13)."""
    allowance = cards.allowance(s)
    free = cards.free_cards(s, side)
    left = allowance - cards.counted(s, side)
    out: list[Owed] = []
    urgent = [c for c in free if cards.data.cards()[c].urgent and cards.is_playable(s, side, c)] if cards.events_allowed(s) and left > 0 else []
    out += [Owed(f"play {cards.title(c)}: it must be played at once", C + "4.1.13") for c in urgent]
    if left > 0 and free and cards.events_allowed(s):
        out.append(Owed(f"may still play or discard {left} of this year's {allowance} cards", C + "3.3.6", skippable=True))
    return out


def standing(state: State, viewer: str | None) -> Standing:
    conditions = (
        ("at the war's end the objectives held decide: German 13 or more, 12, 11 are German victories of three levels; "
         "Allied 12 or more, 11 are Allied victories; otherwise a draw", C + "20.0"),
        ("Paris taken along the secret axis of advance raises the German level by one", C + "19.0"),
    )
    held = war.objectives_held(state)
    s = state.strategic
    now: tuple[tuple[str, str], ...] = (("date", f"{s.year}" + (f", month {s.month}" if s.month else "")),
                                        ("objectives held", f"German {held['german']}, Allied {held['allied']}"))
    result = war.outcome(state)
    if result is not None:
        return Standing(conditions, now, f"{result.level}: {result.reason}")
    return Standing(conditions, now, f"{war.level_of(held)} on the objectives held now (the axis bonus is judged at the end)")


def publicly_forced(state: State) -> bool:
    """Whether the side to act has one choice for reasons the other side sees too: then it is
    taken without a handover. Before the war no side is asked whose having no choice is public
    (prewar.turn.concerned); those still asked with one choice (Ready with RPs that buy nothing,
    no counterespionage card, no card to play) owe it to a hidden hand or hidden RPs, so the
    handover stays. In a battle: standing when neither a retreat nor a recovery could be paid or
    made on what is public (13.4, 6.2.7, 15.2.2), and the step loss of a lone corps (13.7.7)."""
    b = state.war.battle
    if not war.at_war(state) or b is None:
        return False
    if b.step == "defend":
        return _stands_in_public(state, b)
    if b.step == "losses":
        side = combat.loss_side(b)
        units = losses.battle_units(state, b, side) if side else []
        # a corps has no poised corps and no steps to substitute: the pieces on the map tell it
        return len(units) == 1 and not is_army(units[0])
    return False


def _stands_in_public(state: State, b: Any) -> bool:
    side = war.acting(state)
    units = combat.defenders(state, b.area, b.attacker)
    cp = state.strategic.cp[side]
    # every piece retreating costs a CP, poised corps more (6.2.7): the pieces in the area are a floor
    no_retreat = b.parachute or cp < len(units) or not combat.rbc_areas(state, b, units)
    disrupted = any(is_army(u) and u.disrupted and u.box == "map" for u in state.side_units(side))
    return no_retreat and (cp < 1 or not disrupted)
