"""Odds, the terrain lines of the CRT and the die roll modifiers (16.0, 8.0, 10.3, 13.0, 18.0)."""

from __future__ import annotations

import pytest

from tests.games.dynamo.helpers import board, empty, patch_map, put
from wargames_tui.games.dynamo.combat import assess, column_for, odds_ratio, result_for

D = "2116"  # a clear hex with clear neighbours and no water: 2115/2117, 2016/2217, 2017/2216 face each other


def modifiers(a: dict) -> dict[str, int]:
    return {m[2]: m[0] for m in a["modifiers"]}


def prepared(state, attackers, hexes=(D,)):
    return assess(board(state), "prepared", list(attackers), list(hexes), {u: state.units[u].hex for u in attackers})


@pytest.mark.rules("dynamo:16.3")
def test_odds_are_rounded_in_the_defenders_favour() -> None:
    assert odds_ratio(26, 8) == (3, 1)
    assert odds_ratio(5, 12) == (1, 3)
    assert odds_ratio(8, 8) == (1, 1)


@pytest.mark.rules("dynamo:16.4")
def test_three_to_one_on_watergangs_is_the_fourth_column_and_a_3_gives_1_1() -> None:
    b = board(empty())
    col = column_for(b, "watergangs", odds_ratio(26, 8))
    assert col == 3
    assert result_for(b, col, 3) == "1/1"


@pytest.mark.rules("dynamo:16.14")
def test_odds_beyond_the_line_use_its_end_column() -> None:
    b = board(empty())
    line = b.g.crt.terrain["clear"]
    assert line[column_for(b, "clear", (9, 1))] == "8-1"
    assert column_for(b, "clear", (1, 5)) == 0


@pytest.mark.rules("dynamo:16.16")
def test_modified_rolls_stop_at_minus_2_and_9() -> None:
    b = board(empty())
    for col in range(10):
        assert result_for(b, col, -7) == result_for(b, col, -2)
        assert result_for(b, col, 14) == result_for(b, col, 9)


@pytest.mark.rules("dynamo:16.15")
def test_modifiers_combine_into_one_grand_modifier(monkeypatch) -> None:
    # the rulebook's example: +2, +1, -3 and -1 make -1
    patch_map(monkeypatch, villages=(D,), barriers=((D, "2115"), (D, "2117")))
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2115", "g-12id")
    put(s, "2117", "g-32id")
    s.air["g-12id"] = 1
    a = prepared(s, ["g-12id", "g-32id"])
    assert sorted(m[0] for m in a["modifiers"]) == [-3, -1, 1, 2]
    assert a["modifier"] == -1


@pytest.mark.rules("dynamo:16.17")
def test_german_concentric_from_opposite_hexes_or_three_apart() -> None:
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2115", "g-12id")
    put(s, "2117", "g-32id")
    assert modifiers(prepared(s, ["g-12id", "g-32id"]))["concentric"] == -3
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2115", "g-12id")
    put(s, "2217", "g-32id")
    put(s, "2017", "g-87id")
    assert "concentric" in modifiers(prepared(s, ["g-12id", "g-32id", "g-87id"]))
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2115", "g-12id")
    put(s, "2016", "g-32id")
    assert "concentric" not in modifiers(prepared(s, ["g-12id", "g-32id"]))


@pytest.mark.rules("dynamo:16.17")
def test_no_concentric_against_a_port_nor_in_a_blitz() -> None:
    s = empty("german-assault")
    b = board(s)
    a, c = next((x, y) for x, y in b.m.grid.opposite_pairs("2904") if x in b.m.terrain and y in b.m.terrain)
    put(s, "2904", "f-dpg")
    put(s, a, "g-12id")
    put(s, c, "g-32id")
    assert "concentric" not in modifiers(prepared(s, ["g-12id", "g-32id"], ["2904"]))
    s = empty()
    put(s, D, "b-tf1")
    put(s, "2115", "g-1pz")
    blitz = assess(board(s), "blitz", ["g-1pz"], [D], {"g-1pz": "2115"})
    assert modifiers(blitz)["Blitz"] == 2 and "concentric" not in modifiers(blitz)


