"""Active Hostilities (3.1.5, SoP): weekly turns of a German then an Allied player-turn, each a
Movement and a Combat Segment, then the Command Events Segment; victory after ten turns (20.0)."""

from __future__ import annotations

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Outcome
from wargames_tui.games.seeds_of_disaster import combat, data, losses, movement
from wargames_tui.games.seeds_of_disaster.board import (
    AIR,
    army_room,
    is_army,
    is_corps,
    mobile,
    other,
    place,
    player_turn,
    release,
    strength,
)
from wargames_tui.games.seeds_of_disaster.state import Battle, State, Unit

C = "seeds-of-disaster:"
LAST_WEEK = 10  # 3.1.2
BRITISH_LAST = "BRA1"  # the British corps that lands on week 3 of the war (21.4)
PARIS = ("PNO", "PES", "PSU")
LEVELS = (
    "French Decisive",
    "French Marginal",
    "Draw",
    "German Marginal",
    "German Major",
    "German Decisive",
)


def begin(state: State, dice: Dice) -> list[Event]:
    """The DS has become Active Hostilities: week 1, the Germans move first (3.4); the attack plan is
    final (19.0); mobilization and RP spending end (7.1, 7.4)."""
    state.strategic.ds = "hostilities"
    state.war.week = 1
    state.war.player = "german"
    state.war.segment = "movement"
    for u in state.units.values():
        u.moved = u.fought = u.flown = False
    return [
        Event(
            "war",
            f"Active Hostilities: week 1 of {LAST_WEEK}; the German attack plan is final (19.0)",
            {"week": 1},
            commit=True,
        ),
        Event("phase", "Week 1: German player-turn", commit=True),
        *_arrivals(state),
    ]


def _arrivals(state: State) -> list[Event]:
    """21.4, 21.5.2: what is due by this week arrives at its start (the prewar part places it)."""
    from wargames_tui.games.seeds_of_disaster import prewar

    return prewar.war_arrivals(state)


def at_war(state: State) -> bool:
    return state.strategic.ds == "hostilities" and state.war.week > 0


def acting(state: State) -> str | None:
    if state.war.ended:
        return None
    b = state.war.battle
    if b and b.step in ("defend", "defend-support"):
        return other(b.attacker)
    if b and b.step == "advance":
        return b.winner
    if b and b.step == "losses":
        return combat.loss_side(b)
    if b and b.step == "retreat":
        return combat.retreat_side(b)
    return state.war.player


def answering(state: State) -> bool:
    """Whether the side to act answers the other side's attack within that side's player-turn: a
    battle's defence, or its losses, retreat or advance where they fall to the defender."""
    return at_war(state) and state.war.battle is not None and acting(state) not in (None, state.war.player)


def phase_title(state: State) -> str:
    b = state.war.battle
    who = state.war.player.title()
    if b:
        return f"Week {state.war.week}: {who} combat, battle for {b.area} ({b.step})"
    return f"Week {state.war.week}: {who} {state.war.segment}"


# ---- legal actions


def actions(state: State) -> list[Action]:
    if state.war.ended:
        return []
    b = state.war.battle
    if b:
        if b.step in ("support", "defend-support"):
            return combat.support_actions(
                state, b.attacker if b.step == "support" else other(b.attacker)
            )
        if b.step == "defend":
            return combat.defend_actions(state) + _recoveries(state)
        if b.step == "advance":
            return combat.advance_actions(state)
        if b.step == "losses":
            return combat.loss_actions(state)
        if b.step == "retreat":
            return combat.retreat_actions(state)
        if b.step == "breakthrough":
            return (
                _attacks(state, b)
                + combat.breakthrough_pursuits(state)
                + [{"type": "end-breakthrough"}]
            )
    if state.war.segment == "movement":
        return movement_actions(state) + [{"type": "end-movement"}]
    return _attacks(state, None) + _recoveries(state) + [{"type": "end-combat"}]


def _attacks(state: State, breakthrough: Battle | None) -> list[Action]:
    side = state.war.player
    out: list[Action] = []
    if breakthrough:
        g = data.graph()
        zones = {state.units[u].zone for u in breakthrough.exploiters}
        areas = sorted({a for z in zones if z for a in g.neighbours(z)})
    else:
        areas = combat.targets(state, side)
    for area in areas:
        if not combat.defenders(state, area, side):
            continue
        for grp in combat.attack_groups(state, side, area, breakthrough):
            out.append({"type": "attack", "area": area, **grp})
    return out


