"""From a reader spec (``--reader SPEC``) to a reader source and the policy to run it.

The top of `companion/readers/`: the one module that knows every transport. Each
is imported only when its spec is asked for, so a transport's library (bleak,
bumble, pyserial...) is needed only by those who use it.
"""

from __future__ import annotations

from pathlib import Path

from companion.readers.allowlist import (
    Allowlist,
    AllowlistError,
    default_allowlist_path,
    host_keys_path,
)
from companion.readers.base import ReaderSource, ReaderUnavailable
from companion.readers.trust import TrustPolicy

__all__ = ["DUPLICATE_WINDOW_S", "SPEC_FORMS", "open_reader", "open_trusted"]

#: The forms `open_reader` takes, for messages.
SPEC_FORMS = (
    "sim, sim:N, ble, ble:ADDRESS, hci:TRANSPORT, serial:PORT, scanner:PORT[@SEAT], "
    "pcsc[:NAME][@SEAT], hid[:DEVICE][@SEAT] or phone"
)
#: How long the same code from one scanner counts once (a scanner's own repeat).
DUPLICATE_WINDOW_S = 0.5


def _seat_suffix(rest: str) -> tuple[str, int]:
    """``PORT@3`` -> ("PORT", 3); no suffix -> (rest, 0), a shared reader.

    >>> _seat_suffix("/dev/ttyACM0@3"), _seat_suffix("/dev/ttyACM0")
    (('/dev/ttyACM0', 3), ('/dev/ttyACM0', 0))

    Raises:
        ValueError: a suffix that is not a seat 1..10.
    """
    where, at, seat = rest.rpartition("@")
    if not at:
        return rest, 0
    if not seat.isdigit() or not 1 <= int(seat) <= 10:
        raise ValueError(f"a seat after @ is 1 to 10, got {rest!r}")
    return where, int(seat)


def _allowlist_file_policy(path: Path) -> TrustPolicy:
    """The policy of the allowlist file at `path`, for a source that reads it lazily.

    Raises:
        ReaderUnavailable: the file cannot be read or is not an allowlist.
    """
    try:
        return TrustPolicy(Allowlist.load(path))
    except (AllowlistError, OSError) as exc:
        raise ReaderUnavailable("BLE", f"cannot use the allowlist: {exc}") from exc


def open_reader(spec: str, *, keys: Path | None = None) -> ReaderSource:
    """The reader source a spec names (see `companion.readers`); nothing is opened
    until the source (or a hub over it) is started. `keys` is the keystore file where
    a bumble host radio (``hci:``) keeps its bonds (None: in memory).

    >>> type(open_reader("serial:/dev/ttyACM0")).__name__
    'SerialSource'

    Raises:
        ValueError: not a reader spec; the message lists the forms.
    """
    if "," in spec:
        from companion.readers.mixed import MixedSource

        parts = [part for part in spec.split(",") if part.strip()]
        if any(part.strip().lower().partition(":")[0] == "sim" for part in parts):
            raise ValueError(f"sim readers do not mix with others: {spec!r}")
        return MixedSource([(open_reader(part, keys=keys), None) for part in parts])
    kind, _, rest = spec.strip().partition(":")
    kind = kind.lower()
    if kind == "sim":
        from companion.readers.sim import SimSource
        from hardware.sim.table import SimulatedTable

        if not rest:
            return SimSource(SimulatedTable(1))
        if rest.isdigit() and 1 <= int(rest) <= 10:
            return SimSource(SimulatedTable(int(rest), shared=False))
        raise ValueError(f"sim:N takes 1 to 10 readers, got {rest!r}")
    if kind == "ble":
        from companion.readers.ble import BleSource

        path = default_allowlist_path()
        return BleSource(address=rest or None, trust=lambda: _allowlist_file_policy(path))
    if kind == "hci" and rest:
        from companion.readers.sim import HciSource

        return HciSource(rest, keys)
    if kind == "serial" and rest:
        from companion.readers.serial import SerialSource

        return SerialSource(rest)
    if kind == "scanner" and rest:
        from companion.readers.scanner import ScannerSource

        port, seat = _seat_suffix(rest)
        return ScannerSource(port, seat=seat, duplicate_window=DUPLICATE_WINDOW_S)
    if kind == "pcsc":
        from companion.readers.pcsc import PcscSource

        name, seat = _seat_suffix(rest) if rest else ("", 0)
        return PcscSource(name or None, seat=seat, duplicate_window=DUPLICATE_WINDOW_S)
    if kind == "phone" and not rest:
        from companion.readers.phone import PhoneSource

        return PhoneSource(range(1, 11))
    if kind == "hid":
        from companion.readers.hid import HidSource

        device, seat = _seat_suffix(rest) if rest else ("", 0)
        return HidSource(device or None, seat=seat, duplicate_window=DUPLICATE_WINDOW_S)
    raise ValueError(f"not a reader spec: {spec!r} (use {SPEC_FORMS}; several, joined by commas)")


def open_trusted(
    spec: str, *, allowlist: Path | None = None, allow_new: bool = False
) -> tuple[ReaderSource, TrustPolicy]:
    """The reader source a spec names and the trust policy to run it with, as
    `companion play` does: in-process simulated readers bring their own (the readers
    their table bonded); anything else gets the allowlist file (`allowlist`, else the
    default place), and a bumble host radio keeps its bond keys beside it.

    Raises:
        ValueError: not a reader spec.
        AllowlistError: the allowlist file is not one.
        OSError: it cannot be read.
    """
    from companion.readers.sim import SimSource

    path = allowlist if allowlist is not None else default_allowlist_path()
    source = open_reader(spec, keys=host_keys_path(path))
    if isinstance(source, SimSource) and source.trust is not None:
        return source, source.trust
    return source, TrustPolicy(Allowlist.load(path), allow_new=allow_new)