@pytest.mark.rules("dynamo:16.17")
def test_village_counts_once_even_in_2711() -> None:
    s = empty("german-assault")
    b = board(s)
    attacker_hex = next(n for n in b.m.neighbours["2711"] if not b.barrier(n, "2711"))
    put(s, "2711", "b-tf1")
    put(s, attacker_hex, "g-12id")
    assert modifiers(prepared(s, ["g-12id"], ["2711"]))["village"] == 1


@pytest.mark.rules("dynamo:16.11")
def test_water_barrier_only_if_every_attacker_crosses_one(monkeypatch) -> None:
    patch_map(monkeypatch, barriers=((D, "2115"),))
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2115", "g-12id")
    put(s, "2016", "g-32id")
    assert modifiers(prepared(s, ["g-12id"]))["water barrier"] == 2
    assert "water barrier" not in modifiers(prepared(s, ["g-12id", "g-32id"]))


@pytest.mark.rules("dynamo:16.13")
def test_two_defending_hexes_use_the_best_line_and_barrier(monkeypatch) -> None:
    # one defender on clear, the other on watergangs behind a water barrier
    patch_map(monkeypatch, terrain={"2117": "watergangs"}, barriers=(("2117", "2217"), ("2117", "2017")))
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2117", "b-tf2")
    put(s, "2217", "g-12id")
    put(s, "2017", "g-32id")
    a = prepared(s, ["g-12id", "g-32id"], [D, "2117"])
    assert a["terrain"] == "watergangs" and modifiers(a)["water barrier"] == 2
    assert a["odds"] == "3-1"  # 12 against 2 + 2
    assert a["column"] == column_for(board(s), "watergangs", (3, 1)) < column_for(board(s), "clear", (3, 1))


@pytest.mark.rules("dynamo:16.10")
def test_attackers_terrain_does_not_matter(monkeypatch) -> None:
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2115", "g-12id")
    before = prepared(s, ["g-12id"])
    patch_map(monkeypatch, terrain={"2115": "urban"}, villages=("2115",))
    after = prepared(s, ["g-12id"])
    assert (before["column"], before["modifier"]) == (after["column"], after["modifier"])


@pytest.mark.rules("dynamo:8.4")
def test_each_luftwaffe_factor_is_minus_one_to_the_german_roll() -> None:
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2115", "g-12id", "g-32id")
    s.air["g-12id"] = 2
    s.air["g-32id"] = 1
    assert modifiers(prepared(s, ["g-12id", "g-32id"]))["Luftwaffe x3"] == -3


@pytest.mark.rules("dynamo:8.5")
def test_luftwaffe_on_defending_germans_is_plus_one_each() -> None:
    s = empty("allied-assault")
    put(s, D, "g-12id")
    put(s, "2115", "b-1")
    s.air["g-12id"] = 2
    assert modifiers(prepared(s, ["b-1"]))["Luftwaffe x2 defending"] == 2


@pytest.mark.rules("dynamo:8.6")
@pytest.mark.rules("dynamo:18.3")
def test_british_flak_does_not_touch_the_luftwaffe() -> None:
    s = empty("german-assault")
    put(s, D, "b-1aa", "b-1")
    put(s, "2115", "g-12id")
    s.air["g-12id"] = 1
    assert modifiers(prepared(s, ["g-12id"]))["Luftwaffe x1"] == -1


@pytest.mark.rules("dynamo:8.10")
def test_german_flak_korps_cut_the_offensive_raf() -> None:
    s = empty("allied-assault")
    put(s, D, "g-12id")
    put(s, "2115", "b-1")
    def raf(state):
        return modifiers(assess(board(state), "prepared", ["b-1"], [D], {"b-1": "2115"}, raf="offensive"))["RAF offensive intervention"]
    assert raf(s) == -2
    put(s, D, "g-1flak")
    assert raf(s) == -1
    put(s, D, "g-2flak")
    assert raf(s) == 0


