"""The sequence of play, set-up, Sickle Cut, coups, capitulation, reinforcements and victory."""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.blitzkrieg_1940 import contract, operations, sequence, setup, victory
from wargames_tui.games.blitzkrieg_1940.position import Position

from .helpers import S39, S40, H, bare, board, dice, open_ground, set_up_historically


def fresh(sickle: bool = False):
    state = sequence.new_state(S40, {})
    sequence.apply(state, {"type": "sickle-cut", "launch": sickle}, dice())
    return state


@pytest.mark.rules("blitzkrieg-1940:5.2")
@pytest.mark.rules("blitzkrieg-1940:5.4")
@pytest.mark.rules("blitzkrieg-1940:5.1")
def test_the_1940_sequence():
    state = fresh()
    assert state.phase == "german-setup"
    set_up_historically(state)
    assert state.phase == "coups"
    sequence.apply(state, {"type": "end-drops"}, dice())
    assert state.phase == "roer"
    sequence.apply(state, {"type": "open-dams", "open": False}, dice())
    assert state.phase == "german-order"
    sequence.apply(state, {"type": "order", "first": "fight"}, dice())
    assert state.phase == "german-combat" and state.queue[:2] == ["german-movement", "allied-capitulation"]
    sequence.apply(state, {"type": "end-phase"}, dice())
    sequence.apply(state, {"type": "end-phase"}, dice())
    assert state.phase == "allied-order"  # no capitulation check due: the phase passes by itself
    with pytest.raises(IllegalAction):
        sequence.apply(state.copy(), {"type": "order", "first": "both"}, dice())
    sequence.apply(state, {"type": "order", "first": "move"}, dice())
    assert state.phase == "allied-movement"
    sequence.apply(state, {"type": "end-phase"}, dice())
    sequence.apply(state, {"type": "end-phase"}, dice())
    assert (state.turn, state.couplet) == (1, 2)


@pytest.mark.rules("blitzkrieg-1940:5.3")
def test_the_1939_sequence_starts_with_the_french():
    state = sequence.new_state(S39, {})
    assert state.phase == "roer"
    sequence.apply(state, {"type": "open-dams", "open": False}, dice())
    assert state.phase == "allied-order"


@pytest.mark.rules("blitzkrieg-1940:5.6")
@pytest.mark.rules("blitzkrieg-1940:4.2")
def test_the_games_end_when_5_6_says():
    state = bare({"de39-34inf": "E3030"}, scenario=S39, phase="german-combat", turn=7, couplet=2)
    sequence.apply(state, {"type": "end-phase"}, dice())
    assert state.phase == "over" and state.winner == "german"
    state = bare({"de-1inf": "E3030"}, phase="allied-combat", turn=10, couplet=1)
    sequence.apply(state, {"type": "end-phase"}, dice(6))
    assert state.phase == "over" and state.result["total"] == sum(state.result["points"].values())


@pytest.mark.rules("blitzkrieg-1940:4.3")
def test_concession():
    state = fresh()
    sequence.apply(state, {"type": "concede"}, dice())
    assert sequence.outcome(state).winner == "allied"


@pytest.mark.rules("blitzkrieg-1940:6.1")
@pytest.mark.rules("blitzkrieg-1940:6.2")
@pytest.mark.rules("blitzkrieg-1940:3.2")
def test_sickle_cut_and_its_cup():
    state = fresh(sickle=True)
    assert "Belgium" in state.violated
    b = board()
    mech = [u for u in setup.pool(state) if b.units[u].mech]
    leg = [u for u in setup.pool(state) if not b.units[u].mech]
    for u in mech[:11] + leg[:22]:
        setup.do_cup(state, {"type": "cup", "unit": u})
    assert setup.cup_counts(state) == {"mech": 11, "leg": 22}
    with pytest.raises(IllegalAction):
        setup.do_cup(state, {"type": "cup", "unit": mech[11]})
    state2 = fresh(sickle=False)
    with pytest.raises(IllegalAction):
        setup.do_cup(state2, {"type": "cup", "unit": mech[0]})


