"""The hex keys' step objects on their own, without a Pilot: what a step lights, hints and asks
the screen to do, for a position and a selection."""

from __future__ import annotations

from tests.ui.helpers import arrange_attack, first_unit_move, new_session, start
from tests.ui.test_generic_keys import session_at, types
from tests.ui.test_scenarios import kharkov_fight
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.ui.steps import Selection, Turn, step_for
from wargames_tui.ui.steps.arrivals import ArriveStep, RemoveStep
from wargames_tui.ui.steps.base import Idle
from wargames_tui.ui.steps.combat import DeclareStep
from wargames_tui.ui.steps.generic import GenericStep
from wargames_tui.ui.steps.move import MoveStep
from wargames_tui.ui.steps.turn import Jump, Offer, Play, Refuse, Say, Select


def turn_of(session: Session, bot: str | None = None) -> Turn:
    return Turn(session, session.view(session.prompt.side), session.game.board(session.state), bot)


def selected(results: tuple) -> Selection:
    return next(r.selection for r in results if isinstance(r, Select))


def test_move_select_light_and_move() -> None:
    session = new_session()
    uid, start_hex, dest = first_unit_move(session)
    turn = turn_of(session)
    step = step_for(turn, Selection())
    assert isinstance(step, MoveStep) and step.kind == "move"
    assert f"select {turn.label(uid)}" in step.hint(start_hex)
    results = step.enter(start_hex)
    sel = selected(results)
    assert sel.selected == uid and any(isinstance(r, Say) and "in reach" in r.text for r in results)
    moving = step_for(turn, sel)
    lit = moving.lights()
    assert lit[start_hex] == "selected" and lit[dest] == "reach"
    assert moving.hint(dest) == f"Enter: move {turn.label(uid)} here"
    (play,) = moving.enter(dest)
    assert isinstance(play, Play) and play.action["unit"] == uid and play.action["path"][-1] == dest
    # Once played, the moved unit is no longer selected.
    assert moving.after_play(play.action).selected is None


def test_move_enter_on_empty_and_on_the_selected_unit() -> None:
    session = new_session()
    uid, start_hex, _ = first_unit_move(session)
    turn = turn_of(session)
    empty = next(h for h in sorted(turn.board.cells) if not turn.units_at(h))
    (say,) = step_for(turn, Selection()).enter(empty)
    assert isinstance(say, Say) and say.text.startswith("No unit here")
    # Enter on the selected unit again puts it down (a lone unit has no next one in its stack).
    movable = [u["id"] for u in turn.units_at(start_hex) if step_for(turn, Selection()).movable(u["id"])]
    results = step_for(turn, Selection(selected=uid)).enter(start_hex)
    assert selected(results).selected == (movable[1] if len(movable) > 1 and movable[0] == uid else None)


def test_move_refusal_is_the_rules_reason() -> None:
    session = new_session()
    uid, start_hex, _ = first_unit_move(session)
    turn = turn_of(session)
    step = step_for(turn, Selection(selected=uid))
    far = max(turn.board.cells, key=lambda h: (turn.board.grid.distance(start_hex, h), h))
    results = step.enter(far)
    assert results and isinstance(results[0], (Refuse, Say))
    assert all(not isinstance(r, Play) for r in results)


def test_declare_gathers_then_plays_and_e_asks_first() -> None:
    session = new_session()
    attackers, defender = arrange_attack(session)
    session.act({"type": "end-phase"})
    turn = turn_of(session)
    step = step_for(turn, Selection())
    assert isinstance(step, DeclareStep)
    target = turn.hex_of(defender)
    assert step.lights()[target] == "target"
    sel = selected(step.enter(target))
    assert set(attackers) <= set(sel.attackers)
    (play,) = step_for(turn, sel).enter(target)
    assert isinstance(play, Play) and play.action["type"] == "declare" and play.action["defender"] == defender
    # With nothing declared, e ends the declarations at once: nothing binds.
    (ended,) = [r for r in step.key("end_declarations", target) if isinstance(r, Play)]
    assert ended.action["type"] == "end-declarations"
    # With an attack declared, e once asks (the declarations bind), e again ends them.
    session.act(play.action)
    turn = turn_of(session)
    step = step_for(turn, Selection())
    first = step.key("end_declarations", target)
    assert selected(first).confirming and not any(isinstance(r, Play) for r in first)
    assert any(isinstance(r, Say) and r.text.startswith("1 attack declared: e again ends the declarations") for r in first)
    second = step_for(turn, selected(first)).key("end_declarations", target)
    assert any(isinstance(r, Play) and r.action["type"] == "end-declarations" for r in second)


