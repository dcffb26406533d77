"""Which readers the companion trusts: the allowlist applied, pairing, forgetting.

A reader serves only hosts it is bonded with, and bonds only while its pairing window
is open (OK held 3 s). The host's half is here (SPEC.md "Security"):

- `TrustPolicy` is what a `ReaderHub` asks. Before connecting: a BLE reader whose
  identity is on the allowlist is used (encrypted with its bond, never paired anew);
  an unknown one is shown and never used, unless new readers are allowed, in which
  case it is paired (its window must be open). After HELLO: the announced reader id
  must be the one the allowlist binds to that identity, and a paired id must come
  from its own identity; otherwise the link is dropped with a warning. A wired
  (serial) reader has no bond: the cable is the trust.
- `pair_reader` is `companion readers pair`: it tries each unknown reader in reach
  until one accepts (the one whose window is open), reads its id from `info`, and
  adds it to the allowlist.
- `forget_reader` is `companion readers forget`: off the allowlist, and the host's
  keys for it deleted, so it is refused until paired again.
- `open_trusted` is what `companion play` (and `resume`) open: a reader source and
  the policy to give the hub (`HubOptions(trust=...)`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bleak.backends.device import BLEDevice
from bleak.backends.scanner import AdvertisementData
from bleak.exc import BleakError

from companion.readers.allowlist import (
    Allowlist,
    KnownReader,
    default_allowlist_path,
    host_keys_path,
    now_stamp,
)
from companion.readers.base import Reader, ReaderSource
from companion.readers.ble import BleStack
from companion.readers.events import IgnoreReason
from firmware_protocol import FrameError, profile

__all__ = [
    "Decision",
    "NOT_PAIRED",
    "PairingFailed",
    "TrustPolicy",
    "forget_reader",
    "open_trusted",
    "pair_reader",
]

_log = logging.getLogger(__name__)

NOT_PAIRED = "not paired with this computer (hold OK on it for 3 s, then `companion readers pair`)"
_RETRY_S = 1.0  # how soon a reader that refused to pair is asked again


@dataclass(frozen=True)
class Decision:
    """Whether the hub may connect a reader, and whether it may pair with it."""

    use: bool
    may_pair: bool = False
    because: IgnoreReason = IgnoreReason.OTHER
    reason: str = ""


class TrustPolicy:
    """The allowlist as a hub applies it (see the module docstring).

    Args:
        allowlist: the paired readers; a new reader allowed in is added and saved.
        allow_new: use (and pair) readers that are not on the allowlist.
    """

    def __init__(self, allowlist: Allowlist, *, allow_new: bool = False) -> None:
        self.allowlist = allowlist
        self.allow_new = allow_new

    def admit(self, reader: Reader) -> Decision:
        """Before connecting: may the hub use this reader?"""
        identity = reader.bond_identity
        if identity is None or self.allowlist.by_identity(identity) is not None:
            return Decision(True)
        if self.allow_new:
            return Decision(True, may_pair=True)
        return Decision(False, because=IgnoreReason.NOT_PAIRED, reason=NOT_PAIRED)

    def check_hello(self, reader: Reader, reader_id: int) -> Decision:
        """After HELLO: does the announced reader id belong to this link's bond?"""
        identity = reader.bond_identity
        if identity is None:
            return Decision(True)
        known = self.allowlist.by_identity(identity)
        if known is not None:
            if known.reader_id == reader_id:
                return Decision(True)
            return Decision(
                False,
                because=IgnoreReason.IDENTITY,
                reason=f"announced reader {reader_id:08X}, but the bond at {identity} is "
                f"reader {known.label}: dropped",
            )
        other = self.allowlist.by_id(reader_id)
        if other is not None:
            return Decision(
                False,
                because=IgnoreReason.IDENTITY,
                reason=f"announced reader {reader_id:08X}, which is paired at "
                f"{other.identity}, from {identity}: dropped",
            )
        if not self.allow_new:
            return Decision(False, because=IgnoreReason.NOT_PAIRED, reason=NOT_PAIRED)
        self.allowlist.add(KnownReader(reader_id, identity, reader.name, now_stamp()))
        self.allowlist.save()
        _log.info("paired new reader %08X (%s) at %s", reader_id, reader.name, identity)
        return Decision(True)


