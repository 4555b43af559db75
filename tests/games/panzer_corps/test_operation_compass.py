"""Operation Compass: set-up, cliffs, stacking, tanks, exchanges and the footholds (operation-compass 2.2-9.7)."""

from collections import Counter

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games import panzer_corps as game
from wargames_tui.games.panzer_corps import rules
from wargames_tui.games.panzer_corps.victory import foothold_supplied

from .helpers import Table, act, board

t = Table("panzer-corps/operation-compass")
SC = t.id
FOOTHOLDS = {"1702": 1, "0904": 1, "0107": 2, "0115": 2}


def footholds():
    return {h: p.value for p in t.sc.map.places if p.kind == "foothold" for h in p.hexes}


@pytest.mark.rules("operation-compass:2.2")
def test_the_counter_mix():
    units = t.sc.units.values()
    mix = Counter((u.side, u.tank) for u in units)
    assert mix == {("br", True): 9, ("br", False): 13, ("it", True): 4, ("it", False): 14}
    assert {u.id for u in units if u.mark == "S"} == {u.id for u in units if u.side == "it" and u.tank}


@pytest.mark.rules("operation-compass:4.1")
def test_printed_places_and_foothold_values():
    assert footholds() == FOOTHOLDS
    named = {p.name: p.hexes for p in t.sc.map.places}
    assert "0505" in named["Buq Buq"] and "1509" in named["Nibeiwa"] and "2204" in named["Maktila"]
    assert t.sc.map.areas["italian supply"] == [f"01{r:02d}" for r in range(5, 19)]
    assert t.sc.map.areas["british supply"][0] == "2905" and t.sc.map.areas["british supply"][-1] == "2217"


def play_setup(seed: int = 2):
    """Set-up with the first legal choice at each step, and the given bombardment roll."""
    state = rules.new_state(SC, {})
    steps = []
    while state.phase.endswith("setup"):
        steps.append(state.step)
        p = rules.prompt(state)
        act(state, p.actions[0], [seed] if p.actions[0]["type"] == "bombard" else None)
    return state, steps


@pytest.mark.rules("operation-compass:3.1")
@pytest.mark.rules("operation-compass:3.2")
def test_set_up_order_bombardment_and_british_entry():
    state = rules.new_state(SC, {})
    assert state.step == "place-marked" and rules.acting_side(state) == "it"
    s_units = [u for u, x in t.sc.units.items() if x.mark == "S"]
    first = rules.prompt(state).actions[0]
    kinds = {h: p.kind for p in t.sc.map.places for h in p.hexes}
    assert first["unit"] in s_units
    assert kinds.get(first["hex"]) in ("foothold", "town") or t.terrain(first["hex"]) == "battle-position"
    for roll, count in ((2, 3), (5, 4)):
        state, steps = play_setup(roll)
        assert list(dict.fromkeys(steps)) == ["place-marked", "bombard", "enter-all"]
        disrupted = [u for u, st in state.units.items() if st.disrupted]
        assert len(disrupted) == count
        coast = [h for h in t.sc.grid.all_hexes() if t.terrain(h) == "coast"]
        assert all(min(t.sc.grid.distance(state.units[u].hex, c) for c in coast) <= 2 for u in disrupted)
    entry = set(t.sc.map.areas["british entry"])
    british = [u for u, x in t.sc.units.items() if x.side == "br"]
    assert all(state.units[u].hex in entry for u in british)
    assert max(Counter(state.units[u].hex for u in british).values()) > 2  # stacking ignored at entry
    assert state.phase == "br-move" and state.turn == 1


@pytest.mark.rules("operation-compass:3.2")
def test_italians_never_enter_entry_hexes_and_their_zone_stops_short():
    entry = t.sc.map.areas["british entry"][0]
    beside = next(n for n in t.nbrs(entry) if t.sc.terrain_at[n].cost and n not in t.sc.map.areas["british entry"])
    it = t.unit("it", tank=False)
    br = t.unit("br")
    state = t.cleared(phase="it-move", **{it: beside})
    with pytest.raises(IllegalAction):
        act(state, {"type": "move", "unit": it, "path": [entry]})
    state = t.cleared(phase="it-combat", **{it: beside, br: entry})
    assert entry not in board(state).ezoc("br")
    assert not [a for a in rules.prompt(state).actions if a["type"] == "declare"]


