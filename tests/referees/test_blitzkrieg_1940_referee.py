"""An independent referee for Blitzkrieg 1940, written from the rulebook alone.

It plays random games through the public protocol only (prompt, apply, view, outcome) and,
step by step, checks what the game offers and reports against the rulebook's cases: the
sequence of play, every combat's odds, column, shifts and result recomputed from the view
before the attack and the dice reported in the events, the step losses taken, stacking,
hidden information, and the victory points at the end.

The board and counters are read from the scenario data files (the CRT and VP schedule, as
data); the rules are the rulebook's. Nothing of the game's package is read beyond the registry.
"""

from __future__ import annotations

import copy
import functools
import math
import random
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games import game_for

DATA = Path(__file__).resolve().parents[2] / "scenarios" / "blitzkrieg_1940"
TABLES = tomllib.loads((DATA / "game.toml").read_text())
CRT = TABLES["crt"]
COLUMNS = CRT["columns"]
MAP = tomllib.loads((DATA / "map.toml").read_text())


def internal(label: str) -> str:
    """A printed hex number to the game's hex id (2.2: W6000 overlaps E1013)."""
    c, r = int(label[1:3]), int(label[3:])
    if label[0] == "W":
        c, r = c - 43, r + 13
    else:
        c = c - MAP["first_e_column"] + 1
    return f"{c:02d}{r:02d}"


TERRAIN = {}
COUNTRY = {}
for _r, (_t, _c) in enumerate(zip(MAP["terrain"].strip("\n").split("\n"),
                                  MAP["country"].strip("\n").split("\n")), start=1):
    for _i, (_tc, _cc) in enumerate(zip(_t, _c)):
        if _tc not in "_ ":
            TERRAIN[f"{_i + 1:02d}{_r:02d}"] = _tc  # the game's hex ids count columns from 1
            COUNTRY[f"{_i + 1:02d}{_r:02d}"] = _cc
SIDES_OF = defaultdict(set)
for _hs in MAP["hexsides"]:
    for _a, _b in _hs["pairs"]:
        SIDES_OF[frozenset((internal(_a), internal(_b)))].add(_hs["kind"])
FIELD_FORTS = {internal(h) for h in MAP["special"]["field_fortifications"]}
SIEGFRIED = {internal(h) for h in MAP["special"]["siegfried"]}
SIEGFRIED_1939 = {internal(h) for h in MAP["special"]["siegfried_1939"]}
CITY_HEXES = {internal(h): c for c in MAP["city"] for h in c["hexes"]}


def directions(h: str) -> list[str]:
    """The six neighbours in clockwise order from north; even columns sit half a hex lower
    (as the game's own move paths show)."""
    c, r = int(h[:2]), int(h[2:])
    up, down = (r - 1, r) if c % 2 == 1 else (r, r + 1)
    return [f"{c:02d}{r - 1:02d}", f"{c + 1:02d}{up:02d}", f"{c + 1:02d}{down:02d}",
            f"{c:02d}{r + 1:02d}", f"{c - 1:02d}{down:02d}", f"{c - 1:02d}{up:02d}"]


def adjacent(a: str, b: str) -> bool:
    return b in directions(a)


def concentric(target: str, from_hexes: set[str]) -> bool:
    """14.15A: opposite hexes, three alternating hexes, or more than three hexes."""
    d = {i for i, h in enumerate(directions(target)) if h in from_hexes}
    if len(d) > 3:
        return True
    if any((i + 3) % 6 in d for i in d):
        return True
    return any({i, (i + 2) % 6, (i + 4) % 6} <= d for i in d)

SEEDS_1940 = [1, 2]
SEEDS_1939 = [5]
MAX_ACTIONS = 900

# ------------------------------------------------------------------ playing games


def _choose(rng: random.Random, actions: list[dict]) -> dict:
    """A random policy biased so games reach their end within the action budget."""
    by = defaultdict(list)
    for a in actions:
        by[a["type"]].append(a)
    if by["attack"] and rng.random() < 0.9:
        return rng.choice(by["attack"])
    if by["end-phase"] and rng.random() < 0.12:
        return by["end-phase"][0]
    if by["move"] and rng.random() < 0.5:
        return rng.choice(by["move"])
    return rng.choice(actions)


def full_view(game, state):
    """view(state, None) hides what lies beneath the top counters, so the referee's facts are
    each side's own units as that side sees them, with the rest of the public view."""
    views = {side: game.view(state, side) for side in ("german", "allied")}
    merged = dict(game.view(state, None))
    merged["units"] = [u for side in ("german", "allied") for u in views[side]["units"]
                       if u["side"] == side]
    return merged, views


@functools.lru_cache(maxsize=None)
def play(scenario: str, seed: int):
    """One random game: a list of steps (view before, prompt, action, events, view after)."""
    game = game_for(scenario)
    state = game.new(scenario, {})
    dice = Dice(seed)
    rng = random.Random(seed)
    steps = []
    before, hidden = full_view(game, state)
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            break
        prompt = game.prompt(state)
        if not prompt.actions:
            break
        action = _choose(rng, prompt.actions)
        events = game.apply(state, copy.deepcopy(action), dice)
        after, hidden_after = full_view(game, state)
        steps.append(dict(before=before, hidden=hidden, prompt=prompt, action=action,
                          events=list(events), after=after))
        before, hidden = after, hidden_after
    return steps, game.outcome(state), before


ALL_GAMES = [("blitzkrieg-1940/1940", s) for s in SEEDS_1940] + [
    ("blitzkrieg-1940/1939", s) for s in SEEDS_1939]