def movement_actions(state: State, unit: object = None) -> list[Action]:
    """The legal actions of the movement segment; given a `unit`, only those naming it (what an
    action naming it is checked against: one unit's options, not every unit's)."""
    side = state.war.player
    out: list[Action] = []
    for u in sorted(movement.movers(state, side), key=lambda u: u.id):
        if unit is not None and u.id != unit:
            continue
        for area, eng in movement.move_options(state, u):
            out.append(
                {
                    "type": "move",
                    "unit": u.id,
                    "to": area,
                    **({"engineers": True} if eng else {}),
                }
            )
        if not state.war.free_sr_used or state.strategic.cp[side] >= 1:
            out += [
                {"type": "sr", "unit": u.id, "to": a}
                for a in movement.sr_options(state, u)
            ]
        if movement.reserve_ok(state, u):
            out.append({"type": "reserve", "unit": u.id})
    for u in sorted(state.side_units(side), key=lambda u: u.id):
        if unit is not None and u.id != unit:
            continue
        # 9.2.2: a corps may be poised once in an army's area, moved there this segment or not
        out += [
            {"type": "poise", "unit": u.id, "army": a}
            for a in movement.poise_options(state, u)
        ]
    if state.strategic.ip[side] >= 1 and unit is None:
        seen = {
            u.zone
            for u in state.units.values()
            if u.box == "map" and u.side != side and u.kind != "westwall"
        }
        out += [{"type": "examine", "area": a} for a in sorted(z for z in seen if z)]
    for u in sorted(state.side_units(side), key=lambda u: u.id):
        if unit is not None and u.id != unit:
            continue
        out += [
            {"type": "deploy", "unit": u.id, "to": a}
            for a in movement.deploy_options(state, u)
        ]
        out += [{"type": "enter", "unit": u.id, "to": a} for a in _entry_mcs(state, u)]
        if u.box == "poised" and u.army and not state.units[u.army].moved:
            out.append({"type": "columnar", "unit": u.id})
    return out + [a for a in _recoveries(state) if unit is None or a["unit"] == unit]


def _recoveries(state: State) -> list[Action]:
    """6.2.8, 15.2.2-15.2.4: a player may pay 1 CP to end an army's disruption in his own Movement
    or Combat Segment, or when he is attacked, before he decides to stand (13.4); in the
    player-turn it was disrupted in, only if a corps in its area (a mobile one when there is one)
    can lose a step. The columnar mobile corps there may be poised with it again."""
    side = acting(state)
    if side is None or state.strategic.cp[side] < 1:
        return []
    out: list[Action] = []
    for u in sorted(state.side_units(side), key=lambda u: u.id):
        if not (is_army(u) and u.disrupted and u.box == "map"):
            continue
        if u.disrupted_turn == player_turn(state) and not _recovery_step(state, u):
            continue
        out.append({"type": "recover", "unit": u.id})
        if _columnar_mobile(state, u):
            out.append({"type": "recover", "unit": u.id, "poise": True})
    return out


def _recovery_step(state: State, army: Unit) -> Unit | None:
    """15.2.2: the corps that pays the step for a recovery in the player-turn of the disruption."""
    corps = [
        u
        for u in state.in_zone(army.zone or "")
        if u.side == army.side and is_corps(u)
    ]
    pool = [u for u in corps if mobile(u)] or corps
    return min(pool, key=lambda u: (strength(u), u.id), default=None)


def _columnar_mobile(state: State, army: Unit) -> list[Unit]:
    return [
        u
        for u in state.in_zone(army.zone or "")
        if u.side == army.side and is_corps(u) and mobile(u)
    ]


def _recover(state: State, action: Action) -> list[Event]:
    if action not in _recoveries(state):
        raise IllegalAction(f"not possible now: {action}", C + "15.2.2")
    u = state.units[action["unit"]]
    events: list[Event] = []
    if u.disrupted_turn == player_turn(state):
        victim = _recovery_step(state, u)
        assert victim is not None  # _recoveries offers no recovery without one
        events += losses.step_loss(state, victim, "15.2.2")
    state.strategic.cp[u.side] -= 1
    u.disrupted = False
    release(state, u)
    events.insert(
        0,
        Event(
            "recover", f"{u.id} recovers from disruption (1 CP, 6.2.8)", {"unit": u.id}
        ),
    )
    if action.get("poise"):
        for c in _columnar_mobile(state, u):
            c.box, c.army = "poised", u.id
            events.append(
                Event("move", f"{c.id} is poised with {u.id} again (15.2.4)", {"unit": c.id, "army": u.id})
            )
    return events


