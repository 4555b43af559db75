"""The `wargames` command run headless, the process ended at its first frame: timing the whole
process times the cold start to the first frame.

    python benchmarks/first_frame.py                        # `wargames`: the main menu
    python benchmarks/first_frame.py play panzer-corps/kharkov --hotseat   # the map (without --hotseat: the new-game screen)
    python benchmarks/first_frame.py --bare                 # the one-widget Textual app (the baseline)

The first frame is the first screen update of a screen holding widgets of the app's own (the
client pushes its screen over the app's default one, which holds only Textual's toasts and
tooltip: its updates do not count); the process exits as soon as it is drawn, so nothing the
client leaves for after it is counted. Saves go to a new empty
folder unless WARGAMES_SAVE_DIR names one.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.app import App  # noqa: E402
from textual.screen import Screen  # noqa: E402
from textual.widgets._toast import ToastRack  # noqa: E402
from textual.widgets._tooltip import Tooltip  # noqa: E402

SIZE = (120, 40)


def exit_at_first_frame() -> None:
    update, run = Screen._compositor_refresh, App.run

    def first_update(self: Screen) -> None:
        update(self)
        if any(not isinstance(w, (ToastRack, Tooltip)) for w in self.children):
            os._exit(0)

    def headless(self: App, *args: Any, **kwargs: Any) -> Any:
        return run(self, headless=True, size=SIZE)

    Screen._compositor_refresh = first_update  # type: ignore[method-assign]
    App.run = headless  # type: ignore[method-assign]


def main(argv: list[str]) -> None:
    exit_at_first_frame()
    if argv == ["--bare"]:
        from benchmarks.keys import OneWidget

        OneWidget().run()
    else:
        os.environ.setdefault("WARGAMES_SAVE_DIR", tempfile.mkdtemp())
        from wargames_tui.cli import main as wargames

        wargames(argv)
    raise SystemExit("no frame was drawn")


if __name__ == "__main__":
    main(sys.argv[1:])