@pytest.mark.rules("blitzkrieg-1940:3.1")
@pytest.mark.rules("blitzkrieg-1940:6.3")
@pytest.mark.rules("blitzkrieg-1940:7.8")
def test_german_set_up_inside_germany_and_dummies_only_on_real_units():
    state = fresh()
    uid = setup.pool(state)[0]
    hexes = setup.setup_hexes(Position(state), uid)
    assert hexes and all(board().country[h] == "Germany" for h in hexes)
    state2 = state.copy()
    for u in setup.pool(state2):
        if not board().units[u].dummy:
            state2.units[u].status = "out"
    dummy = setup.pool(state2)[0]
    assert board().units[dummy].dummy and setup.setup_hexes(Position(state2), dummy) == []
    setup.place(state2, "de-1inf", H("E3917"))
    assert setup.setup_hexes(Position(state2), dummy) == [H("E3917")]
    state2.units["de-1inf"].status, state2.units["de-1inf"].hex = "out", None
    setup.place(state2, "de-coup1", H("E3917"))
    assert setup.setup_hexes(Position(state2), dummy) == []


@pytest.mark.rules("blitzkrieg-1940:6.5")
@pytest.mark.rules("blitzkrieg-1940:6.6")
def test_the_end_of_a_sickle_cut_turn_1():
    state = fresh(sickle=True)
    b = board()
    for u in setup.pool(state)[:3]:
        if not b.units[u].mech:
            setup.do_cup(state, {"type": "cup", "unit": u})
    cupped = setup.cup_units(state)
    set_up_historically(state)
    state.turn, state.couplet, state.phase, state.queue = 1, 2, "allied-combat", []
    sequence.apply(state, {"type": "end-phase"}, dice())
    assert state.phase == "sickle-end-allied"
    for a in sequence.prompt(state).actions:
        h = a["hex"]
        assert b.country[h] == "Belgium" and b.terrain[h] != "ardennes" and any(b.terrain[n] == "ardennes" for n in b.grid.neighbours(h))
    while state.phase == "sickle-end-allied":
        sequence.apply(state, sequence.prompt(state).actions[0], dice())
    assert state.phase == "sickle-end-german"
    p = Position(state)
    for a in sequence.prompt(state).actions:
        assert b.terrain[a["hex"]] == "ardennes" and setup.interior(p, a["hex"])
    while state.phase == "sickle-end-german":
        sequence.apply(state, sequence.prompt(state).actions[0], dice())
    assert all(state.units[u].status == "map" and b.terrain[state.units[u].hex] == "ardennes" for u in cupped)
    assert state.turn == 2


@pytest.mark.rules("blitzkrieg-1940:6.7")
def test_without_sickle_cut_the_ardennes_is_open():
    b = board()
    ard = next(h for h in sorted(b.terrain) if b.terrain[h] == "ardennes")
    state = bare({}, turn=1)
    state.sickle = False
    assert not Position(state).sickle_barred("de-1inf", ard)


def at_coups():
    state = fresh()
    set_up_historically(state)
    assert state.phase == "coups"
    return state


@pytest.mark.rules("blitzkrieg-1940:7.2")
@pytest.mark.rules("blitzkrieg-1940:7.3")
def test_coups_survive_on_falling_rolls():
    state = at_coups()
    spots = ["E3604", "E3603", "E3605"]
    for i, label in enumerate(spots):
        sequence.apply(state, {"type": "drop", "unit": f"de-coup{i + 1}", "hex": H(label)}, dice())
    with pytest.raises(IllegalAction):
        sequence.apply(state.copy(), {"type": "drop", "unit": "de-coup4", "hex": H("E1928")}, dice())  # Ardennes
    lost = state.german_lost
    sequence.apply(state, {"type": "end-drops"}, dice(5, 5, 3))
    assert state.units["de-coup1"].status == "map" and state.units["de-coup1"].hex == H("E3604")
    assert state.units["de-coup2"].status == "dead" and state.german_lost == lost + 2
    assert state.units["de-coup3"].status == "map"
    assert state.units["de-coup4"].status == "out" and state.units["de-coup5"].status == "out"
    assert Position(state).control(H("E3604")) == "german" and "Holland" in state.violated


