"""Garrisons turned over, combats fought step by step, reactions drawn (strange-victory:4.3, 8.2.12, 8.3, 9.1)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice, dice_words
from wargames_tui.engine.flow import Action, Event, IllegalAction
from wargames_tui.games.strange_victory.combat import BLOODY, RESULTS, base_strength, hits, result_for
from wargames_tui.games.strange_victory.data import Campaign, load_campaign
from wargames_tui.games.strange_victory.state import Combat, State

ACTIONS = ("asset", "roll", "reroll", "accept")
FOUND = ("recon", "gas", "general")  # garrison and reaction counters that join the assets box (8.2.12 a, 9.1.3)


def enter(state: State, division: str, area: str, dice: Dice, events: list[Event]) -> str:
    """A division enters area: its garrison and any coastal counters turn over (strange-victory:8.2.5,
    10.2.2). Returns "go" (it may move on), "stop" (a breakdown) or "fight" (a combat begins)."""
    c = load_campaign()
    revealed = []
    letter = state.hidden.pop(area, None)
    if letter:
        revealed.append(_draw(state, letter, dice))
    for _ in range(state.coastal_hidden.pop(area, 0)):
        revealed.append(_draw(state, "coastal", dice))
    verdict = "go"
    for u in revealed:
        counter = c.allied[u]
        if counter.kind in FOUND:
            state.box.append(u)
            events.append(Event("reveal", f"{c.areas[area].name}: {counter.name}, to the assets box (strange-victory:8.2.12)", commit=True))
        elif counter.kind == "breakdown":
            state.divisions[division].damage = "shocked"
            events.append(Event("reveal", f"{c.areas[area].name}: a mechanical breakdown; the division is shocked (strange-victory:8.2.12)", commit=True))
            verdict = "stop"
        else:
            state.allied.setdefault(area, []).append(u)
            events.append(Event("reveal", f"{c.areas[area].name}: {counter.name}, strength {counter.strength} (strange-victory:4.3.3)", commit=True))
        if not revealed:
            break
    if state.allied.get(area) and verdict != "stop":
        start(state, division, area, "encounter", events)
        return "fight"
    return verdict


def _draw(state: State, pool: str, dice: Dice) -> str:
    uid = dice.choice(sorted(state.pools[pool]))
    state.pools[pool].remove(uid)
    return uid


def start(state: State, division: str, area: str, kind: str, events: list[Event]) -> None:
    c = load_campaign()
    units = list(state.allied[area])
    a = c.areas[area]
    base = base_strength([(c.allied[u].kind, c.allied[u].strength) for u in units], a.forest, a.kind == "fortress")
    state.combat = Combat(area, division, kind, units, base)
    word = "Counterattack" if kind == "counterattack" else "Combat"
    events.append(Event("combat", f"{word} at {a.name}: {c.divisions[division].name} against strength {base} (strange-victory:8.3.2)"))


def counterattack(state: State, area: str, dice: Dice, events: list[Event]) -> bool:
    """Draw a reaction counter for the division in area; True if a combat follows (strange-victory:9.1)."""
    c = load_campaign()
    letter = c.areas[area].letter
    uid = _draw(state, f"reaction-{letter}", dice)
    counter = c.allied[uid]
    division = next(d for d, s in state.divisions.items() if s.area == area)
    if counter.kind == "recon":
        state.box.append(uid)
        events.append(Event("reveal", f"Reaction at {c.areas[area].name}: Recon, to the assets box (strange-victory:9.1.3)", commit=True))
        return False
    if counter.kind == "refugees":
        events.append(Event("reveal", f"Reaction at {c.areas[area].name}: refugees clog the roads, no counterattack (strange-victory:9.1.3)", commit=True))
        return False
    events.append(Event("reveal", f"Reaction at {c.areas[area].name}: {counter.name}, strength {counter.strength} (strange-victory:9.1.3)", commit=True))
    state.allied.setdefault(area, []).append(uid)
    start(state, division, area, "counterattack", events)
    return True


# --- the combat under way ---------------------------------------------------------------------
def strength(state: State, c: Campaign) -> int:
    """The Allied strength after the assets used (strange-victory:8.3.3)."""
    combat = state.combat
    assert combat is not None
    total = combat.base
    for aid in combat.assets:
        kind = asset_kind(c, aid)
        if kind == "stuka":
            total -= 2
        elif kind == "guns" or (kind == "general" and combat.general_reduces):
            total -= 1
        elif kind == "gas" and _armour(state, c):
            total -= 1
    return max(total, 1)  # the Allied Strength track starts at 1 (6.0); every die hits there


def pool(state: State, c: Campaign) -> int:
    """Dice: the division's side showing, +1 for Guns, +1 for Recon (strange-victory:8.3.1, 8.3.3, 9.1.5)."""
    combat = state.combat
    assert combat is not None
    d = c.divisions[combat.division]
    base = d.resupply if combat.kind == "counterattack" or state.divisions[combat.division].resupply else d.advancing
    return base + sum(1 for a in combat.assets if asset_kind(c, a) in ("guns", "recon"))


