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

SEEDS_1940 = [1, 2, 3, 4]
SEEDS_1939 = [5, 6]
MAX_ACTIONS = 900

# ------------------------------------------------------------------ playing games


def _choose(rng: random.Random, actions: list[dict]) -> dict:
    """A random policy biased so games reach their end within the action budget."""
    by = defaultdict(list)
    for a in actions:
        by[a["type"]].append(a)
    if by["attack"] and rng.random() < 0.6:
        return rng.choice(by["attack"])
    if by["end-phase"] and rng.random() < 0.35:
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
    declared = {}
    for st in steps:
        for e in st["events"]:
            if e.kind == "order":
                v = st["before"]
                key = (v["turn"], v["couplet"], e.data["side"])
                assert key not in declared, "one phase order declaration per couplet (5.4C)"
                declared[key] = e.data["first"]
    complete = order[:-1]  # the last couplet may be cut short by the action budget
    for t, c in complete:
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


@pytest.mark.rules("blitzkrieg-1940:5.6")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_scenario_length(scenario, seed):
    steps, outcome, final = play(scenario, seed)
    last_turn = 10 if scenario.endswith("1940") else 7
    for st in steps:
        v = st["before"]
        assert v["turn"] <= last_turn
        if scenario.endswith("1940") and v["turn"] == 10:
            # 1940 ends with the first couplet of Turn 10 (5.6)
            assert v["couplet"] == 1, (v["turn"], v["couplet"], v["phase"])


@pytest.mark.rules("blitzkrieg-1940:5.1")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_actor_is_phasing_side(scenario, seed):
    """Outside a battle's loss taking, only the phasing side is asked to act (5.1, 13.1B)."""
    steps, _, _ = play(scenario, seed)
    for st in steps:
        v, p, a = st["before"], st["prompt"], st["action"]
        if v["phase"].endswith(("-movement", "-order")) and v["phase"].split("-")[0] in (
                "german", "allied"):
            assert p.side == v["phase"].split("-")[0], (v["phase"], p.side, a)
        if a["type"] in ("move", "strategic", "select"):
            assert v["phase"].endswith("-movement"), (v["phase"], a)
            assert v["phase"].startswith(p.side), (v["phase"], p.side, a)
        if a["type"] == "attack":
            assert v["phase"] == f"{p.side}-combat", (v["phase"], p.side, a)


# ------------------------------------------------------------------ 14 combat

ATT_LOSS, DEF_LOSS = 0, 1


def _ratio(att: int, dfn: int) -> str:
    # 14.5B: round down; 14.6: poor odds, defender over attacker rounded up
    if att >= dfn:
        return f"{att // dfn}:1"
    return f"1:{math.ceil(dfn / att)}"


def _raw_index(ratio: str) -> int | None:
    a, d = (int(x) for x in ratio.split(":"))
    if d == 1 and a >= 7:
        return None  # 14.7: automatic 0/3
    if a == 1 and d >= 3:
        return 0  # 14.7: 1:4 or lower fought as 1:3
    return COLUMNS.index(ratio)


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
        net = sum(s["shift"] for s in d["shifts"])
        assert d["net_shift"] == net, d
        if raw is None:
            assert d["result"] == CRT["automatic"], d  # 14.7
        else:
            col = min(max(raw + net, 0), len(COLUMNS) - 1)
            assert d["column"] == COLUMNS[col], d
            assert 1 <= d["roll"] <= 6
            assert d["result"] == CRT["rows"][d["roll"] - 1][col], d  # 14.9
        n += 1


@pytest.mark.rules("blitzkrieg-1940:14.8", "blitzkrieg-1940:14.16")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_combat_factors_from_view(scenario, seed):
    """Every unit's factor in a battle: its current printed factor from the view before the
    attack (defence for a defender, attack for an attacker, defence for a panzer division
    against a Maginot or Eben Emael hex, 14.16E), plus the volatility die (14.8A, D), never
    below one (14.8C)."""
    for i, st, e in _combats(scenario, seed):
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


