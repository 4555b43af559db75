"""Movement (9.0, 6.4-6.5, 7.0, 10.2), force marches (14.0), Kampfgruppen and recce (15.0),
reinforcements (21.0), board edges (19.0), overland evacuation and withdrawals (20.1, 20.3)."""

from __future__ import annotations

import pytest

from tests.games.dynamo.helpers import act, actions, board, empty, patch_map, put
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dynamo import movement, phases

A = "2116"  # clear, no water nearby: neighbours 2115 2117 2016 2017 2216 2217


def dests(s) -> dict[str, int]:
    return movement.destinations(board(s), s.group)


@pytest.mark.rules("dynamo:9.5")
def test_terrain_costs(monkeypatch) -> None:
    patch_map(monkeypatch, terrain={"2117": "marsh", "2016": "watergangs", "2017": "broken"}, barriers=((A, "2216"),))
    s = empty()
    put(s, A, "g-12id")
    act(s, {"type": "pick", "units": ["g-12id"]})
    d = dests(s)
    assert d["2115"] == 1 and d["2016"] == 1 and d["2017"] == 1
    assert d["2117"] == 3  # marsh
    assert d["2216"] == 2  # water barrier
    s = empty()
    put(s, A, "g-1pz")
    act(s, {"type": "pick", "units": ["g-1pz"]})
    assert "2117" not in dests(s)  # moto-mech never enter marsh


@pytest.mark.rules("dynamo:9.5")
def test_no_water_barrier_cost_into_or_out_of_urban(monkeypatch) -> None:
    patch_map(monkeypatch, terrain={"2216": "urban"}, barriers=((A, "2216"),))
    s = empty()
    put(s, A, "g-12id")
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert dests(s)["2216"] == 1


@pytest.mark.rules("dynamo:6.4")
def test_entering_and_leaving_enemy_zones_cost_one_more_each() -> None:
    s = empty()
    put(s, A, "g-12id")
    put(s, "2118", "f-tf1")  # its zone: 2117 2119 2018 2019 2218 2219
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert dests(s)["2117"] == 2
    s = empty()
    put(s, "2117", "g-12id")
    put(s, "2118", "f-tf1")
    act(s, {"type": "pick", "units": ["g-12id"]})
    d = dests(s)
    assert d["2217"] == 2  # leaving
    assert d["2218"] == 3  # leaving and entering


@pytest.mark.rules("dynamo:6.5")
def test_out_of_supply_units_may_not_go_from_zone_to_zone() -> None:
    s = empty()
    put(s, "2117", "g-12id")
    put(s, "2118", "f-tf1")
    s.units["g-12id"].oos = True
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert "2218" not in dests(s) and "2018" not in dests(s) and "2217" in dests(s)


@pytest.mark.rules("dynamo:6.6")
def test_friendly_units_do_not_cancel_zone_costs_for_movement() -> None:
    s = empty()
    put(s, A, "g-12id")
    put(s, "2117", "g-32id")
    put(s, "2118", "f-tf1")
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert dests(s)["2117"] == 2


@pytest.mark.rules("dynamo:9.4")
def test_a_unit_may_always_move_one_hex_with_all_its_points(monkeypatch) -> None:
    patch_map(monkeypatch, terrain={"2217": "marsh"})
    s = empty()
    put(s, "2117", "g-12id")
    put(s, "2118", "f-tf1")
    s.halved.append("g-12id")  # 3 points; the marsh beyond the zone costs 3 + 1
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert dests(s)["2217"] == 3
    act(s, {"type": "go", "hex": "2017"})  # having moved, the exception is gone
    assert "2217" not in dests(s) or dests(s)["2217"] <= 1


@pytest.mark.rules("dynamo:9.4")
def test_the_one_hex_move_does_not_let_out_of_supply_units_go_zone_to_zone() -> None:
    s = empty()
    put(s, "2117", "g-12id")
    put(s, "2118", "f-tf1")
    s.units["g-12id"].oos = True
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert "2218" not in dests(s)


