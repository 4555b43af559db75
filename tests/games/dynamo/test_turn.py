"""Supply (5.0), zones (6.0), the sequence of play (4.2), the Luftwaffe (8.1-8.3), sea evacuation
(20.4-20.8), victory (22.0) and Scenario II (24.0)."""

from __future__ import annotations

import pytest

from tests.games.dynamo.helpers import act, actions, board, empty, put
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dynamo import phases, supply
from wargames_tui.games.dynamo.victory import outcome, quotient_level, tally

A = "2116"


@pytest.mark.rules("dynamo:4.2")
def test_the_turn_runs_through_the_phases_in_order() -> None:
    s = empty("allied-dummies", turn=3)
    put(s, A, "g-12id")
    put(s, "1115", "f-1na")
    seen = []
    for _ in range(12):
        act(s, {"type": "end-phase"} if actions(s, "end-phase") else actions(s)[0])
        seen.append(s.phase)
    order = ["luftwaffe", "german-move", "german-assault", "german-dummies", "evacuation", "allied-move", "allied-assault", "allied-dummies"]
    assert [p for p in dict.fromkeys(seen)][:8] == order
    assert s.turn == 5


@pytest.mark.rules("dynamo:20.4")
def test_no_sea_evacuation_phase_before_turn_three() -> None:
    s = empty("german-dummies", turn=2)
    put(s, A, "g-12id")
    act(s, {"type": "end-phase"})
    assert s.phase == "allied-move"


@pytest.mark.rules("dynamo:23.1")
def test_the_german_moves_first_and_the_campaign_opens_on_turn_one() -> None:
    s = phases.new_state("dynamo/campaign", {})
    assert s.turn == 1 and s.phase == "luftwaffe" and phases.acting_side(s) == "german"


@pytest.mark.rules("dynamo:3.2")
@pytest.mark.rules("dynamo:3.1")
def test_scenario_one_units_stand_on_their_chart_hexes() -> None:
    s = phases.new_state("dynamo/campaign", {})
    b = board(s)
    for uid, u in b.g.units.items():
        if u.setup:
            assert s.units[uid].hex == u.setup
        elif u.turn:
            assert s.units[uid].where == "pool"


@pytest.mark.rules("dynamo:8.1")
def test_the_luftwaffe_must_commit_every_factor() -> None:
    s = empty("luftwaffe", turn=8)
    put(s, A, "g-12id")
    phases.enter_phase(s, "luftwaffe")
    assert s.air_left == 3
    with pytest.raises(IllegalAction):
        act(s, {"type": "end-phase"})
    s.turn = 9
    phases.enter_phase(s, "luftwaffe")
    assert s.air_left == 4


@pytest.mark.rules("dynamo:8.3")
def test_any_number_of_factors_on_one_unit() -> None:
    s = empty("luftwaffe")
    put(s, A, "g-12id")
    phases.enter_phase(s, "luftwaffe")
    for _ in range(3):
        act(s, {"type": "air", "unit": "g-12id"})
    assert s.air == {"g-12id": 3}
    act(s, {"type": "end-phase"})


@pytest.mark.rules("dynamo:8.2")
def test_support_stays_until_the_next_commitment() -> None:
    s = empty("german-dummies", turn=5)
    put(s, A, "g-12id")
    s.air = {"g-12id": 2}
    act(s, {"type": "end-phase"})
    assert s.air == {"g-12id": 2}


@pytest.mark.rules("dynamo:5.1")
def test_british_units_are_always_in_supply() -> None:
    s = empty("supply")
    put(s, A, "b-1")
    for h, u in zip(board(s).m.neighbours[A], ["g-12id", "g-32id", "g-87id", "g-9id", "g-62id", "g-7id"]):
        put(s, h, u)
    supply.check(s)
    assert not s.units["b-1"].oos
    assert not supply.needs_supply(board(s), "b-1")


