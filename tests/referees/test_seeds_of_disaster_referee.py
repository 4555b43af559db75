"""An independent referee for The Seeds of Disaster (seeds-of-disaster:1.0-21.0), from the rulebook alone.

It plays random games through the public protocol (`game_for`, `new`, `prompt`, `apply`, `view`,
`outcome`, `copy_state`) and checks, at every step, what the rules say against what the game
does. The facts come from the views (public and per side) before and after each action and from
the events' data; nothing of the game's package is read beyond its protocol.

Every finding is collected per check; each test asserts that its own list is empty. A check that
disagrees with the game stays on record as a strict xfail naming the disagreement.
"""

from __future__ import annotations

import importlib
import json
import random
import re
import time
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
COUNTERS: dict[str, dict] = {u["id"]: u for u in _toml("counters.toml").get("unit", [])}
FACES: dict[str, dict] = _toml("counters.toml").get("faces", {})
TABLES = _toml("tables.toml")
PREWAR = _toml("prewar/tables.toml")
CHRONOLOGY = {y["year"]: y for y in _toml("prewar/chronology.toml").get("year", [])}
COST = {c["kind"]: c["rp"] for c in PREWAR.get("cost", [])}
COST_FROM = {c["kind"]: c.get("from") for c in PREWAR.get("cost", [])}
# counter kinds to the Mobilization Costs Chart's rows (the unambiguous ones)
COST_KIND = {"army": "army", "bef": "army", "infantry": "infantry", "belgian": "infantry", "motorized": "motorized",
             "panzer": "panzer", "dlm": "dlm", "armored": "armored", "air": "air", "allied_air": "air",
             "para": "parachute", "westwall": "westwall"}
HOME = {"german": "G", "french": "F", "british": "F", "dutch": "N", "belgian": "B", "polish": "F"}
MOBILE_KINDS = {"panzer", "motorized", "dlc", "dlm", "armored", "british_armored", "para", "bef"}
CORPS_KINDS = {"infantry", "panzer", "motorized", "dlc", "dlm", "armored", "british_armored", "belgian", "para"}
ARMY_KINDS = {"army", "bef"}

GAME_ID = "seeds-of-disaster"
SCENARIO = "seeds-of-disaster/1934"
SIDES = ("german", "allied")

# Random games: (seed, step cap, CPU seconds). Bounded so that the module stays under ~20 s.
GAMES = [(3, 4000, 5.0), (17, 4000, 5.0), (29, 4000, 5.0)]

# seeds-of-disaster:3.1.2 the five Diplomatic Status levels, in order.
PEACE, OPPOSITION, PREPARATIONS, BELLIGERENCE, HOSTILITIES = range(5)
DS_WORDS = [("peace", PEACE), ("oppos", OPPOSITION), ("prep", PREPARATIONS), ("bellig", BELLIGERENCE),
            ("hostil", HOSTILITIES), ("war", HOSTILITIES)]

# seeds-of-disaster:3.4 and the Sequence of Play: the segments of a turn, in order.
SEGMENTS = [
    ("intel-events", ("intelligence-event", "intel-event", "intelligence event", "ie")),
    ("cards", ("card", "event-card")),
    ("check", ("check",)),
    ("resources", ("resource", "rp-acq", "income")),
    ("mobilization", ("mobiliz", "build")),
    ("movement", ("move", "redeploy", "reserve", "poised")),
    ("combat", ("combat", "battle", "attack")),
    ("command", ("command",)),
    ("intel-points", ("intelligence-point", "intel-point", "ip-acq", "intelligence point", "ip")),
]
SEG_INDEX = {name: i for i, (name, _) in enumerate(SEGMENTS)}


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


def walk(obj: Any, path: tuple = ()):
    """Every (path, value) in a JSON-like tree."""
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk(v, path + (i,))


def ds_level(view: dict) -> int | None:
    for key in ("ds", "diplomatic_status", "status", "ds_level"):
        v = view.get(key)
        if isinstance(v, dict):
            v = v.get("level", v.get("id", v.get("name")))
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if isinstance(v, str):
            low = v.lower()
            for word, level in DS_WORDS:
                if word in low:
                    return level
    return None


def segment(phase: str | None) -> str | None:
    if not phase:
        return None
    low = phase.lower()
    for name, words in SEGMENTS:
        if any(w in low for w in words if len(w) > 2):
            return name
    for name, words in SEGMENTS:
        if any(re.search(rf"\b{re.escape(w)}\b", low) for w in words if len(w) <= 2):
            return name
    return None


def side_value(view: dict, side: str, names: tuple[str, ...]) -> int | None:
    """A side's track value (RP, IP, CP ...), wherever the view keeps it."""
    for key in ("tracks", "sides_state", "players", "strategic", "economy", "powers"):
        block = view.get(key)
        if isinstance(block, dict) and isinstance(block.get(side), dict):
            for n in names:
                v = block[side].get(n)
                if isinstance(v, int) and not isinstance(v, bool):
                    return v
    for n in names:
        block = view.get(n)
        if isinstance(block, dict) and isinstance(block.get(side), int):
            return block[side]
    return None


RP, IP, CP = ("rp", "rps", "resource_points"), ("ip", "ips", "intelligence_points"), ("cp", "cps", "command_points")
TECH = ("tech", "tech_level", "technology", "level")
INVESTED = ("invested", "tech_invested", "tech_rp", "technology_rp", "investment")


def units(view: dict) -> list[dict]:
    return [u for u in view.get("units", []) if isinstance(u, dict)]


def event_json(e) -> dict:
    return {"kind": e.kind, "text": e.text, "only": getattr(e, "only", None), **(e.data or {})}


def canon(x: Any) -> str:
    return json.dumps(x, sort_keys=True, default=str)


def enemy(side: str) -> str:
    return "allied" if side == "german" else "german"


SECRET = [
    ("discard", r"discard"),  # seeds-of-disaster:4.1.8
    ("strategy", r"strateg|plan|axis"),  # seeds-of-disaster:19.0
    ("build", r"build|mobili[sz]|invest|tech|step|purchase|buy"),  # seeds-of-disaster:7.2, 7.3
    ("ip spending", r"\bip\b|intel.*(bonus|spend)|spend.*ip"),  # seeds-of-disaster:5.2.1
]


def secret_kind(a: dict) -> str | None:
    t = str(a.get("type", "")).lower()
    for kind, pattern in SECRET:
        if re.search(pattern, t):
            return kind
    return None


def hand_paths(view: dict, side: str) -> list[tuple[tuple, list]]:
    """(path, cards) of the lists of cards a side's view calls its hand."""
    found = []
    for path, v in walk(view):
        if path and isinstance(path[-1], str) and "hand" in path[-1].lower() and isinstance(v, list) and v:
            if side in path or not any(s in path for s in SIDES):
                found.append((path, v))
    return found


def card_key(c: Any) -> str:
    if isinstance(c, dict):
        return str(c.get("id", c.get("name", canon(c))))
    return str(c)


