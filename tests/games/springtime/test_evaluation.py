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


@pytest.mark.rules("springtime:16.1", "springtime:16.1.1")
def test_a_victory_the_position_already_meets_is_left_to_the_standing_so_plans_stay_apart():
    # Plan Red seed 204 (main 6f8e5ed): with the Axis's victory already met as a last-turn plan
    # ended, a Refit Phase term that counted that victory whole scored every
    # plan at about -10,000 (sd 3 over 60 samples): all equal, and the planning Allies walked
    # single units into German stacks at margins of -3 to -10. The Allies still have impulses
    # to undo it; only the chance the surrender dice add counts.
    from wargames_tui.games.springtime.evaluation import DEFEAT

    from .helpers import PR, fresh, impulse

    state = impulse(fresh(PR), "allied", 5)
    state.turn, state.morale = 7, 0  # an Automatic Victory as it stands (16.1.1)
    assert evaluate(state, "allied") > -DEFEAT / 10
    kept = evaluate(state, "allied")
    state.morale -= 1
    assert evaluate(state, "allied") == pytest.approx(kept - 1)  # a point of Morale still tells plans apart