class PairingFailed(Exception):
    """`pair_reader` found no reader that would pair; `reason` says what was seen."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


async def _try_pair(
    stack: BleStack, device: BLEDevice, name: str, *, first: bool
) -> KnownReader | str:
    """Connect, pair, read `info`; the new entry, or why it did not work. On the first
    try, a bond this host still keeps with a reader that is not on the allowlist is
    dropped: it is stale (the reader was forgotten here), and it would stand in the
    way of the new one."""
    client = stack.client(device, lambda _client: None)
    if first:
        with contextlib.suppress(BleakError, NotImplementedError, OSError):
            await client.unpair()
    try:
        await client.connect()
        try:
            await client.pair()
        except NotImplementedError:
            pass  # macOS pairs by itself on the first protected access below
        raw = await client.read_gatt_char(profile.INFO_UUID)
        info = profile.Info.from_bytes(bytes(raw))
        # A protected read: it succeeds only over the bond just made.
        await client.read_gatt_char(profile.EVENT_UUID)
        return KnownReader(info.reader_id, device.address, name, now_stamp())
    except (BleakError, TimeoutError, OSError) as exc:
        return str(exc) or type(exc).__name__
    except FrameError as exc:
        return f"its info record is not readable: {exc}"
    finally:
        with contextlib.suppress(BleakError, TimeoutError, OSError):
            await client.disconnect()


async def pair_reader(
    stack: BleStack,
    allowlist: Allowlist,
    *,
    timeout: float = 60.0,
    on_progress: Callable[[str], None] | None = None,
) -> KnownReader:
    """Pair with the first unknown reader in reach that accepts (its window is open),
    add it to the allowlist and save it.

    Raises:
        PairingFailed: no reader accepted within `timeout` seconds.
        AllowlistError: the reader's id is paired at another identity already.
        OSError: the allowlist cannot be written.
    """
    say = on_progress or (lambda _text: None)
    seen: dict[str, tuple[BLEDevice, AdvertisementData]] = {}
    refused: dict[str, str] = {}

    def on_advertisement(device: BLEDevice, adv: AdvertisementData) -> None:
        if allowlist.by_identity(device.address) is None:
            seen[device.address] = (device, adv)

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    next_try: dict[str, float] = {}
    scanner = stack.scanner(on_advertisement)
    await scanner.start()
    try:
        while loop.time() < deadline:
            for address, (device, adv) in list(seen.items()):
                if next_try.get(address, 0.0) > loop.time():
                    continue
                name = adv.local_name or device.name or address
                result = await _try_pair(stack, device, name, first=address not in refused)
                if isinstance(result, KnownReader):
                    allowlist.add(result)
                    allowlist.save()
                    return result
                if refused.get(address) != result:
                    say(f"{name} ({address}) did not pair: {result}")
                refused[address] = result
                next_try[address] = loop.time() + _RETRY_S
            await asyncio.sleep(0.05)
    finally:
        with contextlib.suppress(BleakError, OSError):
            await scanner.stop()
    if not seen:
        raise PairingFailed(f"no unpaired reader in reach within {timeout:g} s")
    raise PairingFailed(
        f"no reader accepted within {timeout:g} s: hold OK on it for 3 s (its LED "
        "double-blinks white) and try again"
    )


async def forget_reader(allowlist: Allowlist, key: str, host_keys: Path | None) -> KnownReader:
    """Take a reader off the allowlist and delete this host's keys for it (the
    bumble host keystore `host_keys`, if there is one), so that it is refused until
    paired again. A bond the operating system keeps is its own to remove.

    Raises:
        KeyError: no single paired reader is named `key`.
        OSError: the files cannot be written.
    """
    known = allowlist.find(key)
    allowlist.remove(known)
    allowlist.save()
    if host_keys is not None and host_keys.exists():
        from bumble.keys import JsonKeyStore

        # One namespace per host radio address; the reader's keys may be in any.
        for namespace in json.loads(host_keys.read_text(encoding="utf-8")):
            store = JsonKeyStore(namespace=namespace, filename=str(host_keys))
            for name, _keys in await store.get_all():
                if name.upper() == known.identity:
                    await store.delete(name)
    return known


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
    from companion.readers import open_reader
    from companion.readers.sim import SimSource

    path = allowlist if allowlist is not None else default_allowlist_path()
    source = open_reader(spec, keys=host_keys_path(path))
    if isinstance(source, SimSource) and source.trust is not None:
        return source, source.trust
    return source, TrustPolicy(Allowlist.load(path), allow_new=allow_new)
