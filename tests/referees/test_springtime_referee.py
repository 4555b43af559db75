"""An independent referee for Springtime for Hitler (Four Roads to Paris, the first game).

Written from the rulebook alone (cases cited as springtime:N.N.N) and the public protocol: random
games are played through `prompt`/`apply`, and at every step the public view before the action, the
legal actions offered, the action chosen, the events and the view after are checked against the
rules. The scenario data files (map, units, tables) are read only as the board and the printed
tables. Nothing under the game's package or its own tests is consulted.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for

FALL_GELB = "springtime/fall-gelb"
PLAN_RED = "springtime/plan-red"
# (scenario, seed, the side that mostly passes[, the side the game's greedy bot plays])
GAMES = [
    (FALL_GELB, 11, None),
    (FALL_GELB, 12, None),
    (FALL_GELB, 14, "allied"),
    (FALL_GELB, 15, "axis"),
    (PLAN_RED, 21, None),
    (FALL_GELB, 1, "allied", "axis"),
    (FALL_GELB, 2, "allied", "axis"),
    (FALL_GELB, 3, "allied", "axis"),
    (PLAN_RED, 4, "allied", "axis"),
    (FALL_GELB, 16, None, None, (("airdrops", "on"),)),
    (FALL_GELB, 17, "allied", "axis", (("airdrops", "on"),)),
    # games that reach an Armistice roll (16.2) and Italy's entry (an Operational, an Automatic Victory)
    (FALL_GELB, 30, "allied", "axis"),
    (PLAN_RED, 33, "allied", "axis"),
]
MAX_STEPS = 2500
PHASE_ORDER = ["political", "maneuvers", "refit", "end", "over"]  # springtime:6.0
MANEUVER_STEPS = ("assault", "regroup", "redeploy")
STACK = 5  # springtime:7.1
ALLIED_ZONES = {"A", "B", "C", "D", "E"}


@dataclass(eq=False)  # identity: steps are looked up in lists
class Step:
    i: int
    before: dict[str, Any]
    side: str | None
    step: str
    actions: list[dict[str, Any]]
    action: dict[str, Any]
    events: list[Any]
    after: dict[str, Any]
    side_views: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(eq=False)
class Game:
    scenario: str
    seed: int
    steps: list[Step]
    outcome: Any
    initial: dict[str, Any]


def _choose(
    rng: random.Random,
    actions: list[dict[str, Any]],
    step: str,
    passive: str | None,
    side: str | None,
) -> dict[str, Any]:
    """A random player that fights: attacks when it can, assaults often, moves before it ends. The
    `passive` side mostly passes, so that some games go the other side's way."""
    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for a in actions:
        by_type[a["type"]].append(a)

    def pick(kind: str) -> dict[str, Any]:
        return rng.choice(by_type[kind])

    r = rng.random()
    if side == passive and step == "start" and "pass" in by_type and r < 0.8:
        return pick("pass")
    if "attack" in by_type and r < 0.7:
        return pick("attack")
    if step == "start" and "assault" in by_type and r < 0.6:
        return pick("assault")
    if step in MANEUVER_STEPS and "move" in by_type and r < 0.85:
        return pick("move")
    if step == "logistics" and "decline" in by_type and r < 0.7:
        return pick("decline")
    kind = rng.choice(sorted(by_type))
    return pick(kind)


@cache
def play(
    scenario: str,
    seed: int,
    passive: str | None = None,
    greedy: str | None = None,
    options: tuple[tuple[str, str], ...] = (),
) -> Game:
    """One game through a Session; `greedy` names a side played by the game's own greedy bot (the
    presentation's public `bots`), so that some games reach an Axis victory."""
    game = game_for(scenario)
    session = Session.start(game, scenario, dict(options), seed=seed)
    bot = game.presentation().bots["greedy"] if greedy else None
    rng = random.Random(seed)
    steps: list[Step] = []
    initial = session.view(None)
    before = initial
    for i in range(MAX_STEPS):
        if session.outcome() is not None:
            break
        prompt = session.prompt
        actions = list(prompt.actions)
        side_views = (
            {s: session.view(s) for s in ("allied", "axis")} if i % 3 == 0 else {}
        )
        if bot is not None and prompt.side == greedy:
            action = bot(session, rng)
            assert action in actions, (i, action)  # the bot plays only what is offered
        else:
            action = _choose(
                rng, actions, before.get("step") or "", passive, prompt.side
            )
        events = session.act(action)
        after = session.view(None)
        steps.append(
            Step(
                i,
                before,
                prompt.side,
                before.get("step") or "",
                actions,
                action,
                events,
                after,
                side_views,
            )
        )
        before = after
    return Game(scenario, seed, steps, session.outcome(), initial)


@pytest.fixture(
    params=GAMES,
    ids=[
        f"{p[0].split('/')[1]}-{p[1]}" + ("-airdrops" if len(p) > 4 else "")
        for p in GAMES
    ],
    scope="module",
)
def g(request: pytest.FixtureRequest) -> Game:
    return play(*request.param)


@pytest.mark.rules("springtime:16.0")
def test_the_games_cover_the_rules() -> None:
    """Not a rule: the referee's games must reach combats of every result and victories of both sides."""
    results: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    for p in GAMES:
        game = play(*p)
        winners[game.outcome.winner] += 1
        for _, res, e in _combats(game):
            results[e.data["result"]] += 1
    assert all(results[r] for r in ("repulse", "stalemate", "success", "overrun")), (
        results
    )
    assert winners["allied"] and winners["axis"], winners


def _events(kind: str, where: Any = lambda e: True) -> Any:
    return lambda g: sum(1 for s in g.steps for e in events_of(s, kind) if where(e))


def _offered(kind: str, where: Any = lambda a: True) -> Any:
    return lambda g: sum(1 for s in g.steps for a in s.actions if a["type"] == kind and where(a))


def _chosen(*kinds: str) -> Any:
    return lambda g: sum(1 for s in g.steps if s.action["type"] in kinds)


# The situations a referee test judges, counted over all the games, and the least it must meet
# (about half of what was measured): a test that stops meeting its situations fails here. The
# tests not listed judge every step, impulse or turn of every game.
SITUATIONS: dict[str, tuple[Any, int]] = {
    "test_logistics_roll": (_events("logistics"), 79),
    "test_assault_offers": (_offered("assault"), 629),
    "test_attacks_offered_and_mandatory": (_events("attack"), 92),
    "test_combat_totals_recomputed": (_events("combat"), 92),
    "test_combat_losses": (_events("combat"), 92),
    "test_retreats": (_events("retreat"), 84),
    "test_control_changes": (_events("control"), 113),
    "test_morale_is_the_sum_of_its_changes": (_events("morale"), 120),
    "test_draws_counted_from_events": (_events("draw"), 50),
    "test_hidden_hands": (lambda g: _events("reveal")(g) + _events("discard")(g), 76),
    "test_belgian_surrender_check": (_events("politics", lambda e: "roll" in e.data), 5),
    "test_italy_declares_war": (lambda g: sum(1 for s in g.steps for e in s.events if "Ital" in e.text), 1),
    "test_advantage_use": (_chosen("advantage"), 39),
    "test_refit": (_chosen("refit", "rebuild"), 43),
    "test_armistice_rolls": (_events("armistice"), 1),
    "test_event_plays": (_offered("event"), 220),
    "test_extra_event_draw": (_offered("advantage", lambda a: a.get("use") == "extra_event"), 81),
    "test_kleist_placement": (_offered("kleist"), 81),
    "test_belgian_area_after_surrender": (_offered("belgium"), 4),
    "test_surrender_rolls": (_events("loss", lambda e: "surrender" in e.text and "out of supply" in e.text), 7),
    "test_paris_captured_costs_morale": (_events("control", lambda e: e.data.get("area") == "25"), 2),
    "test_automatic_victory_at_turn_end": (lambda g: g.outcome.level == "Automatic Victory", 3),
    "test_airdrops": (_events("airdrop"), 2),
}


@pytest.mark.parametrize("test", list(SITUATIONS))
def test_each_check_meets_its_situations(test: str) -> None:
    count, least = SITUATIONS[test]
    met = sum(count(play(*p)) for p in GAMES)
    assert met >= least, f"{test}: only {met} situations in the games, at least {least} wanted"


# ---------------------------------------------------------------- helpers over views