def test_idle_when_a_bot_plays_the_side() -> None:
    session = new_session()
    step = step_for(turn_of(session, bot="greedy"), Selection())
    assert isinstance(step, Idle) and step.keys() == set()
    (say,) = step.enter(next(iter(step.turn.board.cells)))
    assert isinstance(say, Say) and "bot" in say.text


def test_setup_placement_waiting_units_and_tab() -> None:
    session = start("operation-compass")
    turn = turn_of(session)
    step = step_for(turn, Selection())
    assert isinstance(step, ArriveStep) and step.kind == "place"
    waiting = step.waiting()
    ids = [u["id"] for u in waiting.units]
    assert waiting.chosen == ids[0] and len(ids) > 1
    hexes = step.hexes_for(ids[0])
    assert all(step.lights()[h] == "entry" for h in hexes)
    (play,) = step.enter(hexes[0])
    assert play == Play(next(a for a in turn.prompt.actions if a["unit"] == ids[0] and a["hex"] == hexes[0]))
    tab = step.cycle(hexes[0], 1)
    assert selected(tab).pending == ids[1] and any(isinstance(r, Jump) for r in tab)


def test_exchange_marks_before_removing() -> None:
    session, a, b = kharkov_fight(["de-19pz-27", "de-19pz-pg"], "EX")
    for action in (
        {"type": "declare", "attackers": ["su-15rc", "su-25tc"], "defender": "de-19pz-27"},
        {"type": "end-declarations"},
    ):
        session.act(action)
    resolve = next(x for x in session.prompt.actions if x["type"] == "resolve")
    session.act(resolve)
    step = step_for(turn_of(session), Selection())
    assert isinstance(step, RemoveStep) and step.lights()[a] == "remove"
    marked = selected(step.enter(a)).marked
    assert marked == step.turn.units_at(a)[0]["id"]
    marking = step_for(step.turn, Selection(marked=marked))
    assert marking.marks()[marked] == "remove?"
    assert marking.enter(a) == (Play({"type": "remove", "unit": marked}),)


def test_generic_step_lights_what_actions_name_and_e_offers_the_bare_ones() -> None:
    session = session_at("dynamo/campaign", 1, lambda s: "pick" in types(s))
    turn = turn_of(session)
    step = step_for(turn, Selection())
    assert isinstance(step, GenericStep) and step.kind == "generic"
    pick = next(a for a in turn.prompt.actions if a["type"] == "pick" and len(a["units"]) == 1)
    h = turn.hex_of(pick["units"][0])
    assert h and pick["units"][0] in step.actionable(h)
    assert step.hint(h).startswith("Enter: ")
    if step.bare():
        (offer,) = step.key("finish", h)
        assert isinstance(offer, Offer) and all(a in step.bare() for a in offer.actions)