@pytest.mark.rules("dynamo:5.2")
def test_supply_lines_avoid_enemy_units_and_zones() -> None:
    s = empty("supply")
    put(s, A, "g-12id")
    supply.check(s)
    assert not s.units["g-12id"].oos
    # surround A with French zones two hexes out: every line is cut
    s = empty("supply")
    put(s, A, "g-12id")
    units = ["f-1na", "f-2na", "f-5na", "f-1m", "f-4id", "f-32id", "f-43id", "f-21id", "f-68id", "f-7c", "f-5c", "f-4c"]
    b = board(s)
    second = sorted({m for n in b.m.neighbours[A] for m in b.m.neighbours[n]} - set(b.m.neighbours[A]) - {A})
    for h, u in zip(second, units):
        put(s, h, u)
    supply.check(s)
    assert s.units["g-12id"].oos


@pytest.mark.rules("dynamo:6.6")
def test_friendly_units_negate_zones_for_supply_lines() -> None:
    s = empty("supply")
    put(s, A, "g-12id")
    b = board(s)
    second = sorted({m for n in b.m.neighbours[A] for m in b.m.neighbours[n]} - set(b.m.neighbours[A]) - {A})
    units = ["f-1na", "f-2na", "f-5na", "f-1m", "f-4id", "f-32id", "f-43id", "f-21id", "f-68id", "f-7c", "f-5c", "f-4c"]
    for h, u in zip(second, units):
        put(s, h, u)
    # open a corridor: a German unit on each hex of a line to the edge negates the zones there
    path = ["2117", "2118", "2119", "2120", "2121"]
    for h in path:
        if board(s).owner(h) == "allied":
            for u in board(s).at[h]:
                s.units[u].where, s.units[u].hex = "out", None
    for h, u in zip(path, ["g-32id", "g-87id", "g-9id", "g-62id", "g-7id"]):
        put(s, h, u)
    supply.check(s)
    assert not s.units["g-12id"].oos


@pytest.mark.rules("dynamo:5.3")
def test_french_trace_to_urban_hexes_not_entered_by_germans() -> None:
    s = empty("supply")
    b = board(s)
    put(s, "2417", "f-1na")  # Arras
    supply.check(s)
    assert not s.units["f-1na"].oos
    assert "2417" in b.supply_sources("allied")
    s.german_entered.append("2417")
    assert "2417" not in board(s).supply_sources("allied")


@pytest.mark.rules("dynamo:5.4")
def test_south_edge_hexes_stay_french_sources_once_cleared() -> None:
    s = empty("supply")
    s.german_entered.append("1021")
    assert "1021" in board(s).supply_sources("allied")


@pytest.mark.rules("dynamo:5.5")
@pytest.mark.rules("dynamo:19.4")
def test_german_sources_are_their_edge() -> None:
    s = empty("supply")
    assert set(board(s).supply_sources("german")) == set(board(s).german_edge())


@pytest.mark.rules("dynamo:5.6")
def test_german_moto_mech_need_no_supply_before_turn_four() -> None:
    s = empty("supply", turn=3)
    b = board(s)
    assert not supply.needs_supply(b, "g-1pz") and supply.needs_supply(b, "g-12id")
    s.turn = 4
    assert supply.needs_supply(board(s), "g-1pz")
    s2 = empty("supply", turn=5, scenario="dynamo/no-halt-order")
    assert supply.needs_supply(board(s2), "g-1pz")


@pytest.mark.rules("dynamo:5.8")
def test_supply_state_holds_until_the_next_check() -> None:
    s = empty("german-move")
    put(s, A, "g-12id")
    s.units["g-12id"].oos = True
    act(s, {"type": "end-phase"})
    assert s.units["g-12id"].oos


@pytest.mark.rules("dynamo:5.10")
def test_reinforcements_are_in_supply_on_entry() -> None:
    s = empty(turn=2)
    s.units["g-gd"].where = "pool"
    s.units["g-gd"].oos = True
    act(s, {"type": "enter", "unit": "g-gd", "hex": "2421"})
    assert not s.units["g-gd"].oos


@pytest.mark.rules("dynamo:6.2")
def test_zones_do_not_cross_all_sea_hexsides() -> None:
    s = empty()
    put(s, "1308", "f-tf1")
    assert "1408" not in board(s).zoc("allied")


@pytest.mark.rules("dynamo:6.1")
def test_every_ground_unit_has_a_zone_around_it() -> None:
    s = empty()
    put(s, A, "f-tf1")
    assert board(s).zoc("allied") == {A, *board(s).m.neighbours[A]}


