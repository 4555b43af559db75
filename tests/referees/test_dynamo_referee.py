"""An independent referee for Dynamo: Dunkirk 1940, written from the rulebook alone.

It plays random games through the public protocol only (prompt, apply, view, outcome) and,
step by step, checks what the game offers and reports against the rulebook's cases: the
sequence of play, the Luftwaffe commitment, every combat's odds, column, modifiers and result
recomputed from the views and the die, the legality of assaults, retreats and advances,
stacking, the sea evacuation limits, hidden information, and the victory points at the end.

The board and counters are read from the scenario data files (the map and the pieces); the
rules are the rulebook's. Nothing of the game's package is read or imported beyond the registry.
"""

from __future__ import annotations

import copy
import functools
import math
import random
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games import game_for

DATA = Path(__file__).resolve().parents[2] / "scenarios" / "dynamo"
MAP = tomllib.loads((DATA / "map.toml").read_text())
CRT = tomllib.loads((DATA / "crt.toml").read_text())
RULES = tomllib.loads((DATA / "rules.toml").read_text())
UNITS = {u["id"]: u for u in tomllib.loads((DATA / "units.toml").read_text())["unit"]}

# ---------------------------------------------------------------- the board (map data)
FIRST_COL = MAP["first_column"]
ROWS = MAP["rows"]
GLYPH = {".": "clear", "w": "watergangs", "^": "broken", "~": "marsh", "c": "urban"}
TERRAIN: dict[str, str] = {}
for _r, _line in enumerate(MAP["grid"].strip("\n").split("\n"), start=1):
    for _i, _ch in enumerate(_line):
        if _ch in GLYPH:
            TERRAIN[f"{FIRST_COL + _i:02d}{_r:02d}"] = GLYPH[_ch]
VILLAGES = {v["hex"] for v in MAP["villages"]}
PORTS = {
    p["hex"] for p in MAP["places"] if p["kind"] == "port"
}  # Boulogne, Calais, Dunkirk
ALL_SEA = {frozenset(p) for p in MAP["all_sea"]}
BARRIERS = {frozenset(p) for b in MAP["barriers"] for p in b["pairs"]}


def neighbours(h: str) -> list[str]:
    """Odd columns drawn half a hex lower (2316 touches 2417, dynamo:7.2; 1308-1408, 9.6)."""
    c, r = int(h[:2]), int(h[2:])
    side_rows = (r, r + 1) if c % 2 == 1 else (r - 1, r)
    cand = [(c, r - 1), (c, r + 1)] + [
        (c + dc, rr) for dc in (-1, 1) for rr in side_rows
    ]
    return [f"{cc:02d}{rr:02d}" for cc, rr in cand if f"{cc:02d}{rr:02d}" in TERRAIN]


def adjacent(a: str, b: str) -> bool:
    return b in neighbours(a)


def direction(a: str, b: str) -> tuple[int, int]:
    """The step from a to b as (columns, half rows): opposite steps are negatives."""

    def centre(h: str) -> tuple[int, int]:
        c, r = int(h[:2]), int(h[2:])
        return c, 2 * r + (c % 2)

    (ca, ya), (cb, yb) = centre(a), centre(b)
    return cb - ca, yb - ya


# ---------------------------------------------------------------- the rules' numbers
MOTO_TYPES = {
    "panzer",
    "light-tank",
    "tank",
    "kg",
    "dlm",
    "mot-inf",
    "flak",
}  # dynamo:2.4
LEG_ATTACKERS_VS_FLAK = {
    "infantry",
    "mountain",
    "cavalry",
    "fortress",
    "mot-inf",
}  # dynamo:18.1


def stack_value(u: dict) -> int:
    """dynamo:7.6 (dummies 0: 11.3)."""
    if u.get("dummy") or u["type"] == "dummy":
        return 0
    if u["side"] == "german" and u["type"] == "panzer":
        return 6
    if u["type"] == "kg":
        return 3
    if u["size"] == "xx":
        return 4
    if u["side"] == "allied" and u["nation"] == "british" and u["type"] == "flak":
        return 1
    return 2


def ratio(s: str) -> float:
    a, b = s.split("-")
    return int(a) / int(b)


def odds_of(attack: int, defence: int) -> str:
    """dynamo:16.3: fractions rounded in the defender's favour."""
    if attack >= defence:
        return f"{attack // defence}-1"
    return f"1-{math.ceil(defence / attack)}"


def column_of(odds: str, terrain: str) -> int:
    """dynamo:16.4, 16.14: the line of the defender's terrain; beyond its ends, its end columns."""
    line = CRT["terrain"][terrain]
    value = ratio(odds)
    col = 0
    for i, heading in enumerate(line):
        if ratio(heading) <= value + 1e-9:
            col = i
    return col


def crt_result(total: int, column: int) -> str:
    return CRT["results"][CRT["die"].index(total)][column]


# ---------------------------------------------------------------- random play with a record
class Record:
    def __init__(self) -> None:
        self.findings: dict[str, list[str]] = defaultdict(list)
        self.counts: Counter = Counter()

    def bad(self, check: str, text: str) -> None:
        if len(self.findings[check]) < 20:
            self.findings[check].append(text)

    def ok(self, check: str) -> None:
        self.counts[check] += 1


def own_units(game, state) -> dict[str, dict]:
    """Every unit as its owner sees it (the truth, from the two sides' own views)."""
    out = {}
    for side in ("german", "allied"):
        for u in game.view(state, side)["units"]:
            if u["side"] == side:
                out[u["id"]] = u
    return out


def on_map(units: dict[str, dict]) -> dict[str, list[dict]]:
    by = defaultdict(list)
    for u in units.values():
        if u["status"] == "map" and u["hex"]:
            by[u["hex"]].append(u)
    return by


def real(u: dict) -> bool:
    return not u.get("dummy") and u["type"] != "dummy"


def ezoc_hexes(units: dict[str, dict], side: str) -> set[str]:
    """Hexes into which the enemy of `side` projects a ZOC (dynamo:6.1, 6.2)."""
    out = set()
    for u in units.values():
        if u["side"] != side and u["status"] == "map" and u["hex"] and real(u):
            out.add(u["hex"])
            for n in neighbours(u["hex"]):
                if frozenset((u["hex"], n)) not in ALL_SEA:
                    out.add(n)
    return out


def run(a: str, b: str) -> list[str]:
    (ca, ra), (cb, rb) = (int(a[:2]), int(a[2:])), (int(b[:2]), int(b[2:]))
    if ca == cb:
        return [f"{ca:02d}{r:02d}" for r in range(min(ra, rb), max(ra, rb) + 1)]
    return [f"{c:02d}{ra:02d}" for c in range(min(ca, cb), max(ca, cb) + 1)]


def edge(runs) -> set[str]:
    return {h for a, b in runs for h in run(a, b)}


def friendly_edge(side: str, turn: int) -> set[str]:
    """dynamo:19.1-19.3 (and 5.4, 5.5)."""
    e = RULES["edges"]
    if side == "german":
        return edge(e["german"]) | (
            edge(e["german_from_turn_9"]) if turn >= e["belgian_switch_turn"] else set()
        )
    return edge(e["allied_south"]) | (
        edge(e["allied_belgian"]) if turn < e["belgian_switch_turn"] else set()
    )


PHASE_ORDER = [
    "supply",
    "luftwaffe",
    "german-move",
    "german-assault",
    "german-dummies",
    "evacuation",
    "allied-move",
    "allied-assault",
    "allied-dummies",
]
GERMAN_PHASES = {"luftwaffe", "german-move", "german-dummies"}
ALLIED_PHASES = {"evacuation", "allied-move", "allied-dummies"}


def choose(rng: random.Random, phase: str, acts: list[dict]) -> dict:
    ends = [a for a in acts if a["type"].startswith("end")]
    rest = [a for a in acts if not a["type"].startswith("end")]
    p_end = 0.12 if "Move" in phase else 0.3 if "Dummy" in phase else 0.05
    if ends and (not rest or rng.random() < p_end):
        return rng.choice(ends)
    keen = [
        a for a in rest if a["type"] in ("blitz", "raf", "evacuate", "counter-stroke")
    ]
    if keen and rng.random() < 0.5:
        return rng.choice(keen)
    return rng.choice(rest)


RESOLUTION = {
    "lose",
    "retreat",
    "retreat-all",
    "advance",
    "end-advance",
    "raf",
    "no-raf",
}