def _armour(state: State, c: Campaign) -> bool:
    return any(c.allied[u].kind == "armor" for u in state.combat.allied)  # type: ignore[union-attr]


def asset_kind(c: Campaign, aid: str) -> str:
    return c.assets[aid].kind if aid in c.assets else c.allied[aid].kind


def instruction(state: State) -> str:
    c = load_campaign()
    combat = state.combat
    assert combat is not None
    if combat.dice is None:
        return f"Combat at {c.areas[combat.area].name}: strength {strength(state, c)}, {dice_words(pool(state, c))}. Use assets, then roll"
    return f"Rolled {combat.dice} against {strength(state, c)}: {hits(combat.dice, strength(state, c))} hit(s). Re-roll or accept"


def candidates(state: State) -> list[Action]:
    c = load_campaign()
    combat = state.combat
    assert combat is not None
    out: list[Action] = []
    if combat.dice is None:
        used = {asset_kind(c, a) for a in combat.assets}
        seen = set()
        for aid in state.box:
            kind = asset_kind(c, aid)
            if kind in used or kind in seen or (kind == "gas" and not _armour(state, c)):
                continue
            seen.add(kind)
            if kind == "recon":  # one return offered for each kind of discarded starting asset
                back = {asset_kind(c, r): r for r in sorted(state.discarded, reverse=True)}
                out += [{"type": "asset", "asset": aid, "returns": r} for r in sorted(back.values())]
            out.append({"type": "asset", "asset": aid})
        out.append({"type": "roll"})
        return out
    target = strength(state, c)
    misses = [i for i, d in enumerate(combat.dice) if d < target]
    best = result_for(target, combat.dice) == "devastating-overrun"  # nothing to gain: not offered
    if misses and not combat.rerolled and not best:
        boss = c.commander_of(c.divisions[combat.division].korps)
        if boss not in state.flipped and state.audacity[boss] > 0:
            out.append({"type": "reroll", "dice": misses, "by": "audacity"})
        giraud = [a for a in state.box if asset_kind(c, a) == "general" and a not in combat.assets]
        if giraud:
            out.append({"type": "reroll", "dice": misses, "by": giraud[0]})
    out.append({"type": "accept"})
    return out


