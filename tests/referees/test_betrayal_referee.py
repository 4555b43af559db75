"""An independent referee for Betrayal! (betrayal:1.0-9.0), written from the rulebook alone.

It plays random games through the public protocol (`game_for`, `new`, `prompt`, `apply`, `view`,
`outcome`) and checks, at every step, what the rules say against what the game does. The facts
come from the public view before and after each action and from the events' data; the printed
values (counters, map, tables) are read from the scenario data files as the board and pieces.

The games (GAMES) are seeded and mix policies: uniform random play, play biased to fight, play
biased to stand still and sail home, and play that records breaches of the ban on talking (6.3).
Every finding is collected per check; each test asserts that its own list is empty and that the
games gave it enough situations to judge (CHECKS). A check that disagrees with the game stays on
record as a strict xfail (XFAIL) naming the disagreement written up in /work/coord/betrayal.md.
"""

from __future__ import annotations

import heapq
import json
import math
import random
import tomllib
from collections import defaultdict, deque
from functools import cache
from pathlib import Path

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games import game_for

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "scenarios" / "betrayal"

# Random games: (scenario, seed, step cap, policy). The policies (see `choose`): "random"
# picks uniformly; "attack" mostly picks fights for every seat; "pass" mostly stands still and
# sails the British home; "talk" plays at random and records breaches of the ban on talking (6.3).
# Bounded so that the module stays under about 30 s of CPU.
GAMES = [
    ("betrayal/historical", 11, 2600, "random"),
    ("betrayal/historical", 25, 2600, "attack"),
    ("betrayal/historical", 34, 2600, "pass"),
    ("betrayal/historical", 40, 2600, "talk"),
    ("betrayal/free-setup", 8, 2600, "random"),
    ("betrayal/free-setup", 3, 900, "attack"),
    # Since the free set-up offers every waiting unit (not the next in a fixed order) the games
    # above meet the frontier defences twice, not four times: a third free set-up game (3 more).
    ("betrayal/free-setup", 6, 900, "attack"),
    # A British bombing mission over an Area the French bombed this game turn stays home and is
    # not intercepted (3.3.2 d, 3.3.3): seed 2 at step 365 (LUX), seed 4 at step 229 (ARD).
    ("betrayal/free-setup", 2, 900, "attack"),
    ("betrayal/free-setup", 4, 900, "attack"),
]

PHASES = [
    "initiative", "orders", "tactics", "assign",
    "german-returns", "german-movement", "german-combat", "german-regroup",
    "french-reinforcements", "french-returns", "french-movement", "french-combat", "french-regroup",
    "british-reinforcements", "british-returns", "british-movement", "british-combat", "british-regroup",
]
GERMAN_PHASES = {"assign", "german-returns", "german-movement", "german-combat"}
GROUND = {"infantry", "armor", "airborne"}
AIR = {"fighter", "bomber"}
ATTACK_TACTICS = {"attack", "saturation", "exploit"}
OWNER = {"french": "french", "british": "british", "belgian": "british", "dutch": "british"}
COUNTRY_CODE = {"B": "B", "N": "NL"}