@pytest.mark.rules("dynamo:8.8")
def test_defensive_raf_is_plus_two_to_the_german() -> None:
    s = empty("german-assault")
    put(s, D, "b-1")
    put(s, "2115", "g-12id")
    a = assess(board(s), "prepared", ["g-12id"], [D], {"g-12id": "2115"}, raf="defensive")
    assert modifiers(a)["RAF defensive intervention"] == 2


@pytest.mark.rules("dynamo:8.12")
def test_luftwaffe_and_raf_cancel_out() -> None:
    s = empty("german-assault")
    put(s, D, "b-1")
    put(s, "2115", "g-12id")
    s.air["g-12id"] = 2
    a = assess(board(s), "prepared", ["g-12id"], [D], {"g-12id": "2115"}, raf="defensive")
    assert a["modifier"] == 0


@pytest.mark.rules("dynamo:10.3")
def test_franco_british_assault_is_plus_one() -> None:
    s = empty("allied-assault")
    put(s, D, "g-12id")
    put(s, "2115", "b-1")
    put(s, "2117", "f-1na")
    assert modifiers(prepared(s, ["b-1", "f-1na"]))["Franco-British assault"] == 1
    assert "Franco-British assault" not in modifiers(prepared(s, ["b-1"]))


@pytest.mark.rules("dynamo:16.18")
def test_allied_concentric_and_counter_stroke() -> None:
    s = empty("allied-assault")
    put(s, D, "g-12id")
    put(s, "2115", "b-1")
    put(s, "2117", "b-2")
    a = assess(board(s), "prepared", ["b-1", "b-2"], [D], {"b-1": "2115", "b-2": "2117"}, counter_stroke=True)
    assert modifiers(a)["concentric"] == -3 and modifiers(a)["counter stroke"] == -3


@pytest.mark.rules("dynamo:13.6")
def test_defensive_schwerpunkt_of_a_whole_korps_in_two_adjacent_hexes() -> None:
    s = empty("allied-assault")
    put(s, D, "g-3pz", "g-1flak")
    put(s, "2117", "g-4pz")
    put(s, "2115", "b-1")
    assert modifiers(prepared(s, ["b-1"]))["defensive Schwerpunkt"] == 2
    put(s, "2117", "g-12id")  # any other German unit spoils it
    assert "defensive Schwerpunkt" not in modifiers(prepared(s, ["b-1"]))


@pytest.mark.rules("dynamo:14.3")
def test_no_defensive_schwerpunkt_for_the_19th_on_its_force_march_turn() -> None:
    s = empty("allied-assault", turn=3)
    put(s, D, "g-1pz", "g-2pz")
    put(s, "2117", "g-10pz", "g-gd")
    put(s, "2115", "b-1")
    assert modifiers(prepared(s, ["b-1"]))["defensive Schwerpunkt"] == 2
    s.force_march = "19"
    assert "defensive Schwerpunkt" not in modifiers(prepared(s, ["b-1"]))


@pytest.mark.rules("dynamo:13.7")
def test_a_korps_with_a_division_lost_or_broken_down_forms_no_schwerpunkt() -> None:
    s = empty("allied-assault")
    put(s, D, "g-3pz")
    put(s, "2117", "g-4pz-a", "g-4pz-b")
    put(s, "2115", "b-1")
    assert "defensive Schwerpunkt" not in modifiers(prepared(s, ["b-1"]))