class Referee:
    def __init__(self, scenario: str, seed: int, limit: int) -> None:
        self.scenario = scenario
        self.seed = seed
        self.limit = limit
        self.rec = Record()
        self.game = game_for(scenario)
        self.state = self.game.new(scenario, {})
        self.dice = Dice(seed)
        self.rng = random.Random(seed)
        self.srng = random.Random(seed + 1000)  # which steps get the costlier checks
        self.phase = None
        self.turn = None
        self.phase_seq: list[tuple[int, str]] = []
        self.air_this_turn = 0
        self.attacked_units: set[str] = set()
        self.defended_units: set[str] = set()
        self.defended_hex: dict[str, str] = {}
        self.retreated_here: set[str] = set()
        self.air_on: Counter = Counter()
        self.move_start: dict[str, str] | None = None
        self.withdrawn: Counter = Counter()
        self.sea_steps = 0.0
        self.sea_units: list[tuple[str, str]] = []
        self.battle = None  # the open battle's bookkeeping
        self.revealed: set[str] = (
            set()
        )  # hexes shown by an assault this phase (11.2 errata)
        self.revealed_units: set[str] = (
            set()
        )  # the units shown, wherever they went since
        self.final_units = None

    # ----------------------------------------------------------------- the loop
    def play(self) -> Record:
        g, st = self.game, self.state
        v0 = g.view(st, None)
        self.turn, self.phase = v0["turn"], v0["phase"]
        self.main = self.phase
        self.phase_seq.append((self.turn, self.phase))
        self.check_hidden()
        n = 0
        while g.outcome(st) is None and n < self.limit:
            p = g.prompt(st)
            acts = list(p.actions)
            a = choose(self.rng, p.phase, acts)  # the only draws from self.rng: the play
            self.check_offered(p, acts)
            before = None
            if a["type"] in (
                "assault",
                "blitz",
                "retreat",
                "advance",
                "lose",
                "retreat-all",
                "evacuate",
                "go",
            ):
                before = own_units(g, st)
            if a["type"] in ("assault", "blitz"):
                pv = g.view(st, None)
                self.air_before = dict(pv["air"])
                self.blitz_from = (pv.get("group") or {}).get("hex")
            if (
                a["type"] == "go"
                and self.srng.random() > 0.25
                and not getattr(self, "last_dist", None)
            ):
                before = None  # movement checks sampled, for time
            if self.battle is not None and a["type"] not in RESOLUTION | {
                "break-down",
                "reform",
            }:
                self.close_battle()
            events = g.apply(st, a, self.dice)
            n += 1
            for e in events:
                if e.kind == "over":
                    self.over = dict(e.data)
            self.after(p, a, events, before)
            if n % 97 == 0:
                self.check_hidden()
        cut = g.outcome(st) is None and {a["type"] for a in g.prompt(st).actions} & RESOLUTION
        if self.battle is not None and not cut:  # a battle the limit cut within its result is not judged
            self.close_battle()
        if g.outcome(st) is not None:
            self.check_end()
        return self.rec

    # ----------------------------------------------------------------- offered actions
    def check_offered(self, p, acts) -> None:
        rec = self.rec
        phase = self.phase
        # dynamo:4.1, 4.2: who acts in which phase
        answering = {
            a["type"] for a in acts
        } <= RESOLUTION or self.phase not in PHASE_ORDER
        if answering:
            pass  # the other side answers an assault (8.8, 17.10) or a withdrawal (20.1)
        elif (phase in GERMAN_PHASES and p.side != "german") or (
            phase in ALLIED_PHASES and p.side != "allied"
        ):
            rec.bad("sequence-side", f"{self.where()} {phase} prompts {p.side}")
        else:
            rec.ok("sequence-side")
        types = {a["type"] for a in acts}
        if "assault" in types:
            phasing = (
                "german"
                if phase == "german-assault"
                else "allied"
                if phase == "allied-assault"
                else None
            )
            if phasing is None or p.side != phasing:
                rec.bad(
                    "assault-phase",
                    f"{self.where()} assault offered to {p.side} in {phase}",
                )  # dynamo:16.2
            else:
                rec.ok("assault-phase")
        if "blitz" in types and phase != "german-move":
            rec.bad(
                "blitz-rules", f"{self.where()} blitz offered in {phase}"
            )  # dynamo:12.2
        if "evacuate" in types and self.turn < 3:
            rec.bad(
                "evacuation", f"{self.where()} sea evacuation offered before turn 3"
            )  # dynamo:20.4
        if phase == "luftwaffe":
            # dynamo:8.1: three factors (four after turn eight) must all be committed
            due = (
                RULES["air"]["factors_after_turn_8"]
                if self.turn > 8
                else RULES["air"]["factors"]
            )
            if "end-phase" in types and self.air_this_turn < due:
                rec.bad(
                    "luftwaffe",
                    f"{self.where()} end of Luftwaffe phase offered after {self.air_this_turn} of {due}",
                )
            if "air" in types and self.air_this_turn >= due:
                rec.bad("luftwaffe", f"{self.where()} a factor beyond {due} offered")
        if "blitz" in types:
            self.check_blitz_offers(p, acts)
        if "enter" in types and self.srng.random() < 0.3:
            self.check_enter_offers(p, acts)
        self.last_dist = None
        if "go" in types and self.srng.random() < 0.2:
            self.check_go_offers(p, acts)
        if "assault" in types and self.srng.random() < 0.5:
            self.check_assault_offers(p, acts)

    def check_assault_offers(self, p, acts) -> None:
        units = own_units(self.game, self.state)
        where = on_map(units)
        for a in acts:
            if a["type"] != "assault":
                continue
            atk = [units.get(i) for i in a["attackers"]]
            if any(
                u is None or u["side"] != p.side or not real(u) or u["status"] != "map"
                for u in atk
            ):
                self.rec.bad(
                    "assault-legal",
                    f"{self.where()} {a}: an attacker not a phasing ground unit",
                )
                continue
            bad = []
            for u in atk:
                if u["id"] in self.attacked_units:
                    bad.append(f"{u['id']} already attacked this phase (16.5)")
                for h in a["hexes"]:
                    if not adjacent(u["hex"], h):
                        bad.append(
                            f"{u['id']} at {u['hex']} not adjacent to {h} (16.7)"
                        )
            for h in a["hexes"]:
                enemy = [x for x in where.get(h, []) if x["side"] != p.side and real(x)]
                if not enemy:
                    bad.append(f"{h} holds no enemy ground unit (16.1)")
                # a unit retreated into a hex may be assaulted there again (17.18)
                if any(self.defended_hex.get(x["id"]) == h for x in enemy):
                    bad.append(f"{h} already attacked this phase (16.5)")
            if bad:
                self.rec.bad("assault-legal", f"{self.where()} {a}: " + "; ".join(bad))
            else:
                self.rec.ok("assault-legal")

    # ----------------------------------------------------------------- blitzes and reinforcements
    def check_blitz_offers(self, p, acts) -> None:
        """dynamo:12.1, 12.2, 12.3, 12.5, 12.8, 12.12, 5.12."""
        units = own_units(self.game, self.state)
        group = self.game.view(self.state, "german").get("group")
        if not group:
            return
        movers = [units[i] for i in group["units"] if i in units and real(units[i])]
        ez = ezoc_hexes(units, "german")
        occ = on_map(units)
        start = self.move_start or {}
        for a in acts:
            if a["type"] != "blitz":
                continue
            h = a["hex"]
            bad = []
            if not all(u["moto"] for u in movers):
                bad.append("a straight-leg unit in the blitzing stack (12.1, 12.13)")
            if not any(u["type"] in ("panzer", "kg") for u in movers):
                bad.append("no panzer or Kampfgruppe leads (12.1)")
            if any(u.get("oos") for u in movers):
                bad.append("out of supply (12.8, 5.12)")
            if TERRAIN.get(h) == "marsh":
                bad.append("into marsh (12.8)")
            if not adjacent(group["hex"], h):
                bad.append(f"{h} not adjacent to {group['hex']} (12.2)")
            if group["hex"] not in ez:
                bad.append(f"the stack at {group['hex']} is not in an EZOC (12.2)")
            if not any(x["side"] == "allied" and real(x) for x in occ.get(h, [])):
                bad.append(f"{h} holds no Allied unit")
            homes = {
                start.get(u["id"], start.get(UNITS.get(u["id"], {}).get("parent")))
                for u in movers
            }
            if len(movers) > 1 and (len(homes) != 1 or None in homes):
                bad.append(
                    f"the stack was not together at the start of the phase {homes} (12.12)"
                )
            barrier = 1 if frozenset((group["hex"], h)) in BARRIERS else 0
            if group.get("left") is not None and group["left"] < 1 + barrier and True:
                bad.append(
                    f"{group['left']} MP left, at least {1 + barrier} needed (12.3)"
                )
            if bad:
                self.rec.bad(
                    "blitz-rules",
                    f"{self.where()} {a} by {group['units']} at {group['hex']}: "
                    + "; ".join(bad),
                )
            else:
                self.rec.ok("blitz-rules")

    def check_blitz_cost(self, a, events, before) -> None:
        """dynamo:12.3, 12.4, 12.5, 12.7: 1 to enter, +1 a water barrier, +3 (+2 at 5-1, +1 at 6-1,
        nothing at 7-1 or more, but then +1 for other Allied units' ZOC in the hex)."""
        bl = [e for e in events if e.kind == "blitz"]
        cb = [e for e in events if e.kind == "combat"]
        if not bl or not cb or not getattr(self, "blitz_from", None):
            return
        d = cb[0].data
        h = bl[0].data["hex"]
        if not d["defence"]:
            return
        ratio_ = d["attack"] / d["defence"] if d["defence"] else 99
        extra = 3 if ratio_ < 5 else 2 if ratio_ < 6 else 1 if ratio_ < 7 else 0
        zoc = 0
        if extra == 0:
            zoc = int(
                any(
                    u["side"] == "allied"
                    and real(u)
                    and u["status"] == "map"
                    and u["hex"]
                    and u["hex"] != h
                    and adjacent(u["hex"], h)
                    and frozenset((u["hex"], h)) not in ALL_SEA
                    for u in before.values()
                )
            )
        barrier = 1 if frozenset((self.blitz_from, h)) in BARRIERS else 0
        want = 1 + barrier + extra + zoc
        if bl[0].data.get("cost") != want:
            self.rec.bad(
                "blitz-cost",
                f"{self.where()} blitz {self.blitz_from}->{h} at {d['attack']}:{d['defence']}: cost {bl[0].data.get('cost')}, rulebook {want}",
            )
        else:
            self.rec.ok("blitz-cost")

    def check_enter_offers(self, p, acts) -> None:
        """dynamo:21.1-21.6, 19.6: reinforcements on or after their turn, through their hexes."""
        units = own_units(self.game, self.state)
        occ = on_map(units)
        entered = set(self.game.view(self.state, None).get("german_entered") or [])
        for a in acts:
            if a["type"] != "enter":
                continue
            u = units.get(a["unit"])
            data = UNITS.get(a["unit"], {})
            h = a["hex"]
            bad = []
            if any(x["side"] != p.side and real(x) for x in occ.get(h, [])):
                bad.append(f"{h} holds an enemy unit (21.5)")
            if u and u.get("edge"):
                pass  # returning through a friendly edge (19.6)
            elif "turn" in data:
                if data["turn"] > self.turn:
                    bad.append(f"due on turn {data['turn']} (21.1)")
                a_, b_ = data["entry"]
                stretch = (
                    set(run(a_, b_)) if (a_[:2] == b_[:2] or a_[2:] == b_[2:]) else None
                )
                port_ok = (
                    data.get("port_entry")
                    and data["turn"] == self.turn
                    and h in PORTS
                    and h not in entered
                )
                if stretch is not None and h not in stretch and not port_ok:
                    if h in PORTS:
                        bad.append(f"port {h} on turn {self.turn} (21.2, 21.6)")
                    else:
                        bad.append(f"{h} outside {a_}-{b_} (21.1, 21.3)")
            if bad:
                self.rec.bad("reinforcements", f"{self.where()} {a}: " + "; ".join(bad))
            else:
                self.rec.ok("reinforcements")

    # ----------------------------------------------------------------- supply
    def supplied(self, side: str, units: dict, german_entered: set[str]) -> set[str]:
        """dynamo:5.2-5.5, 6.6, 6.8, 9.5: the hexes from which a supply line reaches a source."""
        ez = ezoc_hexes(units, side)
        occ = on_map(units)
        friendly = {
            h for h, us in occ.items() if any(u["side"] == side and real(u) for u in us)
        }
        hostile = {
            h for h, us in occ.items() if any(u["side"] != side and real(u) for u in us)
        }

        def open_(h: str) -> bool:
            return h not in hostile and (h not in ez or h in friendly)

        if side == "german":
            sources = friendly_edge("german", self.turn)
        else:
            sources = edge(RULES["edges"]["allied_south"]) | {
                h
                for h, t in TERRAIN.items()
                if t == "urban" and h not in german_entered
            }
        # search back from the sources; a marsh hex may end a line but not carry it (9.5)
        reach = {h for h in sources if h in TERRAIN and open_(h)}
        todo = [h for h in reach if TERRAIN[h] != "marsh"]
        while todo:
            h = todo.pop()
            for n in neighbours(h):
                if n in reach or frozenset((h, n)) in ALL_SEA or not open_(n):
                    continue
                reach.add(n)
                if TERRAIN[n] != "marsh":
                    todo.append(n)
        return reach

    def lines_of_communication(self, units: dict, sources: set[str]) -> set[str]:
        """dynamo:22.3: traced like a supply line (5.2, 6.6, 6.8), for British units as well."""
        ez = ezoc_hexes(units, "allied")
        occ = on_map(units)
        friendly = {
            h
            for h, us in occ.items()
            if any(u["side"] == "allied" and real(u) for u in us)
        }
        hostile = {
            h
            for h, us in occ.items()
            if any(u["side"] != "allied" and real(u) for u in us)
        }

        def open_(h: str) -> bool:
            return h not in hostile and (h not in ez or h in friendly)

        reach = {h for h in sources if h in TERRAIN and open_(h)}
        todo = [h for h in reach if TERRAIN[h] != "marsh"]
        while todo:
            h = todo.pop()
            for n in neighbours(h):
                if n in reach or frozenset((h, n)) in ALL_SEA or not open_(n):
                    continue
                reach.add(n)
                if TERRAIN[n] != "marsh":
                    todo.append(n)
        return reach

    def check_end_of_game_communications(self, units: dict, pts: dict) -> None:
        """dynamo:22.3, 21.4, 22.2, 22.4: survivors with a line to the south edge count as
        evacuated, those cut off from it and from every functioning port as destroyed."""
        entered = set(self.game.view(self.state, None).get("german_entered") or [])
        south = self.lines_of_communication(units, edge(RULES["edges"]["allied_south"]))
        ports = self.lines_of_communication(units, PORTS - entered)
        evac = tf = 0
        cut_points = 0
        cut = []
        for u in units.values():
            if u["side"] != "allied" or not real(u):
                continue
            left = (u.get("steps") or 1) - (u.get("step") or 0)
            if u["status"] in ("evacuated", "pool"):
                status = "evacuated"
            elif u["status"] == "map":
                status = (
                    "evacuated"
                    if u["hex"] in south
                    else "port"
                    if u["hex"] in ports
                    else "cut"
                )
            else:
                continue
            if status == "evacuated":
                if u["task_force"]:
                    tf += left
                else:
                    evac += left
            elif status == "cut":
                cut.append(u["id"])
                if u["nation"] == "british":
                    cut_points += 2 if u["task_force"] else 4 * left
                else:
                    cut_points += (4 if u["moto"] else 2) * left
        german_destroyed = self.recomputed[0]
        want = {
            "german": german_destroyed + cut_points,
            "evacuated_steps": evac,
            "evacuated_task_force_steps": tf,
        }
        got = {k: pts.get(k) for k in want}
        if want != got:
            self.rec.bad(
                "points-22.3",
                f"{self.where()} end of game: rulebook {want} (cut off: {cut[:8]}), game {got}",
            )
        else:
            self.rec.ok("points-22.3")

    def check_supply(self) -> None:
        units = own_units(self.game, self.state)
        entered = set(self.game.view(self.state, None).get("german_entered") or [])
        reach = {
            side: self.supplied(side, units, entered) for side in ("german", "allied")
        }
        campaign = self.scenario.endswith("campaign")
        problems = []
        for u in units.values():
            if u["status"] != "map" or not real(u) or not u["hex"]:
                continue
            if u["nation"] == "british":
                want = False  # 5.1
            elif u["side"] == "german" and u["moto"] and campaign and self.turn < 4:
                want = False  # 5.6
            else:
                # the unit's own hex: its own presence negates an EZOC there (6.6); a line
                # goes into a marsh hex but not through it (9.5; no source is a marsh hex)
                h = u["hex"]
                want = not (
                    h in reach[u["side"]]
                    or any(
                        n in reach[u["side"]]
                        and frozenset((h, n)) not in ALL_SEA
                        and TERRAIN[h] != "marsh"
                        and TERRAIN[n] != "marsh"
                        for n in neighbours(h)
                    )
                )
                if TERRAIN[h] == "marsh":
                    want = (
                        not any(
                            n in reach[u["side"]] and TERRAIN[n] != "marsh"
                            for n in neighbours(h)
                        )
                        and h not in reach[u["side"]]
                    )
            if bool(u.get("oos")) != want:
                problems.append(
                    f"{u['id']} at {h if u['hex'] else '-'} oos={u.get('oos')}, rulebook {want}"
                )
        if problems:
            self.rec.bad(
                "supply", f"{self.where()} supply check: " + "; ".join(problems[:6])
            )
        else:
            self.rec.ok("supply")

    # ----------------------------------------------------------------- movement costs
    def move_costs(self, side: str, group: dict, units: dict) -> dict[str, int]:
        """dynamo:6.4, 6.5, 7.2, 9.5, 9.6: the cheapest cost from the group's hex to every hex."""
        movers = [units[i] for i in group["units"] if i in units]
        moto = any(u["moto"] for u in movers if real(u))
        oos = any(u.get("oos") for u in movers)
        weight = sum(stack_value(u) for u in movers)
        ez = ezoc_hexes(units, side)
        occ = on_map(units)
        start = group["hex"]
        dist = {start: 0}
        todo = [(0, start)]
        import heapq

        while todo:
            c, h = heapq.heappop(todo)
            if c > dist.get(h, 1e9):
                continue
            for n in neighbours(h):
                if frozenset((h, n)) in ALL_SEA:
                    continue
                here = occ.get(n, [])
                if any(x["side"] != side and real(x) for x in here):
                    continue
                if TERRAIN[n] == "marsh" and moto:
                    continue
                if oos and h in ez and n in ez:
                    continue
                if (
                    weight
                    + sum(
                        stack_value(x)
                        for x in here
                        if x["side"] == side and x["id"] not in group["units"]
                    )
                    > RULES["stacking_limit"]
                ):
                    continue
                cost = 3 if TERRAIN[n] == "marsh" else 1
                if frozenset((h, n)) in BARRIERS and "urban" not in (
                    TERRAIN[h],
                    TERRAIN[n],
                ):
                    cost += 1
                if n in ez:
                    cost += 1
                if h in ez:
                    cost += 1
                if c + cost < dist.get(n, 1e9):
                    dist[n] = c + cost
                    heapq.heappush(todo, (c + cost, n))
        return dist

    def check_go_offers(self, p, acts) -> None:
        units = own_units(self.game, self.state)
        group = self.game.view(self.state, p.side).get("group")
        if not group or group.get("left") is None:
            return
        dist = self.move_costs(p.side, group, units)
        left = group["left"]
        want = {h for h, c in dist.items() if 0 < c <= left}
        offered = {a["hex"] for a in acts if a["type"] == "go"}
        extra = offered - want
        # dynamo:9.4: one hex from where the unit began the phase, for all its points
        fresh = all(not units[i].get("moved") for i in group["units"] if i in units)
        extra -= {h for h in extra if fresh and adjacent(group["hex"], h)}
        missing = want - offered
        if extra or missing:
            self.rec.bad(
                "move-offered",
                f"{self.where()} {p.side} group {group['units']} at {group['hex']} "
                f"with {left} MP: offered beyond the rules {sorted(extra)[:6]} "
                f"{ {h: dist.get(h) for h in sorted(extra)[:6]} }, left out {sorted(missing)[:6]}",
            )
        else:
            self.rec.ok("move-offered")
        self.last_dist = dist
        self.last_left = left
        self.last_fresh = fresh

    # ----------------------------------------------------------------- after an action
    def where(self) -> str:
        return f"[{self.scenario} seed {self.seed} turn {self.turn} {self.phase}]"

    def after(self, p, a, events, before) -> None:
        rec = self.rec
        for e in events:
            if e.kind == "phase":
                self.new_phase(e.data.get("turn", self.turn), e.data["phase"])
        if any(e.kind == "supply" for e in events):
            self.check_supply()
        # dynamo:11.2: the public log never names a dummy, except when an assault shows the stack
        for e in events:
            if e.only is None and e.kind != "flip":
                blob = repr(e.data)
                if "dummy" in blob:
                    rec.bad(
                        "hidden-log",
                        f"{self.where()} public event {e.kind} {e.text!r} {e.data}",
                    )
        rec.ok("hidden-log")
        for e in events:
            # dynamo:20.3: overland evacuation only off the south friendly board edge
            if e.kind == "evacuate":
                m_ = e.text.rsplit(" at ", 1)
                hx = m_[1].strip() if len(m_) == 2 else None
                if hx and hx not in edge(RULES["edges"]["allied_south"]):
                    rec.bad(
                        "overland",
                        f"{self.where()} {e.text}: not a south board edge hex (20.3)",
                    )
                else:
                    rec.ok("overland")
            # dynamo:20.1: withdrawals on turns 9 and 10, a full-strength German infantry division
            if e.kind == "withdraw":
                uid = e.data.get("unit")
                u = UNITS.get(uid, {})
                self.withdrawn[self.turn] += 1
                cur = own_units(self.game, self.state).get(uid, {})
                bad = []
                if self.turn not in RULES["edges"]["withdrawal_turns"]:
                    bad.append(f"on turn {self.turn}")
                if (
                    u.get("type") != "infantry"
                    or u.get("size") != "xx"
                    or u.get("side") != "german"
                ):
                    bad.append(f"{uid} is not a German infantry division")
                if (cur.get("step") or 0) != 0:
                    bad.append(f"{uid} not at full strength")
                if self.withdrawn[self.turn] > 1:
                    bad.append("a second withdrawal in one turn")
                if bad:
                    rec.bad(
                        "withdrawal",
                        f"{self.where()} {e.text}: " + "; ".join(bad) + " (20.1)",
                    )
                else:
                    rec.ok("withdrawal")
        if a["type"] == "air":
            self.air_this_turn += 1
            self.air_on[a["unit"]] += 1
        if a["type"] == "assault":
            self.on_assault(a, events, before, blitz=False)
        if a["type"] == "blitz":
            self.on_assault(a, events, before, blitz=True)
            self.check_blitz_cost(a, events, before)
        if a["type"] in ("break-down", "reform") and self.battle is not None:
            self.battle["reorganised"] = True
        if a["type"] in ("break-down", "reform"):
            self.reveal_kin(a["unit"])
        if a["type"] in ("lose", "retreat", "retreat-all", "advance", "end-advance"):
            self.on_resolution(p, a, events, before)
        if a["type"] == "evacuate":
            self.on_evacuate(a, events, before)
        if a["type"] == "go" and before is not None:
            self.on_move(a, events, before)
        phase_change = any(e.kind == "phase" for e in events)
        if phase_change or (
            a["type"] in ("halt", "end-phase") and self.srng.random() < 0.3
        ):
            self.check_stacking()

    def new_phase(self, turn: int, phase: str) -> None:
        rec = self.rec
        if phase not in PHASE_ORDER:
            # a step inside a phase (the withdrawal of 20.1, the set-up of 24.3): no new phase
            self.phase = phase
            return
        prev_turn, prev = self.turn, self.main
        if phase != prev or turn != prev_turn:
            # dynamo:4.2, 23.1: the phases in order, the turn one up after the Allied turn
            if turn == prev_turn and prev in PHASE_ORDER and phase in PHASE_ORDER:
                if PHASE_ORDER.index(phase) <= PHASE_ORDER.index(prev):
                    rec.bad("sequence", f"{self.where()} {prev} -> {phase} in one turn")
                else:
                    rec.ok("sequence")
            elif turn != prev_turn:
                if (
                    turn != prev_turn + 1
                    or phase not in ("supply", "luftwaffe")
                    or prev != "allied-dummies"
                ):
                    rec.bad(
                        "sequence",
                        f"{self.where()} turn {prev_turn} {prev} -> turn {turn} {phase}",
                    )
                else:
                    rec.ok("sequence")
            if turn != prev_turn and prev_turn is not None:
                # dynamo:8.1
                due = (
                    RULES["air"]["factors_after_turn_8"]
                    if prev_turn > 8
                    else RULES["air"]["factors"]
                )
                if self.air_this_turn not in (0, due) and prev_turn >= 1:
                    rec.bad(
                        "luftwaffe",
                        f"{self.where()} turn {prev_turn}: {self.air_this_turn} factors committed, {due} due",
                    )
                else:
                    rec.ok("luftwaffe")
                self.air_this_turn = 0
        if phase == "evacuation":
            self.sea_steps = 0.0
            self.sea_units = []
            self.sea_start = own_units(self.game, self.state)
        self.turn, self.phase, self.main = turn, phase, phase
        self.phase_seq.append((turn, phase))
        self.attacked_units = set()
        self.defended_units = set()
        self.defended_hex = {}
        self.retreated_here = set()
        if phase == "luftwaffe":
            self.air_on = Counter()
        if phase == "german-move":
            self.move_start = {
                u["id"]: u["hex"]
                for u in own_units(self.game, self.state).values()
                if u["status"] == "map"
            }
        self.revealed = set()
        self.revealed_units = set()
        self.battle = None

    def reveal_kin(self, uid: str) -> None:
        """dynamo:15.2, 15.3: a division breaks down into its kampfgruppen (or they reform) in
        place, counters swapped in the open: what was shown of one is shown of the other (11.2)."""
        kin = {uid, UNITS.get(uid, {}).get("parent")} | {
            k for k, u in UNITS.items() if u.get("parent") == uid
        }
        if kin & self.revealed_units:
            self.revealed_units |= kin - {None}

    # ----------------------------------------------------------------- combat
    def luftwaffe_with(self, attackers: list, blitz: bool) -> int:
        """dynamo:8.2, 8.4: Luftwaffe factors flying with German attackers, in their hexes or on them."""
        if attackers[0]["side"] != "german":
            return 0
        src = (
            {self.blitz_from}
            if blitz and getattr(self, "blitz_from", None)
            else {u["hex"] for u in attackers}
        )
        on_units = sum(self.air_on.get(u["id"], 0) for u in attackers)
        return max(sum(self.air_before.get(x, 0) for x in src), on_units)

    def on_assault(self, a, events, before, blitz: bool) -> None:
        rec = self.rec
        combat = [e for e in events if e.kind == "combat"]
        for e in events:
            if e.kind == "flip":
                self.revealed.update(e.data.get("hexes", []))
                self.revealed_units.update(e.data.get("units", []))
        if not combat:
            return
        d = copy.deepcopy(combat[0].data)  # the game may go on changing its own lists
        units = before
        attackers = [units[i] for i in d["attackers"]]
        defenders = [units[i] for i in d["defenders"]]
        hexes = d["hexes"]
        atk_side = attackers[0]["side"]
        where = self.where() + f" {a}"
        self.attacked_units.update(d["attackers"])
        self.defended_units.update(d["defenders"])
        for uid in d["defenders"]:
            self.defended_hex[uid] = units[uid]["hex"]
        # dynamo:16.3 totals from their parts
        if (
            sum(d["attack_parts"].values()) != d["attack"]
            or sum(d["defence_parts"].values()) != d["defence"]
        ):
            rec.bad(
                "combat-totals",
                f"{where} totals {d['attack']}/{d['defence']} vs parts {d['attack_parts']} {d['defence_parts']}",
            )
        else:
            rec.ok("combat-totals")
        # dynamo:16.6: every ground unit in the assaulted hex(es) defends
        in_hexes = {
            u["id"]
            for u in units.values()
            if u["status"] == "map"
            and u["hex"] in hexes
            and u["side"] != atk_side
            and real(u)
        }
        # dynamo:17.18: units retreated into the hex this phase do not defend it
        in_hexes -= self.retreated_here
        if in_hexes != set(d["defenders"]):
            rec.bad(
                "combat-defenders",
                f"{where} defenders {sorted(d['defenders'])} but the hex holds {sorted(in_hexes)}",
            )
        else:
            rec.ok("combat-defenders")
        # dynamo:5.9 attack halved (round up) out of supply; 18.1/18.2 FLAK
        for u in attackers:
            want = u["attack"]
            if u.get("oos"):
                want = math.ceil(want / 2)
            if d["attack_parts"].get(u["id"]) != want:
                rec.bad(
                    "combat-strengths",
                    f"{where} {u['id']} attacks with {d['attack_parts'].get(u['id'])}, view says {u['attack']} oos={u.get('oos')}",
                )
            else:
                rec.ok("combat-strengths")
        # dynamo:18.2 air support is one of the arms that meet FLAK's printed defence, and 8.6/18.3
        # leave the Luftwaffe unaffected by British FLAK: 18.1 holds only for foot attacks without it
        only_leg = all(x["type"] in LEG_ATTACKERS_VS_FLAK for x in attackers) and not self.luftwaffe_with(
            attackers, blitz
        )
        for u in defenders:
            want = u["defence"]
            if u["type"] == "flak" and only_leg:
                want = u["attack"]
            key = (
                "combat-flak"
                if u["type"] == "flak" and only_leg
                else "combat-strengths"
            )
            if u["id"] not in d["defence_parts"]:
                rec.bad(
                    "combat-defence-missing",
                    f"{where} {u['id']} at {u['hex']} is among the defenders but adds "
                    f"nothing to the defence ({d['attack']} to {d['defence']}), rulebook {want} (16.3, 17.18)",
                )
            elif d["defence_parts"].get(u["id"]) != want:
                rec.bad(
                    key,
                    f"{where} {u['id']} ({u['type']}) defends with {d['defence_parts'].get(u['id'])} "
                    f"against {[x['id'] + ':' + x['type'] for x in attackers]}, rulebook gives {want}",
                )
            else:
                rec.ok(key)
                rec.ok("combat-defence-missing")
        # dynamo:16.3 odds, 16.4/16.13/16.14 column
        if not d["defence"] or not d["attack"]:
            rec.bad(
                "combat-defence-missing",
                f"{where} {d['attack']} to {d['defence']}: a zero total",
            )
            return
        odds = odds_of(d["attack"], d["defence"])
        if odds != d["odds"]:
            rec.bad(
                "combat-odds",
                f"{where} {d['attack']} to {d['defence']} reported {d['odds']}, rulebook {odds}",
            )
        else:
            rec.ok("combat-odds")
        cols = {h: column_of(d["odds"], TERRAIN[h]) for h in hexes}
        best = min(cols.values())
        if d["column_index"] != best or column_of(d["odds"], d["terrain"]) != d["column_index"]:
            rec.bad(
                "combat-column",
                f"{where} {d['odds']} on {d['terrain']} column {d['column_index']}, rulebook column {best} ({ {h: TERRAIN[h] for h in hexes} })",
            )
        else:
            rec.ok("combat-column")
        # dynamo:16.15, 16.16: one grand modifier, the total held to -2..9
        total = max(-2, min(9, d["die"] + sum(m[0] for m in d["modifiers"])))
        if total != d["total"] and d["total"] not in CRT["die"]:
            rec.bad(
                "combat-total",
                f"{where} die {d['die']} mods {d['modifiers']}: modified roll reported {d['total']}, 16.16 holds it to {total}",
            )
        elif total != d["total"]:
            rec.bad(
                "combat-total",
                f"{where} die {d['die']} mods {d['modifiers']} total {d['total']}, rulebook {total}",
            )
        else:
            rec.ok("combat-total")
        if not 1 <= d["die"] <= 6:
            rec.bad("combat-total", f"{where} die {d['die']}")
        if crt_result(total, d["column_index"]) != d["result"]:
            rec.bad(
                "combat-result",
                f"{where} total {total} column {d['column_index']}: {d['result']}, table {crt_result(total, d['column_index'])}",
            )
        else:
            rec.ok("combat-result")
        self.check_modifiers(where, d, attackers, defenders, hexes, units, blitz)
        self.battle = {
            "data": d,
            "attackers": d["attackers"],
            "defenders": d["defenders"],
            "hexes": hexes,
            "atk_side": atk_side,
            "blitz": blitz,
            "lost": Counter(),
            "retreat": {},
            "units": units,
            "origin": {u["id"]: u["hex"] for u in attackers + defenders},
            "advanced": defaultdict(list),
            "retreat_all": {},
        }
        self.revealed.update(hexes)

    def check_modifiers(
        self, where, d, attackers, defenders, hexes, units, blitz
    ) -> None:
        rec = self.rec
        mods = d["modifiers"]
        labels = Counter()
        for value, case, label in mods:
            low = label.lower()
            key = (
                "concentric"
                if "concentric" in low
                else "village"
                if "village" in low
                else "water"
                if "water" in low
                else "lw-def"
                if "luftwaffe" in low and "defend" in low
                else "lw"
                if "luftwaffe" in low
                else "schwerpunkt"
                if "schwerpunkt" in low
                else "raf-off"
                if "offensive" in low
                else "raf-def"
                if "raf" in low
                else "franco"
                if "franco" in low
                else "counter"
                if "counter" in low
                else "schwerpunkt"
                if "schwerpunkt" in low
                else "blitz"
                if "blitz" in low
                else label
            )
            labels[key] += 1
            fixed = {
                "concentric": -3,
                "village": 1,
                "water": 2,
                "raf-def": 2,
                "franco": 1,
                "counter": -3,
                "blitz": 2,
            }
            if key in fixed and value != fixed[key]:
                rec.bad(
                    "combat-modifiers",
                    f"{where} {label} {value}, rulebook {fixed[key]}",
                )
            if key == "schwerpunkt" and value not in (-2, 2):
                rec.bad(
                    "combat-modifiers",
                    f"{where} {label} {value}, rulebook -2 or +2 (13.4-13.6)",
                )
            if key == "raf-off" and value not in (-2, -1):
                rec.bad("combat-modifiers", f"{where} {label} {value} (8.9, 8.10)")
        german_attacks = attackers[0]["side"] == "german"
        # dynamo:12.2 the blitz +2; 16.17 concentric never for blitz
        if blitz != (labels["blitz"] == 1):
            rec.bad(
                "combat-modifiers", f"{where} blitz={blitz} but modifiers {mods} (12.2)"
            )
        single = len(hexes) == 1
        if single:
            h = hexes[0]
            atk_hexes = {u["hex"] for u in attackers}
            # dynamo:16.11 water barrier only if every assaulting unit crosses one
            if blitz:
                # a blitzing stack sits atop the defenders; it came from the hex it launched from
                atk_hexes = (
                    {self.blitz_from}
                    if getattr(self, "blitz_from", None)
                    else atk_hexes
                )
            water = all(frozenset((x, h)) in BARRIERS for x in atk_hexes) and bool(
                atk_hexes
            )
            if water != bool(labels["water"]):
                rec.bad(
                    "combat-water",
                    f"{where} attackers from {sorted(atk_hexes)} into {h}: water barrier {bool(labels['water'])}, rulebook {water} (16.11)",
                )
            else:
                rec.ok("combat-water")
            # dynamo:16.17/16.18 village +1 (2711 only once)
            if (h in VILLAGES) != bool(labels["village"]) or labels["village"] > 1:
                rec.bad(
                    "combat-village",
                    f"{where} {h} village={h in VILLAGES} modifiers {mods}",
                )
            else:
                rec.ok("combat-village")
            # dynamo:16.17 concentric: two opposite hexes, three non-adjacent, or more than three
            if not blitz:
                dirs = {direction(h, x) for x in atk_hexes if adjacent(h, x)}
                conc = len(dirs) > 3 or any((-dx, -dz) in dirs for dx, dz in dirs)
                if not conc and len(dirs) == 3:
                    hx = [x for x in atk_hexes]
                    conc = not any(adjacent(p, q) for p in hx for q in hx if p != q)
                if h in PORTS:
                    conc = False
                if conc != bool(labels["concentric"]):
                    rec.bad(
                        "combat-concentric",
                        f"{where} attackers from {sorted(atk_hexes)} on {h}: concentric {bool(labels['concentric'])}, rulebook {conc}",
                    )
                else:
                    rec.ok("combat-concentric")
        # dynamo:10.3 Franco-British assault +1
        nations = {u["nation"] for u in attackers}
        fb = {"british", "french"} <= nations
        if fb != bool(labels["franco"]):
            rec.bad(
                "combat-modifiers",
                f"{where} attacker nations {sorted(nations)}: Franco-British modifier {bool(labels['franco'])} (10.3)",
            )
        else:
            rec.ok("combat-modifiers")
        # dynamo:8.4/8.5 Luftwaffe: -1 a factor with the attacking Germans, +1 with defending Germans
        air = self.air_before
        if german_attacks:
            src = (
                {self.blitz_from}
                if blitz and getattr(self, "blitz_from", None)
                else {u["hex"] for u in attackers}
            )
            lw = sum(air.get(x, 0) for x in src)
            got = -sum(m[0] for m in mods if "luftwaffe" in m[2].lower())
            if blitz and got != lw:
                # 8.2: a factor committed to one unit stays with it; the blitzing stack has
                # only the factors on its own units
                lw = sum(self.air_on.get(u["id"], 0) for u in attackers)
        else:
            lw = sum(air.get(x, 0) for x in hexes)
            got = sum(m[0] for m in mods if "luftwaffe" in m[2].lower())
        if lw != got:
            rec.bad(
                "combat-luftwaffe",
                f"{where} Luftwaffe factors {dict(air)} give {lw}, modifiers {mods} (8.4, 8.5)",
            )
        else:
            rec.ok("combat-luftwaffe")
        # dynamo:8.7-8.9 RAF only where a British division is involved
        if labels["raf-off"] or labels["raf-def"]:
            brit_div = [
                u
                for u in (attackers if labels["raf-off"] else defenders)
                if u["nation"] == "british" and u["size"] == "xx"
            ]
            if not brit_div:
                rec.bad("combat-raf", f"{where} RAF without a British division (8.7)")
            else:
                rec.ok("combat-raf")

    # ----------------------------------------------------------------- results
    def on_resolution(self, p, a, events, before) -> None:
        b = self.battle
        if b is None:
            return
        if a["type"] == "retreat-all":
            role = "attacker" if p.side == b["atk_side"] else "defender"
            b["retreat_all"][role] = a.get("hexes")
        for e in events:
            if e.kind in ("loss", "eliminated"):
                u = b["units"].get(e.data["unit"])
                if u:
                    b["lost"][u["side"]] += 1
            if e.kind == "retreat":
                uid = e.data["unit"]
                if not b["blitz"]:
                    self.retreated_here.add(uid)
                path = e.data["path"]
                b["retreat"][uid] = path
                self.check_retreat(uid, path, before)
            if e.kind == "advance":
                self.check_advance(e.data["unit"], e.data["hex"], before)

    def close_battle(self) -> None:
        """dynamo:17.7-17.10, 12.9, 18.4: the result absorbed exactly, as steps and hexes."""
        b, rec = self.battle, self.rec
        self.battle = None
        d = b["data"]
        now = own_units(self.game, self.state)
        where = (
            self.where()
            + f" {'blitz' if b['blitz'] else 'assault'} on {b['hexes']} result {d['result']}"
        )
        atk_res, def_res = d["result"].split("/")
        problems = []
        for role, ids, res in (
            ("attacker", b["attackers"], atk_res),
            ("defender", b["defenders"], def_res),
        ):
            lost = 0
            survivors = []
            for uid in ids:
                u0 = b["units"][uid]
                u1 = now.get(uid)
                total = u0.get("steps") or 1
                if u1 is None or u1["status"] == "dead":
                    lost += total - (u0.get("step") or 0)
                elif u1["status"] == "map":
                    lost += (u1.get("step") or 0) - (u0.get("step") or 0)
                    survivors.append(uid)
                else:
                    survivors.append(
                        uid
                    )  # off the board through a friendly edge (17.14)
            if b.get("reorganised"):
                continue  # a division broke down or reformed while retreating (15.2): not counted
            # a retreat off a friendly board edge (17.14) takes the whole retreat
            moved = {
                uid: (
                    99
                    if b["retreat"].get(uid, [None])[-1] == "off"
                    else len(b["retreat"].get(uid, []))
                )
                for uid in survivors
            }
            if 99 in moved.values():
                continue
            hexes = max(moved.values(), default=0)
            if res == ".":
                if lost or hexes:
                    problems.append(
                        f"{role} '.' but lost {lost} step(s), retreated {hexes} (17.9)"
                    )
            elif res == "E":
                if role == "attacker":
                    if survivors:
                        problems.append(f"attacker E but {survivors} survive (17.7)")
                else:
                    for uid in survivors:
                        u0, u1 = b["units"][uid], now.get(uid)
                        if (
                            u1
                            and u1["status"] == "map"
                            and (
                                (u1.get("step") or 0) - (u0.get("step") or 0) != 1
                                or moved[uid] != 2
                            )
                        ):
                            problems.append(
                                f"defender E: {uid} lost {(u1.get('step') or 0) - (u0.get('step') or 0)} step(s), retreated {moved[uid]} (17.8)"
                            )
            else:
                n = int(res)
                chosen = b["retreat_all"].get(role)
                if survivors and chosen and min(moved.values()) < chosen:
                    # 17.16: those that cannot retreat stay and take the retreat as steps, in all
                    if lost != n:
                        self.rec.bad(
                            "results-no-retreat",
                            f"{where}: {role} chose to retreat {chosen}, "
                            f"retreated {moved}, and lost {lost} step(s) for a {n} (17.10, 17.16, 17.17)",
                        )
                    else:
                        self.rec.ok("results-no-retreat")
                elif survivors and lost + hexes != n:
                    problems.append(
                        f"{role} {n}: lost {lost} step(s) and retreated {hexes} hex(es) (17.10)"
                    )
                if not survivors and lost > n:
                    self.rec.bad(
                        "results-no-retreat",
                        f"{where}: {role} units {ids} all destroyed, {lost} steps lost for a {n} (17.10, 17.16)",
                    )
                if (
                    survivors
                    and len(set(moved.values())) > 1
                    and not b["retreat_all"].get(role)
                ):
                    problems.append(
                        f"{role} units retreated different distances {moved} (17.10)"
                    )
            if role == "attacker" and b["blitz"] and hexes:
                problems.append(f"blitzing units retreated {hexes} (12.9)")
            if (
                role == "defender"
                and not b["blitz"]
                and hexes
                and all(b["units"][uid].get("task_force") for uid in ids)
            ):
                problems.append(
                    "task forces alone retreated from a prepared assault (18.4)"
                )
        if problems:
            rec.bad("results", f"{where}: " + "; ".join(problems))
        else:
            rec.ok("results")

    def check_retreat(self, uid, path, before) -> None:
        rec, b = self.rec, self.battle
        u = before.get(uid)
        if u is None:
            return
        where = self.where() + f" retreat {uid} {path}"
        start = b["origin"].get(uid, u["hex"])
        cur = u["hex"]
        seen = {start}
        ez = ezoc_hexes(before, u["side"])
        occ = on_map(before)
        problems = []
        if b["blitz"] and u["side"] == "german" and uid in b["attackers"]:
            problems.append("a blitzing unit retreats (12.9)")
        for h in path:
            if h == "off":
                # dynamo:17.14, 19.5: off the map only through a friendly board edge hex
                if cur not in friendly_edge(u["side"], self.turn):
                    problems.append(
                        f"off the map from {cur}, not a friendly board edge hex (19.5)"
                    )
                break
            if h not in TERRAIN:
                problems.append(f"{h} off the map")
                continue
            if not adjacent(cur, h):
                problems.append(f"{cur}->{h} not adjacent")
            if frozenset((cur, h)) in ALL_SEA:
                problems.append(f"{cur}->{h} across an all-sea hexside (9.6)")
            if h in seen:
                problems.append(f"{h} entered twice (17.12)")
            seen.add(h)
            friends = [
                x
                for x in occ.get(h, [])
                if x["side"] == u["side"] and real(x) and x["id"] != uid
            ]
            enemies = [x for x in occ.get(h, []) if x["side"] != u["side"] and real(x)]
            if enemies:
                problems.append(f"{h} holds enemy units")
            elif h in ez and not friends:
                problems.append(f"{h} in an un-negated EZOC (17.15, 6.8)")
            if u["moto"] and TERRAIN.get(h) == "marsh":
                problems.append(f"moto-mech into marsh {h} (9.5)")
            cur = h
        if problems:
            rec.bad("retreat-path", f"{where}: " + "; ".join(problems))
        else:
            rec.ok("retreat-path")

    def check_advance(self, uid, hex_, before) -> None:
        rec, b = self.rec, self.battle
        u = before.get(uid)
        if u is None:
            return
        where = self.where() + f" advance {uid} -> {hex_}"
        parent = UNITS.get(uid, {}).get("parent")
        children = [k for k, x in UNITS.items() if x.get("parent") == uid]
        if uid not in b["advanced"] and parent in b["advanced"]:
            b["advanced"][uid] = list(
                b["advanced"][parent]
            )  # a division broken down on the way (15.2)
        if uid not in b["advanced"] and any(k in b["advanced"] for k in children):
            b["advanced"][uid] = list(
                max((b["advanced"][k] for k in children), key=len)
            )  # kampfgruppen reformed on the way (15.3)
        steps = b["advanced"][uid]
        steps.append(hex_)
        kin = {uid, parent, *children}
        is_attacker = bool(kin & set(b["attackers"]))
        problems = []
        if b["blitz"]:
            rec.bad(
                "advance-blitz", f"{where}: an advance after a Blitz (17.20, 12.11)"
            )
        else:
            rec.ok("advance-blitz")
        if is_attacker:
            lost_hexes = b["hexes"]
            if steps[0] not in lost_hexes:
                problems.append(f"first hex {steps[0]} not the defender's hex (17.21)")
            if not u["moto"] and len(steps) > 1:
                problems.append("straight-leg unit beyond the defender's hex (17.21)")
            eliminated_all = all(self.gone(x) for x in b["defenders"])
            retreated = max(
                (
                    len(pth)
                    for uid2, pth in b["retreat"].items()
                    if uid2 in b["defenders"]
                ),
                default=0,
            )
            allowed = 2 if eliminated_all else retreated
            if len(steps) > max(allowed, 1):
                problems.append(
                    f"{len(steps)} hexes, rulebook allows {allowed} (17.21, 17.22)"
                )
        else:
            if len(steps) > 1:
                problems.append("a defender advances more than one hex (17.22)")
            d = b["data"]
            atk_res, def_res = d["result"].split("/")
            if atk_res != "." and def_res != ".":
                problems.append(
                    "victorious defenders advance after a split result (17.11)"
                )
        if problems:
            rec.bad("advance", f"{where}: " + "; ".join(problems))
        else:
            rec.ok("advance")

    def gone(self, uid) -> bool:
        u = own_units(self.game, self.state).get(uid)
        return u is None or u["status"] != "map"

    def on_evacuate(self, a, events, before) -> None:
        rec = self.rec
        u = before.get(a["unit"])
        where = self.where() + f" {a}"
        if u is None or not any(
            e.kind == "evacuation" and "evacuated" in e.text for e in events
        ):
            return  # a rearguard that failed its roll (20.6) does not leave
        # dynamo:20.4 a task force counts half a step; 20.5 six steps from turn 7
        steps = u["steps"] - u["step"] if u.get("steps") else 1
        self.sea_steps += 0.5 * steps if u.get("task_force") else steps
        start = self.sea_start.get(a["unit"])
        limit = 3 if self.turn <= 6 else 6
        if self.turn < 3:
            rec.bad("evacuation", f"{where}: sea evacuation before turn 3 (20.4)")
        if self.sea_steps > limit + 1e-9:
            rec.bad(
                "evacuation",
                f"{where}: {self.sea_steps} steps this turn, limit {limit} (20.4, 20.5)",
            )
        elif start is None or start["hex"] not in self.coast():
            rec.bad(
                "evacuation",
                f"{where}: not on a coastal hex at the start of the phase (20.4)",
            )
        else:
            rec.ok("evacuation")

    @functools.cached_property
    def _coast(self):
        return set(self.game.view(self.state, None)["coast"])

    def coast(self):
        return self._coast

    def on_move(self, a, events, before) -> None:
        rec = self.rec
        mv = [e for e in events if e.kind == "move"]
        if not mv:
            return
        src, dst = mv[0].data["from"], mv[0].data["hex"]
        if getattr(self, "last_dist", None) and dst in self.last_dist:
            import re

            spent = re.search(r"\((\d+) MP\)", mv[0].text)
            minimum = (
                getattr(self, "last_fresh", False)
                and adjacent(src, dst)
                and spent
                and int(spent.group(1)) == self.last_left
            )  # 9.4: all its points
            if spent and int(spent.group(1)) != self.last_dist[dst] and not minimum:
                self.rec.bad(
                    "move-cost",
                    f"{self.where()} {a} {src}->{dst} cost {spent.group(1)} MP, rulebook {self.last_dist[dst]}",
                )
            else:
                self.rec.ok("move-cost")
        after = own_units(self.game, self.state)
        moved = [
            u
            for u in after.values()
            if u["status"] == "map"
            and u["hex"] == dst
            and before.get(u["id"], {}).get("hex") == src
        ]
        problems = []
        for u in moved:
            if u["moto"] and TERRAIN.get(dst) == "marsh":
                problems.append(f"{u['id']} moto-mech into marsh (9.5)")
        enemies = [
            x
            for x in on_map(before).get(dst, [])
            if x["side"] != (moved[0]["side"] if moved else None) and real(x)
        ]
        if enemies:
            problems.append(
                f"moved into a hex with enemy units {[x['id'] for x in enemies]}"
            )
        if problems:
            rec.bad("move", f"{self.where()} {a} {src}->{dst}: " + "; ".join(problems))
        else:
            rec.ok("move")

    # ----------------------------------------------------------------- invariants
    def check_stacking(self) -> None:
        units = own_units(self.game, self.state)
        totals = Counter()
        for u in units.values():
            if u["status"] == "map" and u["hex"]:
                totals[(u["hex"], u["side"])] += stack_value(u)
        over = {k: v for k, v in totals.items() if v > RULES["stacking_limit"]}
        if over:
            self.rec.bad("stacking", f"{self.where()} over 14 points: {over} (7.1)")
        else:
            self.rec.ok("stacking")
        # dynamo:11.3 dummies never alone
        by = on_map(units)
        for h, us in by.items():
            for side in ("german", "allied"):
                mine = [u for u in us if u["side"] == side]
                if not any(not real(u) for u in mine) or self.phase in ("german-dummies", "allied-dummies"):
                    continue
                if all(not real(u) for u in mine):
                    self.rec.bad(
                        "dummies", f"{self.where()} dummies alone in {h} (11.3)"
                    )
                else:
                    self.rec.ok("dummies")

    def check_hidden(self) -> None:
        """dynamo:11.2 (errata: no inspecting enemy stacks until assaulting them), 11.7."""
        g, st = self.game, self.state
        for viewer in ("german", "allied", None):
            v = g.view(st, viewer)
            stacks = v["stacks"]
            for u in v["units"]:
                if viewer is not None and u["side"] == viewer:
                    continue
                if u["status"] in ("pool",) or (
                    u["status"] != "map"
                    and u["status"]
                    not in ("dead", "evacuated", "withdrawn", "off", "edge")
                ):
                    self.rec.bad(
                        "hidden",
                        f"{self.where()} {viewer} view shows enemy {u['id']} status {u['status']} (11.7)",
                    )
                if u["status"] == "map" and u["type"] != "unknown":
                    top = stacks.get(u["hex"], {}).get("top")
                    if u["id"] != top and u["id"] not in self.revealed_units:
                        self.rec.bad(
                            "hidden",
                            f"{self.where()} {viewer} view identifies {u['id']} under the top of {u['hex']} (11.2)",
                        )
            known = {u["id"] for u in v["units"] if u["type"] != "unknown"}
            grp = v.get("group")
            if grp and viewer is not None:
                for uid in grp.get("units", []):
                    if uid not in known:
                        self.rec.bad(
                            "hidden",
                            f"{self.where()} {viewer} view's moving group names {uid} it cannot identify",
                        )
            self.rec.ok("hidden")

    # ----------------------------------------------------------------- the end
    def check_end(self) -> None:
        out = self.game.outcome(self.state)
        units = own_units(self.game, self.state)
        self.final_units = units
        self.outcome = out
        # dynamo:23.0 (turn record): twelve game-turns, 20 to 31 May
        if self.turn != RULES["turns"]:
            self.rec.bad("sequence", f"{self.where()} game over on turn {self.turn}")
        # dynamo:22.5, 22.6: the level from the quotient of the reported points
        pts = out.points
        q = pts["german"] / pts["allied"] if pts["allied"] else float("inf")
        levels = RULES["levels"][
            "campaign" if self.scenario.endswith("campaign") else "shifted"
        ]
        want = next(lv for lv in levels if q >= lv["at_least"] - 1e-9)
        if out.winner != want["winner"] or want["level"] not in out.level.lower():
            self.rec.bad(
                "victory-level",
                f"{self.where()} quotient {q:.2f}: {out.winner} {out.level}, rulebook {want['winner']} {want['level']}",
            )
        else:
            self.rec.ok("victory-level")
        self.check_points(units, {**pts, **getattr(self, "over", {})})
        self.check_end_of_game_communications(
            units, {**pts, **getattr(self, "over", {})}
        )

    def check_points(self, units, pts) -> None:
        """dynamo:22.2, 22.4 recomputed from the final pieces (22.3's line of communications
        is counted as the game reports it: the view does not say which survivors it counted)."""
        german = 0
        allied = 0
        kg_lost = Counter()
        for u in units.values():
            if not real(u):
                continue
            total_steps = u.get("steps") or 1
            if u["status"] in ("map", "evacuated", "edge", "off", "withdrawn"):
                lost = u.get("step") or 0
            elif u["status"] == "dead":
                lost = total_steps - 0
            else:
                continue
            if u["side"] == "allied":
                if u["nation"] == "british":
                    german += (
                        (2 if u["task_force"] else 4) * lost
                        if not u["task_force"]
                        else 2 * (lost > 0)
                    )
                elif u["moto"]:
                    german += 4 * lost
                else:
                    german += 2 * lost
            else:
                if u["type"] == "kg":
                    parent = UNITS.get(u["id"], {}).get("parent")
                    kg_lost[parent] += lost
                elif u["moto"]:
                    allied += 4 * lost
                else:
                    allied += 2 * lost
        for parent, n in kg_lost.items():
            allied += sum(RULES["points"]["kampfgruppe_steps"][:n])
        self.recomputed = (german, allied)
        # the German total is exact unless the game converts cut-off Allied units (22.3)
        if german > pts["german"]:
            self.rec.bad(
                "points",
                f"{self.where()} destroyed Allied steps give the German {german}, the game reports {pts['german']} (22.2)",
            )
        else:
            self.rec.ok("points")
        ev_steps = pts.get("evacuated_steps", 0)
        tf = pts.get("evacuated_task_force_steps", 0)
        if allied + ev_steps + tf // 3 != pts["allied"]:
            self.rec.bad(
                "points",
                f"{self.where()} destroyed German steps {allied} + evacuated {ev_steps} + task forces {tf}//3, the game reports {pts['allied']} (22.4)",
            )
        else:
            self.rec.ok("points")


