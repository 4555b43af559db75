"""Dunkerque: counters, rivers, cities and ports, contact, face-down reinforcements and the points (dunkerque 2.2-10.0)."""

from collections import Counter

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.panzer_corps import rules
from wargames_tui.games.panzer_corps.victory import cut_off_strength

from .helpers import Table, act, board

t = Table("panzer-corps/dunkerque")


@pytest.mark.rules("dunkerque:2.2")
def test_the_counter_mix_and_the_printed_places():
    units = list(t.sc.units.values())
    at_start = [u for u in units if u.hex]
    assert Counter(u.nation for u in units) == {"german": 25, "french": 17, "british": 5, "belgian": 4}
    assert sum(u.strength for u in at_start if u.side == "ge") == 98
    allied = [u for u in at_start if u.side == "al"]
    assert len(allied) == 19 and sum(u.strength for u in allied) == 49
    by_nation = {n: [u for u in allied if u.nation == n] for n in ("belgian", "british", "french")}
    assert [(len(v), sum(u.strength for u in v)) for v in by_nation.values()] == [(4, 8), (3, 11), (12, 30)]
    places = {p.name: (p.hexes, p.kind) for p in t.sc.map.places}
    assert places["Antwerpen"] == (["0208"], "port")
    assert places["Leuven"][0] == ["0607"] and t.terrain("0607") == "city"  # the errata's city
    for name, h in (("Namur", "1006"), ("Dinant", "1206"), ("Givet", "1407"), ("Sedan", "1706"), ("Montmedy", "1904")):
        assert h in places[name][0]
    assert {p.name for p in t.sc.map.places if p.kind == "port"} == {"Antwerpen", "Ostende", "Dunkerque", "Calais", "Boulogne"}


@pytest.mark.rules("dunkerque:3.0")
@pytest.mark.rules("dunkerque:5.0")
def test_set_up_turn_one_and_the_sequence():
    state = rules.new_state(t.id, {})
    pool = [u for u, x in t.sc.units.items() if x.pool == "R"]
    assert len(pool) == 7 and all(state.units[u].status == "pending" for u in pool)
    assert all(state.units[u].hex == x.hex for u, x in t.sc.units.items() if x.hex)
    assert state.turn == 1 and state.phase == "ge-move" and t.sc.info.turn_labels[0].startswith("14")
    order = []
    for _ in range(4):
        order.append(state.phase)
        act(state, {"type": "end-phase"} if state.step == "move" else {"type": "end-declarations"})
    assert order == ["ge-move", "ge-combat", "al-move", "al-combat"] and state.turn == 2


def river_pair(kind_a: str = "clear", kind_b: str = "clear"):
    return next(
        (a, b)
        for (a, b) in (tuple(p) for p in t.sc.grid.hexsides)
        if t.terrain(a) == kind_a and t.terrain(b) == kind_b
    )


@pytest.mark.rules("dunkerque:8.3")
def test_terrain_costs_and_one_more_to_cross_a_river():
    costs = {k: x.cost for k, x in t.sc.map.terrain.items()}
    assert costs["clear"] == costs["city"] == costs["coast"] == costs["port"] == 1
    assert costs["forest"] == costs["marsh"] == costs["highlands"] == 2 and costs["sea"] is None
    a, b = river_pair()
    state = t.cleared(**{t.unit("ge"): a})
    assert board(state).step_cost("ge", a, b) == 2


@pytest.mark.rules("dunkerque:9.3")
def test_cities_ports_and_all_across_rivers_double_but_never_twice():
    doubles = {k: x.doubles_defence for k, x in t.sc.map.terrain.items()}
    assert doubles["city"] and doubles["port"]
    assert not doubles["forest"] and not doubles["highlands"]  # translator's note (2)
    a, b = river_pair()
    al, ge = t.unit("al", 2), t.unit("ge", 4)
    state = t.cleared(phase="ge-combat", **{al: b, ge: a})
    assert board(state).defence(al, [ge])[0] == 4
    beside = next(n for n in t.nbrs(b) if n != a and t.sc.terrain_at[n].cost and frozenset((n, b)) not in t.sc.grid.hexsides)
    ge2 = t.unit("ge", skip=(ge,))
    state = t.cleared(phase="ge-combat", **{al: b, ge: a, ge2: beside})
    assert board(state).defence(al, [ge, ge2])[0] == 2  # one attacker does not cross
    city_river = next(
        ((x, y) for (x, y) in (tuple(p) for p in t.sc.grid.hexsides) if t.terrain(y) in ("city", "port") and t.sc.terrain_at[x].cost),
        None,
    )
    assert city_river is not None
    x, y = city_river
    state = t.cleared(phase="ge-combat", **{al: y, ge: x})
    assert board(state).defence(al, [ge])[0] == 4  # city across a river: doubled once


