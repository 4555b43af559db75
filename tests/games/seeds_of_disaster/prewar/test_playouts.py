"""Random prewar games from 1934 to the war: invariants after every action, audits of every RP and
IP roll recomputed from its dice, save and replay, and what each side may see."""

import random

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event
from wargames_tui.games.seeds_of_disaster import prewar
from wargames_tui.games.seeds_of_disaster.prewar import data, mobilize
from wargames_tui.games.seeds_of_disaster.prewar.points import table_row
from wargames_tui.games.seeds_of_disaster.state import State

from .helpers import cards_total, fresh

SEEDS = (1, 2, 3)


def play(
    seed: int, check=None
) -> tuple[State, list[tuple[dict, list[int]]], list[Event]]:
    state, dice, rng = fresh(), Dice(seed), random.Random(seed)
    log: list[tuple[dict, list[int]]] = []
    events: list[Event] = []
    for _ in range(3000):
        if state.strategic.ds == "hostilities":
            break
        action = rng.choice(list(prewar.prompt(state).actions))
        events += prewar.apply(state, action, dice)
        log.append((action, dice.take_rolls()))
        if check:
            check(state)
    return state, log, events


def invariants(state: State) -> None:
    s = state.strategic
    assert cards_total(state) == 24  # 2.0
    for side in ("german", "allied"):
        assert 0 <= s.ip[side] <= 19 and 0 <= s.cp[side] <= 19  # 5.1.1, 6.1
        assert s.rp[side] >= 0
        assert s.tech_level(side) == 2 or s.rp[side] <= 100  # 7.3.3
        assert -6 <= s.ip_drm_perm[side] <= 6  # 5.1.3
    for u in state.units.values():
        if u.box not in ("pool", "eliminated"):
            assert (
                1 <= u.steps <= mobilize.max_steps(s, u) or u.kind in mobilize.HIGH_TECH
            ), u.id


@pytest.mark.rules(
    "seeds-of-disaster:7.1.1",
    "seeds-of-disaster:5.1.1",
    "seeds-of-disaster:7.3.3",
    "seeds-of-disaster:3.1.3",
    "seeds-of-disaster:3.1.2",
)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_reach_the_war_and_every_roll_adds_up(seed):
    state, _, events = play(seed, invariants)
    assert state.strategic.ds == "hostilities" and state.war.week == 1
    t = data.tables()
    rp = [e for e in events if "gain" in e.data and "RP roll" in e.text]
    ip = [e for e in events if "gain" in e.data and "IP roll" in e.text]
    assert rp and ip
    for e in rp:
        d = e.data
        assert (
            d["gain"]
            == getattr(t.rp_table, d["side"])[d["column"]][
                table_row(sum(d["dice"]) + d["drm"])
            ]
        )
    for e in ip:
        d = e.data
        assert (
            d["gain"]
            == t.ip_table.columns[d["column"]][table_row(sum(d["dice"]) + d["drm"])]
        )


@pytest.mark.rules("seeds-of-disaster:4.1.10")
def test_a_saved_game_replays_to_the_same_position():
    state, log, _ = play(4)
    again = fresh()
    for action, rolls in log:
        dice = Dice.replaying(rolls)
        prewar.apply(again, action, dice)
        assert dice.leftover() == 0
    assert again.to_json() == state.to_json()
    assert State.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.rules(
    "seeds-of-disaster:4.1.8", "seeds-of-disaster:3.1.4", "seeds-of-disaster:5.1.2"
)
def test_nothing_hidden_leaks_into_a_view():
    rng = random.Random(5)

    def same_views(state: State) -> None:
        for viewer in ("german", "allied", None):
            other = state.copy()
            prewar.disguise_part(other, viewer, rng)
            assert prewar.view_part(other, viewer) == prewar.view_part(state, viewer)

    play(5, same_views)
