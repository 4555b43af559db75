"""The words of area-map games: side names, markers, and every action in plain words.

The area play screen is the same for every game drawn on zones (Dieppe, Strange Victory); what
differs is here, in one `AreaTerms` per game: the words for each action, which zone an action
concerns, who is acting now and which zones the prompt lights.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from wargames_tui.engine.flow import Action
from wargames_tui.engine.dice import dice_words

View = dict[str, Any]


def zone_name(view: View, zid: str | None) -> str:
    """'Orange II beach [OR2]': the name without its bracketed or after-comma detail, and the id."""
    if not zid:
        return "?"
    zone = view.get("zones", {}).get(zid)
    if zone is None:
        return zid
    name = re.sub(r"\s*\(.*?\)", "", zone["name"]).split(",")[0].strip() or zone["name"]
    name = name.replace("landing and embarkation zone", "D/E zone")
    return f"{name} [{zid}]"


def link_kind(view: View, a: str | None, b: str | None) -> str | None:
    for link in view.get("links", []):
        if {link["a"], link["b"]} == {a, b}:
            return link["kind"]
    return None


def units_of(view: View) -> dict[str, dict[str, Any]]:
    return {u["id"]: u for u in view.get("units", [])}


def short(view: View, uid: str) -> str:
    u = units_of(view).get(uid)
    return u["short"] if u else uid


def shorts(view: View, uids: list[str] | None) -> str:
    return " + ".join(short(view, u) for u in uids or []) or "nobody"


def ratings(u: dict[str, Any]) -> str:
    return f"{u.get('ff', '?')}-{u.get('af', '?')}-{u.get('mp', '?')}"


def where(view: View, uids: list[str] | None) -> str | None:
    """The zone of the first of these units that is on the map."""
    units = units_of(view)
    for uid in uids or []:
        u = units.get(uid)
        if u and u.get("zone"):
            return u["zone"]
    return None


# Dieppe actions whose words do not depend on the position.
DIEPPE_FIXED = {
    "end-setup": "Set-up done: start the raid",
    "roll-events": "Roll for the unforeseen events of turn 1",
    "stop": "Stop here: the party ends its movement",
    "bangalore": "Blow the wire with a Bangalore torpedo (even: wire gone; odd: stuck this turn)",
    "halt": "Halt before the wire for this turn",
    "end-turn": "End the British actions for this turn",
    "german": "Play the next German step",
}


def describe_dieppe(action: Action, view: View, past: bool = False) -> str:
    """One Dieppe action in words, from the view (units by their short names, zones by name).

    past=True leaves out where the units stand now (for actions already played)."""
    kind = action.get("type")
    units = action.get("units")
    if kind in DIEPPE_FIXED:
        return DIEPPE_FIXED[kind]
    if kind == "transfer":
        u = units_of(view).get(action.get("unit", ""), {})
        now = f" (from {short(view, u['aboard'])})" if u.get("aboard") else ""
        return f"Put {short(view, action.get('unit', ''))} under {short(view, action.get('lca', ''))}{now}"
    if kind == "move":
        start = where(view, units)
        to = action.get("to")
        verb = "Move"
        kind = link_kind(view, start, to)
        zones = view.get("zones", {})
        if kind == "sea":
            verb = "Sail"
        elif kind == "landing":
            verb = "Land" if zones.get(start, {}).get("kind") == "waiting" else "Embark"
        frm = f" from {zone_name(view, start)}" if start and not past else ""
        return f"{verb} {shorts(view, units)}{frm} to {zone_name(view, to)}"
    if kind == "fire":
        aim = f", aiming at {short(view, action['aim'])}" if action.get("aim") else ""
        return f"Fire: {shorts(view, units)} at {zone_name(view, action.get('target'))}{aim}"
    if kind == "assault":
        return f"Assault {zone_name(view, action.get('target'))} with {shorts(view, units)}"
    if kind == "assault-round":
        # contacts: the British units face to face with the German column, top to bottom;
        # supports: contact -> the units behind it (dieppe:11.2).
        contacts = action.get("contacts") or []
        line = ", ".join(short(view, u) for u in contacts) or "nobody"
        supports = action.get("supports") or {}
        backing = "; ".join(f"{shorts(view, list(behind))} behind {short(view, c)}" for c, behind in supports.items() if behind)
        return f"Fight a round: {line} in contact" + (f"; {backing}" if backing else "")
    if kind == "withdraw":
        assault = view.get("assault") or {}
        back = f" to {zone_name(view, assault['from'])}" if assault.get("from") else ""
        return f"Break off the assault and fall back{back}"
    if kind == "take-prisoner":
        return f"Take the last German prisoner, escorted by {short(view, action.get('escort', ''))}"
    if kind == "job-done":
        party = (view.get("party") or {}).get("units") or []
        who = f" for {shorts(view, party)}" if party else ""
        return f"Job Done{who}: these units have finished this turn"
    return json.dumps(action, separators=(", ", ": "), ensure_ascii=False)


def dieppe_acting(view: View) -> tuple[str | None, list[str]]:
    """The stack on the move, else the party acting now, with its zone."""
    move = view.get("move") or {}
    if move.get("units"):
        return move.get("zone") or where(view, move["units"]), list(move["units"])
    party = (view.get("party") or {}).get("units") or []
    if party:
        return where(view, party), list(party)
    return None, []


def dieppe_fight_zone(view: View) -> str | None:
    return (view.get("assault") or {}).get("zone")


def dieppe_concerns(action: Action, zone: str, view: View) -> bool:
    """Beyond the units and zones an action names: the assault's steps concern its two zones,
    the steps of the acting stack its zone."""
    kind = action.get("type")
    assault = view.get("assault") or {}
    if kind in ("assault-round", "withdraw", "take-prisoner") and zone in (assault.get("zone"), assault.get("from")):
        return True
    if kind in ("stop", "bangalore", "halt", "job-done"):
        return dieppe_acting(view)[0] == zone
    return False


def no_lights(actions: list[Action], view: View) -> dict[str, str]:
    return {}


# --- Strange Victory ------------------------------------------------------------------------------
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


def result_name(strength: int, dice: list[int] | None, effects: bool = False, counterattack: bool = False) -> str:
    """The name of the result ('Pitched Battle'); with effects=True followed by what it does
    ('Pitched Battle (disorder, panic +1)')."""
    from wargames_tui.games.strange_victory.combat import RESULTS

    key = result_key(strength, dice)
    name = RESULTS[key].name
    return f"{name} ({result_effects(key, counterattack)})" if effects else name


def result_effects(key: str, counterattack: bool = False) -> str:
    """What a combat result does, in words, from the rules' own table (strange-victory:8.3.6); after
    a counterattack the division never moves on (9.1.5)."""
    from wargames_tui.games.strange_victory.combat import RESULTS

    r = RESULTS[key]
    parts = []
    if r.goes_on and not counterattack:
        parts.append("may go on")
    if r.damage:
        parts.append(SV_DAMAGE.get(r.damage, r.damage).replace("disordered", "disorder").replace("shocked", "shock"))
    if r.panic:
        parts.append(f"panic +{r.panic}")
    if r.audacity:
        parts.append(f"+{r.audacity} audacity")
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
        return f"Accept {n} hit{'' if n == 1 else 's'}: {result_name(strength, dice, effects=True, counterattack=counter)}"
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


@dataclass(frozen=True)
class AreaTerms:
    """What the area play screen needs to know about one game."""

    sides: dict[str, str]  # side id -> name
    player: str  # the side the player commands
    automatic_action: str  # the action type of one step of the side the game plays itself
    describe: Callable[..., str]  # (action, view, past=False) -> words
    # The action types the `e` key plays, in the order tried, with the footer label of each.
    proceed: dict[str, str] = field(default_factory=dict)
    done_action: str = ""  # the `j` key
    done_mark: dict[str, str] = field(default_factory=dict)  # side -> name of its "finished" marker
    markers: dict[str, str] = field(default_factory=dict)  # view marker value -> words
    kinds: dict[str, str] = field(default_factory=dict)  # zone kind -> words
    protection: dict[int, str] = field(default_factory=dict)
    game: str = "dieppe"  # the key of the game's panels (widgets/zonepanel.py)
    zone_word: str = "Zone"  # what the game calls a zone
    acting: Callable[[View], tuple[str | None, list[str]]] = dieppe_acting  # the zone and units acting now
    fight_zone: Callable[[View], str | None] = dieppe_fight_zone  # where a fight is under way
    concerns: Callable[[Action, str, View], bool] = dieppe_concerns  # beyond the units and zones it names
    lights: Callable[[list[Action], View], dict[str, str]] = no_lights  # zones the prompt lights by itself
    keys: dict[str, str] = field(default_factory=dict)  # action type -> footer label of its own key
    next_key: str = ""  # footer label of `n` (the next unit that may act), if the game has it
    history_rolls: bool = True  # a loaded game's history shows each action's dice (not when they are draws)

    def side_name(self, side: str | None) -> str:
        return self.sides.get(side or "", side or "")


DIEPPE = AreaTerms(
    sides={"british": "British", "german": "German"},
    player="british",
    automatic_action="german",
    describe=describe_dieppe,
    proceed={"end-setup": "Start the raid", "roll-events": "Roll events", "end-turn": "End turn"},
    done_action="job-done",
    done_mark={"british": "Job Done", "german": "Alles gemacht"},
    markers={
        "A": "A marker, not yet revealed",
        "B": "B marker, not yet revealed",
        "mines": "mines (revealed)",
        "wire": "barbed wire (revealed)",
    },
    kinds={"sea": "sea", "waiting": "LCA waiting zone", "beach": "beach", "land": "land", "newhaven": "home port"},
    protection={0: "none", 1: "light", 3: "strong"},
)

STRANGE_VICTORY = AreaTerms(
    sides={"german": "German", "allied": "Allied"},
    player="german",
    automatic_action="",  # the Allies act inside the player's actions: no steps of their own
    describe=describe_strange_victory,
    proceed={"end-turn": "End turn"},
    done_mark={"german": "activated"},
    markers={"A": "A garrison", "B": "B garrison", "C": "C garrison", "I": "I garrison"},
    kinds={
        "staging": "staging area",
        "regular": "village",
        "strategic": "strategic area",
        "port": "port",
        "fortress": "fortress",
    },
    game="strange-victory",
    zone_word="Area",
    acting=sv_acting,
    fight_zone=sv_fight_zone,
    concerns=sv_concerns,
    lights=sv_lights,
    keys={"end-activation": "End activation", "roll": "Roll", "accept": "Accept"},
    next_key="Next division",
    history_rolls=False,
)

TERMS: dict[str, AreaTerms] = {"dieppe": DIEPPE, "strange-victory": STRANGE_VICTORY}


def terms_for(scenario: str) -> AreaTerms:
    return TERMS.get(scenario.split("/")[0], DIEPPE)