@pytest.mark.rules("dynamo:6.3")
def test_out_of_supply_units_keep_their_zones() -> None:
    s = empty()
    put(s, A, "f-tf1")
    s.units["f-tf1"].oos = True
    assert "2117" in board(s).zoc("allied")


# --- sea evacuation ---------------------------------------------------------------
def coast_hex(s, port=False):
    b = board(s)
    return next(h for h in sorted(b.m.coastal) if (h in ("1903", "2402", "2904")) == port and b.terrain(h) != "marsh")


@pytest.mark.rules("dynamo:20.4")
def test_three_steps_a_turn_until_turn_six_task_forces_half() -> None:
    s = empty("allied-dummies", turn=4)
    h = coast_hex(s)
    put(s, h, "b-1", "b-tf1", "b-tf2", "f-1na")
    put(s, "2116", "g-12id")
    act(s, {"type": "end-phase"})
    while s.phase != "evacuation":
        act(s, actions(s, "end-phase")[0] if actions(s, "end-phase") else actions(s)[0])
    act(s, {"type": "evacuate", "unit": "b-1"})  # 2 steps
    act(s, {"type": "evacuate", "unit": "b-tf1"})  # half a step
    act(s, {"type": "evacuate", "unit": "b-tf2"})  # half a step: 3 in all
    assert not actions(s, "evacuate")


@pytest.mark.rules("dynamo:20.5")
def test_from_turn_seven_four_steps_from_one_port_and_two_more() -> None:
    s = empty("evacuation", turn=7)
    put(s, "2904", "b-1", "b-2", "b-3")
    beach = coast_hex(s)
    put(s, beach, "b-4")
    phases.enter_phase(s, "evacuation")
    act(s, {"type": "evacuate", "unit": "b-1"})
    act(s, {"type": "evacuate", "unit": "b-2"})
    assert s.evac["port"] == "2904" and s.evac["port_half"] == 8
    act(s, {"type": "evacuate", "unit": "b-4"})
    assert s.evac["other_half"] == 4
    assert not actions(s, "evacuate")


@pytest.mark.rules("dynamo:20.4", "dynamo:20.5")
def test_the_evacuation_prompt_says_the_allowance_left() -> None:
    # The player chooses what to embark by what is left: three steps a turn to turn six (20.4),
    # then four from one port and two from anywhere (20.5); a task force takes half a step.
    s = empty("evacuation", turn=5)
    put(s, coast_hex(s), "b-1", "b-tf1")
    phases.enter_phase(s, "evacuation")
    assert phases.prompt(s).text == "Sea evacuation: 3 of 3 steps left."
    act(s, {"type": "evacuate", "unit": "b-tf1"})
    assert phases.prompt(s).text == "Sea evacuation: 2.5 of 3 steps left."
    s = empty("evacuation", turn=7)
    put(s, "2904", "b-1", "b-2")
    put(s, coast_hex(s), "b-tf1", "b-tf2")
    phases.enter_phase(s, "evacuation")
    assert phases.prompt(s).text == "Sea evacuation: 4 steps left from one port, 2 from any coast hex."
    act(s, {"type": "evacuate", "unit": "b-1"})
    act(s, {"type": "evacuate", "unit": "b-tf1"})
    assert phases.prompt(s).text == "Sea evacuation: 2 steps left from 2904, 1.5 from any coast hex."


@pytest.mark.rules("dynamo:20.8")
def test_a_port_once_entered_by_germans_is_only_a_beach() -> None:
    s = empty("evacuation", turn=7)
    put(s, "2904", "b-1", "b-2")
    s.german_entered.append("2904")
    phases.enter_phase(s, "evacuation")
    act(s, {"type": "evacuate", "unit": "b-1"})
    assert s.evac["port"] is None and s.evac["other_half"] == 4
    assert not actions(s, "evacuate")


@pytest.mark.rules("dynamo:20.6")
def test_a_rearguard_stays_when_germans_are_next_door() -> None:
    s = empty("evacuation", turn=4)
    h = coast_hex(s)
    put(s, h, "b-tf1", "b-tf2")
    put(s, next(n for n in board(s).m.neighbours[h]), "g-12id")
    phases.enter_phase(s, "evacuation")
    act(s, {"type": "evacuate", "unit": "b-tf1"})
    assert not actions(s, "evacuate")


