"""Hidden information: each view holds only what its viewer may know (6.2, 6.3, 11.3)."""

import random

import pytest

import wargames_tui.games.blitzkrieg_1940 as game
from wargames_tui.engine.dice import Dice

from .helpers import S39, S40
from .playout import play


@pytest.mark.rules("blitzkrieg-1940:11.3")
@pytest.mark.parametrize("scenario,seed", [(S40, 5), (S39, 6)])
def test_a_disguised_position_looks_the_same_to_its_viewer(scenario, seed):
    rng = random.Random(seed)
    changed = {"n": 0}

    def check(session, events):
        if len(session.log) % 7:
            return
        state = session.state
        for viewer in ("german", "allied", None):
            other = game.disguise(state, viewer, rng)
            assert game.view(other, viewer) == game.view(state, viewer)
            assert not game.check_invariants(other)
            changed["n"] += game.dump(other) != game.dump(state)

    play(scenario, seed, check, limit=300, finish=False)
    assert changed["n"] > 0  # there was something to hide, and it was re-dealt


@pytest.mark.rules("blitzkrieg-1940:6.2")
@pytest.mark.rules("blitzkrieg-1940:6.3")
def test_the_allies_never_see_the_cup_or_the_dummies():
    state = game.new(S40, {})
    dice = Dice(1)
    game.apply(state, {"type": "sickle-cut", "launch": True}, dice)
    while state.phase == "german-setup":
        acts = game.prompt(state).actions
        cup = [a for a in acts if a["type"] == "cup"]
        in_cup = sum(1 for u in state.units.values() if u.status == "cup")
        game.apply(state, cup[0] if cup and in_cup < 6 else acts[0], dice)
    allied = game.view(state, "allied")
    ids = {u["id"] for u in allied["units"] if not u["id"].startswith("?")}
    assert not any(i.startswith(("de-dm", "de-dn")) for i in ids)
    assert not any(state.units[i].status == "cup" for i in ids)
    assert allied["cup"] == sum(1 for u in state.units.values() if u.status == "cup") > 0
    german = game.view(state, "german")
    assert any(u["id"].startswith("de-d") for u in german["units"])


@pytest.mark.rules("blitzkrieg-1940:11.3")
def test_enemy_stacks_show_their_top_counter_and_a_count():
    from .helpers import bare

    state = bare({"de-1pz": "E3917", "de-1inf": "E3917", "de-dm1": "E3917", "fr-4di": "W4726"})
    allied = game.view(state, "allied")
    here = [u for u in allied["units"] if u["hex"] == state.units["de-1pz"].hex]
    assert [u["short"] for u in here] == ["1Pz", "?", "?"]  # the top counter, then two unknown ones
    assert game.odds(state, ["fr-4di"], state.units["de-1pz"].hex)["column"] is None