def cliff_pair():
    pair = next(p for h in t.sc.map.hexsides if h.kind == "cliff" for p in h.pairs)
    return pair


@pytest.mark.rules("operation-compass:6.4")
@pytest.mark.rules("operation-compass:8.3")
@pytest.mark.rules("operation-compass:9.3")
def test_cliffs_block_movement_attack_and_zones():
    a, b = cliff_pair()
    br, it = t.unit("br", 3), t.unit("it", tank=False)
    state = t.cleared(**{br: a, it: b})
    assert b not in board(state).ezoc("it")  # the British zone does not cross the cliff
    assert a not in board(state).ezoc("br")
    with pytest.raises(IllegalAction):
        act(state, {"type": "move", "unit": br, "path": [b]})
    state = t.cleared(phase="br-combat", **{br: a, it: b})
    assert not [x for x in rules.prompt(state).actions if x["type"] == "declare"]
    with pytest.raises(IllegalAction):
        act(state, {"type": "declare", "attackers": [br], "defender": it})


@pytest.mark.rules("operation-compass:8.3")
def test_terrain_costs():
    costs = {k: x.cost for k, x in t.sc.map.terrain.items()}
    assert costs["clear"] == costs["coast"] == 1 and costs["hills"] == 2 and costs["sea"] is None
    assert {"road", "lane"} <= {line.kind for line in t.sc.map.lines}


@pytest.mark.rules("operation-compass:9.3")
def test_hills_and_battle_positions_double_towns_do_not():
    doubles = {k: x.doubles_defence for k, x in t.sc.map.terrain.items()}
    assert doubles["hills"] and doubles["battle-position"]
    assert not doubles["town"] and not doubles["clear"]
    bp = next(h for h in t.sc.grid.all_hexes() if t.terrain(h) == "battle-position")
    br = t.unit("br", 3)
    state = t.cleared(phase="it-combat", **{br: bp})
    assert board(state).defence(br)[0] == 6  # either side benefits from a camp


@pytest.mark.rules("operation-compass:7.3")
def test_over_full_hexes_lose_their_excess_at_the_end_of_movement():
    state, _ = play_setup()
    crowded = Counter(st.hex for u, st in state.units.items() if st.status == "map" and u.startswith("br"))
    over = sum(n - 2 for n in crowded.values() if n > 2)
    act(state, {"type": "end-phase"})
    assert state.step == "overstack"
    assert rules.prompt(state).case == "operation-compass:7.3"
    for _ in range(over):
        act(state, rules.prompt(state).actions[0])
    assert state.phase == "br-combat"
    assert sum(1 for u, st in state.units.items() if st.status == "eliminated") == over


def exchange_position():
    c = t.open_hex(2)
    br = t.strongest("br", 2)
    it = t.weakest("it", 2, tank=False)
    state = t.cleared(phase="br-combat", **{br[0]: t.nbrs(c)[0], br[1]: t.nbrs(c)[0], it[0]: c, it[1]: c})
    return state, br, it, c


@pytest.mark.rules("operation-compass:9.4")
def test_exchange_each_side_chooses_its_loss_and_nobody_moves():
    state, br, it, c = exchange_position()
    t.fight(state, br, it[0], "EX")
    assert state.step == "exchange" and rules.acting_side(state) == "br"
    act(state, {"type": "remove", "unit": br[1]})
    assert rules.acting_side(state) == "it"
    with pytest.raises(IllegalAction):
        act(state, {"type": "remove", "unit": br[0]})
    act(state, {"type": "remove", "unit": it[0]})
    assert state.units[br[1]].status == "eliminated" and state.units[it[0]].status == "eliminated"
    assert state.units[it[1]].hex == c and state.units[br[0]].hex == t.nbrs(c)[0]
    assert state.phase == "it-move"


@pytest.mark.rules("operation-compass:9.4")
def test_contact_changes_nothing():
    c = t.open_hex(2)
    from wargames_tui.engine.odds import crt_column

    crt = t.sc.crt
    with_contact = {col for i, col in enumerate(crt.columns) if any(row[i] == "C" for row in crt.rows)}
    br, it = next(
        (b, i)
        for b in t.weakest("br", 30)
        for i in t.weakest("it", 30, tank=False)
        if crt_column(t.sc.units[b].strength, t.sc.units[i].strength, crt.columns) in with_contact
    )
    state = t.cleared(phase="br-combat", **{br: t.nbrs(c)[0], it: c})
    t.fight(state, [br], it, "C")
    assert all(state.units[u].status == "map" and not state.units[u].disrupted for u in (br, it))
    assert state.phase == "it-move"