def test_enter_on_a_hex_out_of_the_picked_stacks_reach_gives_the_rules_reason() -> None:
    """Dynamo: a stack picked up, Enter on a hex it cannot reach: the rules say why (dynamo:9.1),
    not that no action names the hex."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.games import dynamo

    session, rng = Session.start(dynamo, "dynamo/campaign", seed=1), random.Random(1)
    while not any(a["type"] == "go" for a in session.prompt.actions):
        session.act(random_bot(session, rng))
    results = step_for(turn_of(session), Selection()).enter("2608")
    assert [type(r) for r in results] == [Refuse]
    assert results[0].exc.case == "dynamo:9.1" and "2608" in results[0].exc.reason


def test_at_a_handover_the_cursor_goes_to_the_decision_not_the_sides_first_unit() -> None:
    """Dynamo: the side handed a battle's losses starts on a hex of the units that may lose a
    step, not on its first unit in the list (the cursor went back to 1820 at every handover)."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.games import dynamo
    from wargames_tui.ui.actionfields import units_named

    session, rng = Session.start(dynamo, "dynamo/campaign", seed=2), random.Random(2)
    before = session.prompt.side
    while not (session.prompt.side != before and {a["type"] for a in session.prompt.actions} <= {"lose", "retreat-all"}):
        before = session.prompt.side
        session.act(random_bot(session, rng))
    turn = turn_of(session)
    first = next(u["hex"] for u in turn.view["units"] if u["side"] == turn.side and u["status"] == "map" and u["hex"])
    losing = {turn.hex_of(u) for a in turn.actions_of("lose") for u in units_named(a)}
    start = step_for(turn, Selection()).start(first)
    assert (start or first) in losing


def test_the_generic_hints_name_actions_in_words_not_by_their_type() -> None:
    # Blitzkrieg 1939's Roer dams: the hex panel said "e: open-dams" (an action type no player
    # knows); Dynamo's air phase said "Enter: 1Pz (12-7): air".
    session = Session.start(game_for("blitzkrieg-1940/1939"),
                            "blitzkrieg-1940/1939", seed=1)
    turn = turn_of(session)
    step = step_for(turn, Selection())
    assert isinstance(step, GenericStep) and step.bare()
    hint = step.hint(next(iter(turn.board.cells)))
    assert all(str(a["type"]) not in hint for a in step.bare()), hint
    assert turn.words(step.bare()[0]) in hint
    dynamo = Session.start(game_for("dynamo/campaign"),
                           "dynamo/campaign", seed=1)
    turn = turn_of(dynamo)
    step = step_for(turn, Selection())
    air = next(a for a in turn.prompt.actions if a["type"] == "air")
    hint = step.hint(turn.hex_of(air["unit"]))
    assert ": air" not in hint and turn.words(air) in hint, hint


def test_a_retreat_is_played_by_the_generic_step_its_ends_lit_and_a_wrong_end_refused_by_the_rules() -> None:
    # Panzer Corps' retreat, folded into the generic step (issue 22): the ends are lit "retreat",
    # the unit that retreats "selected", Enter on an end plays it, elsewhere the rules say why not.
    from tests.ui.helpers import seed_giving

    session = new_session(seed=seed_giving("retreat"))
    attackers, defender = arrange_attack(session)
    for action in ({"type": "end-phase"}, {"type": "declare", "attackers": attackers, "defender": defender},
                   {"type": "end-declarations"}, {"type": "resolve", "defender": defender}):
        session.act(action)
    turn = turn_of(session)
    step = step_for(turn, Selection())
    assert isinstance(step, GenericStep)
    start_hex = turn.hex_of(defender)
    ends = sorted({a["path"][-1] for a in turn.actions_of("retreat")})
    lit = step.lights()
    assert all(lit[h] == "retreat" for h in ends) and lit[start_hex] == "selected"
    (offer,) = step.enter(ends[0])  # one way there (paths to one end count as one): played at once
    assert isinstance(offer, Offer) and len(offer.actions) == 1
    assert offer.actions[0]["unit"] == defender and offer.actions[0]["path"][-1] == ends[0]
    wrong = next(h for h in turn.board.grid.neighbours(start_hex) if h in turn.board.cells and h not in ends)
    (answer,) = step.enter(wrong)
    assert isinstance(answer, Refuse) and answer.exc.case == "el-alamein:9.5", answer  # el-alamein:9.5
    # After an action that leaves the step as it is, the cursor goes where Enter does something.
    far = max(turn.board.cells, key=lambda h: turn.board.grid.distance(h, start_hex))
    assert step.follow(far) in lit and step.follow(ends[0]) is None