@pytest.mark.rules("dynamo:9.1")
def test_moving_spends_points_and_a_set_down_stack_is_finished() -> None:
    s = empty()
    put(s, A, "g-12id")
    act(s, {"type": "pick", "units": ["g-12id"]})
    act(s, {"type": "go", "hex": "2118"})
    assert s.units["g-12id"].spent == 2
    act(s, {"type": "halt"})
    assert s.units["g-12id"].done


@pytest.mark.rules("dynamo:7.4")
def test_a_finished_unit_may_not_move_again() -> None:
    s = empty()
    put(s, A, "g-12id")
    act(s, {"type": "pick", "units": ["g-12id"]})
    act(s, {"type": "halt"})
    with pytest.raises(IllegalAction):
        act(s, {"type": "pick", "units": ["g-12id"]})


@pytest.mark.rules("dynamo:9.7")
def test_units_move_alone_or_as_a_stack() -> None:
    s = empty()
    put(s, A, "g-12id", "g-32id")
    picks = actions(s, "pick")
    assert {"type": "pick", "units": ["g-12id"]} in picks
    assert {"type": "pick", "units": ["g-12id", "g-32id"]} in picks


@pytest.mark.rules("dynamo:7.2")
def test_stacking_limit_at_every_instant_the_rulebook_example() -> None:
    # 6 points in 2316, 10 in 2417: only 8 of the 10 can move into 2316
    s = empty()
    put(s, "2316", "g-1pz")
    put(s, "2417", "g-12id", "g-32id", "g-gd")
    act(s, {"type": "pick", "units": ["g-12id", "g-32id", "g-gd"]})
    assert "2316" not in dests(s)
    act(s, {"type": "halt"})
    s = empty()
    put(s, "2316", "g-1pz")
    put(s, "2417", "g-12id", "g-32id", "g-gd")
    act(s, {"type": "pick", "units": ["g-12id", "g-32id"]})
    assert "2316" in dests(s)


@pytest.mark.rules("dynamo:7.1")
def test_stacks_over_fourteen_points_cannot_be_made() -> None:
    s = empty()
    put(s, A, "g-1pz", "g-3pz")
    put(s, "2117", "g-12id")
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert A not in dests(s)


@pytest.mark.rules("dynamo:7.3")
@pytest.mark.parametrize("ground", ["urban", "broken", "watergangs", "marsh"])
def test_terrain_neither_raises_nor_lowers_the_stacking_limit(monkeypatch, ground: str) -> None:
    patch_map(monkeypatch, terrain={A: ground})
    for there, fits in ((("g-1pz", "g-32id"), True), (("g-1pz", "g-2pz"), False)):
        s = empty()
        put(s, A, *there)
        put(s, "2117", "g-12id")
        act(s, {"type": "pick", "units": ["g-12id"]})
        assert (A in dests(s)) is fits  # 10 + 4 = 14 points fit; 12 + 4 = 16 do not, whatever the ground


@pytest.mark.rules("dynamo:10.2")
def test_franco_british_stacks_lose_a_point_for_the_turn() -> None:
    s = empty("allied-dummies", turn=4)
    put(s, A, "b-1", "f-1na")
    put(s, "2316", "b-2")
    phases.end_phase(s, None)  # on to turn 5
    while s.phase != "allied-move":
        act(s, actions(s, "end-phase")[0] if actions(s, "end-phase") else actions(s)[0])
    b = board(s)
    assert b.allowance("b-1") == 8 and b.allowance("f-1na") == 4 and b.allowance("b-2") == 9


@pytest.mark.rules("dynamo:5.9")
def test_out_of_supply_halves_movement_rounding_up() -> None:
    s = empty()
    put(s, A, "g-12id")
    s.units["g-12id"].oos = True
    assert board(s).allowance("g-12id") == 3