@pytest.mark.rules("dunkerque:9.4")
@pytest.mark.rules("dunkerque:9.6")
def test_contact_and_a_single_advancing_unit():
    crt_cells = {c for row in t.sc.crt.rows for c in row}
    assert "C" in crt_cells and "EX" not in crt_cells
    c = t.open_hex(2)
    al = t.weakest("al", 1)[0]
    ge = t.strongest("ge", 2)
    state = t.cleared(phase="ge-combat", **{al: c, ge[0]: t.nbrs(c)[0], ge[1]: t.nbrs(c)[1]})
    t.fight(state, ge, al, "DE")
    act(state, {"type": "advance", "unit": ge[0]})
    assert state.units[ge[0]].hex == c and state.phase == "al-move"  # one unit, no second hex
    from wargames_tui.engine.odds import crt_column

    contact = {col for i, col in enumerate(t.sc.crt.columns) if any(r[i] == "C" for r in t.sc.crt.rows)}
    ge1, al1 = next(
        (g, a)
        for g in t.weakest("ge", 30)
        for a in t.strongest("al", 30)
        if crt_column(t.sc.units[g].strength, t.sc.units[a].strength, t.sc.crt.columns) in contact
    )
    state = t.cleared(phase="ge-combat", **{al1: c, ge1: t.nbrs(c)[0]})
    t.fight(state, [ge1], al1, "C")
    assert state.units[al1].hex == c and state.units[ge1].hex == t.nbrs(c)[0]
    assert not state.units[al1].disrupted and not state.units[ge1].disrupted


def allied_move(turn: int, **placed):
    state = t.cleared(turn=turn, phase="al-move", **placed)
    for u, x in t.sc.units.items():
        if x.pool:
            state.units[u].status = "pending"
    return state


@pytest.mark.rules("dunkerque:10.0")
def test_face_down_reinforcements_are_drawn_when_they_enter():
    state = rules.new_state(t.id, {})
    state.turn, state.phase, state.step = 1, "al-move", "move"
    assert not [a for a in rules.prompt(state).actions if a["type"] == "enter"]  # nothing due on turn 1
    state.turn = 2
    entries = [a for a in rules.prompt(state).actions if a["type"] == "enter"]
    assert entries and {a["hex"] for a in entries} <= set(t.sc.map.areas["south entry"])
    events = rules.apply(state, entries[0], Dice(5))
    revealed = events[0].data["unit"]
    assert t.sc.units[revealed].pool == "R" and state.units[revealed].hex == entries[0]["hex"]
    assert events[0].commit  # a reveal is a commit point for undo
    assert board(state).allowance(revealed) == t.sc.units[revealed].move - 1  # 1 MP paid on entry
    assert not [a for a in rules.prompt(state).actions if a["type"] == "enter"]  # one due on turn 2


@pytest.mark.rules("dunkerque:10.0")
def test_delayed_reinforcements_stay_available_and_enter_only_before_moving():
    state = rules.new_state(t.id, {})
    state.turn, state.phase, state.step = 3, "al-move", "move"  # none taken on turn 2: 1 + 2 due
    count = 0
    while [a for a in rules.prompt(state).actions if a["type"] == "enter"]:
        rules.apply(state, [a for a in rules.prompt(state).actions if a["type"] == "enter"][0], Dice(count))
        count += 1
    assert count == 3
    state = rules.new_state(t.id, {})
    state.turn, state.phase, state.step = 2, "al-move", "move"
    mover = next(a for a in rules.prompt(state).actions if a["type"] == "move")
    act(state, mover)
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "enter", "pool": "R", "hex": t.sc.map.areas["south entry"][0]})
    assert err.value.case == "dunkerque:10.0"