def first_difference(a: Any, b: Any, path: tuple = ()) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if canon(a.get(k)) != canon(b.get(k)):
                return first_difference(a.get(k), b.get(k), path + (k,))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if canon(x) != canon(y):
                return first_difference(x, y, path + (i,))
    return f"{'/'.join(map(str, path))}: {canon(a)[:120]} vs {canon(b)[:120]}"


def year_of(view: dict) -> int | None:
    """The calendar year of the turn, wherever the view writes it."""
    for key in ("year", "date", "turn_label", "turn_title", "turn"):
        v = view.get(key)
        if isinstance(v, dict):
            v = v.get("year", canon(v))
        if isinstance(v, int) and 1930 <= v <= 1945:
            return v
        m = re.search(r"19[34]\d", str(v)) if v is not None else None
        if m:
            return int(m.group())
    return None


def turn_key(view: dict) -> str:
    return canon([view.get("turn"), view.get("date"), view.get("year"), view.get("month"), view.get("week")])


def u_zone(u: dict) -> str | None:
    z = u.get("zone", u.get("area"))
    return z if z in AREAS else None


def u_box(u: dict) -> str | None:
    return u.get("box")


def in_pool(u: dict) -> bool:
    return bool(re.search(r"pool|force", str(u_box(u) or u.get("status", "")).lower()))


def u_place(u: dict) -> str | None:
    return u_zone(u) or u_box(u)


def u_side(u: dict) -> str | None:
    return u.get("side") or COUNTERS.get(u.get("id"), {}).get("side")


def u_kind(u: dict) -> str | None:
    return COUNTERS.get(u.get("id"), {}).get("kind") or u.get("kind")


def u_steps(u: dict) -> int | None:
    for k in ("steps", "strength_steps", "strength"):
        v = u.get(k)
        if isinstance(v, int) and not isinstance(v, bool):
            return v
    return None


def u_full(u: dict) -> bool:
    if "reduced" in u:
        return not u["reduced"]
    if "full" in u:
        return bool(u["full"])
    face = u.get("face")
    return face == "full"


def u_zone_of_action(a: dict) -> str | None:
    return a.get("to") or a.get("area") or a.get("zone")


def own_hand(view: dict, side: str) -> list | None:
    for path, v in walk(view):
        if path and isinstance(path[-1], str) and "hand" in path[-1].lower() and isinstance(v, list):
            if side in path or not any(s in path for s in SIDES):
                return v
    return None


def card_in_other_hand(c: Any, view: dict, owner: str) -> bool:
    """Whether a card of owner's hand is listed in another view as (part of) owner's hand."""
    key = card_key(c)
    for path, v in walk(view):
        if path and isinstance(path[-1], str) and "hand" in path[-1].lower() and isinstance(v, list):
            if enemy(owner) in path:
                continue  # the viewer's own hand
            if any(card_key(x) == key for x in v if not (isinstance(x, dict) and x.get("hidden"))):
                return True
    return False


def first_num(d: dict, names: tuple[str, ...]) -> int | None:
    for n in names:
        v = d.get(n)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return v
    return None


def first_list(d: dict, names: tuple[str, ...]) -> list | None:
    for n in names:
        v = d.get(n)
        if isinstance(v, list) and all(isinstance(x, int) for x in v):
            return v
    return None


def segment_forbidden(seg: str, ds: int, year: int | None, ab_turn: int | None) -> str | None:
    """Why a segment may not be played at this DS level (seeds-of-disaster:3.4 and the SoP)."""
    y = year or 0
    if seg == "intel-events":
        if ds >= HOSTILITIES:
            return "no Intelligence Events at war (5.3.3)"
        if y < 1937 and ds < BELLIGERENCE:
            return "Intelligence Events begin in 1937 or at Armed Belligerence (5.3)"
    if seg == "cards":
        if ds >= HOSTILITIES or (ds == BELLIGERENCE and (ab_turn or 1) > 1):
            return "the Event Card Segment ends after the first turn of Armed Belligerence (3.4)"
    if seg == "check":
        if ds >= BELLIGERENCE:
            return "the Chronology is not used from Armed Belligerence (3.3.1)"
        if y < 1936 and y != 1935:
            return "Check Die Rolls start in 1936 (3.4)"
    if seg == "resources":
        if ds >= HOSTILITIES or (ds == BELLIGERENCE and (ab_turn or 1) > 2):
            return "RP accumulation ends with Armed Belligerence's first (SoP) or second (7.1) turn"
    if seg == "mobilization" and ds >= HOSTILITIES:
        return "mobilization ends at Active Hostilities (7.4)"
    if seg == "movement" and ds < OPPOSITION:
        return "the Movement Segment begins at Opposition (SoP)"
    if seg in ("combat", "command") and ds < HOSTILITIES:
        return "combat and Command Events only at Active Hostilities (13.1, 6.3)"
    if seg == "intel-points" and y < 1937 and ds < BELLIGERENCE:
        return "IP rolls begin with the 1937 turn (5.1)"
    return None


# ---------------------------------------------------------------- the referee


