"""The rules the four Panzer Corps games share, checked on Dunkerque, Khar'kov and Operation Compass.

(El Alamein has its own tests of the same cases in test_el_alamein_*.py.) Each test
runs on every scenario and cites the case in each game's rulebook.
"""

import pytest

from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.panzer_corps import rules

from .helpers import Table, act, board

from wargames_tui.games.panzer_corps.data import scenario_folders

FAMILY = [s for s in ("panzer-corps/dunkerque", "panzer-corps/kharkov", "panzer-corps/operation-compass") if s in scenario_folders()]


@pytest.fixture(params=FAMILY)
def t(request) -> Table:
    return Table(request.param)


def mover(t: Table, side: str, min_move: int = 3, skip=()) -> str:
    return next(u for u, x in t.sc.units.items() if x.side == side and x.move >= min_move and x.strength > 0 and u not in skip)


def ring(t: Table, centre: str, d: int) -> list[str]:
    g = t.sc.grid
    return [h for h in g.all_hexes() if g.distance(centre, h) == d]


@pytest.mark.rules("dunkerque:6.1", "kharkov:6.1", "operation-compass:6.1")
def test_zones_of_control_stop_movement_and_bar_zone_to_zone_moves(t):
    a, b = t.sides
    c = t.open_hex(2)
    me, enemy_unit = mover(t, a), mover(t, b, 1)
    enemy = ring(t, c, 2)[0]
    state = t.cleared(**{me: c, enemy_unit: enemy})
    zone = board(state).ezoc(a)
    into = min(t.nbrs(c), key=lambda n: t.sc.grid.distance(n, enemy))
    assert into in zone
    onwards = next(n for n in t.nbrs(into) if n not in (c, enemy))
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": me, "path": [into, onwards]})
    assert err.value.case == f"{t.case}:6.1"
    state = t.cleared(**{me: c, enemy_unit: t.nbrs(c)[0]})
    zone = board(state).ezoc(a)
    zone_step = next(n for n in t.nbrs(c) if n in zone and n != t.nbrs(c)[0])
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": me, "path": [zone_step]})
    assert err.value.case == f"{t.case}:6.1"


@pytest.mark.rules("dunkerque:6.3", "kharkov:6.3", "operation-compass:6.3")
@pytest.mark.rules("dunkerque:9.7", "kharkov:9.7", "operation-compass:9.7")
def test_disrupted_units_have_no_zone_and_may_neither_move_nor_attack(t):
    a, b = t.sides
    c = t.open_hex(2)
    me, enemy_unit = mover(t, a), mover(t, b, 1)
    state = t.cleared(**{me: c, enemy_unit: t.nbrs(c)[0]})
    state.units[enemy_unit].disrupted = True
    assert board(state).ezoc(a) == frozenset()
    state.units[enemy_unit].disrupted = False
    state.units[me].disrupted = True
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": me, "path": [t.nbrs(c)[1]]})
    assert err.value.case == f"{t.case}:9.7"
    state.phase, state.step = f"{a}-combat", "declare"
    assert [x["type"] for x in rules.prompt(state).actions] == ["end-declarations"]


@pytest.mark.rules("dunkerque:7.2", "kharkov:7.2", "operation-compass:7.2")
@pytest.mark.rules("dunkerque:8.1", "kharkov:8.1", "operation-compass:8.1")
def test_no_entering_enemy_hexes_and_each_unit_moves_once(t):
    a, b = t.sides
    c = t.open_hex(2)
    me, enemy_unit = mover(t, a), mover(t, b, 1)
    state = t.cleared(**{me: c, enemy_unit: t.nbrs(c)[0]})
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": me, "path": [t.nbrs(c)[0]]})
    assert err.value.case == f"{t.case}:7.2"
    free = next(n for n in t.nbrs(c) if n not in board(state).ezoc(a) and n != t.nbrs(c)[0])
    act(state, {"type": "move", "unit": me, "path": [free]})
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": me, "path": [c]})
    assert err.value.case == f"{t.case}:8.1"


@pytest.mark.rules("dunkerque:8.2", "kharkov:8.2", "operation-compass:8.2")
def test_a_move_costs_at_most_the_movement_allowance(t):
    a = t.sides[0]
    c = t.open_hex(2)
    me = mover(t, a)
    state = t.cleared(**{me: c})
    b = board(state)
    reach = b.reach(me)
    ma = t.sc.units[me].move
    assert max(reach.cost.values()) <= ma
    # The farthest hex in reach, then one step more: the path costs more than the allowance.
    far = max(reach.cost, key=lambda h: (reach.cost[h], h))
    step = next(n for n, cost in b.steps_from(a)(far) if reach.cost[far] + cost > ma)
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "move", "unit": me, "path": reach.path_to(far) + [step]})
    assert err.value.case == f"{t.case}:8.2"