# ---------------------------------------------------------------- the games
GAMES = [
    ("dynamo/campaign", 2, 1400),
    ("dynamo/campaign", 6, 1400),
    ("dynamo/campaign", 9, 1400),
    ("dynamo/no-halt-order", 2, 900),
    ("dynamo/no-halt-order", 7, 900),
    # games that met what random play rarely meets, each once reported as a fault by a referee
    # that was wrong: a Kampfgruppe shown before its division broke down (15.2), Kampfgruppen
    # reformed in an advance (15.3, 17.22), a supply line into marsh and no further (9.5)
    ("dynamo/campaign", 10, 500),
    ("dynamo/campaign", 17, 500),
    ("dynamo/no-halt-order", 20, 600),
]


@functools.cache
def refereed(scenario: str, seed: int, limit: int) -> Referee:
    ref = Referee(scenario, seed, limit)
    try:
        ref.play()
    except Exception as exc:  # noqa: BLE001 - reported once, not replayed by every test
        import traceback

        ref.rec.bad(
            "referee", f"{scenario} seed {seed}: {exc!r}\n{traceback.format_exc()}"
        )
    return ref


def findings(check: str) -> list[str]:
    out = []
    for args in GAMES:
        out += refereed(*args).rec.findings.get(check, [])
    return out


