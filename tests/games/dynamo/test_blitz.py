"""Blitzkrieg assaults (12.0) and their place in the German movement phase."""

from __future__ import annotations

import pytest

from tests.games.dynamo.helpers import act, actions, board, empty, patch_map, put
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dynamo import combat, movement

T = "2116"  # the Allied hex blitzed; the Germans come from 2115 or beyond


def blitz_with(s, result: str, target: str = T):
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(combat, "result_for", lambda b, column, total: result)
        return act(s, {"type": "blitz", "hex": target}, 3)


def ready(*units: str, at: str = "2115", defenders=("f-tf1",)):
    s = empty()
    s.raf = False
    put(s, T, *defenders)
    put(s, at, *units)
    act(s, {"type": "pick", "units": list(units)})
    return s


@pytest.mark.rules("dynamo:12.1")
def test_only_moto_mech_led_by_a_panzer_or_kampfgruppe_blitz() -> None:
    s = ready("g-1pz", "g-2mot")
    assert T in movement.blitz_targets(board(s), s.group)
    s = ready("g-2mot")
    assert movement.blitz_targets(board(s), s.group) == []
    s = ready("g-1pz-a")
    assert T in movement.blitz_targets(board(s), s.group)


@pytest.mark.rules("dynamo:12.13")
def test_straight_leg_units_never_blitz() -> None:
    s = ready("g-1pz", "g-12id")
    assert movement.blitz_targets(board(s), s.group) == []


@pytest.mark.rules("dynamo:12.8")
def test_no_blitz_into_marsh_nor_by_units_out_of_supply(monkeypatch) -> None:
    patch_map(monkeypatch, terrain={T: "marsh"})
    s = ready("g-1pz")
    assert movement.blitz_targets(board(s), s.group) == []


@pytest.mark.rules("dynamo:5.12")
def test_out_of_supply_moto_mech_may_not_blitz() -> None:
    s = ready("g-1pz")
    s.units["g-1pz"].oos = True
    assert movement.blitz_targets(board(s), s.group) == []


@pytest.mark.rules("dynamo:12.3")
def test_a_blitz_costs_one_to_enter_plus_three() -> None:
    s = ready("g-1pz", defenders=("f-1na", "f-2na"))
    assert movement.blitz_cost(board(s), s.group, T) == (4, 4)


@pytest.mark.rules("dynamo:12.3")
def test_plus_one_across_a_water_barrier(monkeypatch) -> None:
    patch_map(monkeypatch, barriers=((T, "2115"),))
    s = ready("g-1pz", defenders=("f-1na", "f-2na"))
    assert movement.blitz_cost(board(s), s.group, T) == (5, 5)


@pytest.mark.rules("dynamo:12.4")
def test_high_odds_blitzes_cost_less() -> None:
    s = ready("g-1pz", defenders=("f-3lt",))  # 12 against 4: 3-1
    assert movement.blitz_cost(board(s), s.group, T)[0] == 4
    s = ready("g-1pz", "g-5pz", defenders=("f-3lt",))  # 26 to 4: 6-1
    assert movement.blitz_cost(board(s), s.group, T)[0] == 2
    s = ready("g-5pz", "g-2mot", defenders=("f-3cav",))  # 20 to 3: 6-1
    assert movement.blitz_cost(board(s), s.group, T)[0] == 2
    s = ready("g-1pz", "g-5pz", "g-gd", defenders=("f-3cav",))  # 28 to 3: 9-1
    assert movement.blitz_cost(board(s), s.group, T)[0] == 1
    s = ready("g-1pz", "g-5pz", "g-gd", defenders=("f-3cav",))
    put(s, "2217", "f-tf2")  # another Allied unit's zone on the blitzed hex
    assert movement.blitz_cost(board(s), s.group, T)[0] == 2
    s = ready("g-5pz", "g-gd", defenders=("f-3cav",))  # 16 to 3: 5-1
    assert movement.blitz_cost(board(s), s.group, T)[0] == 3


@pytest.mark.rules("dynamo:12.7")
def test_four_to_one_and_worse_always_cost_three() -> None:
    s = ready("g-1pz", defenders=("f-3cav",))  # 12 to 3: 4-1
    assert movement.blitz_cost(board(s), s.group, T) == (4, 4)


@pytest.mark.rules("dynamo:12.5")
def test_an_unknown_stack_needs_the_full_three_and_the_excess_comes_back() -> None:
    s = ready("g-1pz", "g-5pz", "g-gd", defenders=("f-3cav", "f-dummy1"))
    cost, needed = movement.blitz_cost(board(s), s.group, T)
    assert (cost, needed) == (1, 4)
    blitz_with(s, "./E")
    assert s.units["g-1pz"].spent == 1


@pytest.mark.rules("dynamo:11.5")
def test_allied_dummies_raise_the_blitz_points_needed() -> None:
    s = ready("g-1pz", "g-5pz", "g-gd", defenders=("f-3cav",))
    assert movement.blitz_cost(board(s), s.group, T)[1] == 1
    put(s, T, "b-dummy1")
    assert movement.blitz_cost(board(s), s.group, T)[1] == 4


@pytest.mark.rules("dynamo:12.6")
def test_a_single_counter_or_a_stack_seen_this_phase_is_known() -> None:
    s = ready("g-1pz", "g-5pz", "g-gd", defenders=("f-3cav", "f-tf1"))
    assert movement.blitz_cost(board(s), s.group, T)[1] == 4
    s.revealed += ["f-3cav", "f-tf1"]
    assert movement.blitz_cost(board(s), s.group, T)[1] == 3  # 28 to 5: 5-1