@pytest.mark.rules("blitzkrieg-1940:7.5")
@pytest.mark.rules("blitzkrieg-1940:7.6")
@pytest.mark.rules("blitzkrieg-1940:7.4")
def test_coups_on_forts_and_troops():
    state = at_coups()
    sequence.apply(state, {"type": "drop", "unit": "de-coup1", "hex": H("E2423")}, dice())
    sequence.apply(state, {"type": "drop", "unit": "de-coup2", "hex": H("E2840"), "fort": "unseen"}, dice())
    belgians = board().units["be-4"].hex
    sequence.apply(state, {"type": "drop", "unit": "de-coup3", "hex": belgians}, dice())
    sequence.apply(state, {"type": "end-drops"}, dice(1, 1, 1))
    assert state.units["be-eben-emael"].status == "dead" and state.units["de-coup1"].hex == H("E2423")
    forts = [u for u, x in board().units.items() if x.fort and x.hex == H("E2840")]
    assert sum(state.units[u].status == "dead" for u in forts) == 1 and state.units["de-coup2"].status == "dead"
    assert state.units["fr-fort-simserhof"].status == "dead"  # the fort Germany chose: the one beneath Rohrbach
    assert state.phase == "coup-displace" and state.displace[0] in ("be-4",) + tuple(state.displace)
    while state.phase == "coup-displace":
        a = sequence.prompt(state).actions[0]
        sequence.apply(state, a, dice())
    assert state.units["de-coup3"].hex == belgians and state.units["be-4"].hex != belgians


@pytest.mark.rules("blitzkrieg-1940:7.6")
@pytest.mark.rules("blitzkrieg-1940:11.3")
def test_germany_chooses_the_maginot_fort_by_what_it_sees():
    """Of a Maginot stack Germany sees the top counter (11.3): it may name that fort, or one beneath it
    unseen, never a fort it cannot see; a stack whose top is no fort offers no choice."""
    state = at_coups()
    drops = [a for a in sequence.prompt(state).actions if a["type"] == "drop" and a["hex"] == H("E2840")]
    assert [a.get("fort") for a in drops] == ["fr-fort-rohrbach", "unseen"]
    assert Position(state).at[H("E2840")] == ["fr-fort-rohrbach", "fr-fort-simserhof"]
    with pytest.raises(IllegalAction, match="sees"):
        sequence.apply(state.copy(), {"type": "drop", "unit": "de-coup1", "hex": H("E2840"), "fort": "fr-fort-simserhof"}, dice())
    sequence.apply(state, {"type": "drop", "unit": "de-coup1", "hex": H("E2840"), "fort": "fr-fort-rohrbach"}, dice())
    sequence.apply(state, {"type": "end-drops"}, dice(1))
    assert state.units["fr-fort-rohrbach"].status == "dead" and state.units["fr-fort-simserhof"].status == "map"


@pytest.mark.rules("blitzkrieg-1940:7.7")
def test_coups_in_paris_roll_once_for_french_morale():
    state = at_coups()
    paris = board().cities["Paris"]
    sequence.apply(state, {"type": "drop", "unit": "de-coup1", "hex": paris[0]}, dice())
    sequence.apply(state, {"type": "drop", "unit": "de-coup2", "hex": paris[1]}, dice())
    sequence.apply(state, {"type": "end-drops"}, dice(1, 1, 6))
    assert state.morale == "defeatism"