def counted(check: str) -> int:
    return sum(refereed(*args).rec.counts.get(check, 0) for args in GAMES)


# ---------------------------------------------------------------- the checks
def test_referee_ran_clean():
    assert not findings("referee"), findings("referee")[0]


def _assert_clean(check: str) -> None:
    bad = findings(check)
    assert not bad, "\n".join(bad[:8])
    assert counted(check) >= LEAST[check], f"{check}: only {counted(check)} situations met, at least {LEAST[check]} wanted"


# The situations each check must meet in the games above: half the fewest met in two measures
# (before and after other changes to the game moved the random play), one for the rare ones
# (fewer than ten), so that a change of the game's play passes and a check that stops meeting fails.
# dynamo:17.18 (units retreated into a hex assaulted again) is not refereed: random play met it
# in none of the games, even biased to retreat into held hexes and assault them; the game's
# tests check it on a constructed position (tests/games/dynamo/test_results.py).
LEAST = {
    "advance": 64,
    "advance-blitz": 64,
    "assault-legal": 222,
    "assault-phase": 117,
    "blitz-cost": 1,
    "blitz-rules": 7,
    "combat-column": 108,
    "combat-concentric": 101,
    "combat-defence-missing": 138,
    "combat-defenders": 108,
    "combat-flak": 1,
    "combat-luftwaffe": 108,
    "combat-modifiers": 108,
    "combat-odds": 108,
    "combat-raf": 1,
    "combat-result": 108,
    "combat-strengths": 278,
    "combat-total": 108,
    "combat-totals": 108,
    "combat-village": 104,
    "combat-water": 104,
    "dummies": 1533,
    "evacuation": 12,
    "hidden": 67,
    "hidden-log": 2073,
    "luftwaffe": 23,
    "move": 213,
    "move-cost": 113,
    "move-offered": 125,
    "overland": 1,
    "points": 5,
    "points-22.3": 1,
    "reinforcements": 1903,
    "results": 108,
    "results-no-retreat": 1,
    "retreat-path": 71,
    "sequence": 225,
    "sequence-side": 1756,
    "stacking": 295,
    "supply": 23,
    "victory-level": 1,
    "withdrawal": 5,
}


