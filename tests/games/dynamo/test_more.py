"""Cases checked one by one that the other modules do not cover: counters (2.0), sequence (4.1),
zones and costs (6.7, 9.2, 9.3, 9.8), Schwerpunkt details (13.8-13.10), results (17.1, 17.5,
17.14, 17.24), board edges (19.5)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.games.dynamo.helpers import act, actions, board, empty, patch_map, put
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games import dynamo
from wargames_tui.games.dynamo import combat, movement
from wargames_tui.games.dynamo.combat import (
    assess,
    offensive_schwerpunkt,
)
from wargames_tui.games.dynamo.data import load_game

G = load_game("dynamo/campaign")
D = "2116"


@contextmanager
def force(result: str) -> Iterator[None]:
    """Resolve battles as if the table gave `result` (the CRT cells are tested elsewhere)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(combat, "result_for", lambda b, column, total: result)
        yield


@pytest.mark.rules("dynamo:2.3")
def test_size_symbols_decide_stacking() -> None:
    sizes = {u.size for u in G.units.values() if not u.dummy}
    assert {"xxx", "xx", "KG", "x", "TF"} <= sizes
    assert all(u.stacking == 4 for u in G.units.values() if u.size == "xx" and u.type != "panzer")


@pytest.mark.rules("dynamo:2.5")
def test_up_to_four_luftwaffe_factors_on_one_unit() -> None:
    s = empty("luftwaffe", turn=9)
    put(s, D, "g-12id")
    from wargames_tui.games.dynamo.phases import enter_phase

    enter_phase(s, "luftwaffe")
    for _ in range(4):
        act(s, {"type": "air", "unit": "g-12id"})
    assert s.air == {"g-12id": 4}


@pytest.mark.rules("dynamo:2.6")
def test_dummies_have_no_combat_values() -> None:
    s = empty("german-assault")
    put(s, D, "f-tf1", "f-dummy1")
    put(s, "2115", "g-12id")
    assert assess(board(s), "prepared", ["g-12id"], [D], {"g-12id": "2115"})["defence"] == 2
    assert G.units["f-dummy1"].steps == ((0, 0),)


@pytest.mark.rules("dynamo:2.7")
def test_counter_abbreviations() -> None:
    shorts = {u.short for u in G.units.values()}
    assert {"PF", "D", "QOCH", "RN", "FF", "MF", "UF", "BPG", "CPG", "DPG", "SFF", "GD", "LAH", "SS V", "SS T"} <= shorts


@pytest.mark.rules("dynamo:2.8")
def test_only_korps_units_carry_a_korps() -> None:
    korps = {uid for uid, u in G.units.items() if u.korps}
    assert "g-9pz" not in korps and "g-12id" not in korps and "g-gd" in korps
    assert all(G.units[u].side == "german" and G.units[u].moto for u in korps)


@pytest.mark.rules("dynamo:2.9")
def test_dots_numbers_and_blank_corners() -> None:
    s = dynamo.new("dynamo/campaign", {})
    assert s.units["g-1pz"].where == "map"       # a dot: on the map at the start
    assert s.units["g-gd"].where == "pool"        # a number: a reinforcement
    assert s.units["g-1pz-a"].where == "spare"    # blank: a substitute counter
    assert s.units["b-3recce"].where == "spare"


@pytest.mark.rules("dynamo:2.10")
@pytest.mark.rules("dynamo:2.11")
def test_attack_factors_attack_and_defence_factors_defend() -> None:
    s = empty("german-assault")
    put(s, D, "f-1na")
    put(s, "2115", "g-1pz")
    a = assess(board(s), "prepared", ["g-1pz"], [D], {"g-1pz": "2115"})
    assert (a["attack"], a["defence"]) == (12, 6)


@pytest.mark.rules("dynamo:2.12")
def test_the_movement_factor_is_the_allowance() -> None:
    s = empty()
    put(s, D, "g-12id")
    assert board(s).allowance("g-12id") == 6


