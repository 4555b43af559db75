"""Strange Victory's side panels: the area under the cursor, the track with panic and points, the combat."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from wargames_tui.engine.dice import dice_words
from wargames_tui.games.strange_victory.present.look import SV_BG, SV_COASTAL, SV_FOREST, SV_LETTERS, sv_colour
from wargames_tui.games.strange_victory.present.words import (
    SV_ASSET_WORDS,
    SV_DAMAGE,
    asset_effect,
    asset_kind,
    asset_words,
    combat_armour,
    hits,
    pz,
    result_effects,
    result_key,
    result_name,
)
from wargames_tui.present.area import NOW, PICKED, AreaTerms, Known, vp

# --- Strange Victory ---------------------------------------------------------------------------
SV_WORTH = {"fortress": "5 VP", "port": "3 VP", "strategic": "2 VP"}
SV_VILLAGE_WORTH = {"A": "½ VP", "B": "½ VP with an A", "C": "1 VP with a B"}  # strange-victory:11.1
SV_UNIT_KINDS = {"infantry": "infantry", "armor": "armour"}
HIT = "bold #000000 on #4cd964"
MISS = "#9aa4b0 on #2a3038"


def sv_zone(view: dict[str, Any], zid: str, terms: AreaTerms, picked: list[str]) -> tuple[Text, list[str]]:
    """An area: what it is and is worth, what lies face down in it, who stands there."""
    zone = view["zones"][zid]
    t = Text(no_wrap=False)
    t.append(f"{zid} ", f"bold {sv_colour(zone)}")
    t.append(zone["name"], "bold")
    kind = zone.get("kind", "")
    words = terms.kinds.get(kind, kind) + (f" ({zone['letter']})" if zone.get("letter") else "")
    worth = SV_WORTH.get(kind) or (SV_VILLAGE_WORTH.get(zone.get("letter", "")) if kind == "regular" else None)
    t.append("\n" + words + (f" · {worth}" if worth else ""), "dim")
    if zone.get("staging"):
        t.append(f"\nStaging {zone['staging']}: exits by bridge", "dim")
    if zone.get("forest"):
        t.append("\nForest: infantry doubled", SV_FOREST)
    if zone.get("port"):
        t.append(f"\nPort {zone['port']} on the coastal die", "#6fb3ff")
    if zone.get("marker"):
        t.append(f"\nFace down: {zone['marker']} garrison", SV_LETTERS.get(zone["marker"], ""))
    coastal = int(zone.get("coastal") or 0)
    if coastal:
        t.append(f"\nFace down: {coastal} coastal counter{'s' if coastal > 1 else ''}", f"{SV_COASTAL[0]} on {SV_COASTAL[1]}")
    here = [u for u in view.get("units", []) if u.get("zone") == zid]
    german = [u for u in here if u["side"] == terms.player]
    allied = [u for u in here if u["side"] != terms.player]
    if zone.get("captured"):
        t.append("\nCaptured", "bold #4cd964")
    elif allied and not german:
        t.append("\nHeld by the Allies", "bold #7fa8ff")
    numbered: list[str] = []
    for u in german:
        numbered.append(u["id"])
        n = len(numbered)
        t.append("\n")
        t.append(f"{n if n <= 9 else ' '} ", PICKED if u["id"] in picked else "#7ec8e3")
        t.append(f"{pz(view, u['id']):<6}", f"bold on {SV_BG['german']}" if not u.get("resupply") else f"on {SV_BG['german-done']}")
        t.append(f" {u.get('korps', ''):<4} ", "dim")
        t.append(dice_words(u["dice"]) if isinstance(u.get("dice"), int) else "? dice", "")
        if u.get("active"):
            t.append(" active", NOW)
        elif u.get("resupply"):
            t.append(" activated", "dim")
        else:
            t.append(" ready", "#9be29b")
        if u.get("damage"):
            t.append(f" {SV_DAMAGE.get(u['damage'], u['damage'])}", "bold #ff8c8c")
    for u in sorted(allied, key=lambda u: u.get("strength", 0)):
        t.append("\n")
        t.append(f"{SV_UNIT_KINDS.get(u.get('kind', ''), u.get('kind', ''))} {u.get('strength', '?')}", f"bold white on {SV_BG['allied']}")
        t.append(f" {u.get('name', u['id'])}", "#7fa8ff")
    if not here and kind == "staging":
        t.append("\nNo division here.", "dim italic")
    return t, numbered


def panic_style(n: int, halt: int) -> str:
    if n >= halt - 3:
        return "#ff4040"
    if n >= halt * 2 // 3:
        return "#ff8c1a"
    if n >= halt // 3:
        return "#f2c14e"
    return "#9be29b"


def sv_track_title(view: dict[str, Any]) -> str:
    return f"Turn {view.get('turn', 0)} · Panic {view.get('panic', 0)}/{view.get('halt') or 21}"


SV_POINT_WORDS = {"strategic areas": "strategic"}


def sv_track(view: dict[str, Any], terms: AreaTerms) -> Text:
    """Hitler's panic, the commanders' audacity, the assets box, the points, the draws left."""
    t = Text()
    panic, halt = int(view.get("panic") or 0), int(view.get("halt") or 21)
    for n in range(1, halt + 1):
        t.append("█" if n <= panic else "·", panic_style(n, halt) if n <= panic else "#4a525c")
    t.append(" Halt", "#ff4040" if panic >= halt - 3 else "dim")
    commanders = list((view.get("audacity") or {}).values())
    top = max((c.get("max", 0) for c in commanders), default=0)
    for c in commanders:
        points, most = c.get("points", 0), c.get("max", 0)
        t.append(f"\n{c.get('name', ''):<9} ", "bold")
        t.append("●" * points, "#ffd21f")
        t.append("○" * max(0, most - points), "#6b7480")
        t.append(" " * max(0, top - most) + f" {points}/{most}", "dim")
        if c.get("rerolled"):
            t.append(" re-rolled", "#ff8c1a")
    assets = view.get("assets") or []
    t.append("\n")
    if assets:
        counts: dict[str, int] = {}
        for a in sorted(assets, key=lambda a: list(SV_ORDER).index(a["kind"]) if a["kind"] in SV_ORDER else 9):
            word = asset_words(a["id"], view).split(" (")[0]
            counts[word] = counts.get(word, 0) + 1
        t.append(" · ".join(f"{w} ×{n}" if n > 1 else w for w, n in counts.items()), "#9be29b")
    else:
        t.append("No assets in the box", "dim italic")
    total = view.get("total")
    if total is not None:
        t.append("\nVP ", "dim")
        t.append(vp(total), "bold #ffd21f")
        scored = [(SV_POINT_WORDS.get(k, k), v) for k, v in (view.get("points") or {}).items() if v]
        if scored:
            t.append(": " + ", ".join(f"{k} {vp(v)}" for k, v in scored), "dim")
    pools = view.get("pools") or {}
    left = [f"{k.split('-')[1]} {pools[k]}" for k in ("reaction-B", "reaction-C") if k in pools]
    if left or "coastal" in pools:
        t.append("\nLeft: " + ", ".join(left + [f"coastal {pools.get('coastal', 0)}"]), "dim")
    return t


SV_ORDER = ("stuka", "guns", "gas", "recon", "general")


def sv_fight(view: dict[str, Any], terms: AreaTerms, known: Known) -> tuple[str, Text] | None:
    """The combat: who fights whom, the Allied strength before and after the assets, the dice."""
    combat = view.get("combat")
    if not combat:
        return None
    t = Text(no_wrap=False)
    word = "Counterattack" if combat.get("kind") == "counterattack" else "Combat"
    title = f"{word} at {view.get('zones', {}).get(combat.get('area'), {}).get('name', combat.get('area'))}"
    units = {u["id"]: u for u in view.get("units", [])}
    t.append(pz(view, combat.get("division")), "bold")
    t.append(" vs ", "dim")
    t.append(" + ".join(units.get(u, {}).get("name", u) for u in combat.get("allied") or []), "#7fa8ff")
    base, strength = combat.get("base", 0), combat.get("strength", 0)
    t.append("\nStrength ", "dim")
    t.append(f"{base}", "bold")
    if strength != base:
        t.append(" → ", "dim")
        t.append(f"{strength}", "bold #ffd21f")
    armour = combat_armour(view)
    used = []
    for aid in combat.get("assets") or []:
        kind = asset_kind(aid, view, known)
        dstr, ddice = asset_effect(kind, armour)
        effect = " ".join(([f"{dstr:+d}".replace("-", "−")] if dstr else []) + ([f"+{ddice}d"] if ddice else []))
        used.append(SV_ASSET_WORDS.get(kind, kind) + (f" {effect}" if effect else ""))
    if used:
        t.append(" (" + ", ".join(used) + ")", "#9be29b")
    dice = combat.get("dice")
    if strength >= 7 and dice is None:
        t.append("\nBloody Firefight: no dice", "bold #ff4040")
        t.append(f" ({result_effects('bloody-firefight')})", "dim")
    elif dice is None:
        t.append(f"\n{dice_words(combat.get('dice_count', 0))}, hits on {max(strength, 1)}+", "")
    else:
        t.append("\n")
        for d in dice:
            t.append(f" {d} ", HIT if d >= strength else MISS)
            t.append(" ")
        n = hits(dice, strength)
        t.append(f"{n} hit{'' if n == 1 else 's'}", "bold")
        t.append("\n")
        t.append(result_name(strength, dice), "bold #ffd21f")
        counterattack = combat.get("kind") == "counterattack"
        t.append(f" ({result_effects(result_key(strength, dice), counterattack, combat.get('audacity_gain'))})", "dim")
    after_roll = "\nc accept · Enter re-roll" if combat.get("can_reroll", True) else "\nc accept"
    t.append("\nr roll · Enter assets" if dice is None else after_roll, "#7ec8e3")
    return title, t