# The situations each test must judge in each game, by seed (1940: 1, 2; 1939: 5): about half
# of what it judged when measured (again when the set-up came to offer every waiting unit and an
# attack to offer a unit out of a stack alone: the random games changed with the lists; and when
# each side got its own two SR divisions a couplet: 1940 seed 2 then met no unit eliminated while
# others were unreduced, 1939 seed 5 two). A game given 0 never meets the situation (1939: no German
# attack across a border, no halved attack, no advance); every test has a game that must.
LEAST = {
    "actor": {1: 288, 2: 292, 5: 172},
    "adjacent enemies": {1: 6, 2: 2, 5: 3},
    "advance offers": {1: 3, 2: 2, 5: 0},
    "allied movement ends": {1: 9, 2: 9},
    "attack offers": {1: 17, 2: 8, 5: 4},
    "british at allied movement ends": {1: 138, 2: 145},
    "combat": {1: 7, 2: 5, 5: 1},
    "couplets": {1: 9, 2: 9},
    "cup": {1: 42, 2: 42},
    "dummies": {1: 356, 2: 359},
    "eliminated last": {1: 1, 2: 0, 5: 1},
    "halved attacks": {1: 1, 2: 1, 5: 0},
    "move costs": {1: 8116, 2: 7427, 5: 3234},
    "move offers": {1: 8789, 2: 8115, 5: 3590},
    "moves by an EZOC": {1: 99, 2: 56, 5: 130},
    "neutral attacks": {1: 5, 2: 2, 5: 0},
    "scenario length": {1: 9, 2: 4, 5: 25},
    "sequence of play": {1: 9, 2: 9, 5: 6},
    "sr entries": {1: 8, 2: 6, 5: 4},
    "stacking": {1: 38, 2: 38, 5: 28},
    "supply": {1: 68526, 2: 70080, 5: 10080},
    "victory": {1: 1, 2: 1},
    "views": {1: 720, 2: 727, 5: 374},
}
assert all(any(LEAST[test].values()) for test in LEAST)


def enough(n: int, test: str, seed: int) -> None:
    """A test that judged too few situations in a game fails, as a finding would (LEAST)."""
    assert n >= LEAST[test][seed], f"{test}: only {n} situations met in this game, at least {LEAST[test][seed]} wanted"


def units_by_id(view):
    return {u["id"]: u for u in view["units"]}


def on_map(view):
    return [u for u in view["units"] if u["status"] == "map" and u.get("hex")]


def is_dummy(u):
    return (u.get("type") or "").startswith("dummy")


# ------------------------------------------------------------------ 5.2-5.6 sequence of play


def _phase_runs(steps):
    runs = []
    for st in steps:
        v = st["before"]
        key = (v["turn"], v["couplet"], v["side"], v["phase"])
        if not runs or runs[-1] != key:
            runs.append(key)
    return runs


@pytest.mark.rules("blitzkrieg-1940:5.2", "blitzkrieg-1940:5.3", "blitzkrieg-1940:5.4")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_sequence_of_play(scenario, seed):
    steps, _, _ = play(scenario, seed)
    first, second = ("german", "allied") if scenario.endswith("1940") else ("allied", "german")
    runs = [r for r in _phase_runs(steps) if r[3].endswith(("-order", "-movement", "-combat"))]
    # group by (turn, couplet)
    groups = defaultdict(list)
    order = []
    for t, c, _, phase in runs:
        side = phase.split("-")[0]  # the segment's side; the defender may act in it
        if (t, c) not in groups:
            order.append((t, c))
        if not groups[(t, c)] or groups[(t, c)][-1] != (side, phase):
            groups[(t, c)].append((side, phase))
    # turns and couplets advance in order, couplet 1 before couplet 2 (5.1, 5.2)
    assert order == sorted(order)
    for t, c in order:
        assert c in (1, 2)
    # declared orders from the events
    declared, n = {}, 0
    for st in steps:
        for e in st["events"]:
            if e.kind == "order":
                v = st["before"]
                key = (v["turn"], v["couplet"], e.data["side"])
                assert key not in declared, "one phase order declaration per couplet (5.4C)"
                declared[key] = e.data["first"]
    complete = order[:-1]  # the last couplet may be cut short by the action budget
    for t, c in complete:
        n += 1
        seq = groups[(t, c)]
        sides = [s for s, _ in seq]
        # the first side's segment wholly precedes the second's (5.2, 5.3)
        if first in sides and second in sides:
            assert max(i for i, s in enumerate(sides) if s == first) < min(
                i for i, s in enumerate(sides) if s == second), (t, c, seq)
        for side in (first, second):
            phases = [p for s, p in seq if s == side]
            if not phases:
                continue
            assert phases[0] == f"{side}-order", (t, c, side, phases)
            body = phases[1:]
            # each of Movement and Combat once, in the declared order (5.4C)
            assert sorted(body) == sorted({f"{side}-movement", f"{side}-combat"}), (t, c, body)
            want = declared.get((t, c, side))
            assert want in ("move", "fight"), (t, c, side, want)
            expect = ([f"{side}-movement", f"{side}-combat"] if want == "move"
                      else [f"{side}-combat", f"{side}-movement"])
            assert body == expect, (t, c, side, want, body)
    enough(n, "sequence of play", seed)


@pytest.mark.rules("blitzkrieg-1940:5.6")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_scenario_length(scenario, seed):
    steps, outcome, final = play(scenario, seed)
    last_turn = 10 if scenario.endswith("1940") else 7
    n = 0
    for st in steps:
        v = st["before"]
        assert v["turn"] <= last_turn
        n += v["turn"] == last_turn
        if scenario.endswith("1940") and v["turn"] == 10:
            # 1940 ends with the first couplet of Turn 10 (5.6)
            assert v["couplet"] == 1, (v["turn"], v["couplet"], v["phase"])
    enough(n, "scenario length", seed)


