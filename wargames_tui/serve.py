"""`wargames serve`: the client in a browser, through textual-serve: one app process per tab."""

from __future__ import annotations

import asyncio
import shlex
import sys

from aiohttp import web
from textual_serve.server import Server


class BrowserServer(Server):
    """textual-serve's server, except that Ctrl+C also closes the open tabs at once, and so ends
    their apps (textual-serve 1.1.3 leaves their websockets open until its heartbeat gives up,
    about 22 s later)."""

    def __init__(self, command: str, host: str, port: int) -> None:
        super().__init__(command, host=host, port=port, title="wargames-tui")
        self.tabs: set[asyncio.Task] = set()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        task = asyncio.current_task()
        assert task is not None
        self.tabs.add(task)
        try:
            return await super().handle_websocket(request)
        finally:
            self.tabs.discard(task)

    async def on_shutdown(self, app: web.Application) -> None:
        for task in self.tabs:
            task.cancel()  # textual-serve closes the websocket and tells the app to quit
        await asyncio.gather(*self.tabs, return_exceptions=True)


def app_command(save_dir: str | None) -> str:
    """The shell command textual-serve runs for each tab: this Python, so this install."""
    command = f"{shlex.quote(sys.executable)} -m wargames_tui"
    return f"{command} --save-dir {shlex.quote(save_dir)}" if save_dir else command


def serve(host: str, port: int, save_dir: str | None) -> None:
    """Serve until Ctrl+C (or SIGTERM)."""
    BrowserServer(app_command(save_dir), host, port).serve()