@pytest.mark.rules("blitzkrieg-1940:7.9")
@pytest.mark.rules("blitzkrieg-1940:7.1")
def test_a_coup_withdrawn_when_a_supplied_unit_joins_it():
    state = bare({"de-coup1": "E3604", "de-1inf": "E3604"}, turn=3)
    assert not Position(state).exerts_zoc("de-coup1")
    assert operations.withdraw_actions(Position(state)) == [{"type": "withdraw", "unit": "de-coup1"}]
    lost = state.german_lost
    sequence.apply(state, {"type": "withdraw", "unit": "de-coup1"}, dice())
    assert state.units["de-coup1"].status == "out" and state.german_lost == lost


@pytest.mark.rules("blitzkrieg-1940:8.3")
def test_neutral_zones_stay_home():
    b = board()
    be = next(h for h in sorted(b.terrain) if b.country[h] == "Belgium" and any(b.country[n] == "France" and b.land(n) for n in b.grid.neighbours(h)))
    fr = next(n for n in b.grid.neighbours(be) if b.country[n] == "France" and b.land(n))
    state = bare({"be-4": b.label(be), "fr-4di": b.label(fr)}, violated=())
    p = Position(state)
    assert fr not in p.zoc_of("allied") or any(x == fr for x in b.grid.neighbours(H(b.label(fr))) if False) is False
    assert not p.zoc_reaches("be-4", be, fr) and not p.zoc_reaches("fr-4di", fr, be)
    state.violated = {"Belgium": 1}
    p = Position(state)
    assert p.zoc_reaches("be-4", be, fr) and p.zoc_reaches("fr-4di", fr, be)


def holland_cities(state, n):
    b = board()
    names = [c for c in b.cities if b.city_country[c] == "Holland"][:n]
    for c in names:
        for h in b.cities[c]:
            state.control[h] = "german"
    return names


@pytest.mark.rules("blitzkrieg-1940:8.6")
def test_dutch_capitulation_waits_two_turns():
    state = bare({"nl-1": "E2309"}, phase="allied-capitulation", turn=2, violated=("Holland", "Belgium"))
    state.violated = {"Holland": 1, "Belgium": 1}
    holland_cities(state, 6)
    assert not victory.check_due(Position(state), "Holland")
    state.turn = 3
    assert victory.check_due(Position(state), "Holland")
    victory.roll_capitulation(state, "Holland", dice(4))
    assert "Holland" in state.capitulated and state.units["nl-1"].status == "out"
    state = bare({"nl-1": "E2309"}, turn=3)
    state.violated = {"Holland": 1, "Belgium": 1}
    holland_cities(state, 5)
    assert not victory.check_due(Position(state), "Holland")


@pytest.mark.rules("blitzkrieg-1940:8.7")
def test_belgian_cities_count_only_whole():
    state = bare({"be-4": "E2015"}, turn=3)
    b = board()
    state.control[b.cities["Antwerp"][0]] = "german"
    state.control[b.cities["Antwerp"][1]] = "german"
    assert "Antwerp" not in victory.german_cities(Position(state), "Belgium")
    state.control[b.cities["Antwerp"][2]] = "german"
    assert "Antwerp" in victory.german_cities(Position(state), "Belgium")


@pytest.mark.rules("blitzkrieg-1940:8.8")
def test_french_capitulation_by_paris_hexes():
    state = bare({"fr-4di": open_ground("France", 2)}, turn=4)
    paris = board().cities["Paris"]
    state.control[paris[0]] = state.control[paris[1]] = "german"
    assert not victory.check_due(Position(state), "France")
    state.turn = 5
    assert victory.check_due(Position(state), "France")
    victory.roll_capitulation(state, "France", dice(3))
    assert "France" not in state.capitulated
    state.checked = []
    victory.roll_capitulation(state, "France", dice(2))
    assert "France" in state.capitulated