@pytest.mark.rules("dynamo:20.6")
def test_a_lone_step_rolls_to_get_away() -> None:
    for die, gone in ((3, True), (4, False)):
        s = empty("evacuation", turn=4)
        h = coast_hex(s)
        put(s, h, "b-tf1")
        put(s, next(n for n in board(s).m.neighbours[h]), "g-12id")
        phases.enter_phase(s, "evacuation")
        act(s, {"type": "evacuate", "unit": "b-tf1"}, die)
        assert (s.units["b-tf1"].where == "evacuated") == gone
        if not gone:
            assert "b-tf1" in s.stuck
            s.phase = "allied-move"
            assert not [a for a in actions(s, "pick") if "b-tf1" in a["units"]]


@pytest.mark.rules("dynamo:20.7")
@pytest.mark.rules("dynamo:20.2")
def test_sea_and_overland_evacuees_score_alike() -> None:
    s = empty()
    s.units["b-1"].where = "evacuated"
    s.units["f-1na"].where = "evacuated"
    assert tally(s)["allied"] == 4


# --- victory ------------------------------------------------------------------------
@pytest.mark.rules("dynamo:22.2")
def test_german_points_for_allied_steps() -> None:
    s = empty()
    s.units["b-1"].where = "dead"          # 2 British steps: 8
    s.units["b-tf1"].where = "dead"        # a British task force: 2
    s.units["f-1dlm"].where = "dead"       # 2 French moto-mech steps: 8
    put(s, A, "f-1na", step=1)             # 1 French straight-leg step: 2
    assert tally(s)["german"] == 20


@pytest.mark.rules("dynamo:22.4")
def test_allied_points_for_german_steps_and_kampfgruppen() -> None:
    s = empty()
    put(s, A, "g-1pz", step=2)             # 2 moto-mech steps: 8
    s.units["g-12id"].where = "dead"       # 2 straight-leg steps: 4
    s.units["g-7pz-a"].where = "dead"      # KG steps of 7th Panzer: 5 + 5
    s.units["g-7pz-b"].where = "dead"      # and the third: 6
    s.units["g-8pz-b"].where = "dead"      # the first of 8th Panzer: 5
    assert tally(s)["allied"] == 8 + 4 + 16 + 5


@pytest.mark.rules("dynamo:22.4")
def test_evacuated_steps_one_point_task_forces_a_point_per_three() -> None:
    s = empty()
    s.units["b-1"].where = "evacuated"     # 2
    for tf in ("b-tf1", "b-tf2", "b-tf3", "b-tf4", "b-tf5"):
        s.units[tf].where = "evacuated"    # 5 task forces: 1
    assert tally(s)["allied"] == 3


@pytest.mark.rules("dynamo:22.3")
def test_end_of_game_lines_of_communication() -> None:
    s = empty()
    put(s, "1115", "f-1na")                # next to the south edge: evacuated
    put(s, "2904", "b-1")                  # in an open port cut off from the south: neither
    put(s, A, "b-2")                       # surrounded: destroyed
    b = board(s)
    for h, u in zip(b.m.neighbours[A], ["g-12id", "g-32id", "g-87id", "g-9id", "g-62id", "g-7id"]):
        put(s, h, u)
    ring = [h for h in b.m.terrain if b.m.grid.distance(h, "2904") == 2]
    spare = [u for u, x in b.g.units.items() if x.side == "german" and x.type == "infantry" and s.units[u].where == "out"]
    for h, u in zip(ring, spare):
        put(s, h, u)
    assert len(spare) >= len(ring)
    assert supply.lines_of_communication(board(s)) == {"f-1na": "south", "b-1": "port", "b-2": "cut"}
    t = tally(s, final=True)
    assert t["evacuated_steps"] == 2 and t["german"] == 8


@pytest.mark.rules("dynamo:21.4")
def test_allied_reinforcements_never_entered_count_as_evacuated() -> None:
    s = empty(turn=12)
    s.units["f-2cav"].where = "pool"
    assert tally(s, final=True)["evacuated_steps"] == 1