@pytest.mark.rules("blitzkrieg-1940:14.3")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_whole_stack_defends_and_attackers_once(scenario, seed):
    """Every unit in the attacked hex defends (14.3B, C); no unit attacks twice or is attacked
    twice in a Combat Phase (14.3D, E)."""
    steps, _, _ = play(scenario, seed)
    attacked, attacking = set(), set()
    phase = None
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
            assert real == in_hex, (d, in_hex)
            for x in d["attackers"]:
                assert x["unit"] not in attacking, (x, key)
                attacking.add(x["unit"])
            for x in d["defenders"]:
                assert x["unit"] not in attacked, (x, key)
                attacked.add(x["unit"])


@pytest.mark.rules("blitzkrieg-1940:14.2")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_phase_sequence_shifts(scenario, seed):
    """14.2A: 1940 German attacks gain 1R in a couplet where Germany fights first; 14.2B: Allied
    attacks suffer 1L in a couplet where the Allies move first (both scenarios)."""
    steps, _, _ = play(scenario, seed)
    declared = {}
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
            assert total == want, (side, first, e.data["shifts"])


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


@pytest.mark.rules("blitzkrieg-1940:14.10")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_no_unit_eliminated_before_all_reduced(scenario, seed):
    """14.10B: no involved unit is eliminated while another involved unit of that side still
    has more than one step: a 'lose' offer on a one-step unit needs every other to be at one."""
    steps, _, _ = play(scenario, seed)
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
        for a in loses:
            u = units[a["unit"]]
            if u["steps"] == 1:
                assert not multi, (a, [m["id"] for m in multi])


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
    for st in steps:
        if st["action"]["type"] != "end-phase":
            continue
        v = st["after"]
        load = defaultdict(int)
        for u in on_map(v):
            load[(u["hex"], u["side"])] += stack_value(u)
        over = {k: n for k, n in load.items() if n > 12}
        assert not over, (st["before"]["phase"], over)


@pytest.mark.rules("blitzkrieg-1940:11.4")
@pytest.mark.parametrize("scenario,seed", [g for g in ALL_GAMES if g[0].endswith("1940")])
def test_inter_allied_stacking(scenario, seed):
    """At the end of every Allied Movement Phase Allied stacks hold one nationality, the
    British 51st and Bauman divisions excepted with the French (11.4)."""
    steps, _, _ = play(scenario, seed)
    for st in steps:
        if st["action"]["type"] != "end-phase" or st["before"]["phase"] != "allied-movement":
            continue
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


# ------------------------------------------------------------------ hidden information


@pytest.mark.rules("blitzkrieg-1940:11.3")
@pytest.mark.parametrize("scenario,seed", ALL_GAMES)
def test_fog_of_war_under_the_top_unit(scenario, seed):
    """11.3: a side never sees beneath the top unit of an enemy stack outside a battle's
    resolution: at most one enemy unit per hex is identified in its view."""
    steps, _, _ = play(scenario, seed)
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
            assert not bad, (side, st["before"]["phase"], bad)


@pytest.mark.rules("blitzkrieg-1940:6.2")
@pytest.mark.parametrize("scenario,seed", [g for g in ALL_GAMES if g[0].endswith("1940")])
def test_sickle_cut_cup_hidden(scenario, seed):
    """6.2A-B: the Allies may not see what Germany put in the Sickle Cut cup: no German unit
    in the Allied view is placed in the cup, and none is listed by identity as such."""
    steps, _, _ = play(scenario, seed)
    for st in steps:
        full = units_by_id(st["before"])
        cup = {uid for uid, u in full.items() if u["status"] in ("cup", "pool")
               and u["side"] == "german"}
        for u in st["hidden"]["allied"]["units"]:
            if u["side"] == "german":
                assert u["status"] not in ("cup", "pool"), u
                if u["id"] in cup:
                    assert False, ("cup unit identified", u)
