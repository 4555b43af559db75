"""A purposeful Allied player for Betrayal!, for either seat.

As itself: the French keep corps on the Republic marker, carry it away from the German reach and
close up on it; the British fall back on the Channel ports and, from the middle of the campaign, sail
home the units the Germans can reach, keeping the others in France; both attack only at
3:1 or better, fly support for their attacks, intercept whenever they can, and withdraw towards
Paris. Handling the automaton, it plays the Germans in good faith, as the rulebook's automata
player does in its examples (NOTES.md, reading 26): the Advance/Attack tactics to the areas strong
enough for the attacks they bind, the duties met with the strongest units first, attacks
reinforced up to good odds, air support flown, exploits against the weakest defence, the Hold
units sent on towards Paris. Enough to show what purposeful play scores; not a master of the game.
It reads the position itself: every counter in this game is face up and nothing is hidden from
either seat (HIDDEN is False), so the state holds nothing its own seat's view does not show.
"""

from __future__ import annotations

import random
from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.games.betrayal.board import distances, ground, neighbours, on_map, sc, strength
from wargames_tui.games.betrayal.combat import column_index
from wargames_tui.games.betrayal.movement import coverable
from wargames_tui.games.betrayal.sequence import may_end_movement
from wargames_tui.games.betrayal.state import State
from wargames_tui.games.betrayal.victory import allied_arms, british_counts, low_countries_fallen, mobile_arms_gone

GOOD_ODDS = 4  # the column index of 3:1
EVACUATE_FROM = 6  # the game turn the British start to sail home
WAIT = 2  # the planner's British rear guard: areas from the nearest German ground unit where it waits
REACH = 2  # and from a Belgian or Dutch area free of German units: a British ground unit's allowance


def betrayal_bot(session: Session, rng: random.Random) -> Action:
    return _choose(session.state, session.prompt.actions, rng)


def _choose(state: State, actions: list[Action], rng: random.Random) -> Action:
    if len(actions) == 1:
        return actions[0]
    kinds = {a["type"] for a in actions}
    for kind, pick in PICKS.items():
        if kind in kinds:
            chosen = pick(state, [a for a in actions if a["type"] == kind], rng)
            if chosen is not None:
                return chosen
    if "end-movement" in kinds:
        return {"type": "end-movement"}
    return rng.choice(actions)


def _paris(area: str) -> int:
    return distances(sc().republic).get(area, 99) if area in sc().areas else 99


def _german(uid: str) -> bool:
    return sc().units[uid].nation == "german"


AGGRESSION = {"exploit": 4, "saturation": 3, "attack": 2, "hold": 1}
STRONG_ENOUGH = 1.5  # German attack over the defence of every area an Advance/Attack would bind


def _assign(state: State, acts: list[Action], rng: random.Random) -> Action:
    """The most aggressive tactic offered to areas strong enough for the attacks it binds them to
    (3.4.4 C), Hold to the others (3.4.6 makes sure each rolled tactic is used)."""

    def score(a: Action) -> tuple[int, float, str]:
        area = a["area"]
        power = sum(strength(state, u, "attack") for u in ground(state, area, "german"))
        foes = [n for n in neighbours(area) if ground(state, n, "allied")]
        defence = sum(strength(state, u, "defence") for n in foes for u in ground(state, n, "allied"))
        bold = not foes or power >= STRONG_ENOUGH * defence
        rank = AGGRESSION[a["tactic"]] if bold else -AGGRESSION[a["tactic"]]
        return (rank, power, a["area"])

    return max(acts, key=score)


def _drop(state: State, acts: list[Action], rng: random.Random) -> Action:
    """The airborne land in the Netherlands, where they did, on the weakest defence there."""
    dutch = [a for a in acts if sc().country(a["to"]) == "NL"] or acts
    return min(dutch, key=lambda a: (_defence(state, a["to"]), _paris(a["to"]), a["to"]))


def _defence(state: State, area: str) -> int:
    return sum(strength(state, u, "defence") for u in ground(state, area, "allied"))


def _attack(state: State, area: str) -> int:
    return sum(strength(state, u, "attack") for u in ground(state, area, "german"))


