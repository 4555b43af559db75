"""The menu and the load list with odd files in the save folder: each listed with its cause, none
opened blocking, the good save still offered under Continue."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from tests.ui.helpers import SIZE, make_app, new_session, play_screen, sync
from textual.widgets import DataTable, OptionList
from wargames_tui.engine.saves import save
from wargames_tui.ui.screens.load_game import LoadGameScreen
from wargames_tui.ui.saving import list_saves
from wargames_tui.ui.screens.menu import MenuScreen

ODD = {  # file name -> what it holds, and the word its row must show
    "deep.json": "nested too deeply",
    "digits.json": "5000 digits",
    "x.json": "folder",
    "loop.json": "loops",
    "junk.json": "UTF-8",
    "huge.json": "MB",
    "pipe.json": "named pipe",
}


def fill(folder: Path) -> None:
    (folder / "deep.json").write_text("[" * 5000 + "]" * 5000)
    (folder / "digits.json").write_text('{"format":"wargames-tui-save","version":' + "7" * 5000 + "}")
    (folder / "x.json").mkdir()
    os.symlink("loop.json", folder / "loop.json")
    (folder / "junk.json").write_bytes(bytes(range(128, 256)) * 4)
    with open(folder / "huge.json", "wb") as f:
        f.truncate(50 * 2**20)
    os.mkfifo(folder / "pipe.json")


@sync
async def test_the_menu_and_load_list_list_odd_files_with_their_cause(save_dir: Path) -> None:
    fill(save_dir)
    session = new_session()
    save(session, save_dir / "good.json")
    listing = threading.Thread(target=list_saves, args=(save_dir,), daemon=True)
    listing.start()
    listing.join(10)
    assert not listing.is_alive(), "listing the folder hangs: the client would hang at its menu"
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert not app.screen.query_one(OptionList).get_option("continue").disabled
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadGameScreen)
        table = app.screen.query_one(DataTable)
        rows = [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        assert len(rows) == len(ODD) + 1
        for name, word in ODD.items():
            row = next(r for r in rows if name in r)
            assert "unreadable" in row and word in row, row
        good = next(i for i, r in enumerate(rows) if "good.json" in r)
        table.move_cursor(row=good)
        await pilot.press("enter")
        await pilot.pause()
        assert play_screen(app).session.log == [] and play_screen(app).save_path == save_dir / "good.json"