@pytest.mark.rules("dynamo:14.2")
def test_second_panzer_force_march_on_turn_one() -> None:
    s = empty(turn=1)
    put(s, "2020", "g-2pz")
    assert {"type": "force-march", "korps": "2pz"} in actions(s)
    act(s, {"type": "force-march", "korps": "2pz"})
    assert board(s).allowance("g-2pz") == 20
    act(s, {"type": "pick", "units": ["g-2pz"]})
    near = movement.near_coast(board(s))
    far = {h: c for h, c in dests(s).items() if c > 10}
    assert far and all(h in near for h in far)  # the extra points only to end by the coast
    assert any(h not in near for h, c in dests(s).items() if c <= 10)
    act(s, {"type": "go", "hex": min(far, key=far.get)})
    act(s, {"type": "halt"})
    s.phase = "german-assault"
    put(s, "2016", "f-tf1")
    s.units["g-2pz"].hex = "2017"
    assert not any("g-2pz" in a["attackers"] for a in actions(s, "assault"))


@pytest.mark.rules("dynamo:14.2")
def test_broken_down_one_kampfgruppe_by_the_coast_and_the_other_within_two_hexes() -> None:
    s = empty(turn=1)
    put(s, "2020", "g-2pz")
    act(s, {"type": "force-march", "korps": "2pz"})
    act(s, {"type": "break-down", "unit": "g-2pz"})
    act(s, {"type": "pick", "units": ["g-2pz-a"]})
    near = movement.near_coast(board(s))
    far = {h: c for h, c in dests(s).items() if c > 10}
    target = min(far, key=far.get)
    act(s, {"type": "go", "hex": target})
    act(s, {"type": "halt"})
    act(s, {"type": "pick", "units": ["g-2pz-b"]})
    grid = board(s).m.grid
    beyond = {h for h, c in dests(s).items() if c > 10}
    assert beyond and all(h in near or grid.distance(h, target) <= 2 for h in beyond)
    assert any(h not in near for h in beyond)


@pytest.mark.rules("dynamo:14.2")
def test_the_force_march_costs_the_korps_its_turn_one_schwerpunkt() -> None:
    s = empty(turn=1)
    put(s, "2115", "g-1pz", "g-10pz")
    put(s, "2020", "g-2pz")
    put(s, "2116", "f-tf1")
    from wargames_tui.games.dynamo.combat import blitz_schwerpunkt

    assert blitz_schwerpunkt(board(s), ["g-1pz", "g-10pz"])
    act(s, {"type": "force-march", "korps": "2pz"})
    assert not blitz_schwerpunkt(board(s), ["g-1pz", "g-10pz"])


@pytest.mark.rules("dynamo:14.3")
def test_nineteenth_korps_force_march_once() -> None:
    s = empty(turn=3)
    put(s, A, "g-1pz", "g-2pz")
    put(s, "2316", "g-10pz", "g-gd")
    act(s, {"type": "force-march", "korps": "19"})
    b = board(s)
    assert b.allowance("g-1pz") == 15 and b.allowance("g-gd") == 15
    assert s.force_march_used
    s.force_march = ""
    assert {"type": "force-march", "korps": "19"} not in actions(s)


@pytest.mark.rules("dynamo:14.3")
def test_no_korps_force_march_once_the_korps_is_broken() -> None:
    s = empty(turn=3)
    put(s, A, "g-1pz", "g-2pz-a", "g-2pz-b")
    put(s, "2316", "g-10pz")
    assert {"type": "force-march", "korps": "19"} not in actions(s)


@pytest.mark.rules("dynamo:15.2")
def test_a_full_division_breaks_down_into_two_kampfgruppen_keeping_its_points() -> None:
    s = empty()
    put(s, A, "g-1pz")
    act(s, {"type": "pick", "units": ["g-1pz"]})
    act(s, {"type": "go", "hex": "2118"})
    act(s, {"type": "break-down", "unit": "g-1pz"})
    assert s.units["g-1pz"].where == "spare"
    assert s.units["g-1pz-a"].hex == s.units["g-1pz-b"].hex == "2118"
    assert s.units["g-1pz-a"].spent == 2 and s.group.units == ["g-1pz-a", "g-1pz-b"]


@pytest.mark.rules("dynamo:15.1")
def test_a_reduced_division_or_the_ninth_never_breaks_down() -> None:
    s = empty()
    put(s, A, "g-1pz", step=1)
    put(s, "2316", "g-9pz")
    assert not actions(s, "break-down")