@pytest.mark.rules("operation-compass:9.6")
@pytest.mark.rules("operation-compass:9.1")
def test_stacks_advance_together_and_a_tank_goes_one_hex_further():
    c = t.open_hex(3)
    tanks = t.strongest("br", 2, tank=True)
    it = t.weakest("it", 1, tank=False)[0]
    state = t.cleared(phase="br-combat", **{tanks[0]: t.nbrs(c)[0], tanks[1]: t.nbrs(c)[0], it: c})
    t.fight(state, tanks, it, "DE")
    act(state, {"type": "advance", "unit": tanks[0]})
    assert state.step == "advance"
    act(state, {"type": "advance", "unit": tanks[1]})  # up to the stacking limit of two
    p = rules.prompt(state)
    further = [x for x in p.actions if x["type"] == "advance"]
    assert further and all("hex" in x for x in further)
    act(state, further[0])
    assert state.units[further[0]["unit"]].hex == further[0]["hex"]
    assert t.sc.grid.distance(c, further[0]["hex"]) == 1


@pytest.mark.rules("operation-compass:9.6")
def test_no_second_hex_when_the_first_is_in_an_enemy_zone():
    c = t.open_hex(3)
    tank = t.strongest("br", 1, tank=True)[0]
    it, it2 = t.weakest("it", 2, tank=False)
    far = next(h for h in t.nbrs(c) if h != t.nbrs(c)[0] and t.sc.grid.distance(h, t.nbrs(c)[0]) == 2)
    state = t.cleared(phase="br-combat", **{tank: t.nbrs(c)[0], it: c, it2: far})
    t.fight(state, [tank], it, "DE")
    act(state, {"type": "advance", "unit": tank})
    assert state.phase == "it-move"  # no further prompt: c is in it2's zone


@pytest.mark.rules("operation-compass:9.7")
def test_a_disrupted_defender_is_attacked_at_full_strength():
    c = t.open_hex(2)
    br, it = t.unit("br", 3), t.unit("it", 3)
    state = t.cleared(phase="br-combat", **{br: t.nbrs(c)[0], it: c})
    state.units[it].disrupted = True
    assert board(state).defence(it)[0] == 3


@pytest.mark.rules("operation-compass:4.1")
@pytest.mark.rules("operation-compass:4.3")
def test_footholds_count_only_with_a_connecting_line():
    state = t.cleared(phase="br-move")
    assert all(state.control[h] == "it" for h in FOOTHOLDS)
    b = board(state)
    assert foothold_supplied(b, "it", "0107")
    # Surround 0107 with British units: the Italian line is cut (an EZOC with no Italian unit in it).
    brits = [u for u, x in t.sc.units.items() if x.side == "br"]
    placed = {}
    for u, h in zip(brits, [n for n in t.nbrs("0107") if t.sc.terrain_at[n].cost]):
        placed[u] = h
    state = t.cleared(phase="br-move", **placed)
    assert not foothold_supplied(board(state), "it", "0107")


