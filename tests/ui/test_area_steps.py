"""The area keys on their own, without a Pilot (ui/steps/area.py): what an `AreaKeys` lights, which
actions concern a zone, and what Enter on a zone, a number key and a game's own key ask for."""

from __future__ import annotations

from types import SimpleNamespace

from tests.ui.areahelpers import dieppe, strange_victory
from wargames_tui.engine.session import Session
from wargames_tui.present import presentation
from wargames_tui.ui.steps.area import AreaKeys, StepEach, still_moving
from wargames_tui.ui.steps.turn import ListAll, Offer, Play, Refuse, Say


def keys_of(session: Session, **chosen: object) -> AreaKeys:
    terms = presentation(session.game).area
    return AreaKeys(session, session.view(session.prompt.side), terms, terms.player, **chosen)  # type: ignore[arg-type]


def test_the_units_under_the_cursor_light_their_reach_and_stay_lit_while_the_cursor_looks_away() -> None:
    keys = keys_of(strange_victory())  # the German activation: 1pz, 2pz and 10pz stand in Sedan
    assert keys.lights() == {}  # nothing chosen, nothing lit
    assert keys.source_at("SED") == "SED"
    lit = keys_of(strange_victory(), source="SED").lights()
    assert lit["SED"] == "selected" and lit["CHE"] == "reach" and lit["POI"] == "reach"
    # The cursor goes to look at where they may go: Sedan stays lit.
    assert keys_of(strange_victory(), source="SED").source_at("CHE") == "SED"


def test_nothing_is_lit_for_the_player_while_a_bot_or_the_game_plays() -> None:
    assert keys_of(strange_victory(), source="SED", idle=True).lights() == {}


def test_enter_on_a_zone_offers_its_actions_with_the_lit_units_first() -> None:
    keys = keys_of(strange_victory(), source="SED")
    (choose,) = keys.enter("CHE")
    assert isinstance(choose, Offer) and choose.listed and choose.title.endswith(":")
    assert {a["type"] for a in choose.actions} == {"move"} and all(a["to"] == "CHE" for a in choose.actions)
    assert choose.actions[0]["division"] in keys.own_in("SED")


def test_a_picked_unit_narrows_the_actions_to_its_own() -> None:
    keys = keys_of(strange_victory(), source="SED", picked=("1pz",))
    assert {a["division"] for a in keys.narrowed()} == {"1pz"}
    assert {a["division"] for a in keys.zone_actions("SED")} == {"1pz"}
    assert keys.source_units() == ["1pz"]
    # A number key on a picked unit drops it; on another of its zone adds it.
    assert keys.pick("1pz") == () and keys.pick("2pz") == ("1pz", "2pz")


def test_a_stack_action_is_narrowed_to_the_picked_units_when_the_rules_accept_it() -> None:
    session = dieppe(setup_done=True)  # the British actions: LCA move and fire as a stack of three
    keys = keys_of(session, picked=("lca1",))
    narrowed = keys.narrowed()
    assert narrowed and all(a.get("units") == ["lca1"] for a in narrowed if "units" in a)
    assert any(a["type"] == "move" and a["to"] == "SA" for a in narrowed)


def test_enter_where_nothing_concerns_the_zone_gives_the_rules_reason_or_says_so() -> None:
    keys = keys_of(strange_victory(), source="SED")
    far = next(z for z in keys.view["zones"] if not keys.zone_actions(z))
    (answer,) = keys.enter(far)
    assert isinstance(answer, (Refuse, Say))
    if isinstance(answer, Refuse):
        assert answer.exc.case
    else:
        assert answer.text.startswith("Nothing to do at")


def test_a_game_key_plays_the_first_action_of_its_type_or_says_it_is_not_possible() -> None:
    keys = keys_of(dieppe(setup_done=True))
    (play,) = keys.play_type("end-turn")
    assert isinstance(play, Play) and play.action["type"] == "end-turn"
    (say,) = keys.play_type("end-setup")
    assert isinstance(say, Say) and say.kind == "error" and "not possible now" in say.text


def test_with_nothing_on_the_map_to_choose_enter_lists_every_action() -> None:
    session = dieppe(setup_done=True)
    prompt = SimpleNamespace(actions=[{"type": "end-turn"}], text="", case="", side="british")
    bare = SimpleNamespace(prompt=prompt, game=session.game)
    keys = AreaKeys(bare, session.view("british"), presentation(session.game).area, "british")  # type: ignore[arg-type]
    assert keys.enter("SA") == (ListAll(),)


def test_enter_where_every_picked_unit_may_step_moves_them_one_after_another() -> None:
    session = dieppe(setup_done=True)
    view = session.view("british")
    moves = [{"type": "move", "unit": "g1-c1", "to": "C5"}, {"type": "move", "unit": "g1-c2", "to": "C5"},
             {"type": "move", "unit": "g1-c1", "to": "OR1"}]
    prompt = SimpleNamespace(actions=moves, text="Move", case="dieppe:9.1", side="british")
    fake = SimpleNamespace(prompt=prompt, game=session.game)
    keys = AreaKeys(fake, view, presentation(session.game).area, "british", picked=("g1-c1", "g1-c2"))  # type: ignore[arg-type]
    (each,) = keys.enter("C5")
    assert each == StepEach(moves[:2], ("g1-c1", "g1-c2"))
    # Once moved they stay picked while every one of them may go on.
    assert still_moving(moves, ("g1-c1",)) and not still_moving(moves, ("g1-c1", "g1-c2", "g1-c3"))


def test_the_start_zone_is_where_the_player_has_something_to_do() -> None:
    keys = keys_of(strange_victory())
    order = sorted(keys.view["zones"])
    assert keys.start_zone(order) in {u["zone"] for u in keys.view["units"] if u["side"] == "german"}
    assert keys.next_zone(order, order[0]) in keys.ready_zones(order)
