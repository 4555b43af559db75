"""Installed like any Python program: the sdist and the wheel built from it carry scenarios/, and
the wheel, installed in a fresh virtual environment outside the checkout, plays from another folder.

One test, not several: under pytest-xdist, tests of one module may land on different workers, and
each would build and install its own wheel.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from wargames_tui import __version__
from wargames_tui.games import all_scenarios

ROOT = Path(__file__).resolve().parents[1]

# One game of each family (the part of a scenario id before the slash), the shortest of its
# scenarios with the bot that ends it soonest: seed 1 took under 4 s each on the checkout
# (`wargames selfplay ID --games 1 --seed 1 --bot BOT`, notes/wheel.md).
SELFPLAY = {
    "panzer-corps": ("panzer-corps/el-alamein", "random"),
    "dynamo": ("dynamo/no-halt-order", "greedy"),
    "springtime": ("springtime/plan-red", "greedy"),
    "strange-victory": ("strange-victory/campaign", "greedy"),
    "seeds-of-disaster": ("seeds-of-disaster/1934", "greedy"),
    "betrayal": ("betrayal/historical", "greedy"),
    "blitzkrieg-1940": ("blitzkrieg-1940/1939", "random"),
    "dieppe": ("dieppe/raid", "greedy"),
}

# The client, headless, up to its main menu; it prints where its code and data came from.
CLIENT = """
import asyncio, sys
from pathlib import Path
import wargames_tui
from wargames_tui.engine.datafiles import SCENARIOS_DIR
from wargames_tui.ui.app import WargamesApp
from wargames_tui.ui.screens.menu import MenuScreen
from textual.widgets import OptionList

async def main():
    app = WargamesApp(save_dir=Path(sys.argv[1]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen), type(app.screen).__name__
        print(" ".join(o.id for o in app.screen.query_one(OptionList).options))

asyncio.run(main())
print(Path(wargames_tui.__file__).resolve())
print(SCENARIOS_DIR)
"""


def run(args: list[str | Path], cwd: Path, timeout: float = 120) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, args))} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def scenario_files() -> set[str]:
    return {p.relative_to(ROOT / "scenarios").as_posix() for p in (ROOT / "scenarios").rglob("*") if p.is_file()}


@pytest.mark.slow
def test_the_wheel_installs_and_plays_outside_the_checkout(tmp_path: Path) -> None:
    dist, venv, elsewhere = tmp_path / "dist", tmp_path / "venv", tmp_path / "elsewhere"
    elsewhere.mkdir()
    # build: the sdist first, then the wheel from the unpacked sdist, so both must carry the data
    run([sys.executable, "-m", "build", "--outdir", dist, ROOT], cwd=tmp_path, timeout=300)
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    assert wheel.name == f"wargames_tui-{__version__}-py3-none-any.whl"
    top = f"wargames_tui-{__version__}/scenarios/"
    with tarfile.open(sdist) as tar:
        in_sdist = {n.removeprefix(top) for n in tar.getnames() if n.startswith(top)}
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        in_wheel = {n.removeprefix("wargames_tui/scenarios/") for n in names if n.startswith("wargames_tui/scenarios/")}
    assert scenario_files() <= in_sdist
    assert scenario_files() <= in_wheel
    assert "wargames_tui/ui/app.tcss" in names

    # no pip of its own (ensurepip costs seconds): this test's pip installs into it
    run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path)
    python, wargames = venv / "bin" / "python", venv / "bin" / "wargames"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", wheel], cwd=elsewhere, timeout=600)

    assert run([wargames, "--version"], cwd=elsewhere).strip() == f"wargames-tui {__version__}"
    listed = [line.split()[0] for line in run([wargames, "list"], cwd=elsewhere).splitlines()]
    assert listed == [s.id for s in all_scenarios()]
    assert {s.partition("/")[0] for s in listed} == set(SELFPLAY)
    run([wargames, "new", "panzer-corps/el-alamein", "-o", "game.json", "--seed", "1"], cwd=elsewhere)
    assert "Panzer Corps: El Alamein" in run([wargames, "show", "game.json"], cwd=elsewhere)
    for scenario, bot in SELFPLAY.values():
        out = run([wargames, "selfplay", scenario, "--games", "1", "--seed", "1", "--bot", bot], cwd=elsewhere)
        assert "games: 1" in out, out

    menu, code, data = run([python, "-c", CLIENT, tmp_path / "saves"], cwd=elsewhere).splitlines()
    assert menu.split() == ["new", "continue", "load", "replay", "help", "quit"]
    installed = (venv / "lib").resolve()
    assert Path(code).is_relative_to(installed), code  # the wheel's code, not the checkout's
    assert Path(data).is_relative_to(installed), data