@pytest.mark.rules("operation-compass:4.3")
def test_a_line_may_cross_an_enemy_zone_where_a_friendly_unit_stands():
    state = t.cleared(phase="br-move")
    b = board(state)
    from wargames_tui.engine.paths import movement_range

    path = movement_range("0904", 99, b.steps_from("it"), lambda h: False)
    supply = set(t.sc.map.areas["italian supply"])
    goal = min((h for h in path.cost if h in supply), key=lambda h: path.cost[h])
    line = path.path_to(goal)[:-1]
    mid = line[len(line) // 2]
    br = t.unit("br")
    it = t.unit("it", tank=False)
    # A British unit beside the line's middle hex puts it in a zone...
    beside = next(n for n in t.nbrs(mid) if n not in line and n != "0904" and t.sc.terrain_at[n].cost and not b.blocked(mid, n))
    blocked_state = t.cleared(phase="br-move", **{br: beside})
    held_state = t.cleared(phase="br-move", **{br: beside, it: mid})
    assert mid in board(blocked_state).ezoc("it")
    # ...which an Italian unit standing there lets the line through (translator's note 4).
    assert foothold_supplied(board(held_state), "it", "0904")


@pytest.mark.rules("operation-compass:4.2")
@pytest.mark.rules("operation-compass:5.0")
def test_final_score_half_the_british_losses_and_ties_to_italy():
    state = t.cleared(turn=5, phase="it-combat")
    brits = [u for u, x in t.sc.units.items() if x.side == "br"]
    for u in brits:
        state.units[u].status = "eliminated"
    for u in brits[:3]:  # three British losses are worth one VP (fractions dropped)
        state.units[u].status, state.units[u].hex = "map", "2905"
    act(state, {"type": "end-declarations"})
    result = rules.outcome(state)
    expected_it = sum(FOOTHOLDS.values()) + (len(brits) - 3) // 2
    assert result.points["it"] == expected_it and result.winner == "it"


@pytest.mark.rules("operation-compass:4.4")
def test_all_four_footholds_win_for_britain_at_once():
    brits = t.units("br", 4)
    state = t.cleared(phase="br-move", **dict(zip(brits, ["1702", "0904", "0107", "0115"])))
    state.control.update({"1702": "br", "0904": "br", "0107": "br"})
    act(state, {"type": "end-phase"})  # any action checks; control of 0115 comes from a unit entering
    assert rules.outcome(state) is None
    state = t.cleared(phase="br-move", **{brits[0]: next(n for n in t.nbrs("0115") if t.sc.terrain_at[n].cost)})
    state.control.update({"1702": "br", "0904": "br", "0107": "br"})
    act(state, {"type": "move", "unit": brits[0], "path": ["0115"]})
    result = rules.outcome(state)
    assert result.winner == "br" and "operation-compass:4.4" in result.reason


@pytest.mark.rules("operation-compass:3.1")
def test_the_bombardment_die_is_rolled_once_and_before_any_disruption():
    state = rules.new_state(SC, {})
    while state.step == "place-marked":
        act(state, rules.prompt(state).actions[0])
    target = next(u for u, x in t.sc.units.items() if x.side == "it" and state.units[u].status == "map")
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "disrupt", "unit": target})
    assert err.value.case == "operation-compass:3.1"
    act(state, {"type": "bombard"}, [2])
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "bombard"}, [5])
    assert "already been rolled" in err.value.reason and state.bombard_left == 3


@pytest.mark.rules("operation-compass:3.2", "operation-compass:7.1")
def test_the_british_entry_says_how_many_must_leave_and_the_spread_leaves_no_more():
    # issue 27: the spread left 6 entry hexes over the limit of 2, with 12 moves to fix. 22 units in six
    # entry hexes, two a hex from the end of the British movement (7.1): 10 must move out whatever the
    # placement (3.2(1) lets them all in); the prompt says so, and the spread puts no more out of place.
    state = rules.new_state(SC, {})
    while state.step != "enter-all":
        act(state, rules.prompt(state).actions[0])
    p = rules.prompt(state)
    assert p.case == "operation-compass:3.2(1)" and {o.case for o in game.owed(state)} == {p.case}
    assert "until your first movement ends, then 2 a hex (7.1): 10 of your 22 units must leave" in p.text
    act(state, {"type": "place-rest"})
    british = Counter(st.hex for u, st in state.units.items() if t.sc.units[u].side == "br")
    assert sum(n - 2 for n in british.values() if n > 2) == 10 and len(british) == 6


@pytest.mark.rules("operation-compass:4.1")
def test_the_bots_head_first_for_the_footholds_worth_most():
    # operation-compass:4.1(1): 0107 and 0115 are worth 2 VP, 1702 and 0904 one. The British
    # cannot win on the two 1-VP footholds (2 VP against the Italians' 4), so the bots' goals
    # are the most valuable footholds a side lacks, then the rest.
    state = rules.new_state(SC, {})
    assert game.objectives(state, "br") == {"0107", "0115"}
    state.control.update({"0107": "br", "0115": "br"})
    assert game.objectives(state, "br") == {"1702", "0904"}
    assert game.objectives(state, "it") == {"0107", "0115"}
    state.control.update({"0107": "it", "1702": "br"})
    assert game.objectives(state, "it") == {"0115"}
