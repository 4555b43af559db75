"""Movement (13.0), zones of control (9.0), stacking (11.0), neutrality (8.0) and Sickle Cut (6.4)."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.blitzkrieg_1940 import movement, operations, sequence
from wargames_tui.games.blitzkrieg_1940.position import Position

from .helpers import S39, S40, H, around, bare, board, dice, open_ground, river_crossing

DE = open_ground("Germany", 2)
FR = open_ground("France", 2)


def reachable(state, uid):
    return {board().label(h): len(p) for h, p in movement.destinations(Position(state), [uid]).items()}


def move(state, uids, path, rolls=()):
    return sequence.apply(state, {"type": "move", "units": uids, "path": [H(x) for x in path]}, dice(*rolls))


@pytest.mark.rules("blitzkrieg-1940:13.1")
@pytest.mark.rules("blitzkrieg-1940:13.2")
def test_a_unit_moves_hex_by_hex_within_its_mf():
    state = bare({"de-1inf": DE})
    reach = reachable(state, "de-1inf")
    assert all(n in reach for n in around(DE))
    far = around(around(DE)[0])[0]
    with pytest.raises(IllegalAction, match="not next to"):
        move(state.copy(), ["de-1inf"], [far])
    move(state, ["de-1inf"], [around(DE)[0]])
    with pytest.raises(IllegalAction):
        move(state, ["de-1inf"], [DE])  # one move per phase


@pytest.mark.rules("blitzkrieg-1940:13.7")
def test_rough_costs_two():
    b = board()
    rough = next(h for h in sorted(b.terrain) if b.terrain[h] == "rough" and b.country[h] == "Germany"
                 and all(b.terrain[n] == "rough" for n in b.grid.neighbours(h)))
    state = bare({"de-1inf": b.label(rough)})
    r = movement.reach(Position(state), ["de-1inf"], rough, 6)
    assert all(r.cost[n] == 2 for n in b.grid.neighbours(rough) if frozenset((rough, n)) not in b.sides)


@pytest.mark.rules("blitzkrieg-1940:9.1")
@pytest.mark.rules("blitzkrieg-1940:9.3")
def test_enemy_zones_stop_movement():
    n = around(FR)
    state = bare({"fr-4di": FR, "de-1inf": around(n[0])[0]}, phase="german-movement")
    zone = Position(state).zoc_of("allied")
    assert set(map(H, n)) <= zone
    with pytest.raises(IllegalAction, match="zone of control"):
        move(state.copy(), ["de-1inf"], [n[0], n[2]])
    move(state, ["de-1inf"], [n[0]])
    # Starting in a zone, a unit may leave only into a hex free of one.
    state.phase, state.moved = "german-movement", []
    with pytest.raises(IllegalAction, match="first enter a hex free"):
        move(state.copy(), ["de-1inf"], [n[2]])


@pytest.mark.rules("blitzkrieg-1940:9.5")
def test_allied_engagement_and_disengagement_cost_a_point_each():
    n = around(DE)
    state = bare({"de-1inf": DE, "fr-4di": around(n[0])[0]}, phase="allied-movement")
    p = Position(state)
    start = H(around(n[0])[0])
    ezoc = p.ezoc("allied")
    assert movement.step_cost(p, ["fr-4di"], start, H(n[0]), ezoc) == 2
    state = bare({"de-1inf": DE, "fr-4di": n[0]}, phase="allied-movement")
    p = Position(state)
    assert movement.step_cost(p, ["fr-4di"], H(n[0]), H(around(n[0])[0]), p.ezoc("allied")) == 2


@pytest.mark.rules("blitzkrieg-1940:9.6")
def test_german_mechanized_units_ignore_allied_zones():
    n = around(FR)
    b = board()
    start = around(n[0])[0]
    side = next(x for x in b.grid.neighbours(H(n[0])) if x in b.grid.neighbours(H(FR)))
    state = bare({"fr-4di": FR, "de-1pz": start}, phase="german-movement")
    move(state, ["de-1pz"], [n[0], b.label(side)])
    assert state.units["de-1pz"].hex == side


@pytest.mark.rules("blitzkrieg-1940:13.3")
def test_the_one_hex_minimum_move():
    b = board()
    rough = next(h for h in sorted(b.terrain) if b.terrain[h] == "mountain" and b.country[h] == "Germany"
                 and any(b.terrain[n] == "mountain" and frozenset((h, n)) not in b.sides for n in b.grid.neighbours(h)))
    target = next(n for n in b.grid.neighbours(rough) if b.terrain[n] == "mountain" and frozenset((rough, n)) not in b.sides)
    state = bare({"de-1inf": b.label(rough)})
    state.units["de-1inf"].steps = 2
    r = movement.reach(Position(state), ["de-1inf"], rough, 2)  # 2 MPs, mountain costs 3
    assert target in r.cost


@pytest.mark.rules("blitzkrieg-1940:13.4")
def test_no_entering_enemy_hexes_but_coups_do_not_block_allied_passage():
    n = around(DE)
    state = bare({"de-1inf": DE, "de-4inf": n[0]})
    state.phase = "allied-movement"
    state.units["fr-4di"].status, state.units["fr-4di"].hex = "map", H(around(n[0])[0])
    assert n[0] not in reachable(state, "fr-4di")
    state = bare({"de-coup1": n[0], "fr-4di": around(n[0])[0]}, phase="allied-movement")
    p = Position(state)
    assert movement.enterable(p, ["fr-4di"], H(n[0]), stop=False) is None
    assert movement.enterable(p, ["fr-4di"], H(n[0]), stop=True) is not None


@pytest.mark.rules("blitzkrieg-1940:13.9")
def test_crossing_a_river_into_enemy_hexes_costs_a_half_die():
    b = board()
    a, d, on = river_crossing()
    state = bare({"de-1inf": b.label(a)})
    events = move(state, ["de-1inf"], [b.label(d)], rolls=(5,))
    assert next(e for e in events if e.kind == "river").data["extra"] == 2 and state.units["de-1inf"].hex == d
    # Too few MPs left: the unit stops and nobody crosses that hexside this phase.
    state = bare({"fr-4di": b.label(on), "fr-21di": b.label(a)}, phase="allied-movement", control={d: "german"})
    events = move(state, ["fr-4di"], [b.label(a), b.label(d)], rolls=(6,))  # 1, then 1 + 3 more: 5 > 4
    assert state.units["fr-4di"].hex == a and [a, d] in state.failed
    with pytest.raises(IllegalAction):
        move(state, ["fr-21di"], [b.label(d)], rolls=(1,))
    # Into a friendly-controlled hex the crossing is free.
    state = bare({"de-1inf": b.label(a)}, control={d: "german"})
    events = move(state, ["de-1inf"], [b.label(d)])
    assert not any(e.kind == "river" for e in events)


@pytest.mark.rules("blitzkrieg-1940:13.10")
@pytest.mark.rules("blitzkrieg-1940:13.13")
def test_all_sea_hexsides_and_the_moerdijk_causeway():
    state = bare({"de-1inf": "E2214"}, phase="german-movement")
    assert "E2213" in reachable(state, "de-1inf")
    p = Position(bare({"de-1inf": "E2013"}))
    for x in ("E2012", "E1912", "E1913", "E2112"):
        assert movement.step_cost(p, ["de-1inf"], H("E2013"), H(x), set()) is None
    assert movement.step_cost(p, ["de-1inf"], H("E2013"), H("E2014"), set()) is not None


@pytest.mark.rules("blitzkrieg-1940:13.8")
def test_blocked_hexsides_stop_moves_and_zones():
    b = board()
    pair = next(p for p, k in sorted(b.sides.items(), key=lambda x: sorted(x[0])) if k == "blocked")
    a, d = sorted(pair)
    state = bare({"de-1inf": b.label(a)})
    assert movement.step_cost(Position(state), ["de-1inf"], a, d, set()) is None
    assert not Position(state).zoc_reaches("de-1inf", a, d)


@pytest.mark.rules("blitzkrieg-1940:13.14")
def test_the_sarreguemines_gap_takes_a_whole_move_from_next_to_it():
    state = bare({"de-1inf": "E2638"})
    r = reachable(state, "de-1inf")
    assert r.get("E2639") == 1
    state = bare({"de-1inf": around("E2638")[0]})
    assert "E2639" not in reachable(state, "de-1inf")


@pytest.mark.rules("blitzkrieg-1940:13.5")
@pytest.mark.rules("blitzkrieg-1940:13.6")
@pytest.mark.rules("blitzkrieg-1940:13.12")
def test_no_moves_off_the_map_or_into_the_sea_and_cities_cost_their_ground():
    b = board()
    state = bare({"de-1inf": "E4220"})
    assert all(b.land(H(x)) for x in reachable(state, "de-1inf"))
    city = next(h for h in sorted(b.city_of) if b.country[h] == "Germany" and b.terrain[h] == "clear")
    n = next(x for x in b.grid.neighbours(city) if b.land(x) and frozenset((x, city)) not in b.sides)
    state = bare({"de-1inf": b.label(n)})
    assert movement.step_cost(Position(state), ["de-1inf"], n, city, set()) == 1


@pytest.mark.rules("blitzkrieg-1940:11.1")
@pytest.mark.rules("blitzkrieg-1940:11.2")
def test_stacking_four_divisions():
    n = around(DE)
    state = bare({"de-1inf": n[0], "de-4inf": n[0], "de-7inf": n[0], "de-11inf": n[0], "de-14inf": DE, "de-lah": DE})
    assert n[0] not in reachable(state, "de-14inf")
    state.units["de-11inf"].status, state.units["de-11inf"].hex = "out", None
    state.units["de-lah"].hex = H(n[1])
    assert n[0] in reachable(state, "de-14inf")


@pytest.mark.rules("blitzkrieg-1940:11.5")
def test_dummies_take_no_room():
    n = around(DE)
    state = bare({"de-1inf": n[0], "de-4inf": n[0], "de-7inf": n[0], "de-dm1": n[0], "de-14inf": DE})
    assert Position(state).stack_used(H(n[0]), "german") == 9
    assert n[0] in reachable(state, "de-14inf")


@pytest.mark.rules("blitzkrieg-1940:11.4")
@pytest.mark.rules("blitzkrieg-1940:13.17")
def test_allied_stacks_by_nation_and_no_bef_in_paris():
    n = around(FR)
    state = bare({"fr-4di": n[0], "gb-1": FR, "gb-51": around(n[0])[0]}, phase="allied-movement")
    assert n[0] not in reachable(state, "gb-1")
    assert n[0] in reachable(state, "gb-51")
    paris = next(h for h in board().cities["Paris"] if any(x not in board().cities["Paris"] and board().land(x) for x in board().grid.neighbours(h)))
    next_door = next(x for x in board().grid.neighbours(paris) if x not in board().cities["Paris"] and board().land(x))
    state = bare({"gb-1": board().label(next_door), "fr-4di": board().label(next_door)}, phase="allied-movement")
    p = Position(state)
    assert movement.room(p, ["gb-1"], paris) is not None and movement.room(p, ["fr-4di"], paris) is None


@pytest.mark.rules("blitzkrieg-1940:11.6")
@pytest.mark.rules("blitzkrieg-1940:11.7")
def test_stacks_move_together_at_the_slowest_pace():
    n = around(DE)
    state = bare({"de-1inf": DE, "de-1pz": DE, "de-dm1": DE})
    p = Position(state)
    assert movement.stack_allowance(p, ["de-1inf", "de-1pz", "de-dm1"]) == 6
    move(state, ["de-1inf", "de-1pz"], [n[0]])
    assert state.units["de-dm1"].hex == H(n[0])  # a dummy is never left alone (6.3A)
    state = bare({"de-1inf": DE, "de-4inf": n[0]})
    with pytest.raises(IllegalAction, match="same hex"):
        move(state, ["de-1inf", "de-4inf"], [n[1]])


@pytest.mark.rules("blitzkrieg-1940:6.3")
def test_a_dummy_never_moves_alone():
    state = bare({"de-1inf": DE, "de-dm1": DE})
    with pytest.raises(IllegalAction, match="dummy"):
        move(state, ["de-dm1"], [around(DE)[0]])


@pytest.mark.rules("blitzkrieg-1940:10.3")
def test_out_of_supply_units_move_four():
    state = bare({"de-1pz": "E2338"}, turn=3)  # a panzer deep in France with no line home
    state.control = {}
    p = Position(bare({"de-1pz": FR, "fr-4di": around(FR)[0], "fr-5dim": around(FR)[1], "fr-9dim": around(FR)[2],
                       "fr-12dim": around(FR)[3], "fr-15dim": around(FR)[4], "fr-1dim": around(FR)[5]}, turn=3))
    assert not p.supplied("de-1pz") and movement.allowance(p, "de-1pz") == 4


@pytest.mark.rules("blitzkrieg-1940:8.4")
@pytest.mark.rules("blitzkrieg-1940:8.5")
def test_neutral_movement():
    b = board()
    be = next(h for h in sorted(b.terrain) if b.country[h] == "Belgium" and b.terrain[h] == "clear"
              and any(b.country[n] == "France" for n in b.grid.neighbours(h)))
    fr = next(n for n in b.grid.neighbours(be) if b.country[n] == "France")
    state = bare({"fr-4di": b.label(fr), "be-4": b.label(be)}, phase="allied-movement", violated=())
    p = Position(state)
    assert not p.may_enter("fr-4di", be) and p.may_enter("be-4", be) and not p.may_enter("be-4", fr)
    state.violated = {"Belgium": 1}
    p = Position(state)
    assert p.may_enter("fr-4di", be) and not p.may_enter("be-4", fr)
    de = next(h for h in sorted(b.terrain) if b.country[h] == "Germany")
    assert p.may_enter("be-4", de) and not p.may_enter("nl-1", de)


@pytest.mark.rules("blitzkrieg-1940:8.2")
@pytest.mark.rules("blitzkrieg-1940:3.5")
def test_entering_a_neutral_violates_it_and_takes_control():
    b = board()
    de = next(h for h in sorted(b.terrain) if b.country[h] == "Germany" and b.terrain[h] == "clear"
              and any(b.country[n] == "Holland" and b.terrain[n] == "clear" and frozenset((h, n)) not in b.sides for n in b.grid.neighbours(h)))
    nl = next(n for n in b.grid.neighbours(de) if b.country[n] == "Holland" and b.terrain[n] == "clear" and frozenset((de, n)) not in b.sides)
    state = bare({"de-1inf": b.label(de)}, violated=())
    assert Position(state).control(nl) is None
    move(state, ["de-1inf"], [b.label(nl)])
    assert set(state.violated) == {"Holland", "Belgium"}
    assert Position(state).control(nl) == "german"


@pytest.mark.rules("blitzkrieg-1940:8.12")
def test_1939_neutrality():
    state = bare({"de39-34inf": "E2724", "fr39-11di": "E2440"}, scenario=S39, violated=())
    p = Position(state)
    b = board(S39)
    assert not p.may_enter("de39-34inf", H("E2623"))
    assert p.may_enter("fr39-11di", H("E2623")) and p.may_enter("fr39-11di", H("E2333"))
    dutch = next(h for h in sorted(b.terrain) if b.country[h] == "Holland" and h not in b.maastricht)
    assert not p.may_enter("fr39-11di", dutch)


@pytest.mark.rules("blitzkrieg-1940:6.4")
def test_sickle_cut_closes_the_ardennes_on_turn_1():
    b = board()
    edge = next(h for h in sorted(b.terrain) if b.country[h] == "Germany" and any(b.terrain[n] == "ardennes" for n in b.grid.neighbours(h)))
    ard = next(n for n in b.grid.neighbours(edge) if b.terrain[n] == "ardennes")
    state = bare({"de-1pz": b.label(edge)}, turn=1, couplet=2)
    state.sickle = True
    assert b.label(ard) not in reachable(state, "de-1pz")
    state.turn = 2
    assert b.label(ard) in reachable(state, "de-1pz")
    state = bare({"be-1ca": "E2327"}, phase="allied-movement", turn=1)
    state.sickle = True
    state.units["be-1ca"].hex = board().units["be-1ca"].hex
    assert not movement.may_move(Position(state), "be-1ca")


@pytest.mark.rules("blitzkrieg-1940:13.16")
def test_strategic_movement_between_cities():
    b = board()
    paris = b.cities["Paris"][0]
    state = bare({"fr-4di": b.label(paris)}, phase="allied-movement")
    p = Position(state)
    cities = operations.strategic_cities(p, "fr-4di")
    assert b.cities["Lille"][0] in cities or b.cities["Lille"][1] in cities
    sequence.apply(state, {"type": "strategic", "unit": "fr-4di", "to": b.cities["Reims"][0]}, dice())
    assert state.units["fr-4di"].hex == b.cities["Reims"][0] and state.strategic == 3
    # Not in the first couplet of turn 1; Belgians and Dutch never.
    state = bare({"fr-4di": b.label(paris)}, phase="allied-movement", turn=1, couplet=1)
    assert operations.strategic_units(Position(state)) == []
    state = bare({"be-4": b.label(b.cities["Brussels"][0])}, phase="allied-movement")
    assert operations.strategic_units(Position(state)) == []


@pytest.mark.rules("blitzkrieg-1940:13.11")
def test_sea_movement_between_channel_ports():
    b = board()
    state = bare({"gb-1": b.label(b.cities["Dunkirk"][0])}, phase="allied-movement")
    acts = operations.sea_actions(Position(state))
    assert {"type": "sea", "unit": "gb-1", "to": "Calais"} in acts and {"type": "sea", "unit": "gb-1", "to": "off"} in acts
    sequence.apply(state, {"type": "sea", "unit": "gb-1", "to": "Calais"}, dice())
    assert state.units["gb-1"].hex == b.cities["Calais"][0]
    assert operations.sea_actions(Position(state)) == []  # one division a phase


@pytest.mark.rules("blitzkrieg-1940:12.2")
@pytest.mark.rules("blitzkrieg-1940:12.3")
@pytest.mark.rules("blitzkrieg-1940:12.7")
def test_two_divisions_a_couplet_from_the_reserve():
    state = bare({}, phase="german-movement", turn=1, couplet=1)
    state.units["de-44inf"].status = state.units["de-45inf"].status = state.units["de-46inf"].status = "sr"
    assert operations.off_map(state, "german") == []
    state.couplet = 2
    assert operations.off_map(state, "german") == ["de-44inf", "de-45inf", "de-46inf"]
    sequence.apply(state, {"type": "select", "units": ["de-44inf"]}, dice())
    enter = next(a for a in sequence.prompt(state).actions if a["type"] == "enter")
    assert enter["path"][0] in board().german_edge
    sequence.apply(state, enter, dice())
    assert state.units["de-44inf"].steps == 2
    sequence.apply(state, {"type": "select", "units": ["de-45inf"]}, dice())
    sequence.apply(state, next(a for a in sequence.prompt(state).actions if a["type"] == "enter"), dice())
    assert operations.off_map(state, "german") == []
    state = bare({}, phase="allied-movement", scenario=S39)
    state.units["fr39-14di"].status = "sr"
    assert operations.entry_hexes(Position(state), "fr39-14di") == [H("E1035")]


@pytest.mark.rules("blitzkrieg-1940:12.2")
@pytest.mark.rules("blitzkrieg-1940:12.3")
def test_each_side_brings_its_own_two_divisions_a_couplet():
    # 1939: the French go first in a couplet (5.3). Their two SR divisions (12.2A) leave the
    # Germans' two of the same couplet (12.3A) untouched.
    state = bare({"fr39-11di": "E2440", "de39-34inf": "E2824"}, phase="allied-movement", scenario=S39, turn=1,
                 couplet=2, queue=["allied-combat", "german-order"], order={"allied": "move"})
    for uid in ("fr39-14di", "fr39-13di", "de39-22inf", "de39-23inf"):
        state.units[uid].status = "sr"
    for uid in ("fr39-14di", "fr39-13di"):
        sequence.apply(state, {"type": "select", "units": [uid]}, dice())
        sequence.apply(state, next(a for a in sequence.prompt(state).actions if a["type"] == "enter"), dice())
    assert operations.off_map(state, "allied") == []
    for action in ({"type": "end-phase"}, {"type": "end-phase"}, {"type": "order", "first": "move"}):
        sequence.apply(state, action, dice())
    assert state.phase == "german-movement"
    assert operations.off_map(state, "german") == ["de39-22inf", "de39-23inf"]


@pytest.mark.rules("blitzkrieg-1940:12.8")
def test_nothing_returns_to_the_reserve_on_foot():
    state = bare({"de-1inf": "E4220"})
    assert all(a["type"] != "enter" for a in operations.movement_actions(state))
    assert all(board().land(h) for h in movement.destinations(Position(state), ["de-1inf"]))


@pytest.mark.rules("blitzkrieg-1940:6.3")
def test_dummies_are_never_left_alone():
    n = around(FR)
    far = around(around(n[0])[0])[0]
    # The attacker's only real unit dies (1:3, roll 1: 3/0): its dummy joins the nearest German stack.
    state = bare({"de-4inf": n[0], "de-dm1": n[0], "de-1inf": far, "fr-1dlm": FR}, phase="german-combat", order={"german": "move"})
    state.units["de-4inf"].steps = 1
    sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-4inf"]}, dice(6, 1))
    assert state.units["de-4inf"].status == "dead"
    assert state.units["de-dm1"].hex == H(far)
    # A stack's last real unit moving off takes the dummy with it.
    state = bare({"de-1inf": n[0], "de-dm1": n[0], "de-4inf": around(n[0])[0]})
    sequence.apply(state, {"type": "move", "units": ["de-1inf"], "path": [H(around(n[0])[1])]}, dice())
    assert state.units["de-dm1"].hex == H(around(n[0])[1])


def halt(state, uids, path):
    return sequence.apply(state, {"type": "move", "units": uids, "path": [H(x) for x in path], "halt": True}, dice())


@pytest.mark.rules("blitzkrieg-1940:11.7")
@pytest.mark.rules("blitzkrieg-1940:13.2")
def test_a_stack_halts_to_let_units_split_off_then_goes_on():
    a = around(DE)[0]
    state = bare({"de-1inf": DE, "de-2mot": DE, "de-4inf": DE})
    halts = [x for x in operations.selected_actions(Position(state), ["de-1inf", "de-2mot"]) if x.get("halt")]
    assert halts and not [x for x in operations.selected_actions(Position(state), ["de-1inf"]) if x.get("halt")]
    halt(state, ["de-1inf", "de-2mot"], [a])
    # Each unit keeps its own MPs: the 6-MP infantry has 5, the 8-MP motorised 7 (11.7A, 11.7C).
    assert state.left == {"de-1inf": 5, "de-2mot": 7} and not state.moved
    assert {("de-1inf", "de-2mot"), ("de-4inf",)} <= {tuple(sorted(g)) for g in operations.selectable(state)}
    with pytest.raises(IllegalAction, match="halted"):  # the halted stack does not pick up de-4inf's stack
        move(state.copy(), ["de-4inf", "de-1inf"], [a])
    move(state, ["de-2mot"], [around(a)[0]])  # the motorised splits off and finishes its move
    assert "de-2mot" in state.moved and state.left == {"de-1inf": 5}
    assert movement.stack_allowance(Position(state), ["de-1inf"]) == 5
    move(state, ["de-1inf"], [around(a)[1]])  # the parent goes on from where it halted
    assert state.units["de-1inf"].hex == H(around(a)[1]) and "de-1inf" in state.moved


@pytest.mark.rules("blitzkrieg-1940:11.7")
def test_once_another_stack_moves_the_halted_one_is_done():
    a = around(DE)[0]
    state = bare({"de-1inf": DE, "de-7inf": DE, "de-4inf": around(DE)[3]})
    halt(state, ["de-1inf", "de-7inf"], [a])
    move(state, ["de-4inf"], [around(around(DE)[3])[3]])  # 11.7B
    assert {"de-1inf", "de-7inf"} <= set(state.moved) and not state.left
    with pytest.raises(IllegalAction):
        move(state, ["de-1inf"], [around(a)[0]])


@pytest.mark.rules("blitzkrieg-1940:11.7")
@pytest.mark.rules("blitzkrieg-1940:9.3")
def test_no_halt_where_the_stack_could_not_go_on():
    a = around(DE)[0]
    state = bare({"de-1inf": DE, "de-7inf": DE, "fr-4di": around(a)[0]})
    assert H(a) in Position(state).ezoc("german")
    with pytest.raises(IllegalAction, match="halts"):
        halt(state.copy(), ["de-1inf", "de-7inf"], [a])
    moves = operations.selected_actions(Position(state), ["de-1inf", "de-7inf"])
    assert not any(x.get("halt") and x["path"][-1] == H(a) for x in moves)
    move(state, ["de-1inf", "de-7inf"], [a])  # an ordinary move still ends there (9.3A)


@pytest.mark.rules("blitzkrieg-1940:13.2", "blitzkrieg-1940:11.7")
def test_a_select_is_checked_against_the_same_groups_the_prompt_lists():
    """Without a prompt (a replay) a select is checked hex by hex, not against the whole list:
    both must accept exactly the same units and stacks, halted stacks (11.7A) and dummies included."""
    from .playout import play

    seen = {"groups": 0, "halted": 0, "refused": 0}

    def check(session, events):
        state = session.state
        if not state.phase.endswith("-movement") or state.selected:
            return
        groups = operations.selectable(state)
        candidates = groups[::11] + [g for g in groups if len(g) > 1]
        for g in groups:
            if len(g) > 1:
                candidates += [g[::-1], g[:-1], g[1:]]
            seen["halted"] += any(u in state.left for u in g)
        for cand in candidates:
            Position(state).where.memo.clear()  # as in a replay: no prompt has listed the groups
            assert operations.may_select(state, cand) == (cand in groups), cand
            seen["groups"] += 1
            seen["refused"] += cand not in groups

    play(S40, 3, check, limit=200, finish=False)
    assert seen["groups"] > 500 and seen["refused"] > 20 and seen["halted"] > 0, seen


@pytest.mark.rules("blitzkrieg-1940:14.21")  # mechanized units never move into marsh
@pytest.mark.rules("blitzkrieg-1940:6.3")
def test_a_mechanized_dummy_keeps_an_infantry_stack_out_of_marsh():
    # Found by selfplay (1940, seed 76): the infantry's steps were offered to the whole stack, so a
    # path through the marsh at E2413 was offered and then refused when played.
    b = board()
    assert b.terrain[H("E2413")] == "marsh" and H("E2413") in b.grid.neighbours(H("E2513"))
    state = bare({"de-263inf": "E2513", "de-dm4": "E2513", "de-dn4": "E2513"}, turn=8)
    stack = ["de-263inf", "de-dm4", "de-dn4"]
    offered = movement.destinations(Position(state), stack)
    assert offered and all(b.terrain[h] != "marsh" for path in offered.values() for h in path)
    for path in offered.values():  # every offered move is one the rules accept
        sequence.apply(state.copy(), {"type": "move", "units": stack, "path": path}, Dice(1))  # river rolls, if any
    assert H("E2413") in movement.destinations(Position(state), ["de-263inf", "de-dn4"])  # infantry alone may