@pytest.mark.rules("blitzkrieg-1940:8.9")
@pytest.mark.rules("blitzkrieg-1940:8.10")
def test_automatic_capitulation_and_its_effects():
    state = bare({"be-4": "E2015", "be-eben-emael": "E2423", "fr-4di": open_ground("France", 2)}, turn=2)
    b = board()
    for c in b.cities:
        if b.city_country[c] == "Belgium":
            for h in b.cities[c]:
                state.control[h] = "german"
    victory.automatic_capitulations(state)
    assert "Belgium" in state.capitulated
    assert state.units["be-4"].status == "out" and state.units["be-eben-emael"].status == "out"
    assert state.units["fr-4di"].status == "map"
    state = bare({"fr-4di": open_ground("France", 2)}, turn=2)
    victory.automatic_capitulations(state)
    assert set(state.capitulated) == {"Belgium", "Holland"}  # violated, with no steps on the map


@pytest.mark.rules("blitzkrieg-1940:8.11")
def test_terror_bombing():
    state = bare({"nl-1": "E2309"}, turn=3, phase="allied-capitulation", queue=["allied-order"])
    state.violated = {"Holland": 1, "Belgium": 1}
    holland_cities(state, 6)
    acts = sequence.prompt(state).actions
    target = next(a for a in acts if a["hex"] is not None)
    sequence.apply(state, target, dice(3))  # 3 + 1 = 4: Holland capitulates
    assert "Holland" in state.capitulated and state.terror_used
    assert sequence._terror_targets(state, "Belgium") == []


@pytest.mark.rules("blitzkrieg-1940:4.7")
def test_breaching_the_maginot_line():
    b = board()
    forts = {h: [u for u, x in b.units.items() if x.fort and x.hex == h] for h in b.maginot_border}
    state = sequence.new_state(S40, {})
    for label in ("E2840", "E2940"):
        for u in forts[H(label)]:
            state.units[u].status, state.units[u].hex = "dead", None
    assert not victory.line_breached(Position(state))
    for u in forts[H("E2539")]:
        state.units[u].status, state.units[u].hex = "dead", None
    assert victory.line_breached(Position(state))
    assert not victory.line_cut_off(Position(sequence.new_state(S40, {})))


@pytest.mark.rules("blitzkrieg-1940:4.4")
@pytest.mark.rules("blitzkrieg-1940:4.1")
@pytest.mark.rules("blitzkrieg-1940:4.6")
def test_victory_points():
    state = sequence.new_state(S40, {})
    state.capitulated = ["Holland", "Belgium"]
    total, _events, points = victory.final_points(state, dice())
    assert points == {"holland": 1, "belgium": 1} and total == 2  # the historical result: an Allied win
    state.capitulated = ["Holland", "Belgium", "France"]
    state.breached = True
    total, _events, points = victory.final_points(state, dice())
    assert "maginot" not in points and total == 5


@pytest.mark.rules("blitzkrieg-1940:4.8")
@pytest.mark.rules("blitzkrieg-1940:12.6")
def test_raf_commitment():
    state = bare({}, phase="raf-decision", turn=5, queue=["allied-order"])
    sequence.apply(state, {"type": "raf-commit", "commit": True}, dice(4))
    assert state.raf == "committed" and state.raf_available == 3
    _total, _events, points = victory.final_points(state, dice(4))
    assert points.get("raf") == 1
    _total, _events, points = victory.final_points(state, dice(3))
    assert "raf" not in points


@pytest.mark.rules("blitzkrieg-1940:4.9")
@pytest.mark.rules("blitzkrieg-1940:4.10")
def test_bef_and_german_loss_tables():
    assert victory.band(14, 14, 20, {15: 1}) == 0 and victory.band(20, 14, 20, {15: 1}) is None
    state = sequence.new_state(S40, {})
    state.bef_lost, state.german_lost = 17, 55
    _t, _e, points = victory.final_points(state, dice(3, 3))
    assert points.get("bef") == 1 and "german_losses" not in points
    _t, _e, points = victory.final_points(state, dice(4, 2))
    assert "bef" not in points and points.get("german_losses") == -2