def _load(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


TABLES = _load("tables.toml")
COUNTERS = {u["id"]: u for u in _load("counters.toml")["unit"]}
LONLAT = {a["id"]: a["lonlat"] for a in _load("map.toml")["area"]}
CRT = TABLES["crt"]
COLUMNS = CRT["columns"]


# ---------------------------------------------------------------- helpers on views


_INDEX: dict[int, tuple[dict, dict, dict]] = {}


def _index(view: dict) -> tuple[dict, dict]:
    """The view's units by id and its ground units by (zone, side), built once per view (the
    referee asks these thousands of times a game)."""
    hit = _INDEX.get(id(view))
    if hit is None or hit[0] is not view:
        by_id = {u["id"]: u for u in view["units"]}
        stacks: dict = defaultdict(list)
        for u in view["units"]:
            if on_map(u) and u["kind"] in GROUND:
                stacks[(u["zone"], u["side"])].append(u)
                stacks[(u["zone"], None)].append(u)
        if len(_INDEX) > 8:
            _INDEX.clear()
        hit = _INDEX[id(view)] = (view, by_id, stacks)
    return hit[1], hit[2]


def units(view: dict) -> dict[str, dict]:
    return _index(view)[0]


def on_map(u: dict) -> bool:
    return u["zone"] is not None and u["box"] is None


def ground_in(view: dict, zone: str, side: str | None = None) -> list[dict]:
    return list(_index(view)[1].get((zone, side), ()))


def enemy(side: str) -> str:
    return "german" if side == "allied" else "allied"


@cache
def _map(key: tuple) -> tuple[dict[str, set[str]], dict[str, dict[str, int]]]:
    """The links' adjacency, and the steps from each zone asked about so far."""
    adj: dict[str, set[str]] = defaultdict(set)
    for a, b in key:
        adj[a].add(b)
        adj[b].add(a)
    return adj, {}


_LAST: list = [None, None]  # the last view's links (held, so that its id is not reused) and their _map


def _map_of(view: dict) -> tuple[dict[str, set[str]], dict[str, dict[str, int]]]:
    """The view's _map, found once for the many questions asked of one view."""
    if view["links"] is not _LAST[0]:
        _LAST[:] = [view["links"], _map(tuple((l["a"], l["b"]) for l in view["links"]))]
    return _LAST[1]


def adjacency(view: dict) -> dict[str, set[str]]:
    return _map_of(view)[0]


def distance(view: dict, a: str, b: str) -> int:
    adj, steps = _map_of(view)
    if a not in steps:
        seen = steps[a] = {a: 0}
        todo = deque([a])
        while todo:
            z = todo.popleft()
            for n in adj[z]:
                if n not in seen:
                    seen[n] = seen[z] + 1
                    todo.append(n)
    return steps[a].get(b, 10**6)


def path_cost(view: dict, a: str, b: str, ma: int, germany: bool = False) -> int:
    """betrayal:3.1: the cheapest way from a to b; never through Germany for the Allies (3.2.3)."""
    adj = adjacency(view)
    zones = view["zones"]
    best = {a: 0}
    todo = [(0, a)]
    while todo:
        c, z = heapq.heappop(todo)
        if z == b:
            return c
        if c > best.get(z, 10**6):
            continue
        for n in adj[z]:
            if zones[n]["country"] == "G" and not germany:
                continue
            step = 2 if (ma == 2 and zones[n]["terrain"] in ("forest", "mountain")) else 1
            if c + step < best.get(n, 10**6):
                best[n] = c + step
                heapq.heappush(todo, (c + step, n))
    return 10**6


def ratio_column(attack: int, defence: int) -> str:
    """betrayal:4.4.1: rounded down in favour of the defender; 4.4.2: within 1:3 and 8:1."""
    if attack >= defence:
        n = min(attack // defence, 8)
        return f"{n}:1"
    m = min(math.ceil(defence / attack), 3)
    return f"1:{m}"


def expected_drm(att_ids, def_ids) -> int:
    """betrayal:4.4.3: armour against only infantry: +1 attacking, -1 defending."""
    ak = {COUNTERS[i]["kind"] for i in att_ids}
    dk = {COUNTERS[i]["kind"] for i in def_ids}
    if "armor" in ak and "armor" not in dk:
        return TABLES["drm"]["armor_attacking"]
    if "armor" in dk and "armor" not in ak:
        return TABLES["drm"]["armor_defending"]
    return 0


def exploit_possible(view: dict, area: str, armour: int = 1) -> bool:
    """betrayal:3.4.4 E: an adjacent Allied-occupied Area, or a vacant one closer to Paris."""
    adj = adjacency(view)
    for z in adj[area]:
        if view["zones"][z]["country"] == "G":
            continue
        if ground_in(view, z, "allied") and len(ground_in(view, z, "german")) + armour <= 3:
            return True
        if not ground_in(view, z) and distance(view, z, "PAR") < distance(view, area, "PAR"):
            return True
    return False


def edge_distance(view: dict, zone: str) -> int:
    edges = [z for z, info in view["zones"].items() if info.get("edge")]
    return min(distance(view, zone, e) for e in edges)


def before_units(view: dict, uid: str) -> dict:
    return units(view).get(uid, {})


def bombard_value(u: dict) -> int:
    full, reduced = COUNTERS[u["id"]]["bombard"]
    return reduced if u["reduced"] else full


def owner_of(u: dict, initiative: str | None, phase: str) -> str | None:
    if u["side"] == "german":
        if phase.startswith("french-"):
            return "british"
        if phase.startswith("british-"):
            return "french"
        return initiative
    return OWNER[u["nation"]]


# ---------------------------------------------------------------- policies


TALK_RATE = 0.02  # the chance, at each step of a "talk" game, that a player breaks the ban (6.3)


def likes(policy: str, a: dict, view: dict) -> bool:
    t = a.get("type")
    if policy == "pass":
        return t in ("end-movement", "no-intercept", "evacuate", "setup-historical", "setup-done")
    if t in ("combat", "exploit", "mission", "bombard"):
        return True
    if t == "assign":
        return a["tactic"] in ATTACK_TACTICS
    if t in ("move", "drop"):
        return bool(ground_in(view, a["to"], enemy(units(view)[a["unit"]]["side"])))
    return False


def choose(rng: random.Random, actions: list[dict], view: dict, policy: str) -> dict:
    """Uniform, or for "attack" and "pass" mostly among the actions the policy likes."""
    if policy in ("attack", "pass") and rng.random() < 0.8:
        liked = [a for a in actions if likes(policy, a, view)]
        if liked:
            return rng.choice(liked)
    return rng.choice(actions)


# ---------------------------------------------------------------- the printed set-up (8.0)

# betrayal:8.0 as printed: the French by area (the counters' short names), the Germans by border
# area, the British by count (the text numbers the divisions of Lille, Arras, Amiens and
# Abbeville but does not name them), one Belgian corps an area and a second in Louvain, one Dutch
# unit an area with the Peel Division in Rotterdam.
HIST_FRENCH = {
    "Dunkirk": {"1C", "16C"}, "Cambrai": {"CVC", "3C", "5C"}, "Sedan": {"4C", "10C", "18C"},
    "Longwy": {"2C", "11C", "41C"}, "Metz": {"CC", "24C"}, "Strassbourg": {"9C", "20C", "42C"},
    "Nancy": {"8C", "12C", "17C"}, "Epinal": {"27DI", "43C"}, "Colmar": {"13C", "45C"},
    "Soissons": {"3DCR"}, "Reims": {"AA"}, "Verdun": {"6C", "7C"},
}
HIST_GERMAN = {
    "1": {"SSVT", "7AB", "22AL", "9PZ", "10K", "26K", "SSDF"},
    "2": {"4K", "9K", "11K", "16K", "3PZ", "4PZ", "27K"},
    "3": {"2K", "5K", "8K", "15K", "5PZ", "7PZ"},
    "4": {"3K", "6K", "18K"},
    "5": {"7K", "13K", "14K", "19K", "1PZ", "2PZ", "10PZ", "23K", "40K", "41K", "6PZ", "8PZ"},
    "6": {"12K", "24K", "25K", "30K", "33K", "37K"},
}
HIST_BRITISH = {"Lille": 3, "Arras": 3, "Amiens": 3, "Abbeville": 2, "Metz": 1}
# betrayal:8.0 (the French line displaced to the end of the file) and 3.2.1: who arrives when
SCHEDULE = {"fr-2dcr": (3, "french"), "fr-4dcr": (3, "french"), "br-1tb": (4, "british"), "br-1a": (6, "british")}


# ---------------------------------------------------------------- combat results


WITHDRAWING_CASES = {"betrayal:4.5.2", "betrayal:4.5.5", "betrayal:4.3.1"}


def withdrawals_due(d: dict) -> list[tuple[str, list[str], str]]:
    """betrayal:4.5.2 W, 4.5.3 DSW (the survivors), 4.5.5 PX (the defenders, when both sides
    survive): the units that must leave the Area."""
    res = d["result"]
    if res == "AW":
        return [(d["area"], list(d["attackers"]), res)]
    if res in ("DW", "DSW"):
        return [(d["area"], list(d["defenders"]), res)]
    if res == "PX":
        return [(d["area"], list(d["defenders"]), res + " " + ",".join(d["attackers"]))]
    return []


class CombatDuty:
    """betrayal:4.1: every Area the phasing side entered with ground units, where both sides
    stand when its Combat Phase begins, is fought in that phase; 3.2.4: the air-landing units
    drop on turn 1 and stop there."""

    def __init__(self) -> None:
        self.entered: set[str] = set()
        self.due: set[str] | None = None
        self.fought: set[str] = set()
        self.dropped: set[str] = set()

    def step(self, ref: "Referee", before: dict, events: list, after: dict, where: str) -> None:
        cur = before["phase"]
        if cur.endswith("-combat") and self.due is None:
            self.due = {z for z in self.entered if ground_in(before, z, "german") and ground_in(before, z, "allied")}
        for e in events:
            nxt = e.data.get("phase") if e.kind == "phase" else None
            if nxt and nxt != cur:
                if cur.endswith("-combat"):
                    self.close(ref, cur, after, where)
                if cur == "german-movement" and before["turn"] == 1:
                    self.drops_made(ref, after, where)
                if nxt.endswith("-movement"):
                    self.entered = set()
                cur = nxt
            elif e.kind == "move" and cur.endswith("-movement") and "to" in e.data:
                self.entered.add(e.data["to"])
                if e.data.get("type") == "drop":
                    self.dropped.add(e.data["unit"])
            elif e.kind == "combat" and "column" in e.data:
                self.fought.add(e.data["area"])

    def close(self, ref: "Referee", phase: str, view: dict, where: str) -> None:
        if self.due is not None:
            ref.seen("combat mandatory")
            # (an Area a bombardment emptied needs no ground combat)
            missed = {z for z in self.due - self.fought if ground_in(view, z, "german") and ground_in(view, z, "allied")}
            if missed:
                ref.bad("combat mandatory", where, f"{phase} ends with no combat in {sorted(missed)}, entered and held by both sides")
        self.due, self.fought = None, set()

    def drops_made(self, ref: "Referee", view: dict, where: str) -> None:
        ref.seen("drops made")
        for u in view["units"]:
            if u["kind"] == "airborne" and on_map(u) and view["zones"][u["zone"]]["country"] == "G":
                ref.bad("drops made", where, f"{u['id']} still in Border Area {u['zone']} after the turn 1 movement")

    def offered(self, ref: "Referee", view: dict, actions: list, where: str) -> None:
        if view["turn"] != 1 or view["phase"] != "german-movement":
            return
        for a in actions:
            if a.get("type") == "move" and a["unit"] in self.dropped:
                ref.bad("drops made", where, f"{a} offered after the unit landed this turn")


# ---------------------------------------------------------------- communication (6.0)


class Talk:
    """The breaches recorded in one game (betrayal:6.3) and the end a final penalty brings."""

    def __init__(self) -> None:
        self.ends_on: int | None = None  # 6.3.3: a final penalty rolled 2-6 ends the game this turn
        self.british_due = False  # the British player-turn of that game turn is still to come
        self.british_seen = False

    def check_end(self, ref: "Referee", before: dict, after: dict, where: str) -> None:
        if self.ends_on is None:
            return
        ref.seen("final penalty ends")
        if after["phase"].startswith("british-") and after["turn"] == self.ends_on:
            self.british_seen = True
        if after["outcome"] is None and after["turn"] > self.ends_on:
            ref.bad("final penalty ends", where, f"play goes on into turn {after['turn']} after a final penalty on turn {self.ends_on}")


# ---------------------------------------------------------------- victory (7.0)


def victory_levels(view: dict, evacuated: int, talk: Talk) -> dict[str, int]:
    """betrayal:7.0 with the Victory Table (reconstructed, tables.toml and NOTES.md), 6.3.2 and
    6.3.3: per nation 2 Allied Major, 1 Allied Minor, 0 draw, -1 German Minor, -2 German Major."""
    table = TABLES["victory"]
    zones = view["zones"]
    held = {k for k, z in zones.items() if z.get("control") == "german"}
    in_france = sum(1 for k, z in zones.items() if z["country"] == "F" and k in held)
    low_countries = all(k in held for k, z in zones.items() if z["country"] in ("B", "NL"))
    air_and_armour_gone = not any(
        on_map(u) and u["side"] == "allied" and (u["kind"] in AIR or u["kind"] == "armor") for u in view["units"]
    )
    holder = view["republic"]["holder"]
    british = sum(1 for u in view["units"] if u["nation"] == "british" and u["kind"] in GROUND and on_map(u))
    ports = all(k in held for k, z in zones.items() if z["country"] == "F" and z["port"])
    allied = {
        "french": 2 if holder == "french" and in_france <= table["french_major_german_areas"] else int(holder == "french"),
        "british": 2 if british >= table["british_major_on_map"] else int(evacuated >= table["british_minor_evacuated"]),
    }
    german_major = {
        "french": holder == "german" or in_france >= table["german_major_french_areas"],
        "british": ports and british + evacuated < table["german_major_british_saved"],
    }
    german_minor = {
        "french": air_and_armour_gone or in_france >= table["german_minor_french_areas"],  # the Low Countries: Britain's (1.7)
        "british": low_countries or air_and_armour_gone,
    }
    levels = {}
    for n in ("french", "british"):
        a = min(allied[n], 1) if view["no_major"] else allied[n]  # 6.3.3 a: at best a Minor
        minor = german_minor[n] or len(view["penalties"][n]) >= 2  # 6.3.2
        if talk.ends_on is not None:  # 6.3.3: a German Major unless the nation wins a Minor
            levels[n] = 0 if a >= 1 else -2
        elif a == 2:
            levels[n] = 2
        elif german_major[n]:
            levels[n] = -2
        else:
            levels[n] = a - int(minor)
    return levels


def outcome_levels(outcome) -> dict[str, int]:
    """The game's result per nation, read from the outcome's words ("French: German Major
    Victory; British: Draw"), on the scale of `victory_levels`."""
    if outcome is None:
        return {}
    levels = {}
    for part in str(outcome.level).split(";"):
        nation, _, result = part.strip().partition(":")
        result = result.strip().lower()
        size = 2 if "major" in result else 1 if "minor" in result else 0
        levels[nation.strip().lower()] = -size if result.startswith("german") else size
    return levels


# ---------------------------------------------------------------- the referee


class Referee:
    def __init__(self) -> None:
        self.found: dict[str, list[str]] = defaultdict(list)
        self.counts: dict[str, int] = defaultdict(int)

    def bad(self, check: str, where: str, what: str) -> None:
        if len(self.found[check]) < 20:
            self.found[check].append(f"{where}: {what}")

    def seen(self, *checks: str) -> None:
        for check in checks:
            self.counts[check] += 1

    # -- one game
    def play(self, scenario: str, seed: int, cap: int, policy: str = "random") -> None:
        game = game_for(scenario)
        state = game.new(scenario, {})
        dice = Dice(seed)
        rng = random.Random(seed)
        before = game.view(state, None)
        if scenario == "betrayal/historical":
            self.check_historical_setup(before, f"{scenario} seed {seed} start")
        talk = Talk()
        halted: set[str] = set()  # German units the frontier defences stopped (9.0)
        stopped: set[str] = set()  # armour that has made its exploit attack this phase (3.4.4 E)
        rolled_per_turn: dict[tuple[str, int], int] = defaultdict(int)
        duty = CombatDuty()
        # aircraft -> the Areas it flew to (missions, interceptions) since its side's movement began
        flown: dict[str, set[str]] = defaultdict(set)
        intercepting: tuple[dict, dict] | None = None
        bombed_by: dict[tuple[int, str], str] = {}  # (turn, Area) -> the Allied nation that bombed it (3.3.2 d)
        pending_w: list[tuple[str, list[str], str]] = []  # withdrawals a W result requires (4.5.2)
        withdrawn_to: dict[str, str] = {}  # where each unit's latest withdrawal since then took it
        marker = before["republic"]  # the Republic marker when those withdrawals fell due (7.2.2)
        pending_step: tuple | None = None  # a bombardment's step loss still to be taken (4.3.1)
        gone: set[str] = set()  # units out of the game for good (3.2.3, 4.5.8, 5.2.4)
        regroup_tested: dict[str, set[str]] = defaultdict(set)
        initiative_prev: str | None = None
        initiative: str | None = None
        mp: dict[str, int] = defaultdict(int)
        returns_roll: int | None = None
        returns_taken = 0
        evacuated = 0
        orders: dict | None = None
        tactics_rolled: list[str] = []
        fought: set[str] = set()
        returns_box = 0
        refit_due: set[str] = set()
        owed: dict | None = None  # an exploit the rules require (3.4.4 E)
        last_combat: dict | None = None
        last_px: dict | None = None
        for step in range(cap):
            prompt = game.prompt(state)
            where = f"{scenario} seed {seed} step {step}"
            if prompt.side is None:
                self.end_checks(game, state, before, evacuated, where)
                self.check_victory(game.outcome(state), before, evacuated, talk, where)
                # betrayal:2.1, 3.4.1, 3.4.2: one initiative and one (kept) orders roll a game turn
                self.seen("one roll a turn")
                for kind in ("initiative", "orders"):
                    per_turn = [rolled_per_turn[(kind, t)] for t in range(1, before["turn"] + 1)]
                    if per_turn != [1] * before["turn"]:
                        self.bad("one roll a turn", where, f"{kind} rolls per turn {per_turn}")
                break
            # sorted: the game may list its actions in a set's order, which differs between runs
            actions = sorted(prompt.actions, key=lambda x: json.dumps(x, sort_keys=True))
            phase = before["phase"]
            turn = before["turn"]
            if pending_step and prompt.case not in WITHDRAWING_CASES:
                self.check_one_step(*pending_step, before, where)
                pending_step = None
            if pending_w and prompt.case not in WITHDRAWING_CASES:
                self.check_withdrawn(pending_w, marker, before, withdrawn_to, where)
                pending_w, withdrawn_to = [], {}
            self.offered_checks(before, prompt, actions, initiative, orders, tactics_rolled, where)
            duty.offered(self, before, actions, where)
            self.check_air_returns(actions, before, flown, where)
            types = {a.get("type") for a in actions}
            if "exploit" in types:
                self.check_exploit_offer(actions, before, last_combat, where)
            if owed is not None and ("combat" in types or phase != "german-combat") and "exploit" not in types and "withdraw" not in types:
                self.seen("exploit owed")
                self.bad("exploit owed", where, f"no exploit after {owed['area']} {owed['result']} by {owed['attackers']}")
                owed = None
            self.check_breach_offer(before, where)
            action = choose(rng, actions, before, policy)
            breaches = [a for a in before["breach_actions"] if a["type"] == "breach"]
            if policy == "talk" and breaches and rng.random() < TALK_RATE:
                action = rng.choice(breaches)  # betrayal:6.3 a breach recorded from the menu
            if not pending_w:
                marker = before["republic"]
            events = game.apply(state, action, dice)
            after = game.view(state, None)
            self.check_marker_moves(before, after, events, f"{where} {action}")
            self.check_marker_held(before, after, f"{where} {action}")
            self.check_gone(after, gone, f"{where} {action}")
            where = f"{where} (turn {turn}, {phase}, {action})"
            if action.get("type") == "breach":
                self.check_breach(talk, action, before, after, events, where)
            duty.step(self, before, events, after, where)
            if phase in ("french-movement", "british-movement"):
                if action.get("type") == "end-movement":
                    intercepting = (before, {})  # the missions as movement ends, and the tries since
                if intercepting is not None:
                    for e in events:
                        if e.kind == "air" and "fighters" in e.data:
                            intercepting[1][e.data["target"]] = set(e.data["fighters"])
                    if after["phase"] != phase:
                        self.check_german_interceptions(*intercepting, bombed_by, where)
                        intercepting = None
            self.check_frontier(scenario, action, before, after, events, halted, where)
            if any(e.kind == "phase" and str(e.data.get("phase", "")).endswith("-movement") for e in events):
                flown.clear()
            if action.get("type") == "mission":
                flown[action["unit"]] |= {action["target"], units(before)[action["unit"]]["zone"]}
            for e in events:
                for f in e.data.get("fighters", ()) if e.kind == "air" else ():
                    flown[f] |= {e.data["target"], units(before)[f]["zone"]}

            # betrayal:2.0-2.2 the order of phases and turns
            self.sequence(before, after, where)
            # who acts (betrayal:3.3.3, 3.4.1, 4.5.2)
            self.actor(before, prompt.side, action, initiative, where)

            # 7.2.3: a combat on the marker's Area may change its holder at once, before an exploit
            # fought elsewhere in the same action; there, the holder is the one the action ends with
            # (a counter-attack in the marker's Area is judged with the holder from before). So is
            # an exploit whose armour left the marker alone behind it (7.2.1).
            zone = before["republic"]["zone"]
            marker_fought = (
                action.get("type") == "exploit" and not action.get("republic")
                and (before["pending"] or [{}])[0].get("from") == zone
            )
            for e in events:
                d = e.data
                if e.kind == "withdraw" and "unit" in d:
                    withdrawn_to[d["unit"]] = d["to"]
                if e.kind == "roll" and "initiative" in d:
                    rolled_per_turn[("initiative", turn)] += 1
                    initiative_prev, initiative = initiative, d["initiative"]
                    self.check_initiative(d, turn, initiative_prev, where)
                    orders, tactics_rolled = None, []
                elif e.kind == "roll" and "countries" in d:
                    rolled_per_turn[("orders", turn)] += 1
                    orders = d
                    self.check_orders(d, before, where)
                    self.check_orders_void(events, before, where)
                elif e.kind == "roll" and "tactic" in d:
                    self.check_tactic(d, turn, tactics_rolled, where)
                    if d["tactic"] == "refit":
                        # 3.4.2 b: no tactic is executed in a country the orders did not name
                        named = None
                        if orders and "ALL" not in orders["countries"]:
                            named = {COUNTRY_CODE[c] for c in orders["countries"]}
                        refit_due = {
                            u["id"] for u in before["units"]
                            if u["side"] == "german" and on_map(u) and u["reduced"] and u["kind"] in GROUND
                            and (named is None or before["zones"][u["zone"]]["country"] in named)
                        }
                elif e.kind == "combat" and "column" in d:
                    fought.add(d["area"])
                    pending_w += withdrawals_due(d)
                    # betrayal:3.4.4 E: armour that made its exploit attack stops fighting
                    if phase == "german-combat" and action.get("type") == "combat" and e is events[0]:
                        self.seen("exploit stops")
                        again = stopped & set(d["attackers"])
                        if again:
                            self.bad("exploit stops", where, f"{sorted(again)} attack again in {d['area']} after their exploit")
                    if d.get("exploit"):
                        stopped |= {i for i in d["attackers"] if COUNTERS[i]["kind"] == "armor"}
                    last_combat = d
                    owed = None
                    if (
                        phase == "german-combat" and not d.get("exploit") and d["result"] in ("DW", "DSW", "DE", "DSU")
                        and any(COUNTERS[i]["kind"] == "armor" and before_units(before, i).get("tactic") == "exploit" for i in d["attackers"])
                        and all(i.startswith("de-") for i in d["attackers"])
                        and exploit_possible(after, d["area"], sum(1 for i in d["attackers"] if COUNTERS[i]["kind"] == "armor"))
                    ):
                        self.seen("exploit owed")
                        owed = d
                    self.check_chain(events, e, where)
                    if d["result"] == "PX":
                        last_px = d
                    first = e is next(x for x in events if x.kind == "combat" and "column" in x.data)
                    holder = after["republic"]["holder"] if marker_fought and d["area"] != zone else before["republic"]["holder"]
                    self.check_combat(d, before, first, holder, where)
                    marker_fought = marker_fought or d["area"] == zone
                    if first and phase == "german-combat" and action.get("type") == "combat":
                        self.check_german_attack(d, before, where)
                elif e.kind == "move" and "units" in e.data and action.get("type") == "exploit":
                    owed = None
                elif e.kind == "bombard":
                    self.check_bombard(d, before, where)
                    flyers = units(before)[d["units"][0]]["side"]
                    if flyers == "allied":
                        self.check_one_nation_bombs(d, before, bombed_by, where)
                    bombed = [u["id"] for u in ground_in(before, d["area"], enemy(flyers))]
                    if "W" in d["result"]:  # betrayal:4.3.1 the bombed units withdraw
                        pending_w.append((d["area"], bombed, "bombardment W"))
                    if "1" in d["result"]:  # one step, the owner's pick
                        pending_step = (d, {i: units(before)[i] for i in bombed})
                elif e.kind == "regroup" and "need" in d:
                    self.check_regroup(d, before, phase, where)
                    self.check_salvage(d, after, where)
                    regroup_tested[units(before)[d["unit"]]["nation"]].add(d["unit"])
                elif e.kind == "regroup" and "player" in d and "roll" in d:
                    returns_roll, returns_taken = d["roll"], 0
                    # the box after the roll (a 6 may have cost an air unit), plus any placed at once
                    returns_box = self.returns_capacity(d["player"], after) + sum(
                        1 for x in events if x.data.get("type") == "return"
                    )
                    self.check_six(d, before, after, where)
                elif e.kind == "air" and "fighters" in d:
                    self.check_interception(d, before, where)
                    self.check_turned_back(d, action, events, before, after, where)

            combats = [e.data for e in events if e.kind == "combat" and "column" in e.data]
            if len(combats) == 1:
                self.check_result_applied(combats[0], before, after, where)
            typ = action.get("type")
            if prompt.case == "betrayal:4.5.5" and last_px is not None:
                self.check_px_choice(actions, before, last_px, where)
            if phase != after["phase"]:
                mp.clear()
            if typ == "move":
                self.check_move(action, before, mp, where)
            if typ == "evacuate":
                evacuated += 1
            placed: dict[str, int] = defaultdict(int)  # Allied ground returns earlier in this action
            for e in events:
                if e.data.get("type") == "return" and phase.endswith("-returns"):
                    returns_taken += 1
                    self.seen("returns")
                    if returns_roll is not None and returns_taken > returns_roll:  # betrayal:3.2.2
                        self.bad("returns", where, f"{returns_taken} units returned on a roll of {returns_roll}")
                    self.check_return(e.data, before, after, where, placed)
                    if units(before)[e.data["unit"]]["kind"] in GROUND:
                        placed[e.data["to"]] += 1
            if typ == "place":
                self.check_return(action, before, after, where)  # betrayal:3.4.4 B released units
            if phase == "setup" and after["phase"] != "setup":
                self.check_free_setup(after, where)
            self.check_regroup_all(events, phase, after, regroup_tested, where)
            if phase != after["phase"] or after["turn"] != turn:
                if phase.endswith("-returns") and returns_roll is not None:
                    # betrayal:3.2.2: the rolled number returns at once (at most the box)
                    self.seen("returns taken")
                    if returns_taken != min(returns_roll, returns_box):
                        self.bad("returns taken", where, f"rolled {returns_roll}, {returns_box} could appear, {returns_taken} returned")
                    returns_roll = None
                if phase == "assign":
                    self.check_assigned(after, tactics_rolled, where)
                if phase in ("tactics", "assign") and "refit" in tactics_rolled and after["phase"] not in ("tactics", "assign"):
                    self.check_refit(after, refit_due, where)
                self.phase_end_checks(phase, after, where, fought)
                fought = set()
                stopped = set()
            self.state_checks(after, where)
            self.check_schedule(after, where)
            talk.check_end(self, before, after, where)
            if step % 97 == 0:
                self.hidden(game, state, after, where)
            before = after

    # -- offered actions
    def offered_checks(self, view, prompt, actions, initiative, orders, tactics_rolled, where) -> None:
        us = units(view)
        if view["phase"] == "german-movement" and "refit" in view["tactics"]:
            self.seen("refit movement")
        zones = view["zones"]
        adj = adjacency(view)
        assigned_tactics = set(view["assigned"].values()) if isinstance(view["assigned"], dict) else set()
        for a in actions:
            t = a.get("type")
            if t in ("move", "evacuate") and view["phase"] in ("french-movement", "british-movement"):
                # betrayal:2.2 each Allied player moves his own units; 1.7 the British the minor allies
                self.seen("own units")
                if OWNER.get(us[a["unit"]]["nation"]) != view["phase"].split("-")[0]:
                    self.bad("own units", where, f"{a} offered in the {view['phase']}")
            if t == "evacuate":
                # betrayal:3.2.3 British units only, from a port
                self.seen("evacuation")
                u = us[a["unit"]]
                if u["nation"] != "british" or u["kind"] not in GROUND or not u["zone"] or not zones[u["zone"]]["port"]:
                    self.bad("evacuation", where, f"{a}: {u['nation']} {u['kind']} in {u['zone']}")
            if t == "move":
                u = us[a["unit"]]
                to = a["to"]
                self.seen("moves offered")
                if u["side"] == "allied":
                    # betrayal:3.2.3 Allied units may not enter German Border Areas (1.1 too)
                    self.seen("allied moves")
                    if zones[to]["country"] == "G":
                        self.bad("allied into Germany", where, f"{a} offered")
                    # betrayal:1.7 Minor Allies do not voluntarily leave their homeland
                    home = {"belgian": "B", "dutch": "NL"}.get(u["nation"])
                    if home and zones[u["zone"]]["country"] == home:
                        self.seen("minor moves")
                    if home and zones[u["zone"]]["country"] == home and zones[to]["country"] != home:
                        self.bad("minor allies stay home", where, f"{a} offered from {u['zone']}")
                if u["kind"] in GROUND and u["zone"] and u["side"] == "allied" and to not in adj[u["zone"]]:
                    ma = u["values"][2] if len(u["values"]) > 2 else 1
                    if path_cost(view, u["zone"], to, ma) > ma:
                        self.bad("movement allowance", where, f"{a} from {u['zone']} costs more than MA {ma}")
                if u["side"] == "german" and u["kind"] in GROUND:
                    allied_there = bool(ground_in(view, to, "allied"))
                    tac = u.get("tactic")
                    self.seen("german moves")
                    # betrayal:3.4.4 B refit: stay where they are (3.4.6: only the Advance/Attack
                    # tactics are cancelled, so a Hold rolled beside it may still move)
                    if "refit" in view["tactics"]:
                        self.seen("refit moves")
                        if tac != "hold":
                            self.bad("german refit stays", where, f"{a} offered to a unit under Refit (tactic {tac})")
                    # betrayal:3.4.4 A / 4.2.2: no entry into Allied-occupied areas without Advance/Attack
                    if allied_there and tac not in ATTACK_TACTICS:
                        self.bad("german no attack tactic", where, f"{a} into Allied-occupied {to}, tactic {tac}")
                    # betrayal:3.4.4 A: Hold moves forward, closer to the west or south edge: read
                    # generously, either westward/southward on the ground or fewer Areas to the
                    # nearest edge Area the map data marks
                    if tac == "hold":
                        self.seen("hold moves")
                        d0, d1 = edge_distance(view, u["zone"]), edge_distance(view, to)
                        (lo0, la0), (lo1, la1) = LONLAT[u["zone"]], LONLAT[to]
                        if d1 >= d0 and not (lo1 < lo0 or la1 < la0):
                            self.bad("hold moves forward", where, f"{a} from {u['zone']}: {d0} -> {d1} Areas from the edge")
                    # betrayal:3.4.2 b: not in a country the orders did not name
                    if orders and "ALL" not in orders["countries"]:
                        self.seen("restricted moves")
                        named = {COUNTRY_CODE[c] for c in orders["countries"]} | {"G"}
                        if zones[to]["country"] not in named or zones[u["zone"]]["country"] not in named:
                            self.bad("orders countries", where, f"{a} from {u['zone']} into {zones[to]['country']} with orders {orders['countries']}")
            elif t == "end-movement" and view["phase"] == "german-movement":
                self.check_attack_duty(view, orders, where)
                self.check_hold_duty(view, orders, where)
            elif t == "withdraw":
                self.check_withdraw(a, actions, view, where)
            elif t == "drop":
                # betrayal:3.2.4: turn 1 only, within the drop allowance of the border area
                self.seen("drops")
                u = us[a["unit"]]
                if view["turn"] != 1:
                    self.bad("drops", where, f"{a} offered on turn {view['turn']}")
                allowance = COUNTERS[u["id"]].get("drop", 8)
                if u["zone"] and distance(view, u["zone"], a["to"]) > allowance:
                    self.bad("drops", where, f"{a} beyond {allowance} areas from {u['zone']}")
            elif t == "mission":
                # betrayal:3.3.2 only to an Area with enemy forces; 3.3 within range
                self.seen("missions")
                u = us[a["unit"]]
                target = a["target"]
                if not ground_in(view, target, enemy(u["side"])):
                    self.bad("mission target", where, f"{a}: no enemy ground units in {target}")
                if u["side"] == "allied" and not ground_in(view, target, "allied"):
                    # betrayal:3.3.2 d: British and French may not bomb the same Area
                    others = [
                        m for m in view["missions"]
                        if m["target"] == target and us[m["unit"]]["side"] == "allied" and us[m["unit"]]["nation"] != u["nation"]
                    ]
                    self.seen("one nation bombs")
                    if others:
                        self.bad("one nation bombs", where, f"{a} offered beside {others}")
                rng_ = COUNTERS[u["id"]]["range"]
                if u["zone"] and distance(view, u["zone"], target) > rng_:
                    self.bad("air range", where, f"{a}: {target} beyond range {rng_} of {u['zone']}")
            elif t in ("rebase", "air-return"):
                # betrayal:3.3.1 a base solely held by friendly ground units; 3.3 within range
                self.seen("air bases")
                u = us[a["unit"]]
                to = a["to"]
                if not ground_in(view, to, u["side"]) or ground_in(view, to, enemy(u["side"])):
                    check = "air bases in empty Germany" if zones[to]["country"] == "G" else "air bases"
                    self.bad(check, where, f"{a}: {to} not solely held by friendly ground units")
                if u["side"] == "allied" and view["zones"][to]["country"] == "G":
                    self.bad("allied into Germany", where, f"{a} offered")
            elif t == "intercept":
                self.seen("interceptions offered")
                u = us.get(a.get("unit"))
                # betrayal:3.3.3 only against missions: never rebasing aircraft nor air drops
                if u and a["target"] not in {m["target"] for m in view["missions"] if us[m["unit"]]["side"] != u["side"]}:
                    self.bad("intercept nationality", where, f"{a}: no enemy mission over {a['target']}")
                if u and u["kind"] != "fighter":  # betrayal:3.3 the German bomber may not intercept
                    self.bad("intercept nationality", where, f"{a}: a {u['kind']} intercepts")
                if u and u["side"] == "allied":
                    # betrayal:3.3.3 only over an Area where units of its nationality are
                    nat = {x["nation"] for x in ground_in(view, a["target"], "allied")}
                    if u["nation"] not in nat:
                        self.bad("intercept nationality", where, f"{a}: no {u['nation']} units in {a['target']} ({nat})")
            elif t == "assign":
                # betrayal:3.4.6: a Refit cancels all Advance/Attack tactics
                self.seen("assign")
                if "refit" in tactics_rolled and a["tactic"] in ATTACK_TACTICS:
                    self.bad("refit cancels attacks", where, f"{a} offered although Refit was rolled")
                # betrayal:3.4.2 b: no tactics executed in a country the orders did not name
                if orders and "ALL" not in orders["countries"]:
                    self.seen("restricted assign")
                    named = {COUNTRY_CODE[c] for c in orders["countries"]} | {"G"}
                    if zones[a["area"]]["country"] not in named:
                        self.bad("orders countries", where, f"{a} offered with orders {orders['countries']}")
            elif t == "enter":
                # betrayal:3.2.1 / 8.0 reinforcements: named area, or a port for the British
                self.seen("reinforcements")
                u = us[a["unit"]]
                z = view["zones"][a["to"]]
                if ground_in(view, a["to"], "german"):
                    self.bad("reinforcements", where, f"{a}: German-occupied")
                friendly_ports = [
                    k for k, info in zones.items()
                    if info["port"] and info["country"] == "F" and not ground_in(view, k, "german") and info.get("control") != "german"
                ]
                if u["nation"] == "british" and not z["port"] and (friendly_ports or z["edge"] != "west"):
                    self.bad("reinforcements", where, f"{a}: not a port, nor a west edge Area when no port is friendly ({friendly_ports})")
                if u["nation"] == "french" and a["to"] != "SOI" and z["edge"] not in ("west", "south"):
                    self.bad("reinforcements", where, f"{a}: not Soissons nor a west or south edge Area")
                if (
                    u["nation"] == "french" and a["to"] != "SOI" and not ground_in(view, "SOI", "german")
                    and len(ground_in(view, "SOI", "allied")) < 3
                ):
                    self.bad("reinforcements", where, f"{a}: Soissons is not German-occupied")

    def check_free_setup(self, view, where) -> None:
        """betrayal:9.0: minors at home, France and Britain in France within stacking, the
        Republic in Paris, at least three German ground units in each Border Area."""
        self.seen("free setup")
        zones = view["zones"]
        german = defaultdict(int)
        for u in view["units"]:
            if not on_map(u):
                if u["box"] not in ("reinforcement", "waiting", None) and u["nation"] != "german":
                    pass
                continue
            c = zones[u["zone"]]["country"]
            home = {"belgian": "B", "dutch": "NL", "french": "F", "british": "F"}.get(u["nation"])
            if home and c != home:
                self.bad("free setup", where, f"{u['id']} ({u['nation']}) starts in {u['zone']}")
            if u["side"] == "german" and u["kind"] in GROUND:
                if c != "G":
                    self.bad("free setup", where, f"{u['id']} starts outside the Border Areas in {u['zone']}")
                german[u["zone"]] += 1
        for z, info in zones.items():
            if info["country"] == "G" and german[z] < 3:
                self.bad("free setup", where, f"Border Area {z} starts with {german[z]} German ground units")
        if view["republic"]["zone"] != "PAR":
            self.bad("free setup", where, f"the Republic starts in {view['republic']['zone']}")

    def check_historical_setup(self, view: dict, where: str) -> None:
        """betrayal:8.0: every unit where the set-up lists put it, the Republic in Paris, the
        reinforcements off the map."""
        self.seen("historical setup")
        zid = {z["name"]: k for k, z in view["zones"].items()}
        placed: dict[tuple[str, str], set[str]] = defaultdict(set)
        count: dict[tuple[str, str], int] = defaultdict(int)
        for u in view["units"]:
            if on_map(u):
                placed[(u["zone"], u["nation"])].add(u["short"])
                count[(u["zone"], u["nation"])] += u["kind"] in GROUND
        want_french = {zid[name]: shorts for name, shorts in HIST_FRENCH.items()}
        for z in view["zones"]:
            if placed.get((z, "french"), set()) != want_french.get(z, set()):
                self.bad("historical setup", where, f"French in {z}: {placed.get((z, 'french'))}, printed {want_french.get(z)}")
            german = {x for x in placed.get((z, "german"), set()) if x not in ("F1", "F2", "BOMB")}
            if german != HIST_GERMAN.get(z, set()):
                self.bad("historical setup", where, f"Germans in {z}: {german}, printed {HIST_GERMAN.get(z)}")
            info = view["zones"][z]
            british = {zid[n]: c for n, c in HIST_BRITISH.items()}.get(z, 0)
            minor = (2 if info["name"] == "Louvain" else 1) if info["country"] in ("B", "NL") else 0
            for nation, want in (("british", british), ("belgian", minor * (info["country"] == "B")), ("dutch", minor * (info["country"] == "NL"))):
                if count.get((z, nation), 0) != want:
                    self.bad("historical setup", where, f"{count.get((z, nation), 0)} {nation} ground units in {z}, printed {want}")
        us = {u["short"]: u for u in view["units"] if u["nation"] in ("british", "dutch", "german")}
        for short, place in (("51", "Metz"), ("AASF", "Soissons"), ("PEEL", "Rotterdam")):
            if us[short]["zone"] != zid[place]:
                self.bad("historical setup", where, f"{short} in {us[short]['zone']}, printed {place}")
        for short in ("F1", "F2", "BOMB"):
            if not us[short]["zone"] or view["zones"][us[short]["zone"]]["country"] != "G":
                self.bad("historical setup", where, f"Luftwaffe {short} in {us[short]['zone']}, printed any Border Area")
        for uid in SCHEDULE:
            if on_map(units(view)[uid]):
                self.bad("historical setup", where, f"reinforcement {uid} on the map at the start")
        if view["republic"]["zone"] != zid["Paris"]:
            self.bad("historical setup", where, f"the Republic in {view['republic']['zone']}")

    def check_schedule(self, view: dict, where: str) -> None:
        """betrayal:3.2.1, 8.0: each reinforcement enters in its nation's turn of its game turn
        (or is lost), never earlier."""
        if view["phase"] not in PHASES:
            return
        self.seen("reinforcement schedule")
        now = (view["turn"], PHASES.index(view["phase"]))
        for uid, (turn, nation) in SCHEDULE.items():
            u = units(view)[uid]
            due = (turn, PHASES.index(f"{nation}-reinforcements"))
            if now < due and u["box"] != "waiting":
                self.bad("reinforcement schedule", where, f"{uid} due on turn {turn} is {u['box'] or u['zone']}")
            if now > due and u["box"] == "waiting":
                self.bad("reinforcement schedule", where, f"{uid} due on turn {turn} still waits")
            # in its nation's movement: on the map, lost for good, or (3.2.3) landed and sailed home
            movement = (turn, PHASES.index(f"{nation}-movement"))
            if now == movement and not on_map(u) and u["box"] not in ("eliminated", "evacuated"):
                self.bad("reinforcement schedule", where, f"{uid} due on turn {turn} neither entered nor eliminated: {u['box']}")

    def check_withdrawn(self, pending: list, marker: dict, view: dict, withdrawn_to: dict, where: str) -> None:
        """betrayal:4.5.2: after a W result every affected unit has left the Area (or, with
        nowhere to go, the map), unless a later withdrawal (after an exploit attack) brought it
        back into the Area, vacant by then; 4.5.5: after a PX both sides survived before the defender goes;
        7.2.2: the Republic marker goes with the French units holding it."""
        self.seen("withdrawals applied")
        us = units(view)
        for area, ids, why in pending:
            if why.startswith("PX"):
                attackers = why.split(" ", 1)[1].split(",")
                if not any(on_map(us[i]) and us[i]["zone"] == area for i in attackers):
                    continue  # the attacker did not survive: the defender stays
            stayed = [i for i in ids if on_map(us[i]) and us[i]["zone"] == area and withdrawn_to.get(i) != area]
            if stayed:
                self.bad("withdrawals applied", where, f"{why} in {area}: {stayed} still there")
            french = [i for i in ids if us[i]["nation"] == "french"]
            # (which of several French units holds the marker the text does not say: judged only
            # when every French unit there withdrew alive)
            if marker["zone"] == area and marker["holder"] == "french" and all(on_map(us[i]) for i in french):
                went = {us[i]["zone"] for i in french if us[i]["zone"] != area}
                if went and not any(u["nation"] == "french" for u in ground_in(view, area)):
                    self.seen("marker withdraws")
                    if view["republic"]["zone"] not in went:
                        self.bad("marker withdraws", where, f"{why} in {area}: French units went to {sorted(went)}, the marker is in {view['republic']['zone']}")

    def check_one_step(self, d: dict, was: dict, view: dict, where: str) -> None:
        """betrayal:4.3, 4.3.1: a "1" on the Air Bombardment Table costs the bombed units one step."""
        us = units(view)
        if "W" in d["result"] and any(us[i]["box"] is not None for i in was):
            return  # a unit with nowhere to withdraw is eliminated as well (4.5.2): steps unclear
        self.seen("bombardment steps")
        steps = 0
        for i, u0 in was.items():
            u1 = us[i]
            if u1["box"] is not None and u0["box"] is None:
                steps += 1 if u0["reduced"] else 2
            elif u1["reduced"] and not u0["reduced"]:
                steps += 1
        if steps != 1:
            self.bad("bombardment steps", where, f"{d['result']} over {d['area']}: {steps} steps lost by {sorted(was)}")

    def check_german_attack(self, d: dict, view: dict, where: str) -> None:
        """betrayal:4.2.2: German ground units fight only under an Advance/Attack tactic (4.1: an
        air drop onto Allied units fights too)."""
        self.seen("german attacks")
        us = units(view)
        if not any(us[i].get("tactic") in ATTACK_TACTICS or us[i]["kind"] == "airborne" for i in d["attackers"] if i in us):
            self.bad("german combat tactic", where, f"German attack in {d['area']} by {[(i, us[i].get('tactic')) for i in d['attackers']]}, tactics rolled {view['tactics']}")

    def check_marker_moves(self, before: dict, after: dict, events: list, where: str) -> None:
        """betrayal:7.2.1: the marker never moves by itself: it goes with a ground unit of its
        holder that stood with it (and that went there in this action, if a combat there has
        since removed it)."""
        z0, z1 = before["republic"]["zone"], after["republic"]["zone"]
        if z0 == z1:
            return
        self.seen("marker moves")
        holder = before["republic"]["holder"]
        with_it = {u["id"] for u in ground_in(before, z0)}
        went = {u for e in events if e.kind == "move" and e.data.get("to") == z1 for u in e.data.get("units") or [e.data.get("unit")]}
        carriers = [
            u for u in units(before).values()
            if u["id"] in with_it and (u["id"] in went or units(after)[u["id"]]["zone"] == z1)
            and (u["side"] == "german" if holder == "german" else u["nation"] == "french")
        ]
        if not carriers:
            self.bad("marker moves", where, f"the marker went {z0} -> {z1} (holder {holder}) with no unit of its holder from {z0}")

    def check_marker_held(self, before: dict, after: dict, where: str) -> None:
        """betrayal:7.2.3: the marker is captured or recaptured only when left alone with the
        other side; while its holder's ground units stand with it, it stays theirs (7.2.1)."""
        r0, r1 = before["republic"], after["republic"]
        holder = r0["holder"]
        if holder not in ("french", "german"):
            return
        stays = [
            u for u in ground_in(after, r1["zone"])
            if (u["side"] == "german" if holder == "german" else u["nation"] == "french") and u["zone"] == r1["zone"]
        ]
        if ground_in(after, r1["zone"], "german") and ground_in(after, r1["zone"], "allied"):
            self.seen("marker held")
        if stays and r1["holder"] != holder:
            self.bad("marker held", where, f"{holder} held the marker in {r0['zone']}; with {[u['id'] for u in stays]} still beside it in {r1['zone']} the holder became {r1['holder']} ({[u['id'] for u in ground_in(after, r1['zone'])]} there)")

    def check_gone(self, view: dict, gone: set, where: str) -> None:
        """betrayal:3.2.3 evacuated British units never come back; 4.5.8, 5.2.4 surrendered,
        Belgian and Dutch losses are permanent; 3.2.2 a lost air unit too."""
        for u in view["units"]:
            if u["id"] in gone and u["box"] not in ("eliminated", "evacuated"):
                self.bad("permanent losses", where, f"{u['id']} is back ({u['box'] or u['zone']})")
                gone.discard(u["id"])
            if u["box"] in ("eliminated", "evacuated") and u["id"] not in gone:
                self.seen("permanent losses")
                gone.add(u["id"])

    def check_breach_offer(self, view: dict, where: str) -> None:
        """betrayal:6.1, 6.2.1: talk is free on turns 1 and 2; from turn 3 a breach can be recorded."""
        if view["phase"] not in PHASES:
            return
        self.seen("talk ban")
        offered = {a["nation"] for a in view["breach_actions"] if a["type"] == "breach"}
        want = {"french", "british"} if view["turn"] >= 3 else set()
        if offered != want:
            self.bad("talk ban", where, f"turn {view['turn']}: breaches offered for {sorted(offered)}")

    def check_breach(self, talk: Talk, action: dict, before: dict, after: dict, events: list, where: str) -> None:
        """betrayal:6.3.1-6.3.3: the first breach a two-column shift, the second (on a later turn)
        a German Minor Victory, the third (on a later turn again) a roll: on 2-6 the game ends
        this turn; on any roll no Allied Major Victory any more."""
        self.seen("penalty sequence")
        nation, turn = action["nation"], before["turn"]
        was, now = before["penalties"][nation], after["penalties"][nation]
        due = len(was) < 3 and (not was or was[-1] < turn)
        want = was + [turn] if due else was
        if now != want:
            self.bad("penalty sequence", where, f"{nation} penalties {was} -> {now}, expected {want}")
        comm = [e.data for e in events if e.kind == "comm" and e.data.get("nation") == nation]
        if due and (not comm or comm[0].get("penalty") != len(want)):
            self.bad("penalty sequence", where, f"penalty {len(want)} expected, events {comm}")
        if due and len(want) == 3 and comm:
            self.seen("final penalty")
            roll = comm[0].get("roll")
            if roll is None or not after["no_major"]:
                self.bad("final penalty", where, f"final penalty: roll {roll}, no Major any more: {after['no_major']}")
            elif roll >= 2:
                talk.ends_on = turn
                talk.british_due = PHASES.index(before["phase"]) < PHASES.index("british-movement") if before["phase"] in PHASES else False

    def check_frontier(self, scenario: str, action: dict, before: dict, after: dict, events: list, halted: set, where: str) -> None:
        """betrayal:9.0: on turn 1 of the free set-up a German ground unit going on through a
        bracketed Area with no Allied unit rolls a die, and a 1 stops it there for the turn;
        never otherwise."""
        rolls = [e.data["roll"] for e in events if e.kind == "roll" and set(e.data) == {"roll"}]
        applies = scenario == "betrayal/free-setup" and before["turn"] == 1 and before["phase"] == "german-movement"
        if applies and action.get("type") == "move" and action["unit"] in halted:
            self.bad("frontier defences", where, f"{action}: the unit was halted this turn")
        if action.get("type") != "move" or units(before)[action["unit"]]["side"] != "german":
            if rolls and not applies:
                self.bad("frontier defences", where, f"frontier rolls {rolls} outside turn 1 of the free set-up")
            return
        if not applies:
            if rolls:
                self.bad("frontier defences", where, f"frontier rolls {rolls} outside turn 1 of the free set-up")
            return
        zones = before["zones"]
        u0, u1 = units(before)[action["unit"]], units(after)[action["unit"]]
        frm, to = u0["zone"], action["to"]
        ma = u0["values"][2] if len(u0["values"]) > 2 else 1
        open_brackets = {k for k, z in zones.items() if z["bracket"] and not ground_in(before, k, "allied") and k not in (frm, to)}
        # can the unit get there without going on through an open bracketed Area?
        adj = adjacency(before)
        best, todo, around = {frm: 0}, [(0, frm)], False
        while todo:
            c, z = heapq.heappop(todo)
            if z == to:
                around = True
                break
            for n in adj[z]:
                if n in open_brackets:
                    continue
                step = 2 if (ma == 2 and zones[n]["terrain"] in ("forest", "mountain")) else 1
                if c + step <= ma and c + step < best.get(n, 10**6):
                    best[n] = c + step
                    heapq.heappush(todo, (c + step, n))
        if not around or rolls:
            self.seen("frontier defences")
        if not around and not rolls:
            self.bad("frontier defences", where, f"{action} from {frm} through a bracketed Area with no roll")
        if len(rolls) > 1:
            self.bad("frontier defences", where, f"{action}: rolls {rolls}")
        if rolls and rolls[0] == 1:
            halted.add(action["unit"])
            if u1["zone"] == to or not zones[u1["zone"]]["bracket"]:
                self.bad("frontier defences", where, f"{action} rolled 1 but ended in {u1['zone']}")
        elif rolls and u1["zone"] != to:
            self.bad("frontier defences", where, f"{action} rolled {rolls[0]} but ended in {u1['zone']}")

    def check_air_returns(self, actions: list, view: dict, flown: dict, where: str) -> None:
        """betrayal:3.3.4 c, 3.3.5, 4.3.2: aircraft come back to the Area they left or to another
        friendly Area within range of where they flew; 3.3: rebasing stays within range."""
        us = units(view)
        for a in actions:
            t = a.get("type")
            if t not in ("air-return", "rebase"):
                continue
            u = us[a["unit"]]
            rng_ = COUNTERS[u["id"]]["range"]
            origins = flown.get(u["id"], set()) if t == "air-return" else {u["zone"]}
            if not origins or a["to"] == u["zone"]:
                continue
            self.seen("air returns")
            if min(distance(view, o, a["to"]) for o in origins) > rng_:
                self.bad("air returns range", where, f"{a}: {a['to']} beyond range {rng_} of {sorted(origins)}")

    def check_salvage(self, d: dict, after: dict, where: str) -> None:
        """betrayal:5.3.1 Y: to the Regroup box, a ground unit on its reduced side; 5.3.2 N: stays set aside."""
        self.seen("salvage")
        u = units(after)[d["unit"]]
        ok = (u["box"] == "regroup" and (u["kind"] not in GROUND or u["reduced"])) if d["salvaged"] else u["box"] == "setaside"
        if not ok:
            self.bad("salvage", where, f"{d}: now box {u['box']}, reduced {u['reduced']}")

    def check_regroup_all(self, events: list, phase: str, after: dict, tested: dict, where: str) -> None:
        """betrayal:5.1: every unit of the nation in the Set Aside box is tested in its Regroup
        Phase (5.2.4: Belgian and Dutch units never are)."""
        cur = phase
        for e in events:
            nxt = e.data.get("phase") if e.kind == "phase" else None
            if not nxt or nxt == cur:
                continue
            if cur.endswith("-regroup"):
                nation = cur.split("-")[0]
                self.seen("regroup every unit")
                for u in after["units"]:
                    if u["nation"] == nation and u["box"] == "setaside" and u["id"] not in tested[nation]:
                        self.bad("regroup every unit", where, f"{u['id']} set aside but not tested in {cur}")
                tested[nation].clear()
            cur = nxt

    def check_german_interceptions(self, view: dict, tried: dict, bombed_by: dict, where: str) -> None:
        """betrayal:3.3.3: against an Allied mission the automaton always sends both German
        fighters that are on the map and in range of the target. A mission that stays home is
        not intercepted (3.3.3): one with no enemy left in its target, or a bombardment of an
        Area the other Allied nation has bombed this game turn (3.3.2 d, read per game turn as
        each nation flies in its own player turn: scenarios/betrayal/NOTES.md 11)."""
        us = units(view)
        fighters = [u for u in view["units"] if u["side"] == "german" and u["kind"] == "fighter" and on_map(u)]

        def flies(m: dict) -> bool:
            target, nation = m["target"], us[m["unit"]]["nation"]
            if not ground_in(view, target, "german"):
                return False
            return bool(ground_in(view, target, "allied")) or bombed_by.get((view["turn"], target), nation) == nation

        for target in {m["target"] for m in view["missions"] if us[m["unit"]]["side"] == "allied" and flies(m)}:
            self.seen("german interceptions")
            due = {u["id"] for u in fighters if distance(view, u["zone"], target) <= COUNTERS[u["id"]]["range"]}
            if due != tried.get(target, set()):
                self.bad("both german fighters", where, f"Allied mission over {target}: fighters in range {sorted(due)}, intercepting {sorted(tried.get(target, set()))}")

    def check_one_nation_bombs(self, d: dict, view: dict, bombed_by: dict, where: str) -> None:
        """betrayal:3.3.2 d: an Area the French have bombed this game turn is not bombed by the
        British, nor the other way round (per game turn: scenarios/betrayal/NOTES.md 11)."""
        self.seen("one nation bombs")
        nation = units(view)[d["units"][0]]["nation"]
        first = bombed_by.setdefault((view["turn"], d["area"]), nation)
        if first != nation:
            self.bad("one nation bombs", where, f"{nation} bombardment of {d['area']} after a {first} one this turn")

    def check_turned_back(self, d: dict, action: dict, events: list, before: dict, after: dict, where: str) -> None:
        """betrayal:3.3.4 a: a German unit turned back on 1-2 is flipped into the Regroup box, on
        3-6 goes to the Regroup box at full strength, and if already reduced to the Set Aside box;
        3.3.4 b: Allied units are flipped and set aside."""
        if not d["success"]:
            return
        us0, us1 = units(before), units(after)
        side = us0[d["fighters"][0]]["side"]
        flyers = {m["unit"] for m in before["missions"] if m["target"] == d["target"] and us0[m["unit"]]["side"] != side}
        if action.get("type") == "mission" and action["target"] == d["target"]:
            flyers.add(action["unit"])
        rolls = {e.data["unit"]: e.data["roll"] for e in events if e.kind == "air" and "roll" in e.data and "unit" in e.data}
        for uid in flyers:
            u0, u1 = us0[uid], us1[uid]
            if u0["side"] == "allied":
                self.seen("turned back")
                ok, check = u1["box"] == "setaside" and u1["reduced"], "turned back"
            elif uid in rolls:
                check = "turned back reduced" if u0["reduced"] else "turned back"
                self.seen(check)
                if u0["reduced"]:
                    ok = u1["box"] == "setaside"
                else:
                    ok = u1["box"] == "regroup" and u1["reduced"] == (rolls[uid] <= 2)
            else:
                self.seen("turned back")
                ok, check = False, "turned back"
            if not ok:
                self.bad(check, where, f"{uid} (reduced {u0['reduced']}) turned back over {d['target']}, roll {rolls.get(uid)}: now box {u1['box']}, reduced {u1['reduced']}")

    def check_victory(self, outcome, view: dict, evacuated: int, talk: Talk, where: str) -> None:
        """betrayal:7.0, 7.2, 6.3.2, 6.3.3: each nation's result recomputed from the final position."""
        self.seen("victory")
        want = victory_levels(view, evacuated, talk)
        got = outcome_levels(outcome)
        if got != want:
            self.bad("victory", where, f"recomputed {want}, game {got} ({outcome and outcome.level}); facts {view['victory']['facts']}")
        if talk.ends_on is not None:
            self.seen("final penalty ends")
            if view["turn"] != talk.ends_on or (talk.british_due and not talk.british_seen):
                self.bad("final penalty ends", where, f"a final penalty on turn {talk.ends_on}; the game ended in turn {view['turn']} (British turn played: {talk.british_seen})")

    def check_result_applied(self, d, before, after, where) -> None:
        """betrayal:4.5.3 S, 4.5.6 EX, 4.5.7 E, 4.5.8 SU (and its note: Belgian and Dutch units
        lost in combat are permanently eliminated)."""
        res = d["result"]
        b, a = units(before), units(after)
        hit: list[tuple[str, str]] = []
        if res == "EX":
            hit = [(i, "E") for i in list(d["attackers"]) + list(d["defenders"])]
        elif res[0] in "AD" and res[1:] in ("E", "SU", "S", "SW"):
            side = d["attackers"] if res[0] == "A" else d["defenders"]
            kind = {"E": "E", "SU": "SU", "S": "S", "SW": "S"}[res[1:]]
            hit = [(i, kind) for i in side]
        for uid, kind in hit:
            self.seen("results applied")
            u0, u1 = b.get(uid), a.get(uid)
            if u0 is None or u1 is None:
                continue
            minor = u0["nation"] in ("belgian", "dutch")
            if kind == "SU" or (kind == "E" and minor):
                want = {"eliminated"}
            elif kind == "E":
                want = {"setaside"}
            elif u0["reduced"]:
                want = {"eliminated"} if minor else {"setaside"}
            else:
                want = {None}
            if res.endswith("SW") and u1["box"] is not None:
                # 4.5.2: with nowhere to withdraw the unit is eliminated (set aside, reduced)
                want = want | ({"eliminated"} if minor else {"setaside"})
                if u1["box"] in want:
                    continue
            if u1["box"] not in want or (kind == "S" and not u0["reduced"] and not u1["reduced"]):
                self.bad("results applied", where, f"{res} in {d['area']}: {uid} now box {u1['box']}, reduced {u1['reduced']} (was reduced {u0['reduced']})")

    def check_exploit_offer(self, actions, view, last, where) -> None:
        """betrayal:3.4.4 E: only after a DW, DSW, DE or DSU won by armour under Exploit; into an
        adjacent Allied-occupied Area, or a vacant one closer to Paris when there is none."""
        self.seen("exploit offer")
        if last is None or last.get("exploit") or last["result"] not in ("DW", "DSW", "DE", "DSU"):
            self.bad("exploit offer", where, f"exploit offered after {last and (last['area'], last['result'], last.get('exploit'))}")
            return
        adj = adjacency(view)
        targets = {a["to"] for a in actions if a.get("type") == "exploit"}
        armour = sum(1 for i in last["attackers"] if COUNTERS[i]["kind"] == "armor")
        # (an Allied-occupied Area already holding too many Germans for the armour is closed, 1.5)
        allied = {z for z in adj[last["area"]] if ground_in(view, z, "allied") and len(ground_in(view, z, "german")) + armour <= 3}
        for z in targets:
            if z not in adj[last["area"]]:
                self.bad("exploit offer", where, f"exploit to {z}, not next to {last['area']}")
            elif ground_in(view, z, "allied"):
                continue  # into an Allied-occupied Area (how many may enter is 1.5's affair)
            elif allied:
                self.bad("exploit offer", where, f"exploit to vacant {z} beside Allied-held {sorted(allied)}")
            elif distance(view, z, "PAR") >= distance(view, last["area"], "PAR"):
                self.bad("exploit offer", where, f"exploit to {z}, no closer to Paris than {last['area']}")

    def check_attack_duty(self, view, orders, where) -> None:
        """betrayal:3.4.4 C: with Advance/Attack, German units move into and attack every
        Allied-occupied Area next to them (westward attacks on the Maginot Line optional)."""
        self.seen("attack duty")
        zones = view["zones"]
        adj = adjacency(view)
        named = None
        if orders and "ALL" not in orders["countries"]:
            named = {COUNTRY_CODE[c] for c in orders["countries"]} | {"G"}
        for y in zones:
            ready = [
                u for u in ground_in(view, y, "german")
                if u.get("tactic") in ATTACK_TACTICS and not u["moved"] and u["kind"] != "airborne"
            ]
            if not ready or ground_in(view, y, "allied"):
                continue
            for x in adj[y]:
                if not ground_in(view, x, "allied") or ground_in(view, x, "german"):
                    continue
                if named is not None and (zones[x]["country"] not in named or zones[y]["country"] not in named):
                    continue
                if zones[x]["maginot"] and zones[y]["country"] == "G":
                    continue  # a westward attack on the Maginot Line, out of Germany: optional
                self.bad("attack duty", where, f"movement may end with {[u['id'] for u in ready]} in {y} unmoved beside Allied-held {x}")
                return

    def check_hold_duty(self, view: dict, orders: dict | None, where: str) -> None:
        """betrayal:3.4.4 A: Hold obliges the German units to move forward (closer to the west or
        south edge; out of Germany is forward) wherever they can without entering an
        Allied-occupied Area or breaking the stacking limit (1.5)."""
        zones = view["zones"]
        adj = adjacency(view)
        named = None
        if orders and "ALL" not in orders["countries"]:
            named = {COUNTRY_CODE[c] for c in orders["countries"]} | {"G"}
        for u in view["units"]:
            if u["side"] != "german" or u["kind"] not in GROUND or not on_map(u) or u["tactic"] != "hold" or u["moved"]:
                continue
            here = u["zone"]
            if ground_in(view, here, "allied"):
                continue
            self.seen("hold duty")
            d0 = edge_distance(view, here)
            for z in adj[here]:
                if zones[z]["country"] == "G" or ground_in(view, z, "allied") or len(ground_in(view, z, "german")) >= 3:
                    continue
                if named is not None and zones[z]["country"] not in named:
                    continue
                if zones[here]["country"] == "G" or edge_distance(view, z) < d0:
                    self.bad("hold duty", where, f"movement may end with {u['id']} (Hold) in {here}, {z} open ahead")
                    return

    def check_withdraw(self, a, actions, view, where) -> None:
        """betrayal:4.5.2: never into an enemy-occupied Area; south/west for the Allies and
        north/east for the Germans when possible."""
        self.seen("withdrawal")
        u = units(view)[a["unit"]]
        to = a["to"]
        if ground_in(view, to, enemy(u["side"])):
            self.bad("withdraw into enemy", where, f"{a} offered into an enemy-occupied Area")
        frm = u["zone"]
        if frm not in LONLAT or to not in LONLAT:
            return
        def preferred(z):
            dlon = LONLAT[z][0] - LONLAT[frm][0]
            dlat = LONLAT[z][1] - LONLAT[frm][1]
            return (dlon < 0 or dlat < 0) if u["side"] == "allied" else (dlon > 0 or dlat > 0)
        options = [x["to"] for x in actions if x.get("type") == "withdraw" and x.get("unit") == u["id"]]
        # betrayal:1.7 a minor ally leaves its homeland only when it has no way out inside it
        home = {"belgian": "B", "dutch": "NL"}.get(u["nation"])
        zones = view["zones"]
        if home and zones[frm]["country"] == home:
            self.seen("minor withdrawals")
            # (when the homeland Areas open have room for fewer of the nation's withdrawing units
            # than there are, the owner picks which leave: then any of them may be offered out)
            leaving = sum(1 for x in ground_in(view, frm, "allied") if x["nation"] == u["nation"])
            room = sum(max(1, 3 - len(ground_in(view, z, "allied"))) for z in set(options) if zones[z]["country"] == home)
            if zones[to]["country"] != home and room >= leaving:
                self.bad("minor allies withdraw home", where, f"{a} offered beside {[z for z in options if zones[z]['country'] == home]}")
        if not preferred(to) and any(preferred(z) for z in options):
            self.bad("withdraw direction", where, f"{a} from {frm} offered beside {[z for z in options if preferred(z)]}")

    def returns_capacity(self, player, view) -> int:
        """betrayal:3.2.2 a-b: how many of the box could appear: every German unit (the Border
        Areas stack freely); Allied air, and Allied ground within the stacking room left in the
        friendly-occupied Areas in or next to Paris (when there are any)."""
        box = [
            u for u in view["units"]
            if u["box"] == "regroup" and (u["nation"] == player or (player == "german" and u["side"] == "german"))
        ]
        if player == "german":
            return len(box)
        near = {"PAR"} | adjacency(view)["PAR"]
        friendly = [z for z in near if ground_in(view, z, "allied") and not ground_in(view, z, "german")]
        ground = [u for u in box if u["kind"] in GROUND]
        air = len(box) - len(ground)
        # When the Areas at Paris are full the rules are silent; the game (reasonably) sends the
        # rest to the nearest other friendly-occupied Areas, so the room in all of them counts.
        friendly = [
            z for z, info in view["zones"].items()
            if info["country"] != "G" and ground_in(view, z, "allied") and not ground_in(view, z, "german")
        ]
        room = sum(max(0, 3 - len(ground_in(view, z, "allied"))) for z in friendly)
        return (air if friendly else 0) + min(len(ground), room)

    def check_six(self, d, before, after, where) -> None:
        """betrayal:3.2.2: on a 6 the Allied player loses one reduced air unit from the Regroup box."""
        if d["roll"] != 6:
            return
        self.seen("six loses air")
        b, a = units(before), units(after)
        if d["player"] == "german":  # the rule binds the Allied player only
            lost = [i for i, u in b.items() if u["side"] == "german" and u["kind"] in AIR and u["box"] != "eliminated" and a[i]["box"] == "eliminated"]
            if lost:
                self.bad("six loses air", where, f"German return roll of 6 eliminated {lost}")
            return
        cands = [i for i, u in b.items() if u["kind"] in AIR and u["nation"] == d["player"] and u["box"] == "regroup" and u["reduced"]]
        gone = [i for i in cands if a[i]["box"] == "eliminated"]
        if cands and len(gone) != 1:
            self.bad("six loses air", where, f"rolled 6 with {cands} in the Regroup box; eliminated {gone}")

    def check_assigned(self, view, rolled, where) -> None:
        """betrayal:3.4.6: every rolled tactic is used by at least one Area (a Refit cancels the
        Advance/Attack tactics)."""
        self.seen("mandatory use")
        used = set(view["assigned"].values())
        want = set(rolled)
        if "refit" in want:
            want -= ATTACK_TACTICS | {"refit"}  # a Refit is performed, not assigned
        if not want <= used:
            self.bad("mandatory use", where, f"rolled {rolled}, assigned {view['assigned']}")

    def check_refit(self, view, due, where) -> None:
        """betrayal:3.4.4 B: on-map reduced units restored; the Regroup and Set Aside boxes emptied."""
        self.seen("refit")
        for u in view["units"]:
            if u["side"] != "german":
                continue
            if u["id"] in due and u["reduced"]:
                self.bad("refit", where, f"{u['id']} still reduced after a Refit")
            if u["box"] in ("setaside", "regroup"):
                self.bad("refit", where, f"{u['id']} still in {u['box']} after a Refit")

    def check_chain(self, events, e, where) -> None:
        """betrayal:4.5.4: a CA makes the defenders attack with all forces in the Area."""
        d = e.data
        combats = [x for x in events if x.kind == "combat" and "column" in x.data]
        i = next(k for k, x in enumerate(combats) if x is e)
        if d["result"] == "CA":
            self.seen("counter-attack")
            if i + 1 >= len(combats):
                self.bad("counter-attack", where, f"a CA in {d['area']} with no counter-attack")
                return
            nxt = combats[i + 1].data
            if set(nxt["attackers"]) != set(d["defenders"]) or not set(d["attackers"]) <= set(nxt["defenders"]):
                self.bad("counter-attack", where, f"CA {d['attackers']} v {d['defenders']} then {nxt['attackers']} v {nxt['defenders']}")
        if d["result"] == "PX":
            self.seen("partial exchange")
            losses = []
            for x in events[events.index(e) + 1:]:
                if x.kind == "combat":
                    break
                if x.kind == "loss" and "unit" in x.data:
                    losses.append(x.data["unit"])
            lo_a, lo_d = min(d["attackers"].values()), min(d["defenders"].values())
            if not losses:
                return  # the owner picks among equal units: an action follows
            first = losses[0]
            if lo_a == lo_d:
                # a tie: both lowest go (the owner of several equal units picks one by an action)
                ok = {**d["attackers"], **d["defenders"]}.get(first) == lo_a
            elif lo_a < lo_d:
                ok = d["attackers"].get(first) == lo_a
            else:
                ok = d["defenders"].get(first) == lo_d
            if not ok:
                self.bad("partial exchange", where, f"PX {d['attackers']} v {d['defenders']}: first removed {losses}")

    def check_px_choice(self, actions, view, px, where) -> None:
        """betrayal:4.5.5: the other side removes a unit of equal or greater strength, or a step
        worth at least as much."""
        self.seen("partial exchange")
        lo_a, lo_d = min(px["attackers"].values()), min(px["defenders"].values())
        lo = min(lo_a, lo_d)
        used = {**px["attackers"], **px["defenders"]}
        low_side = set() if lo_a == lo_d else set(px["attackers"] if lo_a < lo_d else px["defenders"])
        for a in actions:
            if a.get("type") not in ("remove", "reduce") or a.get("unit") not in used:
                continue
            uid = a["unit"]
            if (lo_a == lo_d or uid in low_side) and not (a["type"] == "remove" and used[uid] == lo):
                # the side with the lowest value loses that unit (the owner picks among equals)
                self.bad("partial exchange", where, f"{a} offered to the side of the lowest value {lo}: {px['attackers']} v {px['defenders']}")
            if a["type"] == "remove" and used[uid] < lo:
                self.bad("partial exchange", where, f"{a} offered: strength {used[uid]} < {lo}")
            if a["type"] == "reduce":
                c = COUNTERS[uid]
                full = c["attack"] if uid in px["attackers"] else c["defence"]
                red = c["reduced"][0] if uid in px["attackers"] else c["reduced"][1]
                if full - red < lo:
                    self.bad("partial exchange", where, f"{a} offered: a step worth {full - red} < {lo}")

    def check_move(self, action, view, mp, where) -> None:
        """betrayal:3.0, 3.1: movement allowance and terrain costs."""
        u = units(view)[action["unit"]]
        if u["kind"] not in GROUND or u["zone"] is None:
            return
        self.seen("movement allowance")
        ma = u["values"][2] if len(u["values"]) > 2 else 1
        if u["kind"] == "airborne":
            ma = 1  # betrayal:3.2.4 c
        cost = path_cost(view, u["zone"], action["to"], ma, germany=u["side"] == "german")
        mp[u["id"]] += cost
        if mp[u["id"]] > ma:
            self.bad("movement allowance", where, f"{u['id']} (MA {ma}) has spent {mp[u['id']]}")

    def check_return(self, action, before, after, where, placed=None) -> None:
        """betrayal:3.2.2 a, b: where returning units appear."""
        u = units(before)[action["unit"]]
        to = action["to"]
        zones = before["zones"]
        adj = adjacency(before)
        if u["side"] == "german":
            ok = zones[to]["country"] == "G" or (
                any(zones[n]["country"] == "G" for n in adj[to])
                and zones[to].get("control") == "german" and not ground_in(before, to, "allied")
            )
            if not ok:
                self.bad("return places", where, f"German return to {to}")
        elif u["kind"] in GROUND:
            near = {"PAR"} | adj["PAR"]
            friendly = [
                z for z in near
                if ground_in(before, z, "allied") and not ground_in(before, z, "german") and len(ground_in(after, z, "allied")) < 3
            ]
            placed = placed or {}
            fits = [
                z for z in near
                if ground_in(before, z, "allied") and not ground_in(before, z, "german")
                and len(ground_in(before, z, "allied")) + placed.get(z, 0) < 3
            ]
            if friendly and to not in fits:
                self.bad("return places", where, f"Allied return to {to}, not a friendly area at Paris ({sorted(friendly)})")
            if not fits:
                # 3.2.2 a: none at Paris: the nearest friendly-occupied Area(s) to Paris (with room, 1.5)
                others = [
                    z for z, info in zones.items()
                    if info["country"] != "G" and ground_in(before, z, "allied") and not ground_in(before, z, "german")
                    and len(ground_in(before, z, "allied")) + placed.get(z, 0) < 3
                ]
                self.seen("returns far")
                if others and (to not in others or distance(before, to, "PAR") > min(distance(before, z, "PAR") for z in others)):
                    self.bad("return places far", where, f"Allied return to {to}; the nearest friendly Areas to Paris are {sorted(others, key=lambda z: distance(before, z, 'PAR'))[:3]}")

    # -- events
    def check_initiative(self, d, turn, prev, where) -> None:
        """betrayal:3.4.1: the high roll; a tie to the other player (turn 1: re-roll)."""
        self.seen("initiative")
        f, b, who = d["french"], d["british"], d["initiative"]
        if f > b:
            want = "french"
        elif b > f:
            want = "british"
        elif turn == 1:
            self.bad("initiative", where, f"a tie on turn 1 was not re-rolled: {d}")
            return
        else:
            want = "british" if prev == "french" else "french"
        if who != want:
            self.bad("initiative", where, f"{d}, previous {prev}: expected {want}")

    def check_orders(self, d, view, where) -> None:
        """betrayal:3.4.2: the OKH Strategic Orders table; a re-roll when the country is empty."""
        self.seen("orders")
        row = TABLES["orders"][str(sum(d["dice"]))]
        if row["countries"] != d["countries"] or row["tactics"] != d["tactics"]:
            self.bad("orders", where, f"{d} but the table gives {row}")

    def check_orders_void(self, events: list, view: dict, where: str) -> None:
        """betrayal:3.4.2 a: a B and/or N result with no home units left in a named country has no
        effect, and the automaton rolls again until an ALL result; 3.4.3: then as many tactics
        rolls as the orders allow."""
        rolls = [e.data for e in events if e.kind == "roll" and "dice" in e.data and "tactic" not in e.data]
        home = {"B": "belgian", "N": "dutch"}
        void = False
        for d in rolls:
            row = TABLES["orders"][str(sum(d["dice"]))]
            empty = "ALL" not in row["countries"] and any(
                not any(u["nation"] == home[c] and on_map(u) and view["zones"][u["zone"]]["country"] == COUNTRY_CODE[c] for u in view["units"])
                for c in row["countries"]
            )
            kept = "countries" in d
            if not kept or "ALL" not in row["countries"]:
                self.seen("orders void")
            if kept and (empty or (void and "ALL" not in row["countries"])):
                self.bad("orders void", where, f"orders {d} kept, void: named country empty {empty}, after a void roll {void}")
            if not kept and not (empty or void):
                self.bad("orders void", where, f"orders {d} ignored with home units in {row['countries']}")
            void = void or not kept
        kept_rows = [d for d in rolls if "countries" in d]
        tactics = [e.data for e in events if e.kind == "roll" and "tactic" in e.data]
        if kept_rows and tactics and len(tactics) != kept_rows[-1]["tactics"]:
            self.bad("tactics", where, f"{len(tactics)} tactics rolls on orders {kept_rows[-1]}")

    def check_tactic(self, d, turn, rolled, where) -> None:
        """betrayal:3.4.3: German Tactics Table; a repeated tactic has no effect."""
        self.seen("tactics")
        s = str(sum(d["dice"]))
        early, late = TABLES["tactics"]["early"][s], TABLES["tactics"]["late"][s]
        lim = TABLES["tactics"]["early_until"]
        allowed = {early} if turn < lim else {late} if turn > lim else {early, late}
        if d["tactic"] not in allowed:
            self.bad("tactics", where, f"{d}: table gives {allowed}")
        if d["repeat"] != (d["tactic"] in rolled):
            self.bad("tactics", where, f"{d}: repeat flag wrong (already {rolled})")
        rolled.append(d["tactic"])

    def check_combat(self, d, view, first, holder, where) -> None:
        """betrayal:4.4.1-4.4.3 and the CRT: odds, shifts, modifier and result from their parts."""
        self.seen("combat")
        att, dfn = d["attackers"], d["defenders"]
        us = units(view)
        bomber = d.get("bomber", 0) or 0
        if d["attack"] != sum(att.values()) + bomber:
            self.bad("combat totals", where, f"attack {d['attack']} != {att} + bomber {bomber}")
        if d["defence"] != sum(dfn.values()):
            self.bad("combat totals", where, f"defence {d['defence']} != {dfn}")
        if d["defence"] and d["attack"]:
            base = ratio_column(d["attack"], d["defence"])
            if d["base"] != base:
                self.bad("combat odds", where, f"{d['attack']}:{d['defence']} gives {base}, game {d['base']}")
            col = min(max(COLUMNS.index(base) + sum(s for _, s in d["shifts"]), 0), len(COLUMNS) - 1)
            if d["column"] != COLUMNS[col]:
                self.bad("combat shifts", where, f"{base} shifted {d['shifts']} gives {COLUMNS[col]}, game {d['column']}")
        drm = expected_drm(att, dfn)
        if d["drm"] != drm:
            self.bad("combat drm", where, f"{att} v {dfn}: drm {drm}, game {d['drm']}")
        if len(d["dice"]) != 2 or not all(1 <= x <= 6 for x in d["dice"]) or d["total"] != sum(d["dice"]) + d["drm"]:
            self.bad("combat totals", where, f"dice {d['dice']} + {d['drm']} != {d['total']}")
        row = str(min(max(d["total"], 1), 13))
        if d["column"] in COLUMNS and d["result"] != CRT[row][COLUMNS.index(d["column"])]:
            self.bad("combat result", where, f"row {row} column {d['column']}: CRT {CRT[row][COLUMNS.index(d['column'])]}, game {d['result']}")
        # shifts the rules name (4.4.2 Maginot, 7.2.4 Republic)
        attackers_side = "german" if all(i.startswith("de-") for i in att) else "allied"
        zone = view["zones"].get(d["area"], {})
        labels = " ".join(str(l) for l, _ in d["shifts"]).lower()
        # betrayal:6.3.1: two columns for the Germans against each penalised nation's units
        allied_ids = dfn if attackers_side == "german" else att
        nations = {us[i]["nation"] for i in allied_ids if i in us}
        sign = 1 if attackers_side == "german" else -1
        want = sum(2 * sign for n, turns in view["penalties"].items() if turns and n in nations)
        got = sum(sh for l, sh in d["shifts"] if "penalty" in str(l).lower())
        if want or got:
            self.seen("penalty shift")
        if got != want:
            self.bad("penalty shift", where, f"penalties {view['penalties']}, Allied units {sorted(allied_ids)}: shift {want}, game {d['shifts']}")
        # betrayal:4.4.2: a German attack on a Maginot Line Area (counter-attacks and exploits too)
        # shifts 5 left; the forts never help the Germans defend
        maginot = sum(sh for l, sh in d["shifts"] if "maginot" in str(l).lower())
        want_maginot = TABLES["shifts"]["maginot"] if attackers_side == "german" and zone.get("maginot") else 0
        if zone.get("maginot"):
            self.seen("maginot")
        if maginot != want_maginot:
            self.bad("maginot shift", where, f"{attackers_side} attack in {d['area']}: Maginot {maginot}, expected {want_maginot}")
        # the mountain shift of the (reconstructed) table, in mountain Areas only
        mountain = sum(sh for l, sh in d["shifts"] if "mountain" in str(l).lower())
        if mountain != (TABLES["shifts"]["mountain"] if zone.get("terrain") == "mountain" else 0):
            self.bad("combat shifts", where, f"mountain shift {mountain} in {zone.get('terrain')} {d['area']}")
        # no shift the rules and the table do not list
        for label, _ in d["shifts"]:
            if not any(k in str(label).lower() for k in ("maginot", "mountain", "penalty", "republic", "air support")):
                self.bad("combat shifts", where, f"unknown shift {label}")
        # betrayal:7.2.4: one column for the Germans, attacking or defending, while they hold the marker
        republic = sum(sh for l, sh in d["shifts"] if "republic" in str(l).lower())
        want_republic = (1 if attackers_side == "german" else -1) if holder == "german" else 0
        if republic != want_republic:
            self.bad("republic shift", where, f"holder {holder}, {attackers_side} attack: Republic shift {republic}, expected {want_republic}")
        if want_republic:
            self.seen("republic held")
        if first and not d.get("exploit"):
            # (an exploit advance changes the stacks within the action: the view before it is stale)
            # betrayal:3.3.5: a surviving support mission shifts one column right; the German bomber
            # adds its ground support value first
            support = [
                m for m in view["missions"]
                if m["target"] == d["area"] and m.get("kind") in ("support", "both")
                and us.get(m["unit"], {}).get("side") == attackers_side
            ]
            shift = sum(sh for l, sh in d["shifts"] if "air support" in str(l).lower())
            self.seen("air support")
            if shift != (TABLES["shifts"]["air_support"] if support else 0):  # one column, however many fly
                self.bad("air support", where, f"missions {support}, shifts {d['shifts']}")
            bomb = [m for m in support if m["unit"] == "de-bomber"]
            if bomb:
                b = us["de-bomber"]
                want = COUNTERS["de-bomber"]["support"][1 if b["reduced"] else 0]
                if bomber != want:
                    self.bad("air support", where, f"bomber support {bomber}, counter gives {want}")
            elif bomber:
                self.bad("air support", where, f"bomber value {bomber} with no bomber support mission")
            # values from the counters as they stood (4.4.1)
            for i, v in att.items():
                if i in us and us[i]["values"] and us[i]["values"][0] != v:
                    self.bad("combat values", where, f"attacker {i} counted {v}, counter shows {us[i]['values']}")
            for i, v in dfn.items():
                if i in us and us[i]["values"] and us[i]["values"][1] != v:
                    self.bad("combat values", where, f"defender {i} counted {v}, counter shows {us[i]['values']}")
            # 4.4.1: all the defender's combat strength in the Area
            present = {u["id"] for u in ground_in(view, d["area"], "german" if attackers_side == "allied" else "allied")}
            if present and set(dfn) != present:
                self.bad("all defenders count", where, f"defenders {sorted(dfn)} but present {sorted(present)}")

    def check_bombard(self, d, view, where) -> None:
        """betrayal:4.3: the Air Bombardment Table from the tallied value and the die."""
        self.seen("bombardment")
        us = units(view)
        fl = [us[i] for i in d["units"]]
        value = sum(bombard_value(u) for u in fl)
        if d["value"] != value:
            self.bad("bombardment", where, f"value {d['value']}, counters give {value}")
        side = fl[0]["side"]
        drm = TABLES["bombardment"]["allied_drm"] if side == "allied" else 0
        if d["drm"] != drm:
            self.bad("bombardment", where, f"drm {d['drm']}, expected {drm}")
        col = min(max(d["roll"] + drm, 0), 6)
        want = TABLES["bombardment"][str(min(max(d["value"], 1), 5))][col]
        if d["result"] != want:
            self.bad("bombardment", where, f"value {d['value']} roll {d['roll']}{drm:+d}: table {want}, game {d['result']}")
        # 4.3: only where the enemy alone holds the ground (the German bomber excepted)
        if ground_in(view, d["area"], side) and any(u["kind"] != "bomber" or side != "german" for u in fl):
            self.bad("bombardment target", where, f"bombardment of {d['area']} with friendly ground units there")

    def check_regroup(self, d, view, phase, where) -> None:
        """betrayal:5.1-5.3, 5.2.4: the column, the need, the result, and who tests."""
        self.seen("regroup")
        u = units(view)[d["unit"]]
        if u["nation"] in ("belgian", "dutch"):
            self.bad("minor allies never regroup", where, f"{u['id']} tested")
        if u["kind"] in AIR or (u["side"] == "german" and u["kind"] == "armor"):
            col = "armor_air"
        elif u["side"] == "german":
            col = "german_infantry"
        else:
            col = "allied_ground"
        if d["column"] != col or d["need"] != TABLES["regroup"][col]:
            self.bad("regroup", where, f"{u['id']} {u['kind']}: column {d['column']}/{d['need']}, expected {col}")
        if d["salvaged"] != (d["roll"] <= TABLES["regroup"][col]):
            self.bad("regroup", where, f"roll {d['roll']} need {d['need']} salvaged {d['salvaged']}")
        nation = "german" if u["side"] == "german" else u["nation"]
        if not phase.startswith(nation):
            self.bad("regroup owner", where, f"{u['id']} tested in {phase}")

    def check_interception(self, d, view, where) -> None:
        """betrayal:3.3.3: both German fighters when available and in range; the table."""
        self.seen("interception")
        if any(COUNTERS[f]["kind"] != "fighter" for f in d["fighters"]):
            self.bad("intercept nationality", where, f"{d}: only fighters intercept (3.3)")
        us = units(view)
        for f in d["fighters"]:
            # betrayal:3.3 intercepting fighters within range of the target
            if us[f]["zone"] and distance(view, us[f]["zone"], d["target"]) > COUNTERS[f]["range"]:
                self.bad("interceptor range", where, f"{f} from {us[f]['zone']} intercepts over {d['target']} beyond range {COUNTERS[f]['range']}")
        if d["fighters"] and not d["fighters"][0].startswith("de-"):
            # betrayal:3.3.5 example: one Allied fighter (either nation's) against a German mission
            self.seen("one allied interceptor")
            if len(d["fighters"]) > 1:
                self.bad("one allied interceptor", where, f"{d['fighters']} intercept together")
        if d["fighters"] and all(f.startswith("de-") for f in d["fighters"]):
            self.seen("both german fighters")
            for u in view["units"]:
                if u["kind"] == "fighter" and u["side"] == "german" and on_map(u) and u["id"] not in d["fighters"]:
                    if distance(view, u["zone"], d["target"]) <= COUNTERS[u["id"]]["range"] and u["zone"] != d["target"]:
                        self.bad("both german fighters", where, f"{u['id']} in {u['zone']} in range of {d['target']} did not intercept")
        need = TABLES["intercept"][str(len(d["fighters"]))]
        if d["need"] != need or d["success"] != (d["roll"] <= need):
            self.bad("interception table", where, f"{d}: {len(d['fighters'])} fighters need {need}")

    # -- sequence and actors
    def sequence(self, before, after, where) -> None:
        """betrayal:2.0-2.2: German, then French, then British; turns one by one."""
        self.seen("sequence")
        p0, p1 = before["phase"], after["phase"]
        t0, t1 = before["turn"], after["turn"]
        if after["outcome"] is not None:
            return
        if p0 not in PHASES or p1 not in PHASES:
            if p1 not in PHASES and p1 not in ("setup", "over", "end"):
                self.bad("sequence", where, f"unknown phase {p1}")
            return
        if t1 == t0 and PHASES.index(p1) < PHASES.index(p0):
            self.bad("sequence", where, f"{p0} -> {p1} within turn {t0}")
        if t1 not in (t0, t0 + 1):
            self.bad("sequence", where, f"turn {t0} -> {t1}")
        if t1 == t0 + 1 and p0 != "british-regroup" and PHASES.index(p0) < PHASES.index("british-movement"):
            self.bad("sequence", where, f"turn ends in {p0}")
        if t1 > after["turns"]:
            self.bad("sequence", where, f"turn {t1} beyond {after['turns']}")

    def actor(self, view, side, action, initiative, where) -> None:
        """betrayal:3.4.1 the initiative runs the automaton; 3.3.3 the other player intercepts;
        4.5.2/4.3.1 the owner withdraws and takes losses; 1.7 the British run the minors."""
        self.seen("actor")
        phase = view["phase"]
        t = action.get("type")
        if phase in GERMAN_PHASES and initiative:
            other = "british" if initiative == "french" else "french"
            if t in ("intercept", "no-intercept"):
                if side != other:
                    self.bad("actor", where, f"{side} intercepts on the automaton's turn; initiative {initiative}")
            elif t in ("move", "mission", "assign", "combat", "bombard", "drop", "end-movement", "exploit", "return"):
                if side != initiative:
                    self.bad("actor", where, f"{side} runs the automaton; initiative {initiative}")
        if phase.startswith(("french-", "british-")):
            owner = phase.split("-")[0]
            if t in ("move", "mission", "combat", "end-movement", "enter", "evacuate", "rebase") and side != owner:
                self.bad("actor", where, f"{side} acts in the {owner} player turn")
            if t in ("intercept", "no-intercept") and side == owner:
                self.bad("actor", where, f"{side} intercepts his own mission")
        if t in ("withdraw", "lose-step", "remove", "reduce") and "unit" in action:
            u = units(view).get(action["unit"])
            if u is not None:
                want = owner_of(u, initiative, phase)
                if want and side != want:
                    self.bad("owner decides", where, f"{side} decides for {u['id']} ({u['nation']}), owner {want}")

    # -- states
    def phase_end_checks(self, phase, view, where, fought=frozenset()) -> None:
        """betrayal:1.5 stacking at the end of movement and after combat; 3.3.1 air units left
        alone in an Area after its ground combat are eliminated."""
        self.seen("stacking")
        count: dict[tuple, int] = defaultdict(int)
        for u in view["units"]:
            if on_map(u) and u["kind"] in GROUND and view["zones"][u["zone"]]["country"] != "G":
                count[(u["zone"], u["side"])] += 1
        for (z, s), n in count.items():
            if n > 3:
                self.bad("stacking", where, f"{n} {s} ground units in {z} at the end of {phase}")
        if phase.endswith("combat"):
            self.seen("air bases held")
            for u in view["units"]:
                if on_map(u) and u["kind"] in AIR and u["zone"] in fought:
                    if not ground_in(view, u["zone"], u["side"]):
                        self.bad("air bases held", where, f"{u['id']} sits in {u['zone']} after {phase}")

    def state_checks(self, view, where) -> None:
        self.seen("state")
        # betrayal:6.1, 6.2.1 communication on turns 1-2, banned from turn 3
        want = "yes" if view["turn"] <= 2 else "no"
        if view["phase"] not in ("initiative",) and view["communication"] != want:
            self.bad("communication", where, f"turn {view['turn']}: {view['communication']}")
        # betrayal:7.2.1 the marker stays in France; no British holder
        rep = view["republic"]
        if view["zones"][rep["zone"]]["country"] != "F":
            self.bad("republic", where, f"marker in {rep['zone']}")
        if rep["holder"] == "british":
            self.bad("republic", where, "British hold the marker")
        if rep["holder"] == "french" and not [u for u in ground_in(view, rep["zone"], "allied") if u["nation"] == "french"]:
            self.bad("republic", where, f"French hold the marker in {rep['zone']} without a French unit")
        # betrayal:7.2.3 captured or recaptured when left alone with one side's units
        there = ground_in(view, rep["zone"])
        if there and all(u["side"] == "german" for u in there) and rep["holder"] != "german":
            self.bad("republic", where, f"Germans alone with the marker in {rep['zone']}, holder {rep['holder']}")
        if there and all(u["nation"] == "french" for u in there) and rep["holder"] != "french":
            self.bad("republic", where, f"French alone with the marker in {rep['zone']}, holder {rep['holder']}")
        for u in view["units"]:
            # betrayal:5.2.4, 4.5.8 note: Belgian and Dutch units are never set aside
            if u["nation"] in ("belgian", "dutch") and u["box"] in ("setaside", "regroup"):
                self.bad("minor allies never regroup", where, f"{u['id']} in {u['box']}")
            # betrayal:1.1, 3.2.3: Allied units never in the German border areas
            if u["side"] == "allied" and on_map(u) and view["zones"][u["zone"]]["country"] == "G":
                self.bad("allied into Germany", where, f"{u['id']} in {u['zone']}")

    def hidden(self, game, state, public, where) -> None:
        """betrayal:1.0, 6.2.2: nothing is secret in this game; every side sees the same table."""
        self.seen("hidden")
        for side in ("french", "british", "german"):
            v = game.view(state, side)
            if v["units"] != public["units"]:
                self.bad("hidden", where, f"the {side} view differs from the public view")

    def end_checks(self, game, state, view, evacuated, where) -> None:
        """betrayal:7.0: resolved at the end of the last Game Turn; evacuated units counted."""
        self.seen("end")
        out = game.outcome(state)
        if out is None:
            self.bad("end", where, "the game ended without an outcome")
        if view["turn"] != view["turns"] and not view["penalties"]["french"] and not view["penalties"]["british"]:
            self.bad("end", where, f"the game ended on turn {view['turn']} of {view['turns']}")
        facts = view.get("victory", {}).get("facts", {})
        held = sum(1 for z in view["zones"].values() if z["country"] == "F" and z.get("control") == "german")
        alone = sum(
            1 for k, z in view["zones"].items()
            if z["country"] == "F" and z.get("control") == "german" and not ground_in(view, k, "allied")
        )
        if "german_areas_in_france" in facts and not alone <= facts["german_areas_in_france"] <= held:
            self.bad("german areas count", where, f"{held} French areas German-controlled, facts say {facts['german_areas_in_france']}")
        if "evacuated" in facts and facts["evacuated"] != evacuated:
            self.bad("evacuation count", where, f"{evacuated} evacuations, victory facts say {facts['evacuated']}")


@pytest.fixture(scope="module")
def referee() -> Referee:
    ref = Referee()
    for scenario, seed, cap, policy in GAMES:
        ref.play(scenario, seed, cap, policy)
    return ref


# (check, the cases it judges, the counter of the situations it judged, the least number of them
# the games must produce: a check whose situation never arises could not fail, so it fails instead)
CHECKS = [
    ("sequence", "betrayal:2.0 betrayal:2.1 betrayal:2.2", "sequence", 1000),
    ("actor", "betrayal:3.4.1", "actor", 1000),
    ("owner decides", "betrayal:4.5.2", "withdrawal", 20),
    ("initiative", "betrayal:3.4.1", "initiative", 30),
    ("one roll a turn", "betrayal:2.1 betrayal:3.4.1 betrayal:3.4.2", "one roll a turn", 4),
    ("orders", "betrayal:3.4.2", "orders", 30),
    ("orders countries", "betrayal:3.4.2", "restricted moves", 1),
    ("tactics", "betrayal:3.4.3", "tactics", 50),
    ("refit cancels attacks", "betrayal:3.4.6", "assign", 50),
    ("german refit stays", "betrayal:3.4.4", "refit movement", 2),
    ("german no attack tactic", "betrayal:4.2.2", "german moves", 1000),
    ("german combat tactic", "betrayal:4.2.2", "german attacks", 100),
    ("allied into Germany", "betrayal:3.2.3", "allied moves", 1000),
    ("minor allies stay home", "betrayal:1.7", "minor moves", 100),
    ("minor allies withdraw home", "betrayal:1.7", "minor withdrawals", 10),
    ("movement allowance", "betrayal:3.1", "movement allowance", 500),
    ("stacking", "betrayal:1.5", "stacking", 300),
    ("drops", "betrayal:3.2.4", "drops", 20),
    ("drops made", "betrayal:3.2.4", "drops made", 4),
    ("combat mandatory", "betrayal:4.1", "combat mandatory", 30),
    ("own units", "betrayal:1.7", "own units", 1000),
    ("evacuation", "betrayal:3.2.3", "evacuation", 20),
    ("orders void", "betrayal:3.4.2", "orders void", 1),
    ("mission target", "betrayal:3.3.2", "missions", 100),
    ("air range", "betrayal:3.3", "missions", 100),
    ("air returns range", "betrayal:3.3.5 betrayal:4.3.2", "air returns", 50),
    ("air bases", "betrayal:3.3.1", "air bases", 100),
    ("air bases held", "betrayal:3.3.1", "air bases held", 50),
    ("air bases in empty Germany", "betrayal:3.3.1", "air bases", 100),
    ("intercept nationality", "betrayal:3.3.3", "interceptions offered", 1),
    ("interception table", "betrayal:3.3.3", "interception", 5),
    ("interceptor range", "betrayal:3.3", "interception", 5),
    ("one allied interceptor", "betrayal:3.3.5", "one allied interceptor", 3),
    ("marker withdraws", "betrayal:7.2.2", "marker withdraws", 1),
    ("marker moves", "betrayal:7.2.1", "marker moves", 5),
    ("marker held", "betrayal:7.2.3", "marker held", 1),
    ("permanent losses", "betrayal:4.5.8", "permanent losses", 50),
    ("turned back", "betrayal:3.3.4", "turned back", 1),
    ("reinforcements", "betrayal:3.2.1", "reinforcements", 10),
    ("reinforcement schedule", "betrayal:3.2.1", "reinforcement schedule", 1000),
    ("returns", "betrayal:3.2.2", "returns", 50),
    ("return places", "betrayal:3.2.2", "returns", 50),
    ("return places far", "betrayal:3.2.2", "returns far", 10),
    ("combat totals", "betrayal:4.4.1", "combat", 100),
    ("combat odds", "betrayal:4.4.1", "combat", 100),
    ("combat shifts", "betrayal:4.4.2", "combat", 100),
    ("combat drm", "betrayal:4.4.3", "combat", 100),
    ("combat result", "betrayal:4.5", "combat", 100),
    ("combat values", "betrayal:4.4.1", "combat", 100),
    ("all defenders count", "betrayal:4.4.1", "combat", 100),
    ("maginot shift", "betrayal:4.4.2", "maginot", 30),
    ("republic shift", "betrayal:7.2.4", "republic held", 5),
    ("penalty shift", "betrayal:6.3.1", "penalty shift", 5),
    ("bombardment", "betrayal:4.3", "bombardment", 20),
    ("bombardment target", "betrayal:4.3", "bombardment", 20),
    ("bombardment steps", "betrayal:4.3.1", "bombardment steps", 3),
    ("regroup", "betrayal:5.1 betrayal:5.2.1 betrayal:5.2.2 betrayal:5.2.3", "regroup", 100),
    ("regroup owner", "betrayal:5.1", "regroup", 100),
    ("regroup every unit", "betrayal:5.1", "regroup every unit", 50),
    ("salvage", "betrayal:5.3.1 betrayal:5.3.2", "salvage", 100),
    ("minor allies never regroup", "betrayal:5.2.4", "state", 1000),
    ("talk ban", "betrayal:6.2.1", "talk ban", 1000),
    ("penalty sequence", "betrayal:6.3.2", "penalty sequence", 3),
    ("final penalty", "betrayal:6.3.3", "final penalty", 1),
    ("final penalty ends", "betrayal:6.3.3", "final penalty ends", 1),
    ("communication", "betrayal:6.1", "state", 1000),
    ("republic", "betrayal:7.2.1", "state", 1000),
    ("hidden", "betrayal:1.0", "hidden", 20),
    ("end", "betrayal:7.0", "end", 4),
    ("german areas count", "betrayal:7.0", "end", 4),
    ("victory", "betrayal:7.0 betrayal:7.1", "victory", 4),
    ("evacuation count", "betrayal:7.0", "end", 4),
    ("results applied", "betrayal:4.5.1 betrayal:4.5.3 betrayal:4.5.6 betrayal:4.5.7 betrayal:4.5.8", "results applied", 100),
    ("withdrawals applied", "betrayal:4.5.2", "withdrawals applied", 50),
    ("exploit offer", "betrayal:3.4.4", "exploit offer", 10),
    ("exploit owed", "betrayal:3.4.4", "exploit owed", 10),
    ("exploit stops", "betrayal:3.4.4", "exploit stops", 100),
    ("historical setup", "betrayal:8.0", "historical setup", 1),
    ("free setup", "betrayal:9.0", "free setup", 2),
    ("frontier defences", "betrayal:9.0", "frontier defences", 3),
    ("one nation bombs", "betrayal:3.3.2", "one nation bombs", 50),
    ("air support", "betrayal:3.3.5", "air support", 100),
    ("hold moves forward", "betrayal:3.4.4", "hold moves", 100),
    ("hold duty", "betrayal:3.4.4", "hold duty", 20),
    ("attack duty", "betrayal:3.4.4", "attack duty", 50),
    ("withdraw into enemy", "betrayal:4.5.2", "withdrawal", 20),
    ("withdraw direction", "betrayal:4.5.2", "withdrawal", 20),
    ("six loses air", "betrayal:3.2.2", "six loses air", 3),
    ("returns taken", "betrayal:3.2.2", "returns taken", 50),
    ("mandatory use", "betrayal:3.4.6", "mandatory use", 20),
    ("refit", "betrayal:3.4.4", "refit", 3),
    ("counter-attack", "betrayal:4.5.4", "counter-attack", 20),
    ("partial exchange", "betrayal:4.5.5", "partial exchange", 20),
    ("both german fighters", "betrayal:3.3.3", "german interceptions", 5),
]

# Disagreements on record in /work/coord/betrayal.md: check name -> reason. Each stays a strict
# xfail until the game is fixed.
XFAIL: dict[str, str] = {}


def _params():
    for check, case, counter, least in CHECKS:
        marks = [pytest.mark.rules(*case.split())]
        if check in XFAIL:
            marks.append(pytest.mark.xfail(strict=True, reason=XFAIL[check]))
        yield pytest.param(check, counter, least, id=check.replace(" ", "-"), marks=marks)


@pytest.mark.parametrize(("check", "counter", "least"), list(_params()))
def test_betrayal_rule(referee: Referee, check: str, counter: str, least: int) -> None:
    assert referee.counts[counter] >= least, f"only {referee.counts[counter]} situations for {check}: the games never tried it"
    assert not referee.found.get(check), "\n".join(referee.found[check])


@pytest.mark.rules("betrayal:4.4.1", "betrayal:4.4.2", "betrayal:4.4.3", "betrayal:3.3.5", "betrayal:4.3")
def test_referee_arithmetic_on_the_printed_examples() -> None:
    """The referee's own odds, shifts and tables against the numbers the rulebook prints, so that
    a disagreement with the game is never the referee's arithmetic."""
    assert ratio_column(19, 5) == "3:1"  # 4.4.1
    # 3.3.5: 15 to 6 is 2:1; the bomber's 3 makes 18:6, 3:1; air support one column right: 4:1;
    # tanks against infantry +1
    assert ratio_column(15, 6) == "2:1" and ratio_column(15 + 3, 6) == "3:1"
    assert COLUMNS[COLUMNS.index("3:1") + TABLES["shifts"]["air_support"]] == "4:1"
    assert expected_drm({"de-7pz": 9}, {"fr-3c": 2}) == 1 and expected_drm({"fr-3c": 2}, {"de-7pz": 7}) == -1
    # 3.4.4 E: a 9-7-2 and a 5-4-1 against two 3-2-1 corps, 14 to 4 (3.5:1), is 3:1; the armour
    # alone on the exploit, 9 to 4 (2.25:1), 2:1
    assert ratio_column(9 + 5, 2 + 2) == "3:1" and ratio_column(9, 2 + 2) == "2:1"
    # 4.4.2: air support and the Maginot Line net four columns left
    assert TABLES["shifts"]["maginot"] + TABLES["shifts"]["air_support"] == -4
    # 4.5.5: a 9-7-2 against a 2-2-1 and a 3-2-1 (defence 2 + 2) is 2:1; a 6, +1 for armour, is 7: PX
    assert ratio_column(9, 2 + 2) == "2:1" and CRT["7"][COLUMNS.index("2:1")] == "PX"
    # 4.3: value 2, a 6 less the Allied 1 is 5: W
    assert TABLES["bombardment"]["2"][6 + TABLES["bombardment"]["allied_drm"]] == "W"
    # 3.3.4, 3.3.5, 4.3: a 1 intercepts with one fighter, a 3 does not; a 5 fails with two
    assert 1 <= TABLES["intercept"]["1"] < 3 and TABLES["intercept"]["2"] < 5
