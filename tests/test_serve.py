"""`wargames serve`: the client in a browser, through textual-serve (docs/cli.md).

One server for the module, on a free port of 127.0.0.1: the page, its websocket (the app starts and
draws the main menu), the error for a port that is taken, a real headless Chromium when one is
installed (Debian's chromium, driven by playwright), and a clean stop on Ctrl+C (SIGINT) at the end.
A second server is stopped with a tab open: the tab closes and its app ends at once.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import aiohttp  # comes with textual-serve
import pytest

from wargames_tui.cli import main

STARTUP_SECONDS = 20  # bounded waits: the server listening, the app drawing its menu
CHROMIUM_FLAGS = [  # docs: headless Chromium as root on a machine with no network beyond loopback
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(proc: subprocess.Popen, port: int, log) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"wargames serve exited with {proc.returncode}:\n{log.read_text()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"wargames serve did not listen on port {port} within {STARTUP_SECONDS} s:\n{log.read_text()}")


class Served:
    """`wargames --save-dir DIR serve --port N` in a subprocess, listening."""

    def __init__(self, tmp) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.saves = tmp / "saves"
        self.log = tmp / "serve.log"
        command = [sys.executable, "-m", "wargames_tui", "--save-dir", str(self.saves), "serve", "--port", str(self.port)]
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        wait_listening(self.proc, self.port, self.log)

    def ctrl_c(self, within: float) -> int | None:
        """Its exit status after SIGINT, or None if it is still running `within` seconds later."""
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=within)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = Served(tmp_path_factory.mktemp("serve"))
    try:
        yield served
    finally:
        code = served.ctrl_c(within=10)
        served.stop()
    assert code == 0, served.log.read_text()


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.status == 200
        return response.read().decode()


def test_the_page_is_textual_serve_running_the_client(server):
    page = fetch(server.url)
    assert 'class="textual-terminal"' in page and "/static/js/textual.js" in page
    assert "<div>wargames-tui</div>" in page  # the title on the page's start card
    assert re.search(r'data-session-websocket-url="ws://127\.0\.0\.1:\d+/ws"', page)
    served = " ".join(server.log.read_text().split())  # rich may wrap the line
    assert f"-m wargames_tui --save-dir {server.saves}" in served  # --save-dir is passed through


async def read_until(ws: aiohttp.ClientWebSocketResponse, until: bytes) -> bytes:
    """What the app sends over the websocket until `until` appears (or it closes, or the time is up)."""
    received = b""
    deadline = time.monotonic() + STARTUP_SECONDS
    while until not in received and time.monotonic() < deadline:
        try:
            msg = await ws.receive(timeout=deadline - time.monotonic())
        except asyncio.TimeoutError:
            break
        if msg.type != aiohttp.WSMsgType.BINARY:
            break  # closed, or an error
        received += msg.data
    return received


def ws_url(server: Served) -> str:
    return re.search(r'data-session-websocket-url="([^"]+)"', fetch(server.url)).group(1)


async def first_screen(url: str) -> bytes:
    async with aiohttp.ClientSession() as http, http.ws_connect(f"{url}?width=100&height=30") as ws:
        return await read_until(ws, b"New game")


def test_the_websocket_runs_the_app_and_sends_its_terminal_output(server):
    output = asyncio.run(first_screen(ws_url(server)))
    assert output.startswith(b"\x1b["), output[:80]  # escape sequences for a terminal: xterm.js draws them
    assert b"wargames-tui" in output and b"New game" in output, output[-400:]


def app_processes(pid: int) -> list[int]:
    """The processes textual-serve started for the tabs, and theirs (Linux; none where /proc cannot say)."""
    try:
        children = [int(child) for child in open(f"/proc/{pid}/task/{pid}/children").read().split()]
    except OSError:
        return []
    return children + [grandchild for child in children for grandchild in app_processes(child)]


async def ctrl_c_with_a_tab_open(served: Served) -> tuple[list[int], float]:
    """The tab's app processes, and how long the tab stayed open after Ctrl+C."""
    async with aiohttp.ClientSession() as http, http.ws_connect(f"{ws_url(served)}?width=80&height=24") as ws:
        assert b"New game" in await read_until(ws, b"New game")
        apps = app_processes(served.proc.pid)
        served.proc.send_signal(signal.SIGINT)
        start = time.monotonic()
        await read_until(ws, b"\0never\0")  # until it closes, or the time is up
        return apps, time.monotonic() - start


def test_ctrl_c_closes_the_open_tabs_and_ends_their_apps_at_once(tmp_path):
    served = Served(tmp_path)
    try:
        apps, open_for = asyncio.run(ctrl_c_with_a_tab_open(served))
        assert open_for < 5, f"the tab stayed open {open_for:.1f} s after Ctrl+C"
        assert served.proc.wait(timeout=10) == 0, served.log.read_text()
    finally:
        served.stop()
    deadline = time.monotonic() + 5  # the app reads its quit message and exits
    while any(os.path.exists(f"/proc/{pid}") for pid in apps) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in apps if os.path.exists(f"/proc/{pid}")] == []


