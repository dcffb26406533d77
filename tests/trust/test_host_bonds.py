"""The host side of a bond on our bumble backend: encrypting with it, losing it on either
side, and the reader source `companion play` opens with its trust policy."""

from __future__ import annotations

from pathlib import Path

import pytest
from bleak.exc import BleakError, BleakGATTProtocolError

from companion.readers import AllowlistError, KnownReader, ReaderUnavailable, open_reader
from companion.readers.allowlist import Allowlist
from companion.readers.sim import HciSource, SimSource
from companion.readers.spec import open_trusted
from companion.readers.trust import TrustPolicy
from firmware_protocol import profile
from hardware.sim.table import HOST_ADDRESS, SimulatedTable
from tests.trust.helpers import INSUFFICIENT_ENCRYPTION, connected


async def test_a_host_that_lost_its_keys_pairs_again_only_through_the_window() -> None:
    """After `unpair()` the host has no key: the reader, which still has its bond, asks
    for encryption (0x0F) and refuses a new pairing until OK is held again."""
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        async with connected(table, reader) as client:
            await client.unpair()
            assert not client.is_connected
        assert await table.host_device.keystore.get(reader.address) is None  # type: ignore[union-attr]
        async with connected(table, reader) as client:
            with pytest.raises(BleakGATTProtocolError) as caught:
                await client.start_notify(profile.EVENT_UUID, lambda _c, _d: None)
            assert caught.value.code == INSUFFICIENT_ENCRYPTION
            with pytest.raises(BleakError, match="PAIRING_NOT_SUPPORTED"):
                await client.pair()
        reader.hold_ok()
        async with connected(table, reader) as client:
            await client.pair()
            await client.start_notify(profile.EVENT_UUID, lambda _c, _d: None)
        assert reader.security.bonds == [HOST_ADDRESS]


async def test_a_reader_that_forgot_the_host_is_not_used_unencrypted() -> None:
    """When the reader no longer has the bond the host holds, encryption fails and
    the connection is dropped: a bonded host never talks to that address in clear."""
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        assert await reader.security.forget(HOST_ADDRESS)
        with pytest.raises(BleakError, match="encryption with the bond failed"):
            async with connected(table, reader):
                pass
        assert not reader.is_connected


async def test_play_opens_the_allowlist_beside_its_keys(tmp_path: Path) -> None:
    """For a radio reader `open_trusted` applies the allowlist file (new readers only
    if asked) and keeps the host radio's keys beside it; in-process simulated readers
    bring the policy of their own table."""
    path = tmp_path / "readers.json"
    Allowlist(path, [KnownReader(0x7C0A0001, "F1:00:7C:0A:00:01", "TCR-0001")]).save()
    source, policy = open_trusted("hci:tcp-client:127.0.0.1:9", allowlist=path, allow_new=True)
    assert isinstance(source, HciSource) and source.keys == tmp_path / "readers.keys.json"
    assert policy.allow_new and policy.allowlist.by_id(0x7C0A0001) is not None
    source, policy = open_trusted("sim", allowlist=path)
    assert isinstance(source, SimSource) and policy is source.trust
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(AllowlistError, match="version"):
        open_trusted("ble", allowlist=path)


def test_the_platform_ble_source_uses_the_allowlist_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`open_reader("ble")` trusts the readers of the allowlist at its default place
    (read when first needed); a broken file makes the readers unavailable, saying why."""
    path = tmp_path / "readers.json"
    monkeypatch.setenv("COMPANION_READERS", str(path))
    entry = KnownReader(0x7C0A0001, "F1:00:7C:0A:00:01", "TCR-0001")
    Allowlist(path, [entry]).save()
    policy = open_reader("ble").trust
    assert isinstance(policy, TrustPolicy)
    assert policy.allowlist.readers == [entry] and not policy.allow_new
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(ReaderUnavailable, match="cannot use the allowlist"):
        _ = open_reader("ble:F1:00:7C:0A:00:01").trust
