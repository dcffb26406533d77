"""The table view server: uvicorn in the game's own event loop, as an async context.

`serve_table(session, host, port, lan=...)` subscribes a `TableFeed` to the session
and returns a `TableServer`; `async with` starts uvicorn as a task of the running
loop (no thread: the session's observers run in that loop, so an update reaches the
clients' queues without crossing threads) and stops it on exit, ending every open
stream first so shutdown never waits for a browser.

uvicorn's own signal handling is switched off: Ctrl-C belongs to the play command.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Generator
from types import TracebackType
from typing import Any

import uvicorn

from companion.web.access import DEFAULT_PORT, Access, is_loopback, lan_address
from companion.web.app import CommandHandler, build_app
from companion.web.feed import TableFeed
from companion.web.qr import qr_text

__all__ = ["TableServer", "serve_table"]

START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 5.0


class _Server(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        yield  # leave SIGINT/SIGTERM to the program that runs the game


class TableServer:
    """A running (inside `async with`) table view for one feed."""

    def __init__(
        self,
        feed: TableFeed,
        *,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        lan: bool = False,
        on_command: CommandHandler | None = None,
        access: Access | None = None,
    ) -> None:
        if lan and is_loopback(host):
            host = "0.0.0.0"
        self.feed = feed
        self.host = host
        self.port = port
        self.access = access if access is not None else Access.for_host(host)
        self.on_command = on_command
        self._public_host = host
        self._server: _Server | None = None
        self._task: asyncio.Task[None] | None = None

    # --- addresses ---

    @property
    def base_url(self) -> str:
        host = self._public_host
        return f"http://[{host}]:{self.port}" if ":" in host else f"http://{host}:{self.port}"

    @property
    def url(self) -> str:
        """The address to open (and in the QR code): with the view token off loopback."""
        if self.access.view_required:
            return f"{self.base_url}/?t={self.access.view_token}"
        return f"{self.base_url}/"

    @property
    def host_url(self) -> str | None:
        """The address that also shows the host controls (None when they are off)."""
        if self.on_command is None:
            return None
        sep = "&" if "?" in self.url else "?"
        return f"{self.url}{sep}host={self.access.host_token}"

    @property
    def bound(self) -> list[tuple[str, int]]:
        """The (address, port) of every listening socket (empty when not running)."""
        if self._server is None:
            return []
        return [s.getsockname()[:2] for srv in self._server.servers for s in srv.sockets]

    def banner(self) -> str:
        """What the terminal shows: the QR code (only for an address a phone can open:
        not this computer's own loopback), the address, the host address."""
        lines = [] if is_loopback(self._public_host) else [qr_text(self.url)]
        lines.append(f"Table view: {self.url}")
        if not self.access.view_required:
            lines.append("(this computer only; add --lan to let phones join)")
        if self.host_url is not None:
            lines.append(f"Host controls (keep private): {self.host_url}")
        return "\n".join(lines)

    # --- running ---

    async def __aenter__(self) -> TableServer:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    async def start(self) -> None:
        """Bind and serve.

        Raises:
            OSError: the address cannot be bound (in use, not this machine's).
        """
        loop = asyncio.get_running_loop()
        self.feed.bind(loop)
        app = build_app(
            self.feed, self.access, join_url=lambda: self.url, on_command=self.on_command
        )
        config = uvicorn.Config(
            app,
            host=self.host,
            port=self.port,
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=2,
        )
        # bound here, not by uvicorn, which would exit the process on a busy port
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        listener = socket.create_server((self.host, self.port), family=family)
        self.port = int(listener.getsockname()[1])
        self._server = _Server(config)
        self._task = asyncio.create_task(self._server.serve([listener]), name="table-view")
        try:
            async with asyncio.timeout(START_TIMEOUT_S):
                while not self._server.started:
                    if self._task.done():
                        raise OSError(f"the table view did not start on {self.host}:{self.port}")
                    await asyncio.sleep(0.01)
        except BaseException:
            await self.stop()
            listener.close()
            raise
        if not is_loopback(self.host) and self.host in ("0.0.0.0", "::", ""):
            self._public_host = lan_address()

    async def stop(self) -> None:
        """End every stream, then stop uvicorn."""
        if self._server is None or self._task is None:
            return
        self.feed.close()
        self._server.should_exit = True
        try:
            async with asyncio.timeout(STOP_TIMEOUT_S):
                await self._task
        except TimeoutError:
            self._task.cancel()
        finally:
            self._server = None
            self._task = None


def serve_table(
    session: Any,
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    *,
    lan: bool = False,
    on_command: CommandHandler | None = None,
) -> TableServer:
    """A table view of `session` (a `companion.game.Session`), to use with `async with`.

    The feed subscribes to the session now, starting from its current state; pass
    `on_command=commit_to_session(session, clock.now)` to turn on the host controls.
    """
    feed = TableFeed(session.state(), lang=session.narrator.lang)
    session.subscribe(feed.observe)
    return TableServer(feed, host=host, port=port, lan=lan, on_command=on_command)
