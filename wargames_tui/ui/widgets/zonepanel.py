"""Side panels of the area play screen: the zone under the cursor, the turn track, the fight.

Each panel is one widget; what it says is game by game, in the functions below keyed by the
game id of AreaTerms.game (Dieppe's first, then Strange Victory's).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from wargames_tui.ui.areawords import (
    SV_ASSET_WORDS,
    SV_DAMAGE,
    AreaTerms,
    asset_effect,
    asset_kind,
    asset_words,
    combat_armour,
    hits,
    pz,
    ratings,
    result_effects,
    result_key,
    result_name,
    short,
)
from wargames_tui.ui.widgets.areamap import SIDE_BG, SV_BG, SV_COASTAL, SV_FOREST, SV_LETTERS, sv_colour, zone_colour
from wargames_tui.engine.dice import dice_words

Known = dict[str, tuple[str, str]]  # asset id -> (kind, name), for assets no longer in the box

NOW = "bold black on #ffd21f"
PICKED = "bold black on #7ec8e3"


def british_order(units: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Units ashore first, then each landing craft followed by what it carries."""
    ashore = [u for u in units if not u.get("aboard") and u.get("kind") != "lca"]
    craft = [u for u in units if u.get("kind") == "lca"]
    out = list(ashore)
    for lca in craft:
        out.append(lca)
        out.extend(u for u in units if u.get("aboard") == lca["id"])
    listed = {u["id"] for u in out}
    out.extend(u for u in units if u["id"] not in listed)  # aboard a craft that is elsewhere
    return out


def levels(units: list[dict[str, Any]]) -> int:
    """Stacking levels in use: units aboard a landing craft travel under it and do not count."""
    return sum(int(u.get("levels") or 0) for u in units if not u.get("aboard"))


def front_of(view: dict[str, Any], zone: str, side: str, units: list[dict[str, Any]]) -> str | None:
    fronts = view.get("fronts")
    if isinstance(fronts, dict):
        front = fronts.get(zone)
        if isinstance(front, dict):
            front = front.get(side)
        if isinstance(front, str) and any(u["id"] == front for u in units):
            return front
    fighting = [u for u in units if not u.get("aboard")]
    if side != "german" or not fighting:
        return None
    return max(fighting, key=lambda u: (u.get("ff") or 0, not u.get("reduced")))["id"]


class ZonePanel(Static):
    """The zone under the cursor: its ground, stacking, markers and the units of each side."""

    DEFAULT_CSS = """
    ZonePanel { height: auto; }
    """

    def show(self, view: dict[str, Any], zid: str, terms: AreaTerms, picked: list[str] | None = None) -> list[str]:
        """Draw the panel; returns the ids of the player's units in the order they are numbered."""
        zone = view["zones"].get(zid)
        if zone is None:
            self.update(Text())
            return []
        t, numbered = ZONE_TEXT.get(terms.game, dieppe_zone)(view, zid, terms, picked or [])
        self.update(t)
        return numbered


def dieppe_zone(view: dict[str, Any], zid: str, terms: AreaTerms, picked: list[str]) -> tuple[Text, list[str]]:
    zone = view["zones"][zid]
    t = Text(no_wrap=False)
    t.append(f"{zid} ", f"bold {zone_colour(zone)}")
    t.append(zone["name"], "bold")
    kind = terms.kinds.get(zone["kind"], zone["kind"])
    protection = terms.protection.get(zone["protection"], str(zone["protection"]))
    t.append(f"\n{kind} · protection {zone['protection']}", "dim")
    if zone["kind"] not in ("sea", "waiting", "newhaven"):
        t.append(f" ({protection})", "dim")
    here = [u for u in view.get("units", []) if u.get("zone") == zid]
    notes = []
    if zone.get("marker"):
        notes.append(terms.markers.get(zone["marker"], zone["marker"]))
    if zone.get("telephone"):
        notes.append("telephone line (T)")
    if notes:
        t.append("\n" + " · ".join(notes), "#b48cff")
    assault = view.get("assault") or {}
    if assault.get("zone") == zid:
        t.append(f"\nAssault under way, round {assault.get('round', 1)}", "bold #ff8c1a")
    numbered: list[str] = []
    for side in terms.sides:
        mine = [u for u in here if (u["side"] == side) != bool(u.get("prisoner"))]  # a prisoner stands with his captors
        if not mine:
            continue
        limit = zone.get("stacking")
        t.append("\n")
        t.append(f" {terms.side_name(side)} ", f"bold white on {SIDE_BG.get(side, '#444444')}")
        if limit is not None:
            water = zone["kind"] in ("sea", "waiting", "newhaven")
            used = sum(1 for u in mine if u.get("kind") == "lca") if water else levels(mine)
            t.append(f" {used}/{limit} {'LCA' if water else 'levels'}", "dim")
        front = front_of(view, zid, side, mine)
        order = british_order(mine) if side == terms.player else sorted(mine, key=lambda u: u["id"] != front)
        for u in order:
            t.append("\n")
            if side == terms.player:
                numbered.append(u["id"])
                n = len(numbered)
                tag = f"{n}" if n <= 9 else " "
                t.append(f"{tag} ", PICKED if u["id"] in picked else "#7ec8e3")
            else:
                t.append("  ")
            indent = "└ " if u.get("aboard") and any(o["id"] == u["aboard"] for o in mine) else ""
            t.append(indent, "dim")
            t.append(f"{u['short']:<{8 - len(indent)}} ", "bold" if not u.get("done") else "dim")
            t.append(ratings(u), "italic #ff8c8c" if u.get("reduced") else "")
            flags = []
            if u.get("reduced"):
                flags.append(("red.", "#ff8c8c"))
            if u["id"] == front:
                flags.append(("front", "#ffd21f"))
            for a in u.get("actions") or []:
                flags.append((a, "#9be29b"))
            if u.get("done"):
                flags.append((terms.done_mark.get(side, "done"), "bold #ffd21f"))
            if u.get("halted"):
                flags.append(("halted", "#ff8c1a"))
            if u.get("prisoner"):
                flags.append(("prisoner", "#b48cff"))
            for text, style in flags:
                t.append(f" {text}", style)
    if not here:
        t.append("\nNo units here.", "dim italic")
    return t, numbered