def _entry_mcs(state: State, u: Unit) -> list[str]:
    """7.2.1: German and French units in the Mobilized Units box enter at a home MC their side
    holds; British units land on a coast of France their side holds, the last corps from week 3
    (21.4, NOTES.md)."""
    if (
        u.box != "mobilized"
        or u.kind in AIR
        or u.nation not in ("german", "french", "british")
    ):
        return []
    if u.nation == "british":
        if u.id == BRITISH_LAST and state.war.week < 3:
            return []
        return [
            a
            for a, info in data.areas().items()
            if info.coast
            and state.control.get(a) == u.side
            and not movement.enemy_in(state, a, u.side)
            and (not is_army(u) or army_room(state, a, u.side))
        ]
    home = data.HOME[u.nation]
    return [
        a
        for a, info in data.areas().items()
        if info.mc
        and info.country == home
        and state.control.get(a) == u.side
        and not movement.enemy_in(state, a, u.side)
    ]


# ---- applying an action


def apply(state: State, action: Action, dice: Dice) -> list[Event]:
    if state.war.ended:
        raise IllegalAction("the game is over", C + "20.0")
    t = action.get("type")
    b = state.war.battle
    if (
        b
        and b.step in ("support", "defend-support")
        and t in ("air", "option", "paradrop", "air-mode", "commit")
    ):
        flier = b.attacker if b.step == "support" else other(b.attacker)
        events = combat.support(state, action)
        if t == "air":
            _indicator(state, flier, "aircraft")
        if b.step == "resolve":
            events += combat.resolve(state, dice)
        return events + _after_battle(state)
    if b and b.step == "defend" and t == "recover":
        return _recover(state, action)
    if b and b.step == "defend" and t in ("accept", "retreat-before"):
        return combat.defend(state, action) + _after_battle(state)
    if b and b.step == "losses" and t == "loss":
        return combat.take_loss(state, action, dice) + _after_battle(state)
    if b and b.step == "retreat" and t == "retreat":
        return combat.take_retreat(state, action) + _after_battle(state)
    if b and b.step == "advance" and t in ("advance", "no-advance"):
        return combat.advance(state, action) + _after_battle(state)
    if b and b.step == "breakthrough":
        if t == "end-breakthrough":
            state.war.battle = None
            return [Event("phase", "The Breakthrough segment ends (16.1.2)")]
        if t == "attack":
            return combat.declare(state, action)
        if t == "advance":
            return combat.pursue(state, action)
    if b:
        raise IllegalAction(f"finish the battle for {b.area} first", C + "13.1.6")
    if state.war.segment == "movement":
        return _movement(state, action, dice)
    if t == "attack":
        events = combat.declare(state, action)
        _indicator(state, state.war.player, "combat")
        return events
    if t == "recover":
        return _recover(state, action)
    if t == "end-combat":
        return _end_player_turn(state, dice)
    raise IllegalAction(f"not possible in the combat segment: {t!r}", C + "13.0")


def _movement(state: State, action: Action, dice: Dice) -> list[Event]:
    t = action.get("type")
    if t == "end-movement":
        state.war.segment = "combat"
        return [Event("phase", f"{state.war.player.title()} Combat Segment (13.0)")]
    if t not in (
        "move",
        "sr",
        "reserve",
        "poise",
        "columnar",
        "deploy",
        "enter",
        "recover",
        "examine",
    ):
        raise IllegalAction(f"unknown action {t!r}", C + "10.0")
    if action not in movement_actions(state, action.get("unit")):
        raise IllegalAction(f"not possible now: {action}", C + "10.1")
    if t in INDICATOR:
        _indicator(state, state.war.player, INDICATOR[t])
    if t == "examine":
        return _examine(state, action["area"])
    unit = action["unit"]
    if t == "move":
        return movement.do_move(
            state, unit, action["to"], bool(action.get("engineers", False))
        )
    if t == "sr":
        return movement.do_sr(state, unit, action["to"])
    if t == "reserve":
        return movement.do_reserve(state, unit)
    if t == "poise":
        return movement.do_poise(state, unit, action["army"])
    if t == "columnar":
        return movement.do_columnar(state, unit)
    if t == "deploy":
        return movement.do_deploy(state, unit, action["to"])
    if t == "recover":
        return _recover(state, action)
    u = state.units[unit]
    place(state, u, action["to"])
    u.moved = True
    return [
        Event(
            "move",
            f"{unit} enters at {action['to']} from the Mobilized Units box (7.2.1)",
            {"unit": unit},
        )
    ]


# 5.1.2: the qualitative indicator each kind of war action shows the other side
INDICATOR = {
    "move": "move", "sr": "move", "deploy": "deploy", "enter": "deploy",
    "reserve": "reserve", "poise": "reserve", "attack": "combat", "air": "aircraft",
}


def _indicator(state: State, side: str, kind: str) -> None:
    from wargames_tui.games.seeds_of_disaster import prewar

    prewar.note_indicator(state, side, kind)


