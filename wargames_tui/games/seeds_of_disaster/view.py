"""What each side may see (views) and the re-draw of what it may not (disguise).

Hidden from the other side (NOTES.md, reading 1): the strength of armies and the make-up of stacks
(only an army's counter shows on the map, its strength is on its owner's display, 2.3.1; corps in a
stack and the Poised Forces are seen only by examining it, 5.2.2), what stands in the off-map boxes
(2.3), the German attack plan until the game ends (19.0), and everything the prewar part hides."""

from __future__ import annotations

import random
from typing import Any

from wargames_tui.games.seeds_of_disaster import data, war
from wargames_tui.games.seeds_of_disaster.board import face, is_army, mobile, strength
from wargames_tui.games.seeds_of_disaster.prewar.points import ds_name
from wargames_tui.games.seeds_of_disaster.state import SIDES, State, Unit

SIDE_NAMES = {
    "german": "German",
    "allied": "Allied (France, Britain, Belgium, the Netherlands)",
}
KIND_SHORT = {"army": "", "bef": "BEF", "westwall": "WW"}


def _unit(state: State, u: Unit, viewer: str | None) -> dict[str, Any]:
    c = data.counter(u.id)
    known = viewer == u.side or state.war.ended
    public_army = u.box == "map" and is_army(u)
    where = {"zone": u.zone if u.box == "map" else None, "box": u.box}
    if u.box == "poised" and not known:
        where = {"zone": None, "box": "off-map"}
    if (
        u.box in ("pool", "mobilized", "reserve", "poland_a", "poland_b", "poland")
        and not known
    ):
        where = {"zone": None, "box": "off-map"}
    base: dict[str, Any] = {
        "side": u.side,
        **where,
        "status": "map" if u.box == "map" else where["box"],
    }
    if u.box == "eliminated":
        base.update(id=u.id, nation=u.nation, name=c.name, short=u.id[:4], kind=u.kind)
        return base
    if known or public_army or (u.kind == "westwall" and u.box == "map"):
        f = face(u)
        base.update(
            id=u.id,
            nation=u.nation,
            name=c.name,
            short=u.id[:4],
            kind=u.kind,
            disrupted=u.disrupted,
        )
        if known:
            base.update(
                steps=u.steps,
                strength=strength(u),
                move=f.mp,
                dots=f.dots,
                mobile=mobile(u),
                army=u.army,
                moved=u.moved,
                factors=f"{strength(u)}-{f.mp}",
            )
        elif u.kind == "westwall":
            base.update(forts=f.forts, dots=f.dots)
        return base
    base.update(
        id=None, nation=u.nation if u.box == "map" else None, short="?", kind=None
    )
    return base


def view(state: State, viewer: str | None = None) -> dict[str, Any]:
    from wargames_tui.games.seeds_of_disaster import prewar, rules

    out = war.outcome(state)
    anchors = data.anchors()
    units = [_unit(state, state.units[k], viewer) for k in sorted(state.units)]
    # Hidden units are listed in a fixed order by where they are, so the list says nothing of who they are.
    shown = [u for u in units if u.get("id")]
    hidden = sorted(
        (u for u in units if not u.get("id")),
        key=lambda u: (u["side"], str(u["zone"]), u["box"], str(u["nation"])),
    )
    for i, u in enumerate(hidden):
        u["id"] = f"?{u['side'][0]}{i}"
    plan_known = viewer == "german" or state.war.ended
    return {
        "view_version": 1,
        "scenario": state.scenario,
        "title": "The Seeds of Disaster",
        "turn": state.war.week,  # 0 before the war: the header shows turn_text
        "turns": war.LAST_WEEK,
        "turn_text": None if state.war.week else prewar_time(state),
        "phase": rules.phase(state),
        "phase_title": rules.header_phase(state),
        "side": rules.acting(state),
        "sides": dict(SIDE_NAMES),
        "outcome": out.to_json() if out else None,
        "ds": state.strategic.ds,
        "year": state.strategic.year,
        "month": state.strategic.month,
        "week": state.war.week,
        "segment": state.war.segment if war.at_war(state) else state.strategic.segment,
        "player": state.war.player if war.at_war(state) else None,
        "attack_plan": state.attack_plan if plan_known else None,
        "paris_axis": dict(state.war.paris_axis) if plan_known else {},
        "picture": data.picture(),
        "zones": {
            a.id: {
                "name": a.name,
                "kind": a.terrain if a.country != "G" else "germany",
                "at": list(anchors[a.id]),
                "marker": "*" if (a.mc or a.objective) else None,
                "country": a.country,
                "terrain": a.terrain,
                "mc": a.mc,
                "objective": a.objective,
                "forts": a.forts,
                "coast": a.coast,
                "axis": a.axis,
                "destroyed": a.id in state.war.destroyed_forts,
                "control": state.control.get(a.id),
            }
            for a in data.board().area
        },
        "links": data.graph().link_list(),
        "units": shown + hidden,
        "objectives": war.objectives_held(state),
        "battle": _battle(state),
        "strategic": prewar.view_part(state, viewer),
    }


