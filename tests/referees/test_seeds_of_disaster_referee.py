"""An independent referee for The Seeds of Disaster (seeds-of-disaster:1.0-21.0), from the rulebook alone.

It plays random games through the public protocol (`game_for`, `new`, `prompt`, `apply`, `view`,
`outcome`, `copy_state`) and checks, at every step, what the rules say against what the game
does. The facts come from the views (the table's and each side's) before and after each action
and from the events' data and text; the board, counters and charts are read from the scenario
data files as data. Nothing of the game's package is read beyond its protocol.

Every finding is collected per check; each test asserts that its own list is empty and that the
games gave it enough situations to judge (CHECKS). A check that disagrees with the game stays on
record as a strict xfail naming the disagreement.
"""

from __future__ import annotations

import importlib
import json
import random
import re
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from wargames_tui.engine.dice import Dice

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "scenarios" / "seeds_of_disaster"


def _toml(name: str) -> dict:
    try:
        with open(DATA / name, "rb") as f:
            return tomllib.load(f)
    except OSError:
        return {}


# The board and pieces, as data (seeds-of-disaster:2.1, 2.2, 21.0).
MAP = _toml("map.toml")
AREAS: dict[str, dict] = {a["id"]: a for a in MAP.get("area", [])}
ADJ: dict[str, set[str]] = defaultdict(set)
BORDER: dict[frozenset, str] = {}
for _kind, _pairs in MAP.get("borders", {}).items():
    for _a, _b in _pairs:
        ADJ[_a].add(_b)
        ADJ[_b].add(_a)
        BORDER[frozenset((_a, _b))] = _kind
MCS = {k for k, a in AREAS.items() if a.get("mc")}
OBJECTIVES = MCS | {k for k, a in AREAS.items() if a.get("objective")}
PARIS = {k for k, a in AREAS.items() if a.get("terrain") == "paris"}
_COUNTERS = _toml("counters.toml")
COUNTERS: dict[str, dict] = {u["id"]: u for u in _COUNTERS.get("unit", [])}
FACES: dict[str, dict] = _COUNTERS.get("faces", {})
TABLES = _toml("tables.toml")
TEC_AREA = TABLES.get("terrain", {})
TEC_BORDER = TABLES.get("border", {})
CRT = sorted(TABLES.get("crt", []), key=lambda r: r["from"])
PREWAR = _toml("prewar/tables.toml")
LIMITS = PREWAR.get("limits", {})
CHRONOLOGY = {y["year"]: y for y in _toml("prewar/chronology.toml").get("year", [])}
COST = {c["kind"]: c["rp"] for c in PREWAR.get("cost", [])}
COST_FROM = {c["kind"]: c.get("from") for c in PREWAR.get("cost", [])}
# counter kinds to the Mobilization Costs Chart's rows (the unambiguous ones)
COST_KIND = {"army": "army", "bef": "army", "infantry": "infantry", "belgian": "infantry", "motorized": "motorized",
             "panzer": "panzer", "dlm": "dlm", "armored": "armored", "air": "air", "allied_air": "air",
             "para": "parachute", "westwall": "westwall"}
# the chart's rows by counter kind where the chart has one of that name (our data has an Allied air row)
COST_KIND.update({k: k for k in ("allied_air", "british_armored", "dlc", "belgian", "bef") if k in COST})
HOME = {"german": "G", "french": "F", "british": "F", "dutch": "N", "belgian": "B", "polish": "F"}
MOBILE_KINDS = {"panzer", "motorized", "dlc", "dlm", "armored", "british_armored", "para", "bef"}
CORPS_KINDS = {"infantry", "panzer", "motorized", "dlc", "dlm", "armored", "british_armored", "belgian", "para"}
HIGH_TECH = {"panzer", "motorized", "dlc", "dlm", "armored", "british_armored", "para", "air", "allied_air"}
ARMY_KINDS = {"army", "bef"}
AIR_KINDS = {"air", "allied_air"}

GAME_ID = "seeds-of-disaster"
SCENARIO = "seeds-of-disaster/1934"
SIDES = ("german", "allied")
SIDE_OF_NAME = {"German": "german", "Allied": "allied"}

# Random games: (seed, step cap). Each ends on its own within 420 steps (about 4.5 CPU s on an
# idle machine); a CPU budget in its place cut them short on a loaded one, and the checks then
# met too few situations.
# Seeds 7 and 11 for the rare situations of the war: a defender's army disrupted at its side's
# movement (15.1.2), a Mobile Forces Battle (13.2.1).
GAMES = [(3, 3000), (17, 3000), (29, 3000), (41, 3000), (7, 3000), (11, 3000)]

# seeds-of-disaster:3.1.2 the five Diplomatic Status levels, in order.
PEACE, OPPOSITION, PREPARATIONS, BELLIGERENCE, HOSTILITIES = range(5)
DS_NAMES = {"peace": PEACE, "opposition": OPPOSITION, "preparations": PREPARATIONS,
            "belligerence": BELLIGERENCE, "hostilities": HOSTILITIES}

# seeds-of-disaster:3.4 and the Sequence of Play: the segments of a turn, in order.
SEGMENTS = ["intel-events", "cards", "check", "resources", "mobilization", "movement", "combat", "command",
            "intel-points"]
SEG_INDEX = {name: i for i, name in enumerate(SEGMENTS)}
SEG_TITLES = {"Intelligence Events": "intel-events", "Event Cards": "cards", "Check Die Rolls": "check",
              "Resource Points": "resources", "Troop Mobilization": "mobilization", "Movement": "movement",
              "Intelligence Points": "intel-points", "German attack plan": "plan"}


def _module():
    """The game through its registry if it is registered; else its package's protocol functions."""
    from wargames_tui.games import PACKAGES, game_for

    if GAME_ID in PACKAGES:
        return game_for(SCENARIO)
    try:
        module = importlib.import_module("wargames_tui.games.seeds_of_disaster")
    except ImportError as exc:  # not built yet
        pytest.skip(f"seeds-of-disaster is not importable yet: {exc}")
    missing = [n for n in ("new", "prompt", "apply", "view", "outcome", "copy_state") if not hasattr(module, n)]
    if missing:
        pytest.skip(f"seeds-of-disaster does not answer the protocol yet (no {', '.join(missing)})")
    return module


# ---------------------------------------------------------------- facts from views


def canon(x: Any) -> str:
    return json.dumps(x, sort_keys=True, default=str)


SHOWN_CARDS = {"played", "removed", "in_force", "history"}  # where a card is face up for both sides


def cards_at(obj: Any, ids: set, path: tuple = ()) -> list[tuple[tuple, str]]:
    """(path, id) of every card (a dict with a title) whose id is in `ids`, in a JSON-like tree,
    outside the parts that show cards face up (SHOWN_CARDS)."""
    found = [(path, obj["id"])] if isinstance(obj, dict) and "title" in obj and obj.get("id") in ids else []
    inner = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in inner:
        if isinstance(v, (dict, list)) and k not in SHOWN_CARDS:
            found += cards_at(v, ids, (*path, k))
    return found


def first_difference(a: Any, b: Any, path: tuple = ()) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if canon(a.get(k)) != canon(b.get(k)):
                return first_difference(a.get(k), b.get(k), (*path, k))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if canon(x) != canon(y):
                return first_difference(x, y, (*path, i))
    return f"{'/'.join(map(str, path))}: {canon(a)[:160]} vs {canon(b)[:160]}"


def enemy(side: str) -> str:
    return "allied" if side == "german" else "german"


def ds_level(view: dict) -> int | None:
    return DS_NAMES.get(str(view.get("ds")))


def turn_key(view: dict) -> tuple:
    """(year, month, week): year-turns, then months of Armed Belligerence, then weeks of war."""
    return (view.get("year"), view.get("month") or 0, view.get("week") or 0)


def private(view: dict, side: str) -> dict:
    return ((view.get("strategic") or {}).get("sides") or {}).get(side) or {}


def units(view: dict) -> list[dict]:
    return [u for u in view.get("units", []) if isinstance(u, dict)]


def by_id(view: dict) -> dict[str, dict]:
    return {u["id"]: u for u in units(view) if u.get("id") in COUNTERS}


def zone_of(u: dict | None) -> str | None:
    if not u:
        return None
    z = u.get("zone")
    return z if z in AREAS and u.get("box") == "map" else None


def held_by(view: dict, side: str) -> set[str]:
    """Areas where a side has units on the map (not fortification markers)."""
    return {zone_of(u) for u in units(view) if u.get("side") == side and zone_of(u) and u.get("kind") != "westwall"}


def face(u: dict) -> dict:
    """The counter face in use: corps and air fleets show their reduced face at 1 step (7.2.2)."""
    f = FACES.get(COUNTERS[u["id"]]["kind"], {})
    if f.get("by_step"):  # 7.2.5 a Belgian double corps: the data gives the face at each step count
        return f["by_step"][max(1, min(u.get("steps") or 1, len(f["by_step"]))) - 1]
    return f.get("full" if (u.get("steps") or 0) >= 2 else "reduced", {})


def d36_side(text: str) -> str | None:
    m = re.match(r"(German|Allied)\b", text)
    return SIDE_OF_NAME.get(m.group(1)) if m else None


def event_json(e) -> dict:
    return {"kind": e.kind, "text": e.text, "only": getattr(e, "only", None), **(e.data or {})}


def reachable(a: str, b: str, foes: set[str]) -> bool:
    """Whether b can be reached from a without entering an enemy-held Area."""
    seen, todo = {a}, [a]
    while todo:
        z = todo.pop()
        if z == b:
            return True
        for n in ADJ[z] - foes - seen:
            seen.add(n)
            todo.append(n)
    return False


def table_row(total: int) -> int:
    """A 2d6 table's row index: the modified roll held within 2-12."""
    return min(12, max(2, total)) - 2


def crt_row(diff: int) -> dict:
    row = CRT[0]
    for r in CRT:
        if diff >= r["from"]:
            row = r
    return row


SECRET = [
    ("discard", r"^discard"),  # seeds-of-disaster:4.1.8
    ("strategy", r"^plan$"),  # seeds-of-disaster:19.0
    ("build", r"^(build|invest)$"),  # seeds-of-disaster:3.1.4 with 7.2, 7.3
    ("ip spending", r"^boost$"),  # seeds-of-disaster:5.2.1
    ("card orders", r"^(play-card|ce)$"),  # seeds-of-disaster:3.1.4, 4.1.3: plays are revealed together
]


def secret_kind(a: dict) -> str | None:
    t = str(a.get("type", "")).lower()
    for kind, pattern in SECRET:
        if re.search(pattern, t):
            return kind
    return None