def _examine(state: State, area: str) -> list[Event]:
    """5.2.2: 1 IP shows one enemy stack to the player who pays, and to him alone."""
    side = state.war.player
    state.strategic.ip[side] -= 1
    seen = [
        f"{u.id} ({u.steps} step{'s' if u.steps != 1 else ''})"
        for u in state.units.values()
        if u.box in ("map", "poised")
        and u.zone == area
        and u.side != side
        and u.kind != "westwall"
    ]
    return [
        Event(
            "intel",
            f"{side.title()} spends 1 IP to examine the stack in {area} (5.2.2)",
            {"area": area},
        ),
        Event(
            "intel",
            f"In {area}: {', '.join(seen)}",
            {"area": area, "units": seen},
            only=side,
            commit=True,  # what was seen stays seen: no undo past it
        ),
    ]


def _after_battle(state: State) -> list[Event]:
    b = state.war.battle
    if b and b.step == "done":
        state.war.battle = None
    return []


def _end_player_turn(state: State, dice: Dice) -> list[Event]:
    events: list[Event] = []
    if state.war.player == "german":
        state.war.player = "allied"
        events.append(
            Event("phase", f"Week {state.war.week}: Allied player-turn", commit=True)
        )
    else:
        events += _command_segment(state, dice)
        events += _end_week(state)
        if state.war.ended:
            return events
        state.war.player = "german"
        events.append(
            Event("phase", f"Week {state.war.week}: German player-turn", commit=True)
        )
        events += _arrivals(state)
    events += _start_player_turn(state)
    return events


def _start_player_turn(state: State) -> list[Event]:
    """15.2.1: the other side's armies shake off disruption; movement and SR allowances renew."""
    side = state.war.player
    events = []
    state.war.segment = "movement"
    state.war.free_sr_used = False
    state.war.bridged = []
    state.war.attacked = []
    for u in state.units.values():
        u.moved = u.fought = False
        if u.side != side and u.disrupted:
            u.disrupted = False
            release(state, u)
            events.append(
                Event(
                    "recover", f"{u.id} is no longer disrupted (15.2.1)", {"unit": u.id}
                )
            )
    return events


def _command_segment(state: State, dice: Dice) -> list[Event]:
    """6.3: the Command Events, German first (the prewar part rolls them)."""
    from wargames_tui.games.seeds_of_disaster import prewar

    events: list[Event] = []
    for side in ("german", "allied"):
        events += prewar.command_events(state, side, dice)
    state.war.experience = {}
    return events + prewar.war_ip_rolls(state, dice)  # 5.1, the SoP's IP line at war


def _end_week(state: State) -> list[Event]:
    for u in state.units.values():
        u.flown = False  # 18.0: one mission a game turn
    if all(state.control.get(p) == "german" for p in PARIS):
        state.war.ended = True
        return [
            Event(
                "victory",
                "The Germans hold all of Paris: the game ends (2.3)",
                commit=True,
            )
        ]
    if state.war.week >= LAST_WEEK:
        state.war.ended = True
        return [
            Event(
                "victory",
                f"Week {LAST_WEEK} is over: the game ends (20.0)",
                commit=True,
            )
        ]
    state.war.week += 1
    return []


# ---- victory (20.0, 19.0)


def objectives_held(state: State) -> dict[str, int]:
    held = {"german": 0, "allied": 0}
    for a in data.objectives():
        side = state.control.get(a)
        if side:
            held[side] += 1
    return held


def level_index(held: dict[str, int]) -> int:
    """The level of victory for the objectives each side holds, an index into LEVELS (20.0)."""
    g, a = held["german"], held["allied"]
    if g >= 13:
        return 5
    if g == 12:
        return 4
    if g == 11:
        return 3
    if a >= 12:
        return 0
    if a == 11:
        return 1
    return 2


def level_of(held: dict[str, int]) -> str:
    name = LEVELS[level_index(held)]
    return name if name == "Draw" else f"{name} Victory"


def outcome(state: State) -> Outcome | None:
    if not state.war.ended:
        return None
    held = objectives_held(state)
    g, a = held["german"], held["allied"]
    level = level_index(held)
    bonus = any(
        v and state.control.get(p) == "german" for p, v in state.war.paris_axis.items()
    )
    reason = f"Objectives: German {g}, Allied {a} (20.0)"
    if bonus and level < 5:
        level += 1
        reason += (
            f"; Paris taken along the {state.attack_plan} axis: one level up (19.0)"
        )
    name = LEVELS[level]
    winner = None if level == 2 else ("german" if level > 2 else "allied")
    return Outcome(winner, f"{name} Victory" if winner else "Draw", reason, held)
