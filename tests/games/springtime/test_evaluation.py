"""The evaluation the planning bot scores Springtime positions by (evaluation.py)."""

import random

import pytest

from wargames_tui.bots import BOTS, random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.games.springtime import evaluate, new


def test_french_morale_lost_is_the_axis_gain():
    # springtime:16.1.1: French Morale at 0 is an Axis win; each point lost brings it nearer.
    state = new("springtime/fall-gelb", {})
    before = evaluate(state, "axis")
    state.morale -= 5
    assert evaluate(state, "axis") == before + 5
    assert evaluate(state, "allied") == -evaluate(state, "axis")


def test_a_unit_eliminated_counts_against_its_side():
    # springtime:12.3: an eliminated unit is out of play until it is rebuilt.
    state = new("springtime/fall-gelb", {})
    allied = next(u for u, s in state.units.items() if s.get("at") not in ("eliminated", "removed", "offmap") and _side(u) == "allied")
    before = evaluate(state, "allied")
    state.units[allied]["at"] = "eliminated"
    assert evaluate(state, "allied") < before


def _side(uid: str) -> str:
    from wargames_tui.games.springtime.data import load_board

    return load_board().units[uid].side


def test_the_advantage_held_counts_for_its_holder():
    # springtime:11.2: a spent Advantage passes to the enemy at the impulse's end, so the
    # spender is worse off by it (a plan that scored it at nothing spent it on every small gain).
    state = new("springtime/plan-red", {})
    state.advantage, state.advantage_used = "allied", None
    held = evaluate(state, "allied")
    state.advantage, state.advantage_used = None, "allied"
    assert evaluate(state, "allied") < held
    state.advantage, state.advantage_used = "axis", None
    assert evaluate(state, "allied") < held


