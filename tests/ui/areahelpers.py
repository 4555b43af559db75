"""Helpers for the area-map client tests (Dieppe, Strange Victory): new games, a view for the
widget tests, and the area play screen driven with keys."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from rich.style import Style
from textual.widgets import Select

from tests.ui.helpers import SIZE, choose_scenario, make_app
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.games.dieppe import rules
from wargames_tui.ui.app import WargamesApp
from wargames_tui.ui.screens.actions import ActionsScreen
from wargames_tui.ui.screens.play import PlayScreen
from wargames_tui.ui.widgets.areamap import AreaMap
from wargames_tui.ui.widgets.log import LogPanel

DIEPPE = "dieppe/raid"
DIEPPE_SEATS = {"british": "human", "german": "game"}
SV = "strange-victory/campaign"
SV_SEATS = {"german": "human", "allied": "game"}
HISTORICAL = {"type": "setup", "placement": {"XV": "I", "XXXI": "II", "XIX": "III"}}


def raid_view() -> dict[str, Any]:
    """The Dieppe view the rules give at the start of a new game (the British aboard their LCA in
    the two waiting zones, the fixed German pieces on their F, H and P zones)."""
    return rules.view(rules.new_state(DIEPPE, {}))


def dieppe(seed: int = 1, setup_done: bool = False, options: dict[str, str] | None = None) -> Session:
    session = Session.start(game_for(DIEPPE), DIEPPE, options, seed=seed, seats=dict(DIEPPE_SEATS))
    if setup_done:
        session.act({"type": "end-setup"})
    return session


def strange_victory(seed: int = 2, setup_done: bool = True) -> Session:
    """A new Strange Victory game, by default past the historical set-up."""
    session = Session.start(game_for(SV), SV, {"setup": "choice"}, seed=seed, seats=dict(SV_SEATS))
    if setup_done:
        session.act(HISTORICAL)
    return session


def area_screen(app: WargamesApp) -> PlayScreen:
    screen = app.screen
    assert isinstance(screen, PlayScreen), f"expected the area play screen, got {type(screen).__name__}"
    return screen


@asynccontextmanager
async def playing(
    save_dir: Path, session: Session, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[WargamesApp, Any, PlayScreen]]:
    """The app open on the area play screen of `session`: (app, pilot, screen)."""
    app = make_app(save_dir, session)
    async with app.run_test(size=size) as pilot:
        yield app, pilot, area_screen(app)


async def new_game_from_menu(pilot, app: WargamesApp, scenario: str, seats: dict[str, str]) -> PlayScreen:  # noqa: ANN001
    """A new game of an area scenario started from the menu with F5: the side the game plays (seat
    "game") has no seat to choose, the player's has one. Returns the play screen."""
    screen = await choose_scenario(pilot, app, scenario)
    for side, seat in seats.items():
        if seat == "game":
            assert not screen.query(f"#seat-{side}")
        else:
            assert isinstance(screen.query_one(f"#seat-{side}"), Select)
    await pilot.press("f5")
    await pilot.pause()
    play = area_screen(app)
    assert play.session.seats == seats
    return play


def text_of(screen: PlayScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def log_text(screen: PlayScreen) -> str:
    """The log as one line of words (the panel wraps long lines)."""
    return " ".join(" ".join(line.text for line in screen.query_one(LogPanel).lines).split())


def line_styles(area: AreaMap, row: int) -> list[tuple[str, Style]]:
    """(character, style) for every cell of a picture row as drawn."""
    strip = area._build_line(row)
    return [(ch, seg.style) for seg in strip for ch in seg.text]


def in_view(area: AreaMap, zid: str) -> bool:
    """The zone's label is in the part of the map on screen."""
    col, row = area.zones[zid]["at"]
    sx, sy = area.scroll_offset
    width, height = area.scrollable_content_region.size
    return sx <= col - 1 and col + len(zid) + 1 <= sx + width and sy <= row < sy + height


async def goto(pilot, screen: PlayScreen, zone: str) -> None:  # noqa: ANN001
    """Walk the cursor to a zone with the arrow keys, as a player would."""
    area = screen.query_one(AreaMap)
    for _ in range(40):
        if area.cursor == zone:
            return
        (x0, y0), (x1, y1) = area.layout_.centres[area.cursor], area.layout_.centres[zone]
        dx, dy = x1 - x0, 2 * (y1 - y0)
        key = ("right" if dx > 0 else "left") if abs(dx) >= abs(dy) else ("down" if dy > 0 else "up")
        before = area.cursor
        await pilot.press(key)
        if area.cursor == before:  # nothing that way: try the other axis
            await pilot.press(("down" if dy > 0 else "up") if abs(dx) >= abs(dy) else ("right" if dx > 0 else "left"))
    assert area.cursor == zone, f"could not walk to {zone}"


async def pick_in_list(pilot, app: WargamesApp, needle: str) -> None:  # noqa: ANN001
    """In the open action list, type a filter and take the first match."""
    assert isinstance(app.screen, ActionsScreen)
    await pilot.press(*needle)
    await pilot.press("enter")
    await pilot.pause()
    if isinstance(app.screen, ActionsScreen) and app.screen._confirming is not None:
        await pilot.press("enter")  # it rolls the dice: the list asks once more
        await pilot.pause()


async def save_and_reopen(pilot, app: WargamesApp, screen: PlayScreen) -> PlayScreen:  # noqa: ANN001
    """s to save, q to the menu, and the save opened again: the new play screen, with every action."""
    await pilot.press("f5")
    await pilot.pause()
    played = len(screen.session.log)
    await pilot.press("q")
    await pilot.pause()
    app.open_save(screen.save_path)
    await pilot.pause()
    again = area_screen(app)
    assert again is not screen and len(again.session.log) == played
    return again