@pytest.mark.rules("blitzkrieg-1940:4.5")
def test_the_allies_win_at_once_in_a_ruhr_city():
    b = board()
    ruhr = min(b.ruhr)
    n = next(x for x in b.grid.neighbours(ruhr) if b.land(x) and x not in b.ruhr and frozenset((x, ruhr)) not in b.sides)
    state = bare({"fr-1dlm": b.label(n)}, phase="allied-movement", turn=4)
    sequence.apply(state, {"type": "move", "units": ["fr-1dlm"], "path": [ruhr]}, dice())
    assert state.phase == "over" and state.winner == "allied"


@pytest.mark.rules("blitzkrieg-1940:12.1")
@pytest.mark.rules("blitzkrieg-1940:12.4")
def test_reinforcements_arrive_and_land():
    state = bare({"fr-4di": open_ground("France", 2)}, phase="allied-combat", turn=2, couplet=2)
    for u in ("gb-1arm", "gb-52", "fr-4dcr"):
        state.units[u].status = "pending"
    sequence.apply(state, {"type": "end-phase"}, dice())
    assert state.turn == 3 and state.units["gb-1arm"].status == "britain" and state.units["fr-4dcr"].status == "sr"
    state.phase, state.queue = "allied-movement", []
    acts = operations.land_actions(state)
    assert {"type": "land", "unit": "gb-1arm", "port": "Calais"} in acts
    sequence.apply(state, {"type": "land", "unit": "gb-1arm", "port": "Calais"}, dice())
    assert "gb-1arm" in state.landed and "gb-1arm" in state.moved


@pytest.mark.rules("blitzkrieg-1940:12.5")
def test_the_emergency_units_and_the_bauman_division():
    state = bare({"gb-1": "W5600"}, phase="allied-combat", turn=7, couplet=2, bef_lost=15)
    for u in ("gb-frank", "gb-mac", "gb-usher", "gb-bauman"):
        state.units[u].status = "pending"
    sequence.apply(state, {"type": "end-phase"}, dice())
    sequence.apply(state, {"type": "open-dams", "open": False}, dice())
    assert state.emergency and state.phase == "allied-emergency"
    assert sequence.prompt(state).actions[0] == {"type": "place", "unit": "gb-frank", "hex": H("W5600")}
    sequence.apply(state, sequence.prompt(state).actions[0], dice())
    assert sequence.prompt(state).actions == [{"type": "end-phase"}]  # one emergency unit to a hex
    state.phase, state.queue = "allied-movement", []
    acts = operations.bauman_actions(Position(state))
    assert acts and all(a["hex"] in board().west_map for a in acts)


@pytest.mark.rules("blitzkrieg-1940:13.15")
def test_the_roer_floods_and_recedes():
    state = bare({"de-1inf": "E3026"}, phase="roer", queue=["german-order"])
    sequence.apply(state, {"type": "open-dams", "open": True}, dice())
    p = Position(state)
    assert p.side_kind(H("E2925"), H("E3026")) == "all-sea"
    state.phase, state.queue = "allied-combat", []
    state.couplet = 1
    sequence.apply(state, {"type": "end-phase"}, dice(2))
    assert state.dams == "flooded"
    state.phase, state.queue = "allied-combat", []
    sequence.apply(state, {"type": "end-phase"}, dice(3))
    assert state.dams == "receded" and Position(state).side_kind(H("E2925"), H("E3026")) == "river"


@pytest.mark.rules("blitzkrieg-1940:14.14")
def test_raf_counters_rolled_each_couplet():
    state = bare({}, phase="allied-combat", turn=6, couplet=1, raf="committed")
    sequence.apply(state, {"type": "end-phase"}, dice(1))
    assert state.raf_available == 0