@pytest.mark.rules("dynamo:2.13")
def test_counter_colours() -> None:
    # black on grey, white on black, white on red, black on blue: each nation apart at a glance
    colours = dynamo.nations(empty())
    assert {n: (c["text"], c["colour"]) for n, c in colours.items() if n in ("german", "ss", "british", "french")} == {
        "german": ("#000000", "#a8a8a8"), "ss": ("#ffffff", "#202020"),
        "british": ("#ffffff", "#c0392b"), "french": ("#000000", "#4a78c8")}
    assert colours["british"]["side"] == "allied" and colours["french"]["side"] == "allied"
    assert {u["nation"] for u in dynamo.view(dynamo.new("dynamo/campaign", {}), None)["units"]} <= set(colours)


@pytest.mark.rules("dynamo:3.3")
def test_scenario_two_takes_units_off_the_charts() -> None:
    s = dynamo.new("dynamo/no-halt-order", {})
    assert s.units["g-7pz-b"].where == "dead"
    assert s.units["g-1geb"].where == "pool"      # due on turn 5 or later
    assert s.units["g-87id"].where == "map"
    assert s.units["b-3rtr"].where == "out"       # neither placed nor due


@pytest.mark.rules("dynamo:4.1")
def test_actions_out_of_sequence_are_illegal() -> None:
    s = empty()
    put(s, D, "g-12id")
    put(s, "2117", "f-tf1")
    with pytest.raises(IllegalAction):
        act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": ["2117"]})
    with pytest.raises(IllegalAction):
        act(s, {"type": "evacuate", "unit": "f-tf1"})


@pytest.mark.rules("dynamo:5.11")
def test_air_support_works_out_of_supply() -> None:
    s = empty("german-assault")
    put(s, D, "f-tf1")
    put(s, "2115", "g-12id")
    s.units["g-12id"].oos = True
    s.air["g-12id"] = 1
    mods = assess(board(s), "prepared", ["g-12id"], [D], {"g-12id": "2115"})["modifiers"]
    assert [-1, "8.4", "Luftwaffe x1"] in mods


@pytest.mark.rules("dynamo:6.7")
def test_two_enemy_zones_cost_no_more_than_one() -> None:
    s = empty()
    put(s, D, "g-12id")
    put(s, "2118", "f-tf1")
    put(s, "2218", "f-tf2")
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert movement.destinations(board(s), s.group)["2117"] == 2


@pytest.mark.rules("dynamo:7.7")
def test_losing_steps_does_not_lower_stacking() -> None:
    s = empty()
    put(s, D, "g-1pz", step=3)
    assert board(s).stacking(D, "german") == 6


@pytest.mark.rules("dynamo:9.2")
def test_players_move_only_their_own_units() -> None:
    s = empty()
    put(s, D, "f-tf1")
    with pytest.raises(IllegalAction):
        act(s, {"type": "pick", "units": ["f-tf1"]})


@pytest.mark.rules("dynamo:9.3")
def test_terrain_water_and_zone_costs_add_up(monkeypatch) -> None:
    patch_map(monkeypatch, terrain={"2117": "marsh"}, barriers=((D, "2117"),))
    s = empty()
    put(s, D, "g-12id")
    put(s, "2118", "f-tf1")
    act(s, {"type": "pick", "units": ["g-12id"]})
    assert movement.destinations(board(s), s.group)["2117"] == 5  # marsh 3, water 1, zone 1


@pytest.mark.rules("dynamo:9.8")
def test_only_the_force_marches_lift_the_19th_korps_allowance() -> None:
    s = empty(turn=3)
    put(s, D, "g-1pz", "g-2pz", "g-gd")
    put(s, "2316", "g-10pz", "g-6pz")
    b = board(s)
    assert [b.allowance(u) for u in ("g-1pz", "g-gd", "g-6pz")] == [10, 10, 10]
    act(s, {"type": "force-march", "korps": "19"})
    b = board(s)
    assert [b.allowance(u) for u in ("g-1pz", "g-gd", "g-6pz")] == [15, 15, 10]