def use_asset(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    c = load_campaign()
    combat = _combat(state)
    aid, back = action.get("asset", ""), action.get("returns")
    if combat.dice is not None:
        raise IllegalAction("assets are used before the dice are rolled", "strange-victory:8.3.3")
    if aid not in state.box:
        raise IllegalAction(f"{aid!r} is not in the assets box", "strange-victory:8.3.3")
    kind = asset_kind(c, aid)
    if kind in {asset_kind(c, a) for a in combat.assets}:
        raise IllegalAction(f"only one {kind} asset a combat", "strange-victory:8.3.3")
    if kind == "gas" and not _armour(state, c):
        raise IllegalAction("Gas only weakens armour", "strange-victory:8.3.3")
    if back is not None and (kind != "recon" or back not in state.discarded):
        raise IllegalAction("Recon brings back a discarded starting asset only", "strange-victory:8.3.3")
    state.box.remove(aid)
    combat.assets.append(aid)
    if kind == "general":
        combat.general_reduces = True
    text = f"{_name(c, aid)} is used: strength {strength(state, c)}, {dice_words(pool(state, c))}"
    if back:
        state.discarded.remove(back)
        state.box.append(back)
        combat.recon_returned = back
        text += f"; {_name(c, back)} comes back to the box"
    events.append(Event("combat", f"{text} (strange-victory:8.3.3)"))


def roll(state: State, action: Action, dice: Dice, events: list[Event]) -> tuple[str, bool] | None:
    c = load_campaign()
    combat = _combat(state)
    if combat.dice is not None:
        raise IllegalAction("the dice are already rolled", "strange-victory:8.3.5")
    target = strength(state, c)
    if target >= BLOODY:
        events.append(Event("combat", f"Strength {target}: a Bloody Firefight, no dice (strange-victory:8.3.4)", commit=True))
        return finish(state, "bloody-firefight", events)
    combat.dice = [dice.roll(6) for _ in range(pool(state, c))]
    events.append(Event("roll", f"Dice {combat.dice} against {target}: {hits(combat.dice, target)} hit(s) (strange-victory:8.3.5)", commit=True))
    return None


def reroll(state: State, action: Action, dice: Dice, events: list[Event]) -> None:
    c = load_campaign()
    combat = _combat(state)
    if combat.dice is None or combat.rerolled:
        raise IllegalAction("one re-roll, after the dice are rolled", "strange-victory:8.3.7")
    which = sorted(set(action.get("dice", [])))
    if not which or not all(0 <= i < len(combat.dice) for i in which):
        raise IllegalAction("name the dice to roll again", "strange-victory:8.3.7")
    by = action.get("by")
    boss = c.commander_of(c.divisions[combat.division].korps)
    if by == "audacity":
        if boss in state.flipped or state.audacity[boss] < 1:
            raise IllegalAction(f"{c.commanders[boss].name} has no re-roll left this turn", "strange-victory:5.4.5")
        state.audacity[boss] -= 1
        state.flipped.append(boss)
        state.spent.append(boss)
        who = c.commanders[boss].name
    elif by in state.box and asset_kind(c, by) == "general":
        state.box.remove(by)  # Giraud leaves the game once used (strange-victory:8.3.3 c)
        who = _name(c, by)
    else:
        raise IllegalAction("a re-roll needs the commander's audacity or Giraud", "strange-victory:8.3.7")
    for i in which:
        combat.dice[i] = dice.roll(6)
    combat.rerolled = True
    target = strength(state, c)
    events.append(Event("roll", f"{who} re-rolls {dice_words(len(which))}: {combat.dice}, {hits(combat.dice, target)} hit(s) (strange-victory:8.3.7)", commit=True))


def accept(state: State, action: Action, dice: Dice, events: list[Event]) -> tuple[str, bool]:
    c = load_campaign()
    combat = _combat(state)
    if combat.dice is None:
        raise IllegalAction("roll the dice first", "strange-victory:8.3.5")
    return finish(state, result_for(strength(state, c), combat.dice), events)


def finish(state: State, key: str, events: list[Event]) -> tuple[str, bool]:
    """Apply a result (reconstructed, combat.RESULTS); returns (combat kind, may move on)."""
    c = load_campaign()
    combat = _combat(state)
    result = RESULTS[key]
    here = state.allied[combat.area]
    loser = min(here, key=lambda u: (c.allied[u].strength, u))  # the weakest goes (strange-victory:8.3.8)
    here.remove(loser)
    if not here:
        del state.allied[combat.area]
    for aid in combat.assets:
        discard(state, c, aid)
    d = state.divisions[combat.division]
    boss = c.commander_of(c.divisions[combat.division].korps)
    state.panic += result.panic
    before = state.audacity[boss]
    state.audacity[boss] += audacity_gain(state, c, key)
    if result.damage and d.damage != "shocked":
        d.damage = result.damage
    parts = [f"{c.allied[loser].name} eliminated"]
    if result.damage:
        parts.append(f"the division is {'disordered' if result.damage == 'disorder' else 'shocked'}")
    if result.panic:
        parts.append(f"panic +{result.panic}")
    if state.audacity[boss] > before:
        parts.append(f"{c.commanders[boss].name} regains an audacity point")
    events.append(Event("combat", f"{result.name}: {', '.join(parts)} (strange-victory:8.3.6)", {"result": key}, commit=True))
    state.combat = None
    return combat.kind, result.goes_on and combat.kind == "encounter" and combat.area not in state.allied


def audacity_gain(state: State, c: Campaign, key: str) -> int:
    """The points the fighting division's commander regains with result key: a Devastating
    Overrun gives one back, never above his starting number (strange-victory:5.4.6, 5.4.7)."""
    boss = c.commander_of(c.divisions[_combat(state).division].korps)
    return min(c.commanders[boss].audacity - state.audacity[boss], RESULTS[key].audacity)


def discard(state: State, c: Campaign, aid: str) -> None:
    """Used assets: a starting one waits in the discards for a Recon, found ones leave play (4.2.2)."""
    if aid in state.box:
        state.box.remove(aid)
    if aid in c.assets and c.assets[aid].starting:
        state.discarded.append(aid)


def _combat(state: State) -> Combat:
    if state.combat is None:
        raise IllegalAction("no combat is under way", "strange-victory:8.3")
    return state.combat


def _name(c: Campaign, aid: str) -> str:
    return c.assets[aid].name if aid in c.assets else c.allied[aid].name


def combat_view(state: State) -> dict | None:
    combat = state.combat
    if combat is None:
        return None
    c = load_campaign()
    return {
        "area": combat.area,
        "division": combat.division,
        "kind": combat.kind,
        "allied": list(combat.allied),
        "base": combat.base,
        "strength": strength(state, c),
        "dice_count": pool(state, c),
        "assets": list(combat.assets),
        "asset_names": {a: _name(c, a) for a in combat.assets},
        "dice": list(combat.dice) if combat.dice is not None else None,
        "result": result_for(strength(state, c), combat.dice) if combat.dice is not None else None,
        # what accepting the dice now gives the commander back: 0 at his maximum (5.4.6, 5.4.7)
        "audacity_gain": audacity_gain(state, c, result_for(strength(state, c), combat.dice)) if combat.dice is not None else None,
        "can_reroll": combat.dice is not None and any(a["type"] == "reroll" for a in candidates(state)),
    }