def full_hex_beside(t: Table) -> tuple[int, str, list[str], str, str]:
    """The first side's stacking limit, an open hex, friends enough to fill its neighbour, a unit
    at the open hex that may move there, and that neighbour."""
    a = t.sides[0]
    limit = t.sc.info.rules.stacking[a]
    c = t.open_hex(2)
    friends = [mover(t, a, 1)]
    while len(friends) < limit:
        friends.append(mover(t, a, 1, skip=friends))
    return limit, c, friends, mover(t, a, 2, skip=friends), t.nbrs(c)[0]


def over_limit_owed(state) -> list:  # noqa: ANN001
    from wargames_tui.games.panzer_corps import contract

    return [o for o in contract.owed(state) if "stacking limit" in o.text]


def _moves_to(state, uid: str, h: str) -> bool:
    return any(x["type"] == "move" and x["unit"] == uid and x["path"][-1] == h for x in rules.prompt(state).actions)


@pytest.mark.rules("dunkerque:7.1", "kharkov:7.1", "operation-compass:7.1", "kharkov:7.3", "operation-compass:7.3")
def test_a_unit_may_stop_on_a_full_hex_stacking_is_checked_when_the_phase_ends(t):
    limit, c, friends, me, full = full_hex_beside(t)
    beyond = next(n for n in t.nbrs(full) if t.sc.grid.distance(c, n) == 2)
    # The friends have not moved yet: one may still leave, so the move is offered and legal.
    state = t.cleared(**{me: c, **{f: full for f in friends}})
    assert _moves_to(state, me, full) and not over_limit_owed(state)
    events = act(state, {"type": "move", "unit": me, "path": [full]})
    assert any(e.kind == "overstack" and full in e.text for e in events)
    assert [o.text.split(":")[0] for o in over_limit_owed(state)] == [f"{full} is over the stacking limit of {limit}"]
    act(state, {"type": "move", "unit": friends[0], "path": [beyond]})
    assert not over_limit_owed(state)
    act(state, {"type": "end-phase"})
    assert state.step != "overstack" and all(state.units[u].status == "map" for u in [me, *friends])
    # The friends have all moved: stopping there is still legal (7.1) but not offered, and the
    # end of the phase removes the excess (7.3).
    state = t.cleared(**{me: c, **{f: full for f in friends}})
    state.moved = list(friends)
    assert not _moves_to(state, me, full)
    act(state, {"type": "move", "unit": me, "path": [full]})
    act(state, {"type": "end-phase"})
    assert state.step == "overstack" and full in rules.prompt(state).text
    act(state, {"type": "remove", "unit": me})
    assert state.units[me].status == "eliminated" and state.step != "overstack"


@pytest.mark.rules("dunkerque:9.1", "kharkov:9.1", "operation-compass:9.1")
@pytest.mark.rules("dunkerque:9.2", "kharkov:9.2", "operation-compass:9.2")
def test_declare_then_resolve_at_rounded_odds(t):
    a, b = t.sides
    c = t.open_hex(2)
    defender = t.unit(b, skip=(), tank=None)
    strong = sorted((u for u, x in t.sc.units.items() if x.side == a), key=lambda u: -t.sc.units[u].strength)[:2]
    state = t.cleared(phase=f"{a}-combat", **{defender: c, strong[0]: t.nbrs(c)[0], strong[1]: t.nbrs(c)[1]})
    b_ = board(state)
    attack = sum(t.sc.units[u].strength for u in strong)
    defence, _ = b_.defence(defender, strong)
    from wargames_tui.engine.odds import crt_column

    assert b_.column(strong, defender) == crt_column(attack, defence, t.sc.crt.columns)
    act(state, {"type": "declare", "attackers": strong, "defender": defender})
    with pytest.raises(IllegalAction) as err:
        act(state, {"type": "declare", "attackers": [strong[0]], "defender": defender})
    assert err.value.case == f"{t.case}:9.1"
    act(state, {"type": "end-declarations"})
    with pytest.raises(IllegalAction):
        act(state, {"type": "declare", "attackers": [strong[1]], "defender": defender})
    assert state.step == "resolve"