@pytest.mark.rules("dynamo:22.5")
def test_the_quotient_levels() -> None:
    s = empty()
    assert quotient_level(s, 300, 100)[:2] == ("german", "total victory")
    assert quotient_level(s, 299, 100)[:2] == ("german", "substantial victory")
    assert quotient_level(s, 150, 100)[:2] == ("german", "marginal victory")
    assert quotient_level(s, 149, 100)[:2] == ("allied", "marginal victory")
    assert quotient_level(s, 50, 100)[:2] == ("allied", "substantial victory")
    assert quotient_level(s, 49, 100)[:2] == ("allied", "total victory")


@pytest.mark.rules("dynamo:22.6")
def test_scenario_two_levels_move_down_a_notch() -> None:
    s = empty(scenario="dynamo/no-halt-order")
    assert quotient_level(s, 200, 100)[:2] == ("german", "total victory")
    assert quotient_level(s, 199, 100)[:2] == ("german", "substantial victory")
    assert quotient_level(s, 10, 100)[:2] == ("allied", "substantial victory")


@pytest.mark.rules("dynamo:22.1")
def test_the_game_ends_after_turn_twelve_with_an_outcome() -> None:
    s = empty("allied-dummies", turn=12)
    put(s, A, "g-12id")
    put(s, "1115", "f-1na")
    act(s, {"type": "end-phase"})
    result = outcome(s)
    assert s.over and result is not None
    assert result.points == {"german": 0, "allied": 2}
    assert (result.winner, result.level) == ("allied", "total victory")


# --- Scenario II --------------------------------------------------------------------
@pytest.mark.rules("dynamo:24.2")
def test_scenario_two_german_set_up() -> None:
    s = phases.new_state("dynamo/no-halt-order", {})
    assert s.units["g-2pz"].hex == "1903" and s.units["g-2pz"].step == 2
    assert s.units["g-5pz"].hex == "2514" and board(s).values("g-5pz") == (7, 4)
    assert s.units["g-sst"].step == 1
    assert {s.units[u].hex for u in s.air} == {"2403", "2512", "2604"}


@pytest.mark.rules("dynamo:24.1")
def test_scenario_two_starts_with_the_allies_on_turn_five() -> None:
    s = phases.new_state("dynamo/no-halt-order", {})
    assert s.turn == 5 and s.counter_stroke == "used" and s.raf and s.force_march_used
    assert s.units["b-20g"].where == "evacuated" and s.units["f-101dif"].where == "dead"
    assert board(s).allowance("b-1") == 5 and board(s).allowance("f-68id") == 5


@pytest.mark.rules("dynamo:24.3")
def test_allied_set_up_groups_within_their_distance() -> None:
    s = phases.new_state("dynamo/no-halt-order", {})
    b = board(s)
    for zone in b.g.scenario.allied:
        for u in zone.units:
            assert b.m.grid.distance(s.units[u].hex, zone.centre) <= zone.radius
    assert s.units["f-2dlm"].step == 1
    assert b.m.grid.distance(s.units["f-4dcr"].hex, "1521") <= 2


@pytest.mark.rules("dynamo:11.6")
def test_scenario_two_dummies_german_first_then_allied() -> None:
    s = phases.new_state("dynamo/no-halt-order", {})
    assert s.phase == "german-setup" and phases.acting_side(s) == "german"
    act(s, {"type": "end-phase"})
    assert s.phase == "allied-setup" and actions(s, "place") and actions(s, "dummy")
    act(s, {"type": "end-phase"})
    assert s.phase == "evacuation"


@pytest.mark.rules("dynamo:14.3")
def test_scenario_two_force_march_already_made() -> None:
    s = phases.new_state("dynamo/no-halt-order", {})
    s.turn, s.phase = 6, "german-move"
    assert not actions(s, "force-march")


@pytest.mark.rules("dynamo:22.5")
def test_no_allied_points_is_the_highest_german_level() -> None:
    # German points over none: a quotient past every band, the top of the scale.
    s = empty("evacuation", turn=9)
    assert quotient_level(s, 5, 0)[:2] == quotient_level(s, 10**6, 1)[:2]
    assert quotient_level(s, 5, 0)[:2] != quotient_level(s, 1, 10**6)[:2]
