"""Two screens, one game: two seat-bound clients on one save, in one process (issue 24).

Each app opens the save for one side of a game that hides things (The Seeds of Disaster: secret
hands and orders); the side to act plays a random legal action through its screen, the other app
follows it from the file by its own timer. At every step: each app draws its own side's view, its
log holds only the lines its side may read, the waiting app lists no action and refuses to play
one without touching the file; at the end both hold the position the save proves.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from wargames_tui.cli import new_session
from wargames_tui.engine.channels import readable
from wargames_tui.engine.opening import open_snapshot
from wargames_tui.engine.saves import _signature, load, save
from wargames_tui.engine.seats import changed
from wargames_tui.engine.session import SEAT
from wargames_tui.ui import seat
from wargames_tui.ui.app import WargamesApp
from wargames_tui.ui.screens.actions import ActionsScreen
from wargames_tui.ui.widgets.log import LogPanel
from wargames_tui.ui.widgets.panel import Panel
from tests.ui.helpers import SIZE, play_screen, sync, wait_until

SCENARIO = "seeds-of-disaster/1934"


def seat_app(save_dir: Path, path: Path, side: str) -> WargamesApp:
    proof = open_snapshot(path)
    proof.session.seat = side
    app = WargamesApp(save_dir=save_dir, opened=proof)
    app.bot_delay = 0.01
    return app


def log_text(app: WargamesApp) -> str:
    log = play_screen(app).query_one(LogPanel)
    return " ".join(" ".join("".join(seg.text for seg in strip) for strip in log.lines).split())


def secrets_of(session, side: str, other: str) -> list[str]:
    """The texts of the events only `other` may read that `side` reads nowhere in the log."""
    mine = {e.text for entry in session.log for e in entry.events if readable(e, side)}
    return [" ".join(e.text.split()) for entry in session.log for e in entry.events
            if e.only == other and e.text not in mine]


@sync
async def test_two_seats_play_a_hidden_game_on_one_save(save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seat, "POLL", 0.05)  # the timer that follows the file, faster for the test
    told: dict[int, list[str]] = {}  # each app's notes as posted (a note lives 4 s: under load it may be gone when read)
    real_notify = WargamesApp.notify

    def notify(self, message, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        told.setdefault(id(self), []).append(str(message))
        return real_notify(self, message, *args, **kwargs)

    monkeypatch.setattr(WargamesApp, "notify", notify)
    path = save_dir / "two.json"
    save(new_session(SCENARIO, {}, 5), path)
    apps = {side: seat_app(save_dir, path, side) for side in ("german", "allied")}
    rng = random.Random(7)
    async with apps["german"].run_test(size=SIZE) as pg, apps["allied"].run_test(size=SIZE) as pa:
        pilots = {"german": pg, "allied": pa}
        for side, pilot in pilots.items():
            await wait_until(pilot, lambda: play_screen(apps[side]).session.unproven is None)
        handovers, last, secrets_seen = 0, None, 0
        for _ in range(60):
            screens = {side: play_screen(app) for side, app in apps.items()}
            movers = [side for side, s in screens.items() if s.session.waiting_for() is None]
            assert len(movers) == 1, movers
            mover = movers[0]
            (waiter,) = [side for side in screens if side != mover]
            if mover != last:
                handovers, last = handovers + 1, mover
            waiting = screens[waiter]
            # the waiting seat: its own view, no action of the other's listed, none played, nothing written
            assert waiting.view == waiting.session.view(waiter) and waiting._drawn_for == waiter
            assert waiting.session.prompt.actions == [] and waiting.owed() == []
            line = str(waiting.query_one("#prompt", Panel)._shown)
            assert "to play at the other seat" in line and screens[mover].session.prompt.text not in line
            before = _signature(path)
            assert waiting.play(list(screens[mover].session.prompt.actions)[0]) == []
            assert _signature(path) == before and waiting.message[1] == "error" and SEAT in waiting.message[0]
            await pilots[waiter].press("a")
            await pilots[waiter].pause()
            assert not isinstance(apps[waiter].screen, ActionsScreen)
            waiting.action_actions()  # what a map's Enter falls back to
            assert "at the other seat" in waiting.message[0] and not isinstance(apps[waiter].screen, ActionsScreen)
            # the seat to act plays through its screen; the other follows from the file by its timer
            count = len(screens[mover].session.log)
            before = len(told.get(id(apps[waiter]), []))
            assert screens[mover].play(rng.choice(list(screens[mover].session.prompt.actions)))
            await wait_until(pilots[waiter], lambda: len(waiting.session.log) == count + 1, tries=400)
            assert len(waiting.session.log) == count + 1
            if waiting.session.waiting_for() is None:  # the turn came to it: its player is told, now
                # (a "Your turn" of an earlier handover passed this check while this handover told
                # nothing: the turn came back after one action of the other seat)
                assert any(m.startswith("Your turn") for m in told.get(id(apps[waiter]), [])[before:])
            for side, s in screens.items():
                other = waiter if side == mover else mover
                text = log_text(apps[side])
                hidden = secrets_of(s.session, side, other)
                secrets_seen += len(hidden)
                assert not [t for t in hidden if t in text], f"{side} reads the {other}'s events"
        assert handovers >= 6
        assert secrets_seen  # the game did hide things from each side on the way
        dumps = [s.session.game.dump(s.session.state) for s in screens.values()]
        assert dumps[0] == dumps[1] == load(path).game.dump(load(path).state)


@sync
async def test_a_new_game_for_one_side_then_the_other_side_from_the_load_screen(save_dir: Path) -> None:
    """New game, 'This screen plays: Allied only': the game is saved at once for the other screen,
    which opens it from Load game with o, for the German side."""
    from textual.widgets import Select

    from tests.ui.helpers import choose_scenario, make_app
    from wargames_tui.ui.screens.load_game import LoadGameScreen
    from wargames_tui.ui.screens.seat_choice import SeatChoiceScreen

    first = make_app(save_dir)
    async with first.run_test(size=SIZE) as pilot:
        screen = await choose_scenario(pilot, first, SCENARIO)
        screen.query_one("#new-seat", Select).value = "allied"
        await pilot.press("f5")
        await wait_until(pilot, lambda: list(save_dir.glob("*.json")))
        allied = play_screen(first)
        assert allied.session.seat == "allied" and allied.viewer() == "allied"
        for _ in range(5):
            await pilot.pause(seat.POLL)
        assert "cannot be played" not in str(allied.message)  # its timer looked before the first save was written
        assert any("--seat SIDE" in n.message for n in first._notifications)
        (path,) = save_dir.glob("*.json")
    second = make_app(save_dir)
    async with second.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(second.screen, LoadGameScreen)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(second.screen, SeatChoiceScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: getattr(second.screen, "session", None) is not None and second.screen.session.unproven is None)
        german = play_screen(second)
        assert german.session.seat == "german" and german.save_path == path
        assert german.session.waiting_for() is None and german.session.prompt.actions


@sync
async def test_a_hex_map_seat_shows_only_what_it_may_do_while_the_other_seat_plays(save_dir: Path) -> None:
    # Issue 24's leftover (issue 27): the footer of a seat-bound hex map offered Enter, Tab and the
    # step's keys while the other seat played; Enter said nothing of whose turn it was.
    from wargames_tui.ui.widgets.footer import Footer

    path = save_dir / "hex.json"
    session = new_session("panzer-corps/kharkov", {}, 1)
    save(session, path)
    waiter = next(side for side in session.seats if side != session.prompt.side)
    app = seat_app(save_dir, path, waiter)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await wait_until(pilot, lambda: screen.session.unproven is None)
        await pilot.pause()
        assert screen.session.waiting_for() is not None
        keys = {k.key for k in screen.query_one(Footer).query("FooterKey")}
        assert not keys & {"enter", "tab", "e", "r", "p", "n", "b", "escape", "a", "u"}, keys
        await pilot.press("enter")
        await pilot.pause()
        prompt = str(screen.query_one("#prompt").render())
        assert "other seat" in prompt, prompt


def test_a_save_not_written_yet_has_nothing_to_follow(tmp_path: Path) -> None:
    # a seat's timer looks at the save before the new game's first save lands: nothing new, no error
    session = new_session(SCENARIO, {}, 3)
    path = tmp_path / "game.json"
    assert not changed(session, path)
    save(session, path)
    assert not changed(session, path)  # written here: nothing new
    other = new_session(SCENARIO, {}, 3)
    assert changed(other, path)  # never read by that session: the file decides