@pytest.mark.rules("dynamo:13.8")
@pytest.mark.rules("dynamo:13.10")
def test_air_and_floaters_keep_an_offensive_schwerpunkt_but_floaters_cannot_restore_one() -> None:
    s = empty("german-assault")
    put(s, D, "b-1")
    put(s, "2115", "g-3pz", "g-lah")
    put(s, "2016", "g-4pz")
    s.air["g-3pz"] = 2
    froms = {"g-3pz": "2115", "g-lah": "2115", "g-4pz": "2016"}
    assert offensive_schwerpunkt(board(s), list(froms), froms)
    s.units["g-4pz"].where, s.units["g-4pz"].hex = "dead", None
    froms.pop("g-4pz")
    put(s, "2016", "g-ssv")
    froms["g-ssv"] = "2016"
    assert not offensive_schwerpunkt(board(s), list(froms), froms)


@pytest.mark.rules("dynamo:13.9")
def test_a_korps_may_form_blitz_and_offensive_schwerpunkt_the_same_turn() -> None:
    s = empty()
    s.raf = False
    put(s, D, "f-tf1")
    put(s, "2115", "g-3pz", "g-4pz")
    act(s, {"type": "pick", "units": ["g-3pz", "g-4pz"]})
    with force("./."):
        events = act(s, {"type": "blitz", "hex": D}, 3)
    assert [-2, "13.4", "Blitz Schwerpunkt"] in next(e for e in events if e.kind == "combat").data["modifiers"]
    act(s, {"type": "halt"})
    act(s, {"type": "end-phase"})
    froms = {"g-3pz": "2115", "g-4pz": "2115"}
    assert offensive_schwerpunkt(board(s), ["g-3pz", "g-4pz"], froms)


@pytest.mark.rules("dynamo:15.5")
def test_a_kampfgruppe_leads_a_blitz() -> None:
    s = empty()
    put(s, D, "f-tf1")
    put(s, "2115", "g-1pz-b", "g-2mot")
    act(s, {"type": "pick", "units": ["g-1pz-b", "g-2mot"]})
    assert D in movement.blitz_targets(board(s), s.group)


@pytest.mark.rules("dynamo:16.2")
def test_the_phasing_player_is_the_attacker() -> None:
    s = empty("allied-assault")
    put(s, D, "g-12id")
    put(s, "2115", "b-1")
    assert all(a["attackers"] == ["b-1"] for a in actions(s, "assault"))


@pytest.mark.rules("dynamo:16.6")
def test_a_stack_is_assaulted_whole_and_attackers_combine() -> None:
    s = empty("german-assault")
    s.raf = False
    put(s, D, "f-1na", "f-2na")
    put(s, "2115", "g-12id")
    put(s, "2117", "g-32id")
    a = assess(board(s), "prepared", ["g-12id", "g-32id"], [D], {"g-12id": "2115", "g-32id": "2117"})
    assert (a["attack"], a["defence"]) == (12, 12)
    with force("./."):
        act(s, {"type": "assault", "attackers": ["g-12id", "g-32id"], "hexes": [D]}, 3)
    assert set(s.attacked_units) == {"f-1na", "f-2na"}


@pytest.mark.rules("dynamo:16.9")
def test_a_units_strength_goes_into_one_battle_only() -> None:
    s = empty("german-assault")
    s.raf = False
    put(s, D, "f-1na")
    put(s, "2015", "f-2na")
    put(s, "2115", "g-12id")
    with force("./."):
        act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": [D]}, 3)
    assert not actions(s, "assault")


@pytest.mark.rules("dynamo:16.12")
def test_terrain_works_through_the_crt_line() -> None:
    b = board(empty())
    from wargames_tui.games.dynamo.combat import column_for

    assert column_for(b, "clear", (4, 1)) > column_for(b, "broken", (4, 1)) > column_for(b, "urban", (4, 1))


@pytest.mark.rules("dynamo:17.1")
def test_the_left_result_is_the_attackers_and_the_right_the_defenders() -> None:
    s = empty("german-assault")
    s.raf = False
    put(s, D, "f-1na")
    put(s, "2115", "g-12id", "g-32id")
    with force("2/."):
        act(s, {"type": "assault", "attackers": ["g-12id", "g-32id"], "hexes": [D]}, 3)
    assert s.battle.stage == "attacker" and s.battle.owed == 2 and s.units["f-1na"].step == 0


