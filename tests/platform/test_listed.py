"""Only the prompt's actions are played, in every game (engine/legality.py).

Through random games of every scenario: every listed action passes the check, and an action made
by changing a listed one (an extra key, a changed value, a type not offered) is refused with the
position left as it was, whatever the game's `apply` would have made of it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from wargames_tui.bots import random_bot
from wargames_tui.engine.actionlist import form_key, types_of
from wargames_tui.engine.flow import Action, IllegalAction
from wargames_tui.engine.legality import anytime, listing, listing_form
from wargames_tui.engine.session import Session
from wargames_tui.games import all_scenarios, game_for

SCENARIOS = [info.id for info in all_scenarios()]
MAX_ACTIONS = 300
CHECK_EVERY = 7
SAMPLE = 6  # listed actions checked, and mutated, at each checked position


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1000
    if isinstance(value, str):
        return value + "-x"
    if isinstance(value, list):
        return [*value, "x"]
    return "x"


def mutations(action: Action, offered: set[str]) -> list[Action]:
    out: list[Action] = [{**action, "unit": "nobody"}, {**action, "extra": 1}]
    out += [{**action, k: _changed(v)} for k, v in action.items() if k != "type"]
    out += [{**action, k: None} for k in action if k != "type"]
    out += [{k: v for k, v in action.items() if k != drop} for drop in action if drop != "type"]
    out += [{"type": t} for t in ("end-phase", "pass", "no-such-type") if t not in offered]
    return out


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_only_listed_actions_are_played(scenario: str) -> None:
    game = game_for(scenario)
    form = listing_form(game)
    rng = random.Random(3)
    session = Session.start(game, scenario, seed=3)
    checked = refused = 0
    for n in range(MAX_ACTIONS):
        if session.outcome() is not None:
            break
        if n % CHECK_EVERY == 0:
            actions = [*session.prompt.actions, *anytime(game, session.state)]
            found = listing(game, session.state, session.prompt)
            every = {form_key(form(a)) for a in actions}
            offered = {a.get("type", "") for a in actions}
            before = game.dump(session.state)
            for action in rng.sample(list(actions), min(SAMPLE, len(actions))):
                assert action in found, f"action {n}: a listed action fails the check: {action}"
                checked += 1
                for wrong in mutations(action, offered):
                    if form_key(form(wrong)) in every:
                        continue
                    with pytest.raises(IllegalAction):
                        session.act(wrong)
                    assert game.dump(session.state) == before and len(session.log) == n
                    refused += 1
        session.act(random_bot(session, rng))
    assert checked and refused


PARTED = [s for s in SCENARIOS if hasattr(game_for(s), "listed_part")]


@pytest.mark.parametrize("scenario", PARTED)
def test_a_listed_part_holds_only_the_prompt_s_actions(scenario: str) -> None:
    """A game's `listed_part(state, action)`, what Session.act checks an action against before the
    whole listing (engine/legality.listed_quickly), is a part of the prompt's actions: what it
    accepts the whole listing accepts. And it holds the listed actions it is asked about."""
    game = game_for(scenario)
    form = listing_form(game)
    rng = random.Random(5)
    session = Session.start(game, scenario, seed=5)
    parted = 0
    for _ in range(MAX_ACTIONS):
        if session.outcome() is not None:
            break
        actions = list(session.prompt.actions)
        every = {form_key(form(a)) for a in actions}
        for action in rng.sample(actions, min(SAMPLE, len(actions))):
            for asked in (action, *mutations(action, set())):
                part = game.listed_part(session.state, asked)
                if part is None:
                    continue
                assert {form_key(form(a)) for a in part} <= every, f"{asked}: its part lists what the prompt does not"
                if asked is action:
                    assert action in part
                    parted += 1
        session.act(random_bot(session, rng))
    assert parted


SETTLED = {  # the kinds of action each game's part finds every listed one of (the bulk of a replay)
    "blitzkrieg-1940/1940": {"select", "move", "deselect"},
    "dynamo/campaign": {"pick", "go", "halt"},
    "betrayal/historical": {"move"},
}


@pytest.mark.parametrize("scenario", sorted(SETTLED))
def test_a_listed_part_finds_every_listed_action_of_its_kinds(scenario: str) -> None:
    """The part is not only safe but found: every listed action of the kinds the game's part is
    for is in its part, so that a replay of them does not build the whole prompt."""
    game = game_for(scenario)
    rng = random.Random(3)
    session = Session.start(game, scenario, seed=3)
    found: dict[str, int] = {}
    for _ in range(600):
        if session.outcome() is not None:
            break
        for action in session.prompt.actions:
            if action["type"] in SETTLED[scenario]:
                part = game.listed_part(session.state, action)
                assert part is not None and action in part, f"{action}: not in its part {part}"
                found[action["type"]] = found.get(action["type"], 0) + 1
        session.act(random_bot(session, rng))
    assert set(found) == SETTLED[scenario], found


def test_an_unlisted_move_is_refused_on_replay(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """A replayed move, checked against its unit's part of the listing first, is still refused when
    the listing does not hold it, even by rules that would take it (a save's log is untrusted)."""
    from wargames_tui.engine.flow import Event
    from wargames_tui.engine.saves import SaveError, load, save

    scenario = "seeds-of-disaster/1934"
    game = game_for(scenario)
    rng = random.Random(3)
    session = Session.start(game, scenario, seed=3)
    while not any(e.action.get("type") in ("shift", "move") for e in session.log):
        session.act(random_bot(session, rng))
    path = tmp_path / "g.json"
    save(session, path, compact=True)
    text = path.read_text()
    last = json.dumps(session.log[-1].action, separators=(",", ":"), ensure_ascii=False)
    assert last in text
    rules_apply = game.apply

    def lax(state, action, dice):  # noqa: ANN001, ANN202 - rules that take the forged move
        if action.get("extra") or action.get("to") == "nowhere":
            return [Event("info", "taken")]
        return rules_apply(state, action, dice)

    monkeypatch.setattr(game, "apply", lax)
    for wrong in ({**session.log[-1].action, "to": "nowhere"}, {**session.log[-1].action, "extra": 1}):
        path.write_text(text.replace(last, json.dumps(wrong, separators=(",", ":"))))
        with pytest.raises(SaveError, match=f"log entry {len(session.log)} .* not one of the legal actions"):
            load(path)


def test_a_move_walked_step_by_step_beyond_the_stack_s_points_is_refused(monkeypatch) -> None:  # noqa: ANN001
    """Blitzkrieg 1940's part walks a move's path instead of searching the stack's whole reach: a
    path of steps each of which it may take, but costing more MPs than the stack has, is in
    neither the part nor the listing, even by rules that would take it."""
    from wargames_tui.engine.flow import Event
    from wargames_tui.games.blitzkrieg_1940 import movement
    from wargames_tui.games.blitzkrieg_1940.position import Position

    scenario = "blitzkrieg-1940/1940"
    game = game_for(scenario)
    rng = random.Random(3)
    session = Session.start(game, scenario, seed=3)
    forged = None
    while forged is None and session.outcome() is None:
        session.act(random_bot(session, rng))
        s, uids = session.state, session.state.selected
        if not uids or s.battle is not None or any(s.units[u].status != "map" for u in uids):
            continue
        pos, start = Position(s), s.units[uids[0]].hex
        further = movement.reach(pos, uids, start, 40)  # blitzkrieg-1940:13.2, with 40 MPs
        near = movement.destinations(pos, uids)
        beyond = [h for h in further.cost if h not in near and h != start and movement.may_end(pos, uids, h, movement.fits(pos, uids, []))]
        if beyond:
            forged = {"type": "move", "unit": uids[0], "units": list(uids), "path": further.path_to(beyond[0])}
    assert forged is not None
    assert game.listed_part(session.state, forged) is None
    monkeypatch.setattr(game, "apply", lambda state, action, dice: [Event("info", "taken")])
    with pytest.raises(IllegalAction, match="not one of the legal actions"):
        session.act(forged)



@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_types_offered_are_the_listed_actions_own(scenario: str) -> None:
    # A refusal names the types offered (legality._unlisted), read from the lazy parts' kinds
    # where a part holds one kind: they must still be the listed actions' own types.
    game = game_for(scenario)
    rng = random.Random(5)
    session = Session.start(game, scenario, seed=5)
    for n in range(60):
        if session.outcome() is not None:
            break
        if n % 6 == 0:
            assert types_of(session.prompt.actions) == {a.get("type", "") for a in list(session.prompt.actions)}
        session.act(random_bot(session, rng))
