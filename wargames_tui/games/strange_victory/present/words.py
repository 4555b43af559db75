"""Strange Victory's actions in words, who is acting, which area an action concerns and what the prompt lights."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from wargames_tui.engine.flow import Action
from wargames_tui.engine.dice import dice_words
from wargames_tui.present.area import View, units_of, zone_name

SV_HISTORICAL = {"XV": "I", "XXXI": "II", "XIX": "III"}  # the historical set-up (strange-victory:6.0, step 5)
SV_COMBAT = ("asset", "roll", "reroll", "accept")
SV_ASSET_WORDS = {"stuka": "Stuka", "guns": "Guns", "gas": "Gas", "recon": "Recon", "general": "Giraud"}
SV_ID_KINDS = {"rcn": "recon", "gen": "general"}
SV_DAMAGE = {"disorder": "disordered", "shocked": "shocked"}


def pz(view: View, uid: str | None) -> str:
    """'7. Pz' for the 7. Panzer-Division; an Allied counter by its name."""
    u = units_of(view).get(uid or "")
    if u is None:
        return uid or "?"
    m = re.match(r"(\d+)\. Panzer", u.get("name", ""))
    return f"{m.group(1)}. Pz" if m else u.get("name") or u.get("short") or u["id"]


def commander_of(view: View, korps: str | None) -> dict[str, Any]:
    return next((c for c in (view.get("audacity") or {}).values() if c.get("korps") == korps), {})


def boss_of(view: View, uid: str | None) -> str:
    """The name of the commander of a division's Korps."""
    u = units_of(view).get(uid or "", {})
    return commander_of(view, u.get("korps")).get("name", "its commander")


def asset_kind(aid: str, view: View | None = None, known: dict[str, tuple[str, str]] | None = None) -> str:
    """An asset's kind: from the box in the view, from assets seen before, else read off its id
    ('stuka-2', 'B-gas-1', 'A-rcn-1')."""
    for a in (view or {}).get("assets") or []:
        if a["id"] == aid:
            return a["kind"]
    if known and aid in known:
        return known[aid][0]
    word = re.sub(r"-\d+$", "", aid).split("-")[-1]
    return SV_ID_KINDS.get(word, word)


def asset_words(aid: str, view: View | None = None, known: dict[str, tuple[str, str]] | None = None) -> str:
    """'Stuka (VIII. Fliegerkorps)', 'Gas (French fuel dump)', 'Giraud': the kind first, then what it is."""
    kind = asset_kind(aid, view, known)
    word = SV_ASSET_WORDS.get(kind, kind.capitalize())
    name = next((a["name"] for a in (view or {}).get("assets") or [] if a["id"] == aid), None)
    if name is None and known and aid in known:
        name = known[aid][1]
    if not name or kind == "general":
        return word
    return name if name.lower().startswith(word.lower()) else f"{word} ({name})"


def asset_effect(kind: str, armour: bool) -> tuple[int, int]:
    """(change of the Allied strength, change of the dice) for one asset (strange-victory:8.3.3)."""
    return {
        "stuka": (-2, 0),
        "guns": (-1, 1),
        "general": (-1, 0),
        "gas": (-1 if armour else 0, 0),
        "recon": (0, 1),
    }.get(kind, (0, 0))


def combat_armour(view: View) -> bool:
    combat = view.get("combat") or {}
    units = units_of(view)
    return any(units.get(u, {}).get("kind") == "armor" for u in combat.get("allied") or [])


def hits(dice: list[int], strength: int) -> int:
    """Each die at or above the Allied strength is a hit (strange-victory:8.3.5)."""
    return sum(1 for d in dice if d >= strength)


def result_key(strength: int, dice: list[int] | None) -> str:
    """The combat result these dice give, as the rules reckon it (strange-victory:8.3.6)."""
    from wargames_tui.games.strange_victory.combat import result_for

    return result_for(strength, list(dice or []))


def result_name(
    strength: int, dice: list[int] | None, effects: bool = False, counterattack: bool = False, gain: int | None = None
) -> str:
    """The name of the result ('Pitched Battle'); with effects=True followed by what it does
    ('Pitched Battle (disorder, panic +1)'); gain as in result_effects."""
    from wargames_tui.games.strange_victory.combat import RESULTS

    key = result_key(strength, dice)
    name = RESULTS[key].name
    return f"{name} ({result_effects(key, counterattack, gain)})" if effects else name