@pytest.mark.rules("dynamo:4.1")
@pytest.mark.rules("dynamo:4.2")
@pytest.mark.rules("dynamo:23.1")
def test_sequence_of_play():
    _assert_clean("sequence")


@pytest.mark.rules("dynamo:4.2")
@pytest.mark.rules("dynamo:9.2")
def test_who_acts_in_each_phase():
    _assert_clean("sequence-side")


@pytest.mark.rules("dynamo:16.2")
def test_assaults_only_by_the_phasing_player():
    _assert_clean("assault-phase")


@pytest.mark.rules("dynamo:16.1")
@pytest.mark.rules("dynamo:16.5")
@pytest.mark.rules("dynamo:16.7")
def test_offered_assaults_are_legal():
    _assert_clean("assault-legal")


@pytest.mark.rules("dynamo:8.1")
def test_luftwaffe_commitment():
    _assert_clean("luftwaffe")


@pytest.mark.rules("dynamo:16.6")
def test_every_unit_in_the_hex_defends():
    _assert_clean("combat-defenders")


@pytest.mark.rules("dynamo:16.3")
def test_combat_totals_from_parts():
    _assert_clean("combat-totals")


@pytest.mark.rules("dynamo:5.9")
@pytest.mark.rules("dynamo:16.9")
def test_combat_strengths():
    _assert_clean("combat-strengths")


