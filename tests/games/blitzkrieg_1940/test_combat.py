"""Combat (14.0): odds, factors, shifts, results, losses and the advance."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.blitzkrieg_1940 import combat, sequence
from wargames_tui.games.blitzkrieg_1940.position import Position

from .helpers import S39, H, around, bare, board, dice, open_ground

FR = open_ground("France", 2)  # a clear French hex with clear ground around
N, S_ = around(FR)[0], around(FR)[1]


def battle_event(events):
    return next(e for e in events if e.kind == "combat").data


@pytest.mark.rules("blitzkrieg-1940:14.5")
@pytest.mark.rules("blitzkrieg-1940:14.9")
def test_the_printed_examples_26_to_7_at_3_to_1_roll_4():
    # 16 (panzer) + 10 (motorised) = 26 against a +3 defender rolling 4 = 7: 3:1; a 4 gives 1/2.
    state = bare({"de-1pz": N, "de-2mot": N, "fr-4di": FR}, phase="german-combat", order={"german": "move"})
    events = sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-1pz", "de-2mot"]}, dice(4, 4))
    data = battle_event(events)
    assert (data["attack"], data["defence"], data["ratio"], data["column"], data["result"]) == (26, 7, "3:1", "3:1", "1/2")
    # The French division lost both steps; Germany chooses which of its units loses one (14.10B).
    assert state.units["fr-4di"].status == "dead"
    assert sequence.prompt(state).actions == [{"type": "lose", "unit": "de-1pz"}, {"type": "lose", "unit": "de-2mot"}]


@pytest.mark.rules("blitzkrieg-1940:14.6")
def test_poor_odds_round_up_for_the_defender():
    assert combat.ratio_label(5, 11) == "1:3" and combat.column_index(5, 11) == 0
    assert combat.ratio_label(26, 7) == "3:1" and combat.column_index(26, 7) == 4


@pytest.mark.rules("blitzkrieg-1940:14.7")
def test_odds_limits():
    crt = board().game.crt
    assert combat.column_index(1, 4) == -1  # 1:4 is fought on the 1:3 column
    p = Position(bare({}))
    assert combat.result_of(p, -1, dice(1))[2] == "1:3"
    assert combat.result_of(p, combat.column_index(7, 1), dice())[:2] == (crt.automatic, None)
    # A real battle at 7:1 or more: 0/3 with no roll on the table.
    state = bare({"de-1pz": N, "de-2pz": N, "de-10pz": N, "nl-a": FR}, phase="german-combat", order={"german": "move"})
    state.violated["Holland"] = 1
    events = sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-1pz", "de-2pz", "de-10pz"]}, dice(1))
    data = battle_event(events)
    assert data["defence"] == 1 and data["roll"] is None and data["result"] == "0/3"


@pytest.mark.rules("blitzkrieg-1940:14.8")
def test_volatile_factors():
    assert combat.factor("+3", dice(5)) == (8, 5)
    assert combat.factor("-2", dice(5)) == (3, 5)
    assert combat.factor("-3", dice(1)) == (1, 1)  # never below one
    assert combat.factor("0", dice(4)) == (4, 4)  # a zero is the bare roll
    assert combat.factor("8", dice()) == (8, None)


@pytest.mark.rules("blitzkrieg-1940:10.3")
def test_out_of_supply_attackers_are_halved_together():
    oos = ["out of supply (10.3B)"]
    assert combat.total_attack([{"value": 5, "halvings": oos}, {"value": 4, "halvings": oos}]) == 4
    assert combat.total_attack([{"value": 1, "halvings": oos}]) == 1
    assert combat.total_attack([{"value": 7, "halvings": oos}, {"value": 6, "halvings": []}]) == 9


@pytest.mark.rules("blitzkrieg-1940:14.12")
def test_mountain_shifts_two_columns():
    # 3:1 against a mountain hex becomes 1:1.
    state = bare({"de-1inf": "E3142", "fr-4di": "E3041"}, phase="german-combat", order={"german": "move"})
    shifts = combat.shifts(Position(state), H("E3041"), ["de-1inf"], ["fr-4di"], 0)
    assert shifts == [{"why": "mountain hex", "shift": -2, "case": "blitzkrieg-1940:14.12"}]
    assert board().game.crt.columns[combat.column_index(26, 7) - 2] == "1:1"


def river_pair():
    b = board()
    for pair, kind in sorted(b.sides.items(), key=lambda x: sorted(x[0])):
        a, d = sorted(pair)
        if kind == "river" and all(b.country[x] == "France" and b.terrain[x] == "clear" and x not in b.city_of for x in pair):
            return b.label(a), b.label(d)
    raise LookupError


@pytest.mark.rules("blitzkrieg-1940:14.13")
def test_attacks_across_rivers_are_halved():
    a, d = river_pair()
    state = bare({"de-1inf": a, "fr-4di": d}, phase="german-combat", order={"german": "move"})
    parts = combat.attack_factors(Position(state), H(d), ["de-1inf"], dice())
    assert parts[0]["halvings"] == ["across a river or the causeway (14.13)"]
    assert combat.total_attack(parts) == 4


@pytest.mark.rules("blitzkrieg-1940:14.21")
def test_mechanized_attacks_into_watergangs_are_halved():
    b = board()
    wet = next(h for h in sorted(b.terrain) if b.terrain[h] == "watergangs" and b.country[h] == "Holland")
    dry = next(n for n in b.grid.neighbours(wet) if b.land(n) and frozenset((wet, n)) not in b.sides)
    state = bare({"de-9pz": b.label(dry), "de-1inf": b.label(dry), "nl-1": b.label(wet)}, phase="german-combat")
    parts = combat.attack_factors(Position(state), wet, ["de-9pz", "de-1inf"], dice())
    assert [p["halvings"] for p in parts] == [["mechanized into marsh or watergangs (14.21)"], []]


@pytest.mark.rules("blitzkrieg-1940:14.17")
def test_the_sarreguemines_gap_halves_defender_and_attacker():
    state = bare({"de-1inf": "E2638", "fr-4di": "E2639"}, phase="german-combat")
    assert combat.total_defence([{"value": 9}], H("E2639") in board().sarreguemines) == 4
    state = bare({"fr-4di": "E2639", "de-1inf": "E2638"}, phase="allied-combat")
    parts = combat.attack_factors(Position(state), H("E2638"), ["fr-4di"], dice(3))
    assert "from the Sarreguemines Gap (14.17)" in parts[0]["halvings"]


@pytest.mark.rules("blitzkrieg-1940:14.16")
def test_panzers_attack_forts_with_their_defence_factor():
    state = bare({"de-1pz": "E2638", "fr-fort-boulay": "E2539"}, phase="german-combat")
    parts = combat.attack_factors(Position(state), H("E2539"), ["de-1pz"], dice())
    assert parts[0]["printed"] == "12" and parts[0]["value"] == 12
    # Forts never attack.
    state = bare({"fr-fort-boulay": "E2539", "de-1inf": "E2538"}, phase="allied-combat")
    assert not combat.may_attack(Position(state), "fr-fort-boulay")


@pytest.mark.rules("blitzkrieg-1940:14.15")
def test_concentric_assaults():
    assert combat.concentric({0, 3}) and combat.concentric({1, 3, 5}) and combat.concentric({0, 1, 2, 4})
    assert not combat.concentric({0, 1}) and not combat.concentric({0, 1, 2})
    state = bare({"de-1inf": N, "de-4inf": S_, "fr-4di": FR}, phase="german-combat", order={"german": "move"})
    shifts = combat.shifts(Position(state), H(FR), ["de-1inf", "de-4inf"], ["fr-4di"], 0)
    assert {"why": "concentric assault", "shift": 1, "case": "blitzkrieg-1940:14.15"} in shifts
    # Never against a fort hex.
    fort = "E2840"
    n = around(fort)
    state = bare({"de-1inf": n[0], "de-4inf": n[1], "fr-fort-rohrbach": fort}, phase="german-combat")
    assert not any(x["why"] == "concentric assault" for x in combat.shifts(Position(state), H(fort), ["de-1inf", "de-4inf"], ["fr-fort-rohrbach"], 0))


@pytest.mark.rules("blitzkrieg-1940:14.18")
def test_siegfried_line():
    b = board()
    only_1940 = min(b.siegfried - b.siegfried_1939)
    enemy = next(n for n in b.grid.neighbours(only_1940) if b.country[n] != "Germany" and b.land(n))
    state = bare({"de-1inf": b.label(only_1940), "fr-4di": b.label(enemy)}, phase="allied-combat")
    assert {"why": "Siegfried Line", "shift": -2, "case": "blitzkrieg-1940:14.18"} in combat.shifts(Position(state), only_1940, ["fr-4di"], ["de-1inf"], 0)
    french = {"fr39-11di": b.label(enemy), "de39-34inf": b.label(only_1940)}
    state = bare(french, phase="allied-combat", scenario=S39)
    assert not any(x["why"] == "Siegfried Line" for x in combat.shifts(Position(state), only_1940, ["fr39-11di"], ["de39-34inf"], 0))
    # Allied units in a Siegfried hex get nothing from it.
    state = bare({"fr-4di": b.label(only_1940), "de-1inf": b.label(enemy)}, phase="german-combat")
    assert not any(x["why"] == "Siegfried Line" for x in combat.shifts(Position(state), only_1940, ["de-1inf"], ["fr-4di"], 0))


@pytest.mark.rules("blitzkrieg-1940:14.19")
def test_field_fortifications_help_allied_defenders_only():
    b = board()
    ff = min(b.field_forts)
    n = next(x for x in b.grid.neighbours(ff) if b.land(x))
    state = bare({"de-1inf": b.label(n), "be-4": b.label(ff)}, phase="german-combat")
    assert {"why": "field fortifications", "shift": -1, "case": "blitzkrieg-1940:14.19"} in combat.shifts(Position(state), ff, ["de-1inf"], ["be-4"], 0)
    state = bare({"be-4": b.label(n), "de-1inf": b.label(ff)}, phase="allied-combat")
    assert not any(x["why"] == "field fortifications" for x in combat.shifts(Position(state), ff, ["be-4"], ["de-1inf"], 0))


@pytest.mark.rules("blitzkrieg-1940:14.2")
def test_phase_sequence_shifts():
    state = bare({"de-1inf": N, "fr-4di": FR}, phase="german-combat", order={"german": "fight"})
    assert {"why": "German fight/move sequence", "shift": 1, "case": "blitzkrieg-1940:14.2"} in combat.shifts(Position(state), H(FR), ["de-1inf"], ["fr-4di"], 0)
    state = bare({"de-1inf": N, "fr-4di": FR}, phase="allied-combat", order={"allied": "move"})
    assert {"why": "Allied move/fight sequence", "shift": -1, "case": "blitzkrieg-1940:14.2"} in combat.shifts(Position(state), H(N), ["fr-4di"], ["de-1inf"], 0)
    state = bare({"fr39-11di": N, "de39-34inf": FR}, phase="german-combat", scenario=S39, order={"german": "fight"})
    assert combat.shifts(Position(state), H(FR), ["de39-34inf"], ["fr39-11di"], 0) == []


@pytest.mark.rules("blitzkrieg-1940:14.14")
def test_raf_support_in_attack_and_defence():
    state = bare({"de-1inf": N, "fr-4di": FR}, phase="allied-combat", order={"allied": "fight"}, raf="committed", raf_available=3)
    events = sequence.apply(state, {"type": "attack", "hex": H(N), "attackers": ["fr-4di"], "raf": 2}, dice(3, 3))
    assert {"why": "RAF support x2", "shift": 2, "case": "blitzkrieg-1940:14.14"} in battle_event(events)["shifts"]
    assert state.raf_used == 2
    with pytest.raises(IllegalAction):
        sequence.apply(state.copy(), {"type": "attack", "hex": H(N), "attackers": ["fr-4di"], "raf": 2}, dice(3, 3))
    # Defending: the German declares, the Allies choose how many counters fly.
    state = bare({"de-1inf": N, "fr-4di": FR}, phase="german-combat", order={"german": "move"}, raf="committed", raf_available=1)
    sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-1inf"]}, dice())
    assert sequence.acting_side(state) == "allied"
    assert sequence.prompt(state).actions == [{"type": "raf", "count": 0}, {"type": "raf", "count": 1}]
    events = sequence.apply(state, {"type": "raf", "count": 1}, dice(3, 3))
    assert {"why": "RAF support x1", "shift": -1, "case": "blitzkrieg-1940:14.14"} in battle_event(events)["shifts"]


@pytest.mark.rules("blitzkrieg-1940:7.7")
def test_french_morale_shifts():
    state = bare({"de-1inf": N, "fr-4di": FR}, phase="german-combat", order={"german": "move"}, morale="defeatism")
    assert combat.shifts(Position(state), H(FR), ["de-1inf"], ["fr-4di"], 0) == [
        {"why": "French morale (defeatism)", "shift": 1, "case": "blitzkrieg-1940:7.7"}]
    state.phase = "allied-combat"
    state.order = {"allied": "fight"}
    state.morale = "rally"
    assert combat.shifts(Position(state), H(N), ["fr-4di"], ["de-1inf"], 0) == [
        {"why": "French morale (rally)", "shift": 1, "case": "blitzkrieg-1940:7.7"}]


@pytest.mark.rules("blitzkrieg-1940:14.10")
def test_losses_reduce_every_unit_before_any_dies():
    state = bare({"de-1inf": N, "de-4inf": N}, phase="german-combat")
    state.units["de-4inf"].steps = 1
    assert combat.loss_candidates(Position(state), ["de-1inf", "de-4inf"]) == ["de-1inf"]
    state.units["de-1inf"].steps = 1
    assert combat.loss_candidates(Position(state), ["de-1inf", "de-4inf"]) == ["de-1inf", "de-4inf"]


@pytest.mark.rules("blitzkrieg-1940:14.11")
@pytest.mark.rules("blitzkrieg-1940:14.22")
def test_a_zero_result_and_the_advance():
    # 1:3 column, roll 1: 3/0 -- the defender is untouched.
    state = bare({"de-1inf": N, "fr-1dlm": FR}, phase="german-combat", order={"german": "move"})
    events = sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-1inf"]}, dice(6, 1))
    data = battle_event(events)
    assert data["result"].endswith("/0") and state.units["fr-1dlm"].steps == 2
    # A battle that clears the hex lets the attackers advance, without MPs, even EZOC to EZOC.
    state = bare({"de-1pz": N, "de-2mot": N, "fr-4di": FR, "fr-5dim": around(FR)[3]}, phase="german-combat", order={"german": "move"})
    sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-1pz", "de-2mot"]}, dice(4, 6))
    assert state.units["fr-4di"].status == "dead"
    assert {"type": "advance", "unit": "de-2mot"} in sequence.prompt(state).actions
    sequence.apply(state, {"type": "advance", "unit": "de-2mot"}, dice())
    assert state.units["de-2mot"].hex == H(FR) and Position(state).control(H(FR)) == "german"


@pytest.mark.rules("blitzkrieg-1940:14.22")
def test_no_advance_into_terrain_the_unit_may_not_enter():
    # E2413 is marsh, which mechanized units may not enter (14.21): the panzer division that
    # helped clear it stays put, the infantry beside it may advance.
    state = bare({"de-1pz": "E2313", "de-1inf": "E2313", "nl-a": "E2413", "nl-b": open_ground("Holland"),
                  "be-1": open_ground("Belgium"), "fr-4di": FR}, phase="german-combat", order={"german": "move"})
    assert board().terrain[H("E2413")] == "marsh"
    sequence.apply(state, {"type": "attack", "hex": H("E2413"), "attackers": ["de-1pz", "de-1inf"]}, dice(1))
    assert state.units["nl-a"].status == "dead"
    assert sequence.prompt(state).actions == [{"type": "advance", "unit": "de-1inf"}, {"type": "end-advance"}]
    with pytest.raises(IllegalAction, match="14.22"):
        sequence.apply(state.copy(), {"type": "advance", "unit": "de-1pz"}, dice())
    sequence.apply(state, {"type": "advance", "unit": "de-1inf"}, dice())
    assert state.units["de-1inf"].hex == H("E2413") and state.units["de-1pz"].hex == H("E2313")


@pytest.mark.rules("blitzkrieg-1940:14.3")
def test_each_unit_attacks_once_and_each_hex_is_attacked_once():
    state = bare({"de-1pz": N, "de-1inf": S_, "fr-1dlm": FR}, phase="german-combat", order={"german": "move"})
    sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-1inf"]}, dice(1, 1, 1))
    while state.battle is not None:
        sequence.apply(state, sequence.prompt(state).actions[0], dice())
    with pytest.raises(IllegalAction):
        sequence.apply(state.copy(), {"type": "attack", "hex": H(FR), "attackers": ["de-1pz"]}, dice(1, 1, 1))


@pytest.mark.rules("blitzkrieg-1940:14.1")
def test_attacks_need_adjacency_and_are_voluntary():
    far = around(N)[0]
    state = bare({"de-1inf": far, "fr-4di": FR}, phase="german-combat", order={"german": "move"})
    with pytest.raises(IllegalAction):
        sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-1inf"]}, dice(1, 1))
    state = bare({"de-1inf": N, "fr-4di": FR}, phase="german-combat", order={"german": "move"}, queue=["allied-order"])
    sequence.apply(state, {"type": "end-phase"}, dice())
    assert state.units["fr-4di"].steps == 2


@pytest.mark.rules("blitzkrieg-1940:14.4")
def test_battles_are_fought_one_after_another_in_any_order():
    state = bare({"de-1pz": N, "fr-4di": FR, "de-1inf": around(S_)[1], "fr-5dim": S_}, phase="german-combat", order={"german": "move"})
    sequence.apply(state, {"type": "attack", "hex": H(S_), "attackers": ["de-1inf"]}, dice(2, 2))
    while state.battle is not None:
        sequence.apply(state, sequence.prompt(state).actions[0], dice())
    assert H(FR) in {a["hex"] for a in sequence.prompt(state).actions if a["type"] == "attack"}


def test_malformed_attacks_are_illegal():
    state = bare({"de-1inf": N, "fr-4di": FR}, phase="german-combat", order={"german": "move"})
    for bad in ({"type": "attack"}, {"type": "attack", "hex": 5, "attackers": []}, {"type": "attack", "hex": H(FR), "attackers": ["nobody"]},
                {"type": "attack", "hex": H(FR), "attackers": ["de-1inf"], "raf": "x"}, {"type": "fly"}, ["attack"]):
        with pytest.raises(IllegalAction):
            sequence.apply(state.copy(), bad, dice(1, 1))