@pytest.mark.rules("dynamo:15.3")
def test_kampfgruppen_reform_their_division() -> None:
    s = empty()
    put(s, A, "g-1pz-a", "g-1pz-b")
    act(s, {"type": "reform", "unit": "g-1pz"})
    assert s.units["g-1pz"].where == "map" and s.units["g-1pz-a"].where == "spare"


@pytest.mark.rules("dynamo:15.4")
def test_a_division_whose_kampfgruppe_a_lost_a_step_never_reforms() -> None:
    s = empty()
    put(s, A, "g-1pz-a", step=1)
    put(s, A, "g-1pz-b")
    assert not actions(s, "reform")


@pytest.mark.rules("dynamo:15.6")
def test_the_third_division_detaches_and_rejoins_its_recce() -> None:
    s = empty("allied-move")
    put(s, A, "b-3")
    s.units["b-3recce"].where = "spare"
    act(s, {"type": "detach-recce"})
    assert s.units["b-3"].step == 1 and s.units["b-3recce"].hex == A
    assert not actions(s, "rejoin-recce")  # once a phase, at its start
    s.recce_done = False
    act(s, {"type": "rejoin-recce"})
    assert s.units["b-3"].step == 0 and s.units["b-3recce"].where == "spare"


@pytest.mark.rules("dynamo:21.1")
def test_reinforcements_enter_through_their_stretch() -> None:
    s = empty(turn=2)
    s.units["g-gd"].where = "pool"
    hexes = {a["hex"] for a in actions(s, "enter") if a["unit"] == "g-gd"}
    assert hexes == {"2221", "2321", "2421", "2521", "2621"}


@pytest.mark.rules("dynamo:21.3")
def test_entering_costs_one_point_then_the_unit_moves_on() -> None:
    s = empty(turn=2)
    s.units["g-gd"].where = "pool"
    act(s, {"type": "enter", "unit": "g-gd", "hex": "2421"})
    assert s.units["g-gd"].spent == 1 and s.group.units == ["g-gd"]
    assert max(dests(s).values()) <= 9


@pytest.mark.rules("dynamo:21.1")
def test_reinforcements_may_be_held_back_and_enter_later() -> None:
    s = empty(turn=1)
    s.units["g-gd"].where = "pool"
    assert not [a for a in actions(s, "enter") if a["unit"] == "g-gd"]
    s.turn = 6
    assert [a for a in actions(s, "enter") if a["unit"] == "g-gd"]


@pytest.mark.rules("dynamo:21.5")
def test_reinforcements_may_enter_a_zone_but_not_an_enemy_hex() -> None:
    s = empty(turn=2)
    s.units["g-gd"].where = "pool"
    put(s, "2321", "f-tf1")
    hexes = {a["hex"] for a in actions(s, "enter") if a["unit"] == "g-gd"}
    assert "2321" not in hexes and "2221" in hexes


@pytest.mark.rules("dynamo:21.2")
def test_port_reinforcements_land_on_their_turn_only() -> None:
    s = empty("allied-move", turn=3)
    s.units["b-20g"].where = "pool"
    assert {a["hex"] for a in actions(s, "enter") if a["unit"] == "b-20g"} == {"1903", "2402", "2904"}
    s.turn = 4
    assert {a["hex"] for a in actions(s, "enter") if a["unit"] == "b-20g"} == {f"10{r:02d}" for r in range(10, 17)}


@pytest.mark.rules("dynamo:21.6")
def test_a_port_entered_by_the_germans_takes_no_more_reinforcements() -> None:
    s = empty("allied-move", turn=3)
    s.units["b-20g"].where = "pool"
    s.german_entered.append("2402")
    assert "2402" not in {a["hex"] for a in actions(s, "enter") if a["unit"] == "b-20g"}


@pytest.mark.rules("dynamo:20.3")
def test_overland_evacuation_off_the_south_edge_for_one_point() -> None:
    s = empty("allied-move")
    put(s, "1015", "f-1na")
    act(s, {"type": "pick", "units": ["f-1na"]})
    act(s, {"type": "leave"})
    assert s.units["f-1na"].where == "evacuated"