@pytest.mark.rules("dynamo:16.3")
def test_every_defender_adds_its_strength():
    _assert_clean("combat-defence-missing")


@pytest.mark.rules("dynamo:18.1")
@pytest.mark.rules("dynamo:18.2")
def test_flak_defence():
    _assert_clean("combat-flak")


@pytest.mark.rules("dynamo:16.3")
def test_combat_odds():
    _assert_clean("combat-odds")


@pytest.mark.rules("dynamo:16.4")
@pytest.mark.rules("dynamo:16.13")
@pytest.mark.rules("dynamo:16.14")
def test_combat_column():
    _assert_clean("combat-column")


@pytest.mark.rules("dynamo:16.15")
@pytest.mark.rules("dynamo:16.16")
def test_combat_modified_die():
    _assert_clean("combat-total")


@pytest.mark.rules("dynamo:16.4")
@pytest.mark.rules("dynamo:17.1")
def test_combat_result_from_the_table():
    _assert_clean("combat-result")


@pytest.mark.rules("dynamo:10.3")
@pytest.mark.rules("dynamo:12.2")
@pytest.mark.rules("dynamo:16.17")
@pytest.mark.rules("dynamo:16.18")
def test_modifier_values():
    _assert_clean("combat-modifiers")


@pytest.mark.rules("dynamo:16.11")
def test_water_barrier_modifier():
    _assert_clean("combat-water")


