"""Exports the simulated radio to a host in another process: HCI (H4) over TCP.

A host process reaches the simulator with bumble's `tcp-client:HOST:PORT` transport
and gets a controller of its own on the simulator's `RadioLink`
(docs/ble.md §1.3). Two guards stand in for what the simulated link
lacks (§1.3, "Pitfalls"):

- **One host at a time.** bumble's `tcp-server` silently hands the HCI stream to a
  second client; here a second connection is refused (closed at once) while a host
  is attached, and the first host keeps its radio.
- **Watchdog for the supervision timeout.** The simulated link never times out, so
  a host killed with `kill -9` would leave the readers "connected" forever. When the
  host's TCP connection closes, `on_host_gone` runs (the readers drop their links and
  advertise again) and the host's controller leaves the link; the next host gets a
  fresh one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bumble.transport.common import StreamPacketSource

from hardware.sim.radio import RadioController, RadioLink

__all__ = ["HOST_CONTROLLER_ADDRESS", "HostPort"]

_log = logging.getLogger(__name__)

#: The public address of the controller a host process gets.
HOST_CONTROLLER_ADDRESS = "F0:F0:F0:F0:F0:F2"


class _Sink:
    def __init__(self, transport: asyncio.Transport) -> None:
        self._transport = transport

    def on_packet(self, packet: bytes) -> None:
        if not self._transport.is_closing():
            self._transport.write(packet)


class _HostConnection(asyncio.Protocol):
    def __init__(self, port: HostPort) -> None:
        self._port = port
        self._source: StreamPacketSource | None = None
        self.controller: RadioController | None = None
        self.transport: asyncio.Transport | None = None
        self.peer = "?"
        self.gone = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.peer = str(transport.get_extra_info("peername"))
        if self._port.host is not None:
            _log.warning("refused a second host from %s: the radio is taken", self.peer)
            self._port.refused += 1
            self._port.notify(f"refused a second host from {self.peer}: the radio is taken")
            transport.close()
            return
        self.transport = transport
        self._source = StreamPacketSource()
        self.controller = RadioController(
            "host",
            host_source=self._source,
            host_sink=_Sink(transport),
            link=self._port.link,
            public_address=HOST_CONTROLLER_ADDRESS,
        )
        self._port.attach(self)

    def data_received(self, data: bytes) -> None:
        if self._source is not None:
            self._source.data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._source is not None:
            self._source = None
            self._port.detach(self)


class HostPort:
    """A TCP port where one host at a time gets a controller on `link`."""

    def __init__(
        self,
        link: RadioLink,
        on_host_gone: Callable[[], Awaitable[None]],
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        on_event: Callable[[str], None] | None = None,
        on_host: Callable[[], None] | None = None,
    ) -> None:
        self.link = link
        self._on_host_gone = on_host_gone
        self._on_host = on_host
        self._address = (host, port)
        self._on_event = on_event or (lambda text: None)
        self._server: asyncio.Server | None = None
        self.host: _HostConnection | None = None
        self.refused = 0
        self._cleanup: asyncio.Task[None] | None = None

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the host port is not open")
        return int(self._server.sockets[0].getsockname()[1])

    @property
    def transport_spec(self) -> str:
        """What a host passes to bumble's `open_transport`."""
        return f"tcp-client:{self._address[0]}:{self.port}"

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: _HostConnection(self), self._address[0], self._address[1]
        )

    def notify(self, text: str) -> None:
        self._on_event(text)

    def attach(self, connection: _HostConnection) -> None:
        self.host = connection
        self._on_event(f"host attached from {connection.peer}")
        if self._on_host is not None:
            self._on_host()

    def detach(self, connection: _HostConnection) -> None:
        if self.host is not connection or connection.gone:
            return
        connection.gone = True
        self._on_event(f"host from {connection.peer} went away: dropping its links")
        self._cleanup = asyncio.get_running_loop().create_task(self._host_gone(connection))

    async def _host_gone(self, connection: _HostConnection) -> None:
        try:
            await self._on_host_gone()
        finally:
            if connection.controller is not None:
                with contextlib.suppress(KeyError):
                    self.link.remove_controller(connection.controller)
            if self.host is connection:
                self.host = None

    async def close(self) -> None:
        host = self.host
        if host is not None and host.transport is not None:
            host.transport.close()
            # Clean up now rather than when `connection_lost` comes round: the readers
            # must drop the host's links before anyone closes them.
            self.detach(host)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        if self._cleanup is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._cleanup
