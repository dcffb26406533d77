"""Pairing and forgetting BLE readers: `companion readers pair` and `forget`.

- `pair_reader` tries each unknown reader in reach until one accepts (the one whose
  window is open: OK held 3 s), reads its id from `info`, and adds it to the
  allowlist.
- `forget_reader` takes a reader off the allowlist and deletes the host's keys for
  it, so it is refused until paired again.

What a hub then does with the allowlist is `trust.TrustPolicy`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from pathlib import Path

from bleak.backends.device import BLEDevice
from bleak.backends.scanner import AdvertisementData
from bleak.exc import BleakError

from companion.logging_setup import reason
from companion.readers import bluez
from companion.readers.allowlist import Allowlist, KnownReader, now_stamp
from companion.readers.ble import BleStack
from firmware_protocol import FrameError, profile

__all__ = ["PairingFailed", "forget_reader", "pair_reader"]

_RETRY_S = 1.0  # how soon a reader that refused to pair is asked again


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
        await stack.pair(client)  # macOS pairs by itself on the first protected access below
        raw = await client.read_gatt_char(profile.INFO_UUID)
        info = profile.Info.from_bytes(bytes(raw))
        # A protected read: it succeeds only over the bond just made.
        await client.read_gatt_char(profile.EVENT_UUID)
        return KnownReader(info.reader_id, device.address, name, now_stamp())
    except (BleakError, TimeoutError, OSError) as exc:
        return bluez.explain(exc) or reason(exc)
    except bluez.AgentError as exc:
        return str(exc)
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
    try:
        await scanner.start()
    except (BleakError, OSError) as exc:
        raise PairingFailed(bluez.explain(exc) or f"cannot scan: {exc}") from exc
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
