"""Combat results, retreats and advances (17.0), task forces (18.4), RAF and counter stroke (8.0, 16.19)."""

from __future__ import annotations

import pytest

from tests.games.dynamo.helpers import act, actions, board, empty, put
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.dynamo import combat
from wargames_tui.games.dynamo.combat import assess

D = "2116"  # clear, no water; its neighbours 2115 2117 2016 2017 2216 2217


def setup_assault(attackers: dict[str, list[str]], defenders: list[str], phase: str = "german-assault"):
    s = empty(phase)
    s.raf = False
    put(s, D, *defenders)
    for h, units in attackers.items():
        put(s, h, *units)
    return s


def fire(s, wanted: str, attackers: list[str], hexes=(D,), **extra):
    """Resolve an assault as if the table had given `wanted` (the CRT cells are tested elsewhere)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(combat, "result_for", lambda b, column, total: wanted)
        return act(s, {"type": "assault", "attackers": attackers, "hexes": list(hexes), **extra}, 3)


@pytest.mark.rules("dynamo:17.10")
def test_a_numeric_result_is_steps_or_hexes_in_any_mix() -> None:
    s = setup_assault({"2115": ["g-12id"]}, ["f-1na"])
    fire(s, "./2", ["g-12id"])
    assert s.battle.stage == "defender" and s.battle.owed == 2
    kinds = {a["type"] for a in actions(s)}
    assert kinds == {"lose", "retreat-all"}
    act(s, {"type": "lose", "unit": "f-1na"})
    assert s.units["f-1na"].step == 1 and s.battle.owed == 1
    act(s, {"type": "retreat-all", "hexes": 1})
    paths = actions(s, "retreat")
    assert paths and all(len(a["path"]) == 1 for a in paths)
    act(s, paths[0])
    assert s.units["f-1na"].hex == paths[0]["path"][0]


@pytest.mark.rules("dynamo:17.9")
def test_a_dot_leaves_that_side_untouched() -> None:
    s = setup_assault({"2115": ["g-12id"]}, ["f-1na"])
    fire(s, "1/.", ["g-12id"])
    assert s.battle.stage == "attacker" and s.units["f-1na"].step == 0


@pytest.mark.rules("dynamo:17.7")
def test_attacker_e_destroys_every_attacker() -> None:
    s = setup_assault({"2115": ["g-12id"], "2117": ["g-32id"]}, ["f-1na"])
    fire(s, "E/.", ["g-12id", "g-32id"])
    assert s.units["g-12id"].where == s.units["g-32id"].where == "dead"


@pytest.mark.rules("dynamo:17.8")
def test_defender_e_loses_a_step_each_and_must_retreat_two() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id", "g-87id"]}, ["f-1na", "f-tf1"])
    fire(s, "./E", ["g-12id", "g-32id", "g-87id"])
    assert s.units["f-tf1"].where == "dead"
    assert s.units["f-1na"].step == 1
    assert s.battle.stage == "defender-retreat" and s.battle.retreat == 2
    act(s, actions(s, "retreat")[0])
    assert board(s).m.grid.distance(D, s.units["f-1na"].hex) == 2


@pytest.mark.rules("dynamo:17.8")
def test_defender_e_without_a_full_retreat_is_destroyed() -> None:
    ring = ["2115", "2117", "2016", "2017", "2216", "2217"]
    s = setup_assault({h: [u] for h, u in zip(ring, ["g-12id", "g-32id", "g-87id", "g-9id", "g-62id", "g-7id"])}, ["f-1na"])
    fire(s, "./E", ["g-12id", "g-32id", "g-87id", "g-9id", "g-62id", "g-7id"])
    assert s.units["f-1na"].where == "dead"


@pytest.mark.rules("dynamo:17.16")
@pytest.mark.rules("dynamo:17.10")
def test_units_that_cannot_retreat_take_the_hexes_as_steps() -> None:
    ring = ["2115", "2117", "2016", "2017", "2216", "2217"]
    s = setup_assault({h: [u] for h, u in zip(ring, ["g-12id", "g-32id", "g-87id", "g-9id", "g-62id", "g-7id"])}, ["f-1na", "f-2na"])
    fire(s, "./1", ["g-12id"])
    assert s.battle.stage == "defender" and s.battle.owed == 1  # one step in all, not one each
    assert {a["type"] for a in actions(s)} == {"lose"}  # no retreat is open: 17.16
    act(s, {"type": "lose", "unit": "f-2na"})
    assert s.units["f-1na"].step == 0 and s.units["f-2na"].step == 1


@pytest.mark.rules("dynamo:17.11")
def test_split_result_defender_first_then_attacker_and_no_defender_advance() -> None:
    s = setup_assault({"2115": ["g-12id"]}, ["f-1na"])
    fire(s, "1/1", ["g-12id"])
    assert s.battle.stage == "defender"
    act(s, {"type": "lose", "unit": "f-1na"})
    assert s.battle.stage == "attacker"
    act(s, {"type": "retreat-all", "hexes": 1})
    act(s, actions(s, "retreat")[0])
    assert s.battle is None  # the defenders may not advance after a split result


@pytest.mark.rules("dynamo:17.19")
def test_retreating_attackers_avoid_the_defenders_hex() -> None:
    s = setup_assault({"2115": ["g-12id"]}, ["f-tf1"])
    fire(s, "1/1", ["g-12id"])
    act(s, {"type": "lose", "unit": "f-tf1"})
    act(s, {"type": "retreat-all", "hexes": 1})
    assert all(D not in a["path"] for a in actions(s, "retreat"))


@pytest.mark.rules("dynamo:17.12")
def test_retreats_go_straight_away_and_end_the_full_distance() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["f-1na"])
    fire(s, "./2", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 2})
    grid = board(s).m.grid
    for a in actions(s, "retreat"):
        assert [grid.distance(D, h) for h in a["path"]] == [1, 2]


@pytest.mark.rules("dynamo:17.13")
def test_retreats_head_for_a_friendly_edge_when_they_can() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["f-1na"])
    fire(s, "./1", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 1})
    b = board(s)
    goals = set(b.friendly_edge("allied")) | {"1903", "2402", "2904"}
    gap = lambda h: min(b.m.grid.distance(h, g) for g in goals)
    assert all(gap(a["path"][-1]) < gap(D) for a in actions(s, "retreat"))


@pytest.mark.rules("dynamo:17.15")
@pytest.mark.rules("dynamo:6.8")
def test_no_retreat_into_an_enemy_zone_unless_friends_are_there() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"], "2318": ["g-87id"]}, ["f-1na"])
    fire(s, "./1", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 1})
    zone = board(s).zoc("german")
    assert all(a["path"][0] not in zone for a in actions(s, "retreat"))
    s = setup_assault({"2115": ["g-12id", "g-32id"], "2118": ["g-87id"]}, ["f-1na"])
    fire(s, "./1", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 1})
    assert not any(a["path"] == ["2117"] for a in actions(s, "retreat"))
    s = setup_assault({"2115": ["g-12id", "g-32id"], "2118": ["g-87id"]}, ["f-1na"])
    put(s, "2117", "f-tf1")
    fire(s, "./1", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 1})
    assert any(a["path"] == ["2117"] for a in actions(s, "retreat"))


@pytest.mark.rules("dynamo:17.17")
def test_stacked_units_may_retreat_to_different_hexes() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["f-1na", "f-2na"])
    fire(s, "./1", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 1})
    first = actions(s, "retreat")
    act(s, first[0])
    second = [a for a in actions(s, "retreat") if a["path"] != first[0]["path"]]
    assert second
    act(s, second[0])
    assert s.units["f-1na"].hex != s.units["f-2na"].hex


@pytest.mark.rules("dynamo:7.1", "dynamo:7.2")
def test_retreats_respect_the_stacking_limit() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["f-1na"])
    put(s, "2117", "f-1m", "f-2na", "f-5na")  # 12 points: the retreating 1st North African would make 14+
    fire(s, "./1", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 1})
    assert all(a["path"] != ["2117"] for a in actions(s, "retreat"))


@pytest.mark.rules("dynamo:17.21")
def test_straight_leg_advance_only_into_the_vacated_hex() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["f-1na"])
    fire(s, "./2", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 2})
    act(s, actions(s, "retreat")[0])
    assert {a["hex"] for a in actions(s, "advance")} == {D}
    act(s, {"type": "advance", "unit": "g-12id", "hex": D})
    assert not [a for a in actions(s, "advance") if a["unit"] == "g-12id"]
    assert s.units["g-12id"].hex == D


@pytest.mark.rules("dynamo:17.21")
def test_moto_mech_advance_as_far_as_the_retreat_first_into_the_hex() -> None:
    s = setup_assault({"2115": ["g-1pz"]}, ["f-1na"])
    fire(s, "./2", ["g-1pz"])
    act(s, {"type": "retreat-all", "hexes": 2})
    act(s, actions(s, "retreat")[0])
    assert s.battle.advance == {"g-1pz": 2}
    act(s, {"type": "advance", "unit": "g-1pz", "hex": D})
    nxt = actions(s, "advance")
    assert nxt and all(a["hex"] in board(s).m.neighbours[D] for a in nxt)
    act(s, nxt[0])
    assert s.battle is None


@pytest.mark.rules("dynamo:17.22")
def test_moto_mech_advance_two_when_the_defenders_are_destroyed() -> None:
    s = setup_assault({"2115": ["g-1pz"]}, ["f-tf1"])
    fire(s, "./1", ["g-1pz"])
    act(s, {"type": "lose", "unit": "f-tf1"})
    assert s.battle.advance == {"g-1pz": 2}


@pytest.mark.rules("dynamo:17.23")
def test_advance_is_never_forced() -> None:
    s = setup_assault({"2115": ["g-1pz"]}, ["f-tf1"])
    fire(s, "./1", ["g-1pz"])
    act(s, {"type": "lose", "unit": "f-tf1"})
    act(s, {"type": "end-advance"})
    assert s.battle is None and s.units["g-1pz"].hex == "2115"


@pytest.mark.rules("dynamo:17.20")
def test_no_advance_while_a_defender_holds_the_hex() -> None:
    s = setup_assault({"2115": ["g-1pz"]}, ["f-1na", "f-2na"])
    fire(s, "./1", ["g-1pz"])
    act(s, {"type": "lose", "unit": "f-1na"})
    assert s.battle is None


@pytest.mark.rules("dynamo:17.18")
def test_units_retreated_into_a_hex_do_not_defend_it_and_die_if_it_loses() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"], "2118": ["g-87id"]}, ["f-1na"])
    put(s, "2117", "f-2na")
    fire(s, "./1", ["g-12id", "g-32id"])
    act(s, {"type": "retreat-all", "hexes": 1})
    act(s, {"type": "retreat", "unit": "f-1na", "path": ["2117"]})
    act(s, {"type": "end-advance"})
    a = assess(board(s), "prepared", ["g-87id"], ["2117"], {"g-87id": "2118"})
    assert a["defence"] == 6  # only the 2nd North African
    fire(s, "./1", ["g-87id"], hexes=("2117",))
    assert s.units["f-1na"].where == "dead"


@pytest.mark.rules("dynamo:16.5")
@pytest.mark.rules("dynamo:16.9")
def test_no_unit_attacks_twice_nor_is_attacked_twice() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["f-1na"])
    fire(s, "./.", ["g-12id"])
    with pytest.raises(IllegalAction):
        act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": [D]})
    with pytest.raises(IllegalAction):
        act(s, {"type": "assault", "attackers": ["g-32id"], "hexes": [D]})


@pytest.mark.rules("dynamo:16.7")
def test_two_adjacent_defending_hexes_may_be_assaulted_together() -> None:
    s = setup_assault({"2017": ["g-12id"]}, ["f-1na"])
    put(s, "2117", "f-2na")
    put(s, "2015", "g-32id")
    assert {"type": "assault", "attackers": ["g-12id"], "hexes": [D, "2117"]} in actions(s, "assault")
    fire(s, "./1", ["g-12id"], hexes=(D, "2117"))
    assert set(s.battle.defenders) == {"f-1na", "f-2na"}


@pytest.mark.rules("dynamo:16.7")
def test_every_attacker_adjacent_to_every_defender() -> None:
    s = setup_assault({"2115": ["g-12id"]}, ["f-1na"])
    put(s, "2217", "f-2na")
    with pytest.raises(IllegalAction, match="adjacent"):
        act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": [D, "2217"]})


@pytest.mark.rules("dynamo:16.1")
def test_combat_only_between_adjacent_units_and_never_forced() -> None:
    s = setup_assault({"2318": ["g-12id"]}, ["f-1na"])
    assert [a["type"] for a in actions(s)] == ["end-phase"]


@pytest.mark.rules("dynamo:16.8")
def test_a_stack_may_split_its_attacks() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["f-1na"])
    put(s, "2015", "f-2na")  # 2015 is next to 2115 too
    fire(s, "./.", ["g-12id"])
    fire(s, "./.", ["g-32id"], hexes=("2015",))
    assert s.attacked_with == ["g-12id", "g-32id"]


@pytest.mark.rules("dynamo:18.4")
def test_task_forces_alone_may_not_retreat_from_a_prepared_assault() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["b-tf1", "b-tf2"])
    fire(s, "./1", ["g-12id", "g-32id"])
    assert {a["type"] for a in actions(s)} == {"lose"}
    with pytest.raises(IllegalAction):
        act(s, {"type": "retreat-all", "hexes": 1})
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["b-tf1", "f-1na"])
    fire(s, "./1", ["g-12id", "g-32id"])
    assert "retreat-all" in {a["type"] for a in actions(s)}


@pytest.mark.rules("dynamo:8.8")
def test_the_allies_may_answer_a_german_assault_on_a_british_division_with_the_raf() -> None:
    s = setup_assault({"2115": ["g-12id", "g-32id"]}, ["b-1"])
    s.raf = True
    act(s, {"type": "assault", "attackers": ["g-12id", "g-32id"], "hexes": [D]})
    assert s.battle.stage == "raf" and {a["type"] for a in actions(s)} == {"raf", "no-raf"}
    events = act(s, {"type": "raf"}, 3)
    combat_event = next(e for e in events if e.kind == "combat")
    assert s.raf is False and [2, "8.8", "RAF defensive intervention"] in combat_event.data["modifiers"]


@pytest.mark.rules("dynamo:8.7")
def test_no_raf_without_a_british_division_and_only_once() -> None:
    s = setup_assault({"2115": ["g-12id"]}, ["b-tf1"])
    s.raf = True
    act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": [D]}, 3)
    assert s.battle is None or s.battle.stage != "raf"


@pytest.mark.rules("dynamo:8.9")
def test_offensive_raf_needs_a_british_division_among_the_attackers() -> None:
    s = setup_assault({"2115": ["b-tf1"], "2117": ["b-1"]}, ["g-12id"], phase="allied-assault")
    s.raf = True
    with pytest.raises(IllegalAction):
        act(s, {"type": "assault", "attackers": ["b-tf1"], "hexes": [D], "raf": True})
    assert any(a.get("raf") for a in actions(s, "assault"))
    act(s, {"type": "assault", "attackers": ["b-1"], "hexes": [D], "raf": True}, 3)
    assert s.raf is False


@pytest.mark.rules("dynamo:8.13")
def test_the_raf_is_spent_by_its_one_intervention() -> None:
    s = setup_assault({"2115": ["b-1"]}, ["g-12id"], phase="allied-assault")
    s.raf = False
    assert not any(a.get("raf") for a in actions(s, "assault"))


@pytest.mark.rules("dynamo:16.19")
def test_counter_stroke_goes_on_while_the_allies_win() -> None:
    s = setup_assault({"2115": ["b-1", "b-2"]}, ["g-12id"], phase="allied-assault")
    put(s, "2117", "g-32id")
    put(s, "2217", "b-3", "b-4")
    assert {"type": "counter-stroke"} in actions(s)
    act(s, {"type": "counter-stroke"})
    a = assess(board(s), "prepared", ["b-1", "b-2"], [D], {"b-1": "2115", "b-2": "2115"}, counter_stroke=True)
    assert ["counter stroke" in m[2] for m in a["modifiers"]].count(True) == 1
    fire(s, "./E", ["b-1", "b-2"])
    if s.battle is not None and s.battle.stage == "defender-retreat":
        act(s, actions(s, "retreat")[0])
    act(s, {"type": "advance", "unit": "b-1", "hex": D})
    if s.battle is not None:
        act(s, {"type": "end-advance"})
    assert s.counter_stroke == "active"  # won: the next assault keeps the -3
    a = assess(board(s), "prepared", ["b-3", "b-4"], ["2117"], {"b-3": "2217", "b-4": "2217"}, counter_stroke=True)
    fire(s, "./.", ["b-3", "b-4"], hexes=("2117",))
    assert s.counter_stroke == "used"


def test_counter_stroke_is_announced_before_the_first_assault() -> None:
    s = setup_assault({"2115": ["b-1"]}, ["g-12id"], phase="allied-assault")
    put(s, "2117", "g-32id")
    put(s, "2217", "b-2")
    act(s, {"type": "assault", "attackers": ["b-2"], "hexes": ["2117"]}, 3)
    while s.battle is not None:
        act(s, actions(s)[0])
    assert {"type": "counter-stroke"} not in actions(s)


@pytest.mark.rules("dynamo:15.2")
def test_a_panzer_division_may_break_down_while_it_advances() -> None:
    s = setup_assault({"2115": ["g-1pz"]}, ["f-1na"])
    fire(s, "./2", ["g-1pz"])
    act(s, {"type": "retreat-all", "hexes": 2})
    act(s, actions(s, "retreat")[0])
    act(s, {"type": "break-down", "unit": "g-1pz"})
    assert s.battle.advance == {"g-1pz-a": 2, "g-1pz-b": 2}
    act(s, {"type": "advance", "unit": "g-1pz-a", "hex": D})
    act(s, {"type": "advance", "unit": "g-1pz-b", "hex": D})
    nxt = [a for a in actions(s, "advance") if a["unit"] == "g-1pz-b"]
    act(s, nxt[0])
    assert s.units["g-1pz-b"].hex != s.units["g-1pz-a"].hex


@pytest.mark.rules("dynamo:15.2")
def test_a_panzer_division_may_break_down_while_it_retreats() -> None:
    s = setup_assault({"2115": ["b-1", "b-2"]}, ["g-1pz"], phase="allied-assault")
    fire(s, "./1", ["b-1", "b-2"])
    act(s, {"type": "retreat-all", "hexes": 1})
    act(s, {"type": "break-down", "unit": "g-1pz"})
    assert s.battle.retreating == ["g-1pz-a", "g-1pz-b"]
    first = actions(s, "retreat")[0]
    act(s, first)
    second = [a for a in actions(s, "retreat") if a["path"] != first["path"]]
    act(s, second[0])
    assert s.units["g-1pz-a"].hex != s.units["g-1pz-b"].hex


@pytest.mark.rules("dynamo:17.10")
def test_a_retreat_is_open_only_if_every_unit_has_one() -> None:
    ring = ["2115", "2117", "2016", "2017", "2216"]  # 2217 left open for one unit only
    s = setup_assault({h: [u] for h, u in zip(ring, ["g-12id", "g-32id", "g-87id", "g-9id", "g-62id"])}, ["f-1na"])
    fire(s, "./1", ["g-12id"])
    assert {a["type"] for a in actions(s)} == {"lose"}
    s2 = setup_assault({"2115": ["g-12id"]}, ["f-1na", "f-2na"])
    fire(s2, "./1", ["g-12id"])
    assert "retreat-all" in {a["type"] for a in actions(s2)}


@pytest.mark.rules("dynamo:16.5")
def test_kampfgruppen_broken_down_in_an_advance_do_not_attack_again_that_phase() -> None:
    s = setup_assault({"2115": ["g-1pz"]}, ["f-1na"])
    put(s, "2114", "f-2na")  # another target next to the Kampfgruppen
    fire(s, "./2", ["g-1pz"])
    act(s, {"type": "retreat-all", "hexes": 2})
    act(s, actions(s, "retreat")[0])
    act(s, {"type": "break-down", "unit": "g-1pz"})
    act(s, {"type": "end-advance"})
    attackers = {u for a in actions(s, "assault") for u in a["attackers"]}
    assert not attackers & {"g-1pz", "g-1pz-a", "g-1pz-b"}


@pytest.mark.rules("dynamo:15.3")
def test_kampfgruppen_may_reform_as_they_advance() -> None:
    s = setup_assault({"2115": ["g-1pz-a", "g-1pz-b"]}, ["f-1na"])
    fire(s, "./2", ["g-1pz-a", "g-1pz-b"])
    act(s, {"type": "retreat-all", "hexes": 2})
    act(s, actions(s, "retreat")[0])
    assert s.battle.advance == {"g-1pz-a": 2, "g-1pz-b": 2}
    act(s, {"type": "advance", "unit": "g-1pz-a", "hex": D})
    assert {"type": "reform", "unit": "g-1pz"} not in actions(s)  # not in one hex now
    act(s, {"type": "advance", "unit": "g-1pz-b", "hex": D})
    act(s, {"type": "reform", "unit": "g-1pz"})
    assert s.units["g-1pz"].hex == D and s.units["g-1pz-a"].where == "spare"
    assert s.battle.advance == {"g-1pz": 1}  # what the Kampfgruppen had left (15.3)
    assert "g-1pz" in s.attacked_with  # 16.5: it attacked, as its Kampfgruppen


@pytest.mark.rules("dynamo:15.3", "dynamo:15.4")
def test_kampfgruppen_may_reform_as_they_retreat_unless_a_has_lost_a_step() -> None:
    s = setup_assault({"2115": ["b-1", "b-2"]}, ["g-1pz-a", "g-1pz-b"], phase="allied-assault")
    fire(s, "./1", ["b-1", "b-2"])
    act(s, {"type": "retreat-all", "hexes": 1})
    act(s, {"type": "reform", "unit": "g-1pz"})
    assert s.battle.retreating == ["g-1pz"]
    act(s, actions(s, "retreat")[0])
    assert s.battle.stage == "advance" and s.units["g-1pz"].hex != D and "g-1pz" in s.retreated_in
    s2 = setup_assault({"2115": ["b-1", "b-2"]}, ["g-1pz-a", "g-1pz-b"], phase="allied-assault")
    s2.units["g-1pz-a"].step = 1
    fire(s2, "./1", ["b-1", "b-2"])
    act(s2, {"type": "retreat-all", "hexes": 1})
    assert {"type": "reform", "unit": "g-1pz"} not in actions(s2)