def _move(state: State, acts: list[Action], rng: random.Random) -> Action | None:
    acts = _marker_stays_held(state, acts)
    german = [a for a in acts if _german(a["unit"])]
    if german:
        return _german_move(state, german)
    mine = [a for a in acts if not _german(a["unit"])]
    nation = sc().units[mine[0]["unit"]].nation if mine else ""
    if nation == "french":
        guard = _flee_with_republic(state, mine) or _guard_paris(state, mine)
        if guard:
            return guard
    best = None
    for a in mine:
        score = _allied_score(state, a)
        if score > 0 and (best is None or score > best[0]):
            best = (score, rng.random(), a)
    return best[2] if best else None


def _marker_stays_held(state: State, acts: list[Action]) -> list[Action]:
    """Of a move offered with and without the Republic marker (7.2.1), the one that keeps it held:
    the holder's last unit with it takes it along, any other leaves it with those who stay."""
    def last(uid: str) -> bool:
        nation = sc().units[uid].nation
        return not any(sc().units[u].nation == nation for u in ground(state, state.republic) if u != uid)

    both = {(a["unit"], a["to"]) for a in acts if a.get("republic")}
    return [a for a in acts if (a["unit"], a["to"]) not in both or bool(a.get("republic")) == last(a["unit"])]


def _german_move(state: State, acts: list[Action]) -> Action | None:
    """The duties first, strongest units first (3.4.4 C); then attacks reinforced while below good
    odds; then the Hold units forward, towards Paris (3.4.4 A)."""
    if coverable(state):
        attacks = [a for a in acts if ground(state, a["to"], "allied")] or acts
        return max(attacks, key=lambda a: (strength(state, a["unit"], "attack"), -_defence(state, a["to"]), a["unit"], a["to"]))
    weak = [
        a for a in acts
        if ground(state, a["to"], "allied") and ground(state, a["to"], "german") and column_index(_attack(state, a["to"]), _defence(state, a["to"])) < GOOD_ODDS
    ]
    if weak:
        return max(weak, key=lambda a: (strength(state, a["unit"], "attack"), a["unit"], a["to"]))
    hold = [a for a in acts if state.pieces[a["unit"]].tactic == "hold"]
    return min(hold, key=lambda a: (_paris(a["to"]), a["unit"], a["to"])) if hold else None


def _threat(state: State, area: str) -> int:
    """Areas from this one to the nearest German ground unit on the map."""
    dist = distances(area)
    return min((dist[p.where] for u, p in state.pieces.items() if _german(u) and not sc().units[u].air and p.where in dist), default=99)


DANGER = 2  # German armour moves two areas and attacks where it stops (betrayal:3.0, 3.4.4 C)


def _flee_with_republic(state: State, acts: list[Action]) -> Action | None:
    """With the Germans within reach of the marker, its French units take it (the last one to leave
    carries it, 7.2.1, _marker_stays_held) to the next area of France farthest from them: losing
    the marker is a German Major Victory."""
    here = state.republic
    near = _threat(state, here)
    if near > DANGER:
        return None
    leaving = [a for a in acts if state.pieces[a["unit"]].where == here and sc().country(a["to"]) == "F" and not ground(state, a["to"], "german")]
    safer = [a for a in leaving if _threat(state, a["to"]) > near]
    if not safer:
        return None
    return max(safer, key=lambda a: (_threat(state, a["to"]), -_paris(a["to"]), a["to"], a["unit"]))


def _guard_paris(state: State, acts: list[Action]) -> Action | None:
    """French units on the Republic marker up to the stacking limit, the stoutest first (7.2, 1.5)."""
    here = state.republic
    if len(ground(state, here, "allied")) >= 3 or ground(state, here, "german"):
        return None
    going = [a for a in acts if a["to"] == here]
    return max(going, key=lambda a: (strength(state, a["unit"], "defence"), a["unit"])) if going else None