def _first_axis_attack(seed: int):
    """A greedy Plan Red game played to the first Axis attack the Allies must answer (10.4.3)."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for

    game = game_for("springtime/plan-red")
    session = Session.start(game, "springtime/plan-red", seed=seed)
    rng = random.Random(seed)
    while not (session.state.step == "defend" and session.state.combat["attacker"] == "axis"):
        session.act(BOTS["greedy"](session, rng))
    return session.state


def test_an_attack_due_counts_at_its_expected_result():
    # springtime:10.4.4: a declared attack costs the defender a step (an Overrun the unit) and,
    # by 10.5.4, the Area when it wins. The planner's playout ends at the defender's answer, so
    # the attack must count before it is rolled: here the Axis attack is far the likelier to win.
    state = _first_axis_attack(1)
    due = evaluate(state, "allied")
    state.combat = None
    state.imp["must"] = {}
    assert due < evaluate(state, "allied") - 1




@pytest.mark.rules("springtime:10.4.3", "springtime:10.5")
def test_a_defence_answers_the_attackers_impulse_and_an_attackers_own_steps_do_not() -> None:
    # The planning bot's playouts read `answering` (docs/GAMES.md): a side's defence, Advantage or
    # retreat in the other's impulse answers it; the attacker's own retreat or Advantage within
    # its impulse, its impulse's other steps and the other phases do not. Random play (seed 3)
    # meets each of them for both sides.
    game = game_for("springtime/plan-red")
    session, rng = Session.start(game, "springtime/plan-red", seed=3), random.Random(3)
    seen: set[tuple[str, bool]] = set()
    while session.outcome() is None:
        state, side = session.state, game.active_side(session.state)
        if state.phase == "maneuvers" and state.step in ("defend", "advantage", "retreat"):
            assert game.answering(state) == (side != state.active), (state.step, side, state.active)
            seen.add((side, side != state.active))
        elif state.step in ("start", "assault") or state.phase != "maneuvers":
            assert not game.answering(state), (state.step, side)
        session.act(random_bot(session, rng))
    assert seen == {("allied", True), ("axis", True), ("allied", False), ("axis", False)}, seen


@pytest.mark.rules("springtime:6.2.1", "springtime:11.1.4")
def test_the_impulses_still_to_come_this_phase_count_and_soldier_on_adds_one_for_the_axis():
    # A plan is played out to its side's next impulse, so the Axis impulse that Soldier On buys
    # lies beyond it: the Allies spent the Advantage at 9 of 13 Heroic Defenses offered (Plan Red,
    # seeds 1-2), which hands the Axis the next Soldier On.
    from wargames_tui.games.springtime.evaluation import ADVANTAGE

    from .helpers import PR, fresh, impulse

    state = impulse(fresh(PR), "allied", 7)
    state.advantage, state.advantage_used = "allied", None
    going_on = evaluate(state, "axis")
    state.phase, state.step = "refit", "refit-allied"
    assert going_on > evaluate(state, "axis")  # an Axis impulse (8) is still to come
    state = impulse(fresh(PR), "allied", 7)
    state.advantage, state.advantage_used = "allied", None
    allies_hold = evaluate(state, "allied")
    state.advantage = "axis"
    assert evaluate(state, "allied") < allies_hold - 2 * ADVANTAGE - 3  # and one more after it


@pytest.mark.rules("springtime:6.0", "springtime:6.2.1")
def test_the_impulses_to_come_run_to_the_last_turn_so_a_plan_ending_between_phases_is_not_favoured():
    # Counting this phase's impulses alone, a playout that ended in the Refit Phase saw none to
    # come and one that ran on to the next turn's Maneuvers Phase saw a whole phase of them: the
    # planning Allies Soldiered On (and passed) to end their plans in the Refit Phase (Plan Red,
    # seeds 7 and 9). The same position is worth the same between the phases.
    from .helpers import PR, fresh, impulse

    def at(phase: str, turn: int) -> float:
        state = impulse(fresh(PR), "allied", 1)
        state.advantage, state.advantage_used = "allied", None
        state.turn, state.phase = turn, phase
        return evaluate(state, "allied")

    assert at("refit", 5) == pytest.approx(at("political", 6)) == pytest.approx(at("maneuvers", 6))
    assert at("maneuvers", 5) < at("maneuvers", 6) < at("maneuvers", 7)  # fewer Axis impulses left


@pytest.mark.rules("springtime:13.2.4", "springtime:16.1", "springtime:16.1.1", "springtime:11.1.4")
def test_the_refit_phase_to_come_weighs_the_surrenders_and_the_victory_they_may_bring():
    # Plan Red seed 9, the planning Allies: two French units cut off in contested Paris at
    # Morale 10. Declining Soldier On ended the phase, and its playouts met the surrender dice
    # (each a dr of 1-2, 13.2.4): both gone, Paris falls (-10) and Morale with it to -2, an Axis
    # Automatic Victory in about one in nine. Soldiering On put those dice past the plan's end, so
    # it looked safer; the Allies Soldiered On and lost Paris and the game two impulses later.
    from wargames_tui.games.springtime.evaluation import DEFEAT

    from .helpers import PR, fresh, impulse, put

    state = impulse(fresh(PR), "allied", 5)
    state.turn, state.morale = 6, 10
    for uid in ("fr-4a", "fr-3dcr", "de-6a"):
        put(state, uid, "25")
    supplied = evaluate(state, "allied")
    for uid in ("fr-4a", "fr-3dcr"):
        state.units[uid]["oos"] = True
    assert evaluate(state, "allied") < supplied - DEFEAT / 9
    state.phase, state.step = "refit", "refit-allied"  # the dice rolled (or not yet due): no risk counted twice
    assert evaluate(state, "allied") > supplied - 100


@pytest.mark.rules("springtime:16.1.1", "springtime:16.2")
def test_a_victory_the_position_already_meets_counts_whole_and_plans_stay_apart():
    # Plan Red seed 204 (main 6f8e5ed) scored every plan of a lost last turn at about -10,000
    # alike. At Morale 0 the Automatic Victory is met as it stands (16.1.1): the game, less what
    # the Allies may still undo. Plans still stand apart: a point lower costs a point, and a point
    # back to Morale 1 leaves the Axis only the Armistice dr above 1 (16.2), 5 in 6.
    from wargames_tui.games.springtime.evaluation import DEFEAT

    from .helpers import PR, fresh, impulse

    state = impulse(fresh(PR), "allied", 5)
    state.turn, state.morale = 7, 0
    kept = evaluate(state, "allied")
    assert kept < -DEFEAT
    state.morale = -1
    assert evaluate(state, "allied") == pytest.approx(kept - 1)
    state.morale = 1
    assert evaluate(state, "allied") == pytest.approx(kept + 1 + DEFEAT / 6)


@pytest.mark.rules("springtime:16.2", "springtime:6.4.1")
def test_the_armistice_dr_at_morale_5_or_less_counts_its_chance_of_the_game():
    # 16.2: each End Phase at French Morale 5 or less, a dr above Morale ends the game in an Axis
    # Operational Victory. From 6 to 5 the Axis gains a point and a 6 on that dr: 1 in 6 where one
    # End Phase is left (Turn 7), 1 - (5/6)^2 = 11/36 where two are (Turn 6); at 3 a 4, 5 or 6
    # wins, half the game. Once Turn 7's End Phase has begun its roll is past: a point is a point.
    from wargames_tui.games.springtime.evaluation import DEFEAT

    from .helpers import fresh, impulse

    def at(morale: int, turn: int, phase: str = "maneuvers") -> float:
        state = impulse(fresh(), "allied", 3)
        state.turn, state.morale, state.phase = turn, morale, phase
        return evaluate(state, "axis")

    assert at(5, 7) - at(6, 7) == pytest.approx(1 + DEFEAT / 6)
    assert at(5, 6) - at(6, 6) == pytest.approx(1 + DEFEAT * 11 / 36)
    assert at(3, 7) - at(6, 7) == pytest.approx(3 + DEFEAT / 2)
    assert at(5, 7, "end") - at(6, 7, "end") == pytest.approx(1)
    assert at(6, 7) - at(7, 7) == pytest.approx(1)  # above 5 no Armistice dr is rolled: a point is a point


@pytest.mark.rules("springtime:11.1.1", "springtime:16.1.1", "springtime:16.2")
def test_paris_is_worth_the_game_where_its_fall_brings_morale_to_0():
    # 11.1.1: Paris captured costs France 10 Morale. At Morale 20 that is 10 points; at Morale 10
    # it brings Morale to 0, an Automatic Victory when the turn ends (16.1.1): the whole game
    # more. At 14 it leaves 4, and in Turn 5 three Armistice drs to come (16.2), one of them above
    # 4 in 1 - (4/6)^3 = 19/27.
    from wargames_tui.games.springtime.evaluation import DEFEAT
    from wargames_tui.games.springtime.morale import set_control

    from .helpers import fresh

    def gain(morale: int) -> float:
        state = fresh()
        state.turn, state.phase, state.morale = 5, "political", morale  # the Refit Phase's cut-offs not to come
        before = evaluate(state, "axis")
        set_control(state, "25", "axis", [])
        assert state.morale == morale - 10
        return evaluate(state, "axis") - before

    assert gain(10) - gain(20) == pytest.approx(DEFEAT)
    assert gain(14) - gain(20) == pytest.approx(DEFEAT * 19 / 27)


@pytest.mark.rules("springtime:16.1")
def test_paris_with_a_third_zone_linked_to_germany_is_worth_the_game():
    # 16.1: Paris and three French Zones, each linked to Germany by Axis-controlled Areas, win at
    # the turn's end whatever the Morale: the third Zone is worth the game, not 4 points.
    from wargames_tui.games.springtime.evaluation import AREA, DEFEAT, ZONE

    from .helpers import empty_board, fresh

    state = empty_board(fresh(), control="axis")
    state.turn, state.phase, state.morale = 5, "political", 20  # the Refit Phase's cut-offs not to come
    for zone in "CDE":
        state.control[zone] = "allied"
    two = evaluate(state, "axis")
    state.control["C"] = "axis"
    assert evaluate(state, "axis") - two == pytest.approx(DEFEAT + ZONE + 2 * AREA)


@pytest.mark.rules("springtime:6.3", "springtime:16.1.1", "springtime:13.2.5")
def test_no_refit_phase_follows_a_victory_the_maneuvers_phase_ends_on():
    # 6.3: the Refit Phase is skipped once the Axis has won an Automatic Victory, and Morale 0 at
    # the Maneuvers Phase's end is one (16.1.1; NOTES.md reading 16). An empty Paris taken at
    # Morale 10 and not linked to Germany would change hands again as a cut-off Area in that
    # Refit Phase (13.2.5, +5): the game is over before it.
    from wargames_tui.games.springtime.evaluation import DEFEAT
    from wargames_tui.games.springtime.morale import set_control
    from wargames_tui.games.springtime.state import OFFMAP

    from .helpers import fresh, impulse

    state = impulse(fresh(), "allied", 3)
    state.turn, state.morale = 5, 10
    for s in state.units.values():
        if s["at"] == "25":
            s["at"] = OFFMAP
    set_control(state, "25", "axis", [])
    assert state.morale == 0
    assert evaluate(state, "axis") > DEFEAT


@pytest.mark.rules("springtime:16.1.1", "springtime:11.1.1")
def test_an_empty_paris_walked_into_at_morale_9_is_the_allied_game_lost():
    # Plan Red seed 7002 (the planning Allies, 6fadcef's planner): at Turn 7, Morale 9, the Allies
    # marched Paris's garrison out to retake Zones A and B, and the 18th Army walked in: -10
    # (11.1.1), Morale -1, an Axis Automatic Victory when the turn ended (16.1.1). The playout
    # saw the walk-in; the evaluation scored it at 18 points against the Zones' 8.
    from wargames_tui.games.springtime.evaluation import DEFEAT
    from wargames_tui.games.springtime.morale import set_control
    from wargames_tui.games.springtime.state import OFFMAP

    from .helpers import PR, fresh, impulse

    state = impulse(fresh(PR), "allied", 3)
    state.turn, state.morale = 7, 9
    for s in state.units.values():
        if s["at"] == "25":
            s["at"] = OFFMAP
    held = evaluate(state, "allied")
    set_control(state, "25", "axis", [])
    assert evaluate(state, "allied") < held - DEFEAT


@pytest.mark.rules("springtime:8.1.1", "springtime:8.1.2a", "springtime:9.1", "springtime:11.1.1", "springtime:16.1.1")
def test_an_empty_paris_the_axis_may_walk_into_next_impulse_counts_as_taken():
    # Plan Red seed 7011 (070753c): at Turn 7, Morale 10, the Allies marched Paris's garrison
    # out; Schmidt's panzers (Army Group B) stood next door in 24 but B had assaulted in the Axis's
    # last impulse (8.1.1), so the plan's playout, which ends at the Allies' next impulse, saw no
    # walk-in. The impulse after, B walked in: -10 (11.1.1), an Automatic Victory (16.1.1). At an
    # Allied impulse's start the evaluation now counts an empty Paris a free Axis unit can reach
    # as taken, unless an Allied unit next to it could Regroup in first (8.1.2a).
    from wargames_tui.games.springtime.evaluation import DEFEAT

    from .helpers import PR, empty_board, fresh, impulse, put

    def at(banned: list[str], guard: str | None = None) -> float:
        state = impulse(empty_board(fresh(PR)), "allied", 5)
        state.turn, state.morale = 7, 10
        for area in ("24", "1", "2", "3", "4", "5", "6"):
            state.control[area] = "axis"  # 24 linked to Germany: the Axis holds Champagne
        put(state, "de-schmidt", "24")
        put(state, "fr-2a", "29")
        if guard:
            put(state, "fr-7a", guard)
        state.last_assault = {"allied": [], "axis": banned}
        return evaluate(state, "allied")

    free, spent = at([]), at(["B"])
    assert free < spent - DEFEAT  # B may assault: Paris falls at Morale 10
    # the 7th Army in 30 may Regroup into Paris first: at most a Zone behind it is left to walk into
    assert at(["B"], guard="30") - 10 < at([], guard="30") < at(["B"], guard="30")
