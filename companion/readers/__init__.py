"""Card readers: transports (BLE through bleak, serial through pyserial) and the hub.

The interface other parts of the companion build on:

`open_reader(spec) -> ReaderSource`
    Parses a reader spec and imports only that transport:

    ``sim``             one simulated shared reader in this process (real BLE stack in
                        software; ``source.table`` is the `SimulatedTable` to script)
    ``sim:N``           N simulated readers, seats 1..N
    ``ble``             every paired reader in range (the allowlist file at its
                        default place), through bleak's platform backend
    ``ble:ADDRESS``     only the reader at ADDRESS, if paired
    ``hci:TRANSPORT``   BLE through a bumble HCI transport: ``hci:tcp-client:127.0.0.1:9101``
                        reaches a ``companion sim`` process, ``hci:usb:0`` a controller dongle
    ``serial:PORT``     a USB/UART reader (``serial:/dev/ttyACM0``)

`ReaderHub(source, HubOptions(...))`, an async context manager
    Finds readers (up to 10), connects them one at a time with backoff, subscribes,
    says HELLO and RESUMEs, reconnects after link loss and replays what was not
    acknowledged. Iterate it (or ``await hub.next_event(timeout)``) for `HubEvent`s:

    - `ReaderInput(reader_id, seat, event, epoch, seq)`: exactly once, in order per
      reader. Store it, then ``await hub.ack(reader_id, seq, epoch=epoch)``; with
      ``HubOptions(auto_ack=True)`` the hub acknowledges as you take it.
    - notices: `ReaderConnected`, `ReaderDisconnected`, `ReaderRestarted`,
      `EventsLost(count)`, `ReaderIgnored(reason)`; each has ``describe()``.

    ``await hub.feedback(reader_id, Feedback(...))`` drives the LED and buzzer,
    ``hub.bind_seat(reader_id, seat)`` binds a seat, ``hub.status()`` lists readers
    (connected, battery, RSSI, last event). After a crash, give the new hub
    ``HubOptions(resume={reader_id: ResumePoint(epoch, next_seq)})`` from the log so
    that nothing is skipped or doubled.

`open_trusted(spec, allowlist=..., allow_new=...)` gives the source and the trust
policy to run it with, as `companion play` does (`spec.py`).

`Reader` and `ReaderSource` (`base.py`) are the seam for new transports; its
docstring lists the package's layers and how to add one. A device that does not
speak our protocol (a scanner, a PC/SC reader) implements `adapter.CodeDevice`.

Trust (SPEC.md "Security"): `Allowlist` (`allowlist.py`) is the file of paired readers;
``HubOptions(trust=TrustPolicy(allowlist, allow_new=False))`` makes a hub use only
those, show the others (`ReaderIgnored`, `IgnoreReason.NOT_PAIRED`) and drop a link
whose HELLO announces an id its bond does not belong to. `pair_reader` and
`forget_reader` (`pairing.py`) are `companion readers pair` and `forget`.
"""

from __future__ import annotations

from companion.readers.allowlist import (
    Allowlist,
    AllowlistError,
    KnownReader,
    default_allowlist_path,
    host_keys_path,
)
from companion.readers.base import Reader, ReaderPolicy, ReaderSource, ReaderUnavailable
from companion.readers.events import (
    EventsLost,
    HubEvent,
    HubOptions,
    IgnoreReason,
    ReaderConnected,
    ReaderDisconnected,
    ReaderIgnored,
    ReaderInput,
    ReaderRestarted,
    ReaderStatus,
    ResumePoint,
)
from companion.readers.hub import ReaderHub
from companion.readers.spec import open_reader, open_trusted

__all__ = [
    "Allowlist",
    "AllowlistError",
    "EventsLost",
    "HubEvent",
    "HubOptions",
    "IgnoreReason",
    "KnownReader",
    "Reader",
    "ReaderConnected",
    "ReaderDisconnected",
    "ReaderHub",
    "ReaderIgnored",
    "ReaderInput",
    "ReaderPolicy",
    "ReaderRestarted",
    "ReaderSource",
    "ReaderStatus",
    "ReaderUnavailable",
    "ResumePoint",
    "default_allowlist_path",
    "host_keys_path",
    "open_reader",
    "open_trusted",
]