@pytest.mark.rules("dunkerque:10.0")
def test_no_entry_between_two_german_units_and_a_pinned_unit_stays_put():
    south = t.sc.map.areas["south entry"]
    h = next(x for x in south[4:] if t.sc.grid.opposite_pairs(x) and t.sc.terrain_at[x].cost)
    a, b = next((p for p in t.sc.grid.opposite_pairs(h) if t.sc.terrain_at[p[0]].cost and t.sc.terrain_at[p[1]].cost))
    g1, g2 = t.units("ge", 2)
    state = allied_move(2, **{g1: a, g2: b})
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "enter", "pool": "R", "hex": h})
    assert "between two enemy units" in err.value.reason
    near = next(x for x in south if x not in (h, a, b) and x in t.nbrs(a) and t.sc.terrain_at[x].cost)
    state = allied_move(2, **{g1: a})
    events = act(state, {"type": "enter", "pool": "R", "hex": near})
    uid = events[0].data["unit"]
    assert uid in state.pinned
    with pytest.raises(IllegalAction):
        act(state, {"type": "move", "unit": uid, "path": [next(n for n in t.nbrs(near) if n != a)]})


@pytest.mark.rules("dunkerque:4.1")
def test_units_without_a_line_to_the_west_or_south_edge_count_as_eliminated():
    state = t.cleared(turn=6, phase="al-combat")
    b = board(state)
    assert cut_off_strength(b, "al", ["west edge", "south edge"], 5) == (0, 0)
    # Ring an Allied unit with German units: its line is cut, even though it may start in a zone.
    c = t.open_hex(2)
    al = t.unit("al", 2)
    ring = [n for n in t.nbrs(c)]
    germans = t.units("ge", len(ring))
    state = t.cleared(turn=6, phase="al-combat", **{al: c, **dict(zip(germans, ring))})
    cut, saved = cut_off_strength(board(state), "al", ["west edge", "south edge"], 5)
    assert (cut, saved) == (2, 0)


@pytest.mark.rules("dunkerque:4.1")
def test_a_friendly_unit_does_not_open_an_enemy_zone_for_the_line():
    # dunkerque 4.1(3) against operation-compass 4.3(3): translator's note (4).
    c = t.open_hex(2)
    al, al2 = t.units("al", 2)
    ge = t.unit("ge")
    shared = next(n for n in t.nbrs(c) if n in t.nbrs(t.nbrs(c)[0]))
    state = t.cleared(turn=6, phase="al-combat", **{al: c, ge: t.nbrs(c)[0], al2: shared})
    assert shared in board(state).ezoc("al")
    from wargames_tui.games.panzer_corps.victory import line_ok

    assert not line_ok(board(state), "al")(shared)


@pytest.mark.rules("dunkerque:4.2")
def test_ports_evacuate_five_strength_each():
    port = "0419"  # Dunkerque
    ring = [n for n in t.nbrs(port) if t.sc.terrain_at[n].cost]
    outer = {x for n in ring for x in t.nbrs(n)} - set(ring) - {port}
    allied = t.strongest("al", 3)  # strengths 4 + 4 + 3 or so, more than one port can take
    germans = t.units("ge", 25)
    placed = dict(zip(allied, ring))
    blockers = [x for x in sorted(outer) if t.sc.terrain_at[x].cost and x not in placed.values()]
    placed.update(dict(zip(germans, blockers)))
    state = t.cleared(turn=6, phase="al-combat", **placed)
    total = sum(t.sc.units[u].strength for u in allied)
    cut, saved = cut_off_strength(board(state), "al", ["west edge", "south edge"], 5)
    assert saved == 5 and cut == total - 5


@pytest.mark.rules("dunkerque:4.1")
def test_final_points_and_the_threshold():
    state = t.cleared(turn=6, phase="al-combat", **{u: x.hex for u, x in t.sc.units.items() if x.hex and x.side == "al"})
    for u, x in t.sc.units.items():
        if x.side == "ge":
            state.units[u].status = "map" if x.hex else "eliminated"
            state.units[u].hex = x.hex
    for u in t.strongest("al", 12):
        state.units[u].status, state.units[u].hex = "eliminated", None
    killed = sum(t.sc.units[u].strength for u in t.strongest("al", 12))
    act(state, {"type": "end-declarations"})
    result = rules.outcome(state)
    assert result.points["ge"] >= killed
    assert (result.winner == "ge") == (result.points["ge"] >= 35)