def _allied_score(state: State, a: Action) -> float:
    uid, to = a["unit"], a["to"]
    here = state.pieces[uid].where
    u = sc().units[uid]
    if ground(state, to, "german"):
        attack = strength(state, uid, "attack") + sum(strength(state, x, "attack") for x in ground(state, to, "allied"))
        defence = sum(strength(state, x, "defence") for x in ground(state, to, "german"))
        return 3.0 if column_index(attack, defence) >= GOOD_ODDS else 0.0
    if u.nation == "british" and state.turn >= EVACUATE_FROM - 2:
        ports = [p for p, area in sc().areas.items() if area.port and area.country == "F"]
        gain = min(distances(here)[p] for p in ports) - min(distances(to)[p] for p in ports)
        return gain + 0.5 * (min(_threat(state, to), DANGER + 1) - min(_threat(state, here), DANGER + 1))
    if u.nation == "french" and here != state.republic:
        return 0.5 * (_paris(here) - _paris(to)) if _paris(here) > 3 else 0.0
    return 0.0


def _evacuate(state: State, acts: list[Action], rng: random.Random) -> Action | None:
    """Sail home the units the Germans can reach next turn; the others stay in France, where eight
    still fighting at the end are a British Major Victory (7.0)."""
    if state.turn < EVACUATE_FROM:
        return None
    threatened = [a for a in acts if _threat(state, state.pieces[a["unit"]].where) <= DANGER]
    return threatened[0] if threatened else None


def _mission(state: State, acts: list[Action], rng: random.Random) -> Action | None:
    """Support for the attacks already moved in, on either side; the German bomber also bombs
    where it supports (3.3.2 c) and flies its second mission when it owes one (3.4.4 D)."""
    german = bool(acts) and _german(acts[0]["unit"])
    side = "german" if german else "allied"
    mine = [a for a in acts if ground(state, a["target"], side) and a.get("both", True)]
    if mine:
        return max(mine, key=lambda a: (_defence(state, a["target"]) if german else 0, a["target"]))
    bomber = [a for a in acts if german and sc().units[a["unit"]].kind == "bomber"]
    return bomber[0] if bomber and not may_end_movement(state) else None


def _withdraw(state: State, acts: list[Action], rng: random.Random) -> Action:
    """Either side gives up as little ground as it may: the way nearest Paris."""
    return min(acts, key=lambda a: (_paris(a["to"]), a["to"]))


def _cheapest_loss(state: State, acts: list[Action], rng: random.Random) -> Action:
    """Lose a step rather than a unit, and the weakest unit if one must go."""
    reduce = [a for a in acts if a["type"] == "reduce"]
    if reduce:
        return reduce[0]
    return min(acts, key=lambda a: (strength(state, a["unit"], "attack") + strength(state, a["unit"], "defence"), a["unit"]))


def _exploit(state: State, acts: list[Action], rng: random.Random) -> Action:
    """Send the exploiting armour against the weakest defence at hand; it takes the Republic
    marker along (7.2.1) only when no other German unit stays with it."""
    item = state.pending[0]
    stays = [u for u in ground(state, item["from"], "german") if u not in item["units"]]
    both = {a["to"] for a in acts if a.get("republic")}
    acts = [a for a in acts if a["to"] not in both or bool(a.get("republic")) != bool(stays)]
    return min(acts, key=lambda a: (_defence(state, a["to"]), _paris(a["to"]), a["to"]))


def _intercept(state: State, acts: list[Action], rng: random.Random) -> Action:
    return next((a for a in acts if a["type"] == "intercept"), acts[0])


def _land(state: State, acts: list[Action], rng: random.Random) -> Action:
    """Aircraft and arrivals of either side as near Paris as allowed."""
    return min(acts, key=lambda a: (_paris(a["to"]), a["to"]))


def _setup(state: State, acts: list[Action], rng: random.Random) -> Action:
    return rng.choice(acts)


def _first(state: State, acts: list[Action], rng: random.Random) -> Action:
    return acts[0]


PICKS: dict[str, Any] = {
    "setup-historical": _first,  # the printed set-up, then done: a sound start (8.0, 9.0)
    "setup-done": _first,
    "setup": _setup,
    "assign": _assign,
    "drop": _drop,
    "withdraw": _withdraw,
    "lose-step": _cheapest_loss,
    "reduce": _cheapest_loss,
    "remove": _cheapest_loss,
    "exploit": _exploit,
    "intercept": _intercept,
    "no-intercept": _intercept,
    "air-return": _land,
    "place": _land,
    "return": _land,
    "enter": _land,
    "evacuate": _evacuate,
    "mission": _mission,
    "move": _move,
    "bombard": _first,
    "combat": _first,
}