def prewar_time(state: State) -> str:
    """The header's time before the weekly turns: the year, or the month of Armed Belligerence."""
    s = state.strategic
    month = f" month {s.month}" if s.month else ""
    return f"{s.year}{month} · {ds_name(s.ds)}"


def _battle(state: State) -> dict[str, Any] | None:
    b = state.war.battle
    if not b:
        return None
    return {
        "area": b.area,
        "attacker": b.attacker,
        "step": b.step,
        "breakthrough": b.breakthrough,
        "exploit": b.exploit,  # the attacker won a Breakthrough: a battle of its stack may follow (16.0)
        "overconcentration": b.overconcentration,
        "parachute": b.parachute,
        "neutralize": b.neutralize,
        "attackers": list(b.sides[b.attacker].units),
        "air": {s: list(b.sides[s].air) for s in SIDES},
        "options": {s: list(b.sides[s].options) for s in SIDES},
        "winner": b.winner,
        "advance_to": list(b.advance_to),
    }


def disguise(state: State, viewer: str | None, rng: random.Random) -> State:
    """A copy with every fact hidden from `viewer` re-drawn: the other side's army strengths, which
    of its corps stands where, what its boxes hold, the attack plan, and the prewar secrets."""
    from wargames_tui.games.seeds_of_disaster import prewar

    new = state.copy()
    if state.war.ended:
        prewar.disguise_part(new, viewer, rng)
        return new
    for side in SIDES:
        if side == viewer:
            continue
        for u in new.units.values():
            if u.side == side and is_army(u) and u.box != "eliminated":
                u.steps = rng.randint(1, 19)
        # The places of hidden pieces (not map armies, not Westwalls) are shuffled among themselves,
        # within each nation on the map (nations show) and freely off it.
        hidden = [
            u
            for u in new.units.values()
            if u.side == side
            and u.box not in ("eliminated",)
            and not (u.box == "map" and (is_army(u) or u.kind == "westwall"))
            and u.kind != "westwall"
        ]
        _shuffle_places(new, hidden, rng)
    if viewer != "german":
        new.attack_plan = rng.choice(list(data.AXES))
        new.war.paris_axis = {k: rng.random() < 0.5 for k in new.war.paris_axis}
    prewar.disguise_part(new, viewer, rng)
    return new


def _shuffle_places(state: State, units: list[Unit], rng: random.Random) -> None:
    groups: dict[str, list[Unit]] = {}
    for u in units:
        key = u.nation if u.box == "map" else "off"
        groups.setdefault(key, []).append(u)
    for group in groups.values():
        places = [(u.box, u.zone, u.army) for u in group]
        rng.shuffle(places)
        for u, (box, zone, army) in zip(group, places):
            u.box, u.zone, u.army = box, zone, army  # type: ignore[assignment]