@pytest.mark.rules("blitzkrieg-1940:5.1")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_actor_is_phasing_side(scenario, seed):
    """Outside a battle's loss taking, only the phasing side is asked to act (5.1, 13.1B)."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        v, p, a = st["before"], st["prompt"], st["action"]
        if v["phase"].endswith(("-movement", "-order")) and v["phase"].split("-")[0] in (
                "german", "allied"):
            n += 1
            assert p.side == v["phase"].split("-")[0], (v["phase"], p.side, a)
        if a["type"] in ("move", "strategic", "select"):
            assert v["phase"].endswith("-movement"), (v["phase"], a)
            assert v["phase"].startswith(p.side), (v["phase"], p.side, a)
        if a["type"] == "attack":
            n += 1
            assert v["phase"] == f"{p.side}-combat", (v["phase"], p.side, a)
    enough(n, "actor", seed)


# ------------------------------------------------------------------ 14 combat

ATT_LOSS, DEF_LOSS = 0, 1


def _ratio(att: int, dfn: int) -> str:
    # 14.5B: round down; 14.6: poor odds, defender over attacker rounded up
    if att >= dfn:
        return f"{att // dfn}:1"
    return f"1:{math.ceil(dfn / att)}"


def _raw_index(ratio: str) -> int:
    """The ratio's place on the odds scale, extended past the printed columns: 1:3 is the
    first column (0), 1:4 is -1, ..., 6:1 is 7 and 7:1 is 8."""
    a, d = (int(x) for x in ratio.split(":"))
    if d == 1 and a >= 1:
        return a + 1
    return 3 - d


def _combats(scenario, seed):
    steps, _, _ = play(scenario, seed)
    for i, st in enumerate(steps):
        for e in st["events"]:
            if e.kind == "combat":
                yield i, st, e


@pytest.mark.rules("blitzkrieg-1940:14.5", "blitzkrieg-1940:14.6", "blitzkrieg-1940:14.7",
                   "blitzkrieg-1940:14.9")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_combat_odds_and_result(scenario, seed):
    n = 0
    for i, st, e in _combats(scenario, seed):
        d = e.data
        att, dfn = d["attack"], d["defence"]
        assert att >= 1 and dfn >= 1
        assert d["ratio"] == _ratio(att, dfn), d
        raw = _raw_index(d["ratio"])
        assert d["raw_index"] == raw, d
        net = sum(s["shift"] for s in d["shifts"])
        assert d["net_shift"] == net, d
        # Shifts move the odds (14.12B: a 3:1 becomes 1:1); the limits of 14.7 then apply to
        # the shifted odds: 1:4 or lower is fought at 1:3, 7:1 or more is an automatic 0/3.
        final = raw + net
        if final >= len(COLUMNS):
            assert d["result"] == CRT["automatic"], d  # 14.7
        else:
            col = max(final, 0)
            assert d["column"] == COLUMNS[col], d
            assert 1 <= d["roll"] <= 6
            assert d["result"] == CRT["rows"][d["roll"] - 1][col], d  # 14.9
        n += 1
    enough(n, "combat", seed)


@pytest.mark.rules("blitzkrieg-1940:14.8", "blitzkrieg-1940:14.16")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_combat_factors_from_view(scenario, seed):
    """Every unit's factor in a battle: its current printed factor from the view before the
    attack (defence for a defender, attack for an attacker, defence for a panzer division
    against a Maginot or Eben Emael hex, 14.16E), plus the volatility die (14.8A, D), never
    below one (14.8C)."""
    n = 0
    for i, st, e in _combats(scenario, seed):
        n += 1
        d = e.data
        units = units_by_id(st["before"])
        defenders = [units[x["unit"]] for x in d["defenders"]]
        fortress = any(u["type"] in ("large-fort", "small-fort") for u in defenders)
        for x in d["attackers"]:
            u = units[x["unit"]]
            if is_dummy(u):
                continue
            want = u["defence"] if (u["type"] == "panzer" and fortress) else u["attack"]
            assert str(x["printed"]) == str(want), (x, u)
        for x in d["defenders"]:
            if not is_dummy(units[x["unit"]]):
                assert str(x["printed"]) == str(units[x["unit"]]["defence"]), x
        for x in d["attackers"] + d["defenders"]:
            p = str(x["printed"])
            if p == "dummy":
                assert x["value"] == 0, x  # 6.3: dummies add nothing
                continue
            volatile = p.startswith(("+", "-")) or p == "0"
            if volatile:
                assert x["roll"] is not None and 1 <= x["roll"] <= 6, x
                assert x["value"] == max(1, x["roll"] + int(p)), x
            else:
                assert x["roll"] is None, x
                assert x["value"] == int(p), x
        # defence: the whole defending stack is attacked as one (14.3B, C)
        total = sum(x["value"] for x in d["defenders"])
        if not d.get("defence_halved"):
            assert d["defence"] == total, d
        if all(not x["halvings"] for x in d["attackers"]):
            assert d["attack"] == sum(x["value"] for x in d["attackers"]), d
    enough(n, "combat", seed)


@pytest.mark.rules("blitzkrieg-1940:14.3")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_whole_stack_defends_and_attackers_once(scenario, seed):
    """Every unit in the attacked hex defends (14.3B, C); no unit attacks twice or is attacked
    twice in a Combat Phase (14.3D, E)."""
    steps, _, _ = play(scenario, seed)
    attacked, attacking = set(), set()
    phase, n = None, 0
    for st in steps:
        v = st["before"]
        key = (v["turn"], v["couplet"], v["phase"])
        if key != phase:
            phase, attacked, attacking = key, set(), set()
        for e in st["events"]:
            if e.kind != "combat":
                continue
            d = e.data
            side = units_by_id(v)[d["attackers"][0]["unit"]]["side"]
            in_hex = {u["id"] for u in on_map(v) if u["hex"] == d["hex"] and u["side"] != side
                      and not is_dummy(u)}
            real = {x["unit"] for x in d["defenders"] if x["printed"] != "dummy"}
            n += 1
            assert real == in_hex, (d, in_hex)
            for x in d["attackers"]:
                assert x["unit"] not in attacking, (x, key)
                attacking.add(x["unit"])
            for x in d["defenders"]:
                assert x["unit"] not in attacked, (x, key)
                attacked.add(x["unit"])
    enough(n, "combat", seed)


@pytest.mark.rules("blitzkrieg-1940:14.2")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_phase_sequence_shifts(scenario, seed):
    """14.2A: 1940 German attacks gain 1R in a couplet where Germany fights first; 14.2B: Allied
    attacks suffer 1L in a couplet where the Allies move first (both scenarios)."""
    steps, _, _ = play(scenario, seed)
    declared, n = {}, 0
    for st in steps:
        v = st["before"]
        for e in st["events"]:
            if e.kind == "order":
                declared[(v["turn"], v["couplet"], e.data["side"])] = e.data["first"]
            if e.kind != "combat":
                continue
            side = units_by_id(v)[e.data["attackers"][0]["unit"]]["side"]
            first = declared.get((v["turn"], v["couplet"], side))
            seq = [s for s in e.data["shifts"] if (s.get("case") or "").endswith(":14.2")]
            total = sum(s["shift"] for s in seq)
            if side == "german":
                want = 1 if (first == "fight" and scenario.endswith("1940")) else 0
            else:
                want = -1 if first == "move" else 0
            n += 1
            assert total == want, (side, first, e.data["shifts"])
    enough(n, "combat", seed)


def _battle_windows(steps):
    """Yield (index of the attack, index after which the battle's losses are all taken)."""
    i = 0
    while i < len(steps):
        if any(e.kind == "combat" for e in steps[i]["events"]):
            j = i
            while j + 1 < len(steps) and steps[j]["after"].get("battle") is not None:
                j += 1
            yield i, j
            i = j + 1
        else:
            i += 1


@pytest.mark.rules("blitzkrieg-1940:14.10", "blitzkrieg-1940:14.11")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_step_losses_taken(scenario, seed):
    """Each side loses exactly the steps of its half of the result, or all it has (14.10A,
    14.11). A panzer division's four steps count as steps (2.14)."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for i, j in _battle_windows(steps):
        e = next(e for e in steps[i]["events"] if e.kind == "combat")
        d = e.data
        if steps[j]["after"].get("battle") is not None:
            continue  # the game was cut short by the budget
        a_loss, d_loss = (int(x) for x in d["result"].split("/"))
        before = units_by_id(steps[i]["before"])
        after = units_by_id(steps[j]["after"])

        def lost(ids):
            total = 0
            have = 0
            for uid in ids:
                b = before[uid]["steps"] or 0
                have += b
                u = after.get(uid)
                now = u["steps"] if (u and u["status"] == "map") else 0
                total += b - (now or 0)
            return total, have

        ids_a = [x["unit"] for x in d["attackers"]]
        ids_d = [x["unit"] for x in d["defenders"]]
        la, ha = lost(ids_a)
        ld, hd = lost(ids_d)
        assert la == min(a_loss, ha), (d, la, ha)
        assert ld == min(d_loss, hd), (d, ld, hd)
        n += 1
    enough(n, "combat", seed)


@pytest.mark.rules("blitzkrieg-1940:14.10")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_no_unit_eliminated_before_all_reduced(scenario, seed):
    """14.10B: no involved unit is eliminated while another involved unit of that side still
    has more than one step: a 'lose' offer on a one-step unit needs every other to be at one."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        v, p = st["before"], st["prompt"]
        battle = v.get("battle")
        if not battle:
            continue
        units = units_by_id(v)
        loses = [a for a in p.actions if a["type"] == "lose"]
        if not loses:
            continue
        involved = battle["attackers"] if p.side == units[loses[0]["unit"]]["side"] and \
            loses[0]["unit"] in battle["attackers"] else battle["defenders"]
        alive = [units[u] for u in involved if units[u]["status"] == "map"
                 and (units[u]["steps"] or 0) > 0]
        multi = [u for u in alive if u["steps"] > 1]
        n += len(alive) > 1
        for a in loses:
            u = units[a["unit"]]
            if u["steps"] == 1:
                assert not multi, (a, [m["id"] for m in multi])
    enough(n, "eliminated last", seed)


# ------------------------------------------------------------------ 11 stacking

def stack_value(u) -> int:
    """Thirds of a division (11.1A, B; 11.5 dummies; 14.16C forts)."""
    t = u.get("type") or ""
    if is_dummy(u) or t in ("large-fort", "small-fort"):
        return 0
    if t in ("airborne-coup", "emergency-delay"):
        return 1
    return 3 if (u.get("size") or "").strip("[]") == "XX" else 1


@pytest.mark.rules("blitzkrieg-1940:11.1", "blitzkrieg-1940:11.2")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_stacking_at_phase_end(scenario, seed):
    """At the end of every phase no hex holds more than four divisions of one side (11.1A,
    11.2C), counting brigades and smaller as a third (11.1B), dummies and forts as nothing."""
    steps, _, final = play(scenario, seed)
    n = 0
    for st in steps:
        if st["action"]["type"] != "end-phase":
            continue
        n += 1
        v = st["after"]
        load = defaultdict(int)
        for u in on_map(v):
            load[(u["hex"], u["side"])] += stack_value(u)
        over = {k: x for k, x in load.items() if x > 12}
        assert not over, (st["before"]["phase"], over)
    enough(n, "stacking", seed)


@pytest.mark.rules("blitzkrieg-1940:11.4")
@pytest.mark.parametrize("scenario,seed", [g for g in ALL_GAMES if g[0].endswith("1940")])
def test_inter_allied_stacking(scenario, seed):
    """At the end of every Allied Movement Phase Allied stacks hold one nationality, the
    British 51st and Bauman divisions excepted with the French (11.4)."""
    steps, _, _ = play(scenario, seed)
    ends = 0
    for st in steps:
        if st["action"]["type"] != "end-phase" or st["before"]["phase"] != "allied-movement":
            continue
        ends += 1
        nations = defaultdict(set)
        for u in on_map(st["after"]):
            if u["side"] != "allied":
                continue
            n = u["nation"]
            if n == "british" and ("51" in u["name"] or "bauman" in u["name"].lower()):
                n = "french*"
            nations[u["hex"]].add(n)
        for h, ns in nations.items():
            ns = {("french" if n == "french*" else n) for n in ns} if "french" in ns else {
                ("british" if n == "french*" else n) for n in ns}
            assert len(ns) == 1, (h, ns)
    enough(ends, "allied movement ends", seed)


# ------------------------------------------------------------------ hidden information


@pytest.mark.rules("blitzkrieg-1940:11.3")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_fog_of_war_under_the_top_unit(scenario, seed):
    """11.3: a side never sees beneath the top unit of an enemy stack outside a battle's
    resolution: at most one enemy unit per hex is identified in its view."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        battle = st["before"].get("battle")
        battle_hexes = set()
        if battle:
            battle_hexes.add(battle["hex"])
            units = units_by_id(st["before"])
            battle_hexes |= {units[u]["hex"] for u in battle["attackers"] if u in units}
        for side, view in st["hidden"].items():
            known = defaultdict(list)
            for u in on_map(view):
                if u["side"] != side and u["short"] != "?" and u["hex"] not in battle_hexes:
                    known[u["hex"]].append(u["id"])
            bad = {h: ids for h, ids in known.items() if len(ids) > 1}
            n += 1
            assert not bad, (side, st["before"]["phase"], bad)
    enough(n, "views", seed)


@pytest.mark.rules("blitzkrieg-1940:6.2")
@pytest.mark.parametrize("scenario,seed", [g for g in ALL_GAMES if g[0].endswith("1940")])
def test_sickle_cut_cup_hidden(scenario, seed):
    """6.2A-B: the Allies may not see what Germany put in the Sickle Cut cup: no German unit
    in the Allied view is placed in the cup, and none is listed by identity as such."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        full = units_by_id(st["before"])
        cup = {uid for uid, u in full.items() if u["status"] in ("cup", "pool")
               and u["side"] == "german"}
        n += bool(cup)
        for u in st["hidden"]["allied"]["units"]:
            if u["side"] == "german":
                assert u["status"] not in ("cup", "pool"), u
                if u["id"] in cup:
                    assert False, ("cup unit identified", u)
    enough(n, "cup", seed)


# ------------------------------------------------------------------ attack offers


@pytest.mark.rules("blitzkrieg-1940:14.1", "blitzkrieg-1940:14.3", "blitzkrieg-1940:13.8")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_attack_offers_legal(scenario, seed):
    """Every offered attack: own units on the map, each adjacent to the one attacked hex
    (14.1A, 14.2B) and not across a blocked or all-sea hexside (13.8, 13.10; the causeway
    allowed, 13.13B); the hex holds enemy units; no attacker already attacked and no defender
    already attacked this Combat Phase (14.3D, E); forts, coups de main and emergency units
    never attack (14.16D, 7.1B, 12.4C)."""
    steps, _, _ = play(scenario, seed)
    attacked, attacking, phase, n = set(), set(), None, 0
    for st in steps:
        v, p = st["before"], st["prompt"]
        key = (v["turn"], v["couplet"], v["phase"])
        if key != phase:
            phase, attacked, attacking = key, set(), set()
        units = units_by_id(v)
        for a in p.actions:
            if a["type"] != "attack":
                continue
            n += 1
            assert v["phase"] == f"{p.side}-combat", (v["phase"], a)
            target = a["hex"]
            enemies = [u for u in on_map(v) if u["hex"] == target and u["side"] != p.side]
            assert enemies, a
            assert not ({u["id"] for u in enemies} & attacked), (a, attacked)
            for uid in a["attackers"]:
                u = units[uid]
                assert u["side"] == p.side and u["status"] == "map", (a, u)
                assert uid not in attacking, (a, uid)
                assert u["type"] not in ("large-fort", "small-fort", "airborne-coup",
                                         "emergency-delay"), (a, u["type"])
                assert adjacent(u["hex"], target), (a, u["hex"])
                sides = SIDES_OF.get(frozenset((u["hex"], target)), set())
                assert not (sides & {"blocked", "all-sea"}), (a, u["hex"], sides)
        for e in st["events"]:
            if e.kind == "combat":
                attacking |= {x["unit"] for x in e.data["attackers"]}
                attacked |= {x["unit"] for x in e.data["defenders"]}
    enough(n, "attack offers", seed)


@pytest.mark.rules("blitzkrieg-1940:6.4", "blitzkrieg-1940:8.4", "blitzkrieg-1940:8.12")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_attack_offers_respect_neutrality_and_sickle_cut(scenario, seed):
    """1939: Germans attack only into Germany (8.12A). 1940 with Sickle Cut, Turn 1: no German
    attack into the Ardennes (6.4A); before Belgium/Holland is violated no Anglo-French attack
    into Belgium, Luxembourg or Holland (8.4B)."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        v, p = st["before"], st["prompt"]
        units = units_by_id(v)
        for a in p.actions:
            if a["type"] != "attack":
                continue
            c = COUNTRY.get(a["hex"])
            n += (scenario.endswith("1939") and p.side == "german") or (scenario.endswith("1940") and (
                (v["turn"] == 1 and v.get("sickle_cut") and p.side == "german") or (p.side == "allied" and c in ("B", "L", "H"))))
            if scenario.endswith("1939") and p.side == "german":
                assert c == "G", a
            if scenario.endswith("1940") and v["turn"] == 1 and v.get("sickle_cut") \
                    and p.side == "german":
                assert TERRAIN.get(a["hex"]) != "a", a
            if scenario.endswith("1940") and p.side == "allied" and c in ("B", "L", "H"):
                anglo = [x for x in a["attackers"] if units[x]["nation"] in ("french", "british")]
                if anglo:
                    viol = v.get("violated") or {}
                    assert viol, (a, viol)
    enough(n, "neutral attacks", seed)


@pytest.mark.rules("blitzkrieg-1940:14.12", "blitzkrieg-1940:14.15", "blitzkrieg-1940:14.18",
                   "blitzkrieg-1940:14.19")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_printed_odds_shifts(scenario, seed):
    """The shifts the rulebook states: 2L for a mountain hex (14.12B), 2L for Germans in a
    Siegfried Line hex (1939: the 1939 hexes only) and none for Allies there (14.18), 1L for
    Allies in field fortifications and none for Germans (14.19), 1R for a concentric assault
    except into Maginot, Eben Emael or active Siegfried hexes (14.15)."""
    n = 0
    for i, st, e in _combats(scenario, seed):
        n += 1
        d = e.data
        v = st["before"]
        units = units_by_id(v)
        target = d["hex"]
        dside = units[d["defenders"][0]["unit"]]["side"]
        by_case = defaultdict(int)
        for sh in d["shifts"]:
            by_case[(sh.get("case") or "").split(":")[-1]] += sh["shift"]
        siegfried = SIEGFRIED if scenario.endswith("1940") else SIEGFRIED_1939
        if dside == "german" and target in siegfried:
            assert by_case["14.18"] == -2, d["shifts"]
        else:
            assert by_case["14.18"] == 0, d["shifts"]
        if dside == "allied" and target in FIELD_FORTS:
            assert by_case["14.19"] == -1, d["shifts"]
        else:
            assert by_case["14.19"] == 0, d["shifts"]
        if TERRAIN.get(target) == "m":
            assert by_case["14.12"] == -2 or -2 in [s["shift"] for s in d["shifts"]], d["shifts"]
        fort = any(units[x["unit"]]["type"] in ("large-fort", "small-fort")
                   for x in d["defenders"])
        active_sieg = dside == "german" and target in siegfried
        from_hexes = {units[x["unit"]]["hex"] for x in d["attackers"]}
        want = 1 if (concentric(target, from_hexes) and not fort and not active_sieg) else 0
        assert by_case["14.15"] == want, (d["shifts"], sorted(from_hexes), target)
    enough(n, "combat", seed)


# ------------------------------------------------------------------ 4 victory


@pytest.mark.rules("blitzkrieg-1940:4.1", "blitzkrieg-1940:4.4", "blitzkrieg-1940:4.7")
@pytest.mark.parametrize("scenario,seed", [g for g in ALL_GAMES if g[0].endswith("1940")])
def test_victory_points(scenario, seed):
    """At the end, VPs are the schedule of 4.4 for what the final view shows; Germany wins
    with three or more (4.1); the Maginot point is not given if France capitulated (4.7)."""
    steps, outcome, final = play(scenario, seed)
    if outcome is None:
        pytest.skip("game cut short by the action budget")
    enough(final["turn"] >= 10, "victory", seed)  # an early end (capitulations, 4.5) is not scored here
    pts = dict(outcome.points or {})
    vp = TABLES["vp"]
    for k, n in pts.items():
        assert k in vp and vp[k] == n, (k, n)
    caps = {c.lower() for c in final.get("capitulated") or []}
    for nation in ("holland", "belgium", "france"):
        assert (nation in pts) == (nation in caps), (nation, pts, caps)
    if "france" in pts:
        assert "maginot" not in pts
    elif final.get("breached"):
        assert "maginot" in pts, pts
    if final.get("raf") in ("", None, False) or str(final.get("raf")).lower() in ("no", "held"):
        assert "raf" not in pts, (final.get("raf"), pts)
    total = sum(pts.values())
    assert (outcome.winner == "german") == (total >= vp["needed"]), (total, outcome)


# ------------------------------------------------------------------ 13 movement offers

PARIS = {internal(h) for c in MAP["city"] if c["name"] == "Paris" for h in c["hexes"]}
NEUTRALS = {"B": "Belgium", "H": "Holland", "L": "Luxembourg"}
MECH_TYPES = {k for k, v in TABLES["types"].items() if v == "mech"}


def _zoc_hexes(view, side: str, scenario: str) -> set[str]:
    """Hexes in the ZOC of `side`'s units, counted only where source and hex are both in
    France or Germany (so that neutrality, 8.3, never enters the reckoning): every unit but
    the coups de main and dummies (9.1A), not across all-sea, blocked or causeway hexsides
    (9.2A)."""
    zoc = set()
    for u in on_map(view):
        if u["side"] != side or u["type"] == "airborne-coup" or is_dummy(u) or not u["type"]:
            continue
        if COUNTRY.get(u["hex"]) not in ("F", "G"):
            continue
        for n in directions(u["hex"]):
            if COUNTRY.get(n) not in ("F", "G") or TERRAIN.get(n, "~") == "~":
                continue
            if SIDES_OF.get(frozenset((u["hex"], n)), set()) & {"all-sea", "blocked", "causeway"}:
                continue
            zoc.add(n)
    return zoc


@pytest.mark.rules("blitzkrieg-1940:13.1", "blitzkrieg-1940:13.4", "blitzkrieg-1940:13.5",
                   "blitzkrieg-1940:13.8", "blitzkrieg-1940:13.10", "blitzkrieg-1940:8.4",
                   "blitzkrieg-1940:8.5", "blitzkrieg-1940:8.12")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_move_offers_legal(scenario, seed):
    """Every offered move: hex to adjacent hex (13.1A), on the map and never into an all-sea
    hex (13.5, 13.10A) nor across a blocked or all-sea hexside but the causeway (13.8, 13.10,
    13.13A), never into an enemy-occupied hex but a coup de main's (13.4), mechanized units
    never into marsh (14.21); Dutch units only in Holland and Belgians only in Belgium, Germany
    too once violated (8.5); no French or British unit into Belgium, Luxembourg or Holland
    before a violation (8.4B); 1939 Germans only in Germany (8.12A)."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        v, p = st["before"], st["prompt"]
        moves = [a for a in p.actions if a["type"] == "move"]
        if not moves:
            continue
        units = units_by_id(v)
        occupied = defaultdict(set)
        for u in on_map(v):
            if u["type"] != "airborne-coup" and not is_dummy(u):
                occupied[u["hex"]].add(u["side"])
        violated = v.get("violated") or {}
        for a in moves:
            n += 1
            movers = [units[x] for x in a["units"]]
            start = movers[0]["hex"]
            assert all(m["hex"] == start and m["side"] == p.side for m in movers), a
            path = [start] + list(a["path"])
            for x, y in zip(path, path[1:]):
                assert adjacent(x, y), (a, x, y)
                assert TERRAIN.get(y, "~") != "~", (a, y)
                sides = SIDES_OF.get(frozenset((x, y)), set())
                assert not (sides & {"blocked", "all-sea"}), (a, x, y, sides)
                assert not (occupied[y] - {p.side}), (a, y)
                if any(m["mech"] for m in movers):
                    assert TERRAIN.get(y) != "x", (a, y)
                c = COUNTRY.get(y)
                for m in movers:
                    if m["nation"] == "dutch":
                        assert c == "H" or (c == "G" and "Holland" in violated), (a, y)
                    if m["nation"] == "belgian":
                        assert c == "B" or (c == "G" and "Belgium" in violated), (a, y)
                    if m["nation"] in ("french", "british") and c in NEUTRALS \
                            and scenario.endswith("1940"):
                        assert NEUTRALS[c] in violated, (a, y, violated)
                    if scenario.endswith("1939") and m["side"] == "german":
                        assert c == "G", (a, y)
    enough(n, "move offers", seed)


@pytest.mark.rules("blitzkrieg-1940:9.3", "blitzkrieg-1940:9.6")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_move_offers_stop_in_ezoc(scenario, seed):
    """9.3A: a move ends in the first hex with an enemy ZOC; 9.3B: a unit leaving an EZOC hex
    may not enter another EZOC hex first. German mechanized units in 1940 ignore EZOCs (9.6A).
    Reckoned only in France and Germany (see _zoc_hexes)."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        v, p = st["before"], st["prompt"]
        moves = [a for a in p.actions if a["type"] == "move"]
        if not moves:
            continue
        units = units_by_id(v)
        enemy = "allied" if p.side == "german" else "german"
        ezoc = _zoc_hexes(v, enemy, scenario)
        for a in moves:
            movers = [units[x] for x in a["units"]]
            if p.side == "german" and scenario.endswith("1940") and all(m["mech"] for m in movers):
                continue
            path = [movers[0]["hex"]] + list(a["path"])
            n += any(h in ezoc for h in path)
            for h in path[1:-1]:
                assert h not in ezoc, ("moved on through an EZOC", a, h)
            if path[0] in ezoc and len(path) == 2:
                assert path[1] not in ezoc, ("EZOC to EZOC", a)
    enough(n, "moves by an EZOC", seed)


@pytest.mark.rules("blitzkrieg-1940:13.17")
@pytest.mark.parametrize("scenario,seed", [g for g in ALL_GAMES if g[0].endswith("1940")])
def test_no_bef_in_paris_after_movement(scenario, seed):
    """13.17: no BEF unit ends an Allied Movement Phase in Paris."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        if st["action"]["type"] == "end-phase" and st["before"]["phase"] == "allied-movement":
            for u in on_map(st["after"]):
                if u["nation"] == "british":
                    n += 1
                    assert u["hex"] not in PARIS, u
    enough(n, "british at allied movement ends", seed)


@pytest.mark.rules("blitzkrieg-1940:6.3", "blitzkrieg-1940:11.3")
@pytest.mark.parametrize("scenario,seed", [g for g in ALL_GAMES if g[0].endswith("1940")])
def test_dummies_not_told_to_the_allies(scenario, seed):
    """6.3B, 11.3: a German dummy is known as such only when combat reveals it; outside a
    battle the Allied view neither names a dummy nor carries a dummy's identity."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        if st["before"].get("battle"):
            continue
        dummies = {u["id"] for u in st["before"]["units"] if is_dummy(u)}
        n += bool(dummies)
        for u in st["hidden"]["allied"]["units"]:
            if u["side"] == "german" and u["status"] == "map":
                assert not is_dummy(u), u
                assert u["id"] not in dummies, u
    enough(n, "dummies", seed)


@pytest.mark.rules("blitzkrieg-1940:14.1")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_every_adjacent_enemy_attackable(scenario, seed):
    """14.1A: in a friendly Combat Phase every enemy-occupied hex adjacent to a phasing
    French, German or British unit that may attack (not a fort, coup, emergency unit, 14.16D,
    7.1B, 12.4C) across a playable hexside is offered as a target, when neither it nor the
    unit has yet fought that phase (14.3D, E). Reckoned only between hexes of France and
    Germany, outside the Sickle Cut turn and the 1939 neutrality limits (6.4, 8.12)."""
    steps, _, _ = play(scenario, seed)
    attacked, attacking, phase, n = set(), set(), None, 0
    for st in steps:
        v, p = st["before"], st["prompt"]
        key = (v["turn"], v["couplet"], v["phase"])
        if key != phase:
            phase, attacked, attacking = key, set(), set()
        targets = {a["hex"] for a in p.actions if a["type"] == "attack"}
        if v["phase"] == f"{p.side}-combat" and not v.get("battle") and any(
                a["type"] == "end-phase" for a in p.actions) and v["turn"] > 1:
            enemy_hexes = defaultdict(list)
            for u in on_map(v):
                if u["side"] != p.side and not is_dummy(u):
                    enemy_hexes[u["hex"]].append(u["id"])
            for u in on_map(v):
                if u["side"] != p.side or u["id"] in attacking or u["nation"] not in (
                        "french", "german") or u["type"] in (
                        "large-fort", "small-fort", "airborne-coup", "emergency-delay", "") \
                        or is_dummy(u) or COUNTRY.get(u["hex"]) not in ("F", "G"):
                    continue
                for h in directions(u["hex"]):
                    if h not in enemy_hexes or COUNTRY.get(h) not in ("F", "G"):
                        continue
                    if scenario.endswith("1939") and p.side == "german" and COUNTRY.get(h) != "G":
                        continue
                    if set(enemy_hexes[h]) & attacked:
                        continue
                    if SIDES_OF.get(frozenset((u["hex"], h)), set()) & {"blocked", "all-sea"}:
                        continue
                    assert h in targets, (key, u["id"], u["hex"], h)
                    n += 1
        for e in st["events"]:
            if e.kind == "combat":
                attacking |= {x["unit"] for x in e.data["attackers"]}
                attacked |= {x["unit"] for x in e.data["defenders"]}
    enough(n, "adjacent enemies", seed)


@pytest.mark.rules("blitzkrieg-1940:8.6", "blitzkrieg-1940:8.7", "blitzkrieg-1940:8.8")
@pytest.mark.parametrize("scenario,seed", [g for g in ALL_GAMES if g[0].endswith("1940")])
def test_capitulation_checks_timing(scenario, seed):
    """Capitulation rolls come only in the Allied segment: Holland and Belgium from two turns
    after their violation (8.6A, 8.7), France from Turn 5 (8.8)."""
    steps, _, _ = play(scenario, seed)
    couplets = set()  # each couplet is judged: a roll in it would have to be due
    for st in steps:
        v = st["before"]
        couplets.add((v["turn"], v["couplet"]))
        for e in st["events"]:
            if e.kind != "capitulation":
                continue
            text = e.text
            turn = st["after"]["turn"]
            viol = v.get("violated") or {}
            if text.startswith("France"):
                assert turn >= 5, (turn, text)
            for nation in ("Holland", "Belgium"):
                if text.startswith(nation):
                    assert nation in viol and turn >= viol[nation] + 2, (turn, viol, text)
    enough(len(couplets), "couplets", seed)


@pytest.mark.rules("blitzkrieg-1940:14.13", "blitzkrieg-1940:10.3")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_attack_halving_one_grand_division(scenario, seed):
    """14.13, 10.3B: attackers halved for one reason are totalled and halved once, rounding
    down; the unhalved attackers add in full. Checked where every halved attacker has one
    halving and all share it."""
    n = 0
    for i, st, e in _combats(scenario, seed):
        d = e.data
        halved = [x for x in d["attackers"] if x["halvings"]]
        if not halved:
            continue
        reasons = {tuple(x["halvings"]) for x in halved}
        if len(reasons) != 1 or len(next(iter(reasons))) != 1:
            continue
        full = sum(x["value"] for x in d["attackers"] if not x["halvings"])
        part = sum(x["value"] for x in halved)
        n += 1
        assert d["attack"] == max(1, full + part // 2), d
    enough(n, "halved attacks", seed)


@pytest.mark.rules("blitzkrieg-1940:14.22")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_advance_offers(scenario, seed):
    """14.22: only when every defender is eliminated, only involved attackers, only into the
    vacated hex (never into terrain they could not enter: mechanized units not into marsh),
    and within the stacking limit (11.1)."""
    steps, _, _ = play(scenario, seed)
    n = 0
    for st in steps:
        v, p = st["before"], st["prompt"]
        adv = [a for a in p.actions if a["type"] == "advance"]
        if not adv:
            continue
        battle = v.get("battle")
        assert battle, adv
        units = units_by_id(v)
        for uid in battle["defenders"]:
            u = units.get(uid)
            assert u is None or u["status"] != "map" or is_dummy(u), (uid, u and u["status"])
        load = sum(stack_value(u) for u in on_map(v)
                   if u["hex"] == battle["hex"] and u["side"] == p.side)
        for a in adv:
            n += 1
            assert a["unit"] in battle["attackers"], a
            u = units[a["unit"]]
            if u["mech"]:
                assert TERRAIN.get(battle["hex"]) != "x", a
            assert load + stack_value(u) <= 12, (a, load)
    enough(n, "advance offers", seed)


@pytest.mark.rules("blitzkrieg-1940:12.3")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_german_sr_entry_limit(scenario, seed):
    """12.3A: from the second couplet of Turn 1, at most two German divisions (six thirds)
    leave the German SR in a couplet; none in the first couplet of Turn 1."""
    steps, _, _ = play(scenario, seed)
    taken, n = defaultdict(int), 0
    for st in steps:
        b, a = units_by_id(st["before"]), units_by_id(st["after"])
        for uid, u in b.items():
            if u["side"] == "german" and u["status"] == "sr" and a.get(uid, u)["status"] != "sr":
                key = (st["before"]["turn"], st["before"]["couplet"])
                n += 1
                assert key != (1, 1), (uid, key)
                taken[key] += stack_value(u)
                assert taken[key] <= 6, (key, taken[key], uid)
    enough(n, "sr entries", seed)


# ------------------------------------------------------------------ 10.0 supply, 13.2 movement points

COST = {t["glyph"]: (t.get("cost"), t.get("mech_cost")) for t in TABLES["terrain"].values() if "glyph" in t}


@pytest.mark.rules("blitzkrieg-1940:5.5", "blitzkrieg-1940:10.3", "blitzkrieg-1940:10.10",
                   "blitzkrieg-1940:10.11")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_supply_shown_for_own_units(scenario, seed):
    """Each side's view gives its units' supply. Every unit is supplied in the first couplet
    (5.5A), German mechanized units through turn 1 of 1940 (5.5B); Dutch and Belgian units in
    their own country always (10.10); French units in a French city hex no German has yet
    entered (10.11A, C). An unsupplied unit moves with 4 MPs at most (10.3A)."""
    steps, _, _ = play(scenario, seed)
    entered: set[str] = set()
    home = {"dutch": "H", "belgian": "B"}
    checked = 0
    for st in steps:
        v = st["before"]
        for u in on_map(v):
            if u["side"] == "german" and not is_dummy(u):
                entered.add(u["hex"])
        for u in on_map(v):
            if u.get("supplied") is None or is_dummy(u):
                continue
            checked += 1
            why = (u, v["turn"], v["couplet"])
            if v["turn"] == 1 and (v["couplet"] == 1 or (scenario.endswith("1940") and u["side"] == "german"
                                                          and u["mech"])):
                assert u["supplied"], why
            if home.get(u["nation"]) == COUNTRY.get(u["hex"]):
                assert u["supplied"], why
            if u["nation"] == "french" and COUNTRY.get(u["hex"]) == "F" and u["hex"] in CITY_HEXES \
                    and u["hex"] not in entered:
                assert u["supplied"], why
            if u["move"]:
                assert u["allowance"] == (u["move"] if u["supplied"] else min(u["move"], 4)), why
    enough(checked, "supply", seed)


@pytest.mark.rules("blitzkrieg-1940:13.2", "blitzkrieg-1940:13.3", "blitzkrieg-1940:9.5",
                   "blitzkrieg-1940:11.7")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_move_offers_within_movement_points(scenario, seed):
    """A stack moves at its slowest unit's MPs (11.7C), shown in the mover's view; a move of
    more than one hex costs the terrain of every hex entered (mechanized costs for mechanized
    units), plus the Allied engagement and disengagement point of 1940 (9.5A) where this
    referee sees a German zone; one hex is always allowed (13.3A). River rolls come later."""
    steps, _, _ = play(scenario, seed)
    checked = 0
    for st in steps:
        v, p = st["before"], st["prompt"]
        moves = [a for a in p.actions if a["type"] == "move"]
        if not moves:
            continue
        units = units_by_id(v)
        ezoc = _zoc_hexes(v, "german", scenario) if p.side == "allied" and scenario.endswith("1940") else set()
        for a in moves:
            movers = [units[x] for x in a["units"] if not is_dummy(units[x])]
            budget = min(m["mp"] for m in movers)
            assert budget > 0, a
            path = [movers[0]["hex"]] + list(a["path"])
            if len(path) == 2:
                continue
            spent = 0
            for x, y in zip(path, path[1:]):
                spent += max(COST[TERRAIN[y]][1 if m["mech"] else 0] for m in movers)
                spent += (y in ezoc) + (x in ezoc)
            assert spent <= budget, (a, spent, budget)
            checked += 1
    enough(checked, "move costs", seed)
