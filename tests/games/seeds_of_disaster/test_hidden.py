"""Hidden means hidden in the war: the other side's army strengths, stack make-up, boxes and the
German attack plan stay out of a side's view, and re-drawing them leaves its view unchanged."""

from __future__ import annotations

import random

import pytest

from tests.games.seeds_of_disaster.helpers import only, war_state
from wargames_tui.engine.dice import Dice
from wargames_tui.games import seeds_of_disaster as game
from wargames_tui.games.seeds_of_disaster import rules



def _ids(view: dict, side: str) -> set[str]:
    return {u["id"] for u in view["units"] if u["side"] == side}


@pytest.mark.rules("seeds-of-disaster:2.3.1", "seeds-of-disaster:5.2.2")
def test_enemy_armies_show_on_the_map_without_their_strength_and_corps_unnamed() -> (
    None
):
    s = only(
        {
            "G6": ("AAC", 9),
            "XV": ("AAC", 2),
            "XIX": ("poised:G6", 2),
            "F1": ("LIE", 7),
            "DLM1": ("LIE", 2),
        }
    )
    view = game.view(s, "allied")
    g6 = next(u for u in view["units"] if u["id"] == "G6")
    assert g6["zone"] == "AAC" and "steps" not in g6 and "strength" not in g6
    assert "XV" not in _ids(view, "german") and "XIX" not in _ids(view, "german")
    at_aac = [u for u in view["units"] if u["zone"] == "AAC"]
    assert (
        len(at_aac) == 2
    )  # the army and one unidentified corps; the poised corps is off the map
    own = next(u for u in view["units"] if u["id"] == "F1")
    assert own["steps"] == 7


@pytest.mark.rules("seeds-of-disaster:2.3.2", "seeds-of-disaster:2.3.4")
def test_the_other_sides_boxes_are_closed() -> None:
    s = only({"LF2": ("reserve", 2), "G2": ("mobilized", 5), "F1": ("LIE", 5)})
    view = game.view(s, "allied")
    off = [u for u in view["units"] if u["side"] == "german" and u["box"] == "off-map"]
    assert off and all(u["id"].startswith("?") and u["kind"] is None for u in off)


@pytest.mark.rules("seeds-of-disaster:19.0")
def test_the_attack_plan_is_the_germans_alone_until_the_end() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 5)})
    s.attack_plan = "center"
    assert game.view(s, "german")["attack_plan"] == "center"
    assert (
        game.view(s, "allied")["attack_plan"] is None
        and game.view(s, None)["attack_plan"] is None
    )
    s.war.ended = True
    assert game.view(s, "allied")["attack_plan"] == "center"


@pytest.mark.rules("seeds-of-disaster:5.2.2")
def test_examining_a_stack_tells_only_the_one_who_paid() -> None:
    s = only({"G6": ("AAC", 5), "F1": ("LIE", 7), "DLM1": ("LIE", 2)}, ip=1)
    events = rules.apply(s, {"type": "examine", "area": "LIE"}, Dice(1))
    secret = [e for e in events if e.only == "german"]
    assert secret and "F1 (7 steps)" in secret[0].text and "DLM1" in secret[0].text
    assert all("F1 (7" not in e.text for e in events if e.only is None)
    assert s.strategic.ip["german"] == 0


def test_no_war_view_changes_when_what_it_may_not_see_changes() -> None:
    rng = random.Random(3)
    for seed in (1, 2):
        s = war_state()
        s.attack_plan = "north"
        dice = Dice(seed)
        for n in range(160):
            if n % 4 == 0:
                for viewer in ("german", "allied", None):
                    seen = game.view(s, viewer)
                    assert game.view(game.disguise(s, viewer, rng), viewer) == seen, (
                        seed,
                        n,
                        viewer,
                    )
            prompt = rules.prompt(s)
            if prompt.side is None:
                break
            rules.apply(s, rng.choice(list(prompt.actions)), dice)