class Referee:
    def __init__(self) -> None:
        self.found: dict[str, list[str]] = defaultdict(list)
        self.counts: dict[str, int] = defaultdict(int)
        self.notes: list[str] = []
        self.draw_same = 0
        self.draw_total = 0
        self.phases: set[tuple] = set()
        self.action_types: set[tuple] = set()
        self.event_kinds: set[str] = set()

    def bad(self, check: str, where: str, what: str) -> None:
        if len(self.found[check]) < 12:
            self.found[check].append(f"{where}: {what}")

    def seen(self, check: str) -> None:
        self.counts[check] += 1

    # -- one game
    def play(self, game, seed: int, cap: int, budget: float) -> None:
        state = game.new(SCENARIO, {})
        dice = Dice(seed)
        rng = random.Random(seed)
        start = time.process_time()
        before = game.view(state, None)
        self.start_checks(game, state, before, f"seed {seed}")
        self.turns: list[dict] = []  # one record per game turn: its DS levels, segments, actors
        self.moved: dict[str, set[str]] = defaultdict(set)  # side -> units moved this turn
        self.relocations: dict[str, dict[str, tuple]] = defaultdict(dict)  # side -> unit -> (from, to)
        self.rp_seen: dict[str, int | None] = {}
        self.maneuvers: dict[tuple, int] = defaultdict(int)
        self.invested: dict[tuple, int] = defaultdict(int)
        self.attacked: set[str] = set()
        self.germans_in_belgium = False
        for step in range(cap):
            prompt = game.prompt(state)
            where = f"seed {seed} step {step}"
            if prompt.side is None:
                self.end_checks(game, state, before, where)
                break
            if time.process_time() - start > budget:
                self.notes.append(f"seed {seed}: stopped by the CPU budget at step {step}, turn {before.get('turn')}")
                break
            actions = list(prompt.actions)
            self.phases.add((ds_level(before), before.get("phase"), prompt.phase, prompt.case))
            for a in actions:
                self.action_types.add((prompt.phase, a.get("type")))
            if not actions:
                self.bad("actions offered", where, f"{prompt.side} to act in {prompt.phase} with no action")
                break
            actions.sort(key=canon)
            self.offered_checks(game, state, before, prompt, actions, where)
            if step % 5 == 0:
                self.hidden_differential(game, state, before, prompt, actions, rng, where)
            action = self.choose(actions, rng)
            trial = game.copy_state(state)
            dice.take_rolls()
            events = game.apply(state, action, dice)
            rolls = dice.take_rolls()
            after = game.view(state, None)
            for e in events:
                self.event_kinds.add(e.kind)
            where = f"{where} (turn {before.get('turn')}, {before.get('phase')}, {prompt.side}: {canon(action)})"
            self.sequence(before, after, prompt, where)
            self.move_checks(before, after, prompt, action, events, where)
            self.event_checks(game, before, after, prompt, action, events, rolls, where)
            self.economy(game, trial, state, prompt, action, events, where)
            self.draw_check(game, trial, action, events, prompt.side, seed, where)
            self.state_checks(game, state, before, after, where)
            if step % 9 == 0:
                self.hidden_views(game, state, after, where)
            before = after
        self.close_turn(f"seed {seed} end")

    def choose(self, actions: list[dict], rng: random.Random) -> dict:
        """A random legal action, leaning a little towards ending steps so that games reach the war."""
        enders = [a for a in actions if re.search(r"end|done|pass|finish|skip", str(a.get("type", "")))]
        if enders and rng.random() < 0.35:
            return rng.choice(enders)
        return rng.choice(actions)

    # -- the start (seeds-of-disaster:21.1, 21.2, 21.3, 4.1.1)
    def start_checks(self, game, state, view, where) -> None:
        self.seen("set up")
        ds = ds_level(view)
        if ds is not None and ds != PEACE:  # seeds-of-disaster:21.1
            self.bad("set up", where, f"the game starts at DS {view.get('ds')}, not Peace")
        if year_of(view) != 1934:
            self.bad("set up", where, f"the game starts on turn {view.get('turn')!r}, not 1934")
        us = {u.get("id"): u for u in units(view)}
        own = {s: {u.get("id"): u for u in units(game.view(state, s))} for s in SIDES}
        for uid, c in COUNTERS.items():
            u = own[c["side"]].get(uid) or us.get(uid)
            if u is None:
                continue
            steps = u_steps(u)
            # seeds-of-disaster:21.2 French armies 5 steps, BEF 4; 21.3 German armies 1 step
            want = {("french", "army"): 5, ("british", "bef"): 4, ("german", "army"): 1}.get((c["nation"], c["kind"]))
            if want is not None and steps is not None and steps != want:
                self.bad("set up", where, f"{uid} starts with {steps} steps, not {want}")
        for side, nation, n in (("german", "german", 3), ("allied", "french", 3)):
            on_mc = [u for u in own[side].values() if COUNTERS.get(u.get("id"), {}).get("kind") == "army"
                     and COUNTERS[u["id"]]["nation"] == nation and u_zone(u) in MCS]
            if len(on_mc) != n or len({u_zone(u) for u in on_mc}) != n:  # 21.2, 21.3 one per MC
                self.bad("set up", where, f"{len(on_mc)} {nation} armies on MCs at the start: {[u_zone(u) for u in on_mc]}")
        ni, bi = own["allied"].get("NI"), own["allied"].get("BI")
        if ni is not None and u_zone(ni) != "ROT":  # 21.2 Dutch corps in Rotterdam
            self.bad("set up", where, f"the Dutch corps starts in {u_zone(ni)}")
        if bi is not None and u_zone(bi) not in ("ANT", "BRU", None):  # 21.2 Antwerp or Brussels
            self.bad("set up", where, f"the Belgian corps starts in {u_zone(bi)}")
        for side in SIDES:  # seeds-of-disaster:4.1.1 six cards each before play
            hand = own_hand(game.view(state, side), side)
            if hand is not None and len(hand) != PREWAR.get("limits", {}).get("opening_hand", 6):
                self.bad("set up", where, f"{side} holds {len(hand)} cards at the start, not 6")

    # -- what is offered
    def offered_checks(self, game, state, view, prompt, actions, where) -> None:
        ds = ds_level(view)
        side = prompt.side
        year = year_of(view)
        for a in actions:
            t = str(a.get("type", "")).lower()
            if re.search(r"attack|declare|battle", t) and ds is not None:
                # seeds-of-disaster:13.1 combat only during Active Hostilities
                self.seen("no combat before war")
                if ds < HOSTILITIES:
                    self.bad("no combat before war", where, f"{canon(a)} offered at DS {ds}")
            if secret_kind(a) == "build" and ds is not None:
                # seeds-of-disaster:7.4 no mobilization once Active Hostilities begin
                self.seen("no mobilization in war")
                if ds >= HOSTILITIES:
                    self.bad("no mobilization in war", where, f"{canon(a)} offered at war")
            if re.search(r"redeploy|\bsr\b", t) and ds is not None:
                # seeds-of-disaster:11.0 SR only at Active Hostilities
                self.seen("sr only at war")
                if ds < HOSTILITIES:
                    self.bad("sr only at war", where, f"{canon(a)} offered at DS {ds}")
            if re.search(r"maneuv|manoeuv|\bmm\b", t) and ds is not None:
                # seeds-of-disaster:6.1 MMs before war, from Opposition (SoP)
                self.seen("maneuvers")
                if ds >= HOSTILITIES or ds < OPPOSITION:
                    self.bad("maneuvers", where, f"{canon(a)} offered at DS {ds}")
                area = a.get("area") or a.get("zone")
                if area is not None:
                    if area not in MCS or AREAS.get(area, {}).get("country") in ("N", "B"):  # 6.1.1, 6.1.1 b
                        self.bad("maneuvers", where, f"{canon(a)}: not a French or German MC")
                    here = [u for u in units(game.view(state, side)) if u_zone(u) == area and u_side(u) == side
                            and u_kind(u) not in ("air", "allied_air", "westwall")]
                    if len(here) < 2:  # 6.1.1 two or more troop units in the MC
                        self.bad("maneuvers", where, f"{canon(a)}: {len(here)} troop units in {area}")
            if "play" in t and ds is not None and ds >= HOSTILITIES:
                # SoP Active Hostilities: no more Counterespionage (nor events: 4.1.6 card segment)
                self.seen("no cards at war")
                self.bad("no cards at war", where, f"{canon(a)} offered at war")
            if "move" in t and ds is not None and ds == PEACE:
                # SoP: the Movement Segment begins at Opposition
                self.seen("no movement at peace")
                if u_zone_of_action(a) in AREAS:
                    self.bad("no movement at peace", where, f"{canon(a)} offered at Peace")
            self.offered_move(view, game, state, side, a, ds, where)
            if secret_kind(a) == "build":
                self.offered_build(game, state, side, a, where)
            if re.search(r"attack|declare", t) and ds == HOSTILITIES:
                self.offered_attack(view, side, a, where)
            if re.search(r"redeploy|\bsr\b", t) and ds == HOSTILITIES:
                self.offered_sr(view, side, a, where)
        if ds == HOSTILITIES and segment(view.get("phase")) == "combat" and side in SIDES:
            self.attackable(view, side, actions, where)

    def offered_attack(self, view, side, a, where) -> None:
        """seeds-of-disaster:13.1 across a border into an adjacent enemy Area; 13.1.2 one army (more
        by Overconcentration, 6.2.4); 13.1.3 each Area once a Combat Segment; 15.1.2 no disrupted army."""
        target = a.get("target") or a.get("area") or a.get("defender") or a.get("zone")
        ids = a.get("units") or a.get("attackers") or ([a["unit"]] if isinstance(a.get("unit"), str) else [])
        if target not in AREAS:
            return
        us = {u.get("id"): u for u in units(view)}
        self.seen("attacks offered")
        if not any(u_side(u) == enemy(side) and u_zone(u) == target for u in us.values()):
            self.bad("attacks offered", where, f"{canon(a)}: no enemy in {target}")
        for i in ids if isinstance(ids, list) else []:
            u = us.get(i, {})
            z = u_zone(u)
            if z is not None and z != target and target not in ADJ[z]:
                self.bad("attacks offered", where, f"{canon(a)}: {i} in {z} is not adjacent to {target}")
            if u.get("disrupted") and COUNTERS.get(i, {}).get("kind") in ARMY_KINDS:
                self.bad("attacks offered", where, f"{canon(a)}: {i} is disrupted (15.1.2)")
        armies = [i for i in ids if COUNTERS.get(i, {}).get("kind") in ARMY_KINDS] if isinstance(ids, list) else []
        cp = side_value(view, side, CP)
        if len(armies) > 1 and cp is not None and cp < 5:
            self.bad("attacks offered", where, f"{canon(a)}: {len(armies)} armies with {cp} CPs (6.2.4 costs 5)")

    def attackable(self, view, side, actions, where) -> None:
        """seeds-of-disaster:13.1: every enemy Area adjacent to a friendly ground unit that may
        attack can be attacked in the Combat Segment (unless attacked already, 13.1.3)."""
        text = canon(actions)
        if not re.search(r"attack|declare", text):
            return
        mine = [u for u in units(view) if u_side(u) == side and u_zone(u) and u_kind(u) in ARMY_KINDS | CORPS_KINDS
                and not (u.get("disrupted") and u_kind(u) in ARMY_KINDS)]
        targets = {n for u in mine for n in ADJ[u_zone(u)]}
        held = {u_zone(u) for u in units(view) if u_side(u) == enemy(side) and u_zone(u)}
        for z in sorted(targets & held):
            self.seen("every enemy attackable")
            if f'"{z}"' not in text and z not in self.attacked:
                self.bad("every enemy attackable", where, f"{side} may not attack {z}, adjacent to {[u.get('id') for u in mine if z in ADJ[u_zone(u)]][:3]}")

    def offered_sr(self, view, side, a, where) -> None:
        """seeds-of-disaster:11.0 a Strategic Redeployment never starts next to an enemy unit and
        never enters an enemy Area; 6.2.1 friendly Areas only."""
        uid, to = a.get("unit"), u_zone_of_action(a)
        us = {u.get("id"): u for u in units(view)}
        u = us.get(uid)
        if u is None or to not in AREAS:
            return
        self.seen("strategic redeployment")
        held = {u_zone(x) for x in us.values() if u_side(x) == enemy(side) and u_zone(x)}
        z = u_zone(u)
        if z is not None and (ADJ[z] & held):
            self.bad("strategic redeployment", where, f"{canon(a)}: {uid} starts next to an enemy in {sorted(ADJ[z] & held)}")
        if to in held:
            self.bad("strategic redeployment", where, f"{canon(a)}: {to} is enemy-held")

    def offered_build(self, game, state, side, a, where) -> None:
        uid = a.get("unit")
        if not isinstance(uid, str) or uid not in COUNTERS or side not in SIDES:
            return
        c = COUNTERS[uid]
        own = {u.get("id"): u for u in units(game.view(state, side))}
        pooled = {i for i, u in own.items() if in_pool(u)}
        if uid in pooled and c["nation"] == "french" and c["kind"] in ("dlm", "armored"):
            # seeds-of-disaster:7.2.7 the DLC first, then a DLM, before any armored corps
            self.seen("french mobile order")
            if "DLC" in pooled or (c["kind"] == "armored" and {"DLM1", "DLM2"} <= pooled):
                self.bad("french mobile order", where, f"{canon(a)} offered; in the Force Pool still {sorted(pooled & {'DLC', 'DLM1', 'DLM2'})}")
        if c["kind"] == "westwall":
            area = a.get("area") or a.get("zone") or a.get("to")
            if area is not None:
                # seeds-of-disaster:14.2.1 German Areas bordering France, Belgium or the Netherlands; one each
                self.seen("westwall areas")
                border = AREAS.get(area, {}).get("country") == "G" and any(
                    AREAS[n]["country"] in ("F", "B", "N") for n in ADJ[area])
                there = [i for i, u in own.items() if u_zone(u) == area and COUNTERS.get(i, {}).get("kind") == "westwall" and i != uid]
                if not border or there:
                    self.bad("westwall areas", where, f"{canon(a)} offered ({'already ' + str(there) if there else 'not a border Area'})")

    def offered_move(self, view, game, state, side, a, ds, where) -> None:
        """Moves offered: never into enemy-held Areas (10.1.12) nor across borders before
        Armed Belligerence (12.0); minor allies stay home (7.2.5, 12.0)."""
        t = str(a.get("type", "")).lower()
        if not re.search(r"move|redeploy|deploy|place|enter", t):
            return
        uid = a.get("unit")
        to = a.get("to") or a.get("area") or a.get("zone")
        if not isinstance(uid, str) or to not in AREAS or uid not in COUNTERS:
            return
        c = COUNTERS[uid]
        self.seen("offered moves")
        enemies = [u for u in units(view) if u_zone(u) == to and u_side(u) == enemy(c["side"])]
        if enemies and not re.search(r"drop|para|assault", t):
            self.bad("no entry into enemy areas", where, f"{canon(a)} offered into {to} held by {[u.get('id') for u in enemies][:3]}")
        country = AREAS[to]["country"]
        home = HOME[c["nation"]]
        hostile = ("F", "B", "N") if c["side"] == "german" else ("G",)
        if ds is not None and ds < BELLIGERENCE and country in hostile:
            self.bad("borders before belligerence", where, f"{canon(a)} offered into {country} at DS {ds}")
        if c["nation"] in ("dutch", "belgian"):
            self.seen("minor allies stay home")
            if country == "G" or (c["nation"] == "dutch" and country == "F"):
                self.bad("minor allies stay home", where, f"{canon(a)} offered")
            elif country != home:
                self.notes.append(f"{where}: {canon(a)} leaves {home} (allowed only by an Event, 7.2.5)")
                self.bad("minor allies stay home", where, f"{canon(a)} offered out of {home}")

    # -- the sequence of play (seeds-of-disaster:3.1, 3.4 and the Sequence of Play)
    def sequence(self, before, after, prompt, where) -> None:
        ds0, ds1 = ds_level(before), ds_level(after)
        key0, key1 = turn_key(before), turn_key(after)
        if not self.turns or self.turns[-1]["key"] != key0:
            self.open_turn(before, where)
        rec = self.turns[-1]
        seg = segment(before.get("phase")) or segment(prompt.phase)
        rec["segments"].append((seg, prompt.side, before.get("phase")))
        if ds0 is not None and ds1 is not None:
            self.seen("ds steps")
            if ds1 > ds0 + 1:  # seeds-of-disaster:3.1.3
                self.bad("ds steps", where, f"DS {ds0} -> {ds1} in one action")
            if key0 == key1 and ds1 > ds0:
                rec["rises"] += 1
                if ds1 == BELLIGERENCE:  # seeds-of-disaster:3.3.5 from the start of the next year-turn
                    self.seen("belligerence next turn")
                    self.bad("belligerence next turn", where, "DS rose to Armed Belligerence within the turn")
            rec["ds_max"] = max(rec["ds_max"], ds1)
        if key1 != key0:
            self.close_turn(where)

    def open_turn(self, view, where) -> None:
        ds = ds_level(view)
        prev = self.turns[-1] if self.turns else None
        rec = {"key": turn_key(view), "turn": view.get("turn"), "year": year_of(view), "ds": ds, "ds_max": ds,
               "segments": [], "rises": 0, "where": where}
        if prev is not None and ds is not None and prev["ds_end"] is not None:
            if ds > prev["ds_end"] and ds != BELLIGERENCE:
                rec["rises"] += 1
            # seeds-of-disaster:3.1.2 the time scale: years, then months (at most 8), then weeks (at most 10)
            self.seen("turn scale")
            if prev["ds"] is not None and prev["ds"] < BELLIGERENCE and ds < BELLIGERENCE:
                if prev["year"] is not None and rec["year"] is not None and rec["year"] != prev["year"] + 1:
                    self.bad("turn scale", where, f"year-turn {prev['year']} followed by {rec['year']}")
            # 3.1.2: Military Preparations becomes Armed Belligerence by the 1940 turn
            if rec["year"] == 1940 and prev["ds_end"] == PREPARATIONS and ds < BELLIGERENCE:
                self.seen("belligerence by 1940")
                self.bad("belligerence by 1940", where, "the 1940 turn began at Military Preparations")
        n_ab = sum(1 for r in self.turns if r["ds"] == BELLIGERENCE)
        n_ah = sum(1 for r in self.turns if r["ds"] == HOSTILITIES)
        rec["ab_turn"] = n_ab + 1 if ds == BELLIGERENCE else None
        rec["ah_turn"] = n_ah + 1 if ds == HOSTILITIES else None
        if ds == BELLIGERENCE and n_ab >= 8:  # SoP Armed Belligerence (e)
            self.seen("belligerence at most 8 months")
            self.bad("belligerence at most 8 months", where, f"a {n_ab + 1}th month of Armed Belligerence")
        if ds == HOSTILITIES and n_ah >= 10:  # seeds-of-disaster:3.1.2 ends after ten turns
            self.bad("war lasts ten weeks", where, f"an {n_ah + 1}th week of Active Hostilities")
        self.moved = defaultdict(set)
        self.relocations = defaultdict(dict)
        self.attacked = set()
        self.turns.append(rec)

    def close_turn(self, where) -> None:
        if not self.turns or self.turns[-1].get("closed"):
            return
        rec = self.turns[-1]
        rec["closed"] = True
        rec["ds_end"] = rec["ds_max"]
        segs = [s for s, _, _ in rec["segments"] if s]
        ds, year = rec["ds"], rec["year"]
        if ds is None:
            return
        # seeds-of-disaster:3.1.3 not more than one level in one game turn
        self.seen("one level a turn")
        if rec["rises"] > 1:
            self.bad("one level a turn", rec["where"], f"DS rose {rec['rises']} times in turn {rec['turn']}")
        # seeds-of-disaster:3.4 and the SoP: the segments present at this DS, in order
        self.seen("segments by status")
        for s in set(segs):
            why = segment_forbidden(s, ds, year, rec.get("ab_turn"))
            if why:
                self.bad("segments by status", rec["where"], f"{s} segment in turn {rec['turn']} (DS {ds}): {why}")
        self.movement_limits(rec, ds)
        if ds < HOSTILITIES:
            self.seen("segment order")
            order = [SEG_INDEX[s] for s in segs]
            for i in range(1, len(order)):
                if order[i] < order[i - 1] and not (segs[i] == "cards" or segs[i - 1] == "cards"):
                    self.bad("segment order", rec["where"], f"turn {rec['turn']}: {segs[i]} after {segs[i - 1]}")
                    break
        else:
            # seeds-of-disaster:3.1.2, 3.4: weekly turns sequential, the German first
            self.seen("german first")
            war = [(s, side) for s, side, _ in rec["segments"] if s in ("movement", "combat")]
            if war and war[0][1] != "german":
                self.bad("german first", rec["where"], f"turn {rec['turn']} opens with {war[0]}")
            sides = [side for _, side in war]
            if "allied" in sides and "german" in sides[sides.index("allied"):]:
                self.bad("german first", rec["where"], f"turn {rec['turn']}: German moves or fights after the Allied player-turn began")

    def movement_limits(self, rec, ds) -> None:
        """The Sequence of Play's movement limits: Opposition 2 units between MCs (or from off the
        map); Military Preparations 2 so plus 1 from an MC to an Area of its own country; Armed
        Belligerence 2 so plus 4 on the map (the units back from Poland do not count, 21.5.2)."""
        for side, moves in self.relocations.items():
            if not moves or ds >= HOSTILITIES:
                continue
            between = [u for u, (a, b) in moves.items() if b in MCS or b not in AREAS or a not in AREAS]
            onmap = [u for u in moves if u not in between]
            self.seen("movement limits")
            if ds == OPPOSITION and (len(between) > 2 or onmap):
                self.bad("movement limits", rec["where"], f"{side} at Opposition relocated {moves}")
            if ds == PREPARATIONS:
                outside = [u for u in onmap if AREAS[moves[u][1]]["country"] != HOME[COUNTERS[u]["nation"]]]
                if len(between) > 2 or len(onmap) > 1 or outside:
                    self.bad("movement limits", rec["where"], f"{side} at Military Preparations relocated {moves}")
            if ds == BELLIGERENCE and (len(between) > 2 + max(0, 4 - len(onmap)) or len(onmap) > 4):
                self.bad("movement limits", rec["where"], f"{side} at Armed Belligerence relocated {moves}")

    # -- moves done
    def move_checks(self, before, after, prompt, action, events, where) -> None:
        ds0 = ds_level(before)
        ds1 = ds_level(after)
        t = str(action.get("type", "")).lower()
        ub = {u.get("id"): u for u in units(before)}
        ua = {u.get("id"): u for u in units(after)}
        for uid, u in ua.items():
            if uid not in COUNTERS:
                continue
            z0 = u_zone(ub[uid]) if uid in ub else None
            z1 = u_zone(u)
            if z1 == z0 or z1 is None:
                continue
            c = COUNTERS[uid]
            side = c["side"]
            if segment(before.get("phase")) == "movement" and side == prompt.side:
                self.moved[side].add(uid)
            country = AREAS.get(z1, {}).get("country")
            hostile = ("F", "B", "N") if side == "german" else ("G",)
            # seeds-of-disaster:12.0 no border crossing before Armed Belligerence
            self.seen("borders before belligerence")
            if ds0 is not None and ds0 < BELLIGERENCE and country in hostile:
                self.bad("borders before belligerence", where, f"{uid} entered {z1} ({country}) at DS {ds0}")
            # seeds-of-disaster:12.0 crossing at Armed Belligerence starts the war at once
            if ds0 == BELLIGERENCE and (
                (side == "german" and country in ("F", "B", "N")) or (c["nation"] == "french" and country == "G")
            ):
                self.seen("crossing starts the war")
                if ds1 != HOSTILITIES:
                    self.bad("crossing starts the war", where, f"{uid} entered {z1} ({country}) and DS stays {ds1}")
            if side == "german" and country == "B":
                self.germans_in_belgium = True
            # seeds-of-disaster:12.0 French and British into Belgium only after the Germans (or Event 4 / IE 65)
            if c["nation"] in ("french", "british") and country == "B" and AREAS.get(z0 or "", {}).get("country") != "B":
                self.seen("belgium after the germans")
                if not self.germans_in_belgium:
                    self.notes.append(f"{where}: {uid} entered Belgium before the Germans (Event 4 or IE 65 needed)")
            # seeds-of-disaster:10.1.12 never into an enemy-held Area (but a parachute assault)
            if re.search(r"move|redeploy|deploy", t) and not re.search(r"retreat|advance|drop|para", t):
                held = [x.get("id") for x in units(before) if u_zone(x) == z1 and u_side(x) == enemy(side)]
                self.seen("no entry into enemy areas")
                if held:
                    self.bad("no entry into enemy areas", where, f"{uid} moved into {z1} held by {held[:3]}")
            # seeds-of-disaster:10.1.6 an army on the map stays there
            if z0 in AREAS and z1 not in AREAS and c["kind"] in ARMY_KINDS and u_steps(u) not in (0,):
                self.bad("armies stay on the map", where, f"{uid} left the map from {z0}")
        # the movement limits of the Sequence of Play count every unit the mover relocates
        if segment(before.get("phase")) == "movement" and prompt.side in SIDES:
            for uid, u in ua.items():
                if uid not in COUNTERS or COUNTERS[uid]["side"] != prompt.side or uid not in ub:
                    continue
                l0, l1 = u_place(ub[uid]), u_place(u)
                if l0 != l1 and not str(l0).lower().startswith("pol"):
                    self.relocations[prompt.side][uid] = (self.relocations[prompt.side].get(uid, (l0, l1))[0], l1)
        # seeds-of-disaster:10.1.2 until Military Preparations no unit leaves an MC
        if ds0 is not None and ds0 < PREPARATIONS:
            for uid, u in ua.items():
                z1 = u_zone(u)
                if uid in COUNTERS and z1 in AREAS and z1 not in MCS and u_zone(ub.get(uid, {})) != z1:
                    self.seen("mc only before preparations")
                    self.bad("mc only before preparations", where, f"{uid} to {z1} (not an MC) at DS {ds0}")
        # seeds-of-disaster:8.0 one army in an Area but an MC, when the movement ends
        if segment(before.get("phase")) == "movement" and segment(after.get("phase")) != "movement":
            self.stacking(after, where)
        if before.get("phase") != after.get("phase") and segment(after.get("phase")) == "combat":
            self.attacked = set()

    def stacking(self, view, where) -> None:
        self.seen("stacking")
        armies: dict[tuple, list[str]] = defaultdict(list)
        for u in units(view):
            uid = u.get("id")
            if uid in COUNTERS and COUNTERS[uid]["kind"] in ARMY_KINDS and u_zone(u) in AREAS:
                armies[(u_zone(u), COUNTERS[uid]["side"])].append(uid)
        for (z, side), ids in armies.items():
            if len(ids) > 1 and z not in MCS:
                self.bad("stacking", where, f"{side} armies {ids} together in {z}")

    # -- the economy: builds, Technology, Military Maneuvers
    def economy(self, game, trial, state, prompt, action, events, where) -> None:
        side = prompt.side
        if side not in SIDES:
            return
        v0, v1 = game.view(trial, side), game.view(state, side)
        rp0, rp1 = side_value(v0, side, RP), side_value(v1, side, RP)
        cp0, cp1 = side_value(v0, side, CP), side_value(v1, side, CP)
        t = str(action.get("type", "")).lower()
        year = year_of(v0)
        if re.search(r"maneuv|manoeuv|\bmm\b", t):
            # seeds-of-disaster:6.1.1 c: an MM costs its RPs (Mobilization Costs Chart) and gives 3 CPs
            self.seen("maneuver gains")
            cost = COST.get("maneuver")
            if cp0 is not None and cp1 is not None and cp1 != min(19, cp0 + 3):
                self.bad("maneuver gains", where, f"CPs {cp0} -> {cp1}")
            if rp0 is not None and rp1 is not None and cost is not None and rp0 - rp1 != cost:
                self.bad("maneuver gains", where, f"RPs {rp0} -> {rp1}, the chart's cost {cost}")
            self.maneuvers[(turn_key(v0), side)] += 1
            if self.maneuvers[(turn_key(v0), side)] > 2:  # 6.1.1 c: up to 2 a yearly turn
                self.bad("maneuver gains", where, f"{self.maneuvers[(turn_key(v0), side)]} MMs this turn")
        if re.search(r"invest|tech", t):
            # seeds-of-disaster:7.3.2 10 or 20 RPs a turn towards Technology
            spent = rp0 - rp1 if rp0 is not None and rp1 is not None else None
            self.seen("technology")
            if spent is not None and spent not in (10, 20):
                self.bad("technology", where, f"{side} invested {spent} RPs")
            if spent:
                self.invested[(turn_key(v0), side)] += spent
                if self.invested[(turn_key(v0), side)] > 20:
                    self.bad("technology", where, f"{side} invested {self.invested[(turn_key(v0), side)]} RPs this turn")
        inv, lvl = side_value(v1, side, INVESTED), side_value(v1, side, TECH)
        if inv is not None and lvl is not None:
            self.seen("technology")
            if (inv >= 60) != (lvl >= 2):  # seeds-of-disaster:7.3.4 Level 2 at 60 RPs invested
                self.bad("technology", where, f"{side} invested {inv}, Technology Level {lvl}")
        uid = action.get("unit")
        if secret_kind(action) == "build" and isinstance(uid, str) and uid in COUNTERS:
            c = COUNTERS[uid]
            kind = COST_KIND.get(c["kind"])
            cost = COST.get(kind) if kind else None
            if cost is not None and rp0 is not None and rp1 is not None:
                # seeds-of-disaster:7.2 a step costs the chart's RPs (7.5.2 halved by a card, rounded up)
                self.seen("build costs")
                if rp0 - rp1 not in (cost, -(-cost // 2)):
                    self.bad("build costs", where, f"{uid} ({kind}) cost {rp0 - rp1} RPs, the chart says {cost}")
            frm = COST_FROM.get(kind) if kind else None
            if frm and year is not None and year < frm:
                # seeds-of-disaster:7.2, 7.5.1: not before the chart's year unless an Event Card allows it
                self.notes.append(f"{where}: {uid} built in {year}, chart year {frm} (an Event may allow it)")

    # -- events
    def event_checks(self, game, before, after, prompt, action, events, rolls, where) -> None:
        for e in events:
            d = e.data or {}
            k = e.kind.lower()
            if re.search(r"combat|battle", k) and d:
                self.combat(d, before, after, rolls, where)
            if re.search(r"check", k) and "roll" in canon(d):
                self.check_roll(d, before, where)

    def combat(self, d: dict, before, after, rolls, where) -> None:
        """seeds-of-disaster:13.7: Battle Total = strength + dice; the difference sets the result."""
        area = d.get("area") or d.get("target") or d.get("defender_area")
        if area in AREAS and not d.get("breakthrough"):
            # seeds-of-disaster:13.1.3 an Area once a Combat Segment (again only in a Breakthrough)
            self.seen("area attacked once")
            if area in self.attacked:
                self.bad("area attacked once", where, f"{area} attacked again: {canon(d)[:200]}")
            self.attacked.add(area)
        tot = {}
        for role in ("attacker", "defender"):
            strength = first_num(d, (f"{role}_strength", f"{role[:3]}_strength", f"{role}s_strength"))
            dice = first_list(d, (f"{role}_dice", f"{role[:3]}_dice", f"{role}_rolls"))
            total = first_num(d, (f"{role}_total", f"{role[:3]}_total", f"{role}_battle_total"))
            if strength is not None and dice is not None and total is not None:
                self.seen("battle totals")
                if strength + sum(dice) != total:  # 13.7.1
                    self.bad("battle totals", where, f"{role}: {strength} + {dice} != {total}")
            tot[role] = total
        if tot.get("attacker") is not None and tot.get("defender") is not None:
            diff = abs(tot["attacker"] - tot["defender"])
            row = None
            for r in TABLES.get("crt", []):
                if diff >= r["from"]:
                    row = r
            loser_steps = first_num(d, ("loser_steps", "loser_loss", "loser_losses"))
            winner_steps = first_num(d, ("winner_steps", "winner_loss", "winner_losses"))
            if row is not None and loser_steps is not None:
                self.seen("combat results")
                if loser_steps != row.get("loser", 0) or (winner_steps is not None and winner_steps != row.get("winner", 0)):
                    self.bad("combat results", where, f"difference {diff}: losses {loser_steps}/{winner_steps}, table {row}")

    def check_roll(self, d: dict, before, where) -> None:
        """seeds-of-disaster:3.3.3 two d6 added; at or above the check number the DS rises."""
        dice = first_list(d, ("dice", "rolls"))
        number = first_num(d, ("number", "check", "target"))
        success = d.get("success", d.get("rises", d.get("passed")))
        if dice and number is not None and isinstance(success, bool):
            self.seen("check rolls")
            if len(dice) != 2 or (sum(dice) >= number) != success:
                self.bad("check rolls", where, f"dice {dice} against {number}: success {success}")

    # -- the state after each action
    def state_checks(self, game, state, before, view, where) -> None:
        ds = ds_level(view)
        for side in SIDES:
            own = game.view(state, side)
            # seeds-of-disaster:5.1.1 at most 19 IPs; 6.1 at most 19 CPs
            for names, cap, case in ((IP, 19, "ip cap"), (CP, 19, "cp cap")):
                v = side_value(own, side, names)
                if v is not None:
                    self.seen(case)
                    if not 0 <= v <= cap:
                        self.bad(case, where, f"{side} holds {v}")
            rp = side_value(own, side, RP)
            tech = side_value(own, side, TECH)
            if rp is not None and ds == HOSTILITIES and self.rp_seen.get(side) is not None:
                self.seen("no rp at war")
                if rp != self.rp_seen[side] and ds_level(before) == HOSTILITIES:  # 7.1 neither gained nor spent
                    self.bad("no rp at war", where, f"{side} RPs {self.rp_seen[side]} -> {rp} at war")
            self.rp_seen[side] = rp
            if rp is not None:
                self.seen("rp cap")
                if rp < 0 or (tech is not None and tech < 2 and rp > 100):  # seeds-of-disaster:7.3.3
                    self.bad("rp cap", where, f"{side} holds {rp} RPs at Technology Level {tech}")
            for u in units(own):
                uid = u.get("id")
                if uid not in COUNTERS or COUNTERS[uid]["side"] != side:
                    continue
                c = COUNTERS[uid]
                steps = u_steps(u)
                if c["kind"] in ARMY_KINDS and steps is not None:
                    self.seen("army steps")
                    if steps > 19:  # seeds-of-disaster:2.3.1, 7.2.3
                        self.bad("army steps", where, f"{uid} has {steps} steps")
                # seeds-of-disaster:7.2.6, 7.3.6 a mobile corps or air fleet at full strength needs Level 2
                if tech is not None and tech < 2 and c["kind"] in MOBILE_KINDS | {"air", "allied_air"} - {"bef"}:
                    if u_full(u) and c["nation"] not in ("dutch", "belgian"):
                        self.seen("full strength needs level 2")
                        self.bad("full strength needs level 2", where, f"{uid} at full strength, Technology Level {tech}")
                # seeds-of-disaster:2.3.2 b: no Reserve before Armed Belligerence (air fleets live there, h)
                if u_box(u) and "reserve" in str(u_box(u)).lower() and ds is not None and ds < BELLIGERENCE:
                    if c["kind"] not in ("air", "allied_air"):
                        self.seen("reserve from belligerence")
                        self.bad("reserve from belligerence", where, f"{uid} in Reserve at DS {ds}")

    # -- hidden information
    def hidden_views(self, game, state, view, where) -> None:
        """seeds-of-disaster:4.1.8, 4.3.1: a hand is its owner's alone; the other side and the
        table see at most how many cards it holds."""
        views = {v: game.view(state, v) for v in SIDES}
        for side in SIDES:
            other = enemy(side)
            for path, cards in hand_paths(views[side], side):
                self.seen("hands hidden")
                for viewer, v in ((other, views[other]), ("the table", view)):
                    leaked = [c for c in cards if card_in_other_hand(c, v, side)]
                    if leaked:
                        self.bad("hands hidden", where, f"{viewer}'s view names {side}'s cards in hand {leaked[:3]}")

    def hidden_differential(self, game, state, view, prompt, actions, rng, where) -> None:
        """Before the war turns are simultaneous (seeds-of-disaster:3.1.4, 3.4): what a side
        decides in secret (builds and RP/IP spending 7.1, 7.2, 5.2.1; discards 4.1.8; the German
        Attack Strategy 19.0) must not change the other side's view, nor the table's, nor the
        events they read: two different choices of the same kind look alike to them."""
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
                except Exception as exc:  # an offered action must apply
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

    def draw_check(self, game, trial, action, events, side, seed, where) -> None:
        """Cards are drawn at the moment of the draw (seeds-of-disaster:4.1.2, 4.1.10 the deck is
        reshuffled; docs/GAMES.md: the state holds no order of a deck not yet drawn): the same
        draw made with other dice must be able to give other cards."""
        if not any(re.search(r"draw", f"{e.kind} {e.text}", re.I) for e in events):
            return
        outcomes = set()
        for s in range(6):
            t = game.copy_state(trial)
            try:
                game.apply(t, action, Dice(1000 + 7 * s + seed))
            except Exception as exc:
                self.bad("offered actions apply", where, f"{canon(action)} raised {exc!r}")
                return
            outcomes.add(canon([own_hand(game.view(t, v), v) for v in SIDES]))
        self.seen("drawn at the draw")
        self.draw_total += 1
        if len(outcomes) == 1:
            self.draw_same += 1
            self.notes.append(f"{where}: six different dice drew the same cards")

    def end_checks(self, game, state, view, where) -> None:
        """seeds-of-disaster:3.1.2, 20.0: after ten weeks of war (or Paris taken) the Objectives decide."""
        self.close_turn(where)
        self.seen("end")
        out = game.outcome(state)
        if out is None:
            self.bad("end", where, "the game ended without an outcome")
            return
        n_ah = sum(1 for r in self.turns if r["ds"] == HOSTILITIES)
        paris = {u_zone(u) for u in units(view) if u_side(u) == "german"} >= PARIS
        if n_ah < 10 and not paris:
            self.bad("end", where, f"the game ended after {n_ah} weeks of war, Paris not held: {out}")
        self.victory(view, out, where)

    def victory(self, view, out, where) -> None:
        """seeds-of-disaster:20.0: Objectives (MCs, Paris, Dunkirk) held at the end set the level."""
        control = view.get("control")
        if not isinstance(control, dict):
            return
        held = defaultdict(int)
        for z in OBJECTIVES:
            if control.get(z) in SIDES:
                held[control[z]] += 1
        g, a = held["german"], held["allied"]
        want = ("german", "decisive") if g >= 13 else ("german", "major") if g == 12 else ("german", "marginal") if g == 11 \
            else ("allied", "decisive") if a >= 12 else ("allied", "marginal") if a == 11 else (None, "draw")
        self.seen("victory level")
        level = str(out.level).lower()
        if out.winner != want[0] or want[1] not in level:
            self.bad("victory level", where, f"German {g}, Allied {a} Objectives: want {want}, game says {out.winner} {out.level}")


@pytest.fixture(scope="module")
def referee() -> Referee:
    game = _module()
    ref = Referee()
    for seed, cap, budget in GAMES:
        ref.play(game, seed, cap, budget)
    return ref


CHECKS = [
    ("set up", "seeds-of-disaster:21.1"),
    ("actions offered", "seeds-of-disaster:3.2"),
    ("offered actions apply", "seeds-of-disaster:3.2"),
    ("no combat before war", "seeds-of-disaster:13.1"),
    ("no mobilization in war", "seeds-of-disaster:7.4"),
    ("sr only at war", "seeds-of-disaster:11.0"),
    ("maneuvers", "seeds-of-disaster:6.1.1"),
    ("no cards at war", "seeds-of-disaster:4.1.6"),
    ("no movement at peace", "seeds-of-disaster:10.1.2"),
    ("no entry into enemy areas", "seeds-of-disaster:10.1.12"),
    ("borders before belligerence", "seeds-of-disaster:12.0"),
    ("crossing starts the war", "seeds-of-disaster:12.0"),
    ("minor allies stay home", "seeds-of-disaster:7.2.5"),
    ("armies stay on the map", "seeds-of-disaster:10.1.6"),
    ("mc only before preparations", "seeds-of-disaster:10.1.2"),
    ("stacking", "seeds-of-disaster:8.0"),
    ("movement limits", "seeds-of-disaster:10.1.3"),
    ("maneuver gains", "seeds-of-disaster:6.1.1"),
    ("technology", "seeds-of-disaster:7.3.2"),
    ("build costs", "seeds-of-disaster:7.2"),
    ("french mobile order", "seeds-of-disaster:7.2.7"),
    ("attacks offered", "seeds-of-disaster:13.1.2"),
    ("every enemy attackable", "seeds-of-disaster:13.1"),
    ("area attacked once", "seeds-of-disaster:13.1.3"),
    ("strategic redeployment", "seeds-of-disaster:11.0"),
    ("westwall areas", "seeds-of-disaster:14.2.1"),
    ("no rp at war", "seeds-of-disaster:7.1"),
    ("ds steps", "seeds-of-disaster:3.1.3"),
    ("one level a turn", "seeds-of-disaster:3.1.3"),
    ("belligerence next turn", "seeds-of-disaster:3.3.5"),
    ("belligerence by 1940", "seeds-of-disaster:3.1.2"),
    ("belligerence at most 8 months", "seeds-of-disaster:3.1.2"),
    ("war lasts ten weeks", "seeds-of-disaster:3.1.2"),
    ("turn scale", "seeds-of-disaster:3.1.2"),
    ("segments by status", "seeds-of-disaster:3.4"),
    ("segment order", "seeds-of-disaster:3.4"),
    ("german first", "seeds-of-disaster:3.1.5"),
    ("battle totals", "seeds-of-disaster:13.7.1"),
    ("combat results", "seeds-of-disaster:13.7.5"),
    ("check rolls", "seeds-of-disaster:3.3.3"),
    ("ip cap", "seeds-of-disaster:5.1.1"),
    ("cp cap", "seeds-of-disaster:6.1"),
    ("rp cap", "seeds-of-disaster:7.3.3"),
    ("army steps", "seeds-of-disaster:2.3.1"),
    ("full strength needs level 2", "seeds-of-disaster:7.3.6"),
    ("reserve from belligerence", "seeds-of-disaster:2.3.2"),
    ("hands hidden", "seeds-of-disaster:4.1.8"),
    ("secret discard", "seeds-of-disaster:4.1.8"),
    ("secret strategy", "seeds-of-disaster:19.0"),
    ("secret build", "seeds-of-disaster:3.1.4"),
    ("secret ip spending", "seeds-of-disaster:5.2.1"),
    ("drawn at the draw", "seeds-of-disaster:4.1.2"),
    ("end", "seeds-of-disaster:3.1.2"),
    ("victory level", "seeds-of-disaster:20.0"),
]

# Disagreements on record (see the report): check name -> reason.
XFAIL: dict[str, str] = {}


def _params():
    for check, case in CHECKS:
        marks = [pytest.mark.rules(case)]
        if check in XFAIL:
            marks.append(pytest.mark.xfail(strict=True, reason=XFAIL[check]))
        yield pytest.param(check, id=check.replace(" ", "-"), marks=marks)


@pytest.mark.parametrize("check", list(_params()))
def test_seeds_of_disaster_rule(referee: Referee, check: str) -> None:
    if check == "drawn at the draw" and referee.draw_total and referee.draw_same == referee.draw_total:
        # seeds-of-disaster:4.1.2: every draw gave the same cards whatever the dice
        referee.bad(check, "all games", f"{referee.draw_same} of {referee.draw_total} draws ignore the dice")
    assert not referee.found.get(check), "\n".join(referee.found[check])