def units_by_id(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {u["id"]: u for u in view["units"]}


def on_map(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [u for u in view["units"] if u["status"] == "map" and u.get("zone")]


def in_zone(
    view: dict[str, Any], zone: str, side: str | None = None
) -> list[dict[str, Any]]:
    return [
        u
        for u in on_map(view)
        if u["zone"] == zone and (side is None or u["side"] == side)
    ]


def neighbours(view: dict[str, Any]) -> dict[str, dict[str, str]]:
    adj: dict[str, dict[str, str]] = defaultdict(dict)
    for link in view["links"]:
        adj[link["a"]][link["b"]] = link["kind"]
        adj[link["b"]][link["a"]] = link["kind"]
    return adj


def other(side: str) -> str:
    return "axis" if side == "allied" else "allied"


def contested(view: dict[str, Any], zone: str) -> bool:  # springtime:7.3
    sides = {u["side"] for u in in_zone(view, zone)}
    return len(sides) == 2


def events_of(step: Step, kind: str) -> list[Any]:
    return [e for e in step.events if e.kind == kind]


_IMPULSES: dict[int, list[list[Step]]] = {}


def impulses(g: Game) -> list[list[Step]]:
    """The steps of each impulse, from its 'start' choice to the next start or phase change."""
    if id(g) not in _IMPULSES:
        _IMPULSES[id(g)] = _impulses(g)
    return _IMPULSES[id(g)]


def _impulses(g: Game) -> list[list[Step]]:
    out: list[list[Step]] = []
    cur: list[Step] | None = None
    for s in g.steps:
        if (
            s.before["phase"] == "maneuvers"
            and s.step in ("start",)
            and s.action["type"] not in ("advantage", "event")
        ):
            cur = [s]
            out.append(cur)
        elif cur is not None and s.before["phase"] == "maneuvers" and s.step != "start":
            cur.append(s)
        elif s.before["phase"] != "maneuvers":
            cur = None
    return out


# ---------------------------------------------------------------- set-up (5.0, 19.0)

FG_SETUP = {
    "fr-1a": "13",
    "fr-2a": "17",
    "fr-7a": "9",
    "fr-9a": "12",
    "fr-prioux": "13",
    "fr-1dcr": "13",
    "bef": "13",
    "fr-3a": "18",
    "fr-4a": "19",
    "fr-5a": "19",
    "fr-8a": "20",
    "fr-alp": "E",
    "be": "13",
    "nl": "8",
    "fr-6a": "23",
    "fr-10a": "25",
    "fr-2dcr": "24",
    "fr-3dcr": "24",
    "de-4a": "5",
    "de-hoth": "5",
    "de-12a": "3",
    "de-16a": "3",
    "de-6a": "5",
    "de-hoepner": "5",
    "de-18a": "6",
    "de-schmidt": "6",
    "de-1a": "2",
    "de-7a": "1",
    "de-guderian": "3",
    "de-reinhardt": "3",
    "de-wietersheim": "4",
    "de-2a": "4",
}


@pytest.mark.rules("springtime:5.1")
def test_fall_gelb_markers_and_setup() -> None:
    v = game_for(FALL_GELB).view(game_for(FALL_GELB).new(FALL_GELB, {}), None)
    assert (v["turn"], v["turns"], v["impulse"], v["advantage"]) == (
        1,
        7,
        6,
        "axis",
    )  # 5.1.1, 5.1.2, 6.0
    assert v["morale"] == 30  # springtime:5.1.3
    assert v["rp"] == {"allied": 5, "axis": 10}  # springtime:5.1.4, 12.2
    assert v["events"]["cup"] == 9  # springtime:5.1.7
    # springtime:5.2.1: the listed Areas; only "(10th Army)" starts reduced; the Italians off the map (6.1.4)
    units = units_by_id(v)
    for uid, zone in FG_SETUP.items():
        assert units[uid]["zone"] == zone and units[uid]["status"] == "map", uid
        assert units[uid]["reduced"] == (uid == "fr-10a"), uid
    assert units["it-west"]["status"] != "map"
    assert (
        units["fr-4dcr"]["status"] != "map"
    )  # de Gaulle only after his Event (5.2.1 note)


@pytest.mark.rules("springtime:5.1.5")
def test_air_markers_start_on_reduced_side() -> None:
    """5.1.5: every Air Support marker starts on its reduced side; 9.4.2 gives the normal values."""
    v = game_for(FALL_GELB).view(game_for(FALL_GELB).new(FALL_GELB, {}), None)
    values = {a["nation"]: a["value"] for a in v["air"]}
    assert values == {"german": 4, "french": 3, "british": 2}


PR_SETUP = {
    "fr-7a": "26",
    "fr-10a": "26",
    "fr-2dcr": "26",
    "fr-2a": "24",
    "fr-4a": "24",
    "fr-6a": "24",
    "fr-3dcr": "24",
    "fr-3a": "18",
    "fr-5a": "19",
    "fr-8a": "20",
    "fr-alp": "E",
    "de-4a": "16",
    "de-18a": "16",
    "de-wietersheim": "16",
    "de-hoth": "16",
    "de-hoepner": "16",
    "de-6a": "17",
    "de-12a": "17",
    "de-2a": "17",
    "de-guderian": "17",
    "de-reinhardt": "17",
    "de-16a": "11",
    "de-1a": "2",
    "de-7a": "1",
}


@pytest.mark.rules("springtime:19.1")
def test_plan_red_markers_and_setup() -> None:
    v = game_for(PLAN_RED).view(game_for(PLAN_RED).new(PLAN_RED, {}), None)
    assert (v["turn"], v["impulse"], v["advantage"], v["morale"]) == (
        4,
        6,
        "axis",
        20,
    )  # springtime:19.2
    assert v["rp"] == {"allied": 0, "axis": 5}  # springtime:19.2
    assert set(v["events"]["played"]) >= {
        "de-gaulle",
        "cabinet-shuffle",
        "billotte-killed",
        "operation-dynamo",
        "air-supremacy",
    }
    units = units_by_id(v)
    for uid, zone in PR_SETUP.items():
        assert units[uid]["zone"] == zone and units[uid]["status"] == "map", uid
    for uid in ("fr-2dcr", "fr-2a", "fr-3dcr"):  # printed in parentheses (19.1.1)
        assert units[uid]["reduced"], uid
    for uid in ("fr-1a", "fr-9a", "bef", "be", "nl"):  # permanently eliminated
        assert units[uid]["status"] == "removed", uid
    for uid in ("fr-prioux", "fr-1dcr", "de-schmidt"):  # eliminated, may be rebuilt
        assert units[uid]["status"] == "eliminated", uid


# ---------------------------------------------------------------- sequence of play (6.0)


@pytest.mark.rules("springtime:6.0")
def test_phase_order_and_turns(g: Game) -> None:
    # springtime:6.0 phases in order; springtime:6.4.2 the turn advances by one; 6.4.5 seven turns
    prev = g.steps[0].before
    for s in g.steps:
        for a, b in ((prev, s.before), (s.before, s.after)):
            if b["turn"] == a["turn"]:
                assert PHASE_ORDER.index(b["phase"]) >= PHASE_ORDER.index(a["phase"]), (
                    s.i,
                    a["phase"],
                    b["phase"],
                )
            else:
                assert b["turn"] == a["turn"] + 1 and b["phase"] == "political", (
                    s.i,
                    a["turn"],
                    b["turn"],
                )
        assert s.before["turn"] <= 7
        if (
            s.before["turn"] == 7
        ):  # springtime:12.4, 6.3: no Refit Phase in the final turn
            assert s.before["phase"] != "refit", s.i
        prev = s.after
    assert g.outcome is not None, "the game must end by the End Phase of Turn 7 (6.4.5)"


@pytest.mark.rules("springtime:6.2")
def test_who_acts_each_impulse(g: Game) -> None:
    """6.2: odd impulses Allied, even Axis; 15.2: Turn 1 opens with Axis impulse 6; 6.4.2: others with 1."""
    first_impulse: dict[int, int] = {}
    for s in g.steps:
        if s.before["phase"] == "maneuvers" and s.step == "start":
            expect = "allied" if s.before["impulse"] % 2 else "axis"
            assert s.side == expect, (
                s.i,
                s.before["turn"],
                s.before["impulse"],
                s.side,
            )
            first_impulse.setdefault(s.before["turn"], s.before["impulse"])
    start_turn = g.initial["turn"]
    for turn, imp in first_impulse.items():
        if turn == start_turn:
            assert imp == g.initial["impulse"], (turn, imp)  # 15.2 / 19.2
        else:
            assert imp == 1, (turn, imp)  # springtime:6.4.2


@pytest.mark.rules("springtime:6.1.1")
def test_political_and_end_order(g: Game) -> None:
    """6.1.1 Allied draws first; 12.1 Allied refits first; 6.4.4 Allied plays/discards first."""
    for turn in {s.before["turn"] for s in g.steps}:
        for phase in ("political", "refit", "end"):
            sides = [
                s.side
                for s in g.steps
                if s.before["turn"] == turn and s.before["phase"] == phase and s.side
            ]
            if "allied" in sides and "axis" in sides and phase != "end":
                assert sides.index("allied") < sides.index("axis"), (turn, phase, sides)
            if phase == "end":
                for kind in ("event", "discard"):
                    ss = [
                        s.side
                        for s in g.steps
                        if s.before["turn"] == turn
                        and s.before["phase"] == "end"
                        and s.step.startswith(kind)
                    ]
                    if "allied" in ss and "axis" in ss:
                        assert ss.index("allied") < ss.index("axis"), (turn, kind, ss)


@pytest.mark.rules("springtime:6.2.1")
def test_logistics_roll(g: Game) -> None:
    """6.2.1: a Logistics dr ends every Axis impulse (8.1.3: also a Pass), none an Allied one;
    dr >= impulse goes on, dr < impulse ends the Maneuvers Phase unless Soldier On is spent (11.1.4)."""
    steps = g.steps
    for k, s in enumerate(steps):
        for e in events_of(s, "logistics"):
            roll = e.data["roll"]
            imp = s.before["impulse"]
            assert imp % 2 == 0 and 1 <= roll <= 6, (
                s.i,
                imp,
                roll,
            )  # an Axis impulse, a dr
            soldier = any(
                t.action.get("use") == "soldier_on" for t in steps[k + 1 : k + 3]
            )
            # the next impulse started, or the phase ended
            nxt = next(
                (
                    t
                    for t in steps[k + 1 :]
                    if t.before["phase"] != "maneuvers" or t.step == "start"
                ),
                None,
            )
            if nxt is None:
                continue
            went_on = (
                nxt.before["phase"] == "maneuvers"
                and nxt.before["turn"] == s.before["turn"]
            )
            if roll >= imp and imp < g.initial["impulses"]:
                assert went_on and nxt.before["impulse"] == imp + 1, (s.i, roll, imp)
            elif roll < imp:
                # Soldier On carries play to the next impulse, unless the track has run out (6.2.1)
                assert went_on == (soldier and imp < g.initial["impulses"]), (
                    s.i,
                    roll,
                    imp,
                    soldier,
                )
            else:
                assert not went_on, (s.i, roll, imp)  # springtime:6.2.1: off the track
    # every Axis impulse ends with one roll
    for imp_steps in impulses(g):
        first = imp_steps[0]
        rolls = [e for t in imp_steps for e in events_of(t, "logistics")]
        if first.side == "axis":
            assert len(rolls) == 1, (
                first.i,
                first.before["turn"],
                first.before["impulse"],
                len(rolls),
            )
        else:
            assert not rolls, first.i


# ---------------------------------------------------------------- impulses (8.1)


def _halted(g: Game, first: Step) -> bool:
    """The Axis impulse after the Allies play Halt Order (events.toml: its armor neither moves nor
    attacks)."""
    if first.side != "axis":
        return False
    k = g.steps.index(first)
    for t in reversed(g.steps[:k]):
        if t.action.get("marker") == "halt-order":
            return True
        if (
            t.before["phase"] == "maneuvers"
            and t.step == "start"
            and t.side == "axis"
            and t.action["type"] not in ("event", "advantage")
        ):
            return False
        if t.before["phase"] != "maneuvers":
            return False
    return False


def _last_assault_groups(g: Game) -> list[tuple[Step, set[str]]]:
    out = []
    for s in g.steps:
        if (
            s.before["phase"] == "maneuvers"
            and s.step == "start"
            and s.action["type"] not in ("advantage", "event")
        ):
            out.append(
                (
                    s,
                    set(s.action.get("groups", []))
                    if s.action["type"] == "assault"
                    else set(),
                )
            )
    return out


def _is_surprise(s: Step, g: Game) -> bool:
    """15.3 (Turn 1, impulse 6 of Fall Gelb), or the impulse the Axis opens by playing the Plan Red
    marker, whose effect (events.toml, from the PAC) repeats 15.3."""
    if g.scenario == FALL_GELB and s.before["turn"] == 1 and s.before["impulse"] == 6:
        return True
    k = g.steps.index(s)
    for t in reversed(g.steps[:k]):
        if (
            t.before["impulse"] != s.before["impulse"]
            or t.before["phase"] != "maneuvers"
        ):
            return False
        if t.action.get("marker") == "plan-red":
            return True
    return False


@pytest.mark.rules("springtime:8.1.1")
def test_assault_offers(g: Game) -> None:
    """8.1.1: one Army Group (Kleist alone or with one other), never Reserves alone, and not the same
    Army Group as the side's previous impulse in the same turn; 15.3: all at once in the surprise."""
    previous: dict[tuple[int, str], set[str]] = {}
    for s, groups in _last_assault_groups(g):
        side = s.side
        own_groups = {u["group"] for u in s.before["units"] if u["side"] == side}
        for a in s.actions:
            if a["type"] != "assault":
                continue
            gs = set(a["groups"])
            assert gs <= own_groups and "R" not in gs, (s.i, a)
            if not _is_surprise(s, g):
                if side == "axis":
                    assert len(gs) == 1 or (len(gs) == 2 and "K" in gs), (s.i, a)
                else:
                    assert len(gs) == 1, (s.i, a)
                assert not gs & previous.get((s.before["turn"], side), set()), (
                    s.i,
                    a,
                    previous,
                )
        previous[(s.before["turn"], side)] = groups


@pytest.mark.rules("springtime:8.1.1")
def test_assault_not_consecutive_across_turns() -> None:
    """8.1.1 names consecutive impulses, not impulses of one turn: the side's last impulse of a turn
    and its first of the next are consecutive."""
    found = []
    for p in GAMES:
        g = play(*p)
        last: dict[str, set[str]] = {}
        for s, groups in _last_assault_groups(g):
            for a in s.actions:
                if (
                    a["type"] == "assault"
                    and not _is_surprise(s, g)
                    and set(a["groups"]) & last.get(s.side, set())
                ):
                    found.append(
                        (p, s.i, s.before["turn"], s.before["impulse"], a, last[s.side])
                    )
            last[s.side] = groups
    assert not found, found[:3]


@pytest.mark.rules("springtime:9.1")
def test_moves_offered(g: Game) -> None:
    """Every offered move: an active unit of the side, to an adjacent Area along a connection (9.1,
    9.3.2), never into Zone F (14.3) or a full Area (7.1, 9.3.1), within its MF (9.2, 13.2.2; double when
    Redeploying, 8.1.2b; one Area when Regrouping, 8.1.2a), stopped by the Maginot Line and by enemy
    units (9.2), not into an Area already attacked (9.2.1), the Alp Army not before Italy's war (9.3.3)."""
    italy_at_war = False
    for imp in impulses(g):
        first = imp[0]
        kind = first.action["type"]
        side = first.side
        groups = set(first.action.get("groups", []))
        start = first.after
        start_zone = {u["id"]: u["zone"] for u in on_map(start)}
        start_contested = {z for z in start["zones"] if contested(start, z)}
        moves: Counter[str] = Counter()
        last_boundary: dict[str, str] = {}
        attacked: set[str] = set()
        redeploy_area = first.action.get("area")
        for s in imp:
            v = s.before
            if any(u["id"] == "it-west" for u in on_map(v)):
                italy_at_war = True
            adj = neighbours(v)
            if s.step in MANEUVER_STEPS:
                units = units_by_id(v)
                for a in s.actions:
                    if a["type"] != "move":
                        continue
                    u = units[a["unit"]]
                    here, to = u["zone"], a["to"]
                    where = (s.i, s.before["turn"], s.before["impulse"], s.step, a)
                    assert u["side"] == side and u["status"] == "map", where
                    assert not (u["kind"] == "armored" and _halted(g, first)), (
                        where
                    )  # Halt Order (events.toml)
                    assert to in adj[here], where  # springtime:9.1, 9.3.2
                    assert to != "F" or u["nation"] == "italian", (
                        where
                    )  # springtime:14.3
                    if v["zones"][to]["kind"] == "area":  # springtime:7.1, 14.2
                        assert len(in_zone(v, to, side)) < STACK, where
                    if u["id"] == "fr-alp":
                        assert italy_at_war, where  # springtime:9.3.3
                    assert to not in attacked, where  # springtime:9.2.1
                    assert last_boundary.get(u["id"]) != "maginot", (
                        where
                    )  # springtime:9.2
                    if moves[u["id"]] and in_zone(v, here, other(side)):
                        raise AssertionError(
                            f"moved on after entering an enemy-occupied Area (9.2): {where}"
                        )
                    printed = UNITS[u["id"]][
                        "rmf" if u["reduced"] else "mf"
                    ]  # the counter (4.3.2)
                    mf = printed - (
                        1 if u["kind"] == "armored" and u["oos"] else 0
                    )  # springtime:13.2.2
                    if s.step == "redeploy":
                        mf *= 2
                        assert (
                            start_zone.get(u["id"]) == redeploy_area and not u["oos"]
                        ), where  # 8.1.2b, 13.1
                        ctrl = v["zones"][to]["control"]
                        assert not (ctrl == other(side) and not contested(v, to)), where
                    if s.step == "regroup":
                        mf = 1
                        assert v["zones"][to]["control"] == side and not in_zone(
                            v, to, other(side)
                        ), where  # 8.1.2a
                    if (
                        s.step in ("regroup", "redeploy")
                        and start_zone.get(u["id"]) in start_contested
                    ):
                        assert not contested(v, to), where  # springtime:8.1.2
                    if s.step == "assault":
                        grp = u["group"]
                        everyone = _is_surprise(first, g)
                        if (
                            grp == "R"
                        ):  # springtime:8.1.1: a Reserve goes with an activated unit of its Area
                            assert any(
                                (w["group"] in groups or everyone)
                                and w["group"] != "R"
                                and w["side"] == side
                                for w in in_zone(start, start_zone[u["id"]])
                            ), where
                        else:
                            assert grp in groups or _is_surprise(first, g), where
                    assert moves[u["id"]] < mf, where  # springtime:9.2 MF
                    if (
                        moves[u["id"]] == 0
                        and start_zone.get(u["id"]) in start_contested
                    ):
                        # springtime:9.2: out of a Contested Area only into a Free one
                        assert v["zones"][to]["control"] == side and not in_zone(
                            v, to, other(side)
                        ), where
            for e in events_of(s, "move"):
                moves[e.data["unit"]] += 1
                last_boundary[e.data["unit"]] = e.data.get("boundary", "")
            for e in events_of(s, "attack"):
                attacked.add(e.data["area"])
        del kind


@pytest.mark.rules("springtime:10.1")
def test_attacks_offered_and_mandatory(g: Game) -> None:
    """10.0/9.1: only active units in an Area with enemy units attack, the lead among them (10.4.2);
    9.4.1: Air Support only of the lead's nationality, each marker once an impulse; 10.1: an impulse
    is not ended while units that entered an enemy-occupied, uncontested Area have not attacked."""
    for imp in impulses(g):
        first = imp[0]
        if first.action["type"] != "assault":
            continue
        side = first.side
        groups = set(first.action.get("groups", []))
        start = first.after
        start_contested = {z for z in start["zones"] if contested(start, z)}
        entered: dict[str, str] = {}
        attacked_units: set[str] = set()
        air_used: set[str] = set()
        for s in imp:
            v = s.before
            units = units_by_id(v)
            air = {a["id"]: a for a in v["air"]}
            if s.step == "assault":
                for a in s.actions:
                    where = (s.i, s.before["turn"], s.before["impulse"], a)
                    if a["type"] == "attack":
                        area = a["area"]
                        assert in_zone(v, area, other(side)), where
                        assert a["lead"] in a["units"], where
                        for uid in a["units"]:
                            assert (
                                units[uid]["side"] == side
                                and units[uid]["zone"] == area
                            ), where
                            # springtime:9.1, 10.0: only active units attack (8.1.1: the Army Group, or a
                            # Reserve that began with an activated unit)
                            u0 = units_by_id(start)[uid]
                            grp = u0["group"]
                            everyone = _is_surprise(first, g)
                            if grp == "R":
                                assert any(
                                    (w["group"] in groups or everyone)
                                    and w["group"] != "R"
                                    for w in in_zone(start, u0["zone"], side)
                                ), where
                            else:
                                assert grp in groups or everyone, where
                        if a.get("air"):
                            m = air[a["air"]]
                            assert (
                                m["side"] == side
                                and m["nation"] == units[a["lead"]]["nation"]
                            ), where
                            assert a["air"] not in air_used, where
                    if a["type"] == "end":
                        for uid, area in entered.items():
                            u = units.get(uid)
                            if (
                                u
                                and u["status"] == "map"
                                and u["zone"] == area
                                and in_zone(v, area, other(side))
                            ):
                                assert uid in attacked_units, (
                                    "mandatory attack skipped (10.1)",
                                    where,
                                    uid,
                                    area,
                                )
            if s.step == "defend":
                for a in s.actions:
                    if a.get("air"):
                        m = air[a["air"]]
                        assert (
                            m["side"] == s.side
                            and m["nation"] == units[a["lead"]]["nation"]
                        ), (s.i, a)
                        assert a["air"] not in air_used, (
                            s.i,
                            a,
                            air_used,
                        )  # springtime:9.4.1
                    assert units[a["lead"]]["side"] == s.side, (s.i, a)
            if s.step == "assault" and _is_surprise(first, g):
                for a in s.actions:
                    if (
                        a["type"] == "attack"
                    ):  # springtime:15.3: no combined attacks between Army Groups
                        start_units = units_by_id(start)
                        assert (
                            len({start_units[u]["group"] for u in a["units"]} - {"R"})
                            <= 1
                        ), (s.i, a)
            for e in events_of(s, "move"):
                to = e.data["to"]
                if in_zone(s.before, to, other(side)) and to not in start_contested:
                    entered[e.data["unit"]] = to
            for e in events_of(s, "attack"):
                attacked_units.update(e.data["units"])
                if e.data.get("air"):
                    air_used.add(e.data["air"])
            if s.step == "defend" and s.action.get("air"):
                air_used.add(s.action["air"])


# ---------------------------------------------------------------- combat (10.4)


def _combats(g: Game) -> list[tuple[Step, Step, Any]]:
    """(the step declaring the attack, the step resolving it, the combat event)."""
    out = []
    pending: Step | None = None
    for s in g.steps:
        if events_of(s, "attack"):
            pending = s
        for e in events_of(s, "combat"):
            assert pending is not None
            out.append((pending, s, e))
            pending = None
    return out


@pytest.mark.rules("springtime:10.4")
def test_combat_totals_recomputed(g: Game) -> None:
    """10.4: AT = AV + DR against DT = DV + DR; AV (10.4.2): lead CV, +1 each other unit, leaders'
    ratings, Air Support (9.4.2), -1 each unit Out of Supply (13.2.2); DV (10.4.3): lead CV, +1 each
    other defender, the Area's TEM (3.1.2), leaders, Air, supply, the river and Maginot modifiers
    (the printed tables, tables.toml); 10.4.4: the result from AT against DT, an armored lead's
    success an Overrun."""
    combats = _combats(g)
    for decl, res, e in combats:
        d = e.data
        v = decl.before
        units = units_by_id(v)
        att = decl.action
        area = att["area"]
        air = {a["id"]: a["value"] for a in v["air"]}
        attackers = [units[u] for u in att["units"]]
        lead = units[att["lead"]]
        ap = dict(d["attack_parts"])
        # springtime:4.3.2, 4.2: the CV printed on the side of the counter face-up
        assert ap["lead CV"] == UNITS[lead["id"]]["rcv" if lead["reduced"] else "cv"], (
            decl.i,
            ap,
            lead,
        )
        assert ap["other units"] == len(attackers) - 1, (decl.i, ap)
        assert ap["leaders"] == sum(
            ldr["rating"] for u in attackers for ldr in u.get("leaders", [])
        ), (decl.i, ap)
        assert ap["air"] == (air[att["air"]] if att.get("air") else 0), (decl.i, ap)
        assert ap["out of supply"] == -sum(1 for u in attackers if u["oos"]), (
            decl.i,
            ap,
        )
        dv = res.before
        dunits = units_by_id(dv)
        defenders = in_zone(dv, area, other(decl.side))
        dlead = dunits[res.action["lead"]]
        dp = dict(d["defence_parts"])
        assert (
            dp["lead CV"] == UNITS[dlead["id"]]["rcv" if dlead["reduced"] else "cv"]
        ), (res.i, dp, dlead)
        assert dp["other units"] == len(defenders) - 1, (res.i, dp)
        assert dp["TEM"] == dv["zones"][area]["tem"], (res.i, dp)
        assert dp["leaders"] == sum(
            ldr["rating"] for u in defenders for ldr in u.get("leaders", [])
        ), (res.i, dp)
        dair = res.action.get("air")
        assert dp["air"] == (air[dair] if dair else 0), (res.i, dp)
        assert dp["out of supply"] == -sum(1 for u in defenders if u["oos"]), (
            res.i,
            dp,
        )
        # river and Maginot: each attacker that entered the Area across that boundary this impulse
        crossings: Counter[str] = Counter()
        imp = next(i for i in impulses(g) if decl in i)
        for t in imp[: imp.index(decl) + 1]:
            for m in events_of(t, "move"):
                if m.data["to"] == area and m.data["unit"] in att["units"]:
                    crossings[m.data["unit"]] = 0
                    if m.data.get("boundary") in ("river", "maginot"):
                        crossings[m.data["unit"]] = (
                            1 if m.data["boundary"] == "river" else 2
                        )
        # the Defense Value Table (tables.toml) gives the modifier when every attacking unit entered
        # across that boundary this impulse (18.1.1 names the river modifier, the map prints it)
        kinds = [crossings.get(u, 0) for u in att["units"]]
        assert dp["river"] == (1 if all(c == 1 for c in kinds) else 0), (
            res.i,
            dp,
            crossings,
        )
        assert dp["Maginot Line"] == (2 if all(c == 2 for c in kinds) else 0), (
            res.i,
            dp,
            crossings,
        )
        # springtime:10.4.1: each side a DR of two dice
        assert len(d["attack_dice"]) == 2 and len(d["defence_dice"]) == 2
        at = sum(ap.values()) + sum(d["attack_dice"])
        dt = sum(dp.values()) + sum(d["defence_dice"])
        assert (at, dt) == (d["attack_total"], d["defence_total"]), (res.i, at, dt, d)
        if at < dt:
            want = "repulse"
        elif at == dt:
            want = "stalemate"
        else:
            want = "overrun" if lead["kind"] == "armored" else "success"
        assert d["result"] == want, (res.i, want, d)


def _final_result(g: Game, res: Step, e: Any) -> str:
    """The result after any Heroic Defense (11.1.2) or Maximum Attack (11.1.3) spent right after."""
    k = g.steps.index(res)
    for t in g.steps[k + 1 : k + 3]:
        if t.action.get("type") == "advantage" and t.action.get("use") in (
            "heroic",
            "maximum",
        ):
            return "stalemate"
        if t.step != "advantage":
            break
    return e.data["result"]


@pytest.mark.rules("springtime:10.4.4")
def test_combat_losses(g: Game) -> None:
    """10.4.4: Repulse hits the attacking lead; Stalemate both leads; Success the defending lead, and
    the attacking lead too on a defence DR of 8+; Overrun eliminates the defending lead, and hits the
    attacking lead on a defence DR of 10+. A hit flips a full unit, eliminates a reduced one."""
    for decl, res, e in _combats(g):
        d = e.data
        result = _final_result(g, res, e)
        k = g.steps.index(res)
        # the losses of this combat: step/loss events from the resolution until the next assault choice
        hits: Counter[str] = Counter()
        elim: set[str] = set()
        for t in g.steps[k : k + 3]:
            if t is not res and t.step not in ("advantage",):
                break
            for ev in t.events:
                if ev.kind == "step":
                    hits[ev.data["unit"]] += 1
                if (
                    ev.kind == "loss"
                    and "could not retreat" not in ev.text
                    and "surrender" not in ev.text
                ):
                    elim.add(ev.data["unit"])
        ddr = sum(d["defence_dice"])
        lead, dlead = d["lead"], d["dlead"]
        was = units_by_id(decl.before)
        dwas = units_by_id(res.before)
        a_hit = (
            result in ("repulse", "stalemate")
            or (result == "success" and ddr >= 8)
            or (result == "overrun" and ddr >= 10)
        )
        d_hit = result in ("stalemate", "success")
        d_elim = result == "overrun"
        where = (res.i, result, ddr, dict(hits), elim)
        if a_hit:
            assert (lead in elim) if was[lead]["reduced"] else hits[lead] == 1, where
        else:
            assert lead not in elim and not hits[lead], where
        if d_elim:
            assert dlead in elim, where
        elif d_hit:
            assert (dlead in elim) if dwas[dlead]["reduced"] else hits[dlead] == 1, (
                where
            )
        else:
            assert dlead not in elim and not hits[dlead], where
        others = (set(hits) | elim) - {lead, dlead}
        assert not others, where  # only the leads suffer (10.4.4)


@pytest.mark.rules("springtime:10.5")
def test_retreats(g: Game) -> None:
    """10.5: an attacker retreats only into the Area it entered from; 10.5.6: never into Zone F
    (14.3), never off the connections; 10.1: a repulsed Mandatory Attack retreats all its units."""
    entered_from: dict[str, str] = {}
    for s in g.steps:
        if s.before["phase"] == "maneuvers" and s.step == "start":
            entered_from = {}
        for e in events_of(s, "move"):
            entered_from[e.data["unit"]] = e.data["from"]
        if s.step != "retreat":
            continue
        adj = neighbours(s.before)
        units = units_by_id(s.before)
        for a in s.actions:
            if a["type"] != "retreat":
                continue
            u = units[a["unit"]]
            assert a["to"] in adj[u["zone"]] and a["to"] != "F", (s.i, a)
            if u["side"] == s.before.get("active") and u["id"] in entered_from:
                assert a["to"] == entered_from[u["id"]], (s.i, a, entered_from[u["id"]])


# ---------------------------------------------------------------- always (7.1, 6.1.1, morale)


@pytest.mark.rules("springtime:7.1")
def test_stacking_after_every_step(g: Game) -> None:
    for s in g.steps:
        v = s.after
        for zone, z in v["zones"].items():
            if z["kind"] != "area":
                continue  # springtime:14.2
            for side in ("allied", "axis"):
                assert len(in_zone(v, zone, side)) <= STACK, (s.i, zone, side)


@pytest.mark.rules("springtime:7.2")
def test_control_changes(g: Game) -> None:
    """7.2: an Area changes hands only when one side has a unit in it and no enemy unit is there
    (retreats and Belgium's surrender, 6.1.2, and the Refit rule 13.2.5 aside)."""
    for s in g.steps:
        for e in events_of(s, "control"):
            if s.before["phase"] == "maneuvers" and s.after["phase"] == "maneuvers":
                area, side = e.data["area"], e.data["side"]
                assert in_zone(s.after, area, side) or any(
                    m.data["to"] == area
                    for m in events_of(s, "move") + events_of(s, "retreat")
                ), (s.i, e.text)
                assert not in_zone(s.after, area, other(side)), (s.i, e.text)


@pytest.mark.rules("springtime:4.4.9")
def test_morale_is_the_sum_of_its_changes(g: Game) -> None:
    for s in g.steps:
        delta = sum(e.data["delta"] for e in events_of(s, "morale"))
        assert s.after["morale"] == s.before["morale"] + delta, (
            s.i,
            s.before["morale"],
            delta,
            s.after["morale"],
        )
        for e in events_of(s, "morale"):
            assert "morale" in e.data


@pytest.mark.rules("springtime:6.1.1")
def test_event_hands(g: Game) -> None:
    """6.1.1/11.1.5: never more than one marker held, never more than two drawn in a turn;
    15.1: the Axis may not hold Air Supremacy in Turn 1."""
    for s in g.steps:
        ev = s.after["events"]
        for side in ("allied", "axis"):
            assert ev["hands"][side]["count"] <= 1, (s.i, side)
            assert ev["draws"][side] <= 2, (s.i, side, ev["draws"])
        ax = s.side_views.get("axis")
        if ax and ax["turn"] == 1:
            assert "air-supremacy" not in [
                m if isinstance(m, str) else m.get("id")
                for m in ax["events"]["hands"]["axis"].get("markers", [])
            ]


@pytest.mark.rules("springtime:11.1.5")
def test_draws_counted_from_events(g: Game) -> None:
    """6.1.1, 11.1.5: recount each side's draws of a turn from the draw events: never more than two
    (the Turn 1 redraw of Air Supremacy, 15.1, aside), and the view's count agrees."""
    count: Counter[tuple[int, str]] = Counter()
    for s in g.steps:
        for e in events_of(s, "draw"):
            count[(s.before["turn"], e.data["side"])] += 1
            turn, side = s.before["turn"], e.data["side"]
            if not (turn == 1 and side == "axis"):
                assert count[(turn, side)] <= 2, (s.i, turn, side)
        turn = s.after["turn"]
        if turn == s.before["turn"] and s.after["phase"] != "over":
            for side in ("allied", "axis"):
                if not (turn == 1 and side == "axis"):
                    assert s.after["events"]["draws"][side] == count[(turn, side)], (
                        s.i,
                        side,
                        s.after["events"]["draws"],
                        count,
                    )


@pytest.mark.rules("springtime:6.4.4")
def test_hidden_hands(g: Game) -> None:
    """6.1.1, 6.4.4: the opponent's Event marker is not shown (only that one is held); a draw is
    told to the drawer alone; a discard does not name the marker."""
    for s in g.steps:
        for side, v in s.side_views.items():
            opp = v["events"]["hands"][other(side)]
            assert set(opp) == {"count"} or opp.get("markers") == ["plan-red"], (
                s.i,
                side,
                opp,
            )
        for e in s.events:
            if e.kind == "reveal":
                assert e.only == s.side, (s.i, e.text, e.only)
            if e.kind == "discard":
                assert e.only is None or e.only == s.side
                if (
                    e.only is None
                ):  # springtime:6.4.4: the discarded marker is not named
                    assert not any(name in e.text for name in EVENT_NAMES), (
                        s.i,
                        e.text,
                    )
        pub = s.after["events"]["hands"]
        # the Plan Red marker taken openly in place of a draw (19.2) is known to all
        assert all(
            set(h) == {"count"} or h.get("markers") == ["plan-red"]
            for h in pub.values()
        ), (s.i, pub)


# ---------------------------------------------------------------- political (6.1)


@pytest.mark.rules("springtime:6.1.2")
def test_belgian_surrender_check(g: Game) -> None:
    """6.1.2: from Turn 2, a dr greater than the number of Axis-controlled Belgian Areas removes the
    Belgian Army for good."""
    for s in g.steps:
        for e in events_of(s, "politics"):
            if "roll" not in e.data:
                continue
            v = s.before
            assert v["turn"] >= 2 and v["phase"] == "political", (s.i, e.text)
            held = sum(
                1
                for z in v["zones"].values()
                if z["nation"] == "belgium" and z["control"] == "axis"
            )
            assert e.data["held"] == held, (s.i, e.data, held)
            gone = units_by_id(s.after)["be"]["status"] == "removed"
            assert gone == (e.data["roll"] > held), (s.i, e.data)


@pytest.mark.rules("springtime:6.1.4")
def test_italy_declares_war(g: Game) -> None:
    """6.1.4: Italy enters in Zone F when French Morale is 9 or less at the start of the Political
    Phase, and not before."""
    for s in g.steps:
        if (
            s.before["phase"] == "political"
            and s.step == "draw-allied"
            and s.action["type"] in ("draw", "keep", "discard_draw")
        ):
            it = units_by_id(s.before)["it-west"]
            later = next(
                (t.before for t in g.steps[s.i :] if t.before["phase"] != "political"),
                None,
            )
            if later is None:
                continue
            it_later = units_by_id(later)["it-west"]
            if s.before["morale"] <= 9 and it["status"] not in (
                "map",
                "eliminated",
                "removed",
            ):
                assert it_later["status"] == "map" and it_later["zone"] == "F", (
                    s.i,
                    it_later,
                )
            if s.before["morale"] > 9 and it["status"] == "offmap":
                assert it_later["status"] == "offmap", (s.i, it_later)


# ---------------------------------------------------------------- advantage (11.0)


@pytest.mark.rules("springtime:11.1")
def test_advantage_use(g: Game) -> None:
    """11.0: only the holder spends the Advantage, and only in the Maneuvers Phase (11.1.x); 11.2: it
    then passes to the other side; 11.1.1: Paris an open city only if the Axis controls an Area next
    to Area 25; 11.1.2: Heroic Defense by the defender of a Success/Overrun; 11.1.3: Maximum Attack by
    the attacker of a Repulse."""
    for k, s in enumerate(g.steps):
        for a in s.actions:
            if a["type"] != "advantage":
                continue
            where = (s.i, s.step, a)
            assert (
                s.before["advantage"] == s.side and s.before["phase"] == "maneuvers"
            ), where
            if a["use"] == "open_city":
                adj = neighbours(s.before)
                assert any(
                    s.before["zones"][z]["control"] == "axis" for z in adj["25"]
                ), where
            if a["use"] in ("heroic", "maximum"):
                prev = next(
                    e for t in reversed(g.steps[:k]) for e in events_of(t, "combat")
                )
                if a["use"] == "heroic":
                    assert (
                        prev.data["result"] in ("success", "overrun")
                        and s.side != s.before["active"]
                    ), where
                else:
                    assert (
                        prev.data["result"] == "repulse"
                        and s.side == s.before["active"]
                    ), where
        if s.action["type"] == "advantage":
            user = s.side
            # springtime:11.2: held by neither until the impulse or phase ends, then the other side's
            assert s.after["advantage"] is None or s.after["advantage"] == other(
                user
            ), (s.i, user, s.after["advantage"])
            nxt = next(
                (t for t in g.steps[k:] if t.after["advantage"] is not None), None
            )
            if nxt is not None:
                assert nxt.after["advantage"] == other(user), (
                    s.i,
                    user,
                    nxt.i,
                    nxt.after["advantage"],
                )
                if nxt is not s:
                    ended = (
                        nxt.after["phase"] != nxt.before["phase"]
                        or events_of(nxt, "logistics")
                        or (nxt.after["impulse"] != nxt.before["impulse"])
                    )
                    assert ended, (s.i, nxt.i)


# ---------------------------------------------------------------- refit (12.0)

COSTS = {("refit", "infantry"): 1, ("refit", "armored"): 2}


@pytest.mark.rules("springtime:12.3")
def test_refit(g: Game) -> None:
    """12.3: the costs; 12.3.1/13.2.3: no refit Out of Supply; 12.3.2: Belgian and Dutch never
    rebuilt, Allied rebuilds in Allied-controlled uncontested Areas; 12.3.3: Axis rebuilds in
    Axis-controlled uncontested Areas, Germans never in Zone F, the Italians only there."""
    for s in g.steps:
        if s.before["phase"] != "refit":
            continue
        v = s.before
        units = units_by_id(v)
        rp = v["rp"][s.side]
        for a in s.actions:
            where = (s.i, a)
            if a["type"] == "refit":
                u = units[a["unit"]]
                cost = COSTS[("refit", u["kind"])]
                assert (
                    u["side"] == s.side
                    and u["reduced"]
                    and u["status"] == "map"
                    and not u["oos"]
                ), where
                assert cost <= rp, where
            if a["type"] == "rebuild":
                u = units[a["unit"]]
                cost = {
                    ("infantry", False): 2,
                    ("infantry", True): 3,
                    ("armored", False): 3,
                    ("armored", True): 5,
                }[(u["kind"], bool(a.get("full")))]
                assert u["side"] == s.side and u["status"] == "eliminated", where
                assert u["nation"] not in ("belgian", "dutch"), where
                assert cost <= rp, where
                z = v["zones"][a["area"]]
                assert z["control"] == s.side and not contested(v, a["area"]), where
                if u["nation"] == "german":
                    assert a["area"] != "F", where
                if u["nation"] == "italian":
                    assert a["area"] == "F", where
        if s.action["type"] in ("refit", "rebuild"):
            u = units[s.action["unit"]]
            if s.action["type"] == "refit":
                cost = COSTS[("refit", u["kind"])]
            else:
                cost = {
                    ("infantry", False): 2,
                    ("infantry", True): 3,
                    ("armored", False): 3,
                    ("armored", True): 5,
                }[(u["kind"], bool(s.action.get("full")))]
            assert s.after["rp"][s.side] == rp - cost, (
                s.i,
                s.action,
                rp,
                s.after["rp"],
            )
            after = units_by_id(s.after)[u["id"]]
            assert after["status"] == "map", (s.i, after)
            assert after["reduced"] == (
                s.action["type"] == "rebuild" and not s.action.get("full")
            ), (s.i, after)


# ---------------------------------------------------------------- victory (16.0)


def _axis_automatic(v: dict[str, Any]) -> bool:
    """16.1: Paris and three French Zones, each on a path of Axis-controlled Areas to the east edge."""
    adj = neighbours(v)
    ctrl = {z: d["control"] for z, d in v["zones"].items()}
    linked: set[str] = set()
    frontier = [z for z, d in v["zones"].items() if d.get("east") and ctrl[z] == "axis"]
    while frontier:
        z = frontier.pop()
        if z in linked:
            continue
        linked.add(z)
        frontier.extend(n for n in adj[z] if ctrl[n] == "axis" and n not in linked)
    return "25" in linked and len(linked & ALLIED_ZONES) >= 3


@pytest.mark.rules("springtime:16.0")
def test_outcome(g: Game) -> None:
    """16.1-16.3 from the final view: an Allied win only at the end of Turn 7 with morale above 0 and
    no Automatic Victory; an Axis win by morale 0 or less, by Paris and three Zones, or by an
    armistice dr (16.2) greater than a morale of 5 or less."""
    assert g.outcome is not None
    last = g.steps[-1].after
    armistice = [
        e
        for s in g.steps
        for e in s.events
        if "roll" in e.data and e.kind in ("armistice", "victory", "outcome")
    ]
    if g.outcome.winner == "allied":
        assert last["turn"] == 7, last["turn"]
        assert last["morale"] > 0
        assert not _axis_automatic(last)
        for e in armistice:
            assert e.data["roll"] <= e.data.get("morale", last["morale"])
    else:
        assert g.outcome.winner == "axis"
        assert last["morale"] <= 5 or _axis_automatic(last), (last["morale"], g.outcome)


# ---------------------------------------------------------------- retreats in detail (10.1, 10.3, 10.5)


def _retreat_rank(
    v: dict[str, Any], unit: dict[str, Any], to: str, adj: dict[str, dict[str, str]]
) -> tuple[int, int] | None:
    """10.5.2: A Free Area (ranked by its enemy-controlled neighbours), B friendly-controlled
    Contested, C enemy-controlled Contested, D fully stacked; an enemy-controlled Area without
    friendly units is none of these."""
    side = unit["side"]
    z = v["zones"][to]
    full = z["kind"] == "area" and len(in_zone(v, to, side)) >= STACK
    enemy_here = bool(in_zone(v, to, other(side)))
    friends_here = bool(in_zone(v, to, side))
    if full:
        return (3, 0)
    if not enemy_here and z["control"] == side:
        return (0, sum(1 for n in adj[to] if v["zones"][n]["control"] == other(side)))
    if enemy_here and friends_here:
        return (1, 0) if z["control"] == side else (2, 0)
    return None


def _combat_windows(g: Game) -> list[tuple[Step, Step, Any, list[Step]]]:
    """Each combat with the retreat steps that follow it (before the next assault step)."""
    out = []
    for decl, res, e in _combats(g):
        k = g.steps.index(res)
        rs = []
        for t in g.steps[k + 1 :]:
            if t.step == "advantage":
                continue
            if t.step != "retreat":
                break
            rs.append(t)
        out.append((decl, res, e, rs))
    return out


@pytest.mark.rules("springtime:10.5.2")
def test_defender_retreat_priorities(g: Game) -> None:
    """10.5.2: a defender retreats to the best class of Area open to it; 10.5.6: the Belgian Army only
    within Belgium, the Dutch only within the Netherlands; never into an enemy-controlled Area
    without friendly units."""
    for decl, res, e, rs in _combat_windows(g):
        for t in rs:
            v = t.before
            adj = neighbours(v)
            units = units_by_id(v)
            offered: dict[str, list[str]] = defaultdict(list)
            for a in t.actions:
                if a["type"] == "retreat" and units[a["unit"]]["side"] != decl.side:
                    offered[a["unit"]].append(a["to"])
            for uid, tos in offered.items():
                u = units[uid]
                cands = [n for n in adj[u["zone"]] if n != "F"]
                if u["nation"] == "belgian":
                    cands = [n for n in cands if v["zones"][n]["nation"] == "belgium"]
                if u["nation"] == "dutch":
                    cands = [
                        n for n in cands if v["zones"][n]["nation"] == "netherlands"
                    ]
                ranks = {n: _retreat_rank(v, u, n, adj) for n in cands}
                best = min((r for r in ranks.values() if r is not None), default=None)
                for to in tos:
                    assert to in cands and ranks[to] is not None, (t.i, uid, to, ranks)
                    assert ranks[to] == best, (t.i, uid, to, ranks)


@pytest.mark.rules("springtime:10.4.4")
def test_who_must_retreat(g: Game) -> None:
    """10.4.4: after a Success or Overrun the surviving defenders must retreat, save Allied units in
    the Maginot Line or Paris not yet an open city (10.5.4); 10.1: a repulsed Mandatory Attack
    retreats all its units; 10.3: attackers repulsed in an Area Contested at the impulse's start
    stay; 10.4.4/10.5.3: a Stalemate obliges no one."""
    open_city = False
    for decl, res, e, rs in _combat_windows(g):
        k = g.steps.index(res)
        open_city = open_city or any(
            t.action.get("use") == "open_city" for t in g.steps[:k]
        )
        result = _final_result(g, res, e)
        area = decl.action["area"]
        imp = next(i for i in impulses(g) if decl in i)
        was_contested = contested(imp[0].after, area)
        must: dict[str, bool] = {}
        for t in rs:
            for r in t.before.get("retreats", []):
                must.setdefault(r["unit"], r["must"])
            units = units_by_id(t.before)
            stays = {a["unit"] for a in t.actions if a["type"] == "stay"}
            for a in t.actions:
                u = units[a["unit"]]
                where = (t.i, result, area, a, was_contested)
                if (
                    u["side"] != decl.side
                    and a["type"] == "stay"
                    and result in ("success", "overrun")
                ):
                    assert u["side"] == "allied" and (
                        area in ("18", "19", "20") or (area == "25" and not open_city)
                    ), where
                if (
                    u["side"] == decl.side
                    and a["type"] == "stay"
                    and result == "repulse"
                    and not was_contested
                ):
                    raise AssertionError(
                        ("a repulsed Mandatory Attack must retreat (10.1)", where)
                    )
                if (
                    u["side"] == decl.side
                    and a["type"] == "retreat"
                    and result == "repulse"
                    and was_contested
                ):
                    raise AssertionError(
                        ("attackers in a Contested Area stay (10.3)", where)
                    )
            del stays
        # springtime:10.4.4 (Stalemate), 10.5.3: the defender decides first
        roles = [
            units_by_id(t.before)[t.action["unit"]]["side"] == decl.side
            for t in rs
            if "unit" in t.action
        ]
        assert roles == sorted(roles), (res.i, roles)


# ---------------------------------------------------------------- supply (13.0)


def _supplied(
    v: dict[str, Any], u: dict[str, Any], adj: dict[str, dict[str, str]]
) -> bool:
    """13.1 sources, 13.2.1 the line: it never enters an enemy-controlled Area (Contested or not)."""
    side = u["side"]
    zones = v["zones"]

    def source(z: str) -> bool:
        if u["nation"] == "italian":
            return z == "F"
        if u["nation"] == "german":
            return bool(zones[z].get("east"))
        if u["nation"] in ("french", "british"):
            return z in ALLIED_ZONES
        if u["nation"] == "belgian":
            return zones[z]["nation"] == "belgium"
        if u["nation"] == "dutch":
            return zones[z]["nation"] == "netherlands"
        raise AssertionError(u["nation"])

    seen = {u["zone"]}
    frontier = [u["zone"]]
    while frontier:
        z = frontier.pop()
        if source(z):
            return True
        for n in adj[z]:
            if n not in seen and zones[n]["control"] == side:
                seen.add(n)
                frontier.append(n)
    return False


@pytest.mark.rules("springtime:13.2")
def test_out_of_supply_markers(g: Game) -> None:
    """13.2: at the end of every impulse each unit is marked Out of Supply exactly when it cannot
    trace a line (13.1, 13.2.1)."""
    for imp in impulses(g):
        last = imp[-1]
        v = last.after
        if (
            v["phase"] != "maneuvers"
            and v["turn"] == last.before["turn"]
            and v["phase"] != "refit"
        ):
            continue
        adj = neighbours(v)
        for u in on_map(v):
            assert u["oos"] == (not _supplied(v, u, adj)), (
                last.i,
                v["turn"],
                last.before["impulse"],
                u["id"],
                u["zone"],
                u["oos"],
            )


# ---------------------------------------------------------------- armistice (16.2)


@pytest.mark.rules("springtime:16.2")
def test_armistice_rolls(g: Game) -> None:
    """6.4.1, 16.2: a French Armistice dr in each End Phase with French Morale 5 or less, none
    otherwise; a dr greater than the morale ends the game in an Axis Operational Victory."""
    rolls_by_turn: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for s in g.steps:
        for e in events_of(s, "armistice"):
            rolls_by_turn[s.before["turn"]].append((e.data["roll"], s.after["morale"]))
    ends: dict[int, int] = {}
    for s in g.steps:
        if s.after["phase"] in ("end", "over") or s.after["turn"] > s.before["turn"]:
            ends.setdefault(s.before["turn"], s.after["morale"])
    for turn, rolls in rolls_by_turn.items():
        assert len(rolls) == 1, (turn, rolls)
        roll, morale = rolls[0]
        assert morale <= 5, (turn, roll, morale)
        if roll > morale:
            assert g.outcome.winner == "axis" and g.steps[-1].after["turn"] == turn, (
                turn,
                roll,
                morale,
                g.outcome,
            )
        elif turn == 7:
            assert g.outcome.winner == "allied" or g.steps[-1].after["morale"] <= 0
    won_at_once = g.outcome is not None and g.outcome.level == "Automatic Victory"
    for turn, morale in ends.items():
        # 6.4: an Automatic Victory ends the game before the End Phase's Armistice roll
        if morale <= 5 and morale > 0 and not (won_at_once and turn == g.steps[-1].after["turn"]):
            assert turn in rolls_by_turn, (turn, morale)


# ---------------------------------------------------------------- Event markers and leaders (6.1, 4.4.1)


def _load_units() -> dict[str, dict[str, Any]]:
    import tomllib
    from pathlib import Path

    data = tomllib.loads(
        (
            Path(__file__).resolve().parents[2] / "scenarios/springtime/units.toml"
        ).read_text()
    )
    return {u["id"]: u for u in data["unit"]}


UNITS = _load_units()


def _event_names() -> list[str]:
    import tomllib
    from pathlib import Path

    data = tomllib.loads(
        (
            Path(__file__).resolve().parents[2] / "scenarios/springtime/events.toml"
        ).read_text()
    )
    return [e["name"] for e in data["event"]]


EVENT_NAMES = _event_names()


def _event_sides() -> dict[str, str]:
    import tomllib
    from pathlib import Path

    data = tomllib.loads(
        (
            Path(__file__).resolve().parents[2] / "scenarios/springtime/events.toml"
        ).read_text()
    )
    return {e["id"]: e["side"] for e in data["event"]}


@pytest.mark.rules("springtime:6.1.1")
def test_event_plays(g: Game) -> None:
    """6.1.1: a marker is played at the start of the player's own impulse (or in the End Phase, 6.4.4;
    the Allies also at the start of the Axis impulse of Turn 1, 15.1), only by the side it belongs to,
    only if held; a fresh draw only with an empty hand, else keep or discard first."""
    sides = _event_sides()
    held: dict[str, set[str]] = {"allied": set(), "axis": set()}
    for s in g.steps:
        for side, v in s.side_views.items():
            held[side] = {
                m if isinstance(m, str) else m.get("id")
                for m in v["events"]["hands"][side].get("markers", [])
            }
        for a in s.actions:
            where = (s.i, s.before["turn"], s.before["phase"], s.step, s.side, a)
            if a["type"] == "event":
                assert sides[a["marker"]] in (s.side, "either"), where
                if s.step == "surprise-event":
                    assert (
                        g.scenario == FALL_GELB
                        and s.before["turn"] == 1
                        and s.side == "allied"
                    ), where  # 15.1
                elif s.before["phase"] == "maneuvers":
                    assert s.step == "start", where
                else:
                    assert s.before["phase"] == "end" and s.step == f"event-{s.side}", (
                        where
                    )
            if a["type"] == "draw" and s.before["phase"] == "political":
                assert s.before["events"]["hands"][s.side]["count"] == 0, where
            if (
                a["type"] in ("keep", "discard_draw")
                and s.before["phase"] == "political"
            ):
                assert s.before["events"]["hands"][s.side]["count"] == 1, where
        if s.side_views:
            held = {side: held[side] for side in held}


@pytest.mark.rules("springtime:11.1.5")
def test_extra_event_draw(g: Game) -> None:
    """11.1.5: Draw Extra Event at the start of the attacker's own impulse, only after an Event
    played in an earlier impulse or with a marker to discard, never a third draw in a turn."""
    played_turn: dict[tuple[int, str], bool] = defaultdict(bool)
    for s in g.steps:
        for a in s.actions:
            if a["type"] == "advantage" and a["use"] == "extra_event":
                where = (s.i, s.before["turn"], s.before["impulse"], s.side)
                assert s.step == "start" and s.before["active"] == s.side, where
                assert s.before["events"]["draws"][s.side] < 2, where
                assert (
                    played_turn[(s.before["turn"], s.side)]
                    or s.before["events"]["hands"][s.side]["count"] == 1
                ), where
        if s.action["type"] == "event" and s.before["phase"] == "maneuvers":
            played_turn[(s.before["turn"], s.side)] = True


@pytest.mark.rules("springtime:4.4.1")
def test_kleist_placement(g: Game) -> None:
    """4.4.1: Kleist is placed with one of his three subordinate units (Army Group Kleist)."""
    for s in g.steps:
        units = units_by_id(s.before)
        for a in s.actions:
            if a["type"] == "kleist":
                u = units[a["unit"]]
                assert (
                    u["group"] == "K" and u["status"] == "map" and u["side"] == "axis"
                ), (s.i, a)


@pytest.mark.rules("springtime:6.1.2")
def test_belgian_area_after_surrender(g: Game) -> None:
    """6.1.2: after King Leopold's surrender the Axis marks any vacant Belgian Area its own."""
    for s in g.steps:
        for a in s.actions:
            if a["type"] == "belgium":
                z = s.before["zones"][a["area"]]
                assert z["nation"] == "belgium" and not in_zone(
                    s.before, a["area"], "allied"
                ), (s.i, a)


@pytest.mark.rules("springtime:13.2.4")
def test_surrender_rolls(g: Game) -> None:
    """13.2.4: only Out of Supply units surrender, at the end of the Refit Phase, on the OOS Surrender
    table's dr (tables.toml: 2 or less), and never return (status removed)."""
    for s in g.steps:
        for e in events_of(s, "loss"):
            if "surrender" in e.text and "out of supply" in e.text:
                u = units_by_id(s.before)[e.data["unit"]]
                assert u["oos"] and (
                    s.before["phase"] == "refit"
                    or s.after["phase"] != s.before["phase"]
                ), (s.i, e.text)
                assert e.data.get("permanent"), (s.i, e.data)
                dr = int(e.text.split("(dr ")[1].split(")")[0])
                assert 1 <= dr <= 2, (s.i, e.text)
                assert units_by_id(s.after)[u["id"]]["status"] == "removed", (
                    s.i,
                    e.text,
                )


@pytest.mark.rules("springtime:19.2")
def test_plan_red_marker_taken_in_turn_5() -> None:
    """19.2: the Axis may take the Plan Red marker as its draw of Turn 5 (the scenario opens in the
    middle of Turn 4), and at no other time."""
    offered: set[int] = set()
    for p in GAMES:
        if p[0] == PLAN_RED:
            g = play(*p)
            offered |= {
                s.before["turn"]
                for s in g.steps
                for a in s.actions
                if a["type"] == "take_plan_red"
            }
    assert offered == {5}, offered


# ---------------------------------------------------------------- Command Confidence (6.1.3)


def _political_morale(g: Game) -> dict[int, int]:
    out: dict[int, int] = {}
    for s in g.steps:
        if s.before["phase"] == "political":
            out.setdefault(s.before["turn"], s.before["morale"])
    return out


def _ratings(v: dict[str, Any]) -> dict[str, tuple[int, str]]:
    return {
        ldr["id"]: (ldr["rating"], u["side"])
        for u in on_map(v)
        for ldr in u.get("leaders", [])
    }


@pytest.mark.rules("springtime:6.1.3")
def test_command_confidence(g: Game) -> None:
    """6.1.3: with French Morale 19 or less at the start of the Political Phase, an Axis Success or
    Overrun flips the German Leaders with the attacking units to their stronger side and the Allied
    Leaders defending to their weaker side, for good; at no other time does a rating change."""
    pm = _political_morale(g)
    windows = {res.i: (decl, res, e) for decl, res, e in _combats(g)}
    first: dict[str, int] = {}
    changed: set[str] = set()
    for s in g.steps:
        for lid, (r, _) in _ratings(s.before).items():
            first.setdefault(lid, r)
    for decl, res, e in _combats(g):
        result = _final_result(g, res, e)
        k = g.steps.index(res)
        after = (
            g.steps[k + 1].after
            if k + 1 < len(g.steps) and g.steps[k + 1].step == "advantage"
            else res.after
        )
        before_r = _ratings(res.before)
        after_r = _ratings(after)
        confident = (
            pm.get(res.before["turn"], 99) <= 19
            and decl.side == "axis"
            and result in ("success", "overrun")
        )
        units = units_by_id(decl.before)
        attackers_leaders = {
            ldr["id"]
            for uid in decl.action["units"]
            for ldr in units[uid].get("leaders", [])
        }
        defenders_leaders = {
            ldr["id"]
            for u in in_zone(res.before, decl.action["area"], "allied")
            for ldr in u.get("leaders", [])
        }
        for lid, (r, side) in before_r.items():
            if lid not in after_r:
                continue
            r2 = after_r[lid][0]
            where = (
                res.i,
                res.before["turn"],
                result,
                lid,
                r,
                r2,
                pm.get(res.before["turn"]),
            )
            if r2 != r:
                assert confident and lid in (attackers_leaders | defenders_leaders), (
                    where
                )
                assert (r2 > r) if side == "axis" else (r2 < r), where
                changed.add(lid)
            elif (
                confident
                and lid not in changed
                and r == first[lid]
                and lid in (attackers_leaders | defenders_leaders)
            ):
                raise AssertionError(("a Leader was not flipped (6.1.3)", where))
    del windows
    # never reverts: after a change the rating stays
    seen: dict[str, int] = {}
    for s in g.steps:
        for lid, (r, _) in _ratings(s.after).items():
            if lid in changed and lid in seen and seen[lid] != first[lid]:
                assert r == seen[lid], (s.i, lid, r, seen[lid])
            seen[lid] = r


# ---------------------------------------------------------------- Paris, the BEF, the end of a turn


@pytest.mark.rules("springtime:11.1.1")
def test_paris_captured_costs_morale(g: Game) -> None:
    """11.1.1 (and the French Morale Modifier Table): the Axis taking Paris costs 10 Morale, 5 once it
    is an open city."""
    open_city = False
    for s in g.steps:
        if s.action.get("use") == "open_city":
            open_city = True
        for e in events_of(s, "control"):
            if e.data["area"] == "25" and e.data["side"] == "axis":
                deltas = [m.data["delta"] for m in events_of(s, "morale")]
                assert (-5 if open_city else -10) in deltas, (s.i, deltas, open_city)


@pytest.mark.rules("springtime:12.3.2")
def test_bef_not_rebuilt_after_dynamo(g: Game) -> None:
    """12.3.2: once Operation Dynamo is played the BEF is not rebuilt (without Optional Rule 18.3)."""
    for s in g.steps:
        if "operation-dynamo" in s.before["events"]["played"]:
            for a in s.actions:
                assert not (a["type"] == "rebuild" and a["unit"] == "bef"), (s.i, a)


@pytest.mark.rules("springtime:16.1.1")
def test_automatic_victory_at_turn_end(g: Game) -> None:
    """16.1, 16.1.1: the Axis wins automatically at the conclusion of a turn with French Morale 0 or
    less (or Paris and three Zones linked to Germany); 6.3: then no Refit Phase; and not mid-turn."""
    out = g.outcome
    last = g.steps[-1]
    if out.winner == "axis" and "Automatic" in out.level:
        assert last.after["morale"] <= 0 or _axis_automatic(last.after), (
            out,
            last.after["morale"],
        )
        final_turn = last.before["turn"]
        for (
            s
        ) in g.steps:  # a Refit Phase in that turn only if the victory was not yet won
            if (
                s.before["phase"] == "refit"
                and s.before["turn"] == final_turn
                and s.step.startswith("refit")
            ):
                assert s.before["morale"] > 0 and not _axis_automatic(s.before), (
                    s.i,
                    out,
                )
        # the Maneuvers Phase of that turn was over
        assert (
            last.before["phase"] != "maneuvers"
            or events_of(last, "logistics")
            or last.step == "logistics"
        ), (last.i, last.step)
    # every earlier turn end with morale 0 or less would have ended the game
    for s in g.steps[:-1]:
        if s.after["turn"] > s.before["turn"]:
            assert s.before["morale"] > 0 and not _axis_automatic(s.before), (
                s.i,
                s.before["turn"],
                s.before["morale"],
            )


@pytest.mark.rules("springtime:9.1")
def test_attacks_only_in_assault_impulses(g: Game) -> None:
    """9.1, 8.1.2: only an Assault Impulse attacks; Regroup and Redeploy only move."""
    for s in g.steps:
        if s.step in ("regroup", "redeploy"):
            assert not [a for a in s.actions if a["type"] == "attack"], s.i


@pytest.mark.rules("springtime:13.2.4")
def test_surrender_roll_for_every_unit_out_of_supply(g: Game) -> None:
    """13.2.4: at the end of the Refit Phase a dr for each unit Out of Supply, a surrender on the
    table's low rolls (tables.toml: 2 or less); 12.4: no Refit Phase, so none, in the last turn."""
    for s in g.steps:
        rolls = {e.data["unit"]: e for e in s.events if "out of supply (dr" in e.text}
        if not rolls:
            continue
        assert s.before["turn"] < 7 and (
            s.before["phase"] == "refit" or s.after["phase"] != s.before["phase"]
        ), (
            s.i,
            s.before["turn"],
        )
        oos = {u["id"] for u in on_map(s.before) if u["oos"]}
        assert set(rolls) == oos, (s.i, sorted(rolls), sorted(oos))
        for e in rolls.values():
            dr = int(e.text.split("(dr ")[1].split(")")[0])
            assert (e.kind == "loss") == (dr <= 2), (s.i, e.text)


@pytest.mark.rules("springtime:6.1.1")
def test_event_markers_conserved(g: Game) -> None:
    """5.1.7, 6.1.1, 6.4.3: the nine markers are in the cup, in a hand, on the Impulse Track or out of
    play; the Impulse Track is emptied back into the cup in the End Phase."""
    for s in g.steps:
        ev = s.after["events"]
        total = (
            ev["cup"]
            + sum(h["count"] for h in ev["hands"].values())
            + len(ev["track"])
            + len(ev["played"])
        )
        assert total == 9, (s.i, ev)
        if s.after["turn"] > s.before["turn"]:
            assert not ev["track"], (s.i, ev["track"])


@pytest.mark.rules("springtime:8.1.2")
def test_regroup_offers_every_legal_move(g: Game) -> None:
    """8.1.2a: in a Regroup every unit that has not yet moved may step into any adjacent Area the
    rules allow (friendly-controlled, no enemy, not full, not Contested from Contested, not Zone F,
    the Alp Army only once Italy is at war): none is left out."""
    italy = False
    for imp in impulses(g):
        first = imp[0]
        italy = (
            italy
            or any(u["id"] == "it-west" for u in on_map(first.before))
            or any(
                u["id"] == "it-west" and u["status"] != "offmap"
                for u in first.before["units"]
            )
        )
        if first.action["type"] != "regroup":
            continue
        side = first.side
        start = first.after
        moved: set[str] = set()
        for s in imp:
            if s.step == "regroup":
                v = s.before
                adj = neighbours(v)
                offered = {
                    (a["unit"], a["to"]) for a in s.actions if a["type"] == "move"
                }
                for u in on_map(v):
                    if (
                        u["side"] != side
                        or u["id"] in moved
                        or (u["id"] == "fr-alp" and not italy)
                    ):
                        continue
                    if u["kind"] == "armored" and _halted(g, first):
                        continue
                    for to in adj[u["zone"]]:
                        z = v["zones"][to]
                        if to == "F" and u["nation"] != "italian":
                            continue
                        if z["control"] != side or in_zone(v, to, other(side)):
                            continue
                        if z["kind"] == "area" and len(in_zone(v, to, side)) >= STACK:
                            continue
                        if contested(start, u["zone"]) and contested(v, to):
                            continue
                        if u["zone"] in ALLIED_ZONES | {"F"} or to in ALLIED_ZONES | {
                            "F"
                        }:
                            pass  # Zones: the connection lines are the links (9.3.2)
                        assert (u["id"], to) in offered, (s.i, u["id"], u["zone"], to)
            for e in events_of(s, "move"):
                moved.add(e.data["unit"])


@pytest.mark.rules("springtime:9.1")
def test_every_possible_attack_offered(g: Game) -> None:
    """9.1, 10.2, 10.3: in an Assault step, wherever active units stand with enemy units and have not
    attacked, and the Area has not yet been attacked this impulse, an attack there is offered."""
    for imp in impulses(g):
        first = imp[0]
        if first.action["type"] != "assault":
            continue
        side = first.side
        groups = set(first.action.get("groups", []))
        start = first.after
        start_units = units_by_id(start)
        attacked_units: set[str] = set()
        attacked_areas: set[str] = set()
        for s in imp:
            if s.step == "assault" and s.before["phase"] == "maneuvers":
                v = s.before
                offered = {a["area"] for a in s.actions if a["type"] == "attack"}
                for u in on_map(v):
                    if (
                        u["side"] != side
                        or u["id"] in attacked_units
                        or u["zone"] in attacked_areas
                    ):
                        continue
                    su = start_units.get(u["id"])
                    if su is None or su["status"] != "map":
                        continue
                    if u["kind"] == "armored" and _halted(g, first):
                        continue
                    everyone = _is_surprise(first, g)
                    active = (
                        (su["group"] in groups or everyone)
                        if su["group"] != "R"
                        else any(
                            (w["group"] in groups or everyone) and w["group"] != "R"
                            for w in in_zone(start, su["zone"], side)
                        )
                    )
                    if not active:
                        continue
                    if in_zone(v, u["zone"], other(side)):
                        assert u["zone"] in offered, (
                            s.i,
                            s.before["turn"],
                            s.before["impulse"],
                            u["id"],
                            u["zone"],
                        )
            for e in events_of(s, "attack"):
                attacked_units.update(e.data["units"])
                attacked_areas.add(e.data["area"])


# ---------------------------------------------------------------- options: bids (17.1), free set-up (18.2)


@pytest.mark.rules("springtime:17.1")
def test_bid_raises_starting_morale() -> None:
    """17.1: the higher of the two secret bids is added to the starting French Morale."""
    for scenario, base in ((FALL_GELB, 30), (PLAN_RED, 20)):
        game = game_for(scenario)
        for first, second in ((0, 0), (3, 5), (10, 2), (40, 41)):
            session = Session.start(game, scenario, {"bids": "on"}, seed=first + second)
            session.act({"type": "bid", "amount": first})
            session.act({"type": "bid", "amount": second})
            v = game.view(session.state, None)
            assert v["morale"] == base + max(first, second), (scenario, first, second, v["morale"])


@pytest.mark.rules("springtime:18.2")
def test_limited_free_setup() -> None:
    """18.2: each side's placements are secret until both are made; French units in Areas of France
    (not Zones), the French armour and reserves with the 1st or the 7th Army; the Axis in German
    Areas (not Zone F); no Area over five units (7.1)."""
    game = game_for(FALL_GELB)
    state = game.new(FALL_GELB, {"free-setup": "on"})
    rng = random.Random(5)
    dice = Dice(5)
    fixed = {u["id"]: u["zone"] for u in on_map(game.view(state, None))}
    for _ in range(200):
        v = game.view(state, None)
        if v["phase"] != "setup":
            break
        prompt = game.prompt(state)
        side = prompt.side
        for a in prompt.actions:
            if a["type"] == "place":
                z = v["zones"][a["area"]]
                assert z["kind"] == "area", a
                assert z["nation"] == ("france" if side == "allied" else "germany"), a
        game.apply(state, rng.choice(list(prompt.actions)), dice)
        if game.view(state, None)["phase"] != "setup":
            continue  # both sides placed: revealed together
        # neither side, nor the table, sees the other's placements before both are made
        for placer in ("allied", "axis"):
            seen = {
                u["id"]: u["zone"]
                for u in on_map(game.view(state, other(placer)))
                if u["side"] == placer
            }
            public = {
                u["id"]: u["zone"]
                for u in on_map(game.view(state, None))
                if u["side"] == placer
            }
            assert (
                seen == {k: z for k, z in fixed.items() if k in seen} and public == seen
            ), (placer, seen, public)
    v = game.view(state, None)
    assert v["phase"] != "setup"
    units = units_by_id(v)
    for u in on_map(v):
        if u["id"] in fixed:
            continue
        if u["nation"] == "french" and (u["kind"] == "armored" or u["group"] == "R"):
            assert u["zone"] in (units["fr-1a"]["zone"], units["fr-7a"]["zone"]), u[
                "id"
            ]
    for zone, z in v["zones"].items():
        if z["kind"] == "area":
            for side in ("allied", "axis"):
                assert len(in_zone(v, zone, side)) <= STACK, (zone, side)


# ---------------------------------------------------------------- Axis airdrops (18.1)


@pytest.mark.rules("springtime:18.1")
def test_airdrops(g: Game) -> None:
    """18.1: the Airlanding Corps is placed in an Axis Assault impulse's movement, within two Areas of
    another German unit; a dr less one for each Allied unit there, 3 or less reduces it; 18.1.4: it
    never takes Replacement Points."""
    for s in g.steps:
        v = s.before
        adj = neighbours(v)
        for a in s.actions:
            if a["type"] == "airdrop":
                assert s.side == "axis" and s.step == "assault", (s.i, a)
                germans = {
                    u["zone"]
                    for u in on_map(v)
                    if u["nation"] == "german" and u["id"] != "de-airlanding"
                }
                near = set(germans)
                for _ in range(2):
                    near |= {n for z in near for n in adj[z]}
                assert a["area"] in near and a["area"] != "F", (s.i, a)
            if a["type"] in ("refit", "rebuild"):
                assert a["unit"] != "de-airlanding", (s.i, a)  # springtime:18.1.4
        for e in events_of(s, "airdrop"):
            if "area" not in e.data:
                continue  # a withdrawal (18.1.3)
            allied = len(in_zone(v, e.data["area"], "allied"))
            assert e.data["allied"] == allied, (s.i, e.data, allied)
            assert e.data["reduced"] == (e.data["roll"] - allied <= 3), (s.i, e.data)
            assert (
                units_by_id(s.after)["de-airlanding"]["reduced"] == e.data["reduced"]
            ), (s.i, e.data)


@pytest.mark.rules("springtime:11.1.4")
def test_soldier_on_only_where_play_can_go_on() -> None:
    """11.1.4 moves the Impulse marker to the next impulse on the track; off the last space the
    Maneuvers Phase ends regardless (6.2.1), so Soldier On there is no use of the Advantage."""
    found = []
    for p in GAMES:
        g = play(*p)
        for s in g.steps:
            if (
                s.step == "logistics"
                and s.before["impulse"] >= g.initial["impulses"]
                and any(a.get("use") == "soldier_on" for a in s.actions)
            ):
                found.append((p[:2], s.i, s.before["turn"], s.before["impulse"]))
    assert not found, found[:3]
