"""Fog of war (11.0): each side's view holds only what it may know, and a disguised position
(every hidden fact reshuffled) looks the same to that side."""

from __future__ import annotations

import random

import pytest

from tests.games.dynamo.helpers import act, board, empty, put
from wargames_tui.engine.dice import Dice
from wargames_tui.games import dynamo
from wargames_tui.games.dynamo import hidden

VIEWERS = ("german", "allied", None)


def ids(view: dict) -> set[str]:
    return {u["id"] for u in view["units"]}


@pytest.mark.rules("dynamo:11.2")
def test_an_enemy_stack_shows_its_top_counter_and_height_only() -> None:
    s = empty()
    put(s, "2116", "b-1", "b-2", "b-dummy1")
    put(s, "2316", "g-12id")
    v = dynamo.view(s, "german")
    assert v["stacks"]["2116"] == {"side": "allied", "height": 3, "top": "b-dummy1"}
    assert "b-1" not in ids(v) and "b-2" not in ids(v) and "b-dummy1" in ids(v)
    assert {"b-1", "b-2", "b-dummy1"} <= ids(dynamo.view(s, "allied"))
    public = dynamo.view(s, None)
    assert "b-1" not in ids(public) and "g-12id" in ids(public)


@pytest.mark.rules("dynamo:11.2")
def test_a_stack_is_revealed_once_assaulted() -> None:
    s = empty("german-assault")
    s.raf = False
    put(s, "2116", "f-1na", "f-2na", "f-dummy1")
    put(s, "2115", "g-12id")
    act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": ["2116"]}, 6)
    v = dynamo.view(s, "german")
    assert {"f-1na", "f-2na"} <= ids(v)
    assert s.units["f-dummy1"].where == "pool"  # a revealed dummy is lifted


@pytest.mark.rules("dynamo:11.7")
def test_the_enemy_chart_shows_only_a_count() -> None:
    s = dynamo.new("dynamo/campaign", {})
    v = dynamo.view(s, "german")
    assert "g-gd" in ids(v) and "f-4dcr" not in ids(v)
    assert v["chart"]["allied"] == sum(1 for u, st in s.units.items() if st.where == "pool" and u.startswith(("b-", "f-")) and "dummy" not in u)


@pytest.mark.rules("dynamo:11.3")
def test_own_dummies_are_known_only_to_their_owner() -> None:
    s = empty("german-dummies")
    put(s, "2116", "g-12id", "g-32id")
    act(s, {"type": "dummy", "unit": "g-dummy1", "hex": "2116", "top": False})
    assert "g-dummy1" in ids(dynamo.view(s, "german"))
    assert "g-dummy1" not in ids(dynamo.view(s, "allied"))
    assert dynamo.view(s, "allied")["stacks"]["2116"]["height"] == 3


def _random_playout(scenario: str, seed: int, steps: int):
    rng = random.Random(seed)
    dice = Dice(seed)
    s = dynamo.new(scenario, {})
    for _ in range(steps):
        if dynamo.outcome(s) is not None:
            break
        acts = dynamo.prompt(s).actions
        a = rng.choices(acts, weights=[0.2 if x["type"].startswith("end") else 1.0 for x in acts])[0]
        dynamo.apply(s, a, dice)
        yield s


@pytest.mark.parametrize("scenario,seed", [("dynamo/campaign", 1), ("dynamo/no-halt-order", 2)])
def test_disguise_keeps_every_view(scenario: str, seed: int) -> None:
    rng = random.Random(seed)
    changed = 0
    for n, s in enumerate(_random_playout(scenario, seed, 700)):
        if n % 25:
            continue
        for viewer in VIEWERS:
            d = dynamo.disguise(s, viewer, rng)
            assert dynamo.view(d, viewer) == dynamo.view(s, viewer)
            assert dynamo.check_invariants(d) == []
            if viewer is not None and dynamo.view(d, None) != dynamo.view(s, None) or d.units != s.units:
                changed += 1
    assert changed > 0  # the disguise really moves hidden counters


@pytest.mark.rules("dynamo:11.2")
def test_the_bots_view_is_its_sides_view_in_part() -> None:
    """What the bot reads at each choice (hidden.bot_view, cheaper) holds nothing the side's
    view does not: the same entries, and each counter's entries those of the view's counter."""
    for n, s in enumerate(_random_playout("dynamo/campaign", 3, 400)):
        if n % 20:
            continue
        for viewer in VIEWERS:
            full, part = dynamo.view(s, viewer), hidden.bot_view(s, viewer)
            assert {k: v for k, v in part.items() if k != "units"} == {k: full[k] for k in part if k != "units"}
            assert len(part["units"]) == len(full["units"])
            for mine, theirs in zip(part["units"], full["units"]):
                assert mine == {k: theirs[k] for k in mine}