def test_actions_may_name_printed_hexes():
    state = at_coups()
    sequence.apply(state, {"type": "drop", "unit": "de-coup1", "hex": "E2423"}, dice())
    assert state.drops == [["de-coup1", H("E2423")]]
    with pytest.raises(IllegalAction):
        sequence.apply(state, {"type": "drop", "unit": "de-coup2", "hex": "E9999"}, dice())


@pytest.mark.rules("blitzkrieg-1940:8.2")
def test_attacking_a_neutral_violates_it():
    b = board()
    de = next(h for h in sorted(b.terrain) if b.country[h] == "Germany" and any(
        b.country[n] == "Belgium" and b.land(n) and frozenset((h, n)) not in b.sides for n in b.grid.neighbours(h)))
    be = next(n for n in b.grid.neighbours(de) if b.country[n] == "Belgium" and b.land(n) and frozenset((de, n)) not in b.sides)
    state = bare({"de-1inf": b.label(de), "be-4": b.label(be), "fr-4di": open_ground("France", 2)}, phase="german-combat",
                 order={"german": "move"}, violated=())
    sequence.apply(state, {"type": "attack", "hex": be, "attackers": ["de-1inf"]}, dice(3, 3))
    assert "Belgium" in state.violated and "Holland" not in state.violated


@pytest.mark.rules("blitzkrieg-1940:4.2")
def test_an_advance_into_the_endangered_area_ends_the_game_at_once():
    b = board(S39)
    target = min(b.endangered)
    n = next(x for x in b.grid.neighbours(target) if b.land(x) and x not in b.endangered and frozenset((x, target)) not in b.sides)
    units = {"fr39-1dlm": b.label(n), "fr39-2dlm": b.label(n), "fr39-3dlm1": b.label(n), "de39-34inf": b.label(target)}
    state = bare(units, phase="allied-combat", scenario=S39, order={"allied": "fight"}, violated=())
    sequence.apply(state, {"type": "attack", "hex": target, "attackers": ["fr39-1dlm", "fr39-2dlm", "fr39-3dlm1"]}, dice(6, 6))
    assert state.units["de39-34inf"].status == "dead"
    sequence.apply(state, {"type": "advance", "unit": "fr39-1dlm"}, dice())
    assert state.phase == "over" and state.battle is None and state.winner == "allied"


@pytest.mark.rules("blitzkrieg-1940:11.1")
def test_the_historical_set_up_is_not_offered_when_free_placements_leave_no_room():
    # Found by selfplay (1940, seed 79): units set up freely filled a hex that a waiting unit's
    # historical place needed, and "set up the rest historically" over-stacked it.
    state = fresh()
    b = board()
    waiting = [u for u in setup.pool(state) if not b.units[u].dummy]
    target = b.units[waiting[-1]].hex  # the historical hex of the last real unit waiting
    assert {"type": "historical"} in setup.setup_actions(state)
    for uid in waiting[:-1]:  # fill the hex through the set-up's own actions while room lasts
        if b.units[uid].hex != target and setup.german_room(Position(state), uid, target):
            sequence.apply(state, {"type": "place", "unit": uid, "hex": target}, dice())
    assert not setup.historical_fits(Position(state))
    assert {"type": "historical"} not in setup.setup_actions(state)
    with pytest.raises(IllegalAction) as refused:
        sequence.apply(state, {"type": "historical"}, dice())
    assert refused.value.case == "blitzkrieg-1940:11.1"


def test_every_phase_outside_the_couplets_has_a_title_for_the_header():
    state = sequence.new_state(S40, {})
    for phase in sequence.PROMPTS:
        state.phase = phase
        title = sequence.phase_title(state)
        assert title[0].isupper() and title != phase.replace("-", " "), (phase, title)