def test_a_port_that_is_taken_is_a_clear_error(server, capsys):
    assert main(["serve", "--port", str(server.port)]) == 1
    assert capsys.readouterr().err == (
        f"wargames: cannot serve on 127.0.0.1:{server.port}: "
        "the port is taken (another server? choose one with --port N)\n"
    )
    assert main(["serve", "--port", "70000"]) == 1
    assert capsys.readouterr().err == "wargames: --port 70000: expected a port number from 1 to 65535\n"


# --- a real browser -------------------------------------------------------------
# xterm.js draws the terminal on a canvas, so the page's DOM holds no text: the test reads the
# screen from xterm.js's own buffer. textual.js keeps its Terminal in `this.terminal`; a setter on
# Object.prototype, installed before the page's scripts run, notes it as window.__terminal.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && value.buffer.active && !window.__terminal) window.__terminal = value;
  },
});
"""
SCREEN_TEXT = """() => {
  const term = window.__terminal;
  if (!term) return "";
  const buffer = term.buffer.active, lines = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}"""


def chromium() -> str | None:
    found = os.environ.get("WARGAMES_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    return found if found and os.access(found, os.X_OK) else None


def screen_shows(page, *texts: str) -> str:
    """The terminal's text once it shows every one of `texts` (a frame may arrive in parts), or when
    the time is up."""
    deadline = time.monotonic() + STARTUP_SECONDS
    screen = page.evaluate(SCREEN_TEXT)
    while not all(text in screen for text in texts) and time.monotonic() < deadline:
        time.sleep(0.1)
        screen = page.evaluate(SCREEN_TEXT)
    return screen


def test_a_headless_browser_shows_the_main_menu_and_sends_keys(server):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed: pip install -e '.[test]'")
    browser_path = chromium()
    if browser_path is None:
        pytest.skip("no Chromium to drive: `apt-get install chromium` (Debian; .ci/run does it) or set WARGAMES_CHROMIUM")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            page.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())  # the web font
            page.add_init_script(CATCH_TERMINAL)
            page.goto(server.url)
            menu = screen_shows(page, "Main menu", "New game", "Load game")
            assert all(text in menu for text in ("Main menu", "New game", "Load game")), menu
            page.focus(".xterm-helper-textarea")  # where xterm.js takes the keyboard
            page.keyboard.press("l")  # the menu's key for Load game: the keypress goes back to the app
            load_game = screen_shows(page, "No saved games yet")  # the save folder given to serve is empty
            assert "No saved games yet" in load_game and "Main menu" not in load_game, load_game
        finally:
            browser.close()


def test_two_tabs_play_one_save_from_two_seats_through_a_handover(tmp_path):
    """Two pages of one server open one save, each for one side (Load game, o); the German plays
    in his tab until the Allied turn, which the other tab then shows, drawn for the Allied side."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed: pip install -e '.[test]'")
    browser_path = chromium()
    if browser_path is None:
        pytest.skip("no Chromium to drive: `apt-get install chromium` (Debian; .ci/run does it) or set WARGAMES_CHROMIUM")
    from wargames_tui.cli import new_session
    from wargames_tui.engine.saves import load, save

    (tmp_path / "saves").mkdir()
    path = tmp_path / "saves" / "two-screens.json"
    save(new_session("seeds-of-disaster/1934", {}, 5), path)
    served = Served(tmp_path)
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=browser_path, args=CHROMIUM_FLAGS)
            try:
                pages = {side: seated_tab(browser, served, side, down) for side, down in (("german", 0), ("allied", 1))}
                german, allied = pages["german"], pages["allied"]
                assert "German: Deal six Event cards" in screen_shows(german, "German: Deal six")
                assert "to play at the other seat" in screen_shows(allied, "to play at the other seat")
                german.keyboard.press("e")  # deal: the turn's cards are drawn, each side's own hand
                screen_shows(german, "German: Play or discard")
                for _ in range(3):  # ready (a first e may only say what is still to do)
                    german.keyboard.press("e")
                    if "Allied to play at the other seat" in screen_shows(german, "Allied to play at the other seat"):
                        break
                assert "Allied to play at the other seat" in screen_shows(german, "Allied to play at the other seat")
                turn = screen_shows(allied, "Allied: Play or discard")
                assert "Allied: Play or discard" in turn, turn
                game = load(path)
                secrets = [e.text[:24] for entry in game.log for e in entry.events if e.only == "german"]
                assert secrets and not [s for s in secrets if s in turn], turn  # the German's draw is not on the Allied screen
            finally:
                browser.close()
    finally:
        assert served.ctrl_c(within=10) == 0, served.log.read_text()
        served.stop()


def seated_tab(browser, served: Served, side: str, down: int):  # noqa: ANN001, ANN201 - playwright objects
    """A page of the server with the save open for one side: Load game, o, that side."""
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())
    page.add_init_script(CATCH_TERMINAL)
    page.goto(served.url)
    screen_shows(page, "Main menu", "Load game")
    page.focus(".xterm-helper-textarea")
    page.keyboard.press("l")
    assert "two-screens.json" in screen_shows(page, "two-screens.json")
    page.keyboard.press("o")
    assert "play which side" in screen_shows(page, "play which side")
    for _ in range(down):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    screen_shows(page, "Opening hands")
    return page