@pytest.mark.rules("dynamo:20.1")
def test_german_withdrawal_on_turn_nine() -> None:
    s = empty(turn=9)
    put(s, "2421", "g-12id")
    act(s, {"type": "pick", "units": ["g-12id"]})
    act(s, {"type": "leave"})
    assert s.units["g-12id"].where == "withdrawn" and s.withdrawn_this_turn


@pytest.mark.rules("dynamo:20.1")
def test_the_allies_withdraw_a_division_the_german_kept() -> None:
    s = empty(turn=10)
    put(s, A, "g-12id")
    put(s, "2316", "g-32id", step=1)
    put(s, "2318", "f-tf1")
    act(s, {"type": "end-phase"})
    assert s.phase == "german-withdrawal"
    assert actions(s) == [{"type": "remove", "unit": "g-12id"}]
    act(s, {"type": "remove", "unit": "g-12id"})
    assert s.units["g-12id"].where == "withdrawn" and s.phase == "german-assault"


@pytest.mark.rules("dynamo:19.6")
def test_units_off_a_friendly_edge_come_back_along_it() -> None:
    s = empty(turn=6)
    st = s.units["g-12id"]
    st.where, st.edge = "off", "german"
    hexes = {a["hex"] for a in actions(s, "enter") if a["unit"] == "g-12id"}
    assert hexes == set(board(s).german_edge())


@pytest.mark.rules("dynamo:19.2")
def test_from_turn_nine_the_belgian_stretch_is_german_and_allies_held_off_it_die() -> None:
    s = empty(turn=8)
    assert "3408" not in board(s).german_edge()
    s.turn = 9
    assert "3408" in board(s).german_edge() and "belgian" not in board(s).allied_edges()
    s = empty("allied-dummies", turn=8)
    st = s.units["b-1"]
    st.where, st.edge = "off", "belgian"
    put(s, A, "g-12id")
    act(s, {"type": "end-phase"})
    assert s.units["b-1"].where == "dead"


@pytest.mark.rules("dynamo:11.4")
def test_dummies_left_alone_go_with_the_stack() -> None:
    s = empty()
    put(s, A, "g-12id")
    put(s, A, "g-dummy1")
    act(s, {"type": "pick", "units": ["g-12id"]})
    act(s, {"type": "go", "hex": "2117"})
    assert s.units["g-dummy1"].hex == "2117"


@pytest.mark.rules("dynamo:11.3")
def test_dummies_go_on_real_units_only_and_never_alone() -> None:
    s = empty("german-dummies")
    put(s, A, "g-12id")
    hexes = {a["hex"] for a in actions(s, "dummy")}
    assert hexes == {A}
    act(s, {"type": "dummy", "unit": "g-dummy1", "hex": A, "top": True})
    b = board(s)
    assert b.at[A][-1] == "g-dummy1" and b.stacking(A, "german") == 4


@pytest.mark.rules("dynamo:11.5")
def test_allied_dummies_of_either_colour_on_any_allied_stack() -> None:
    s = empty("allied-dummies")
    put(s, A, "b-1")
    assert {"type": "dummy", "unit": "f-dummy1", "hex": A, "top": False} in actions(s)


def test_end_phase_is_refused_while_a_stack_is_in_hand() -> None:
    s = empty()
    put(s, A, "g-12id")
    act(s, {"type": "pick", "units": ["g-12id"]})
    with pytest.raises(IllegalAction):
        act(s, {"type": "end-phase"})


@pytest.mark.rules("dynamo:14.3")
@pytest.mark.parametrize(("turn", "open_"), [(1, False), (2, True), (6, True), (7, False)])
def test_the_19th_korps_force_march_is_open_on_turns_two_to_six(turn: int, open_: bool) -> None:
    s = empty(turn=turn)
    for uid, h in (("g-1pz", "2020"), ("g-2pz", "2120"), ("g-10pz", "2220")):
        put(s, h, uid)
    assert ({"type": "force-march", "korps": "19"} in actions(s)) == open_