def result_effects(key: str, counterattack: bool = False, gain: int | None = None) -> str:
    """What a combat result does, in words, from the rules' own table (strange-victory:8.3.6); after
    a counterattack the division never moves on (9.1.5). gain: the audacity the commander would
    really regain (the view's audacity_gain: none at his maximum, 5.4.7); None for the table's."""
    from wargames_tui.games.strange_victory.combat import RESULTS

    r = RESULTS[key]
    parts = []
    if r.goes_on and not counterattack:
        parts.append("may go on")
    if r.damage:
        parts.append(SV_DAMAGE.get(r.damage, r.damage).replace("disordered", "disorder").replace("shocked", "shock"))
    if r.panic:
        parts.append(f"panic +{r.panic}")
    regained = r.audacity if gain is None else gain
    if regained:
        parts.append(f"+{regained} audacity")
    return ", ".join(parts) or "no effect"


def sv_staging(view: View, numeral: str) -> str | None:
    return next((zid for zid, z in view.get("zones", {}).items() if z.get("staging") == numeral), None)


def describe_strange_victory(action: Action, view: View, past: bool = False) -> str:
    """One Strange Victory action in words (divisions as '7. Pz', areas by name and id)."""
    kind = action.get("type")
    combat = view.get("combat") or {}
    strength = combat.get("strength", 0)
    if past and kind in SV_PAST:
        # An action already played: only what it was, never numbers read off the position now.
        return SV_PAST[kind](action, view)
    if kind == "setup":
        # By staging area, each Korps by its commander: "Rommel at Dinant, Reinhardt at Maubeuge, ..."
        placing = action.get("placement") or {}
        parts = []
        for korps, numeral in sorted(placing.items(), key=lambda kv: ("I", "II", "III").index(kv[1]) if kv[1] in ("I", "II", "III") else 9):
            boss = commander_of(view, korps).get("name") or f"the {korps} Korps"
            zid = sv_staging(view, numeral)
            place = view.get("zones", {}).get(zid or "", {}).get("name") or f"staging area {numeral}"
            parts.append(f"{boss} at {place}")
        note = " (historical)" if placing == SV_HISTORICAL else ""
        return "Set up " + ", ".join(parts) + note
    if kind == "move":
        extra = action.get("extra")
        how = " (Gas)" if extra == "gas" else f" ({boss_of(view, action.get('division'))}'s audacity)" if extra == "audacity" else ""
        return f"{pz(view, action.get('division'))} to {zone_name(view, action.get('to'))}{how}"
    if kind == "stand":
        d = action.get("division")
        u = units_of(view).get(d or "", {})
        zone = u.get("zone")
        if u.get("damage") == "shocked":
            return f"{pz(view, d)} stands and recovers from its shock"
        if any(o["side"] != "german" and o.get("zone") == zone for o in view.get("units", [])):
            return f"{pz(view, d)} fights the Allies still in {zone_name(view, zone)}"
        return f"{pz(view, d)} stands: activated without moving"
    if kind == "end-activation":
        active = next((u["id"] for u in view.get("units", []) if u.get("active")), None)
        return f"End {pz(view, active)}'s activation" if active else "End the activation"
    if kind == "asset":
        aid = action.get("asset", "")
        akind = asset_kind(aid, view)
        dstr, ddice = asset_effect(akind, combat_armour(view))
        effects = []
        if dstr and max(strength + dstr, 1) != strength:  # the strength track stops at 1
            effects.append(f"strength {strength} → {max(strength + dstr, 1)}")
        if ddice:
            n = combat.get("dice_count", 0)
            effects.append(f"{n} → {n + ddice} dice")
        back = action.get("returns")
        if back:
            effects.append(f"{asset_words(back, view)} back to the box")
        return f"Use {asset_words(aid, view)}" + (": " + ", ".join(effects) if effects else "")
    if kind == "roll":
        n = combat.get("dice_count", 0)
        if strength >= 7:
            return f"Fight on: strength {strength}, a Bloody Firefight without dice ({result_effects('bloody-firefight')})"
        return f"Roll {dice_words(n)}: each {max(strength, 1)} or more is a hit"
    if kind == "reroll":
        dice = combat.get("dice") or []
        which = [dice[i] for i in action.get("dice", []) if i < len(dice)]
        by = action.get("by")
        who = f"{boss_of(view, combat.get('division'))}'s audacity" if by == "audacity" else asset_words(by or "", view)
        shown = f" ({', '.join(map(str, which))})" if which else ""
        return f"Re-roll {len(which)} {'die' if len(which) == 1 else 'dice'}{shown} with {who}"
    if kind == "accept":
        dice = combat.get("dice") or []
        n = hits(dice, strength)
        counter = combat.get("kind") == "counterattack"
        named = result_name(strength, dice, effects=True, counterattack=counter, gain=combat.get("audacity_gain"))
        return f"Accept {n} hit{'' if n == 1 else 's'}: {named}"
    if kind == "counterattack":
        area = action.get("area")
        zone = view.get("zones", {}).get(area or "", {})
        here = next((u["id"] for u in view.get("units", []) if u.get("zone") == area and u["side"] == "german"), None)
        letter = zone.get("letter", "")
        return f"Counterattack at {zone_name(view, area)}: a {letter} reaction against {pz(view, here)}"
    if kind == "repair":
        d = action.get("division")
        u = units_of(view).get(d or "", {})
        boss = commander_of(view, u.get("korps"))
        damage = SV_DAMAGE.get(u.get("damage") or "", "damaged")
        points = boss.get("points")
        spend = f", {points} → {points - 1}" if isinstance(points, int) and not past else ""
        return f"Repair {pz(view, d)} ({damage}) with {boss.get('name', 'its commander')}'s audacity{spend}"
    if kind == "end-turn":
        panic = view.get("panic")
        more = f", panic {panic} → {panic + 1}" if isinstance(panic, int) and not past else ""
        return f"End the turn: coastal reinforcement{more}"
    return json.dumps(action, separators=(", ", ": "), ensure_ascii=False)