@pytest.mark.rules("dynamo:13.5")
def test_offensive_schwerpunkt_needs_every_korps_unit_pure_stacked() -> None:
    s = empty("german-assault")
    put(s, D, "b-1")
    put(s, "2115", "g-5pz", "g-ssv")
    put(s, "2016", "g-7pz")
    put(s, "2117", "g-12id")
    a = prepared(s, ["g-5pz", "g-ssv", "g-7pz", "g-12id"])
    assert modifiers(a)["offensive Schwerpunkt"] == -2
    assert "offensive Schwerpunkt" not in modifiers(prepared(s, ["g-5pz", "g-12id"]))
    put(s, "2016", "g-32id")  # a non-korps unit stacked with the korps
    assert "offensive Schwerpunkt" not in modifiers(prepared(s, ["g-5pz", "g-ssv", "g-7pz", "g-32id"]))


@pytest.mark.rules("dynamo:13.4")
def test_blitz_schwerpunkt_two_divisions_of_one_korps() -> None:
    s = empty()
    put(s, D, "b-tf1")
    put(s, "2115", "g-6pz", "g-8pz", "g-lah")
    g = ["g-6pz", "g-8pz", "g-lah"]
    a = assess(board(s), "blitz", g, [D], {u: "2115" for u in g})
    assert modifiers(a)["Blitz Schwerpunkt"] == -2
    put(s, "2115", "g-1flak")
    g.append("g-1flak")  # two riders spoil it
    a = assess(board(s), "blitz", g, [D], {u: "2115" for u in g})
    assert "Blitz Schwerpunkt" not in modifiers(a)


@pytest.mark.rules("dynamo:13.2")
def test_ninth_panzer_belongs_to_no_korps() -> None:
    s = empty()
    put(s, D, "b-tf1")
    put(s, "2115", "g-9pz", "g-6pz")
    a = assess(board(s), "blitz", ["g-9pz", "g-6pz"], [D], {"g-9pz": "2115", "g-6pz": "2115"})
    assert "Blitz Schwerpunkt" not in modifiers(a)


@pytest.mark.rules("dynamo:18.1")
def test_flak_attacked_by_infantry_defends_with_its_attack_factor() -> None:
    s = empty("german-assault")
    put(s, D, "b-4aa")
    put(s, "2115", "g-12id")
    assert prepared(s, ["g-12id"])["defence"] == 2


@pytest.mark.rules("dynamo:18.2")
def test_flak_attacked_by_tanks_or_with_air_uses_its_defence() -> None:
    s = empty("german-assault")
    put(s, D, "b-4aa")
    put(s, "2115", "g-12id", "g-1pz")
    assert prepared(s, ["g-12id", "g-1pz"])["defence"] == 1
    s = empty("german-assault")
    put(s, D, "b-4aa")
    put(s, "2115", "g-12id")
    s.air["g-12id"] = 1
    assert prepared(s, ["g-12id"])["defence"] == 1


@pytest.mark.rules("dynamo:5.9")
def test_out_of_supply_halves_attack_rounding_up_but_not_defence() -> None:
    s = empty("german-assault")
    put(s, D, "b-tf1")
    put(s, "2115", "g-9pz")
    s.units["g-9pz"].oos = True
    s.units["b-tf1"].oos = True
    a = prepared(s, ["g-9pz"])
    assert a["attack"] == 5 and a["defence"] == 2


@pytest.mark.rules("dynamo:16.16")
def test_the_reported_modified_roll_is_held_to_the_table(monkeypatch) -> None:
    from tests.games.dynamo.helpers import act

    patch_map(monkeypatch, villages=(D,), barriers=((D, "2115"),))
    s = empty("german-assault")
    s.raf = False
    put(s, D, "f-tf1")
    put(s, "2115", "g-12id")
    events = act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": [D]}, 6)
    combat_event = next(e for e in events if e.kind == "combat")
    assert combat_event.data["die"] + sum(m[0] for m in combat_event.data["modifiers"]) == 9
    s = empty("german-assault")
    s.raf = True
    put(s, D, "b-1")
    put(s, "2115", "g-12id")
    act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": [D]})
    events = act(s, {"type": "raf"}, 6)
    combat_event = next(e for e in events if e.kind == "combat")
    assert combat_event.data["total"] == 9  # 6 + 1 + 2 + 2 = 11, held to 9