def test_disguise_moves_hidden_counters_but_not_seen_ones() -> None:
    s = empty()
    put(s, "2116", "b-1", "b-2", "b-dummy1")
    put(s, "2118", "f-1na", "f-2na", "f-dummy1")
    put(s, "2316", "g-12id")
    moved = set()
    for seed in range(20):
        d = dynamo.disguise(s, "german", random.Random(seed))
        assert d.units["b-dummy1"].hex == "2116" and d.units["f-dummy1"].hex == "2118"
        assert d.units["g-12id"].hex == "2316"
        moved |= {u for u in ("b-1", "f-1na") if d.units[u].hex != s.units[u].hex}
        assert all(board(d).real_at(h) for h in ("2116", "2118"))
    assert moved


@pytest.mark.rules("dynamo:11.2")
def test_the_public_log_does_not_name_a_counter_taken_from_under_a_stack() -> None:
    s = empty()
    put(s, "2116", "g-12id", "g-1pz")  # 1Pz on top, 12ID beneath
    events = act(s, {"type": "pick", "units": ["g-12id"]}) + act(s, {"type": "halt"})
    public = " ".join(e.text for e in events if e.only is None)
    assert "12" not in public.replace("2116", "")
    assert any("12" in e.text for e in events if e.only == "german")


@pytest.mark.rules("dynamo:5.9")
def test_a_visible_enemy_counter_shows_its_allowance_this_turn() -> None:
    s = empty()
    put(s, "2116", "f-1na")
    put(s, "2316", "g-12id")
    s.units["f-1na"].oos = True  # the supply check is public: halved, rounded up
    seen = next(u for u in dynamo.view(s, "german")["units"] if u["id"] == "f-1na")
    assert seen["allowance"] == -(-seen["move"] // 2)


@pytest.mark.rules("dynamo:16.16")
def test_the_combat_event_names_the_table_row_read() -> None:
    s = empty("german-assault")
    s.raf = False
    put(s, "2116", "f-1na")
    put(s, "2115", "g-12id")
    events = act(s, {"type": "assault", "attackers": ["g-12id"], "hexes": ["2116"]}, 4)
    data = next(e.data for e in events if e.kind == "combat")
    assert data["die"] == 4 and data["roll"] == data["total"] == 4 + sum(m[0] for m in data["modifiers"])


@pytest.mark.rules("dynamo:11.2")
def test_kampfgruppen_of_a_division_seen_this_phase_are_seen_too() -> None:
    s = empty()
    put(s, "2118", "g-1pz")
    s.revealed.append("g-1pz")  # it has Blitzed: the Allied player has seen it
    act(s, {"type": "pick", "units": ["g-1pz"]})
    act(s, {"type": "break-down", "unit": "g-1pz"})
    assert {"g-1pz-a", "g-1pz-b"} <= set(s.revealed)
    act(s, {"type": "reform", "unit": "g-1pz"})
    assert "g-1pz" in s.revealed


@pytest.mark.rules("dynamo:11.2")
def test_the_owner_reads_his_dummies_by_where_they_are_never_by_id_or_number() -> None:
    """Dummies are alike: the words and the owner's log name none by its id ("g-dummy1") or
    serial ("German dummy 1"), only by colour and place."""
    import random

    from wargames_tui.bots import random_bot
    from wargames_tui.engine.session import Session
    from wargames_tui.games.dynamo.present import PRESENTATION

    session, rng = Session.start(dynamo, "dynamo/campaign", seed=1), random.Random(1)
    while not any(a["type"] == "dummy" for a in session.prompt.actions):
        session.act(random_bot(session, rng))
    side = session.prompt.side
    view = session.view(side)
    placing = [a for a in session.prompt.actions if a["type"] == "dummy"]
    words = [PRESENTATION.describe(a, view, None) for a in placing]
    assert all("dummy" in w and "g-dummy" not in w and "dummy 1" not in w for w in words), words[:3]
    session.act(placing[0])
    mine = [e.text for e in session.log[-1].events if e.only == side]
    assert mine and all("g-dummy" not in t and "dummy 1" not in t for t in mine), mine