# --- the planner's own British (bots/plan.py, `plans`) -------------------------------------------
# Britain's Minor Victory (5 ground units evacuated) is cancelled by a German Minor against Britain
# (the victory table as reconstructed, NOTES.md): every Belgian and Dutch area German-held (against
# Britain alone, 1.7), or no Allied air or armour unit on the map (against both nations, 5.3.2's
# note), both judged at the end of the last turn
# (7.0). The British move last in a game turn (2.0), so what stands at the end of their last
# Movement Phase is what is judged; the Regroup and Set Aside boxes are not the map.


def planning_bot(session: Session, rng: random.Random) -> Action:
    """The policy the planning bot's own plans come from (bots/plan.py, `plans`): the greedy bot,
    but the British sail five home first and keep the rest out of reach for the last turn, where
    they keep what the German Minor needs out of German hands (`_british_end`); the easy level,
    the French and German rows' opponent, is the greedy bot."""
    state: State = session.state
    actions = session.prompt.actions
    if session.prompt.side == "british" and len(actions) > 1:
        chosen = _british_end(state, actions)
        if chosen is not None:
            return chosen
        actions = _spared(state, _kept(state, actions))
    return _choose(state, actions, rng)


def _last(state: State) -> bool:
    return state.turn >= state.last_turn


def _other_arms(state: State, uid: str) -> bool:
    """Another Allied air or armour unit on the map than uid (5.3.2's note)."""
    return any(u != uid and allied_arms(u) and on_map(state, u) for u in state.pieces)


def _british_end(state: State, acts: list[Action]) -> Action | None:
    """The British choices the German Minor turns on: an air or armour unit back from the Regroup
    box first in the last turn or where the map has none (3.2.2); from the turn they make for the
    ports, a Belgian or Dutch area retaken where all are German-held (`_retake`); before the last
    turn, five infantry units sailed home from the first turn they may (`_sail_five`), and then
    the rest wait out of the Germans' reach (`_rear_guard`); in the last turn every British
    ground unit at a port sails home (3.2.3: only the map counts at the end, and eight on it, the
    Major, are out of reach) but the last Allied armour, where five sail without it."""
    kinds = {a["type"] for a in acts}
    if "return" in kinds and (_last(state) or mobile_arms_gone(state)):
        arms = [a for a in acts if a["type"] == "return" and allied_arms(a["unit"])]
        if arms:
            return _land(state, arms, random.Random(0))
    if state.phase != "british-movement" or state.pending:
        return None
    if low_countries_fallen(state) and state.turn >= EVACUATE_FROM - 2:  # the British make for the ports
        retake = _retake(state, acts, _last(state))
        if retake is not None:
            return retake
    if not _last(state):
        return _rear_guard(state, acts) if _guarding(state) else _sail_five(state, acts)
    evacuated, _ = british_counts(state)
    sailing = [a for a in acts if a["type"] == "evacuate"]
    for a in sailing:
        uid = a["unit"]
        keep = allied_arms(uid) and not _other_arms(state, uid) and evacuated + len(sailing) - 1 >= sc().tables.victory.british_minor_evacuated
        if not keep:
            return a
    return None


def _retake(state: State, acts: list[Action], inland: bool) -> Action | None:
    """A ground unit into a Belgian or Dutch area no German unit stands in: it is Allied-held
    once an Allied unit stands there alone (update_control, NOTES.md reading 27). Before the last
    turn only a port, from which the unit may still sail home (3.2.3); in the last turn any such
    area (inland). An infantry unit before the armour, which the map keeps at the end; a port
    before an inland area."""
    moves = [
        a for a in acts
        if a["type"] == "move" and sc().country(a["to"]) in ("B", "NL") and not ground(state, a["to"], "german")
        and (inland or sc().areas[a["to"]].port)
    ]
    return min(moves, key=lambda a: (allied_arms(a["unit"]), not sc().areas[a["to"]].port, a["unit"], a["to"])) if moves else None