def segment_forbidden(seg: str, ds: int, year: int | None, month: int) -> str | None:
    """Why a segment may not be played at this DS level (seeds-of-disaster:3.4 and the SoP)."""
    y = year or 0
    if seg == "intel-events":
        if ds >= HOSTILITIES:
            return "no Intelligence Events at war (5.3.3)"
        if y < 1937 and ds < BELLIGERENCE:
            return "Intelligence Events begin in 1937 or at Armed Belligerence (5.3)"
    if seg == "cards" and (ds >= HOSTILITIES or (ds == BELLIGERENCE and month > 1)):
        return "the Event Card Segment ends after the first month of Armed Belligerence (3.4, SoP)"
    if seg == "check" and ds >= BELLIGERENCE:
        return "the Chronology is not used from Armed Belligerence (3.3.1)"
    if seg == "resources" and (ds >= HOSTILITIES or (ds == BELLIGERENCE and month > 2)):
        return "RP accumulation ends with the first (SoP) or second (7.1) month of Armed Belligerence"
    if seg == "mobilization" and ds >= HOSTILITIES:
        return "mobilization ends at Active Hostilities (7.4)"
    if seg == "movement" and ds < OPPOSITION:
        return "the Movement Segment begins at Opposition (SoP)"
    if seg in ("combat", "command") and ds < HOSTILITIES:
        return "combat and Command Events only at Active Hostilities (13.1, 6.3)"
    if seg == "intel-points" and y < 1937 and ds < BELLIGERENCE:
        return "IP rolls begin with the 1937 turn (5.1)"
    if seg == "plan" and ds != BELLIGERENCE:
        return "the Attack Strategy is chosen and changed during Armed Belligerence (19.0)"
    return None


def segment_of_event(e, view: dict) -> tuple[tuple | None, str | None, str | None]:
    """(turn key, segment, side) that a phase or roll event announces, else (None, None, None)."""
    text = e.text
    if e.kind == "phase":
        m = re.match(r"(\d{4})(?:, month (\d+) of Armed Belligerence)?: (.+?) \(", text)
        if m:
            seg = SEG_TITLES.get(m.group(3))
            return (int(m.group(1)), int(m.group(2) or 0), 0), seg, None
        m = re.match(r"Week (\d+): (German|Allied) player-turn", text)
        if m:
            return (view.get("year"), view.get("month") or 0, int(m.group(1))), "movement", SIDE_OF_NAME[m.group(2)]
        m = re.match(r"(German|Allied) Combat Segment", text)
        if m:
            return None, "combat", SIDE_OF_NAME[m.group(1)]
    if e.kind == "roll":
        m = re.match(r"(German|Allied) command event roll", text)
        if m:
            return None, "command", SIDE_OF_NAME[m.group(1)]
        m = re.match(r"(German|Allied) (rolls for IPs|may not use the IP table)", text)
        if m:
            return None, "intel-points", SIDE_OF_NAME[m.group(1)]
        m = re.match(r"(German|Allied) intelligence event roll", text)
        if m:
            return None, "intel-events", SIDE_OF_NAME[m.group(1)]
    return None, None, None


# ---------------------------------------------------------------- the referee


