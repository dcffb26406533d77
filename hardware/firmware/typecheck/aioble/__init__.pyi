# Type stub for the part of micropython-lib's aioble (peripheral + server) that the
# device glue uses; aioble ships no stubs. Written from aioble's README and its public
# signatures (micropython-lib, micropython/bluetooth/aioble), for type-checking only.
from typing import Any

import bluetooth

class DeviceConnection:
    mtu: int | None
    # Set by aioble.security on _IRQ_ENCRYPTION_UPDATE.
    encrypted: bool
    authenticated: bool
    bonded: bool
    key_size: int
    def is_connected(self) -> bool: ...
    async def disconnected(
        self, timeout_ms: int | None = None, disconnect: bool = False
    ) -> None: ...
    async def disconnect(self, timeout_ms: int = 2000) -> None: ...
    async def exchange_mtu(self, mtu: int | None = None, timeout_ms: int = 1000) -> int: ...

class Service:
    uuid: bluetooth.UUID
    def __init__(self, uuid: bluetooth.UUID) -> None: ...

class Characteristic:
    # gatts_register_services flags; may be extended before register_services.
    flags: int
    def __init__(
        self,
        service: Service,
        uuid: bluetooth.UUID,
        read: bool = False,
        write: bool = False,
        write_no_response: bool = False,
        notify: bool = False,
        indicate: bool = False,
        initial: bytes | None = None,
        capture: bool = False,
    ) -> None: ...
    def read(self) -> bytes: ...
    def write(self, data: bytes, send_update: bool = False) -> None: ...
    def notify(self, connection: DeviceConnection, data: bytes | None = None) -> None: ...
    # The writing DeviceConnection; (DeviceConnection, bytes) when capture=True.
    async def written(self, timeout_ms: int | None = None) -> Any: ...

def config(*args: Any, **kwargs: Any) -> Any: ...
def register_services(*services: Service) -> None: ...
async def advertise(
    interval_us: int,
    adv_data: bytes | None = None,
    resp_data: bytes | None = None,
    connectable: bool = True,
    limited_disc: bool = False,
    br_edr: bool = False,
    name: str | None = None,
    services: list[bluetooth.UUID] | None = None,
    appearance: int = 0,
    manufacturer: tuple[int, bytes] | None = None,
    timeout_ms: int | None = None,
) -> DeviceConnection: ...