@pytest.mark.rules("dunkerque:9.5", "kharkov:9.5", "operation-compass:9.5")
@pytest.mark.rules("dunkerque:6.2", "kharkov:6.2", "operation-compass:6.2")
def test_retreats_are_chosen_by_the_attacker_and_avoid_zones(t):
    a, b = t.sides
    c = t.open_hex(2)
    defender = t.unit(b)
    attacker = sorted((u for u, x in t.sc.units.items() if x.side == a), key=lambda u: -t.sc.units[u].strength)[0]
    state = t.cleared(phase=f"{a}-combat", **{defender: c, attacker: t.nbrs(c)[0]})
    column = board(state).column([attacker], defender)
    result = next(r for r in ("DR1", "DR2") if any(row[t.sc.crt.columns.index(column)] == r for row in t.sc.crt.rows))
    act(state, {"type": "declare", "attackers": [attacker], "defender": defender})
    act(state, {"type": "end-declarations"})
    act(state, {"type": "resolve", "defender": defender}, [t.roll_for(column, result)])
    p = rules.prompt(state)
    assert p.side == a and p.case == f"{t.case}:9.5"
    n = int(result[2])
    zone = board(state).ezoc(b)
    for x in p.actions:
        assert len(x["path"]) == n and t.sc.grid.distance(c, x["path"][-1]) == n
        assert not set(x["path"]) & zone
    act(state, p.actions[0])
    assert state.units[defender].disrupted


@pytest.mark.rules("dunkerque:9.2", "kharkov:9.2", "operation-compass:9.2")
def test_the_rulebooks_odds_examples_on_each_games_table(t):
    from wargames_tui.engine.odds import crt_column

    columns = t.sc.crt.columns
    assert crt_column(11, 4, columns) == "2:1"  # 11:4 is 2.75:1, rounded down
    assert crt_column(2, 3, columns) == "1:2"  # 2:3 is 1:1.5, rounded up
    assert crt_column(1, 3, columns) is None  # 1:3 or worse may not attack
    assert crt_column(40, 3, columns) == "6:1"  # beyond 6:1 uses 6:1


STACKING = [s for s in FAMILY if min(Table(s).sc.info.rules.stacking.values()) > 1]


def _finals(state) -> dict[str, set[str]]:
    """unit -> the hexes its offered retreats end in."""
    out: dict[str, set[str]] = {}
    for a in rules.prompt(state).actions:
        if a["type"] == "retreat":
            out.setdefault(a["unit"], set()).add(a["path"][-1])
    return out


@pytest.mark.rules("kharkov:9.5", "operation-compass:9.5")
@pytest.mark.parametrize("scenario", STACKING)
def test_a_retreating_stack_may_stay_together_defenders_and_attackers(scenario):
    t = Table(scenario)
    a, b = t.sides
    c = t.open_hex(2)
    # Defenders: a stack of two is driven back one hex; the first takes an empty hex and the
    # second may join it (9.5(4)), though other empty hexes are free (9.5(2)).
    pair = t.weakest(b, 2)
    strong = t.strongest(a, 2)
    state = t.cleared(phase=f"{a}-combat", **{pair[0]: c, pair[1]: c, strong[0]: t.nbrs(c)[0], strong[1]: t.nbrs(c)[0]})
    t.fight(state, strong, pair[0], "DR1")
    first = next(a for a in rules.prompt(state).actions if a["type"] == "retreat")
    act(state, first)
    second = _finals(state)
    other = next(u for u in pair if u != first["unit"])
    assert first["path"][-1] in second[other] and len(second[other]) > 1
    act(state, {"type": "retreat", "unit": other, "path": first["path"]})
    assert state.units[other].hex == state.units[first["unit"]].hex == first["path"][-1]
    # Attackers: a stack of two thrown back one hex (AR) may also retreat together.
    weak = t.weakest(a, 2)
    state = t.cleared(phase=f"{a}-combat", **{weak[0]: t.nbrs(c)[0], weak[1]: t.nbrs(c)[0], t.strongest(b, 1)[0]: c})
    t.fight(state, weak, t.strongest(b, 1)[0], "AR")
    first = next(a for a in rules.prompt(state).actions if a["type"] == "retreat")
    act(state, first)
    other = next(u for u in weak if u != first["unit"])
    assert first["path"][-1] in _finals(state)[other]
    act(state, {"type": "retreat", "unit": other, "path": first["path"]})
    assert state.units[other].hex == first["path"][-1]


@pytest.mark.rules("dunkerque:7.3", "kharkov:7.3", "operation-compass:7.3")
def test_a_hex_over_the_limit_in_the_movement_is_owed_and_may_be_left(t):
    # e ended El Alamein's movement with a hex over the limit and a unit was removed at once: the
    # owed list names the hex while the units may still move out, so the end asks first.
    limit, c, friends, me, full = full_hex_beside(t)
    state = t.cleared(**{me: c, **{f: full for f in friends}})
    assert not over_limit_owed(state)
    act(state, {"type": "move", "unit": me, "path": [full]})
    owed = over_limit_owed(state)
    assert len(owed) == 1 and full in owed[0].text and owed[0].skippable and owed[0].case == f"{t.case}:7.3"


@pytest.mark.rules("dunkerque:2.3", "kharkov:2.3", "operation-compass:2.3")
def test_combat_uses_one_six_sided_die(t):
    assert t.sc.crt.die == [1, 2, 3, 4, 5, 6]
    assert len(t.sc.crt.rows) == 6