SV_PAST: dict[str, Callable[[Action, View], str]] = {
    "stand": lambda a, v: f"{pz(v, a.get('division'))} stands",
    "end-activation": lambda a, v: "End the activation",
    "asset": lambda a, v: f"Use {asset_words(a.get('asset', ''), v)}"
    + (f", {asset_words(a['returns'], v)} back to the box" if a.get("returns") else ""),
    "roll": lambda a, v: "Roll the dice",
    "reroll": lambda a, v: f"Re-roll {dice_words(len(a.get('dice') or []))} with "
    + ("the commander's audacity" if a.get("by") == "audacity" else asset_words(a.get("by") or "", v)),
    "accept": lambda a, v: "Accept the dice",
    "counterattack": lambda a, v: f"Counterattack at {zone_name(v, a.get('area'))}",
    "repair": lambda a, v: f"Repair {pz(v, a.get('division'))} with {boss_of(v, a.get('division'))}'s audacity",
    "end-turn": lambda a, v: "End the turn",
}


def sv_acting(view: View) -> tuple[str | None, list[str]]:
    """The division activating now, else the one in a counterattack, with its area."""
    for u in view.get("units", []):
        if u.get("active"):
            return u.get("zone"), [u["id"]]
    combat = view.get("combat") or {}
    if combat.get("division"):
        return combat.get("area"), [combat["division"]]
    return None, []


def sv_fight_zone(view: View) -> str | None:
    return (view.get("combat") or {}).get("area")


def sv_concerns(action: Action, zone: str, view: View) -> bool:
    """The combat's steps concern its area, the end of an activation the active division's area,
    a set-up the staging areas it fills."""
    kind = action.get("type")
    if kind in SV_COMBAT:
        return sv_fight_zone(view) == zone
    if kind == "end-activation":
        return sv_acting(view)[0] == zone
    if kind == "setup":
        return view.get("zones", {}).get(zone, {}).get("staging") in (action.get("placement") or {}).values()
    return False


def sv_lights(actions: list[Action], view: View) -> dict[str, str]:
    """Zones lit by the prompt itself: the areas open to a counterattack (red), the divisions that
    may be repaired and the staging areas of the set-up (violet)."""
    lit: dict[str, str] = {}
    units = units_of(view)
    for a in actions:
        kind = a.get("type")
        if kind == "counterattack" and a.get("area"):
            lit[a["area"]] = "target"
        elif kind == "repair":
            zone = units.get(a.get("division", ""), {}).get("zone")
            if zone:
                lit[zone] = "entry"
        elif kind == "setup":
            for numeral in (a.get("placement") or {}).values():
                zid = sv_staging(view, numeral)
                if zid:
                    lit[zid] = "entry"
    return lit