@pytest.mark.rules("dynamo:12.2")
def test_blitzing_is_plus_two_and_announced_from_a_zone_hex_next_to_the_target() -> None:
    s = ready("g-1pz", defenders=("f-1na",))
    events = blitz_with(s, "./.")
    combat_event = next(e for e in events if e.kind == "combat")
    assert [2, "12.2", "Blitz"] in combat_event.data["modifiers"]


@pytest.mark.rules("dynamo:12.9")
def test_blitzers_take_only_steps_and_fall_back_if_the_defender_holds() -> None:
    s = ready("g-1pz", defenders=("f-1na", "f-2na"))
    blitz_with(s, "1/1")
    act(s, {"type": "lose", "unit": "f-1na"})
    assert {a["type"] for a in actions(s)} == {"lose"}
    with pytest.raises(IllegalAction):
        act(s, {"type": "retreat-all", "hexes": 1})
    act(s, {"type": "lose", "unit": "g-1pz"})
    assert s.units["g-1pz"].hex == "2115" and s.units["g-1pz"].step == 1 and s.group is not None


@pytest.mark.rules("dynamo:12.9")
def test_allied_defenders_may_retreat_from_a_blitz_even_task_forces() -> None:
    s = ready("g-1pz", defenders=("b-tf1",))
    blitz_with(s, "./1")
    assert "retreat-all" in {a["type"] for a in actions(s)}


@pytest.mark.rules("dynamo:17.20")
def test_no_advance_after_a_blitz_for_either_side() -> None:
    s = ready("g-1pz", defenders=("f-1na",))
    blitz_with(s, "E/.")
    assert s.units["g-1pz"].where == "dead" and s.battle is None
    assert s.units["f-1na"].hex == T


@pytest.mark.rules("dynamo:12.11")
def test_a_won_blitz_carries_the_stack_into_the_hex_and_it_moves_on() -> None:
    s = ready("g-1pz", defenders=("f-tf1",))
    blitz_with(s, "./1")
    act(s, {"type": "lose", "unit": "f-tf1"})
    assert s.battle is None and s.units["g-1pz"].hex == T and s.group.hex == T
    assert s.units["g-1pz"].spent == 2  # 12 to 2 is 6-1: 1 + 1
    assert movement.destinations(board(s), s.group)


@pytest.mark.rules("dynamo:12.10")
def test_the_same_stack_may_blitz_again_and_still_make_a_prepared_assault() -> None:
    s = ready("g-1pz", "g-5pz", "g-gd", defenders=("f-3cav",))
    put(s, "2117", "f-tf2")
    blitz_with(s, "./.")
    assert s.group is not None
    assert T in movement.blitz_targets(board(s), s.group)
    act(s, {"type": "halt"})
    act(s, {"type": "end-phase"})
    assert s.phase == "german-assault"
    assert any("g-1pz" in a["attackers"] for a in actions(s, "assault"))


@pytest.mark.rules("dynamo:12.12")
def test_only_units_stacked_at_the_start_blitz_together() -> None:
    s = empty()
    put(s, T, "f-tf1")
    put(s, "2115", "g-1pz")
    put(s, "2114", "g-5pz")
    act(s, {"type": "pick", "units": ["g-5pz"]})
    act(s, {"type": "go", "hex": "2115"})
    act(s, {"type": "halt"})
    with pytest.raises(IllegalAction):
        act(s, {"type": "pick", "units": ["g-1pz", "g-5pz"]})


@pytest.mark.rules("dynamo:7.5")
def test_blitzers_and_defenders_share_the_hex_without_stacking_against_each_other() -> None:
    s = ready("g-1pz", "g-5pz", defenders=("f-1na", "f-2na", "f-5na"))
    blitz_with(s, "./.")
    assert s.units["g-1pz"].hex == "2115"


@pytest.mark.rules("dynamo:8.11")
def test_air_support_rides_with_its_unit() -> None:
    s = ready("g-1pz", defenders=("f-tf1",))
    s.air["g-1pz"] = 2
    blitz_with(s, "./1")
    act(s, {"type": "lose", "unit": "f-tf1"})
    assert s.air["g-1pz"] == 2 and board(s).m.grid.distance(s.units["g-1pz"].hex, T) == 0


@pytest.mark.rules("dynamo:11.3")
def test_a_stack_that_falls_in_its_blitz_ends_its_move() -> None:
    s = empty()  # as in game 6 of the campaign selfplay (seed 6)
    s.raf = False
    put(s, T, "f-tf1")
    put(s, "2114", "g-1pz-b", "g-dummy1")
    put(s, "2115", "g-12id")  # a German unit where the Blitz starts, not in the moving stack
    act(s, {"type": "pick", "units": ["g-1pz-b"]})
    act(s, {"type": "go", "hex": "2115"})
    assert "g-dummy1" in s.group.units  # it went with the last real unit of its stack (11.3)
    blitz_with(s, "1/1")
    act(s, {"type": "lose", "unit": "f-tf1"})
    act(s, {"type": "lose", "unit": "g-1pz-b"})
    assert s.group is None and s.battle is None
    assert s.units["g-dummy1"].hex == "2115"  # it stays in the stack of the 12th Infantry
    assert "pick" in {a["type"] for a in actions(s)}  # which may still move