@pytest.mark.rules("blitzkrieg-1940:12.4", "blitzkrieg-1940:13.1")
@pytest.mark.parametrize(("phase", "lands"), [("german-movement", False), ("allied-movement", True)])
def test_the_turn_3_british_land_only_in_the_allied_movement_phase(phase, lands):
    # 12.4A: they land that couplet; 13.1B: no enemy moves in a friendly player-turn.
    from wargames_tui.engine.session import Session
    from wargames_tui.games import blitzkrieg_1940 as game

    state = bare({}, phase=phase, turn=3, control={})
    for uid in ("gb-1arm", "gb-1can", "gb-52"):
        state.units[uid].status = "britain"
    landing = {"type": "land", "unit": "gb-1arm", "port": "Boulogne"}
    assert (landing in operations.land_actions(state)) == lands
    session = Session(game, S40, {}, state, dice())
    if lands:
        session.act(landing)
        assert state.units["gb-1arm"].status == "map"
    else:
        with pytest.raises(IllegalAction):
            session.act(landing)
        with pytest.raises(IllegalAction):
            sequence.apply(state, landing, dice())
        assert state.units["gb-1arm"].status == "britain"


@pytest.mark.rules("blitzkrieg-1940:6.2", "blitzkrieg-1940:3.2")
def test_the_historical_set_up_keeps_the_cup_and_the_dummies_for_sickle_cut():
    """With Sickle Cut launched, any unit waiting may go into the cup (not only the next in line);
    the owed line counts what is left, the prompt what the cup holds; the historical set-up then places the
    real units still waiting and leaves the dummies to be set up (6.2C), the cup untouched."""
    state = fresh(sickle=True)
    b = board()
    waiting = setup.pool(state)
    mech = next(u for u in reversed(waiting) if b.units[u].mech and not b.units[u].dummy)
    assert {"type": "cup", "unit": mech} in sequence.prompt(state).actions
    sequence.apply(state, {"type": "cup", "unit": mech}, dice())
    text = sequence.prompt(state).text
    reals = sum(1 for u in setup.pool(state) if not b.units[u].dummy)
    dummies = sum(1 for u in setup.pool(state) if b.units[u].dummy)
    assert text == "Set up the German army (the cup holds 1/11 mechanized, 0/22 other)."
    assert [o.text for o in contract.owed(state)] == [f"{reals} units and {dummies} dummies to set up inside Germany or in the Sickle Cut cup"]
    sequence.apply(state, {"type": "historical"}, dice())
    assert contract.owed(state)[0].text.startswith(f"{dummies} dummies to set up")  # no "0 units and"
    assert state.phase == "german-setup" and setup.cup_units(state) == [mech]
    assert {b.units[u].dummy for u in setup.pool(state)} == {True} and len(setup.pool(state)) == dummies
    placing = [a for a in sequence.prompt(state).actions if a["type"] == "place"]
    assert placing and all(b.units[a["unit"]].dummy for a in placing)


@pytest.mark.rules("blitzkrieg-1940:3.1", "blitzkrieg-1940:6.2")
def test_any_waiting_unit_sets_up_and_the_cup_shows_to_germany_alone():
    """The player picks which unit to set up next, not the next in a fixed order (3.1); the units in
    the cup are listed apart in Germany's order of battle and not at all in the Allies' (6.2)."""
    import wargames_tui.games.blitzkrieg_1940 as game

    state = fresh(sickle=True)
    b = board()
    last = next(u for u in reversed(setup.pool(state)) if not b.units[u].dummy)
    h = next(a["hex"] for a in sequence.prompt(state).actions if a["type"] == "place" and a["unit"] == last)
    assert {"type": "place", "unit": last, "hex": h} in sequence.prompt(state).actions
    sequence.apply(state, {"type": "place", "unit": last, "hex": h}, dice())
    assert state.units[last].hex == h
    cupped = setup.pool(state)[0]
    sequence.apply(state, {"type": "cup", "unit": cupped}, dice())
    short = next(u["short"] for u in game.view(state, "german")["units"] if u["id"] == cupped)
    german = game.order_of_battle(state, "german")["german"]
    assert german.other["cup"] == [short] and short not in german.to_come
    allied = game.order_of_battle(state, "allied")["german"]
    assert "cup" not in allied.other
