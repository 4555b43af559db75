"""Each Panzer Corps game's introduction and map (1.0, 2.1 in every game's rulebook).

1.0 says who plays: one person handles one side's forces, the other the other's. 2.1
says the map is covered by hexes. (2.4, "play with this rulebook", does not affect play.)
"""

import pytest

from wargames_tui.games.panzer_corps import rules

from .helpers import Table, act

# scenario -> {side name: the nations (counter colours) that side's player handles}, from each 1.0 and 2.2(1)
FORCES = {
    "panzer-corps/el-alamein": {"German-Italian": {"german", "italian"}, "British Commonwealth": {"british"}},
    "panzer-corps/dunkerque": {"German": {"german"}, "Allied": {"french", "british", "belgian"}},
    "panzer-corps/kharkov": {"German": {"german", "german-mobile"}, "Soviet": {"soviet", "soviet-mobile"}},
    "panzer-corps/operation-compass": {
        "British (Western Desert Force)": {"british", "british-tank"},
        "Italian (10th Army)": {"italian", "italian-tank"},
    },
}


@pytest.fixture(params=sorted(FORCES))
def t(request) -> Table:
    return Table(request.param)


@pytest.mark.rules("el-alamein:1.0", "dunkerque:1.0", "kharkov:1.0", "operation-compass:1.0")
def test_two_players_each_handling_one_sides_forces(t):
    info = t.sc.info
    assert {s.name for s in info.sides} == set(FORCES[t.id])
    side_id = {s.name: s.id for s in info.sides}
    for name, nations in FORCES[t.id].items():
        assert {n for n, x in info.nations.items() if x.side == side_id[name]} == nations
    for u in t.sc.units.values():
        assert u.side == info.nations[u.nation].side, u.id
    # Only the two sides ever act: a game played with the first choice offered each time.
    state = rules.new_state(t.id, {})
    acting = set()
    while rules.outcome(state) is None:
        acting.add(rules.acting_side(state))
        act(state, rules.prompt(state).actions[0])
    assert acting == set(side_id.values())


@pytest.mark.rules("el-alamein:2.1", "dunkerque:2.1", "kharkov:2.1", "operation-compass:2.1")
def test_hexes_cover_the_whole_map(t):
    g, terrain = t.sc.grid, t.sc.terrain_at
    hexes = list(g.all_hexes())
    assert len(hexes) == t.sc.map.columns * t.sc.map.rows and set(terrain) == set(hexes)
    for h in hexes:
        around = g.neighbours(h)
        assert len(set(around)) == len(around) <= 6
        assert all(g.distance(h, n) == 1 and h in g.neighbours(n) for n in around)
        col, row = int(h[:2]), int(h[2:])
        if 1 < col < t.sc.map.columns and 1 < row < t.sc.map.rows:
            assert len(around) == 6, h
