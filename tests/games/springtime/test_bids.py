"""Side determination by secret bids (springtime:17.1): each bidder seals a bid unseen by the other,
the higher plays the Axis and French Morale starts that much higher, a tie goes to a die each;
and the first bid is hidden from the second bidder on every channel he reads."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.ui.helpers import SIZE, make_app, sync
from wargames_tui.cli import main
from wargames_tui.engine.channels import headline, shown_to
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.saves import save
from wargames_tui.engine.session import Session
from wargames_tui.games import springtime
from wargames_tui.games.springtime import phases
from wargames_tui.present import presentation

from .helpers import FG, PR, act, fresh

HOTSEAT = {"allied": "human", "axis": "human"}
FIRST_BID = 187  # beyond the bids the client lists and any number on the map, so a leak of it would show


def bidding(scenario: str = FG, **options: str):
    return fresh(scenario, bids="on", **options)


@pytest.mark.rules("springtime:17.1")
def test_the_bid_example_the_higher_bid_plays_the_axis_and_raises_french_morale() -> None:
    # John bids 3 (first), Bob 5 (second): Bob plays the Axis and French Morale starts at 30 + 5.
    s = bidding()
    assert (s.phase, phases.acting_side(s)) == ("bids", "allied")
    act(s, {"type": "bid", "amount": 3})
    assert phases.acting_side(s) == "axis" and s.morale == 30
    text = act(s, {"type": "bid", "amount": 5})
    assert s.morale == 35 and s.flags["bid_winner"] == "axis" and "seats they bid from" in text
    assert (s.phase, s.step) == ("political", "draw-allied")  # the game starts as without bids
    assert s.flags["phase_morale"] == 35  # the Political Phase reads the Morale as it starts (6.1.3)


@pytest.mark.rules("springtime:17.1")
def test_a_higher_first_bid_takes_the_axis_and_the_players_change_seats() -> None:
    s = bidding()
    act(s, {"type": "bid", "amount": 6})
    text = act(s, {"type": "bid", "amount": 5})
    assert s.morale == 36 and s.flags["bid_winner"] == "allied" and "change seats" in text


@pytest.mark.rules("springtime:17.1")
@pytest.mark.parametrize(("rolls", "winner"), [((5, 2), "allied"), ((2, 5), "axis"), ((4, 4, 1, 3), "axis")])
def test_equal_bids_go_to_a_die_each_and_the_high_roll_takes_the_axis(rolls: tuple[int, ...], winner: str) -> None:
    # Both bid 5: the high roll plays the Axis, and French Morale starts at 35; equal rolls roll again.
    s = bidding()
    act(s, {"type": "bid", "amount": 5})
    act(s, {"type": "bid", "amount": 5}, *rolls)
    assert s.morale == 35 and s.flags["bid_winner"] == winner


@pytest.mark.rules("springtime:17.1")
def test_a_bid_has_no_cap_and_is_a_whole_number() -> None:
    s = bidding()
    assert {"type": "bid", "amount": 250} in phases.prompt(s).actions  # any whole number, beyond the client's list
    act(s, {"type": "bid", "amount": 250})
    act(s, {"type": "bid", "amount": 0})
    assert s.morale == 280
    session = Session.start(springtime, FG, {"bids": "on"}, seed=1)
    for wrong in ({"type": "bid", "amount": -1}, {"type": "bid", "amount": 2.5}, {"type": "bid", "amount": "3"},
                  {"type": "bid", "amount": True}, {"type": "bid"}, {"type": "bid", "amount": 3, "side": "axis"}):
        with pytest.raises(Exception, match="17.1|prompt"):
            session.act(wrong)
    assert session.state.bids == {}


@pytest.mark.rules("springtime:17.1", "springtime:18.2", "springtime:19.2")
def test_bids_come_before_the_free_set_up_and_plan_red_starts_as_without_them() -> None:
    s = bidding(**{"free-setup": "on"})
    act(s, {"type": "bid", "amount": 1})
    act(s, {"type": "bid", "amount": 2})
    assert (s.phase, s.step) == ("setup", "setup-allied") and s.morale == 32
    plain, s = fresh(PR), bidding(PR)
    act(s, {"type": "bid", "amount": 4})
    act(s, {"type": "bid", "amount": 2})
    assert (s.phase, s.step, s.active, s.morale) == (plain.phase, plain.step, plain.active, plain.morale + 4)


def _second_bidder_reads(session: Session) -> dict[str, object]:
    """Everything the second bidder may read while he bids: view, show, prompt and actions, and
    the lines of the first bid in the log and the replay."""
    game, state = springtime, session.state
    view = game.view(state, "axis")
    prompt = session.prompt
    first = session.log[0].events
    return {
        "view": view, "public": game.view(state, None),
        "show": presentation(game).text(game, state, view),
        "prompt": (prompt.side, prompt.text, prompt.case, list(prompt.actions)),
        "events": [e.text for e in shown_to(first, "axis")], "replay": headline(first, None),
    }


@pytest.mark.rules("springtime:17.1")
def test_the_first_bid_is_hidden_from_the_second_bidder_on_every_channel() -> None:
    read = []
    for amount in (FIRST_BID, 2):
        session = Session.start(springtime, FG, {"bids": "on"}, seed=1)
        session.act({"type": "bid", "amount": amount})
        read.append(_second_bidder_reads(session))
    assert read[0] == read[1]  # nothing he reads differs with the first bid
    assert str(FIRST_BID) not in json.dumps(read[0], default=str)
    d = springtime.disguise(session.state, "axis", random.Random(1))
    assert springtime.view(d, "axis") == springtime.view(session.state, "axis")
    assert d.bids["allied"] != session.state.bids["allied"] or springtime.disguise(session.state, "axis", random.Random(2)).bids != session.state.bids
    # and the first bidder reads his own bid
    assert springtime.view(session.state, "allied")["bids"] == {"allied": 2}


@pytest.mark.rules("springtime:17.1")
def test_the_cli_tells_the_second_bidder_nothing_of_the_first_bid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = Session.start(springtime, FG, {"bids": "on"}, seed=1)
    session.act({"type": "bid", "amount": FIRST_BID})
    path = tmp_path / "g.json"
    save(session, path)
    capsys.readouterr()
    for command in (["show", str(path), "--json"], ["show", str(path)], ["actions", str(path), "--json"], ["replay", str(path)]):
        assert main(command) == 0
        out = capsys.readouterr().out
        assert str(FIRST_BID) not in out, command
    assert main(["act", str(path), json.dumps({"type": "bid", "amount": 1})]) == 0
    out = capsys.readouterr().out
    assert f"first bidder {FIRST_BID}, the second bidder 1" in out  # revealed together, once both are sealed


@pytest.mark.rules("springtime:17.1")
@sync
async def test_hotseat_bids_a_cover_between_the_bidders_and_the_second_never_sees_the_first(tmp_path: Path) -> None:
    from tests.ui.areahelpers import area_screen, log_text, pick_in_list, text_of

    first = 77  # a bid the client lists; no Area of the map is numbered so

    session = Session(springtime, FG, {"bids": "on"}, bidding(), Dice(3), dict(HOTSEAT))
    app = make_app(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "HandoffScreen"  # whoever sits down first may not bid first
        await pilot.press("enter")
        await pilot.pause()
        screen = area_screen(app)
        assert screen.session.prompt.side == "allied"
        await pilot.press("a")
        await pilot.pause()
        await pick_in_list(pilot, app, f"bid {first} ")
        assert session.state.bids == {"allied": first}
        assert type(app.screen).__name__ == "HandoffScreen"  # the keyboard passes behind the cover
        assert "first bidder" not in str(app.screen.query_one("#handoff-box").render())
        await pilot.press("enter")
        await pilot.pause()
        seen = " ".join([log_text(screen), *(text_of(screen, w) for w in ("#prompt", "#header"))])
        assert screen.session.prompt.side == "axis" and "sealed a bid" in seen and str(first) not in seen
        await pilot.press("a")
        await pilot.pause()
        await pick_in_list(pilot, app, "bid 3 ")
        assert session.state.morale == 30 + first and session.state.phase == "political"