class AreaTrack(Static):
    """Turn and time, phase, the alarm track, victory points so far, what is under way."""

    DEFAULT_CSS = """
    AreaTrack { height: auto; }
    """

    def show(self, view: dict[str, Any], terms: AreaTerms) -> str:
        """Draw the panel; returns its title."""
        title = TRACK_TITLE.get(terms.game, lambda view: "Turn")(view)
        self.update(TRACK_TEXT.get(terms.game, dieppe_track)(view, terms))
        return title


def dieppe_track(view: dict[str, Any], terms: AreaTerms) -> Text:
    t = Text()
    turn, turns = view.get("turn", 0), view.get("turns", 0)
    labels = view.get("turn_labels") or []
    time = labels[turn - 1] if 0 < turn <= len(labels) else ""
    t.append("Turn ", "dim")
    t.append(f" {turn}/{turns} ", NOW)
    if time:
        t.append(f" {time}", "italic")
    t.append(f"\n{view.get('phase_title', '')}", "bold")
    alarm = view.get("alarm")
    if alarm is not None:
        t.append("\nAlarm ", "dim")
        for n in range(10):
            style = NOW if n == alarm else ("#ff6b6b" if n >= 6 else "#9aa4b0")
            t.append(f"{n}", style)
            t.append(" " if n < 9 else "")
    points = view.get("points") or {}
    total = view.get("total")
    if total is not None:
        t.append("\nVP ", "dim")
        t.append(f"{total}", "bold #ffd21f")
        scored = [(k, v) for k, v in points.items() if v]
        if scored:
            t.append(" (" + ", ".join(f"{k} {v:+d}" if isinstance(v, int) else f"{k} {v}" for k, v in scored) + ")", "dim")
    move = view.get("move") or {}
    acting = move.get("units") or (view.get("party") or {}).get("units") or []
    if acting:
        units = {u["id"]: u for u in view.get("units", [])}
        zone = move.get("zone") or next((units[u]["zone"] for u in acting if u in units), "")
        mp = move.get("mp")
        if isinstance(mp, dict):
            mp = min(mp.values()) if mp else None
        left = f", {mp} MP left" if mp is not None and move else ""
        t.append("\nMoving: " if move else "\nActing: ", "dim")
        t.append(" ".join(short(view, u) for u in acting), "#ffd21f")
        t.append(f" in {zone}{left}", "dim")
    pools = view.get("pools") or {}
    if pools:
        t.append("\nIn reserve: " + ", ".join(f"{k} {v}" for k, v in pools.items()), "dim")
    return t


class FightPanel(Static):
    """A fight under way (Strange Victory's combats); empty and hidden when there is none."""

    DEFAULT_CSS = """
    FightPanel { height: auto; }
    """

    def show(self, view: dict[str, Any], terms: AreaTerms, known: Known | None = None) -> tuple[str, bool]:
        """Draw the panel; returns its title and whether there is anything to show."""
        maker = FIGHT_TEXT.get(terms.game)
        drawn = maker(view, terms, known or {}) if maker else None
        if drawn is None:
            self.update(Text())
            return "", False
        title, text = drawn
        self.update(text)
        return title, True


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


def vp(x: float | int | None) -> str:
    """12.5 -> '12½'."""
    if x is None:
        return "?"
    whole, half = int(x), abs(x - int(x)) >= 0.25
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


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
        t.append(f" ({result_effects(result_key(strength, dice), counterattack)})", "dim")
    after_roll = "\nc accept · Enter re-roll" if combat.get("can_reroll", True) else "\nc accept"
    t.append("\nr roll · Enter assets" if dice is None else after_roll, "#7ec8e3")
    return title, t


ZONE_TEXT = {"dieppe": dieppe_zone, "strange-victory": sv_zone}
TRACK_TEXT = {"dieppe": dieppe_track, "strange-victory": sv_track}
TRACK_TITLE = {"strange-victory": sv_track_title}
FIGHT_TEXT = {"strange-victory": sv_fight}