class Referee:
    def __init__(self) -> None:
        self.found: dict[str, list[str]] = defaultdict(list)
        self.counts: dict[str, int] = defaultdict(int)
        self.notes: list[str] = []
        self.draw_same = 0
        self.draw_total = 0

    def bad(self, check: str, where: str, what: str) -> None:
        self.counts[check] += 1
        if len(self.found[check]) < 12:
            self.found[check].append(f"{where}: {what}")

    def seen(self, check: str) -> None:
        self.counts[check] += 1

    # -- one game
    def play(self, game, seed: int, cap: int) -> None:
        state = game.new(SCENARIO, {})
        dice = Dice(seed)
        rng = random.Random(seed)
        self.game = game
        self.recs: dict[tuple, dict] = {}
        self.order: list[tuple] = []
        self.war_mp: dict[str, int] = defaultdict(int)
        self.war_moved: set[str] = set()
        self.war_sr: list[str] = []
        self.player_turn: tuple | None = None
        self.attacked: set[str] = set()
        self.fought: set[str] = set()
        self.battle: dict = {}
        self.outcome: list | None = None  # a result whose step losses are still being chosen (13.7.7)
        self.relocations: dict[tuple, dict[str, list]] = defaultdict(dict)
        self.back_from_poland: set[tuple] = set()  # (turn, unit): free to move that month (21.5.2)
        self.mobilized_at: dict[str, tuple] = {}
        self.invested: dict[tuple, int] = defaultdict(int)
        self.maneuvers: dict[tuple, int] = defaultdict(int)
        self.rp_drm_cards: dict[tuple, int] = defaultdict(int)
        self.near_drm: dict[tuple, int] = defaultdict(int)
        self.germans_in_belgium = False
        self.reserve_in: dict[str, tuple] = {}
        before = game.view(state, None)
        own = {s: game.view(state, s) for s in SIDES}
        self.start_checks(before, own, f"seed {seed}")
        step = 0
        for step in range(cap):
            prompt = game.prompt(state)
            where = f"seed {seed} step {step}"
            if prompt.side is None:
                self.end_checks(game, state, before, where)
                break
            actions = sorted(prompt.actions, key=canon)
            self.seen("actions offered")
            if not actions:
                self.bad("actions offered", where, f"{prompt.side} to act in {prompt.phase} with no action")
                break
            self.offered_checks(before, own, prompt, actions, where)
            if step % 3 == 0:
                self.hidden_differential(game, state, prompt, actions, rng, where)
            action = self.choose(actions, rng)
            trial = game.copy_state(state)
            try:
                events = game.apply(state, action, dice)
            except Exception as exc:  # noqa: BLE001 - an offered action must apply
                self.bad("offered actions apply", where, f"{canon(action)} raised {exc!r}")
                break
            self.seen("offered actions apply")
            after = game.view(state, None)
            own_after = {s: game.view(state, s) for s in SIDES}
            where = f"{where} ({turn_key(before)}, {before.get('phase')}, {prompt.side}: {canon(action)})"
            self.sequence(before, after, prompt, action, events, where)
            self.move_checks(before, after, own, own_after, prompt, action, events, where)
            self.economy(before, own, own_after, prompt, action, events, where)
            self.combat(before, after, own, own_after, prompt, action, events, where)
            self.draw_check(game, trial, action, events, where)
            self.state_checks(after, own_after, where)
            self.hidden_views(after, own_after, events, where)
            before, own = after, own_after
        self.notes.append(f"seed {seed}: {step} steps, ended at {turn_key(before)} {before.get('ds')}")
        self.turn_checks(f"seed {seed}")

    def choose(self, actions: list[dict], rng: random.Random) -> dict:
        """A random legal action, leaning a little towards ending steps so that games reach the war,
        and towards investing in technology, neutralizing enemy air fleets, attacking and posting
        corps as Poised Forces, so that Technology Level 2 (7.2.6, 7.3.6), Neutralization (13.5.4),
        Poised Forces (9.2) and disrupted armies (15.1.2) are met."""
        keen = [a for a in actions if a.get("type") in ("invest", "attack") or a.get("neutralize") is True
                or str(a.get("to", "")).startswith("poised:")]
        if keen and rng.random() < 0.5:
            return rng.choice(keen)
        enders = [a for a in actions if re.search(r"end|ready|no-", str(a.get("type", "")))]
        if enders and rng.random() < 0.3:
            return rng.choice(enders)
        return rng.choice(actions)

    # -- the start (seeds-of-disaster:21.1, 21.2, 21.3, 4.1.1)
    def start_checks(self, view, own, where) -> None:
        self.seen("set up")
        if ds_level(view) != PEACE:  # 21.1
            self.bad("set up", where, f"the game starts at DS {view.get('ds')}, not Peace")
        if view.get("year") != 1934:  # 21.1
            self.bad("set up", where, f"the game starts in {view.get('year')}, not 1934")
        for side in SIDES:
            us = by_id(own[side])
            for uid, c in COUNTERS.items():
                if c["side"] != side or uid not in us:
                    continue
                u = us[uid]
                want = {("french", "army"): 5, ("british", "bef"): 4, ("german", "army"): 1}.get((c["nation"], c["kind"]))
                if want is not None and u.get("steps") != want:  # 21.2, 21.3
                    self.bad("set up", where, f"{uid} starts with {u.get('steps')} steps, not {want}")
                if c["kind"] in ARMY_KINDS and u.get("box") not in ("map", "mobilized"):  # 7.2.3 armies begin mobilized
                    self.bad("set up", where, f"{uid} starts in {u.get('box')}")
                if c["kind"] not in ARMY_KINDS and uid not in ("NI", "BI", "ZOAN") and u.get("box") != "pool":  # 21.2, 21.3
                    self.bad("set up", where, f"{uid} starts in {u.get('box')}, not the Force Pool")
            nation = "german" if side == "german" else "french"
            placed = [u for u in us.values() if COUNTERS[u["id"]]["kind"] == "army" and COUNTERS[u["id"]]["nation"] == nation and zone_of(u)]
            zones = [zone_of(u) for u in placed]
            if len(placed) != 3 or len(set(zones)) != 3 or not set(zones) <= MCS:  # 21.2, 21.3 one army an MC
                self.bad("set up", where, f"{nation} armies on the map at the start: {zones}")
        al = by_id(own["allied"])
        if zone_of(al.get("NI")) != "ROT" or (al.get("NI") or {}).get("steps") != 2:  # 21.2
            self.bad("set up", where, f"the Dutch corps starts as {al.get('NI')}")
        if zone_of(al.get("BI")) not in ("ANT", "BRU"):  # 21.2
            self.bad("set up", where, f"the Belgian corps starts in {zone_of(al.get('BI'))}")
        if (al.get("ZOAN") or {}).get("box") != "reserve":  # 21.2 one French air fleet in GQG Reserve
            self.bad("set up", where, f"the French air fleet starts in {(al.get('ZOAN') or {}).get('box')}")
        for side in SIDES:
            if any(u.get("box") == "reserve" and u.get("side") == side and u["id"] != "ZOAN" for u in units(own[side])):
                self.bad("set up", where, f"{side} units in Reserve at the start")

    # -- the sequence of play (seeds-of-disaster:3.1, 3.4 and the Sequence of Play)
    def rec(self, key: tuple, ds: int | None) -> dict:
        if key not in self.recs:
            self.recs[key] = {"key": key, "ds": [], "segs": [], "where": None}
            self.order.append(key)
        r = self.recs[key]
        if ds is not None and (not r["ds"] or r["ds"][-1] != ds):
            r["ds"].append(ds)
        return r

    def sequence(self, before, after, prompt, action, events, where) -> None:
        k0, k1 = turn_key(before), turn_key(after)
        r0 = self.rec(k0, ds_level(before))
        r0["where"] = r0["where"] or where
        key, ds = k0, ds_level(before)
        for e in events:
            if e.kind == "ds":
                m = re.search(r"rises to (Opposition|Military Preparations|Armed Belligerence|Active Hostilities)", e.text)
                if m:
                    ds = {"Opposition": OPPOSITION, "Military Preparations": PREPARATIONS,
                          "Armed Belligerence": BELLIGERENCE, "Active Hostilities": HOSTILITIES}[m.group(1)]
                elif "Active Hostilities" in e.text or "war (12.0)" in e.text:
                    ds = HOSTILITIES
                if m and ds == BELLIGERENCE:
                    # seeds-of-disaster:3.3.5: Armed Belligerence only from the start of the next year-turn
                    self.seen("belligerence next turn")
                    if "next turn" not in e.text and "begins" not in e.text:
                        self.bad("belligerence next turn", where, e.text)
                if key == k0:
                    self.rec(key, ds)
            ekey, seg, side = segment_of_event(e, after)
            if ekey is not None:
                key = ekey
                if key == k1:
                    ds = ds_level(after)
            if seg:
                self.rec(key, ds)["segs"].append((seg, side, ds))
        if prompt.phase and prompt.side:
            # who acts in the war: the player-turn's owner moves and attacks (3.1.5)
            if str(before.get("phase")) in ("war-movement", "war-combat"):
                self.seen("player-turn owner acts")
                if before.get("player") not in (None, prompt.side):
                    self.bad("player-turn owner acts", where, f"{prompt.side} acts in {before.get('player')}'s player-turn")
        self.rec(k1, ds_level(after))

    def turn_checks(self, where) -> None:
        """At the end of a game, every turn it went through."""
        prev = None
        years = [k[0] for k in self.order if k[1] == 0 and k[2] == 0]
        months = [k[1] for k in self.order if k[1] > 0 and k[2] == 0]
        weeks = [k[2] for k in self.order if k[2] > 0]
        self.seen("turn scale")
        # seeds-of-disaster:3.1.2 year-turns one after another, months of Armed Belligerence, weeks of war
        if years != list(range(1934, 1934 + len(years))):
            self.bad("turn scale", where, f"year-turns {years}")
        if months != list(range(1, len(months) + 1)) or len(months) > 8:  # SoP Armed Belligerence (e)
            self.bad("turn scale", where, f"months of Armed Belligerence {months}")
        if weeks != list(range(1, len(weeks) + 1)) or len(weeks) > 10:  # 3.1.2 ten weeks
            self.bad("turn scale", where, f"weeks of war {weeks}")
        for key in self.order:
            r = self.recs[key]
            w = f"{where} turn {key}"
            ds_list = r["ds"]
            if not ds_list:
                continue
            rises = sum(1 for a, b in zip(ds_list, ds_list[1:], strict=False) if b > a)
            if prev is not None and self.recs[prev]["ds"] and ds_list[0] > self.recs[prev]["ds"][-1] and ds_list[0] != BELLIGERENCE:
                rises += 1
            self.seen("one level a turn")
            if rises > 1:  # seeds-of-disaster:3.1.3
                self.bad("one level a turn", w, f"DS levels {ds_list} in one turn")
            if BELLIGERENCE in ds_list:
                self.seen("belligerence next turn")
            if BELLIGERENCE in ds_list and ds_list[0] < BELLIGERENCE:  # 3.3.5
                self.bad("belligerence next turn", w, f"DS levels {ds_list}: Armed Belligerence began within the turn")
            if key[0] == 1940 and prev and prev[0] < 1940 and self.recs[prev]["ds"]:
                self.seen("belligerence by 1940")
            if key[0] == 1940 and key[1] == 0 and key[2] == 0 and ds_list[0] < BELLIGERENCE and prev and self.recs[prev]["ds"][-1] == PREPARATIONS:
                self.bad("belligerence by 1940", w, "the 1940 turn began at Military Preparations (3.1.2)")
            self.segment_checks(key, r, w)
            prev = key

    def segment_checks(self, key, r, where) -> None:
        year, month, week = key
        segs = r["segs"]
        names = [s for s, _, _ in segs]
        # seeds-of-disaster:3.4 and the SoP: the segments played at each DS level
        self.seen("segments by status")
        for seg, _side, ds in segs:
            why = segment_forbidden(seg, ds if ds is not None else r["ds"][0], year, month)
            if why:
                self.bad("segments by status", where, f"{seg} at DS {ds}: {why}")
        ds0 = r["ds"][0]
        if week == 0 and ds0 < HOSTILITIES and names:
            # seeds-of-disaster:3.4 the segments in the listed order
            self.seen("segment order")
            order = [SEG_INDEX[s] for s in names if s in SEG_INDEX]
            if order != sorted(order):
                self.bad("segment order", where, f"segments {names}")
            last = r["ds"][-1]
            wanted = ["cards", "resources", "mobilization"] if ds0 < BELLIGERENCE else ["intel-events", "mobilization"]
            if ds0 >= OPPOSITION:
                wanted.append("movement")
            if (year or 0) >= 1937 or ds0 >= BELLIGERENCE:
                wanted += ["intel-events", "intel-points"]
            if ds0 == BELLIGERENCE and month == 1:
                wanted += ["cards", "resources", "plan"]
            if last < HOSTILITIES:  # a turn cut short by the war lacks its later segments
                for seg in sorted(set(wanted)):
                    self.seen("segments present")
                    if seg not in names:
                        self.bad("segments present", where, f"no {seg} segment in turn {key} (DS {r['ds']})")
        if week > 0:
            # seeds-of-disaster:3.1.5, 3.4: the German player-turn first, then the Allied; then
            # Command Events, the German roll first (6.3.2); IPs are rolled every turn (3.4, 5.1)
            self.seen("war turn order")
            seq = [(s, side) for s, side, _ in segs if s in ("movement", "combat", "command", "intel-points")]
            want = [("movement", "german"), ("combat", "german"), ("movement", "allied"), ("combat", "allied"),
                    ("command", "german"), ("command", "allied")]
            core = [x for x in seq if x[0] != "intel-points"]
            if core and core != want[: len(core)]:
                self.bad("war turn order", where, f"week {week}: {core}")
            if len(core) == len(want):
                self.seen("ip rolls at war")
                if not any(s == "intel-points" for s, _ in seq):
                    self.bad("ip rolls at war", where, f"week {week}: no Intelligence Points roll")

    # -- what is offered
    def offered_checks(self, view, own, prompt, actions, where) -> None:
        ds = ds_level(view)
        side = prompt.side
        types = {a.get("type") for a in actions}
        mine = by_id(own[side]) if side in SIDES else {}
        if "move" in types and ds == HOSTILITIES:
            for uid, u in mine.items():
                if u.get("disrupted") and COUNTERS.get(uid, {}).get("kind") in ARMY_KINDS:
                    self.seen("disrupted armies stay")  # 15.1.2: judged on each move offered
        for a in actions:
            t = str(a.get("type", ""))
            if t == "attack":
                self.seen("no combat before war")
                if ds is not None and ds < HOSTILITIES:  # seeds-of-disaster:13.1
                    self.bad("no combat before war", where, f"{canon(a)} offered at DS {view.get('ds')}")
                self.offered_attack(view, mine, side, a, where)
            if t in ("build", "invest"):
                self.seen("no mobilization in war")
                if ds == HOSTILITIES:  # seeds-of-disaster:7.4, 7.1
                    self.bad("no mobilization in war", where, f"{canon(a)} offered at war")
                if t == "build":
                    self.offered_build(own[side], mine, side, a, where)
            if t == "sr":
                self.seen("strategic redeployment")
                if ds != HOSTILITIES:  # seeds-of-disaster:11.0
                    self.bad("strategic redeployment", where, f"{canon(a)} offered at DS {view.get('ds')}")
                self.offered_sr(view, mine, side, a, where)
            if t == "maneuver":
                self.offered_maneuver(view, own[side], side, a, ds, where)
            if t in ("play-card", "ce", "discard-card", "counter", "spy"):
                self.seen("no cards at war")
                if ds == HOSTILITIES:  # SoP Active Hostilities: no more Counterespionage; 4.1.6 events in the card segment
                    self.bad("no cards at war", where, f"{canon(a)} offered at war")
            if t == "boost":
                self.seen("ip boost")
                ip = private(own[side], side).get("ip")
                if ds == HOSTILITIES or (ip is not None and ip < 1):  # seeds-of-disaster:5.2.1
                    self.bad("ip boost", where, f"{canon(a)} offered at DS {view.get('ds')} with {ip} IPs")
            if t in ("shift", "move", "enter", "deploy"):
                self.offered_move(view, mine, side, a, ds, where)
            if t == "retreat":
                self.offered_retreat(view, a, where)
            if t == "plan":
                self.seen("strategy chosen in belligerence")
                if ds != BELLIGERENCE:  # seeds-of-disaster:19.0
                    self.bad("strategy chosen in belligerence", where, f"{canon(a)} offered at DS {view.get('ds')}")
            if t == "reserve":
                self.seen("reserve")
                u = mine.get(a.get("unit"))
                if u is not None and COUNTERS[u["id"]]["kind"] not in CORPS_KINDS:  # 6.2.2 corps-size units
                    self.bad("reserve", where, f"{canon(a)}: {COUNTERS[u['id']]['kind']} is not a corps")
                if u is not None and u["id"] in self.reserve_in and self.reserve_in[u["id"]] == turn_key(view):
                    self.bad("reserve", where, f"{canon(a)}: left Reserve this turn (2.3.2 a)")
                cp = private(view, side).get("cp")
                if cp is not None and cp < 1 and ds == HOSTILITIES:  # 2.3.2 c
                    self.bad("reserve", where, f"{canon(a)} offered with {cp} CPs")
        if ds == HOSTILITIES and view.get("phase") == "war-combat" and side in SIDES and "attack" in types | {"end-combat"}:
            self.attackable(view, mine, side, actions, where)

    def offered_retreat(self, view, a, where) -> None:
        b = view.get("battle") or {}
        if b.get("winner") in SIDES:
            self.way_back(view, enemy(b["winner"]), a.get("from"), a.get("path") or [], canon(a), where)

    def way_back(self, view, loser, start, path, text, where) -> None:
        """seeds-of-disaster:13.7.8 each Area of a way back is adjacent to the last, free of the enemy
        and closer to a friendly MC (not the Area left); 16.1.1 two Areas after a Breakthrough."""
        if start not in AREAS or loser not in SIDES:
            return
        self.seen("retreat paths")
        mcs = {z for z in MCS if z != start and (view["zones"].get(z) or {}).get("control") == loser}
        dist = {z: 0 for z in mcs}
        frontier = list(mcs)
        while frontier:
            nxt = []
            for z in frontier:
                for n in ADJ[z]:
                    if n not in dist:
                        dist[n] = dist[z] + 1
                        nxt.append(n)
            frontier = nxt
        foes = held_by(view, enemy(loser))
        here = start
        for z in path:
            if z not in ADJ[here] or z in foes or dist.get(z, 99) >= dist.get(here, 99):
                self.bad("retreat paths", where, f"{text}: {here} -> {z} (13.7.8)")
                return
            here = z
        if not path or len(path) > 3:
            self.bad("retreat paths", where, f"{text}: {len(path)} Areas (13.7.8, 16.1.1)")

    def offered_move(self, view, mine, side, a, ds, where) -> None:
        """Moves offered: never into enemy-held Areas (10.1.12) nor across borders before Armed
        Belligerence (12.0); Dutch and Belgian units stay home (7.2.5, 12.0); a disrupted army
        does not move (15.1.2)."""
        uid, to = a.get("unit"), a.get("to")
        if uid not in COUNTERS or to not in AREAS:
            return
        c = COUNTERS[uid]
        self.seen("no entry into enemy areas")
        if to in held_by(view, enemy(c["side"])):
            self.bad("no entry into enemy areas", where, f"{canon(a)} offered into enemy-held {to}")
        country = AREAS[to]["country"]
        hostile = ("F", "B", "N") if c["side"] == "german" else ("G",)
        self.seen("borders before belligerence")
        if ds is not None and ds < BELLIGERENCE and country in hostile:
            self.bad("borders before belligerence", where, f"{canon(a)} offered into {country} at DS {view.get('ds')}")
        if c["nation"] in ("dutch", "belgian"):
            self.seen("minor allies stay home")
            if country != HOME[c["nation"]]:
                self.bad("minor allies stay home", where, f"{canon(a)} offered out of {HOME[c['nation']]}")
        u = mine.get(uid)
        if u and u.get("disrupted") and c["kind"] in ARMY_KINDS and a.get("type") == "move":
            self.bad("disrupted armies stay", where, f"{canon(a)} offered to a disrupted army")
        if ds is not None and ds < PREPARATIONS and to not in MCS:  # seeds-of-disaster:10.1.2
            self.seen("mc only before preparations")
            self.bad("mc only before preparations", where, f"{canon(a)} offered at DS {view.get('ds')}")
        # 21.4: British units land in a coastal Area of France, not at an MC
        landing = c["nation"] == "british" and to in AREAS and AREAS[to].get("coast") and AREAS[to]["country"] == "F"
        if a.get("type") == "enter":
            self.seen("enter at an mc")  # seeds-of-disaster:7.2.1 the mobilized enter at an MC
            if not landing and (to not in MCS or AREAS[to]["country"] != HOME[c["nation"]]):
                self.bad("enter at an mc", where, f"{canon(a)} offered")

    def offered_build(self, view, mine, side, a, where) -> None:
        uid = a.get("unit")
        if uid not in COUNTERS:
            return
        c = COUNTERS[uid]
        u = mine.get(uid, {})
        p = private(view, side)
        pooled = {i for i, x in mine.items() if x.get("box") == "pool"}
        # a corps whose first step is already ordered this segment counts as built first (7.2.7)
        ordered = {o.get("unit") for o in p.get("orders") or [] if o.get("type") == "build"}
        if c["nation"] == "french" and c["kind"] in ("dlm", "armored") and uid in pooled:
            pooled -= ordered
            # seeds-of-disaster:7.2.7 the DLC first, then a DLM, before any armored corps
            self.seen("french mobile order")
            if "DLC" in pooled or (c["kind"] == "armored" and {"DLM1", "DLM2"} <= pooled):
                self.bad("french mobile order", where, f"{canon(a)} offered; still in the Force Pool {sorted(pooled & {'DLC', 'DLM1', 'DLM2'})}")
        if c.get("needs") and uid in pooled:
            self.seen("french mobile order")  # 7.2.7 the second DLM and armored corps need Event 20
            if c["needs"] not in self.in_force_cards(view):
                self.bad("french mobile order", where, f"{canon(a)} offered (needs Event {c['needs']})")
        if c["kind"] in HIGH_TECH and (u.get("steps") or 0) >= 1:
            # seeds-of-disaster:7.2.6, 7.3.6 no full strength before Technology Level 2, nor on the
            # turn the unit was first mobilized
            self.seen("full strength needs level 2")
            self.seen("not full on the first turn")
            if p.get("tech_level", 1) < 2:
                self.bad("full strength needs level 2", where, f"{canon(a)} offered at Technology Level {p.get('tech_level')}")
            if self.mobilized_at.get(uid) == turn_key(view):
                self.bad("not full on the first turn", where, f"{canon(a)}: {uid} was first mobilized this turn")
        kind = COST_KIND.get(c["kind"])
        frm = COST_FROM.get(kind) if kind else None
        year = view.get("year") or 0
        if frm and year < frm and uid in pooled:
            # seeds-of-disaster:7.2, 7.5.1 not before the chart's date, unless an Event Card allows it
            self.seen("build dates")
            unlocked = set(p.get("unlocked") or [])
            if not (unlocked & {kind, c["kind"]}):
                self.bad("build dates", where, f"{canon(a)} offered in {year}, the chart's date {frm}, unlocked {sorted(unlocked)}")
        if c["kind"] == "westwall":
            # seeds-of-disaster:14.2.1 German Areas bordering France, Belgium or the Netherlands; one each
            area = a.get("zone")
            self.seen("westwall areas")
            if area is not None:
                border = AREAS.get(area, {}).get("country") == "G" and any(AREAS[n]["country"] in ("F", "B", "N") for n in ADJ[area])
                there = [i for i, x in mine.items() if zone_of(x) == area and COUNTERS[i]["kind"] == "westwall" and i != uid]
                if not border or there:
                    self.bad("westwall areas", where, f"{canon(a)} offered ({'already ' + str(there) if there else 'not a border Area'})")
        if c["kind"] in ARMY_KINDS and (u.get("steps") or 0) >= 19:  # seeds-of-disaster:2.3.1, 7.2.3
            self.seen("army steps")
            self.bad("army steps", where, f"{canon(a)} offered to an army of {u.get('steps')} steps")

    def in_force_cards(self, view) -> set:
        s = (view.get("strategic") or {})
        return {x if isinstance(x, (int, str)) else x.get("id") for x in (s.get("in_force") or []) + (s.get("removed") or [])} | {
            "allies_enter_belgium" if "allies_enter_belgium" in canon(s) else None}

    def offered_maneuver(self, view, ownview, side, a, ds, where) -> None:
        """seeds-of-disaster:6.1.1: two troop units in a French or German MC; the Allies first hold
        every other French MC (a); not in Dutch or Belgian MCs (b); from Opposition, before the war."""
        self.seen("maneuvers")
        zone = a.get("zone")
        if ds is None or ds < OPPOSITION or ds >= HOSTILITIES:
            self.bad("maneuvers", where, f"{canon(a)} offered at DS {view.get('ds')}")
        if zone not in MCS or AREAS[zone]["country"] not in ("F", "G"):
            self.bad("maneuvers", where, f"{canon(a)}: not a French or German MC")
            return
        troops = defaultdict(list)
        for u in units(ownview):
            if u.get("side") == side and zone_of(u) and COUNTERS.get(u["id"], {}).get("kind") not in AIR_KINDS | {"westwall"}:
                troops[zone_of(u)].append(u["id"])
        if len(troops[zone]) < 2:
            self.bad("maneuvers", where, f"{canon(a)}: {troops[zone]} in {zone}")
        if side == "allied":
            empty = [z for z in MCS if AREAS[z]["country"] == "F" and z != zone and not troops[z]]
            if empty:
                self.bad("maneuvers", where, f"{canon(a)}: no French troops in the MCs {sorted(empty)} (6.1.1 a)")
        if self.maneuvers[(turn_key(view), side)] >= 2:
            self.bad("maneuvers", where, f"{canon(a)}: a third MC this turn (6.1.1 c)")

    def offered_attack(self, view, mine, side, a, where) -> None:
        """seeds-of-disaster:13.1 across a border into an adjacent enemy Area; 13.1.2 one army (more
        by Overconcentration, 6.2.4, 5 CPs); 13.1.3 each Area once a Combat Segment; 15.1.2 no
        disrupted army attacks."""
        target, ids = a.get("area"), a.get("units") or []
        self.seen("attacks offered")
        if target not in held_by(view, enemy(side)):
            self.bad("attacks offered", where, f"{canon(a)}: no enemy in {target}")
        for i in ids:
            u = mine.get(i, {})
            z = zone_of(u)
            if z is None or (z != target and target not in ADJ[z]):
                self.bad("attacks offered", where, f"{canon(a)}: {i} in {z} is not adjacent to {target}")
            if u.get("disrupted") and COUNTERS[i]["kind"] in ARMY_KINDS:
                self.bad("attacks offered", where, f"{canon(a)}: {i} is disrupted (15.1.2)")
            if COUNTERS.get(i, {}).get("kind") in AIR_KINDS | {"westwall"}:
                self.bad("attacks offered", where, f"{canon(a)}: {i} is not a ground unit")
        armies = [i for i in ids if COUNTERS.get(i, {}).get("kind") in ARMY_KINDS]
        cp = private(view, side).get("cp")
        if len(armies) > 1 and cp is not None and cp < 5:
            self.bad("attacks offered", where, f"{canon(a)}: {len(armies)} armies with {cp} CPs (6.2.4 costs 5)")
        if target in self.attacked:
            self.bad("attacks offered", where, f"{canon(a)}: {target} was attacked this Combat Segment (13.1.3)")

    def attackable(self, view, mine, side, actions, where) -> None:
        """seeds-of-disaster:13.1: every enemy Area next to a friendly ground unit free to attack
        can be attacked in the Combat Segment, unless it was attacked already (13.1.3)."""
        offered = {a.get("area") for a in actions if a.get("type") == "attack"}
        able = [u for u in mine.values() if zone_of(u) and u.get("side") == side and u["id"] not in self.fought and COUNTERS[u["id"]]["kind"] in ARMY_KINDS | CORPS_KINDS
                and not (u.get("disrupted") and COUNTERS[u["id"]]["kind"] in ARMY_KINDS)]
        foes = held_by(view, enemy(side))
        for u in able:
            for z in sorted(ADJ[zone_of(u)] & foes):
                self.seen("every enemy attackable")
                if z not in offered and z not in self.attacked:
                    self.bad("every enemy attackable", where, f"{side} may not attack {z} from {zone_of(u)} ({u['id']})")

    def offered_sr(self, view, mine, side, a, where) -> None:
        """seeds-of-disaster:11.0 a Strategic Redeployment never starts next to an enemy unit and
        never enters an enemy Area; it goes to a friendly Area (6.2.1); no SR after normal movement."""
        uid, to = a.get("unit"), a.get("to")
        u = mine.get(uid)
        if u is None or to not in AREAS:
            return
        foes = held_by(view, enemy(side))
        z = zone_of(u)
        if z is not None and ADJ[z] & foes:
            self.bad("strategic redeployment", where, f"{canon(a)}: {uid} starts next to the enemy in {sorted(ADJ[z] & foes)}")
        if to in foes:
            self.bad("strategic redeployment", where, f"{canon(a)}: {to} is enemy-held")
        elif z is not None and not reachable(z, to, foes):
            self.bad("strategic redeployment", where, f"{canon(a)}: no way from {z} to {to} but through the enemy")
        if view["zones"].get(to, {}).get("control") not in (side, None):
            self.bad("strategic redeployment", where, f"{canon(a)}: {to} is controlled by {view['zones'][to].get('control')} (6.2.1)")
        if uid in self.war_moved:
            self.bad("strategic redeployment", where, f"{canon(a)}: {uid} moved normally this turn")

    # -- moves done
    def move_checks(self, before, after, own, own_after, prompt, action, events, where) -> None:
        ds0, ds1 = ds_level(before), ds_level(after)
        t = action.get("type")
        key = turn_key(before)
        if before.get("player") and (key, before.get("player")) != self.player_turn:
            self.player_turn = (key, before.get("player"))
            self.war_mp, self.war_moved, self.war_sr = defaultdict(int), set(), []
        was = by_id(own["german"])
        for uid, u in by_id(own_after["german"]).items():
            if str(was.get(uid, {}).get("box", "")).startswith("poland") and u.get("box") == "map":
                self.back_from_poland.add((turn_key(after), uid))
        for e in events:
            d = e.data or {}
            if e.kind != "move" or d.get("unit") not in COUNTERS:
                continue
            uid = d["unit"]
            c = COUNTERS[uid]
            side = c["side"]
            frm = d.get("from")
            to = d.get("to") or zone_of(by_id(own_after[side]).get(uid))
            if to in AREAS:
                country = AREAS[to]["country"]
                hostile = ("F", "B", "N") if side == "german" else ("G",)
                # seeds-of-disaster:12.0 no one enters the other side's territory before Armed Belligerence
                self.seen("borders before belligerence")
                if ds0 < BELLIGERENCE and country in hostile:
                    self.bad("borders before belligerence", where, f"{e.text}")
                # 12.0: at Armed Belligerence a German entry into the Low Countries or France, or a
                # French entry into Germany, starts the war at once
                if ds0 == BELLIGERENCE and ((side == "german" and country in hostile) or (c["nation"] == "french" and country == "G")):
                    self.seen("crossing starts the war")
                    if ds1 != HOSTILITIES:
                        self.bad("crossing starts the war", where, f"{e.text}; DS stays {after.get('ds')}")
                if ds0 == BELLIGERENCE and c["nation"] in ("british", "dutch", "belgian") and country == "G":
                    self.notes.append(f"{where}: {e.text} (12.0 names German and French crossings)")
                if side == "german" and country == "B":
                    self.germans_in_belgium = True
                if c["nation"] in ("french", "british") and country == "B":
                    # 12.0 French and British enter Belgium after the Germans (or by Event 4 / IE 65)
                    self.seen("belgium after the germans")
                    if not self.germans_in_belgium and not {4, "allies_enter_belgium"} & self.in_force_cards(before):
                        self.bad("belgium after the germans", where, f"{e.text} before any German entered Belgium")
                if c["nation"] in ("dutch", "belgian"):
                    self.seen("minor allies stay home")
                    if country != HOME[c["nation"]]:  # 7.2.5, 12.0
                        self.bad("minor allies stay home", where, f"{e.text}")
                if t in ("shift", "move", "sr", "deploy", "enter"):
                    self.seen("no entry into enemy areas")
                    if to in held_by(before, enemy(side)):  # 10.1.12
                        self.bad("no entry into enemy areas", where, f"{e.text}")
            if frm in AREAS and c["kind"] in ARMY_KINDS:
                self.seen("armies stay on the map")
                if to not in AREAS and to != "eliminated":
                    self.bad("armies stay on the map", where, f"{e.text} (10.1.6)")
            if ds0 < HOSTILITIES and (key, uid) not in self.back_from_poland:  # the relocation orders, carried out at the segment's end
                moves = self.relocations[(key, side)]
                moves.setdefault(uid, [frm, to])[1] = to
                self.check_limits(key, side, ds0, where)
            if ds0 == HOSTILITIES and t == "move" and side == prompt.side:
                self.war_move(before, own, uid, d.get("path") or [frm, to], e.text, where)
            if ds0 == HOSTILITIES and t == "sr":
                self.seen("sr cost")
                free = "(free, 11.0)" in e.text
                self.war_sr.append(uid)
                if free != (len(self.war_sr) == 1):  # 11.0 one free SR a player-turn, more at 1 CP (6.2.1)
                    self.bad("sr cost", where, f"SR number {len(self.war_sr)}: {e.text}")
            if t == "reserve" or to == "reserve":
                self.reserve_in.setdefault(uid, key)
            if frm == "reserve":
                self.reserve_in[uid] = key
        if t == "reserve" and ds0 == HOSTILITIES:
            cp0 = private(before, prompt.side).get("cp")
            cp1 = private(after, prompt.side).get("cp")
            self.seen("reserve")
            if cp0 is not None and cp1 is not None and cp1 != cp0 - 1:  # 2.3.2 c, 6.2.2
                self.bad("reserve", where, f"CPs {cp0} -> {cp1} for a corps into Reserve")
        if t == "deploy" and action.get("to") in AREAS:
            # seeds-of-disaster:2.3.2 f up to 2 Areas from a friendly unit, no enemy between
            to = action["to"]
            # a Westwall fortification is a unit (7.2 lists it among the unit types): a friend here
            friends = held_by(before, prompt.side) | {
                zone_of(u) for u in units(before) if u.get("side") == prompt.side and u.get("kind") == "westwall" and zone_of(u)}
            foes = held_by(before, enemy(prompt.side))
            self.seen("deploy from reserve")
            ok = to in friends or any(f in ADJ[to] for f in friends) or any(
                m not in foes and (ADJ[m] & friends) for m in ADJ[to])
            if not ok or to in foes:
                self.bad("deploy from reserve", where, f"{canon(action)}")
        if ds0 < PREPARATIONS and t == "shift":
            to = action.get("to")
            self.seen("mc only before preparations")
            if to in AREAS and to not in MCS:  # seeds-of-disaster:10.1.2
                self.bad("mc only before preparations", where, f"{canon(action)} at DS {before.get('ds')}")
        if before.get("phase") in ("war-movement",) and after.get("phase") != "war-movement":
            self.stacking(after, where)
        if before.get("phase") == "prewar-move" and after.get("phase") != "prewar-move":
            self.stacking(after, where)
        if after.get("phase") == "war-combat" and before.get("phase") == "war-movement":
            self.attacked = set()
            self.fought = set()

    def war_move(self, before, own, uid, route, text, where) -> None:
        """seeds-of-disaster:10.1.7, 10.1.11 and the TEC: the MPs of each Area and border crossed
        stay within the allowance (armies 3, 10.1.5; corps as printed); 10.1.10 a CP cancels a
        major river; 15.1.2 a disrupted army does not move; 11.0 no normal move after an SR."""
        c = COUNTERS[uid]
        u = by_id(own[c["side"]]).get(uid, {})
        self.seen("movement allowance")
        # a move names its whole route, Area after Area (10.1.7)
        for frm, to in zip(route, route[1:]):
            if frm not in AREAS or to not in AREAS:
                return
            if to not in ADJ[frm]:
                self.bad("movement allowance", where, f"{text}: {frm} and {to} are not adjacent")
                return
            border = BORDER[frozenset((frm, to))]
            cost = TEC_AREA.get(AREAS[to].get("terrain", "clear"), {}).get("mp", 1) + TEC_BORDER.get(border, {}).get("mp", 0)
            if "major rivers" in text and border == "major":
                cost -= TEC_BORDER["major"]["mp"]
            self.war_mp[uid] += cost
        allowance = 3 if c["kind"] in ARMY_KINDS else face(u).get("mp", 0)
        if self.war_mp[uid] > allowance:
            self.bad("movement allowance", where, f"{text}: {self.war_mp[uid]} MPs spent, allowance {allowance}")
        if u.get("disrupted") and c["kind"] in ARMY_KINDS:
            self.bad("disrupted armies stay", where, f"{text}: {uid} is disrupted (15.1.2)")
        if uid in self.war_sr:
            self.bad("strategic redeployment", where, f"{text}: {uid} redeployed this turn (11.0)")
        self.war_moved.add(uid)

    def check_limits(self, key, side, ds, where) -> None:
        """The Sequence of Play's movement limits: Opposition 2 units between MCs (or from off the
        map); Military Preparations those 2 plus 1 from an MC to an Area of its own country; Armed
        Belligerence 2 between MCs or off the map plus 4 on the map (10.1.3, 10.1.4); units back
        from Poland that month are not counted (21.5.2)."""
        moves = self.relocations[(key, side)]
        between = {u for u, (a, b) in moves.items() if (a in MCS or a not in AREAS) and (b in MCS or b not in AREAS)}
        onmap = {u for u in moves if u not in between}
        self.seen("movement limits")
        text = f"{side} relocated {moves} at DS {ds}"
        if ds == PEACE:
            self.bad("movement limits", where, f"no Movement Segment at Peace: {text}")
        elif ds == OPPOSITION and (len(between) > 2 or onmap):
            self.bad("movement limits", where, text)
        elif ds == PREPARATIONS:
            outside = [u for u in onmap if moves[u][1] in AREAS and AREAS[moves[u][1]]["country"] != HOME[COUNTERS[u]["nation"]]]
            from_field = [u for u in onmap if moves[u][0] in AREAS and moves[u][0] not in MCS]
            if len(between) > 2 or len(onmap) > 1 or outside or from_field:
                self.bad("movement limits", where, text)
        elif ds == BELLIGERENCE and (len(between) > 2 + max(0, 4 - len(onmap)) or len(onmap) > 4):
            self.bad("movement limits", where, text)

    def stacking(self, view, where) -> None:
        """seeds-of-disaster:8.0: one army an Area but in an MC (Overconcentration is an attack)."""
        self.seen("stacking")
        armies: dict[tuple, list[str]] = defaultdict(list)
        for u in units(view):
            if u.get("id") in COUNTERS and COUNTERS[u["id"]]["kind"] in ARMY_KINDS and zone_of(u):
                armies[(zone_of(u), u["side"])].append(u["id"])
        for (z, side), ids in armies.items():
            if len(ids) > 1 and z not in MCS:
                self.bad("stacking", where, f"{side} armies {ids} together in {z}")

    # -- the economy: RPs, IPs, builds, Technology, Military Maneuvers, Check Rolls
    def economy(self, before, own, own_after, prompt, action, events, where) -> None:
        side = prompt.side
        t = action.get("type")
        key = turn_key(before)
        dealt: set[str] = set()
        ds_now = str(before.get("ds"))
        for e in events:
            d = e.data or {}
            if e.kind == "ds":
                # seeds-of-disaster:3.3.5 the DS changes at once: the RP roll after the checks reads the new level
                m = re.search(r"(?:rises|falls) to (Peace|Opposition|Military Preparations)", e.text)
                if m:
                    ds_now = {"Peace": "peace", "Opposition": "opposition", "Military Preparations": "preparations"}[m.group(1)]
            if e.kind == "points" and e.text.startswith("RP roll") and d.get("side") in SIDES:
                self.rp_roll({**before, "ds": ds_now}, d, e.text, where)
            elif e.kind == "points" and e.text.startswith("IP roll") and d.get("side") in SIDES:
                self.ip_roll(before, own, d, where)
            elif e.kind == "points":
                m = re.search(r"(German|Allied) RP roll \+(\d+) this turn", e.text)
                if m:
                    self.rp_drm_cards[(key[0], SIDE_OF_NAME[m.group(1)])] += int(m.group(2))
            elif e.kind == "roll" and e.text.startswith("Check roll for"):
                self.check_roll(before, e.text, where)
            elif e.kind == "draw":
                m = re.match(r"(German|Allied) draws (\d+) Event cards", e.text)
                if m and t == "deal" and m.group(1) not in dealt:
                    # seeds-of-disaster:4.1.1 the first draw of each side; 4.1.2 the 1934 segment's draw follows
                    dealt.add(m.group(1))
                    self.seen("opening hands")  # seeds-of-disaster:4.1.1 six cards each before play
                    if int(m.group(2)) != LIMITS.get("opening_hand", 6):
                        self.bad("opening hands", where, e.text)
                elif m and before.get("ds") != "belligerence":
                    # seeds-of-disaster:3.3.6, 4.1.2 as many as the Chronology says for the year
                    self.seen("cards drawn per chronology")
                    year = before.get("year") if before.get("segment") != "ip" else (before.get("year") or 0) + 1
                    want = CHRONOLOGY.get(year, {}).get("draw")
                    if want is not None and int(m.group(2)) != want and t != "deal":
                        self.notes.append(f"{where}: {e.text}; the Chronology's {year} draw is {want}")
        if side not in SIDES:
            return
        p0, p1 = private(own[side], side), private(own_after[side], side)
        rp0, rp1, cp0, cp1 = p0.get("rp"), p1.get("rp"), p0.get("cp"), p1.get("cp")
        if t == "maneuver":
            # seeds-of-disaster:6.1.1 c an MM costs the chart's RPs and gives 3 CPs
            self.seen("maneuver gains")
            self.maneuvers[(key, side)] += 1
            cost = COST.get("maneuver")
            if cp0 is not None and cp1 is not None and cp1 != min(LIMITS.get("points_max", 19), cp0 + 3) and cp1 != cp0:
                self.bad("maneuver gains", where, f"CPs {cp0} -> {cp1}")
            if rp0 is not None and rp1 is not None and rp0 != rp1 and rp0 - rp1 != cost:
                self.bad("maneuver gains", where, f"RPs {rp0} -> {rp1}, the chart's cost {cost}")
        if t == "invest":
            spent = rp0 - rp1 if rp0 is not None and rp1 is not None else None
            self.seen("technology")
            if spent:
                self.invested[(key, side)] += spent
                if spent not in (10, 20) or self.invested[(key, side)] > 20:  # seeds-of-disaster:7.3.2
                    self.bad("technology", where, f"{side} invested {spent} RPs, {self.invested[(key, side)]} this turn")
        for e in events:
            # seeds-of-disaster:7.2 a step costs the chart's RPs, paid as the orders are carried
            # out; 7.5.2 halved by a card, rounded up; 7.2.2 one step an expenditure
            m = re.match(r"(German|Allied) builds a step of (\S+) \((\d+) now, (\d+) RPs\)", e.text)
            if e.kind != "build" or not m or m.group(2) not in COUNTERS:
                continue
            builder, uid, steps, paid = SIDE_OF_NAME[m.group(1)], m.group(2), int(m.group(3)), int(m.group(4))
            c = COUNTERS[uid]
            kind = COST_KIND.get(c["kind"])
            cost = COST.get(kind) or COST.get(c["kind"])
            self.seen("build costs")
            halved = set(private(own[builder], builder).get("halved") or [])
            ok = {cost} | ({-(-cost // 2)} if cost and halved & {kind, c["kind"]} else set())
            if paid not in ok:
                self.bad("build costs", where, f"{uid} ({kind}) cost {paid} RPs, the chart says {cost}, halved {sorted(halved)}")
            had = (by_id(own[builder]).get(uid, {}).get("steps") or 0) + sum(
                1 for x in events[: events.index(e)] if f"a step of {uid} (" in x.text)
            if steps != had + 1:
                self.bad("build costs", where, f"{uid} went from {had} to {steps} steps")
            if had == 0:
                self.mobilized_at[uid] = key

    def rp_roll(self, view, d, text, where) -> None:
        """seeds-of-disaster:7.1.1: 2d6 plus the DRMs, read in the year's column."""
        side = d["side"]
        self.seen("rp rolls")
        dice = d.get("dice") or []
        col = str(d.get("column"))
        table = PREWAR.get("rp_table", {}).get(side, {})
        if len(dice) != 2 or not all(1 <= x <= 6 for x in dice):
            self.bad("rp rolls", where, f"{text}: not two dice")
            return
        if col in table:
            want = table[col][table_row(sum(dice) + d.get("drm", 0))]
            if d.get("gain") != want:
                self.bad("rp rolls", where, f"{text}: the {col} column gives {want}")
        year = view.get("year")
        if col != str(year):
            self.bad("rp rolls", where, f"{text}: read in the {col} column in {year}")
        # the DRMs: the DS level (SoP), the Chronology's year (3.3.2), cards played this year (7.1.1)
        ds = str(view.get("ds"))
        base = PREWAR.get("ds_rp_drm", {}).get(ds, 0) + (CHRONOLOGY.get(year, {}).get("rp_drm", {}).get(side, 0) if view.get("month", 0) == 0 else 0)
        base += self.rp_drm_cards.get((year, side), 0) + self.near_drm.get((year, side), 0)
        self.seen("rp roll modifiers")
        if d.get("drm") != base:
            self.bad("rp roll modifiers", where, f"{text}: want DRM {base} (DS {ds}, Chronology, cards, near misses)")

    def ip_roll(self, view, own, d, where) -> None:
        """seeds-of-disaster:5.1.1: 2d6 plus DRMs on the column of the Qualitative Indicators."""
        side = d["side"]
        self.seen("ip rolls")
        dice = d.get("dice") or []
        col = d.get("column")
        cols = PREWAR.get("ip_table", {}).get("columns", [])
        if len(dice) != 2 or not isinstance(col, int) or not 0 <= col < len(cols):
            self.bad("ip rolls", where, f"{canon(d)}: two dice on a column 0-{len(cols) - 1}")
            return
        want = cols[col][table_row(sum(dice) + d.get("drm", 0))]
        if d.get("gain") != want:
            self.bad("ip rolls", where, f"{canon(d)}: the table gives {want}")
        if abs(d.get("drm", 0)) > LIMITS.get("drm_max", 6) + LIMITS.get("ip_table_drm", 2):  # 5.1.3, 5.2.1
            self.bad("ip rolls", where, f"{canon(d)}: DRM beyond 6 (+2 bought)")

    def check_roll(self, view, text, where) -> None:
        """seeds-of-disaster:3.3.3: each player one d6, added; at or above the number the DS rises."""
        m = re.match(r"Check roll for (.+?): (\d) \+ (\d) = (\d+) against (\d+): (.+)", text)
        self.seen("check rolls")
        if not m:
            self.bad("check rolls", where, f"unread: {text}")
            return
        name, a, b, s, n, res = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5)), m.group(6)
        year = view.get("year")
        checks = {c["name"]: c for c in CHRONOLOGY.get(year, {}).get("check", [])}
        if a + b != s or (s >= n) == ("no change" in res):
            self.bad("check rolls", where, text)
        if name in checks:
            c = checks[name]
            if c["number"] != n:
                self.bad("check rolls", where, f"{text}: the Chronology's number is {c['number']}")
            if s < n and (n - s) in c.get("near", []):
                for side in SIDES:
                    self.near_drm[(year, side)] += c.get("near_drm", 0)
        else:
            self.bad("check rolls", where, f"{text}: not in the Chronology of {year}")

    # -- combat (seeds-of-disaster:13.0-16.0)
    def combat(self, before, after, own, own_after, prompt, action, events, where) -> None:
        if before.get("battle"):
            self.battle_view = before["battle"]
        for e in events:
            d = e.data or {}
            if e.kind == "declare" and d.get("area") in AREAS:
                self.declare(before, own, d, e.text, where)
            elif e.kind == "roll" and "total" in d and isinstance(d.get("dice"), dict):
                self.battle_roll(d, e.text, where)
            elif e.kind == "roll" and "needs" in d:
                self.mobile_battle(d, e.text, where)
            elif e.kind == "roll" and "scores" in d:
                self.neutralization(d, e.text, where)
            elif e.kind == "loss" and self.battle and not self.battle.get("rolls") and d.get("unit") in COUNTERS and "steps" in d:
                # 13.2.4 c): a Mobile Forces Battle hit costs a step before the Battle Totals are added up
                held = self.battle["before"][COUNTERS[d["unit"]]["side"]].get(d["unit"])
                if held is not None:
                    held["steps"] = d["steps"]
            elif e.kind == "retreat" and d.get("path") and d.get("units", [None])[0] in COUNTERS:
                side = COUNTERS[d["units"][0]]["side"]
                start = zone_of(by_id(own[side]).get(d["units"][0]))
                self.way_back(before, side, start, d["path"], e.text, where)
            elif e.kind == "result" and "difference" in d:
                self.outcome = [d, e.text, [], before, own, where]
        if self.outcome is not None:
            # 13.7.7 the owner chooses each step lost: the result is complete once no more are asked
            self.outcome[2] += events
            if (after.get("battle") or {}).get("step") != "losses":
                d, text, evs, b4, own0, w = self.outcome
                self.outcome = None
                self.result(d, text, evs, b4, own0, own_after, w)

    def declare(self, before, own, d, text, where) -> None:
        area, ids = d["area"], d.get("units") or []
        side = next((COUNTERS[i]["side"] for i in ids if i in COUNTERS), None)
        self.battle = {"area": area, "attacker": side, "units": list(ids), "rolls": {}, "defender": enemy(side) if side else None,
                       "before": {s: by_id(own[s]) for s in SIDES}, "view": before}
        if side is None:
            return
        mine = by_id(own[side])
        self.seen("attacks made")
        if area in self.attacked and not (before.get("battle") or {}).get("breakthrough"):
            self.bad("attacks made", where, f"{text}: {area} attacked twice in a Combat Segment (13.1.3)")
        self.attacked.add(area)
        self.fought |= set(ids)  # 16.1.5: a unit that has fought this segment joins no other attack
        if area not in held_by(before, enemy(side)):
            self.bad("attacks made", where, f"{text}: no enemy in {area}")
        for i in ids:
            z = zone_of(mine.get(i))
            if z is None or (z != area and area not in ADJ[z]):
                self.bad("attacks made", where, f"{text}: {i} in {z}, not next to {area} (13.1)")
            if (mine.get(i) or {}).get("disrupted") and COUNTERS[i]["kind"] in ARMY_KINDS:
                self.bad("attacks made", where, f"{text}: {i} is disrupted (15.1.2)")

    def battle_roll(self, d, text, where) -> None:
        """seeds-of-disaster:13.6, 13.7.1: the battle dice from their sources; strength + dice = total."""
        side = d.get("side")
        b = self.battle
        self.seen("battle totals")
        strength = sum(v for v in d["strength"].values())
        if strength + sum(d.get("rolls") or []) != d["total"]:
            self.bad("battle totals", where, f"{text}: {strength} + {d.get('rolls')} != {d['total']}")
        n = sum(d["dice"].values())
        if len(d.get("rolls") or []) != max(0, n) and all(v > 0 for v in d["dice"].values()):
            self.bad("battle totals", where, f"{text}: {len(d.get('rolls') or [])} dice rolled for sources {d['dice']}")
        if not b or side not in SIDES:
            return
        b["rolls"][side] = d
        area = b["area"]
        defending = side != b["attacker"]
        dice = d["dice"]
        self.seen("battle dice")
        terrain = TEC_AREA.get(AREAS[area].get("terrain", "clear"), {}).get("dice", 0)
        if defending and dice.get("defender") != 1:  # 13.6 the defender's automatic die
            self.bad("battle dice", where, f"{text}: the defender's die is {dice.get('defender')}")
        if not defending and {"defender", "terrain", "river"} & set(dice):
            self.bad("battle dice", where, f"{text}: the attacker has defender's dice {dice}")
        if defending and dice.get("terrain", 0) != terrain:  # 13.6 terrain, the TEC
            self.bad("battle dice", where, f"{text}: terrain dice {dice.get('terrain', 0)}, the TEC gives {terrain} for {area}")
        if defending:
            att = b["before"][b["attacker"]]
            froms = {zone_of(att.get(i)) for i in b["units"]} - {None, area}
            kinds = {BORDER.get(frozenset((f, area))) for f in froms}
            river = 0 if (not kinds or "clear" in kinds) else min(TEC_BORDER[k]["dice"] for k in kinds if k)
            top = 0 if (not kinds or "clear" in kinds) else max(TEC_BORDER[k]["dice"] for k in kinds if k)
            # 6.2.5 engineers may be bought after the declaration: read the battle as it stands at the roll
            engineers = "engineers" in ((self.battle_view or {}).get("options") or {}).get(b["attacker"], [])
            if not river <= dice.get("river", 0) <= top and not engineers:
                self.bad("battle dice", where, f"{text}: river dice {dice.get('river', 0)} across {sorted(k for k in kinds if k)} (13.6)")
        # 14.1, 14.2; 14.3.5 the owner's fortifications serve him attacking into their Area too
        forts = self.fort_value(area, side, b["before"][side], "dots")
        if dice.get("forts", 0) != forts and "fortint" not in canon(self.battle_view or {}):
            self.bad("battle dice", where, f"{text}: fortification dice {dice.get('forts', 0)}, want {forts} (14.1, 14.2)")
        if dice.get("tactical", 0) > 1:  # 5.2.3 one IP, one die
            self.bad("battle dice", where, f"{text}: {dice['tactical']} tactical dice")
        if "poised" in dice and dice["poised"] != 2:  # 13.2.5
            self.bad("battle dice", where, f"{text}: poised dice {dice['poised']}")
        if "poised" in dice and any(self.fort_value(area, s, b["before"][s], "dots") for s in SIDES):
            self.bad("battle dice", where, f"{text}: Poised Forces against a fortification (14.3.2)")
        # strength: armies by their steps (7.2.3), fortifications by their symbols (14.1, 14.2.1)
        mine = b["before"][side]
        for uid, value in d["strength"].items():
            if uid == "forts":
                want = self.fort_value(area, side, mine, "forts")  # 14.3.5 attacking or defending
                if value != want:
                    self.bad("battle strength", where, f"{text}: fortification strength {value}, want {want}")
                continue
            if uid not in COUNTERS or COUNTERS[uid]["side"] != side:
                self.bad("battle strength", where, f"{text}: {uid} is not {side}'s")
                continue
            u = mine.get(uid, {})
            if COUNTERS[uid]["kind"] in ARMY_KINDS and u.get("steps") is not None and value != u["steps"]:
                self.bad("battle strength", where, f"{text}: {uid} counts {value}, it has {u['steps']} steps")
            if COUNTERS[uid]["kind"] in CORPS_KINDS and u and value not in (face(u).get("strength"),):
                self.bad("battle strength", where, f"{text}: {uid} counts {value}, its face {face(u)}")
        self.seen("battle strength")

    def fort_value(self, area, side, mine, what) -> int:
        """Maginot forts serve the French only (14.1); a Westwall marker its own symbols (14.2)."""
        if side == "allied":
            if self.battle.get("view", {}).get("zones", {}).get(area, {}).get("destroyed"):
                return 0
            return AREAS[area].get("forts", 0) if AREAS[area]["country"] == "F" else 0
        ww = [u for u in mine.values() if COUNTERS[u["id"]]["kind"] == "westwall" and zone_of(u) == area]
        return sum(face(u).get(what, 0) for u in ww)

    def mobile_battle(self, d, text, where) -> None:
        """seeds-of-disaster:13.2.3: one dot hits on a 6, two dots on a 5 or 6."""
        self.seen("mobile forces battle")
        rolls, needs = d.get("rolls") or [], d.get("needs") or []
        if len(rolls) != len(needs) or any(n not in (5, 6) for n in needs):
            self.bad("mobile forces battle", where, text)
        elif d.get("hits") != sum(1 for r, n in zip(rolls, needs, strict=True) if r >= n):
            self.bad("mobile forces battle", where, f"{text}: hits miscounted")

    def neutralization(self, d, text, where) -> None:
        """seeds-of-disaster:13.5.4: one die each plus the fleets' dots (+1 for an IP)."""
        self.seen("air neutralization")
        for side in SIDES:
            r, s = (d.get("rolls") or {}).get(side), (d.get("scores") or {}).get(side)
            if r is None or s is None or not 1 <= r <= 6 or s - r < 0:
                self.bad("air neutralization", where, text)

    def result(self, d, text, events, before, own, own_after, where) -> None:
        """seeds-of-disaster:13.7: the Battle Totals' difference read on the Combat Results Table;
        a tie costs each side a step (13.7.3); the winning Defender gains a CP (13.7.6)."""
        b = self.battle
        self.seen("combat results")
        rolls = b.get("rolls") or {}
        if b and len(rolls) == 2:
            ta, td = rolls[b["attacker"]]["total"], rolls[b["defender"]]["total"]
            if d["difference"] != abs(ta - td):
                self.bad("combat results", where, f"{text}: totals {ta} and {td}")
            winner = b["attacker"] if ta > td else b["defender"] if td > ta else None
            if winner is not None and d.get("winner") != winner:
                self.bad("combat results", where, f"{text}: the totals {ta} and {td} make {winner} the winner")
        row = crt_row(d["difference"])
        m = re.search(r"loser (\d+) step\(s\), winner (\d+)", text)
        if m and (int(m.group(1)), int(m.group(2))) != (row.get("loser", 0), row.get("winner", 0)):
            self.bad("combat results", where, f"{text}: the table's row {row}")
        if not b or not d.get("winner"):
            return
        winner, loser = d["winner"], enemy(d["winner"])
        cp_text = " ".join(e.text for e in events if e.kind == "cp" and e.text.startswith(winner.capitalize()))
        gain = sum(int(x) for x in re.findall(r"gains (\d+) CP", cp_text))
        want = row.get("cp", 0) + (1 if winner == b["defender"] else 0)
        self.seen("defender's cp")
        if gain != want:
            self.bad("defender's cp", where, f"{text}: {winner} gains {gain} CPs, want {want} (13.7.6 and the table)")
        if row.get("breakthrough") and winner == b["defender"]:
            self.seen("defensive breakthrough")
            if not any("Defensive Breakthrough" in e.text for e in events):  # 16.1.7
                self.bad("defensive breakthrough", where, f"{text}: no Defensive Breakthrough")
        # the loser's step losses (13.7.5): at least the table's, unless nothing is left to lose
        lost = 0
        engaged = set(b["units"]) if loser == b["attacker"] else {u["id"] for u in b["before"][loser].values() if zone_of(u) == b["area"]}
        # 9.2.4, 13.7.7 the corps poised with those armies are in the battle and may take the losses
        engaged |= {u["id"] for u in b["before"][loser].values() if u.get("box") == "poised" and u.get("army") in engaged}
        for uid in engaged:
            s0 = (b["before"][loser].get(uid) or {}).get("steps") or 0
            s1 = (by_id(own_after[loser]).get(uid) or {}).get("steps") or 0
            lost += max(0, s0 - s1)
        have = sum((b["before"][loser].get(u) or {}).get("steps") or 0 for u in engaged if COUNTERS.get(u, {}).get("kind") not in AIR_KINDS)
        self.seen("losses taken")
        if lost < min(row.get("loser", 0), have) and not any(e.kind in ("advance",) for e in events) and engaged:
            self.bad("losses taken", where, f"{text}: {loser} lost {lost} steps of {sorted(engaged)}")

    # -- the state after each action
    def state_checks(self, view, own, where) -> None:
        ds = ds_level(view)
        for side in SIDES:
            p = private(own[side], side)
            for name, case in (("ip", "ip cap"), ("cp", "cp cap")):
                v = p.get(name)
                if v is not None:
                    self.seen(case)
                    if not 0 <= v <= LIMITS.get("points_max", 19):  # 5.1.1, 6.1
                        self.bad(case, where, f"{side} holds {v} {name.upper()}s")
            rp, lvl, inv = p.get("rp"), p.get("tech_level"), p.get("tech")
            if rp is not None:
                self.seen("rp cap")
                if rp < 0 or (lvl is not None and lvl < 2 and rp > LIMITS.get("rp_cap_level1", 100)):  # 7.3.3
                    self.bad("rp cap", where, f"{side} holds {rp} RPs at Technology Level {lvl}")
            if inv is not None and lvl is not None:
                self.seen("technology")
                if (inv >= LIMITS.get("tech_level2", 60)) != (lvl >= 2):  # 7.3.4
                    self.bad("technology", where, f"{side} invested {inv}, Technology Level {lvl}")
            hand = p.get("hand")
            if hand is not None and p.get("hand_count") is not None and len(hand) != p["hand_count"]:
                self.bad("hands hidden", where, f"{side}'s hand holds {len(hand)}, its count says {p['hand_count']}")
            for u in units(own[side]):
                uid = u.get("id")
                if uid not in COUNTERS or COUNTERS[uid]["side"] != side:
                    continue
                c = COUNTERS[uid]
                steps = u.get("steps") or 0
                if c["kind"] in ARMY_KINDS:
                    self.seen("army steps")
                    if steps > 19:  # 2.3.1, 7.2.3
                        self.bad("army steps", where, f"{uid} has {steps} steps")
                if c["kind"] in HIGH_TECH and lvl is not None and lvl < 2 and ds is not None and ds < HOSTILITIES:
                    self.seen("full strength needs level 2")  # 7.2.6, 7.3.6
                if c["kind"] in HIGH_TECH and steps >= 2 and lvl is not None and lvl < 2 and ds is not None and ds < HOSTILITIES:
                    self.bad("full strength needs level 2", where, f"{uid} at full strength, Technology Level {lvl}")
                if u.get("box") == "reserve" and ds is not None and ds < BELLIGERENCE and c["kind"] not in AIR_KINDS:
                    self.seen("reserve")  # 2.3.2 b Reserves accumulate from Armed Belligerence (h: air fleets live there)
                    self.bad("reserve", where, f"{uid} in Reserve at DS {view.get('ds')}")
                if u.get("box") == "poised":
                    self.seen("poised")
                    if ds is not None and ds < BELLIGERENCE:  # 9.2.1 Poised Forces from Armed Belligerence
                        self.bad("poised", where, f"{uid} Poised at DS {view.get('ds')}")
                    if c["kind"] not in MOBILE_KINDS - {"bef"}:  # 9.2 only corps-size Mobile Forces
                        self.bad("poised", where, f"{uid} ({c['kind']}) is Poised")

    # -- hidden information
    def hidden_views(self, view, own, events, where) -> None:
        """seeds-of-disaster:4.1.8, 4.3.1: a hand, the discards and the orders of a simultaneous
        turn are their owner's; RPs, IPs and Technology (the brief's mobilization and spending) too;
        19.0: the Attack Strategy chit is set aside, out of the Allied player's sight."""
        for side in SIDES:
            other = enemy(side)
            mine = private(own[side], side)
            for viewer, v in ((other, own[other]), ("the table", view)):
                theirs = private(v, side)
                self.seen("hands hidden")
                for k in ("hand", "discards", "orders", "stolen", "rp", "ip", "tech", "unlocked", "halved"):
                    if k in theirs and k in mine and theirs[k] not in ([], None):
                        self.bad("hands hidden", where, f"{viewer}'s view shows {side}'s {k}: {canon(theirs[k])[:120]}")
                ids = {c.get("id") for c in mine.get("hand") or [] if isinstance(c, dict)}
                for path, card in cards_at(v, ids) if ids else []:
                    self.bad("hands hidden", where, f"{viewer}'s view holds {side}'s card {card} at {path}")
        self.seen("attack plan hidden")
        # 19.0: the plan decides the victory level, so it is shown once the game is over
        over = view.get("outcome") is not None
        if not over and (own["allied"].get("attack_plan") is not None or view.get("attack_plan") is not None):
            self.bad("attack plan hidden", where, f"the Allied view holds the German plan {own['allied'].get('attack_plan')}")
        for e in events:
            if getattr(e, "only", None) in (None, "allied") and re.search(r"attack plan \((north|center|south)\)|axis (north|center|south)|plan: (north|center|south)", e.text):
                self.bad("attack plan hidden", where, f"event for the Allies: {e.text}")

    def hidden_differential(self, game, state, prompt, actions, rng, where) -> None:
        """Before the war turns are simultaneous (seeds-of-disaster:3.1.4, 3.4): what a side
        decides in secret (builds and RP spending 7.2, 7.3; IP spending 5.2.1; discards 4.1.8;
        card plays until revealed; the German Attack Strategy 19.0) must not change the other
        side's view, nor the table's, nor the events they read."""
        side = prompt.side
        if side not in SIDES:
            return
        other = enemy(side)
        groups: dict[str, list[dict]] = defaultdict(list)
        for a in actions:
            kind = secret_kind(a)
            if kind:
                groups[kind].append(a)
        for kind, group in sorted(groups.items()):
            if len(group) < 2:
                continue
            a1, a2 = rng.sample(group, 2)
            seen = []
            for a in (a1, a2):
                trial = game.copy_state(state)
                try:
                    events = game.apply(trial, a, Dice(1))
                except Exception as exc:  # noqa: BLE001 - an offered action must apply
                    self.bad("offered actions apply", where, f"{canon(a)} raised {exc!r}")
                    return
                public = [event_json(e) for e in events if getattr(e, "only", None) in (None, other)]
                seen.append((game.view(trial, other), game.view(trial, None), public))
            self.seen(f"secret {kind}")
            for i, what in enumerate((f"{other}'s view", "the table's view", f"events {other} reads")):
                if canon(seen[0][i]) != canon(seen[1][i]):
                    diff = first_difference(seen[0][i], seen[1][i])
                    self.bad(f"secret {kind}", where, f"{canon(a1)} and {canon(a2)} differ in {what}: {diff}")
                    break

    def draw_check(self, game, trial, action, events, where) -> None:
        """Cards are drawn at the moment of the draw (seeds-of-disaster:4.1.2, 4.1.10 the deck is
        reshuffled after each card segment; docs/GAMES.md: the state holds no undrawn order):
        the same draw made with other dice can give other cards."""
        drawers = {SIDE_OF_NAME[m.group(1)] for e in events if e.kind == "draw"
                   for m in [re.match(r"(German|Allied) draws", e.text)] if m}
        if not drawers:
            return
        outcomes = set()
        for s in range(6):
            t = game.copy_state(trial)
            try:
                game.apply(t, action, Dice(1000 + 7 * s))
            except Exception as exc:  # noqa: BLE001
                self.bad("offered actions apply", where, f"{canon(action)} raised {exc!r}")
                return
            outcomes.add(canon([private(game.view(t, v), v).get("hand") for v in sorted(drawers)]))
        self.seen("drawn at the draw")
        self.draw_total += 1
        if len(outcomes) == 1:
            self.draw_same += 1
            self.notes.append(f"{where}: six different dice drew the same cards")

    # -- the end (seeds-of-disaster:3.1.2, 19.0, 20.0)
    def end_checks(self, game, state, view, where) -> None:
        self.seen("end")
        out = game.outcome(state)
        if out is None:
            self.bad("end", where, "the game ended without an outcome")
            return
        weeks = [k[2] for k in self.order if k[2] > 0]
        paris = all(view["zones"][z].get("control") == "german" for z in PARIS)
        if (max(weeks) if weeks else 0) < 10 and not paris:
            self.bad("end", where, f"the game ended in week {max(weeks) if weeks else 0}, Paris not German: {out}")
        held = defaultdict(int)
        for z in OBJECTIVES:
            held[view["zones"][z].get("control")] += 1
        g, a = held["german"], held["allied"]
        self.seen("victory level")
        if dict(out.points or {}) not in ({}, {"german": g, "allied": a}):
            self.bad("victory level", where, f"German {g}, Allied {a} Objectives; the game counts {out.points}")
        levels = ["French Decisive", "French Marginal", "Draw", "German Marginal", "German Major", "German Decisive"]
        i = 5 if g >= 13 else 4 if g == 12 else 3 if g == 11 else 0 if a >= 12 else 1 if a == 11 else 2
        if i >= 4 and (max(weeks) if weeks else 0) < 10:
            i = 3  # 20.0 Major and Decisive are judged at the end of week 10
        bonus = any(bool(x) for x in (view.get("paris_axis") or {}).values())
        if bonus:
            i = min(5, i + 1)  # 19.0 a Paris Area taken along the chosen axis raises the level by one
        self.seen("victory level")
        if levels[i].lower() not in str(out.level).lower():
            self.bad("victory level", where, f"German {g}, Allied {a} Objectives, axis bonus {bonus}: want {levels[i]}, the game says {out.level}")


@pytest.fixture(scope="module")
def referee() -> Referee:
    game = _module()
    ref = Referee()
    ref.battle_view = None
    for seed, cap in GAMES:
        ref.battle_view = None
        ref.play(game, seed, cap)
    return ref


# Each check, its case, and the situations it must meet in the games: half the fewest met in two
# measures (before and after other changes to the game moved the random play), one for the rare
# ones (fewer than ten): a check that stops meeting its situations fails, like a finding. Not
# refereed: 5.2.1's secret IP spending, which no code here judged (the hidden views are checked
# whole). The Mobile Forces Battle (none without mobile units on both sides, 13.2.1) is met in the
# game of seed 11.
CHECKS = [
    ("set up", "seeds-of-disaster:21.2", 1),
    ("opening hands", "seeds-of-disaster:4.1.1", 1),
    ("actions offered", "seeds-of-disaster:3.2", 578),
    ("offered actions apply", "seeds-of-disaster:3.2", 578),
    # the sequence of play
    ("turn scale", "seeds-of-disaster:3.1.2", 1),
    ("one level a turn", "seeds-of-disaster:3.1.3", 35),
    ("belligerence next turn", "seeds-of-disaster:3.3.5", 1),
    ("belligerence by 1940", "seeds-of-disaster:3.1.2", 1),
    ("segments by status", "seeds-of-disaster:3.4", 35),
    ("segment order", "seeds-of-disaster:3.4", 15),
    ("segments present", "seeds-of-disaster:3.4", 63),
    ("war turn order", "seeds-of-disaster:3.1.5", 20),
    ("ip rolls at war", "seeds-of-disaster:5.1", 20),
    ("player-turn owner acts", "seeds-of-disaster:3.1.5", 181),
    ("check rolls", "seeds-of-disaster:3.3.3", 12),
    ("end", "seeds-of-disaster:3.1.2", 1),
    ("victory level", "seeds-of-disaster:20.0", 1),
    # the economy
    ("rp rolls", "seeds-of-disaster:7.1.1", 28),
    ("rp roll modifiers", "seeds-of-disaster:7.1.1", 28),
    ("ip rolls", "seeds-of-disaster:5.1.1", 52),
    ("ip boost", "seeds-of-disaster:5.2.1", 7),
    ("ip cap", "seeds-of-disaster:5.1.1", 1156),
    ("cp cap", "seeds-of-disaster:6.1", 1156),
    ("rp cap", "seeds-of-disaster:7.3.3", 1156),
    ("technology", "seeds-of-disaster:7.3.2", 1173),
    ("build costs", "seeds-of-disaster:7.2", 59),
    ("build dates", "seeds-of-disaster:7.5.1", 87),
    ("army steps", "seeds-of-disaster:2.3.1", 10982),
    ("full strength needs level 2", "seeds-of-disaster:7.3.6", 3648),
    ("not full on the first turn", "seeds-of-disaster:7.2.6", 42),
    ("french mobile order", "seeds-of-disaster:7.2.7", 1),
    ("westwall areas", "seeds-of-disaster:14.2.1", 922),
    ("no mobilization in war", "seeds-of-disaster:7.4", 3198),
    ("maneuvers", "seeds-of-disaster:6.1.1", 36),
    ("maneuver gains", "seeds-of-disaster:6.1.1", 1),
    ("no cards at war", "seeds-of-disaster:4.1.6", 863),
    ("strategy chosen in belligerence", "seeds-of-disaster:19.0", 8),
    # movement
    ("movement limits", "seeds-of-disaster:10.1.3", 46),
    ("mc only before preparations", "seeds-of-disaster:10.1.2", 13),
    ("no entry into enemy areas", "seeds-of-disaster:10.1.12", 15080),
    ("borders before belligerence", "seeds-of-disaster:12.0", 15121),
    ("crossing starts the war", "seeds-of-disaster:12.0", 1),
    ("belgium after the germans", "seeds-of-disaster:12.0", 1),
    ("minor allies stay home", "seeds-of-disaster:7.2.5", 781),
    ("armies stay on the map", "seeds-of-disaster:10.1.6", 77),
    ("enter at an mc", "seeds-of-disaster:7.2.1", 1268),
    ("stacking", "seeds-of-disaster:8.0", 53),
    ("movement allowance", "seeds-of-disaster:10.1.11", 34),
    ("disrupted armies stay", "seeds-of-disaster:15.1.2", 1),
    ("strategic redeployment", "seeds-of-disaster:11.0", 16259),
    ("sr cost", "seeds-of-disaster:11.0", 36),
    ("reserve", "seeds-of-disaster:2.3.2", 211),
    ("deploy from reserve", "seeds-of-disaster:2.3.2", 1),
    ("poised", "seeds-of-disaster:9.2", 65),
    # combat
    ("no combat before war", "seeds-of-disaster:13.1", 121),
    ("attacks offered", "seeds-of-disaster:13.1.2", 121),
    ("every enemy attackable", "seeds-of-disaster:13.1", 115),
    ("attacks made", "seeds-of-disaster:13.1.3", 15),
    ("battle totals", "seeds-of-disaster:13.7.1", 15),
    ("battle dice", "seeds-of-disaster:13.6", 15),
    ("battle strength", "seeds-of-disaster:13.7.1", 15),
    ("mobile forces battle", "seeds-of-disaster:13.2.3", 1),
    ("air neutralization", "seeds-of-disaster:13.5.4", 1),
    ("combat results", "seeds-of-disaster:13.7.5", 7),
    ("defender's cp", "seeds-of-disaster:13.7.6", 7),
    ("defensive breakthrough", "seeds-of-disaster:16.1.7", 1),
    ("losses taken", "seeds-of-disaster:13.7.5", 7),
    ("retreat paths", "seeds-of-disaster:13.7.8", 1),
    # hidden information
    ("hands hidden", "seeds-of-disaster:4.1.8", 2312),
    ("attack plan hidden", "seeds-of-disaster:19.0", 578),
    ("secret discard", "seeds-of-disaster:4.1.8", 1),
    ("secret strategy", "seeds-of-disaster:19.0", 1),
    ("secret build", "seeds-of-disaster:3.1.4", 35),
    ("secret card orders", "seeds-of-disaster:4.1.3", 18),
    ("drawn at the draw", "seeds-of-disaster:4.1.2", 14),
]

# Disagreements on record (see the report): check name -> reason.
XFAIL: dict[str, str] = {}


def _params():
    for check, case, least in CHECKS:
        marks = [pytest.mark.rules(case)]
        if check in XFAIL:
            marks.append(pytest.mark.xfail(strict=True, reason=XFAIL[check]))
        yield pytest.param(check, least, id=check.replace(" ", "-").replace("'", ""), marks=marks)


@pytest.mark.parametrize(("check", "least"), list(_params()))
def test_seeds_of_disaster_rule(referee: Referee, check: str, least: int) -> None:
    if check == "drawn at the draw" and referee.draw_total and referee.draw_same == referee.draw_total:
        referee.bad(check, "all games", f"{referee.draw_same} of {referee.draw_total} draws ignore the dice")
    assert referee.counts[check] >= least, f"only {referee.counts[check]} situations for {check}: the games never tried it"
    assert not referee.found.get(check), "\n".join(referee.found[check])