@pytest.mark.rules("dynamo:16.17")
@pytest.mark.rules("dynamo:16.18")
def test_village_modifier():
    _assert_clean("combat-village")


@pytest.mark.rules("dynamo:16.17")
def test_concentric_modifier():
    _assert_clean("combat-concentric")


@pytest.mark.rules("dynamo:8.4")
@pytest.mark.rules("dynamo:8.5")
def test_luftwaffe_modifier():
    _assert_clean("combat-luftwaffe")


@pytest.mark.rules("dynamo:8.7")
def test_raf_needs_a_british_division():
    _assert_clean("combat-raf")


@pytest.mark.rules("dynamo:17.7")
@pytest.mark.rules("dynamo:17.8")
@pytest.mark.rules("dynamo:17.9")
@pytest.mark.rules("dynamo:17.10")
@pytest.mark.rules("dynamo:18.4")
def test_results_absorbed_exactly():
    _assert_clean("results")


@pytest.mark.rules("dynamo:17.10")
@pytest.mark.rules("dynamo:17.16")
def test_units_that_cannot_retreat_absorb_the_result_as_steps():
    _assert_clean("results-no-retreat")


@pytest.mark.rules("dynamo:17.20")
@pytest.mark.rules("dynamo:12.11")
def test_no_advance_after_a_blitz():
    _assert_clean("advance-blitz")


