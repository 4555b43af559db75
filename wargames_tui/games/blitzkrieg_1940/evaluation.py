"""How good a Blitzkrieg 1940 position is for one side, for bots that plan ahead (bots/plan.py).

The 1939 scenario is won by the French the moment one of their units enters the Ruhr Endangered
Area before the end of turn 7, and by Germany by preventing it (4.2B). So the German's margin
there is the threat to that area: each French unit whose next move (the rules' own reach: MPs,
terrain, zones of control, neutrality) could end in it counts heavily, each further one by how
near it stands, counted in steps around the German units (no French unit enters a German-held
hex, 13.4, and a German zone of control stops a move, 9.3A: a screen across the way counts as
the detour or the halt it imposes); and the steps on the map, German less French.

The 1940 scenario is won on victory points at its end (4.4: 3 or more for Germany), most of them
rolled for there or at a capitulation check: so the German's margin is the points he would score
now, each at the chance its roll gives it (a Low Country's capitulation by its cities held, 8.6,
8.7; France's by the Paris hexes held, 8.8; the BEF's destruction by its steps lost and out of
supply, 4.9; the RAF's pilot losses once committed, 4.8; his own losses, 4.10, against him), with
each city hex held and each step on the map, German less Allied, as smaller steps towards them.
The generic hex score it replaces weighed neither losses nor rolls: the planning Germans lost 84
steps in seed 1 (severe losses, -2) and the game.
Called on a disguised state, it reads the dummies and stacks as the side's disguise drew them.
"""

from __future__ import annotations

from wargames_tui.games.blitzkrieg_1940.movement import allowance, reach
from wargames_tui.games.blitzkrieg_1940.position import Position
from wargames_tui.games.blitzkrieg_1940.state import State
from wargames_tui.games.blitzkrieg_1940.victory import band, german_cities, line_breached, paris_held
from wargames_tui.games.blitzkrieg_1940.ways import french_steps

REACH = 40.0  # a French unit whose next move can end in the Endangered Area
NEAR = 2.0  # each hex a French unit stands within SPAN hexes of the area, nearer to farther
SPAN = 8
STEP = 1.0  # a step on the map
POINT = 10.0  # a 1940 victory point
CITY = 0.5  # a city hex outside Germany held by Germany (1940)
STEP_1940 = 0.2  # a step on the map (1940)


def evaluate(state: State, side: str) -> float:
    """Side's advantage: above 0 better for side than for its enemy."""
    pos = Position(state)
    german = _1940(pos) if pos.y1940 else _1939(pos)
    return german if side == "german" else -german


def _chance(lost: int, never: int, always: int, table: dict[int, int]) -> float:
    """The chance a loss band's roll goes against the loser (4.9, 4.10)."""
    need = band(lost, never, always, table)
    return 1.0 if need is None else need / 6


def _1940(pos: Position) -> float:
    s, b = pos.s, pos.b
    vp, t = b.game.vp, b.game.tables
    points = 0.0
    for country, worth in (("Holland", vp.holland), ("Belgium", vp.belgium)):
        held = len(german_cities(pos, country))
        points += worth if country in s.capitulated else worth * min(1.0, held / t.low_country_cities) * (7 - t.low_country_roll) / 6
    if "France" in s.capitulated:
        points += vp.france
    else:
        held = paris_held(pos)
        points += vp.france * (t.french_capitulation[min(held, 6) - 1] / 6 if held else 0.0)
        points += vp.maginot * (s.breached or line_breached(pos))
    if s.raf == "committed":
        points += vp.raf * (7 - t.raf_severe) / 6
    oos = sum(
        st.steps for u, st in s.units.items()
        if st.status == "map" and b.units[u].nation == "british" and not b.units[u].eru and not pos.supplied(u)
    )
    points += vp.bef * _chance(s.bef_lost + oos, t.bef_never, t.bef_always, t.bef_losses)
    points += vp.german_losses * _chance(s.german_lost, t.german_never, t.german_always, t.german_losses)
    german = POINT * points
    control = pos.control
    german += CITY * sum(1 for c, hexes in b.cities.items() if b.city_country[c] != "Germany" for h in hexes if control(h) == "german")
    for uid, st in s.units.items():
        u = b.units[uid]
        if st.status == "map" and st.hex is not None and not u.dummy and not u.fort:
            german += STEP_1940 * st.steps * (1 if u.side == "german" else -1)
    return german


def _1939(pos: Position) -> float:
    state, b = pos.s, pos.b
    area = b.endangered
    steps = french_steps(pos, area, SPAN)
    german = 0.0
    for uid, st in state.units.items():
        u = b.units[uid]
        if st.status != "map" or st.hex is None or u.dummy or u.fort:
            continue
        german += STEP * st.steps * (1 if u.side == "german" else -1)
        if u.nation != "french" or not pos.steps_of(uid)[2]:
            continue
        german -= NEAR * max(0, SPAN - steps.get(st.hex, SPAN))
        if min(b.grid.distance(st.hex, h) for h in area) <= pos.steps_of(uid)[2] and area & reach(pos, [uid], st.hex, allowance(pos, uid)).cost.keys():
            german -= REACH
    return german
