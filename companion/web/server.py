"""The table view server: uvicorn in the game's own event loop, as an async context.

`serve_table(session, host, port, lan=...)` subscribes a `TableFeed` to the session
and returns a `TableServer`; `async with` starts uvicorn as a task of the running
loop (no thread: the session's observers run in that loop, so an update reaches the
clients' queues without crossing threads) and stops it on exit, ending every open
stream first so shutdown never waits for a browser.

uvicorn's own signal handling is switched off: Ctrl-C belongs to the play command.

With phones as seat readers (`phones=PhoneRoom`, `tls=TableCertificates`) the same
application is served twice: over plain HTTP on `port` (the seat QR codes, the
certificate guide, the photo fallback) and over HTTPS on `secure_port` (the live
camera needs a secure context).
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
from companion.web.app import CommandHandler, ReadersList, build_app
from companion.web.feed import TableFeed
from companion.web.limits import TableProtocol
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
        readers: ReadersList | None = None,
        access: Access | None = None,
        phones: Any = None,
        tls: Any = None,
        secure_port: int | None = None,
    ) -> None:
        self.asked_host = host  # what `--web` asked for, before phones widen it
        if lan and is_loopback(host):
            host = "0.0.0.0"
        self.feed = feed
        self.host = host
        self.port = port
        self.access = access if access is not None else Access.for_host(host)
        self.on_command = on_command
        self.readers = readers
        self._public_host = host
        self._server: _Server | None = None
        self._task: asyncio.Task[None] | None = None
        self.phones = phones  # a `phone.PhoneRoom`, or None
        self.tls = tls  # a `tls.TableCertificates` (HTTPS on `secure_port`), or None
        self.secure_port = secure_port if secure_port is not None else (port + 1 if port else 0)
        self._secure: _Server | None = None
        self._secure_task: asyncio.Task[None] | None = None
        if phones is not None:
            phones.plain_base = lambda: self.base_url
            phones.secure_base = lambda: self.secure_base_url

    # --- addresses ---

    @property
    def base_url(self) -> str:
        host = self._public_host
        return f"http://[{host}]:{self.port}" if ":" in host else f"http://{host}:{self.port}"

    @property
    def secure_base_url(self) -> str | None:
        """The HTTPS address (None without `tls`)."""
        if self.tls is None:
            return None
        host = self._public_host
        host = f"[{host}]" if ":" in host else host
        return f"https://{host}:{self.secure_port}"

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
        lines.append(self.listening())
        if not self.access.view_required:
            lines.append("(this computer only; add --lan to let phones join)")
        if self.host_url is not None:
            lines.append(f"Host controls (keep private): {self.host_url}")
        if self.phones is not None:
            lines.append(self.seat_banner())
        return "\n".join(lines)

    def listening(self) -> str:
        """Which addresses the server listens on, and why when it is not what was asked
        (phones need the network: a loopback `--web` address is widened)."""
        ports = f"port {self.port}" + (
            f" (HTTPS {self.secure_port})" if self.tls is not None and self._secure else ""
        )
        if self.host in ("0.0.0.0", "::", ""):
            where = f"every address of this computer ({self.host or '0.0.0.0'}), {ports}"
        else:
            where = f"{self.host} only, {ports}"
        line = f"Listening on {where}"
        if is_loopback(self.asked_host) and not is_loopback(self.host):
            line += f": phones need the network, so not on {self.asked_host} alone as asked"
        return line

    def seat_banner(self) -> str:
        """One QR code per seat without a phone, side by side, and the seat addresses."""
        room = self.phones
        seats = room.desk.free_seats()
        out = ["Phones: each player scans their seat's code with the phone's camera app."]
        for start in range(0, len(seats), 3):
            row = seats[start : start + 3]
            codes = [qr_text(room.seat_url(s)).split("\n") for s in row]
            width = max(len(line) for code in codes for line in code)
            out.append("".join(f"Seat {s}".ljust(width + 2) for s in row))
            for i in range(max(len(c) for c in codes)):
                out.append("".join((c[i] if i < len(c) else "").ljust(width + 2) for c in codes))
        for s in seats:
            out.append(f"Seat {s}: {room.seat_url(s)}")
        tv = f"{self.base_url}/join" + (
            f"?t={self.access.view_token}" if self.access.view_required else ""
        )
        out.append(f"All seat codes on the TV: {tv}")
        if self.tls is not None:
            out.append(f"Camera on the phones: once per phone, install {self.base_url}/ca")
        return "\n".join(out)

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
            self.feed,
            self.access,
            join_url=lambda: self.url,
            on_command=self.on_command,
            phones=self.phones,
            readers=self.readers,
        )
        config = uvicorn.Config(
            app,
            host=self.host,
            port=self.port,
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=2,
            http=TableProtocol,  # the header timeout and the connection cap (`limits.py`)
            ws_max_size=4096,  # a phone's frames are 20 bytes (`phone.MAX_MESSAGE`)
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
        if self.tls is not None:
            await self._start_secure(app, family)

    async def _start_secure(self, app: Any, family: socket.AddressFamily) -> None:
        config = uvicorn.Config(
            app,
            host=self.host,
            port=self.secure_port,
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=2,
            http=TableProtocol,  # the header timeout and the connection cap (`limits.py`)
            ws_max_size=4096,
            ssl_certfile=str(self.tls.server_cert),
            ssl_keyfile=str(self.tls.server_key),
        )
        config.load()  # the SSL context, before serve() is given our own socket
        listener = socket.create_server((self.host, self.secure_port), family=family)
        self.secure_port = int(listener.getsockname()[1])
        self._secure = _Server(config)
        self._secure_task = asyncio.create_task(
            self._secure.serve([listener]), name="table-view-https"
        )
        async with asyncio.timeout(START_TIMEOUT_S):
            while not self._secure.started:
                if self._secure_task.done():
                    await self.stop()
                    raise OSError(f"HTTPS did not start on {self.host}:{self.secure_port}")
                await asyncio.sleep(0.01)

    async def stop(self) -> None:
        """End every stream, then stop uvicorn."""
        secure, task = self._secure, self._secure_task
        self._secure = self._secure_task = None
        if secure is not None and task is not None:
            secure.should_exit = True
            try:
                async with asyncio.timeout(STOP_TIMEOUT_S):
                    await task
            except TimeoutError:
                task.cancel()
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
    phones: Any = None,
    tls: Any = None,
    secure_port: int | None = None,
    readers: ReadersList | None = None,
) -> TableServer:
    """A table view of `session` (a `companion.game.Session`), to use with `async with`.

    The feed subscribes to the session now, starting from its current state; pass
    `on_command=commit_to_session(session, clock.now)` to turn on the host controls.
    `phones` (a `companion.readers.phone.PhoneSource`) lets phones join its seats as
    readers; `tls` (a `tls.TableCertificates`, made) adds the HTTPS side; `readers()`
    lists the game's readers for the host page's bind controls.
    """
    feed = TableFeed(session.state(), lang=session.narrator.lang)
    session.subscribe(feed.observe)
    room = None
    if phones is not None:
        from companion.web.phone import room_for

        room = room_for(session, phones, certificates=tls)
        if not lan and is_loopback(host):
            lan = True  # phones are on the network
    return TableServer(
        feed, host=host, port=port, lan=lan, on_command=on_command, phones=room, tls=tls,
        secure_port=secure_port, readers=readers,
    )  # fmt: skip