@pytest.mark.rules("dynamo:17.12")
@pytest.mark.rules("dynamo:17.15")
@pytest.mark.rules("dynamo:6.8")
@pytest.mark.rules("dynamo:12.9")
def test_retreat_paths():
    _assert_clean("retreat-path")


@pytest.mark.rules("dynamo:17.11")
@pytest.mark.rules("dynamo:17.21")
@pytest.mark.rules("dynamo:17.22")
def test_advances_after_combat():
    _assert_clean("advance")


@pytest.mark.rules("dynamo:20.4")
@pytest.mark.rules("dynamo:20.5")
def test_sea_evacuation_limits():
    _assert_clean("evacuation")


@pytest.mark.rules("dynamo:9.5")
def test_moves_never_into_marsh_or_enemy():
    _assert_clean("move")


@pytest.mark.rules("dynamo:6.4")
@pytest.mark.rules("dynamo:6.5")
@pytest.mark.rules("dynamo:7.2")
@pytest.mark.rules("dynamo:9.4")
@pytest.mark.rules("dynamo:9.5")
@pytest.mark.rules("dynamo:9.6")
def test_moves_offered():
    _assert_clean("move-offered")


@pytest.mark.rules("dynamo:6.4")
@pytest.mark.rules("dynamo:9.3")
@pytest.mark.rules("dynamo:9.5")
def test_move_costs():
    _assert_clean("move-cost")


@pytest.mark.rules("dynamo:12.1")
@pytest.mark.rules("dynamo:12.2")
@pytest.mark.rules("dynamo:12.8")
@pytest.mark.rules("dynamo:12.12")
@pytest.mark.rules("dynamo:5.12")
def test_blitzes_offered():
    _assert_clean("blitz-rules")


@pytest.mark.rules("dynamo:12.3")
@pytest.mark.rules("dynamo:12.4")
@pytest.mark.rules("dynamo:12.5")
def test_blitz_costs():
    _assert_clean("blitz-cost")


@pytest.mark.rules("dynamo:21.1")
@pytest.mark.rules("dynamo:21.2")
@pytest.mark.rules("dynamo:21.5")
@pytest.mark.rules("dynamo:21.6")
def test_reinforcement_entry():
    _assert_clean("reinforcements")


@pytest.mark.rules("dynamo:5.1")
@pytest.mark.rules("dynamo:5.2")
@pytest.mark.rules("dynamo:5.3")
@pytest.mark.rules("dynamo:5.4")
@pytest.mark.rules("dynamo:5.5")
@pytest.mark.rules("dynamo:5.6")
@pytest.mark.rules("dynamo:6.6")
def test_supply_check():
    _assert_clean("supply")


@pytest.mark.rules("dynamo:7.1")
@pytest.mark.rules("dynamo:7.6")
def test_stacking_limit():
    _assert_clean("stacking")


@pytest.mark.rules("dynamo:11.3")
def test_dummies_never_alone():
    _assert_clean("dummies")


@pytest.mark.rules("dynamo:11.2")
@pytest.mark.rules("dynamo:11.7")
def test_hidden_information():
    _assert_clean("hidden")


@pytest.mark.rules("dynamo:11.2")
def test_public_log_names_no_dummy():
    _assert_clean("hidden-log")


@pytest.mark.rules("dynamo:20.3")
def test_overland_evacuation_off_the_south_edge():
    _assert_clean("overland")


@pytest.mark.rules("dynamo:20.1")
def test_withdrawals():
    _assert_clean("withdrawal")


@pytest.mark.rules("dynamo:22.5")
@pytest.mark.rules("dynamo:22.6")
def test_victory_level():
    _assert_clean("victory-level")


@pytest.mark.rules("dynamo:22.3")
@pytest.mark.rules("dynamo:21.4")
def test_end_of_game_lines_of_communication():
    _assert_clean("points-22.3")


@pytest.mark.rules("dynamo:22.2")
@pytest.mark.rules("dynamo:22.4")
def test_victory_points():
    _assert_clean("points")
