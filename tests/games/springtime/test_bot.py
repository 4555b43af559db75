"""The greedy bot's choices where the rules leave a real decision (springtime:11.1.2, 11.2)."""

from __future__ import annotations

import random

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import springtime
from wargames_tui.games.springtime.bot import springtime_bot

from .helpers import FG, fresh, impulse


def _heroic_offer(area: str, defender: str) -> Session:
    """An Axis attack on `area` has just succeeded; the defender holds the Advantage (11.1.2)."""
    state = impulse(fresh(), "axis", 2)
    state.step, state.advantage = "advantage", defender
    state.combat = {"area": area, "attacker": "axis", "defender": "allied", "result": "success",
                    "attackers": [], "defenders": [], "lead": "de-hoth", "dlead": "fr-1a"}
    return Session(springtime, FG, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})


@pytest.mark.rules("springtime:11.1.2", "springtime:11.1.4", "springtime:11.2")
def test_the_allies_keep_the_advantage_even_for_paris_the_zones_and_the_maginot_line():
    # springtime:11.2, 11.1.4: a spent Advantage passes to the Axis, who Soldiers On with it. In
    # greedy games (Plan Red, 300 seeds) the Allies won 47% keeping it always, 38% spending it to
    # save Paris alone, and 16% of 100 spending it at every Heroic Defense offered.
    for area in ("22", "13", "25", "B", "19"):
        session = _heroic_offer(area, "allied")
        assert session.prompt.side == "allied"
        assert springtime_bot(session, random.Random(1))["type"] == "decline", area


@pytest.mark.rules("springtime:11.1.3", "springtime:11.1.4", "springtime:11.2")
def test_the_axis_keeps_the_advantage_for_soldier_on_rather_than_a_maximum_attack():
    # springtime:11.1.3, 11.2: a Maximum Attack turns one Repulse into a Stalemate, and the
    # Advantage then passes to the Allies for good (they never spend it). Kept, it buys a Soldier On
    # (11.1.4: another Allied and Axis impulse) when the Logistics dr would end the phase. Greedy
    # Fall Gelb, seeds 1000-1399: the Axis won 174 of 400 spending it, 218 keeping it.
    state = impulse(fresh(), "axis", 2)
    state.step, state.advantage = "advantage", "axis"
    state.combat = {"area": "22", "attacker": "axis", "defender": "allied", "result": "repulse",
                    "attackers": [], "defenders": [], "lead": "de-hoth", "dlead": "fr-1a"}
    session = Session(springtime, FG, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})
    assert session.prompt.side == "axis" and {"type": "advantage", "use": "maximum"} in session.prompt.actions
    assert springtime_bot(session, random.Random(1))["type"] == "decline"
    state.step, state.combat = "logistics", None  # the phase would end: the Axis Soldiers On
    session = Session(springtime, FG, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})
    assert springtime_bot(session, random.Random(1)) == {"type": "advantage", "use": "soldier_on"}


def _paris_regroup(paris: tuple[str, ...] = ("fr-6a", "fr-10a", "fr-2dcr"), axis_at: str = "16") -> Session:
    """Plan Red, Turn 6: the Allies Regroup with these units in Paris, the 7th Army in 30, the 3rd
    D.C.R. in 29, and Schmidt's panzers in axis_at (16: two Areas from Paris; 11: three)."""
    from .helpers import PR, empty_board, put

    state = impulse(empty_board(fresh(PR)), "allied", 2)
    state.turn = 6
    for uid in paris:
        put(state, uid, "25")
    put(state, "fr-7a", "30")
    put(state, "fr-3dcr", "29")
    put(state, "de-schmidt", axis_at)
    state.control[axis_at] = "axis"
    session = Session(springtime, PR, {}, state, Dice(1), {"allied": "bot", "axis": "bot"})
    session.act({"type": "regroup"})
    return session


@pytest.mark.rules("springtime:8.1.2", "springtime:11.1.1")
def test_the_allies_name_pariss_garrison_while_the_axis_is_within_two_areas():
    # The units the Allied policy keeps in Paris (`_wants`: three with the Axis within two Areas),
    # named for the planner, whose changes leave them standing (bots/plan.py `_kept`).
    from wargames_tui.games.springtime.bot import garrison

    three = ("fr-6a", "fr-10a", "fr-2dcr")
    assert garrison(_paris_regroup(three)) == set(three)
    assert garrison(_paris_regroup(three[:2])) == set(three[:2])  # fewer than three: none may go
    assert garrison(_paris_regroup(three + ("fr-4dcr",))) == set()  # four: one may go, as the policy's may
    assert garrison(_paris_regroup(three[:1])) == {"fr-6a"}
    # three Areas away the policy keeps one in Paris, and moves none of three: none named
    assert garrison(_paris_regroup(three[:1], axis_at="11")) == set()
    assert garrison(_paris_regroup(three, axis_at="11")) == set()
    session = _paris_regroup(three)
    session.state.active = "axis"  # the Axis's prompt: the Allies keep nothing
    session._prompt = None
    assert session.prompt.side == "axis" and garrison(session) == set()


@pytest.mark.rules("springtime:8.1.2", "springtime:11.1.1")
def test_the_planners_changes_never_march_pariss_garrison_out(monkeypatch):
    # Seventeenth session: six of the eight moves out of Paris with the Axis within two Areas in
    # Plan Red's lost games were the planner's own changes, never the greedy policy's. With the
    # game's `garrison` hook no change moves a unit of Paris's garrison: random choices (a plan
    # remade from a point), a move for a unit the plan leaves standing, another end for a planned
    # move, a plan's own move carried from another position. Without it each marches some out.
    from wargames_tui.bots import plan as plan_module
    from wargames_tui.games.springtime.bot import garrison
    from wargames_tui.present import presentation

    session = _paris_regroup()
    actions = session.prompt.actions
    line = next(a for a in actions if a["type"] == "move" and a["unit"] == "fr-7a")
    out = next(a for a in actions if a["type"] == "move" and a["unit"] == "fr-10a")
    played = plan_module._played
    marched: list[str] = []
    kind = [""]

    def spy(sim, action):  # noqa: ANN001, ANN202
        if action.get("unit") in garrison(sim):
            marched.append(kind[0])
        return played(sim, action)

    monkeypatch.setattr(plan_module, "_played", spy)
    changes = {
        "random": lambda: plan_module.Genome([], 0, 1.0),
        "stirred": lambda: plan_module.Genome([line], 0, 0.0, stir_at=0),
        "variant": lambda: plan_module.Genome([out], 0, 0.0, change_at=0),
        "carried": lambda: plan_module.Genome([out], 0, 0.0),
    }

    def marches() -> dict[str, int]:
        marched.clear()
        for kind[0], genome in changes.items():
            for seed in range(8):
                plan_module._playout(session, "allied", genome(), plan_module._styles(springtime), seed)
        return {k: marched.count(k) for k in changes}

    assert marches() == dict.fromkeys(changes, 0)
    monkeypatch.delitem(presentation(springtime).bots, "garrison")
    assert all(marches().values())