@pytest.mark.rules("dynamo:17.5")
@pytest.mark.rules("dynamo:17.6")
def test_kampfgruppen_are_not_steps_and_lost_steps_never_return() -> None:
    s = empty()
    put(s, D, "g-1pz")
    act(s, {"type": "break-down", "unit": "g-1pz"})
    assert s.units["g-1pz-a"].step == 0 and s.units["g-1pz-b"].step == 0
    act(s, {"type": "reform", "unit": "g-1pz"})
    assert s.units["g-1pz"].step == 0
    s = empty()
    put(s, D, "g-1pz", step=1)
    assert not actions(s, "break-down") and board(s).values("g-1pz") == (9, 5)


@pytest.mark.rules("dynamo:17.14")
def test_off_the_friendly_edge_only_when_no_map_retreat_is_open() -> None:
    s = empty("german-assault")
    s.raf = False
    put(s, "1015", "f-1na")
    put(s, "1115", "g-32id")  # 1014 stays open
    with force("./1"):
        act(s, {"type": "assault", "attackers": ["g-32id"], "hexes": ["1015"]}, 3)
    act(s, {"type": "retreat-all", "hexes": 1})
    paths = [a["path"] for a in actions(s, "retreat")]
    assert paths and all(p[-1] != "off" for p in paths)


@pytest.mark.rules("dynamo:19.5")
def test_the_rulebook_example_no_retreat_off_the_map_between_3410_and_3412() -> None:
    s = empty("german-assault", turn=5)
    s.raf = False
    put(s, "3411", "f-1na")
    put(s, "3410", "g-12id")
    put(s, "3412", "g-32id")
    b = board(s)
    units = iter(["g-87id", "g-9id", "g-62id", "g-7id"])
    for n in b.m.neighbours["3411"]:
        if not b.at.get(n):
            put(s, n, next(units))  # no retreat on the map either
    with force("./1"):
        act(s, {"type": "assault", "attackers": ["g-12id", "g-32id"], "hexes": ["3411"]}, 3)
    assert {a["type"] for a in actions(s)} == {"lose"}  # neither on the map nor off it
    act(s, {"type": "lose", "unit": "f-1na"})
    assert s.units["f-1na"].step == 1 and s.units["f-1na"].hex == "3411"


@pytest.mark.rules("dynamo:17.14")
@pytest.mark.rules("dynamo:20.3")
def test_a_unit_with_only_the_south_edge_open_leaves_and_counts_as_evacuated() -> None:
    s = empty("german-assault")
    s.raf = False
    put(s, "1015", "f-1na")
    put(s, "1114", "g-12id")  # its zone covers 1014
    put(s, "1115", "g-32id")  # and 1016
    with force("./1"):
        act(s, {"type": "assault", "attackers": ["g-12id", "g-32id"], "hexes": ["1015"]}, 3)
    act(s, {"type": "retreat-all", "hexes": 1})
    assert [a["path"] for a in actions(s, "retreat")] == [["off"]]
    act(s, {"type": "retreat", "unit": "f-1na", "path": ["off"]})
    assert s.units["f-1na"].where == "evacuated"


@pytest.mark.rules("dynamo:17.24")
def test_one_battle_is_finished_before_the_next() -> None:
    s = empty("german-assault")
    s.raf = False
    put(s, D, "f-1na")
    put(s, "2015", "f-2na")
    put(s, "2115", "g-12id", "g-32id")
    with force("./2"):
        act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": [D]}, 3)
    with pytest.raises(IllegalAction):
        act(s, {"type": "assault", "attackers": ["g-32id"], "hexes": ["2015"]})


@pytest.mark.rules("dynamo:18.3")
def test_german_flak_in_the_attack_does_not_touch_a_defensive_raf() -> None:
    s = empty("german-assault")
    put(s, D, "b-1")
    put(s, "2115", "g-1flak", "g-12id")
    a = assess(board(s), "prepared", ["g-1flak", "g-12id"], [D], {"g-1flak": "2115", "g-12id": "2115"}, raf="defensive")
    assert [2, "8.8", "RAF defensive intervention"] in a["modifiers"]