# Once five have sailed (the Minor, 7.0), a British unit sailing home adds nothing to Britain's
# level, and one still on the map matters only at the end: in the last British Movement Phase (2.0:
# the last of the game turn) it may retake a Belgian or Dutch area, and an armour unit on the map
# keeps off the German Minor. A unit next to the Germans is attacked (3.4.4 C binds an attack on
# every Allied-occupied area next to an Advance/Attack area). So the five sail first, and the rest
# wait out of the Germans' reach, near an area they can retake at the end.


def _sail_five(state: State, acts: list[Action]) -> Action | None:
    """From the turn the British sail home, while fewer than five have sailed, an infantry unit at
    a port sails (3.2.3), within the Germans' reach or not: the Minor in hand (7.0). The armour
    stays: on the map at the end it keeps off the German Minor (5.3.2's note)."""
    if state.turn < EVACUATE_FROM:
        return None
    sailing = [a for a in acts if a["type"] == "evacuate" and not allied_arms(a["unit"])]
    return min(sailing, key=lambda a: a["unit"]) if sailing else None


def _guarding(state: State) -> bool:
    """Whether the British rear guard is on: five ground units sailed (7.0), before the last turn."""
    evacuated, _ = british_counts(state)
    return not _last(state) and evacuated >= sc().tables.victory.british_minor_evacuated


def _waiting(state: State, area: str) -> tuple[int, bool, int, int]:
    """How good a place to wait is: out of the German units' reach (at least WAIT areas from the
    nearest, where an Advance/Attack binds no attack on it, 3.4.4 C), then within REACH of a
    Belgian or Dutch area no German unit stands in, then farther from the Germans, then nearer
    such an area."""
    free = [a for a, c in sc().areas.items() if c.country in ("B", "NL") and not ground(state, a, "german")]
    gap = min((distances(area).get(f, 99) for f in free), default=99)
    threat = _threat(state, area)
    return (min(threat, WAIT), gap <= REACH, min(threat, WAIT + 1), -gap)


def _rear_guard(state: State, acts: list[Action]) -> Action | None:
    """Of the British ground units left on the map once five have sailed, one that can wait in a
    better place (`_waiting`) moves to the best it can reach, the worst placed first."""

    def placed(a: Action) -> tuple[int, bool, int, int]:
        return _waiting(state, state.pieces[a["unit"]].where)

    moves = [
        a for a in acts
        if a["type"] == "move" and _rear(a["unit"]) and _waiting(state, a["to"]) > placed(a)
    ]
    if not moves:
        return None
    worst = min(placed(a) for a in moves)
    return max((a for a in moves if placed(a) == worst), key=lambda a: (_waiting(state, a["to"]), a["unit"], a["to"]))


def _rear(uid: str) -> bool:
    unit = sc().units[uid]
    return unit.nation == "british" and not unit.air


def _kept(state: State, acts: list[Action]) -> list[Action]:
    """The rear guard's units (`_guarding`) neither sail nor move but as `_rear_guard` sends
    them: what they would add sailing is nothing, and anywhere else they may be caught."""
    if state.phase != "british-movement" or not _guarding(state):
        return acts
    kept = [a for a in acts if not (a.get("unit") and _rear(a["unit"]) and a["type"] in ("evacuate", "move"))]
    return kept or acts


def _spared(state: State, acts: list[Action]) -> list[Action]:
    """In the last turn the British air and armour the map needs at the end take no risk: no
    mission for a fighter (turned back, it ends in the Set Aside box, 3.3.4 b), no attack for the
    last armour (a loss sends it to the Set Aside box, 4.5)."""
    if not _last(state) or state.phase != "british-movement":
        return acts

    def risky(a: Action) -> bool:
        uid = a.get("unit")
        if uid is None or not allied_arms(uid) or sc().units[uid].nation != "british":
            return False
        if a["type"] == "mission":
            return True
        return a["type"] == "move" and bool(ground(state, a["to"], "german")) and not _other_arms(state, uid)

    kept = [a for a in acts if not risky(a)]
    return kept or acts
