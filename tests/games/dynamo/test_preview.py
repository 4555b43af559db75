"""What the client shows before a Blitz or prepared assault is committed (the game's `preview`
and `odds`): the numbers the rules will use when the attacker may know them, and nothing the
fog of war hides (11.2)."""

from __future__ import annotations

import random

import pytest

from tests.games.dynamo.helpers import act, empty, patch_map, put
from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import dynamo

ASSAULT = {"type": "assault", "attackers": ["g-12id"], "hexes": ["2116"]}


@pytest.mark.rules("dynamo:16.2")
def test_a_lone_defender_is_assessed_in_full() -> None:
    s = empty("german-assault")
    put(s, "2116", "f-1na")  # 4-6
    put(s, "2115", "g-12id")  # 6-8
    p = dynamo.preview(s, ASSAULT)
    assert p is not None and p.odds == "6 vs 6 = 1-1 on clear" and not p.modifiers
    # the 1-1 column of the clear line read down the die, no modifier (16.16)
    assert str(p) == "6 vs 6 = 1-1 on clear; 1 ./1, 2-3 1/1, 4 2/1, 5 ./., 6 1/."
    assert dynamo.odds(s, ["g-12id"], "2116") == {"attack": 6, "defence": 6, "column": "1-1 on clear", "note": ""}


@pytest.mark.rules("dynamo:11.2")
def test_a_stack_not_all_seen_gives_only_its_height() -> None:
    s = empty("german-assault")
    put(s, "2116", "f-1na", "f-dummy1")  # the dummy on top: the German sees it, not the unit under it
    put(s, "2115", "g-12id")
    p = dynamo.preview(s, ASSAULT)
    assert p is not None and p.odds.startswith("attack 6 vs a stack of 2, not all seen")
    assert not p.results and "shown when committed" in p.hidden
    assert dynamo.odds(s, ["g-12id"], "2116")["column"] is None


@pytest.mark.rules("dynamo:12.4")
@pytest.mark.rules("dynamo:12.6")
def test_a_blitz_on_a_lone_counter_shows_its_true_cost() -> None:
    s = empty("german-move")
    put(s, "2116", "b-tf4")  # 1-2
    put(s, "2117", "g-10pz")  # 12-7
    act(s, {"type": "pick", "units": ["g-10pz"]})
    words = dynamo.preview(s, {"type": "blitz", "hex": "2116"})
    # a lone uncovered unit is known (12.6); 12 to 2 is 6-1: 1 to enter (12.3) and +1 at 6-1 (12.4)
    assert str(words) == "12 vs 2 = 6-1 on clear, +2 Blitz; 1 1/3, 2 ./2, 3 1/2, 4 ./1, 5-6 1/1; costs 2 MP (12.3-12.7)"


@pytest.mark.rules("dynamo:12.5")
def test_a_blitz_on_a_covered_stack_needs_the_full_three() -> None:
    s = empty("german-move")
    put(s, "2116", "b-tf4", "b-dummy1")
    put(s, "2117", "g-10pz")
    act(s, {"type": "pick", "units": ["g-10pz"]})
    words = dynamo.preview(s, {"type": "blitz", "hex": "2116"})
    assert str(words) == ("attack 12 vs a stack of 2, not all seen, on clear, +2 Blitz; needs 4 MP, returns what it does not cost (12.5);"
                          " the defence; shown when committed (11.2)")


def test_bad_actions_give_no_preview() -> None:
    s = empty("german-assault")
    put(s, "2115", "g-12id")
    for bad in ({"type": "assault"}, {"type": "assault", "attackers": ["nobody"], "hexes": ["2116"]},
                {"type": "assault", "attackers": ["g-12id"], "hexes": [7]}, {"type": "blitz", "hex": "2116"}, "x"):
        assert dynamo.preview(s, bad) is None  # type: ignore[arg-type]


@pytest.mark.rules("dynamo:11.2")
def test_previews_are_the_same_whatever_the_fog_hides() -> None:
    """Over random games, every Blitz and assault preview reads the same on a disguised position
    (every fact hidden from the acting side re-drawn)."""
    rng = random.Random(3)
    session = Session.start(dynamo, "dynamo/no-halt-order", seed=3)
    checked = 0
    for _ in range(900):
        if session.outcome() is not None:
            break
        p = session.prompt
        offers = [a for a in p.actions if a.get("type") in ("blitz", "assault")][:4] if p.side else []
        for a in offers:
            other = dynamo.disguise(session.state, p.side, rng)
            assert dynamo.preview(session.state, a) == dynamo.preview(other, a), a
            checked += 1
        session.act(random_bot(session, rng))
    assert checked > 20


@pytest.mark.rules("dynamo:16.4")
def test_the_crt_panel_shows_the_line_of_the_last_assault(monkeypatch: pytest.MonkeyPatch) -> None:
    patch_map(monkeypatch, terrain={"2116": "watergangs"})
    s = empty("german-assault")
    s.raf = False
    put(s, "2116", "f-1na")  # 4-6
    put(s, "2115", "g-12id", "g-7id")  # 6 + 6 against 6: 2-1
    assert dynamo.view(s, "german")["crt"]["columns"][0] == "1-3"  # the clear line before any battle
    events = act(s, {"type": "assault", "attackers": ["g-12id", "g-7id"], "hexes": ["2116"]}, 6)
    data = next(e.data for e in events if e.kind == "combat")
    line = dynamo.view(s, "german")["crt"]["columns"]
    assert line[3] == "3-1"  # 16.4: 3-1 is the fourth watergangs column
    assert (data["odds"], data["column"], line[data["column_index"]]) == ("2-1", "2-1", "2-1")
